//! The round-trip matrix: a value through one language's encoder, placed in a URL component,
//! read back by a server's split and another language's decoder. Which pairs give the value
//! back, which change it, which fail.
//!
//! ```
//! use urlkit::flavor::roundtrip::{round_trip, Outcome, Placement};
//! use urlkit::flavor::Flavor;
//! let c = round_trip("a b", Flavor::PhpUrlencode, Flavor::JsDecodeUriComponent, Placement::QueryValue);
//! assert_eq!(c.encoded.as_deref().unwrap(), "a+b");
//! assert_eq!(c.outcome(), Outcome::Changed("a+b".into()));
//! let c = round_trip("2026/10", Flavor::JsEncodeUri, Flavor::JsDecodeUri, Placement::PathSegment);
//! assert_eq!(c.outcome(), Outcome::Split(vec!["2026".into(), "10".into()]));
//! ```

use super::{Decoded, Direction, Flavor, FlavorError};
use crate::uri::remove_dot_segments;

/// The awkward values of the seed's method: space, `/ ? # % + & =`, `ä`, `日本`, an emoji,
/// `..`, and three that look encoded or form-encoded already.
pub const DEFAULT_VALUES: [&str; 15] = [
    " ", "/", "?", "#", "%", "+", "&", "=", "ä", "日本", "😀", "..", "100%", "C++", "a%20b",
];

/// Where the encoded value is put, which decides how a server splits it out before the
/// decoder sees it.
///
/// ```
/// use urlkit::flavor::roundtrip::Placement;
/// assert_eq!(Placement::from_name("query-value"), Some(Placement::QueryValue));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Placement {
    /// One path segment, `https://host/ENCODED`: the path ends at the first `?` or `#`, dot
    /// segments are removed (RFC 3986 §5.2.4) and the path is split at `/` before each
    /// segment is decoded.
    #[default]
    PathSegment,
    /// A query value, `https://host/?k=ENCODED`: the value ends at the first `&` or `#`,
    /// then it is decoded.
    QueryValue,
}

impl Placement {
    /// Both placements.
    pub const ALL: [Placement; 2] = [Placement::PathSegment, Placement::QueryValue];

    /// `path-segment` or `query-value`.
    pub const fn name(self) -> &'static str {
        match self {
            Placement::PathSegment => "path-segment",
            Placement::QueryValue => "query-value",
        }
    }

    /// The placement of that name.
    pub fn from_name(name: &str) -> Option<Placement> {
        Placement::ALL.into_iter().find(|p| p.name() == name)
    }

    /// What a server hands to its decoder: the pieces of the URL `encoded` was put into.
    ///
    /// ```
    /// use urlkit::flavor::roundtrip::Placement;
    /// assert_eq!(Placement::QueryValue.received("a&b=c"), ["a"]);
    /// assert_eq!(Placement::PathSegment.received("a/../b?c"), ["b"]);
    /// assert_eq!(Placement::PathSegment.received(".."), [""]);
    /// ```
    ///
    /// # Rationale
    ///
    /// Only literal dot segments are removed: servers differ on `%2E%2E` (browsers resolve
    /// it, most servers do not), and the encoders under test never write it for `..`.
    pub fn received(self, encoded: &str) -> Vec<String> {
        match self {
            Placement::QueryValue => {
                let end = encoded.find(['&', '#']).unwrap_or(encoded.len());
                vec![encoded[..end].to_owned()]
            }
            Placement::PathSegment => {
                let end = encoded.find(['?', '#']).unwrap_or(encoded.len());
                let path = remove_dot_segments(&format!("/{}", &encoded[..end]));
                path[1..].split('/').map(str::to_owned).collect()
            }
        }
    }
}

/// One cell of the matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The value put in.
    pub value: String,
    /// Where it was put.
    pub placement: Placement,
    /// The flavor that wrote the text.
    pub encoder: Flavor,
    /// The flavor that read it back.
    pub decoder: Flavor,
    /// What the encoder wrote (or its failure).
    pub encoded: Result<String, FlavorError>,
    /// What the decoder made of each piece the server split out (none when the encoder
    /// failed).
    pub decoded: Vec<Result<Decoded, FlavorError>>,
}

/// What a cell says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The value came back exactly.
    Exact,
    /// The value came back as this text (bytes that are not UTF-8 and lone surrogates as
    /// U+FFFD; [`Outcome::NotText`] when that is the only change).
    Changed(String),
    /// The value came back as several path segments.
    Split(Vec<String>),
    /// The decoded bytes or code units are not text (what the value is, in lossy form).
    NotText(String),
    /// The encoder or the decoder failed.
    Error(FlavorError),
}

impl Cell {
    /// What the cell says.
    pub fn outcome(&self) -> Outcome {
        if let Err(e) = &self.encoded {
            return Outcome::Error(e.clone());
        }
        let mut texts = Vec::with_capacity(self.decoded.len());
        let mut all_text = true;
        for d in &self.decoded {
            match d {
                Err(e) => return Outcome::Error(e.clone()),
                Ok(d) => {
                    all_text &= d.is_text();
                    texts.push(d.to_string_lossy());
                }
            }
        }
        if texts.len() > 1 {
            return Outcome::Split(texts);
        }
        let text = texts
            .pop()
            .expect("invariant: a placement hands the decoder at least one piece");
        match (all_text, text == self.value) {
            (true, true) => Outcome::Exact,
            (false, _) => Outcome::NotText(text),
            (true, false) => Outcome::Changed(text),
        }
    }

    /// Whether the value came back exactly.
    pub fn exact(&self) -> bool {
        self.outcome() == Outcome::Exact
    }

    /// The decoded value as one text: the pieces joined with `/` (lossy), or `None` when a
    /// step failed.
    pub fn decoded_text(&self) -> Option<String> {
        if self.encoded.is_err() {
            return None;
        }
        let mut parts = Vec::with_capacity(self.decoded.len());
        for d in &self.decoded {
            parts.push(d.as_ref().ok()?.to_string_lossy());
        }
        Some(parts.join("/"))
    }

    /// The failure of the encoder or the decoder, if one failed.
    pub fn error(&self) -> Option<&FlavorError> {
        match &self.encoded {
            Err(e) => Some(e),
            Ok(_) => self.decoded.iter().find_map(|d| d.as_ref().err()),
        }
    }
}

/// One value through `encoder`, placed as `placement` says, split out and through `decoder`.
///
/// ```
/// use urlkit::flavor::roundtrip::{round_trip, Placement};
/// use urlkit::flavor::Flavor;
/// assert!(round_trip("C++", Flavor::JsEncodeUriComponent, Flavor::PythonUnquotePlus, Placement::QueryValue).exact());
/// assert!(!round_trip("C++", Flavor::JsEncodeUri, Flavor::PythonUnquotePlus, Placement::QueryValue).exact());
/// ```
pub fn round_trip(value: &str, encoder: Flavor, decoder: Flavor, placement: Placement) -> Cell {
    let encoded = encoder.encode(value);
    let decoded = match &encoded {
        Ok(e) => placement
            .received(e)
            .iter()
            .map(|piece| decoder.decode(piece))
            .collect(),
        Err(_) => Vec::new(),
    };
    Cell {
        value: value.to_owned(),
        placement,
        encoder,
        decoder,
        encoded,
        decoded,
    }
}

/// Every value through every encoder x decoder pair, value by value, encoders and decoders
/// in the order given.
///
/// ```
/// use urlkit::flavor::roundtrip::{matrix, Placement, DEFAULT_VALUES};
/// use urlkit::flavor::{Direction, Flavor};
/// let enc: Vec<Flavor> = Flavor::ALL.into_iter().filter(|f| f.direction() == Direction::Encode).collect();
/// let dec: Vec<Flavor> = Flavor::ALL.into_iter().filter(|f| f.direction() == Direction::Decode).collect();
/// let cells = matrix(&DEFAULT_VALUES, &enc, &dec, Placement::QueryValue);
/// assert_eq!(cells.len(), DEFAULT_VALUES.len() * enc.len() * dec.len());
/// ```
pub fn matrix(
    values: &[&str],
    encoders: &[Flavor],
    decoders: &[Flavor],
    placement: Placement,
) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(values.len() * encoders.len() * decoders.len());
    for v in values {
        for &e in encoders {
            debug_assert_eq!(e.direction(), Direction::Encode);
            for &d in decoders {
                cells.push(round_trip(v, e, d, placement));
            }
        }
    }
    cells
}
