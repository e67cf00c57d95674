//! The records of `table`, `flavors` and `roundtrip`: other languages' functions side by side.

use std::collections::BTreeMap;

use serde::Serialize;
use urlkit::codec::{sets::UNRESERVED, Encoder};
use urlkit::flavor::{Direction, Flavor, Input, Params};

use crate::text::escape_controls;

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

/// One row: a flavor's output or error, and the characters it writes differently from the
/// RFC 3986 row (encoders only).
pub struct Row {
    /// The flavor.
    pub flavor: Flavor,
    /// Its output, or the error the original throws.
    pub result: Result<String, String>,
    /// (input character, this flavor's rendering) where it differs from RFC 3986.
    pub differs: Vec<(char, String)>,
    /// The output cut per input character, for highlighting; empty when not cuttable.
    pub pieces: Vec<(String, bool)>,
}

/// One input through every flavor (`table`): encoders, then decoders; `text` is the input
/// as text, when it is, for the per-character comparison with RFC 3986.
pub fn rows(input: Input<'_>, text: Option<&str>) -> Vec<Row> {
    let rfc = Encoder::new(UNRESERVED);
    let params = Params::default();
    let mut rows = Vec::new();
    let encoders = Flavor::ALL
        .into_iter()
        .filter(|f| f.direction() == Direction::Encode);
    let decoders = Flavor::ALL
        .into_iter()
        .filter(|f| f.direction() == Direction::Decode);
    for flavor in encoders.chain(decoders) {
        let result = match flavor.direction() {
            Direction::Encode => flavor
                .encode_with(input, &params)
                .map_err(|e| e.to_string()),
            Direction::Decode => flavor
                .decode_with(input, &params)
                .map(|d| escape_controls(&d.to_string_lossy()).into_owned())
                .map_err(|e| e.to_string()),
        };
        let mut differs: Vec<(char, String)> = Vec::new();
        let mut pieces = Vec::new();
        if let (Direction::Encode, Ok(full), Some(text)) = (flavor.direction(), &result, text) {
            // Every encoder here works character by character, so the output is the
            // concatenation of each character's encoding; compare those with RFC 3986's.
            for c in text.chars() {
                let mut buf = [0u8; 4];
                let s: &str = c.encode_utf8(&mut buf);
                let mine = flavor.encode(s).unwrap_or_default();
                let reference = rfc.encode_str(s);
                let differ = mine != reference;
                if differ && !differs.iter().any(|(d, _)| *d == c) {
                    differs.push((c, mine.clone()));
                }
                pieces.push((mine, differ));
            }
            if pieces.iter().map(|(p, _)| p.as_str()).collect::<String>() != *full {
                pieces.clear();
            }
        }
        rows.push(Row {
            flavor,
            result,
            differs,
            pieces,
        });
    }
    rows
}

/// The JSON record of one input: `{"flavors": [...], "input", "ok", "rfc3986"}`.
pub fn json_record(display: &str, bytes: &[u8], rows: &[Row]) -> Table {
    let flavors = rows
        .iter()
        .map(|r| {
            let encoded_ok = r.flavor.direction() == Direction::Encode && r.result.is_ok();
            TableRow {
                differs_from_rfc3986: encoded_ok.then(|| {
                    r.differs
                        .iter()
                        .map(|(c, s)| (c.to_string(), s.clone()))
                        .collect()
                }),
                error: r.result.as_ref().err().cloned(),
                flavor: r.flavor.name(),
                output: r.result.as_ref().ok().cloned(),
            }
        })
        .collect();
    Table {
        flavors,
        input: display.to_owned(),
        ok: True,
        rfc3986: Encoder::new(UNRESERVED).encode_bytes(bytes).into_owned(),
    }
}

/// `urlkit table --json` for one text.
///
/// ```
/// assert_eq!(urlkit_records::flavors::table_record("a b").rfc3986, "a%20b");
/// ```
pub fn table_record(text: &str) -> Table {
    let rows = rows(Input::Text(text), Some(text));
    json_record(text, text.as_bytes(), &rows)
}

impl From<&urlkit::flavor::roundtrip::Cell> for RoundtripCell {
    fn from(c: &urlkit::flavor::roundtrip::Cell) -> RoundtripCell {
        RoundtripCell {
            component: c.placement.name(),
            decoded: c.decoded_text(),
            decoder: c.decoder.name(),
            encoded: c.encoded.as_ref().ok().cloned(),
            encoder: c.encoder.name(),
            error: c.error().map(|e| e.message().to_owned()),
            exact: c.exact(),
            segments: (c.decoded.len() > 1).then(|| {
                c.decoded
                    .iter()
                    .map(|d| d.as_ref().ok().map(|d| d.to_string_lossy()))
                    .collect()
            }),
            value: c.value.clone(),
        }
    }
}

/// `urlkit roundtrip --json VALUE...` with every encoder and decoder, both components: one
/// record per cell, in the CLI's order.
///
/// ```
/// let cells = urlkit_records::flavors::roundtrip_records(&["C++"]);
/// assert!(cells.iter().any(|c| !c.exact));
/// ```
pub fn roundtrip_records(values: &[&str]) -> Vec<RoundtripCell> {
    use urlkit::flavor::roundtrip::{matrix, Placement};
    let all = |direction: Direction| -> Vec<Flavor> {
        Flavor::ALL
            .into_iter()
            .filter(|f| f.direction() == direction)
            .collect()
    };
    let (encoders, decoders) = (all(Direction::Encode), all(Direction::Decode));
    Placement::ALL
        .iter()
        .flat_map(|&p| matrix(values, &encoders, &decoders, p))
        .map(|c| RoundtripCell::from(&c))
        .collect()
}
