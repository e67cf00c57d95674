//! Java `java.net.URLEncoder.encode(s, UTF_8)` and `java.net.URLDecoder.decode(s, UTF_8)`.
//!
//! Checked against OpenJDK 17.0.15.
//!
//! Quirks reproduced:
//! - `URLEncoder` keeps `a-zA-Z0-9 . - * _`, so it encodes `~` and keeps `*`; space is `+`.
//!   Strings are UTF-16 and a lone surrogate becomes `?` (`%3F`) when the string is turned
//!   into UTF-8.
//! - `URLDecoder` turns `+` into a space and reads each `%` escape with `Integer.parseInt(s,
//!   i+1, i+3, 16)`, which accepts a sign and Unicode digits: `%+5` is byte 5, `%-0` is
//!   byte 0, `%-5` fails with "negative value", fullwidth `%１２` is byte 0x12. It throws
//!   `IllegalArgumentException` for a bad escape ("Illegal hex characters in escape (%)
//!   pattern - Error at index N in: \"XY\"") and for a `%` with fewer than two characters
//!   after it ("Incomplete trailing escape (%) pattern").
//! - each run of escapes is turned into text with `new String(bytes, UTF_8)`, whose
//!   replacement of malformed input differs from the WHATWG (and Python, Rust) one: an
//!   encoded surrogate `%ED%A0%80` is one U+FFFD, not three, and a truncated sequence at
//!   the end of the run is one U+FFFD whatever its length.
//!
//! A message that would quote half of a surrogate pair has U+FFFD in its place.

use crate::codec::sets::UNRESERVED;
use crate::codec::{EncodeSet, Encoder, Space};

use super::text::{Input, Units};
use super::{Decoded, FlavorError, FlavorErrorKind};

/// `URLEncoder` keeps `a-zA-Z0-9.-*_`.
const URL_ENCODER: EncodeSet = UNRESERVED.add(b'~').remove(b'*');

const PREFIX: &str = "java.lang.IllegalArgumentException: URLDecoder: ";

pub(super) fn encode(input: Input<'_>) -> Result<String, FlavorError> {
    let units = Units::of(input)?;
    // String.getBytes(UTF_8) writes a lone surrogate as '?'.
    let text: String = char::decode_utf16(units.units.iter().copied())
        .map(|r| r.unwrap_or('?'))
        .collect();
    Ok(Encoder::new(URL_ENCODER)
        .space(Space::Plus)
        .encode_str(&text)
        .into_owned())
}

pub(super) fn decode(input: Input<'_>) -> Result<Decoded, FlavorError> {
    let units = Units::of(input)?;
    let s = &units.units;
    let n = s.len();
    let mut out: Vec<u16> = Vec::with_capacity(n);
    let mut i = 0;
    while i < n {
        let c = s[i];
        if c == u16::from(b'+') {
            out.push(u16::from(b' '));
            i += 1;
        } else if c == u16::from(b'%') {
            let mut bytes = Vec::new();
            let mut c = c;
            while i + 2 < n && c == u16::from(b'%') {
                let v = parse_int(&s[i + 1..i + 3]).map_err(|m| fail(units.offset(i), m))?;
                bytes.push(v);
                i += 3;
                if i < n {
                    c = s[i];
                }
            }
            if i < n && c == u16::from(b'%') {
                return Err(fail(
                    units.offset(i),
                    "Incomplete trailing escape (%) pattern".into(),
                ));
            }
            decode_utf8_jdk(&bytes, &mut out);
        } else {
            out.push(c);
            i += 1;
        }
    }
    Ok(Decoded::from_utf16(out))
}

fn fail(offset: usize, message: String) -> FlavorError {
    FlavorError::new(
        FlavorErrorKind::IllegalArgument,
        offset,
        format!("{PREFIX}{message}"),
    )
}

/// `Integer.parseInt(s, begin, begin + 2, 16)` as a byte, or the exception's message.
fn parse_int(digits: &[u16]) -> Result<u8, String> {
    let nfe = |index: usize| {
        format!(
            "Illegal hex characters in escape (%) pattern - Error at index {index} in: \"{}\"",
            String::from_utf16_lossy(digits)
        )
    };
    let mut i = 0;
    let mut negative = false;
    if digits[0] < u16::from(b'0') {
        if digits[0] == u16::from(b'-') {
            negative = true;
        } else if digits[0] != u16::from(b'+') {
            return Err(nfe(0));
        }
        i = 1;
    }
    let mut value: i32 = 0;
    while i < digits.len() {
        let d = java_digit(digits[i]).ok_or_else(|| nfe(i))?;
        value = value * 16 + i32::from(d);
        i += 1;
    }
    if negative {
        value = -value;
    }
    if value < 0 {
        return Err("Illegal hex characters in escape (%) pattern - negative value".into());
    }
    Ok(value as u8)
}

/// `Character.digit(c, 16)`: ASCII and fullwidth hex digits and the decimal digits (`Nd`)
/// of the BMP; exactly the code units OpenJDK 17 accepts (strings are UTF-16, so astral
/// digits never reach it).
fn java_digit(c: u16) -> Option<u8> {
    let ascii = |c: u16| match c {
        0x30..=0x39 => Some((c - 0x30) as u8),
        0x41..=0x46 => Some((c - 0x41 + 10) as u8),
        0x61..=0x66 => Some((c - 0x61 + 10) as u8),
        _ => None,
    };
    if c < 0x80 {
        return ascii(c);
    }
    if (0xFF21..=0xFF26).contains(&c) || (0xFF41..=0xFF46).contains(&c) {
        return ascii(c - 0xFF21 + 0x41 - if c >= 0xFF41 { 0x20 } else { 0 });
    }
    const ZEROS: &[u16] = &[
        0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6,
        0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0,
        0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0,
        0xAA50, 0xABF0, 0xFF10,
    ];
    ZEROS
        .iter()
        .find(|&&z| (z..z + 10).contains(&c))
        .map(|&z| (c - z) as u8)
}

const REPL: u16 = 0xFFFD;

/// `new String(bytes, UTF_8)` as OpenJDK 17 decodes it (`String.decodeUTF8_UTF16` with
/// replacement).
fn decode_utf8_jdk(src: &[u8], out: &mut Vec<u16>) {
    let cont = |b: u8| b & 0xC0 == 0x80;
    let sl = src.len();
    let mut sp = 0;
    while sp < sl {
        let b1 = src[sp];
        sp += 1;
        if b1 < 0x80 {
            out.push(u16::from(b1));
        } else if (0xC2..=0xDF).contains(&b1) {
            if sp < sl {
                let b2 = src[sp];
                sp += 1;
                if !cont(b2) {
                    out.push(REPL);
                    sp -= 1;
                } else {
                    out.push((u16::from(b1 & 0x1F) << 6) | u16::from(b2 & 0x3F));
                }
                continue;
            }
            out.push(REPL);
            break;
        } else if b1 & 0xF0 == 0xE0 {
            let malformed3_2 = |b2: u8| (b1 == 0xE0 && b2 & 0xE0 == 0x80) || !cont(b2);
            if sp + 1 < sl {
                let (b2, b3) = (src[sp], src[sp + 1]);
                sp += 2;
                if malformed3_2(b2) || !cont(b3) {
                    out.push(REPL);
                    sp -= 3;
                    sp += if malformed3_2(src[sp + 1]) { 1 } else { 2 };
                } else {
                    let c = (u16::from(b1 & 0x0F) << 12)
                        | (u16::from(b2 & 0x3F) << 6)
                        | u16::from(b3 & 0x3F);
                    out.push(if (0xD800..0xE000).contains(&c) {
                        REPL
                    } else {
                        c
                    });
                }
                continue;
            }
            if sp < sl && malformed3_2(src[sp]) {
                out.push(REPL);
                continue;
            }
            out.push(REPL);
            break;
        } else if b1 & 0xF8 == 0xF0 {
            let malformed4_2 = |b2: u8| {
                (b1 == 0xF0 && !(0x90..=0xBF).contains(&b2))
                    || (b1 == 0xF4 && b2 & 0xF0 != 0x80)
                    || !cont(b2)
            };
            if sp + 2 < sl {
                let (b2, b3, b4) = (src[sp], src[sp + 1], src[sp + 2]);
                sp += 3;
                let uc = (u32::from(b1 & 0x07) << 18)
                    | (u32::from(b2 & 0x3F) << 12)
                    | (u32::from(b3 & 0x3F) << 6)
                    | u32::from(b4 & 0x3F);
                if !cont(b2) || !cont(b3) || !cont(b4) || !(0x10000..=0x10FFFF).contains(&uc) {
                    out.push(REPL);
                    sp -= 4;
                    // malformed4: how many bytes the malformed sequence spans.
                    let skip = if b1 > 0xF4 || malformed4_2(b2) {
                        1
                    } else if !cont(b3) {
                        2
                    } else {
                        3
                    };
                    sp += skip;
                } else {
                    let v = uc - 0x10000;
                    out.push(0xD800 | (v >> 10) as u16);
                    out.push(0xDC00 | (v & 0x3FF) as u16);
                }
                continue;
            }
            if b1 > 0xF4 || (sp < sl && malformed4_2(src[sp])) {
                out.push(REPL);
                continue;
            }
            sp += 1;
            out.push(REPL);
            if sp < sl && !cont(src[sp]) {
                continue;
            }
            break;
        } else {
            out.push(REPL);
        }
    }
}
