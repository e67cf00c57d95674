//! urlkit-arrow: the bulk path of urlkit over Arrow string arrays (DESIGN §9), for the Python
//! package and any other door that receives Arrow data.
//!
//! Arrow arrays that arrive through the C data interface are hostile until checked: every
//! chunk passes [`check_chunk`] (offsets, views, UTF-8) before any of its rows is read as
//! text. Then one [`Operation`] runs over every row, each result written straight into one
//! values buffer, a large chunk cut into slices mapped on threads of their own
//! ([`map_chunks`]). A row that fails is a null in the output, and its reason is kept.
//!
//! ```
//! use std::sync::Arc;
//! use arrow_array::{ArrayRef, StringArray};
//! use urlkit::normalize::{Level, Options};
//! use urlkit_arrow::{map_chunks, Operation, Reasons};
//! let urls: ArrayRef = Arc::new(StringArray::from(vec!["https://example.com/%e9%81%8b/"]));
//! let (keys, _) = map_chunks(&[urls], &Operation::Key(Options::new(Level::Safe)), 1, Reasons::Drop).unwrap();
//! let keys = keys[0].as_any().downcast_ref::<StringArray>().unwrap();
//! assert_eq!(keys.value(0), "https://example.com/%E9%81%8B/");
//! ```

mod check;
mod map;
mod op;
mod values;

pub use check::{check_chunk, Malformed, Problem};
pub use map::{map_chunks, ChunkError, Mapped, Reasons};
pub use op::{Failure, Failures, Operation, Scratch};
