//! The operations of the bulk path: what is done to each row, and why a row failed.

use urlkit::codec::{decode_bytes_to_str, DecodeMode, Encoder};
use urlkit::flavor::{Flavor, Input, Params};
use urlkit::normalize::{Form, Keys, Options};

/// Why one row failed: the library's kind name, the byte offset in the row, the message.
///
/// ```
/// use urlkit::normalize::{Level, Options};
/// use urlkit_arrow::{Operation, Scratch};
/// let op = Operation::Key(Options::new(Level::Safe));
/// let f = op.apply("http://a/%zz", &mut Scratch::default()).unwrap_err();
/// assert_eq!((f.kind, f.offset), ("malformed-escape", 9));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The error kind's kebab-case name, as the library spells it.
    pub kind: &'static str,
    /// The byte offset in the row's text.
    pub offset: usize,
    /// The library's message.
    pub message: String,
}

/// The failed rows of one output: (row, failure), rows in ascending order.
pub type Failures = Vec<(usize, Failure)>;

/// What to do to each row.
///
/// ```
/// use urlkit::codec::DecodeMode;
/// use urlkit_arrow::{Operation, Scratch};
/// let mut scratch = Scratch::default();
/// Operation::Decode(DecodeMode::Strict).apply("%E9%81%8B", &mut scratch).unwrap();
/// assert_eq!(scratch.out(), "運");
/// ```
#[derive(Clone, Debug)]
pub enum Operation {
    /// The comparison key at a level ([`urlkit::normalize::key`]).
    Key(Options),
    /// The normalized URL in a form ([`urlkit::normalize::normalize`]).
    Normalize(Options, Form),
    /// Percent-encoding with an encoder of the library's named sets.
    Encode(Box<Encoder>),
    /// A foreign language's encoder, byte for byte ([`urlkit::flavor`]).
    EncodeAs(Flavor, Params),
    /// Percent-decoding to text.
    Decode(DecodeMode),
}

/// What one loop over many rows reuses from row to row: the keying object of the key
/// operation (made at the first row; its scratch space grows once per longest URL, not once
/// per row) and, for outputs that copy each row in (string views), the row's result.
#[derive(Default)]
pub struct Scratch {
    keys: Option<Keys>,
    out: String,
}

impl Scratch {
    /// The result of the last [`Operation::apply`].
    pub fn out(&self) -> &str {
        &self.out
    }
}

impl Operation {
    /// Appends the row's result to `out`, which is left as it was on a failure.
    pub(crate) fn append(
        &self,
        input: &str,
        keys: &mut Option<Keys>,
        out: &mut String,
    ) -> Result<(), Failure> {
        match self {
            Operation::Key(options) => {
                let keys = keys.get_or_insert_with(|| Keys::new(*options));
                keys.key_append(input, out).map_err(|e| Failure {
                    kind: e.kind().name(),
                    offset: e.offset(),
                    message: e.to_string(),
                })
            }
            Operation::Normalize(options, to) => {
                let s = urlkit::normalize::normalize(input, options, *to).map_err(|e| Failure {
                    kind: e.kind().name(),
                    offset: e.offset(),
                    message: e.to_string(),
                })?;
                out.push_str(&s);
                Ok(())
            }
            Operation::Encode(encoder) => {
                encoder.encode_bytes_into(input.as_bytes(), out);
                Ok(())
            }
            Operation::EncodeAs(flavor, params) => {
                let s = flavor
                    .encode_with(Input::Text(input), params)
                    .map_err(|e| Failure {
                        kind: e.kind().name(),
                        offset: e.offset(),
                        message: e.message().to_owned(),
                    })?;
                out.push_str(&s);
                Ok(())
            }
            Operation::Decode(mode) => {
                let s = decode_bytes_to_str(input.as_bytes(), *mode).map_err(|e| Failure {
                    kind: e.kind().name(),
                    offset: e.offset(),
                    message: e.to_string(),
                })?;
                out.push_str(&s);
                Ok(())
            }
        }
    }

    /// The row's result in `scratch` (see [`Scratch::out`]), or why it failed.
    pub fn apply(&self, input: &str, scratch: &mut Scratch) -> Result<(), Failure> {
        let Scratch { keys, out } = scratch;
        out.clear();
        self.append(input, keys, out)
    }
}
