//! application/x-www-form-urlencoded: the WHATWG parser and serializer (URL Standard §5).
//!
//! This is the format of HTML form submissions and of `URLSearchParams`: `name=value` pairs
//! joined by `&`, each side percent-encoded with [`FORM_URLENCODED`] and space written `+`.
//!
//! ```
//! use urlkit::codec::form;
//! let pairs = form::parse(b"q=%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7&page=2");
//! assert_eq!(pairs, [("q".to_string(), "東京 カフェ".to_string()), ("page".into(), "2".into())]);
//! assert_eq!(form::serialize([("q", "東京 カフェ"), ("page", "2")]),
//!            "q=%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7&page=2");
//! ```
//!
//! Spec: <https://url.spec.whatwg.org/#application/x-www-form-urlencoded>
//!
//! [`FORM_URLENCODED`]: crate::codec::sets::FORM_URLENCODED

use std::borrow::Cow;

use super::decode::{decode_to_bytes, DecodeMode};
use super::encode::Encoder;

/// Parses an application/x-www-form-urlencoded byte sequence into `(name, value)` pairs.
///
/// Following the standard exactly: the input is split on `&`; empty pieces are skipped; a
/// piece is split at its first `=` (no `=` means an empty value); `+` becomes a space; each
/// side is percent-decoded (a malformed `%` stays as it is) and then UTF-8 decoded without
/// BOM handling, invalid sequences becoming U+FFFD. It never fails.
///
/// # Rationale
///
/// The input is bytes because form bodies and query strings arrive as bytes and
/// may hold bytes that are not UTF-8 (a raw `0xFF`); they become U+FFFD as the standard says.
/// Pass `s.as_bytes()` for a `&str`.
///
/// ```
/// use urlkit::codec::form;
/// assert_eq!(form::parse(b"a=1&&b&=c&a=%zz+%41"), [
///     ("a".to_string(), "1".to_string()),
///     ("b".into(), "".into()),
///     ("".into(), "c".into()),
///     ("a".into(), "%zz A".into()),
/// ]);
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#urlencoded-parsing>
pub fn parse(input: &[u8]) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    for piece in input.split(|&b| b == b'&') {
        if piece.is_empty() {
            continue;
        }
        let (name, value) = match piece.iter().position(|&b| b == b'=') {
            Some(eq) => (&piece[..eq], &piece[eq + 1..]),
            None => (piece, &piece[piece.len()..]),
        };
        pairs.push((decode_component(name), decode_component(value)));
    }
    pairs
}

/// `+` to space, percent-decode, UTF-8 decode without BOM (U+FFFD for invalid sequences).
fn decode_component(bytes: &[u8]) -> String {
    // Form mode never fails; the Err arm keeps the function total without a panic path.
    let decoded = match decode_to_bytes(bytes, DecodeMode::Form) {
        Ok(decoded) => decoded,
        Err(_) => Cow::Borrowed(bytes),
    };
    match decoded {
        Cow::Borrowed(b) => String::from_utf8_lossy(b).into_owned(),
        Cow::Owned(v) => match String::from_utf8(v) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        },
    }
}

/// Serializes `(name, value)` pairs as application/x-www-form-urlencoded, UTF-8.
///
/// Each name and value is percent-encoded with the
/// [`FORM_URLENCODED`](crate::codec::sets::FORM_URLENCODED) set with space as `+`, uppercase
/// hex; pairs are written `name=value` and joined with `&`. For a legacy document encoding
/// see [`crate::charset`].
///
/// ```
/// use urlkit::codec::form;
/// assert_eq!(form::serialize([("a b", "c&d=e"), ("~", "*")]), "a+b=c%26d%3De&%7E=*");
/// assert_eq!(form::serialize(Vec::<(&str, &str)>::new()), "");
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#urlencoded-serializing>
pub fn serialize<'a, I>(pairs: I) -> String
where
    I: IntoIterator<Item = (&'a str, &'a str)>,
{
    let mut out = String::new();
    for (name, value) in pairs {
        append_pair(&mut out, name, value);
    }
    out
}

/// Appends one `name=value` pair to a serialization in progress, with a `&` first unless
/// `out` is empty.
///
/// ```
/// use urlkit::codec::form;
/// let mut query = String::new();
/// form::append_pair(&mut query, "q", "東京");
/// form::append_pair(&mut query, "n", "1+1");
/// assert_eq!(query, "q=%E6%9D%B1%E4%BA%AC&n=1%2B1");
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#urlencoded-serializing>
pub fn append_pair(out: &mut String, name: &str, value: &str) {
    const FORM: Encoder = Encoder::form();
    if !out.is_empty() {
        out.push('&');
    }
    FORM.encode_str_into(name, out);
    out.push('=');
    FORM.encode_str_into(value, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_edge_cases() {
        assert!(parse(b"").is_empty());
        assert!(parse(b"&&").is_empty());
        assert_eq!(parse(b"="), [(String::new(), String::new())]);
        assert_eq!(parse(b"a==b"), [("a".to_string(), "=b".to_string())]);
        assert_eq!(
            parse(b"%FF=\xFF"),
            [("\u{FFFD}".to_string(), "\u{FFFD}".to_string())]
        );
        assert_eq!(
            parse(b"\xEF\xBB\xBFa"),
            [("\u{FEFF}a".to_string(), String::new())]
        );
    }

    #[test]
    fn round_trip() {
        let pairs = [("a b", "c+d"), ("東京", "%&="), ("", "")];
        let text = serialize(pairs);
        let back = parse(text.as_bytes());
        let back: Vec<(&str, &str)> = back.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
        assert_eq!(back, pairs);
    }
}
