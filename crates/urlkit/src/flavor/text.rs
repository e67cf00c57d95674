//! The string models of the languages: [`Input`] and [`Decoded`].

use super::{FlavorError, FlavorErrorKind};

/// An input to a foreign function, in one of the string models languages use.
///
/// ```
/// use urlkit::flavor::{Flavor, Input, Params};
/// // PHP strings are bytes: a lone 0xFF is fine.
/// assert_eq!(Flavor::PhpRawurlencode.encode_with(Input::Bytes(b"\xFF"), &Params::default()).unwrap(), "%FF");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input<'a> {
    /// UTF-8 text: what every language can hold.
    Text(&'a str),
    /// Raw bytes (PHP, Go, Ruby, Perl byte strings; Python `bytes`).
    Bytes(&'a [u8]),
    /// UTF-16 code units, possibly with lone surrogates (JavaScript and Java strings).
    Utf16(&'a [u16]),
}

/// A decoder's result, in the original's string model.
///
/// ```
/// use urlkit::flavor::{Decoded, Flavor};
/// assert_eq!(Flavor::PhpUrldecode.decode("%FF").unwrap(), Decoded::Bytes(vec![0xFF]));
/// assert_eq!(Flavor::JsUnescape.decode("%uD800").unwrap(), Decoded::Utf16(vec![0xD800]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decoded {
    /// Text (Python `str` without lone surrogates).
    Text(String),
    /// Bytes, not necessarily UTF-8 (PHP, Go, Ruby, Perl strings; Python `bytes`).
    Bytes(Vec<u8>),
    /// UTF-16 code units, possibly with lone surrogates (JavaScript, Java).
    Utf16(Vec<u16>),
}

impl Decoded {
    /// UTF-16 code units as [`Decoded::Text`] when they are well-formed, else as
    /// [`Decoded::Utf16`].
    ///
    /// ```
    /// use urlkit::flavor::Decoded;
    /// assert_eq!(Decoded::from_utf16(vec![0x65E5]), Decoded::Text("日".into()));
    /// ```
    pub fn from_utf16(units: Vec<u16>) -> Decoded {
        match String::from_utf16(&units) {
            Ok(t) => Decoded::Text(t),
            Err(_) => Decoded::Utf16(units),
        }
    }

    /// The result as text, with bytes that are not UTF-8 and lone surrogates as U+FFFD.
    ///
    /// ```
    /// use urlkit::flavor::Decoded;
    /// assert_eq!(Decoded::Bytes(b"a\xFF".to_vec()).to_string_lossy(), "a\u{FFFD}");
    /// ```
    pub fn to_string_lossy(&self) -> String {
        match self {
            Decoded::Text(s) => s.clone(),
            Decoded::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
            Decoded::Utf16(u) => String::from_utf16_lossy(u),
        }
    }

    /// Whether the result is exactly representable as text (valid UTF-8, no lone surrogate).
    ///
    /// ```
    /// use urlkit::flavor::Decoded;
    /// assert!(!Decoded::Utf16(vec![0xDC00]).is_text());
    /// ```
    pub fn is_text(&self) -> bool {
        match self {
            Decoded::Text(_) => true,
            Decoded::Bytes(b) => std::str::from_utf8(b).is_ok(),
            Decoded::Utf16(u) => char::decode_utf16(u.iter().copied()).all(|c| c.is_ok()),
        }
    }
}

/// The input as bytes, for languages whose strings are bytes (text as UTF-8).
pub(crate) fn to_bytes(input: Input<'_>) -> Result<std::borrow::Cow<'_, [u8]>, FlavorError> {
    match input {
        Input::Text(s) => Ok(s.as_bytes().into()),
        Input::Bytes(b) => Ok(b.into()),
        Input::Utf16(u) => match String::from_utf16(u) {
            Ok(s) => Ok(s.into_bytes().into()),
            Err(_) => {
                let at = first_lone_surrogate(u)
                    .expect("invariant: UTF-16 that is not text has a lone surrogate");
                Err(FlavorError::new(
                    FlavorErrorKind::NotText,
                    at,
                    "a lone surrogate cannot be part of a byte string",
                ))
            }
        },
    }
}

pub(crate) fn not_utf8(offset: usize) -> FlavorError {
    FlavorError::new(
        FlavorErrorKind::NotText,
        offset,
        "the input is not valid UTF-8, and this function takes text",
    )
}

/// The index of the first code unit that is an unpaired surrogate.
pub(crate) fn first_lone_surrogate(units: &[u16]) -> Option<usize> {
    let mut i = 0;
    while i < units.len() {
        let u = units[i];
        if (0xD800..0xDC00).contains(&u) {
            if units
                .get(i + 1)
                .is_some_and(|n| (0xDC00..0xE000).contains(n))
            {
                i += 2;
                continue;
            }
            return Some(i);
        }
        if (0xDC00..0xE000).contains(&u) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The UTF-16 code units, with each unit's byte offset in the UTF-8 text.
pub(crate) fn utf16_with_offsets(s: &str) -> (Vec<u16>, Vec<usize>) {
    let mut units = Vec::with_capacity(s.len());
    let mut offsets = Vec::with_capacity(s.len());
    let mut buf = [0u16; 2];
    for (at, c) in s.char_indices() {
        for u in c.encode_utf16(&mut buf) {
            units.push(*u);
            offsets.push(at);
        }
    }
    (units, offsets)
}

/// UTF-16 code units with a map back to the input's own offsets (bytes of text, or code
/// units), for the languages whose strings are UTF-16.
pub(crate) struct Units {
    pub units: Vec<u16>,
    pub(crate) offsets: Option<Vec<usize>>,
    pub(crate) len: usize,
}

impl Units {
    pub(crate) fn of(input: Input<'_>) -> Result<Units, FlavorError> {
        match input {
            Input::Utf16(u) => Ok(Units {
                units: u.to_vec(),
                offsets: None,
                len: u.len(),
            }),
            Input::Text(s) => Ok(Units::of_str(s)),
            Input::Bytes(b) => match std::str::from_utf8(b) {
                Ok(s) => Ok(Units::of_str(s)),
                Err(e) => Err(not_utf8(e.valid_up_to())),
            },
        }
    }

    fn of_str(s: &str) -> Units {
        let (units, offsets) = utf16_with_offsets(s);
        Units {
            units,
            offsets: Some(offsets),
            len: s.len(),
        }
    }

    /// The input offset of code unit `i` (the input's length past the end).
    pub(crate) fn offset(&self, i: usize) -> usize {
        match &self.offsets {
            None => i.min(self.len),
            Some(o) => o.get(i).copied().unwrap_or(self.len),
        }
    }
}
