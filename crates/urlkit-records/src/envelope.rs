//! The envelope every per-input record shares: `input`, `ok`, and either the command's answer
//! or an `error` (docs/json.md, "The envelope").

use serde::{Serialize, Serializer};

/// `"ok": true`: a success record cannot say otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct True;

impl Serialize for True {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(true)
    }
}

/// `"ok": false`: a failed record cannot say otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct False;

impl Serialize for False {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(false)
    }
}

/// Why one input failed: a stable kebab-case kind, the byte offset in the input when there is
/// one, and a message for people (without location: the doors add it).
///
/// ```
/// let f = urlkit_records::Failure::at("malformed-escape", 3, "malformed percent-escape");
/// assert_eq!(
///     serde_json::to_string(&f).unwrap(),
///     r#"{"kind":"malformed-escape","message":"malformed percent-escape","offset":3}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// Stable kebab-case kind (`malformed-escape`).
    pub kind: String,
    /// For people.
    pub message: String,
    /// Byte offset in the input.
    pub offset: Option<usize>,
}

impl Failure {
    /// A failure with no position.
    ///
    /// ```
    /// assert_eq!(urlkit_records::Failure::new("not-a-pair", "no tab").offset, None);
    /// ```
    pub fn new(kind: impl Into<String>, message: impl Into<String>) -> Failure {
        Failure {
            kind: kind.into(),
            message: message.into(),
            offset: None,
        }
    }

    /// A failure at byte `offset` of the input.
    ///
    /// ```
    /// assert_eq!(urlkit_records::Failure::at("x", 2, "y").offset, Some(2));
    /// ```
    pub fn at(kind: impl Into<String>, offset: usize, message: impl Into<String>) -> Failure {
        Failure {
            kind: kind.into(),
            message: message.into(),
            offset: Some(offset),
        }
    }
}

impl From<&urlkit::normalize::NormalizeError> for Failure {
    fn from(e: &urlkit::normalize::NormalizeError) -> Failure {
        Failure::at(e.kind().name(), e.offset(), e.kind().message())
    }
}

/// Why one row of a bulk call failed (Python's `errors="return"` over a list):
/// `{"kind", "message", "offset", "row"}`, the [`Failure`]'s fields and the 0-based row, the
/// same fields as the Arrow struct of failures `{kind, offset, message}` in which the row is the
/// position.
///
/// ```
/// use urlkit_records::{Failure, RowFailure};
/// let r = RowFailure::new(1, Failure::at("malformed-escape", 3, "bad"));
/// assert_eq!(
///     serde_json::to_string(&r).unwrap(),
///     r#"{"kind":"malformed-escape","message":"bad","offset":3,"row":1}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowFailure {
    /// Why.
    #[serde(flatten)]
    pub error: Failure,
    /// The 0-based row of the input.
    pub row: usize,
}

impl RowFailure {
    /// The failure of row `row`.
    pub fn new(row: usize, error: Failure) -> RowFailure {
        RowFailure { error, row }
    }
}

/// The record of an input that failed: `{"error", "input", "level"?, "line"?, "ok": false,
/// "source"?}`.
///
/// ```
/// use urlkit_records::{Failed, Failure};
/// let r = Failed::new("100%", Failure::at("malformed-escape", 3, "bad")).line(2);
/// assert_eq!(
///     serde_json::to_string(&r).unwrap(),
///     r#"{"error":{"kind":"malformed-escape","message":"bad","offset":3},"input":"100%","line":2,"ok":false}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failed {
    /// Why.
    pub error: Failure,
    /// The input as text (bytes that are not UTF-8 as U+FFFD).
    pub input: String,
    /// The level asked for, for the commands that work at one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<&'static str>,
    /// The 1-based line (of stdin or a file, or the list position) the input came from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// `false`.
    pub ok: False,
    /// The file or source the input came from (`urlkit key urls.txt`), when it came from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

impl Failed {
    /// The failed record of `input`.
    pub fn new(input: impl Into<String>, error: Failure) -> Failed {
        Failed {
            error,
            input: input.into(),
            level: None,
            line: None,
            ok: False,
            source: None,
        }
    }

    /// The same record, saying the file or source it came from.
    pub fn source(mut self, source: impl Into<String>) -> Failed {
        self.source = Some(source.into());
        self
    }

    /// The same record, saying the line it came from.
    pub fn line(mut self, line: usize) -> Failed {
        self.line = Some(line);
        self
    }

    /// The same record, saying the level it was asked at.
    pub fn level(mut self, level: &'static str) -> Failed {
        self.level = Some(level);
        self
    }
}

/// One input's record: the command's answer, or why it failed.
///
/// ```
/// use urlkit_records::{Failed, Failure, Record, Text};
/// let r: Record<Text> = Record::Failed(Failed::new("x", Failure::new("k", "m")));
/// assert!(!r.is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Record<T> {
    /// `"ok": true` and the command's fields.
    Ok(T),
    /// `"ok": false` and `error`.
    Failed(Failed),
}

impl<T> Record<T> {
    /// Whether the input succeeded.
    pub fn is_ok(&self) -> bool {
        matches!(self, Record::Ok(_))
    }

    /// The record from a result: the answer, or the failure of `input`.
    ///
    /// ```
    /// use urlkit_records::{Failure, Record, Text};
    /// let r = Record::from_result("x", Err::<Text, _>(Failure::new("k", "m")));
    /// assert!(!r.is_ok());
    /// ```
    pub fn from_result(input: &str, result: Result<T, Failure>) -> Record<T> {
        match result {
            Ok(t) => Record::Ok(t),
            Err(f) => Record::Failed(Failed::new(input, f)),
        }
    }
}

/// The success record of a command whose answer is one string: `{"input", "ok", "output"}`
/// (`base64`, `content-disposition` when it builds a value).
///
/// ```
/// let t = urlkit_records::Text::new("a", "YQ==");
/// assert_eq!(serde_json::to_string(&t).unwrap(), r#"{"input":"a","ok":true,"output":"YQ=="}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Text {
    /// The input as text.
    pub input: String,
    /// `true`.
    pub ok: True,
    /// The answer.
    pub output: String,
}

impl Text {
    /// The record of `input` answered by `output`.
    pub fn new(input: impl Into<String>, output: impl Into<String>) -> Text {
        Text {
            input: input.into(),
            ok: True,
            output: output.into(),
        }
    }
}
