//! `Content-Disposition` header values with non-ASCII file names (RFC 6266, RFC 8187):
//! [`build`] writes one, [`parse`] reads one back.
//!
//! ```
//! use urlkit::content_disposition::{build, parse, Disposition};
//! let v = build("見積書.pdf", Disposition::Attachment);
//! assert_eq!(v, "attachment; filename=\"download.pdf\"; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf");
//! assert_eq!(parse(&v).unwrap().filename(), Some("見積書.pdf"));
//! ```

mod parse;

pub use parse::{parse, ContentDisposition, ParseError, ParseErrorKind};

use crate::codec::{sets::ATTR_CHAR, Encoder};

/// The disposition type (RFC 6266 §4.2).
///
/// ```
/// use urlkit::content_disposition::Disposition;
/// assert_eq!(Disposition::Inline.name(), "inline");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Disposition {
    /// `attachment`: the browser saves the file.
    #[default]
    Attachment,
    /// `inline`: the browser shows it.
    Inline,
}

impl Disposition {
    /// The disposition-type token as the header spells it (RFC 6266 §4.2).
    ///
    /// ```
    /// assert_eq!(urlkit::content_disposition::Disposition::Attachment.name(), "attachment");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Disposition::Attachment => "attachment",
            Disposition::Inline => "inline",
        }
    }
}

/// The header value for a file called `filename`, with the ASCII fallback urlkit derives
/// (see [`build_with`]).
///
/// ```
/// use urlkit::content_disposition::{build, Disposition};
/// assert_eq!(build("報告書.pdf", Disposition::Attachment), "attachment; filename=\"download.pdf\"; filename*=UTF-8''%E5%A0%B1%E5%91%8A%E6%9B%B8.pdf");
/// ```
pub fn build(filename: &str, disposition: Disposition) -> String {
    build_with(filename, disposition, Fallback::Derived)
        .expect("invariant: a derived fallback is always valid")
        .value
}

/// Where the plain `filename` parameter of a non-ASCII name comes from.
///
/// ```
/// use urlkit::content_disposition::{build_with, Disposition, Fallback};
/// let b = build_with("見積書.pdf", Disposition::Attachment, Fallback::Given("estimate.pdf")).unwrap();
/// assert_eq!(b.value, "attachment; filename=\"estimate.pdf\"; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fallback<'a> {
    /// Derived from the name: accents dropped, other characters as `_`, `download` when no
    /// letter or digit is left of the stem.
    Derived,
    /// This name, which must be ISO-8859-1 text without control characters (RFC 6266 §4.3:
    /// the `filename` parameter is ISO-8859-1).
    Given(&'a str),
}

/// A built header value and what the builder wants said about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// The header value.
    pub value: String,
    /// Things a user should know, each a stable kind (see [`BuildNote`]).
    pub notes: Vec<BuildNote>,
}

/// Something [`build_with`] says about the value it wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildNote {
    /// `"` or `\` in the `filename` parameter were written as quoted-pairs; RFC 6266
    /// Appendix D warns that some user agents do not unescape them, so `filename*` is there
    /// too and carries the exact name.
    QuotedPairs,
    /// The given fallback has ISO-8859-1 letters beyond ASCII: the header must be sent as
    /// ISO-8859-1 bytes (RFC 6266 Appendix D advises ASCII only).
    NonAsciiFallback,
    /// The name is printable ASCII without `"` and `\`: `filename` is the name itself and the
    /// given fallback was not used.
    FallbackUnused,
}

impl BuildNote {
    /// A stable kebab-case name.
    ///
    /// ```
    /// assert_eq!(urlkit::content_disposition::BuildNote::QuotedPairs.name(), "quoted-pairs");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            BuildNote::QuotedPairs => "quoted-pairs",
            BuildNote::NonAsciiFallback => "non-ascii-fallback",
            BuildNote::FallbackUnused => "fallback-unused",
        }
    }

    /// The note in words.
    ///
    /// ```
    /// use urlkit::content_disposition::BuildNote;
    /// assert!(BuildNote::FallbackUnused.message().contains("not used"));
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            BuildNote::QuotedPairs => {
                "'\"' or '\\' in filename are written as quoted-pairs, which some user agents \
                 do not unescape (RFC 6266 Appendix D); filename* carries the exact name"
            }
            BuildNote::NonAsciiFallback => {
                "the fallback has letters beyond ASCII: send the header as ISO-8859-1 bytes, \
                 not UTF-8 (RFC 6266 Appendix D advises an ASCII fallback)"
            }
            BuildNote::FallbackUnused => {
                "the name is printable ASCII, so filename is the name itself: the fallback is \
                 not used"
            }
        }
    }
}

/// Why a given fallback name cannot be the `filename` parameter.
///
/// ```
/// use urlkit::content_disposition::{build_with, Disposition, Fallback, FallbackError};
/// let e = build_with("見積書.pdf", Disposition::Attachment, Fallback::Given("見積.pdf")).unwrap_err();
/// assert_eq!(e, FallbackError::NotLatin1 { offset: 0, character: '見' });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FallbackError {
    /// A character outside ISO-8859-1, at this byte offset of the fallback.
    NotLatin1 {
        /// Byte offset in the fallback.
        offset: usize,
        /// The character.
        character: char,
    },
    /// A control character (C0, DEL or C1), at this byte offset.
    Control {
        /// Byte offset in the fallback.
        offset: usize,
    },
    /// The fallback is empty.
    Empty,
}

impl FallbackError {
    /// A stable kebab-case name.
    ///
    /// ```
    /// assert_eq!(urlkit::content_disposition::FallbackError::Empty.name(), "empty-fallback");
    /// ```
    pub const fn name(&self) -> &'static str {
        match self {
            FallbackError::NotLatin1 { .. } => "fallback-not-latin1",
            FallbackError::Control { .. } => "fallback-control",
            FallbackError::Empty => "empty-fallback",
        }
    }

    /// The byte offset in the fallback.
    pub const fn offset(&self) -> usize {
        match *self {
            FallbackError::NotLatin1 { offset, .. } | FallbackError::Control { offset } => offset,
            FallbackError::Empty => 0,
        }
    }
}

impl std::fmt::Display for FallbackError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FallbackError::NotLatin1 { character, .. } => write!(
                f,
                "the fallback must be ISO-8859-1 (RFC 6266 §4.3); '{character}' (U+{:04X}) is not",
                u32::from(*character)
            ),
            FallbackError::Control { .. } => {
                write!(f, "the fallback has a control character")
            }
            FallbackError::Empty => write!(f, "the fallback is empty"),
        }
    }
}

impl std::error::Error for FallbackError {}

/// The header value for a file called `filename`: `filename` first, then `filename*` when the
/// name needs it.
///
/// A name of printable ASCII without `"` and `\` gets `filename="..."` alone. Any other name
/// gets `filename="..."` (the fallback, for recipients that do not read `filename*`) and
/// `filename*=UTF-8''...` (RFC 8187 §3.2, percent-encoded outside `attr-char`), which
/// conforming recipients prefer wherever it is (RFC 6266 §4.3). `"` and `\` in the
/// `filename` parameter are quoted-pairs. The derived fallback is printable ASCII: Latin
/// letters lose their accents (`é` -> `e`), other characters become `_`, and a stem with no
/// letter or digit left becomes `download`; control characters never reach it.
///
/// # Rationale
///
/// RFC 6266's examples and Appendix D put `filename` before `filename*` ("some user agents
/// ... pick the first one they know"); the order urlkit writes follows them.
///
/// ```
/// use urlkit::content_disposition::{build_with, BuildNote, Disposition, Fallback};
/// let b = build_with("report \"Q1\".pdf", Disposition::Inline, Fallback::Derived).unwrap();
/// assert_eq!(b.value, "inline; filename=\"report _Q1_.pdf\"; filename*=UTF-8''report%20%22Q1%22.pdf");
/// let b = build_with("見積書.pdf", Disposition::Inline, Fallback::Given("\"Q1\".pdf")).unwrap();
/// assert_eq!(b.value, "inline; filename=\"\\\"Q1\\\".pdf\"; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf");
/// assert_eq!(b.notes, [BuildNote::QuotedPairs]);
/// assert_eq!(build_with("café.txt", Disposition::Attachment, Fallback::Derived).unwrap().value, "attachment; filename=\"cafe.txt\"; filename*=UTF-8''caf%C3%A9.txt");
/// ```
///
/// <https://www.rfc-editor.org/rfc/rfc6266#section-4.3>, <https://www.rfc-editor.org/rfc/rfc6266#appendix-D>,
/// <https://www.rfc-editor.org/rfc/rfc8187#section-3.2>
pub fn build_with(
    filename: &str,
    disposition: Disposition,
    fallback: Fallback<'_>,
) -> Result<Built, FallbackError> {
    let mut notes = Vec::new();
    let printable_ascii = filename.bytes().all(|b| (0x20..0x7F).contains(&b));
    let needs_escape = |s: &str| s.contains(['"', '\\']);
    if printable_ascii && !needs_escape(filename) {
        if matches!(fallback, Fallback::Given(_)) {
            notes.push(BuildNote::FallbackUnused);
        }
        return Ok(Built {
            value: format!(
                "{}; filename={}",
                disposition.name(),
                quoted_string(filename)
            ),
            notes,
        });
    }
    let plain = match fallback {
        Fallback::Given(name) => {
            check_fallback(name)?;
            if !name.is_ascii() {
                notes.push(BuildNote::NonAsciiFallback);
            }
            name.to_owned()
        }
        Fallback::Derived => ascii_fallback(filename),
    };
    if needs_escape(&plain) {
        notes.insert(0, BuildNote::QuotedPairs);
    }
    let ext = Encoder::new(ATTR_CHAR).encode_str(filename);
    Ok(Built {
        value: format!(
            "{}; filename={}; filename*=UTF-8''{ext}",
            disposition.name(),
            quoted_string(&plain)
        ),
        notes,
    })
}

/// ISO-8859-1 without controls, not empty.
fn check_fallback(name: &str) -> Result<(), FallbackError> {
    if name.is_empty() {
        return Err(FallbackError::Empty);
    }
    for (offset, c) in name.char_indices() {
        if u32::from(c) > 0xFF {
            return Err(FallbackError::NotLatin1 {
                offset,
                character: c,
            });
        }
        if c.is_control() {
            return Err(FallbackError::Control { offset });
        }
    }
    Ok(())
}

/// `"..."` with `"` and `\` written as quoted-pairs (RFC 9110 §5.6.4).
fn quoted_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The printable-ASCII stand-in for `filename`.
fn ascii_fallback(filename: &str) -> String {
    let mut out = String::with_capacity(filename.len());
    // A run of replaced characters, and the underscores around it, become one '_'.
    let mut replacing = false;
    for c in filename.chars() {
        if c == '_' && replacing {
            continue;
        }
        if (' '..='~').contains(&c) && c != '"' && c != '\\' {
            out.push(c);
            replacing = false;
        } else if c.is_control() {
            continue;
        } else if let Some(plain) = fold_latin(c) {
            out.push_str(plain);
            replacing = false;
        } else if !out.ends_with('_') {
            out.push('_');
            replacing = true;
        } else {
            replacing = true;
        }
    }
    let (stem, ext) = match out.rfind('.') {
        Some(dot) if dot > 0 => out.split_at(dot),
        _ => (out.as_str(), ""),
    };
    if !stem.chars().any(|c| c.is_ascii_alphanumeric()) {
        let ext = if ext.chars().skip(1).all(|c| c.is_ascii_alphanumeric()) {
            ext
        } else {
            ""
        };
        return format!("download{ext}");
    }
    out
}

/// The unaccented letters of Latin-1 and Latin Extended-A letters.
fn fold_latin(c: char) -> Option<&'static str> {
    Some(match c {
        'À'..='Å' | 'Ā' | 'Ă' | 'Ą' => "A",
        'à'..='å' | 'ā' | 'ă' | 'ą' => "a",
        'Æ' => "AE",
        'æ' => "ae",
        'Ç' | 'Ć' | 'Č' => "C",
        'ç' | 'ć' | 'č' => "c",
        'È'..='Ë' | 'Ē' | 'Ę' | 'Ě' => "E",
        'è'..='ë' | 'ē' | 'ę' | 'ě' => "e",
        'Ì'..='Ï' => "I",
        'ì'..='ï' => "i",
        'Ð' | 'Ď' => "D",
        'ð' | 'ď' => "d",
        'Ñ' | 'Ń' | 'Ň' => "N",
        'ñ' | 'ń' | 'ň' => "n",
        'Ò'..='Ö' | 'Ø' | 'Ő' => "O",
        'ò'..='ö' | 'ø' | 'ő' => "o",
        'Œ' => "OE",
        'œ' => "oe",
        'Ł' => "L",
        'ł' => "l",
        'Ř' => "R",
        'ř' => "r",
        'Ś' | 'Š' => "S",
        'ś' | 'š' => "s",
        'ß' => "ss",
        'Ť' => "T",
        'ť' => "t",
        'Ù'..='Ü' | 'Ů' | 'Ű' => "U",
        'ù'..='ü' | 'ů' | 'ű' => "u",
        'Ý' | 'Ÿ' => "Y",
        'ý' | 'ÿ' => "y",
        'Ź' | 'Ż' | 'Ž' => "Z",
        'ź' | 'ż' | 'ž' => "z",
        'Þ' => "TH",
        'þ' => "th",
        _ => return None,
    })
}
