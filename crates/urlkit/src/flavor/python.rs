//! Python `urllib.parse`: `quote`, `quote_plus`, `urlencode`, `unquote`, `unquote_plus`,
//! `unquote_to_bytes`.
//!
//! Checked against CPython 3.11.7 (and the CPython 3.13.0 test-suite's calls in
//! `testdata/cpython`); the seed's table was made with Python 3.13.7, whose results for these
//! functions are the same.
//!
//! Quirks reproduced:
//! - `quote` keeps `A-Za-z0-9_.-~` plus `safe` (default `/`; `''` for `quote_plus` and
//!   `urlencode`); non-ASCII characters in `safe` are ignored.
//! - `quote` encodes `str` with `encoding` (UTF-8) and `errors` (`strict`): a lone surrogate
//!   raises `UnicodeEncodeError`; `bytes` are encoded as they are.
//! - `unquote` never fails on a malformed `%` (it stays), decodes with `errors='replace'`,
//!   and decodes each run of ASCII characters separately: a non-ASCII character between
//!   escapes splits them, so `%E6日%97` gives U+FFFD, `日`, U+FFFD.
//! - `unquote_plus` turns `+` into a space first; `unquote_to_bytes` returns bytes.

use crate::codec::sets::UNRESERVED;
use crate::codec::{decode_to_bytes, DecodeMode, Encoder, Space};

use super::params::{Params, PyEncoding, PyErrors};
use super::text::Input;
use super::{Decoded, Flavor, FlavorError, FlavorErrorKind};

pub(super) fn encode(
    flavor: Flavor,
    input: Input<'_>,
    params: &Params,
) -> Result<String, FlavorError> {
    let default_safe = if flavor == Flavor::PythonQuote {
        "/"
    } else {
        ""
    };
    let safe: Vec<u8> = params
        .safe_chars()
        .unwrap_or(default_safe)
        .bytes()
        .filter(u8::is_ascii)
        .collect();
    let mut encoder = Encoder::new(UNRESERVED.remove_all(&safe));
    if flavor != Flavor::PythonQuote {
        encoder = encoder.space(Space::Plus);
    }
    let bytes = match input {
        Input::Bytes(b) => {
            if params.encoding_choice().is_some() {
                return Err(type_error("quote() doesn't support 'encoding' for bytes"));
            }
            if params.errors_choice().is_some() {
                return Err(type_error("quote() doesn't support 'errors' for bytes"));
            }
            b.to_vec()
        }
        _ => {
            let (points, offsets) = code_points(input);
            encode_str(&points, &offsets, params)?
        }
    };
    Ok(encoder.encode_bytes(&bytes).into_owned())
}

fn type_error(message: &str) -> FlavorError {
    FlavorError::new(FlavorErrorKind::NotText, 0, format!("TypeError: {message}"))
}

/// The Python `str` of the input: code points (lone surrogates included) with their input
/// offsets.
fn code_points(input: Input<'_>) -> (Vec<u32>, Vec<usize>) {
    let mut points = Vec::new();
    let mut offsets = Vec::new();
    match input {
        Input::Text(s) => {
            for (at, c) in s.char_indices() {
                points.push(c as u32);
                offsets.push(at);
            }
        }
        Input::Bytes(b) => {
            for (at, c) in String::from_utf8_lossy(b).char_indices() {
                points.push(c as u32);
                offsets.push(at);
            }
        }
        Input::Utf16(u) => {
            let mut at = 0;
            for r in char::decode_utf16(u.iter().copied()) {
                let (p, len) = match r {
                    Ok(c) => (c as u32, c.len_utf16()),
                    Err(e) => (u32::from(e.unpaired_surrogate()), 1),
                };
                points.push(p);
                offsets.push(at);
                at += len;
            }
        }
    }
    (points, offsets)
}

/// `str.encode(encoding, errors)`.
fn encode_str(points: &[u32], offsets: &[usize], params: &Params) -> Result<Vec<u8>, FlavorError> {
    // No `encoding` argument is Python's default, UTF-8 (`PyEncoding::default()`).
    let encoding = params.encoding_choice().unwrap_or_default();
    let errors = params.errors_choice().unwrap_or(PyErrors::Strict);
    let unencodable = |p: u32| match encoding.limit() {
        None => (0xD800..0xE000).contains(&p),
        Some((limit, _)) => p >= limit,
    };
    let mut out = Vec::with_capacity(points.len());
    let mut i = 0;
    while i < points.len() {
        let p = points[i];
        if !unencodable(p) {
            match encoding {
                PyEncoding::Utf8 => {
                    let c = char::from_u32(p).unwrap_or('\u{FFFD}');
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                // Below the codec's limit, the code point is the byte.
                _ => out.push(p as u8),
            }
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < points.len() && unencodable(points[end]) {
            end += 1;
        }
        match errors {
            PyErrors::Strict => {
                let reason = match encoding.limit() {
                    None => "surrogates not allowed",
                    Some((_, r)) => r,
                };
                let what = if end - i == 1 {
                    format!("character '{}' in position {i}", py_escape(p))
                } else {
                    format!("characters in position {i}-{}", end - 1)
                };
                return Err(FlavorError::new(
                    FlavorErrorKind::UnicodeEncodeError,
                    offsets[i],
                    format!(
                        "UnicodeEncodeError: '{}' codec can't encode {what}: {reason}",
                        encoding.name()
                    ),
                ));
            }
            PyErrors::Replace => out.extend(std::iter::repeat_n(b'?', end - i)),
            PyErrors::Ignore => {}
            PyErrors::XmlCharRefReplace => {
                for q in &points[i..end] {
                    out.extend_from_slice(format!("&#{q};").as_bytes());
                }
            }
        }
        i = end;
    }
    Ok(out)
}

/// How Python's error messages write one code point.
fn py_escape(p: u32) -> String {
    if p < 0x100 {
        format!("\\x{p:02x}")
    } else if p < 0x10000 {
        format!("\\u{p:04x}")
    } else {
        format!("\\U{p:08x}")
    }
}

pub(super) fn decode(
    flavor: Flavor,
    input: Input<'_>,
    params: &Params,
) -> Result<Decoded, FlavorError> {
    // No `encoding` argument is Python's default, UTF-8 (`PyEncoding::default()`).
    let encoding = params.encoding_choice().unwrap_or_default();
    let errors = params.errors_choice().unwrap_or(PyErrors::Replace);
    if let Input::Bytes(b) = input {
        // Python's bytes path: unquote_to_bytes(bytes), then .decode() for unquote.
        if flavor == Flavor::PythonUnquotePlus {
            return Err(type_error("a bytes-like object is required, not 'str'"));
        }
        let bytes = unquote_to_bytes(b);
        return match flavor {
            Flavor::PythonUnquoteToBytes => Ok(Decoded::Bytes(bytes)),
            _ => Ok(Decoded::Text(decode_bytes(&bytes, encoding, errors, 0)?)),
        };
    }
    let (mut points, offsets) = code_points(input);
    if flavor == Flavor::PythonUnquotePlus {
        for p in points.iter_mut().filter(|p| **p == u32::from(b'+')) {
            *p = u32::from(b' ');
        }
    }
    if flavor == Flavor::PythonUnquoteToBytes {
        // `string.encode('utf-8')` first: strict, so a lone surrogate raises.
        let bytes = encode_str(&points, &offsets, &Params::default())?;
        return Ok(Decoded::Bytes(unquote_to_bytes(&bytes)));
    }
    let mut out: Vec<u32> = Vec::with_capacity(points.len());
    if !points.contains(&u32::from(b'%')) {
        out = points;
    } else {
        // `_asciire.split(string)`: ASCII runs are unquoted and decoded one by one;
        // non-ASCII characters (lone surrogates included) are kept as they are.
        let mut i = 0;
        while i < points.len() {
            let ascii = points[i] < 0x80;
            let end = points[i..]
                .iter()
                .position(|&p| (p < 0x80) != ascii)
                .map_or(points.len(), |n| i + n);
            if ascii {
                let run: Vec<u8> = points[i..end].iter().map(|&p| p as u8).collect();
                let text = decode_bytes(&unquote_to_bytes(&run), encoding, errors, offsets[i])?;
                out.extend(text.chars().map(u32::from));
            } else {
                out.extend_from_slice(&points[i..end]);
            }
            i = end;
        }
    }
    match out
        .iter()
        .map(|&p| char::from_u32(p))
        .collect::<Option<String>>()
    {
        Some(text) => Ok(Decoded::Text(text)),
        None => {
            let mut units = Vec::with_capacity(out.len());
            for p in out {
                match char::from_u32(p) {
                    Some(c) => units.extend_from_slice(c.encode_utf16(&mut [0u16; 2])),
                    None => units.push(p as u16),
                }
            }
            Ok(Decoded::Utf16(units))
        }
    }
}

fn unquote_to_bytes(s: &[u8]) -> Vec<u8> {
    match decode_to_bytes(s, DecodeMode::Lenient) {
        Ok(b) => b.into_owned(),
        // Lenient decoding does not fail.
        Err(_) => s.to_vec(),
    }
}

/// `bytes.decode(encoding, errors)`; `at` is the input offset of the run, for errors.
fn decode_bytes(
    bytes: &[u8],
    encoding: PyEncoding,
    errors: PyErrors,
    at: usize,
) -> Result<String, FlavorError> {
    match encoding {
        PyEncoding::Latin1 => Ok(bytes.iter().map(|&b| char::from(b)).collect()),
        PyEncoding::Ascii => {
            let mut out = String::with_capacity(bytes.len());
            for (pos, &b) in bytes.iter().enumerate() {
                if b.is_ascii() {
                    out.push(char::from(b));
                    continue;
                }
                match errors {
                    PyErrors::Strict | PyErrors::XmlCharRefReplace => {
                        return Err(decode_error(
                            at,
                            format!("'ascii' codec can't decode byte 0x{b:02x} in position {pos}: ordinal not in range(128)"),
                        ))
                    }
                    PyErrors::Replace => out.push('\u{FFFD}'),
                    PyErrors::Ignore => {}
                }
            }
            Ok(out)
        }
        PyEncoding::Utf8 => match errors {
            PyErrors::Replace => Ok(String::from_utf8_lossy(bytes).into_owned()),
            PyErrors::Ignore => Ok(bytes.utf8_chunks().map(|c| c.valid()).collect()),
            PyErrors::Strict | PyErrors::XmlCharRefReplace => match std::str::from_utf8(bytes) {
                Ok(s) => Ok(s.to_owned()),
                Err(e) => {
                    let pos = e.valid_up_to();
                    let (len, reason) = match e.error_len() {
                        None => (bytes.len() - pos, "unexpected end of data"),
                        Some(1) if matches!(bytes[pos], 0x80..=0xC1 | 0xF5..=0xFF) => {
                            (1, "invalid start byte")
                        }
                        Some(n) => (n, "invalid continuation byte"),
                    };
                    let what = if len == 1 {
                        format!("byte 0x{:02x} in position {pos}", bytes[pos])
                    } else {
                        format!("bytes in position {pos}-{}", pos + len - 1)
                    };
                    Err(decode_error(
                        at,
                        format!("'utf-8' codec can't decode {what}: {reason}"),
                    ))
                }
            },
        },
    }
}

fn decode_error(at: usize, message: String) -> FlavorError {
    FlavorError::new(
        FlavorErrorKind::UnicodeDecodeError,
        at,
        format!("UnicodeDecodeError: {message}"),
    )
}
