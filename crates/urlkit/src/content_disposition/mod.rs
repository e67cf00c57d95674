//! `Content-Disposition` header values with non-ASCII file names (RFC 6266, RFC 8187):
//! [`build`] writes one, [`parse`] reads one back.
//!
//! ```
//! use urlkit::content_disposition::{build, parse, Disposition};
//! let v = build("見積書.pdf", Disposition::Attachment);
//! assert_eq!(v, "attachment; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf; filename=\"download.pdf\"");
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

/// The header value for a file called `filename`.
///
/// A name of printable ASCII gets `filename="..."` alone, with `"` and `\` escaped as
/// quoted-pairs. Any other name gets `filename*=UTF-8''...` (RFC 8187 §3.2, percent-encoded
/// outside `attr-char`) and an ASCII fallback `filename="..."` for recipients that do not
/// read `filename*` (RFC 6266 Appendix D): Latin letters lose their accents (`é` -> `e`),
/// other characters become `_`, and a stem with no letter or digit left becomes `download`.
/// Control characters never reach the fallback.
///
/// # Rationale
///
/// RFC 6266 Appendix D suggests putting `filename` first because of parsers of
/// 2011; conforming recipients prefer `filename*` wherever it is (§4.3), and Python's
/// `email` package (with its default policy) reads the first of the two, so `filename*`
/// comes first here.
///
/// ```
/// use urlkit::content_disposition::{build, Disposition};
/// assert_eq!(build("report \"Q1\".pdf", Disposition::Inline), "inline; filename=\"report \\\"Q1\\\".pdf\"");
/// assert_eq!(build("café.txt", Disposition::Attachment), "attachment; filename*=UTF-8''caf%C3%A9.txt; filename=\"cafe.txt\"");
/// ```
///
/// <https://www.rfc-editor.org/rfc/rfc6266#section-4.3>, <https://www.rfc-editor.org/rfc/rfc8187#section-3.2>
pub fn build(filename: &str, disposition: Disposition) -> String {
    let printable_ascii = filename.bytes().all(|b| (0x20..0x7F).contains(&b));
    if printable_ascii {
        return format!(
            "{}; filename={}",
            disposition.name(),
            quoted_string(filename)
        );
    }
    let fallback = quoted_string(&ascii_fallback(filename));
    let ext = Encoder::new(ATTR_CHAR).encode_str(filename);
    format!(
        "{}; filename*=UTF-8''{ext}; filename={fallback}",
        disposition.name()
    )
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
        if (' '..='~').contains(&c) {
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
