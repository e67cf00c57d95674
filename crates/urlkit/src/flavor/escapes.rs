//! Text written with escapes, so that strings no UTF-8 text can hold can be given to a
//! foreign function: a lone surrogate (`\uD800`) for JavaScript, Java or Python, a raw byte
//! (`\xFF`) for PHP, Go, Ruby, Perl or Python `bytes`.

use std::fmt;

use super::text::Input;

/// The string an escaped text stands for, in the one string model that can hold it.
///
/// Escapes: `\uXXXX` (a UTF-16 code unit: a surrogate pair written as two escapes is one
/// character, a lone surrogate stays one), `\u{X...}` (a code point, 1 to 6 hex digits,
/// surrogates included), `\xHH` (a raw byte; below 0x80 it is that ASCII character) and `\\`
/// (a backslash). Any other `\` is an error.
///
/// # Rationale
///
/// `\xFF` is a byte, not U+00FF as in JavaScript and Python literals: the point of writing
/// it is a byte string that is not UTF-8 (`%FF` from PHP's `urlencode("\xFF")`); U+00FF is
/// written as itself or `\u00FF`. No language's string holds both a lone surrogate and a raw
/// byte, so a text with both is an error.
///
/// ```
/// use urlkit::flavor::{Escaped, Flavor, Params};
/// let e = Escaped::parse(r"a\uD800").unwrap();
/// assert_eq!(e, Escaped::Utf16(vec![0x61, 0xD800]));
/// let err = Flavor::JsEncodeUriComponent.encode_with(e.input(), &Params::default()).unwrap_err();
/// assert_eq!(err.message(), "URIError: URI malformed");
/// let b = Escaped::parse(r"\xFF\u{1F600}").unwrap();
/// assert_eq!(Flavor::PhpRawurlencode.encode_with(b.input(), &Params::default()).unwrap(), "%FF%F0%9F%98%80");
/// assert_eq!(Escaped::parse(r"\uD83D\uDE00").unwrap(), Escaped::Text("😀".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Escaped {
    /// Text: every escape was a character.
    Text(String),
    /// Bytes that are not UTF-8 (`\xHH` at or above 0x80 that spell no UTF-8 text).
    Bytes(Vec<u8>),
    /// UTF-16 with at least one lone surrogate.
    Utf16(Vec<u16>),
}

/// What is wrong with an escaped text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EscapeErrorKind {
    /// A `\` followed by something other than `u`, `x` or `\`.
    UnknownEscape,
    /// `\u` without four hex digits, `\u{...}` without 1 to 6 hex digits and `}`, or `\x`
    /// without two hex digits.
    BadHex,
    /// `\u{...}` above U+10FFFF.
    OutOfRange,
    /// Both a lone surrogate and a raw byte: no language's string holds both.
    SurrogatesAndBytes,
}

impl EscapeErrorKind {
    /// A stable kebab-case name.
    ///
    /// ```
    /// assert_eq!(urlkit::flavor::EscapeErrorKind::BadHex.name(), "bad-escape-hex");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            EscapeErrorKind::UnknownEscape => "unknown-escape",
            EscapeErrorKind::BadHex => "bad-escape-hex",
            EscapeErrorKind::OutOfRange => "escape-out-of-range",
            EscapeErrorKind::SurrogatesAndBytes => "surrogates-and-bytes",
        }
    }
}

/// An escape error: its kind and the byte offset of the `\` in the text.
///
/// ```
/// use urlkit::flavor::{Escaped, EscapeErrorKind};
/// let e = Escaped::parse(r"ab\q").unwrap_err();
/// assert_eq!((e.kind(), e.offset()), (EscapeErrorKind::UnknownEscape, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EscapeError {
    kind: EscapeErrorKind,
    offset: usize,
}

impl EscapeError {
    /// What is wrong.
    pub fn kind(&self) -> EscapeErrorKind {
        self.kind
    }

    /// The byte offset of the escape's `\`.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for EscapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.kind {
            EscapeErrorKind::UnknownEscape => {
                "unknown escape: use \\uXXXX, \\u{X...}, \\xHH or \\\\ for a backslash"
            }
            EscapeErrorKind::BadHex => {
                "an escape needs its hex digits: \\uXXXX (4), \\u{X...} (1 to 6), \\xHH (2)"
            }
            EscapeErrorKind::OutOfRange => "a code point above U+10FFFF",
            EscapeErrorKind::SurrogatesAndBytes => {
                "a lone surrogate and a raw byte (\\x80 and up) in one text: no language's \
                 strings hold both"
            }
        })
    }
}

impl std::error::Error for EscapeError {}

/// One unit of an escaped text before the string model is chosen.
#[derive(Clone, Copy)]
enum Unit {
    Char(char),
    Surrogate(u16),
    Byte(u8),
}

impl Escaped {
    /// Reads `text`'s escapes (see the type's doc).
    pub fn parse(text: &str) -> Result<Escaped, EscapeError> {
        let (units, offsets) = units(text)?;
        let lone = units.iter().position(|u| matches!(u, Unit::Surrogate(_)));
        let byte = units.iter().position(|u| matches!(u, Unit::Byte(_)));
        match (lone, byte) {
            (Some(l), Some(b)) => {
                // Located at the later of the two, where the string stops being possible.
                Err(EscapeError {
                    kind: EscapeErrorKind::SurrogatesAndBytes,
                    offset: offsets[l.max(b)],
                })
            }
            (Some(_), None) => {
                let mut out = Vec::with_capacity(units.len());
                let mut buf = [0u16; 2];
                for u in units {
                    match u {
                        Unit::Char(c) => out.extend_from_slice(c.encode_utf16(&mut buf)),
                        Unit::Surrogate(s) => out.push(s),
                        Unit::Byte(_) => unreachable!("no byte in this branch"),
                    }
                }
                Ok(Escaped::Utf16(out))
            }
            (None, Some(_)) => {
                let mut out = Vec::with_capacity(text.len());
                let mut buf = [0u8; 4];
                for u in units {
                    match u {
                        Unit::Char(c) => out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes()),
                        Unit::Byte(b) => out.push(b),
                        Unit::Surrogate(_) => unreachable!("no surrogate in this branch"),
                    }
                }
                // Raw bytes that spell UTF-8 (`\xE6\x97\xA5`) are that text.
                match String::from_utf8(out) {
                    Ok(text) => Ok(Escaped::Text(text)),
                    Err(e) => Ok(Escaped::Bytes(e.into_bytes())),
                }
            }
            (None, None) => Ok(Escaped::Text(
                units
                    .into_iter()
                    .map(|u| match u {
                        Unit::Char(c) => c,
                        _ => unreachable!("only characters in this branch"),
                    })
                    .collect(),
            )),
        }
    }

    /// The string as a flavor's input.
    pub fn input(&self) -> Input<'_> {
        match self {
            Escaped::Text(s) => Input::Text(s),
            Escaped::Bytes(b) => Input::Bytes(b),
            Escaped::Utf16(u) => Input::Utf16(u),
        }
    }
}

fn hex(text: &str, from: usize, len: usize, at: usize) -> Result<u32, EscapeError> {
    let digits = text
        .get(from..from + len)
        .filter(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_hexdigit()));
    let bad = EscapeError {
        kind: EscapeErrorKind::BadHex,
        offset: at,
    };
    let digits = digits.ok_or(bad)?;
    u32::from_str_radix(digits, 16).map_err(|_| bad)
}

/// The units of `text`, with the byte offset where each starts.
fn units(text: &str) -> Result<(Vec<Unit>, Vec<usize>), EscapeError> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(text.len());
    let mut offsets = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        // Each unit's start; a surrogate pair joined into one character keeps its first.
        offsets.truncate(out.len());
        offsets.push(i);
        if b[i] != b'\\' {
            let c = text[i..]
                .chars()
                .next()
                .expect("invariant: i is a character boundary below the length");
            out.push(Unit::Char(c));
            i += c.len_utf8();
            continue;
        }
        let at = i;
        match b.get(i + 1) {
            Some(b'\\') => {
                out.push(Unit::Char('\\'));
                i += 2;
            }
            Some(b'x') => {
                let v = hex(text, i + 2, 2, at)? as u8;
                out.push(if v < 0x80 {
                    Unit::Char(char::from(v))
                } else {
                    Unit::Byte(v)
                });
                i += 4;
            }
            Some(b'u') if b.get(i + 2) == Some(&b'{') => {
                let end = memchr::memchr(b'}', &b[i + 3..]).ok_or(EscapeError {
                    kind: EscapeErrorKind::BadHex,
                    offset: at,
                })?;
                if end > 6 {
                    return Err(EscapeError {
                        kind: EscapeErrorKind::BadHex,
                        offset: at,
                    });
                }
                let v = hex(text, i + 3, end, at)?;
                push_code(&mut out, v, at)?;
                i += 3 + end + 1;
            }
            Some(b'u') => {
                let v = hex(text, i + 2, 4, at)?;
                push_code(&mut out, v, at)?;
                i += 6;
            }
            _ => {
                return Err(EscapeError {
                    kind: EscapeErrorKind::UnknownEscape,
                    offset: at,
                })
            }
        }
    }
    offsets.truncate(out.len());
    Ok((out, offsets))
}

/// A code point or code unit from `\u`: a character, or a surrogate, which joins a high
/// surrogate just before it into one character.
fn push_code(out: &mut Vec<Unit>, v: u32, at: usize) -> Result<(), EscapeError> {
    if v > 0x10FFFF {
        return Err(EscapeError {
            kind: EscapeErrorKind::OutOfRange,
            offset: at,
        });
    }
    if let Some(c) = char::from_u32(v) {
        out.push(Unit::Char(c));
        return Ok(());
    }
    let unit = v as u16;
    if (0xDC00..0xE000).contains(&unit) {
        if let Some(Unit::Surrogate(high)) = out.last().copied() {
            if (0xD800..0xDC00).contains(&high) {
                let c = char::decode_utf16([high, unit])
                    .next()
                    .and_then(Result::ok)
                    .expect("invariant: a high then a low surrogate make a character");
                out.pop();
                out.push(Unit::Char(c));
                return Ok(());
            }
        }
    }
    out.push(Unit::Surrogate(unit));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(
            Escaped::parse("plain 日本").unwrap(),
            Escaped::Text("plain 日本".into())
        );
        assert_eq!(
            Escaped::parse(r"a\\b\x41").unwrap(),
            Escaped::Text(r"a\bA".into())
        );
        assert_eq!(
            Escaped::parse(r"\u{1F600}\u00e9").unwrap(),
            Escaped::Text("😀é".into())
        );
        assert_eq!(
            Escaped::parse(r"\uDC00\uD800").unwrap(),
            Escaped::Utf16(vec![0xDC00, 0xD800])
        );
        assert_eq!(
            Escaped::parse(r"\u{D800}x").unwrap(),
            Escaped::Utf16(vec![0xD800, 0x78])
        );
        assert_eq!(
            Escaped::parse(r"日\xE6").unwrap(),
            Escaped::Bytes(vec![0xE6, 0x97, 0xA5, 0xE6])
        );
        assert_eq!(
            Escaped::parse(r"\xE6\x97\xA5").unwrap(),
            Escaped::Text("日".into())
        );
        let kind = |s: &str| Escaped::parse(s).map_err(|e| (e.kind(), e.offset()));
        assert_eq!(kind(r"\x4"), Err((EscapeErrorKind::BadHex, 0)));
        assert_eq!(kind(r"a\u12"), Err((EscapeErrorKind::BadHex, 1)));
        assert_eq!(kind(r"\u{}"), Err((EscapeErrorKind::BadHex, 0)));
        assert_eq!(kind(r"\u{1234567}"), Err((EscapeErrorKind::BadHex, 0)));
        assert_eq!(kind(r"\u{110000}"), Err((EscapeErrorKind::OutOfRange, 0)));
        assert_eq!(kind(r"\n"), Err((EscapeErrorKind::UnknownEscape, 0)));
        assert_eq!(kind("a\\"), Err((EscapeErrorKind::UnknownEscape, 1)));
        assert_eq!(
            kind(r"\uD800 \xFF"),
            Err((EscapeErrorKind::SurrogatesAndBytes, 7))
        );
    }
}
