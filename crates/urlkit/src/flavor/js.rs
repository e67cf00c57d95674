//! JavaScript (ECMA-262, and the WHATWG URL Standard as Node implements it).
//!
//! Checked against Node.js v20.20.2 (V8 11.3); the seed's table was made with Node v24.11.0,
//! whose results for these functions are the same.
//!
//! Quirks reproduced:
//! - strings are UTF-16: `encodeURIComponent` and `encodeURI` throw `URIError: URI malformed`
//!   on a lone surrogate; `URLSearchParams` turns it into U+FFFD first (USVString);
//!   `escape` writes it as `%uD800`.
//! - `encodeURIComponent` keeps `! ' ( ) *` (RFC 2396 "mark" characters), so MDN's
//!   `encodeRFC3986URIComponent` re-encodes them.
//! - `decodeURIComponent` throws on any `%` not followed by two hex digits and on escapes
//!   that are not a UTF-8 encoding of a scalar value (truncated, overlong, surrogates);
//!   `decodeURI` also keeps escapes of `; / ? : @ & = + $ , #` exactly as written (`%2f` stays
//!   `%2f`).
//! - `unescape` decodes `%XX` and `%uXXXX` to code units and leaves anything else.
//! - `new URLSearchParams("k=" + s).get("k")` form-decodes up to the first `&` and never
//!   throws; Node's parser falls back to a byte decoder that keeps the low byte of each code
//!   unit when `decodeURIComponent` would throw (`%E6の` gives U+FFFD `n`).

use crate::codec::sets::{COMPONENT, UNRESERVED};
use crate::codec::{EncodeSet, Encoder};
use crate::uri::chars::{hex_value, is_hex, HEX_UPPER};

use super::text::{Input, Units};
use super::{Decoded, Flavor, FlavorError, FlavorErrorKind};

/// `encodeURI` keeps the URI's reserved characters and `#`.
const ENCODE_URI: EncodeSet = COMPONENT.remove_all(b";/?:@&=+$,#");

/// The characters whose escapes `decodeURI` leaves as they are.
const DECODE_URI_RESERVED: &[u8] = b";/?:@&=+$,#";

/// `escape` keeps `A-Z a-z 0-9 @ * _ + - . /`.
const ESCAPE_KEEPS: EncodeSet = EncodeSet::EMPTY
    .add_range(b'A', b'Z')
    .add_range(b'a', b'z')
    .add_range(b'0', b'9')
    .add_all(b"@*_+-./");

pub(super) fn uri_error(offset: usize) -> FlavorError {
    FlavorError::new(FlavorErrorKind::UriError, offset, "URIError: URI malformed")
}

pub(super) fn encode(flavor: Flavor, input: Input<'_>) -> Result<String, FlavorError> {
    let units = Units::of(input)?;
    match flavor {
        Flavor::JsEscape => Ok(escape(&units.units)),
        Flavor::JsUrlSearchParams => {
            // USVString conversion: lone surrogates become U+FFFD before serializing.
            let text = String::from_utf16_lossy(&units.units);
            Ok(Encoder::form().encode_str(&text).into_owned())
        }
        _ => {
            let set = match flavor {
                Flavor::JsEncodeUri => ENCODE_URI,
                Flavor::JsEncodeRfc3986UriComponent => UNRESERVED,
                _ => COMPONENT,
            };
            let text = match String::from_utf16(&units.units) {
                Ok(t) => t,
                Err(_) => {
                    let at = super::text::first_lone_surrogate(&units.units)
                        .expect("invariant: from_utf16 fails only on a lone surrogate");
                    return Err(uri_error(units.offset(at)));
                }
            };
            Ok(Encoder::new(set).encode_str(&text).into_owned())
        }
    }
}

fn escape(units: &[u16]) -> String {
    let hex = &HEX_UPPER.digits;
    let mut out = String::with_capacity(units.len() * 3);
    for &u in units {
        if u < 0x80 && ESCAPE_KEEPS.contains(u as u8) {
            out.push(char::from(u as u8));
        } else if u < 0x100 {
            out.push('%');
            out.push(char::from(hex[(u >> 4) as usize]));
            out.push(char::from(hex[(u & 15) as usize]));
        } else {
            out.push_str("%u");
            for shift in [12, 8, 4, 0] {
                out.push(char::from(hex[((u >> shift) & 15) as usize]));
            }
        }
    }
    out
}

pub(super) fn decode(flavor: Flavor, input: Input<'_>) -> Result<Decoded, FlavorError> {
    let units = Units::of(input)?;
    match flavor {
        Flavor::JsUnescape => Ok(Decoded::from_utf16(unescape(&units.units))),
        Flavor::JsDecodeUri => decode_uri(&units, DECODE_URI_RESERVED),
        Flavor::JsUrlSearchParamsGet => Ok(Decoded::Text(search_params_get(&units.units))),
        _ => decode_uri(&units, b""),
    }
}

fn hex_unit(u: u16) -> Option<u16> {
    let b = u8::try_from(u).ok().filter(|&b| is_hex(b))?;
    Some(u16::from(hex_value(b)))
}

fn escape_at(units: &[u16], i: usize) -> Option<u8> {
    if units.get(i) != Some(&u16::from(b'%')) {
        return None;
    }
    let hi = hex_unit(*units.get(i + 1)?)?;
    let lo = hex_unit(*units.get(i + 2)?)?;
    Some((hi << 4 | lo) as u8)
}

/// ECMA-262 §19.2.6.1.2 Decode ( string, reservedSet ).
fn decode_uri(units: &Units, reserved: &[u8]) -> Result<Decoded, FlavorError> {
    let s = &units.units;
    let mut out: Vec<u16> = Vec::with_capacity(s.len());
    let mut k = 0;
    while k < s.len() {
        if s[k] != u16::from(b'%') {
            out.push(s[k]);
            k += 1;
            continue;
        }
        let start = k;
        let b = escape_at(s, k).ok_or_else(|| uri_error(units.offset(start)))?;
        k += 3;
        if b < 0x80 {
            if reserved.contains(&b) {
                out.extend_from_slice(&s[start..k]);
            } else {
                out.push(u16::from(b));
            }
            continue;
        }
        let n = b.leading_ones() as usize;
        if n == 1 || n > 4 {
            return Err(uri_error(units.offset(start)));
        }
        let mut octets = vec![b];
        for _ in 1..n {
            let c = escape_at(s, k).ok_or_else(|| uri_error(units.offset(start)))?;
            if c & 0xC0 != 0x80 {
                return Err(uri_error(units.offset(start)));
            }
            octets.push(c);
            k += 3;
        }
        let ch = std::str::from_utf8(&octets)
            .ok()
            .and_then(|t| t.chars().next())
            .ok_or_else(|| uri_error(units.offset(start)))?;
        let mut buf = [0u16; 2];
        out.extend_from_slice(ch.encode_utf16(&mut buf));
    }
    Ok(Decoded::from_utf16(out))
}

/// `new URLSearchParams("k=" + s).get("k")` as Node.js v20 computes it (`parseParams` and
/// `querystring.unescape` in its `lib/`): the string is made a USVString (lone surrogates
/// become U+FFFD), the value ends at the first `&`, each `+` becomes a space; a value with a
/// valid escape goes through `decodeURIComponent`, and when that throws (a malformed `%` or
/// bytes that are not UTF-8), through a byte decoder that keeps the low byte of each other
/// code unit, read back as UTF-8 with replacement. So `%E6の` gives U+FFFD and `n` (0x6E,
/// the low byte of U+306E), where a browser's WHATWG parser gives U+FFFD and `の`.
fn search_params_get(units: &[u16]) -> String {
    let text = String::from_utf16_lossy(units);
    let value = text.find('&').map_or(text.as_str(), |i| &text[..i]);
    let spaced: Vec<u16> = value
        .encode_utf16()
        .map(|u| {
            if u == u16::from(b'+') {
                u16::from(b' ')
            } else {
                u
            }
        })
        .collect();
    if !(0..spaced.len()).any(|i| escape_at(&spaced, i).is_some()) {
        return String::from_utf16_lossy(&spaced);
    }
    let as_units = Units {
        units: spaced.clone(),
        offsets: None,
        len: spaced.len(),
    };
    if let Ok(decoded) = decode_uri(&as_units, b"") {
        return decoded.to_string_lossy();
    }
    let mut bytes = Vec::with_capacity(spaced.len());
    let mut k = 0;
    while k < spaced.len() {
        if let Some(b) = escape_at(&spaced, k) {
            bytes.push(b);
            k += 3;
        } else {
            // Buffer assignment keeps the low byte.
            bytes.push(spaced[k] as u8);
            k += 1;
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// ECMA-262 Annex B.2.1.2 unescape ( string ).
fn unescape(s: &[u16]) -> Vec<u16> {
    let mut out = Vec::with_capacity(s.len());
    let mut k = 0;
    while k < s.len() {
        let c = s[k];
        if c == u16::from(b'%') {
            if s.get(k + 1) == Some(&u16::from(b'u')) && k + 6 <= s.len() {
                let digits: Option<Vec<u16>> =
                    s[k + 2..k + 6].iter().map(|&d| hex_unit(d)).collect();
                if let Some(d) = digits {
                    out.push(d[0] << 12 | d[1] << 8 | d[2] << 4 | d[3]);
                    k += 6;
                    continue;
                }
            }
            if let Some(b) = escape_at(s, k) {
                out.push(u16::from(b));
                k += 3;
                continue;
            }
        }
        out.push(c);
        k += 1;
    }
    out
}
