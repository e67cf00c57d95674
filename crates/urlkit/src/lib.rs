//! urlkit: URL percent-encoding, normalization and comparison that is correct, explains
//! itself, and is fast.
//!
//! The library is pure: no I/O, no threads, no global state. Data flows one way: text ->
//! [`uri`] / [`whatwg`] components -> [`normalize`] -> key -> [`compare`]. The bulk join of
//! URL lists by key, which runs threads, is the `urlkit-reconcile` crate.
//!
//! ```
//! use urlkit::codec::{Encoder, sets};
//! assert_eq!(Encoder::new(sets::UNRESERVED).encode_str("運営者情報"), "%E9%81%8B%E5%96%B6%E8%80%85%E6%83%85%E5%A0%B1");
//! ```
#![warn(missing_docs)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]
// The vector kernels of the `simd` feature are the crate's only unsafe code.
#![cfg_attr(not(feature = "simd"), forbid(unsafe_code))]

pub mod base64;
pub mod build;
pub mod charset;
pub mod codec;
pub mod compare;
pub mod content_disposition;
pub mod convert;
pub mod flavor;
pub mod host;
pub mod lint;
pub mod normalize;
pub mod uri;
pub mod whatwg;
