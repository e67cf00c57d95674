//! The records of `table`, `flavors` and `roundtrip`: other languages' functions side by side.

use std::collections::BTreeMap;

use serde::Serialize;
use urlkit::flavor::{Direction, Flavor};

use crate::envelope::True;

/// `urlkit table --json`: `{"flavors", "input", "ok", "rfc3986"}`, one row per flavor
/// (encoders, then decoders).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    /// One row per flavor.
    pub flavors: Vec<TableRow>,
    /// The input as text.
    pub input: String,
    /// `true`.
    pub ok: True,
    /// The input with everything but RFC 3986's unreserved characters encoded.
    pub rfc3986: String,
}

/// One flavor's row of `table`: `{"differs_from_rfc3986"?, "error"?, "flavor", "output"?}`.
///
/// ```
/// let row = urlkit_records::flavors::TableRow {
///     differs_from_rfc3986: Some([("~".to_owned(), "%7E".to_owned())].into()),
///     error: None, flavor: "js.escape", output: Some("a%7E".into()),
/// };
/// assert_eq!(
///     serde_json::to_string(&row).unwrap(),
///     r#"{"differs_from_rfc3986":{"~":"%7E"},"flavor":"js.escape","output":"a%7E"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableRow {
    /// For an encoder that succeeded: each input character it writes differently from the
    /// RFC 3986 row, and how it writes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs_from_rfc3986: Option<BTreeMap<String, String>>,
    /// What the original throws.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The flavor's name.
    pub flavor: &'static str,
    /// What it gives.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
}

/// `urlkit flavors --json`: one record per flavor, `{"checked_against", "direction", "keeps",
/// "name", "spec"}`.
///
/// ```
/// let f = urlkit_records::flavors::FlavorInfo::from(urlkit::flavor::Flavor::ALL[0]);
/// assert_eq!(f.direction, "encode");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FlavorInfo {
    /// The runtime version it was checked against.
    pub checked_against: &'static str,
    /// `encode` or `decode`.
    pub direction: &'static str,
    /// What it keeps unencoded.
    pub keeps: &'static str,
    /// `<language>.<function>`.
    pub name: &'static str,
    /// The documentation it follows.
    pub spec: &'static str,
}

impl From<Flavor> for FlavorInfo {
    fn from(f: Flavor) -> FlavorInfo {
        FlavorInfo {
            checked_against: f.checked_against(),
            direction: direction_name(f.direction()),
            keeps: f.keeps(),
            name: f.name(),
            spec: f.spec(),
        }
    }
}

/// `encode` or `decode`.
///
/// ```
/// assert_eq!(urlkit_records::flavors::direction_name(urlkit::flavor::Direction::Decode), "decode");
/// ```
pub fn direction_name(d: Direction) -> &'static str {
    match d {
        Direction::Encode => "encode",
        Direction::Decode => "decode",
    }
}

/// `urlkit roundtrip --json`: one record per cell of the matrix (no envelope: a cell is a
/// result, not an input).
///
/// ```
/// let c = urlkit_records::flavors::RoundtripCell {
///     component: "query-value", decoded: Some("C  ".into()), decoder: "go.QueryUnescape",
///     encoded: Some("C++".into()), encoder: "js.encodeURI", error: None, exact: false,
///     segments: None, value: "C++".into(),
/// };
/// assert_eq!(
///     serde_json::to_string(&c).unwrap(),
///     r#"{"component":"query-value","decoded":"C  ","decoder":"go.QueryUnescape","encoded":"C++","encoder":"js.encodeURI","exact":false,"value":"C++"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundtripCell {
    /// `path-segment` or `query-value`.
    pub component: &'static str,
    /// What the decoder gave back (absent on error).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decoded: Option<String>,
    /// The decoder's flavor name.
    pub decoder: &'static str,
    /// What the encoder wrote (`null` when it failed).
    pub encoded: Option<String>,
    /// The encoder's flavor name.
    pub encoder: &'static str,
    /// The encoder's or decoder's error, as its runtime words it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Whether the value came back exactly.
    pub exact: bool,
    /// When the server read more than one path segment: each (`null` where it failed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub segments: Option<Vec<Option<String>>>,
    /// The value put in.
    pub value: String,
}
