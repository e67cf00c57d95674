//! Encoding that leaves valid escapes alone: [`Encoder::encode_once_str`].

use std::borrow::Cow;

use super::encode::{Encoder, Space};
use crate::uri::chars::escape_at;

impl Encoder {
    /// Encodes `input` as [`Encoder::encode_str`] does, except that a `%` followed by two hex
    /// digits is kept with its digits as written: only what is not already a valid escape is
    /// encoded. A `%` that begins no valid escape (`100%`, `%zz`) is data and is encoded as
    /// the set says.
    ///
    /// This is what the WHATWG URL parser does to a path, query or fragment (its sets do not
    /// contain `%`, and escapes are never decoded), applied with any set: text that is
    /// already percent-encoded comes back unchanged, so `encode_once` is idempotent.
    ///
    /// # Rationale
    ///
    /// RFC 3986 §2.4 forbids encoding a string twice, yet the input of an encoder is often
    /// text that was encoded already (`%E6%97%A5` becoming `%25E6%2597%25A5`). A text that
    /// holds both a real `%` and an escape cannot be told apart from an encoded one; the
    /// escape is taken to be one, as a browser takes it. An encoder that writes space as `+`
    /// (form encoding) keeps a `+` too: in form-encoded text it is the encoding of a space,
    /// and encoding it again (`%2B`) would turn a space into a plus; without that, form
    /// encoding could not be idempotent.
    ///
    /// ```
    /// use urlkit::codec::{Encoder, sets::COMPONENT};
    /// let enc = Encoder::new(COMPONENT);
    /// assert_eq!(enc.encode_once_str("%E6%97%A5 日"), "%E6%97%A5%20%E6%97%A5");
    /// assert_eq!(enc.encode_once_str("100% %zz %e6"), "100%25%20%25zz%20%e6");
    /// // Idempotent: encoding the result again changes nothing.
    /// let once = enc.encode_once_str("a b/%2F");
    /// assert_eq!(enc.encode_once_str(&once), once);
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#path-state> ("If c is U+0025 (%) and remaining
    /// does not start with two ASCII hex digits, invalid-URL-unit validation error"; the
    /// escape itself is kept), <https://www.rfc-editor.org/rfc/rfc3986#section-2.4>.
    pub fn encode_once_str<'a>(&self, input: &'a str) -> Cow<'a, str> {
        if !self.keeps_encoded() {
            return self.encode_str(input);
        }
        let bytes = input.as_bytes();
        let mut escapes = self.encoded_runs(bytes).peekable();
        if escapes.peek().is_none() {
            return self.encode_str(input);
        }
        let mut out = String::with_capacity(input.len() + input.len() / 2);
        let mut from = 0;
        for (at, len) in escapes {
            // A valid escape and `+` are ASCII, so `at` and `at + len` are character
            // boundaries.
            out.push_str(&self.encode_str(&input[from..at]));
            out.push_str(&input[at..at + len]);
            from = at + len;
        }
        out.push_str(&self.encode_str(&input[from..]));
        if out == input {
            Cow::Borrowed(input)
        } else {
            Cow::Owned(out)
        }
    }

    /// [`Encoder::encode_once_str`] for bytes that need not be UTF-8 (every non-ASCII byte is
    /// encoded, as in [`Encoder::encode_bytes`]).
    ///
    /// ```
    /// use urlkit::codec::{Encoder, sets::UNRESERVED};
    /// assert_eq!(Encoder::new(UNRESERVED).encode_once_bytes(b"%83%5E\x83"), "%83%5E%83");
    /// ```
    pub fn encode_once_bytes<'a>(&self, input: &'a [u8]) -> Cow<'a, str> {
        if !self.keeps_encoded() {
            return self.encode_bytes(input);
        }
        let mut escapes = self.encoded_runs(input).peekable();
        if escapes.peek().is_none() {
            return self.encode_bytes(input);
        }
        let mut out = String::with_capacity(input.len() + input.len() / 2);
        let mut from = 0;
        for (at, len) in escapes {
            out.push_str(&self.encode_bytes(&input[from..at]));
            // Valid escapes and `+` are ASCII.
            out.extend(input[at..at + len].iter().map(|&b| char::from(b)));
            from = at + len;
        }
        out.push_str(&self.encode_bytes(&input[from..]));
        Cow::Owned(out)
    }
}

impl Encoder {
    /// Whether `encode_once` differs from `encode` at all: the encoder changes `%`, or
    /// writes space as `+` (and would encode a `+`).
    fn keeps_encoded(&self) -> bool {
        self.encodes(b'%') || self.plus_is_encoded_space()
    }

    fn plus_is_encoded_space(&self) -> bool {
        self.space_mode() == Space::Plus && self.encodes(b'+')
    }

    /// The `(offset, length)` of what is already encoded in `input`: each valid escape, and
    /// each `+` when this encoder writes space as `+`.
    fn encoded_runs<'a>(&self, input: &'a [u8]) -> impl Iterator<Item = (usize, usize)> + 'a {
        let plus = self.plus_is_encoded_space();
        let percent = self.encodes(b'%');
        let mut next = 0;
        memchr::memchr2_iter(b'%', b'+', input).filter_map(move |i| {
            if i < next {
                return None;
            }
            match input[i] {
                b'+' if plus => Some((i, 1)),
                b'%' if percent && escape_at(input, i).is_some() => {
                    next = i + 3;
                    Some((i, 3))
                }
                _ => None,
            }
        })
    }
}

/// The offsets of the valid escapes (`%` and two hex digits) of `input`, left to right, none
/// overlapping another.
pub(crate) fn valid_escapes(input: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let mut next = 0;
    memchr::memchr_iter(b'%', input).filter(move |&i| {
        if i < next || escape_at(input, i).is_none() {
            return false;
        }
        next = i + 3;
        true
    })
}

#[cfg(test)]
mod tests {
    use crate::codec::sets::{COMPONENT, FORM_URLENCODED, PATH, UNRESERVED};
    use crate::codec::{Encoder, Space};

    #[test]
    fn keeps_valid_escapes_and_encodes_the_rest() {
        let enc = Encoder::new(UNRESERVED);
        assert_eq!(enc.encode_once_str("%E6%97%A5"), "%E6%97%A5");
        assert_eq!(enc.encode_once_str("%%41"), "%25%41");
        assert_eq!(enc.encode_once_str("%4"), "%254");
        assert_eq!(enc.encode_once_str("a%4G%41"), "a%254G%41");
        assert_eq!(enc.encode_once_str(""), "");
    }

    #[test]
    fn a_set_without_percent_is_plain_encoding() {
        let enc = Encoder::new(PATH);
        assert_eq!(enc.encode_once_str("/100% a"), enc.encode_str("/100% a"));
    }

    #[test]
    fn form_keeps_plus_as_an_encoded_space() {
        let enc = Encoder::new(FORM_URLENCODED).space(Space::Plus);
        assert_eq!(enc.encode_once_str("a+b c%2B"), "a+b+c%2B");
        // A set that keeps '+' and '%' has nothing to keep.
        let keeps = Encoder::new(PATH).space(Space::Plus);
        assert_eq!(keeps.encode_once_str("a+b %"), "a+b+%");
    }

    #[test]
    fn bytes_and_text_agree_on_text() {
        let enc = Encoder::new(COMPONENT);
        for s in ["", "%", "%e6%97 日本", "100%25%zz", "a%2fb/c"] {
            assert_eq!(enc.encode_once_bytes(s.as_bytes()), enc.encode_once_str(s));
        }
    }
}
