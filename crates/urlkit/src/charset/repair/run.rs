//! Runs: the stretches of a unit that a charset can have written, and the shape of broken UTF-8.

use std::fmt;
use std::ops::Range;

use super::unit::Token;

/// The lowest and highest trail byte that is ASCII in the WHATWG double-byte decoders
/// (Shift_JIS, gb18030, Big5 and EUC-KR all take trail bytes from `0x40..=0x7E`, or a subset).
const ASCII_TRAIL: std::ops::RangeInclusive<u8> = 0x40..=0x7E;

/// One run to read, with the ASCII characters that touch it in its unit.
#[derive(Clone, Debug)]
pub(crate) struct RunInput {
    pub bytes: Vec<u8>,
    pub before: Option<char>,
    pub after: Option<char>,
}

/// A run: token indices `range` of a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    pub range: Range<usize>,
}

impl Run {
    /// The run's bytes.
    pub fn bytes(&self, tokens: &[Token]) -> Vec<u8> {
        tokens[self.range.clone()].iter().map(|t| t.value).collect()
    }
}

/// The runs of a unit: each starts at an escaped byte >= 0x80 and goes on through escaped
/// bytes >= 0x80 and through single ASCII bytes in `0x40..=0x7E` that directly follow one
/// (the raw trail bytes of `%83s%83G%81[%83%8B`).
///
/// *Rationale*: the extent of a run must not depend on the charset being tried, or the
/// candidates would not be comparable. Taking one ASCII byte after every high byte covers every
/// double-byte decoder; a decoder for which that byte is not a trail byte reads it as ASCII,
/// and the rewrite keeps an ASCII byte read on its own exactly as it was written.
pub(crate) fn runs_of(tokens: &[Token]) -> Vec<Run> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if !tokens[i].is_run_byte() {
            i += 1;
            continue;
        }
        let start = i;
        while i < tokens.len() {
            if tokens[i].is_run_byte() {
                i += 1;
                if i < tokens.len()
                    && !tokens[i].is_run_byte()
                    && ASCII_TRAIL.contains(&tokens[i].value)
                {
                    i += 1;
                }
            } else {
                break;
            }
        }
        runs.push(Run { range: start..i });
    }
    runs
}

/// The raw runs of a unit: maximal stretches of unescaped bytes that are non-ASCII or ASCII
/// letters and digits, holding at least one non-ASCII byte, outside the escaped runs `taken`
/// (whose ASCII trail bytes they would otherwise share).
///
/// *Rationale*: raw mojibake is read as text, a word at a time: the letters around a misread
/// character belong to its word (`NicolÃ¡s`), and punctuation and delimiters end it
/// (`Ã¢Å’Â£)`), as they end a word of the text that was misread.
pub(crate) fn raw_runs_of(tokens: &[Token], taken: &[Run]) -> Vec<Run> {
    let in_word = |i: usize| {
        let t = &tokens[i];
        !t.escaped
            && (t.value >= 0x80 || t.value.is_ascii_alphanumeric())
            && !taken.iter().any(|r| r.range.contains(&i))
    };
    let mut runs = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if !in_word(i) {
            i += 1;
            continue;
        }
        let start = i;
        while i < tokens.len() && in_word(i) {
            i += 1;
        }
        if tokens[start..i].iter().any(|t| t.value >= 0x80) {
            runs.push(Run { range: start..i });
        }
    }
    runs
}

/// What is wrong with bytes that have UTF-8's structure but break one of its rules.
///
/// ```
/// use urlkit::charset::repair::BrokenUtf8;
/// assert_eq!(BrokenUtf8::Overlong.name(), "overlong");
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3629#section-3>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BrokenUtf8 {
    /// A code point written with more bytes than it needs (`%C0%AF` for `/`).
    Overlong,
    /// A UTF-16 surrogate U+D800..U+DFFF (`%ED%A0%80`), which UTF-8 excludes.
    Surrogate,
    /// Beyond U+10FFFF (`%F4%90%80%80`).
    TooLarge,
    /// A sequence cut short at the end of the run (`%E3%81`).
    Truncated,
}

impl BrokenUtf8 {
    /// A stable kebab-case name.
    ///
    /// ```
    /// use urlkit::charset::repair::BrokenUtf8;
    /// assert_eq!(BrokenUtf8::Truncated.name(), "truncated");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            BrokenUtf8::Overlong => "overlong",
            BrokenUtf8::Surrogate => "surrogate",
            BrokenUtf8::TooLarge => "too-large",
            BrokenUtf8::Truncated => "truncated",
        }
    }
}

impl fmt::Display for BrokenUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BrokenUtf8::Overlong => "an overlong UTF-8 sequence",
            BrokenUtf8::Surrogate => "a UTF-8-encoded surrogate",
            BrokenUtf8::TooLarge => "a UTF-8 sequence beyond U+10FFFF",
            BrokenUtf8::Truncated => "a UTF-8 sequence cut short",
        })
    }
}

/// When `bytes` are UTF-8 in structure (every lead byte followed by continuation bytes) but
/// not valid UTF-8, the first defect and its byte offset. `None` when the bytes are valid
/// UTF-8 or do not have that structure (a stray continuation byte, a lead byte alone, a lead
/// byte followed by ASCII in the middle of the run): those are for legacy charsets.
///
/// *Rationale*: overlong forms, surrogates and sequences cut off at the end are what broken
/// UTF-8 encoders and truncation produce; legacy double-byte text almost never has this shape,
/// since its lead bytes are followed by bytes anywhere in `0x40..=0xFE`. A lone lead byte is
/// not counted (`caf%E9` is Latin-1 far more often than a cut-off UTF-8 sequence).
pub(crate) fn broken_utf8(bytes: &[u8]) -> Option<(BrokenUtf8, usize)> {
    let mut first: Option<(BrokenUtf8, usize)> = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let need = match b {
            0x00..=0x7F => {
                i += 1;
                continue;
            }
            0xC0..=0xDF => 1,
            0xE0..=0xEF => 2,
            0xF0..=0xF7 => 3,
            _ => return None,
        };
        let mut got = 0;
        while got < need && i + 1 + got < bytes.len() && (0x80..=0xBF).contains(&bytes[i + 1 + got])
        {
            got += 1;
        }
        if got < need {
            // Cut short: only at the end of the run, and only after one continuation byte.
            if i + 1 + got == bytes.len() && got >= 1 {
                first.get_or_insert((BrokenUtf8::Truncated, i));
                break;
            }
            return None;
        }
        let seq = &bytes[i..i + 1 + need];
        if std::str::from_utf8(seq).is_err() {
            let defect = match (b, seq[1]) {
                (0xC0 | 0xC1, _) | (0xE0, 0x80..=0x9F) | (0xF0, 0x80..=0x8F) => {
                    BrokenUtf8::Overlong
                }
                (0xED, 0xA0..=0xBF) => BrokenUtf8::Surrogate,
                _ => BrokenUtf8::TooLarge,
            };
            first.get_or_insert((defect, i));
        }
        i += 1 + need;
    }
    first
}

#[cfg(test)]
mod tests {
    use super::super::unit::tokens_of;
    use super::*;

    fn runs(text: &str) -> Vec<String> {
        let t = tokens_of(text, 0);
        runs_of(&t)
            .into_iter()
            .map(|r| text[t[r.range.start].src.start..t[r.range.end - 1].src.end].to_owned())
            .collect()
    }

    #[test]
    fn runs_take_ascii_trail_bytes() {
        assert_eq!(runs("x%83s%83G%81[%83%8By"), ["%83s%83G%81[%83%8By"]);
        assert_eq!(runs("a%83zb%E9"), ["%83z", "%E9"]);
        assert_eq!(runs("%E6%97%A5-%E6"), ["%E6%97%A5", "%E6"]);
        assert_eq!(runs("%83%2F"), ["%83"]);
        assert_eq!(runs("plain"), Vec::<String>::new());
    }

    #[test]
    fn raw_runs_are_words() {
        let raw = |text: &str| -> Vec<String> {
            let t = tokens_of(text, 0);
            raw_runs_of(&t, &runs_of(&t))
                .into_iter()
                .map(|r| text[t[r.range.start].src.start..t[r.range.end - 1].src.end].to_owned())
                .collect()
        };
        assert_eq!(raw("NicolÃ¡s-x"), ["NicolÃ¡s"]);
        assert_eq!(raw("Ã¢(Ã£)plain"), ["Ã¢", "Ã£"]);
        assert_eq!(raw("%83sé"), ["é"]);
        assert_eq!(raw("%E9%96%8B"), Vec::<String>::new());
    }

    #[test]
    fn broken_utf8_shapes() {
        assert_eq!(broken_utf8(b"\xC0\xAF"), Some((BrokenUtf8::Overlong, 0)));
        assert_eq!(broken_utf8(b"a\xE3\x81"), Some((BrokenUtf8::Truncated, 1)));
        assert_eq!(
            broken_utf8(b"\xED\xA0\x80"),
            Some((BrokenUtf8::Surrogate, 0))
        );
        assert_eq!(
            broken_utf8(b"\xF4\x90\x80\x80"),
            Some((BrokenUtf8::TooLarge, 0))
        );
        assert_eq!(broken_utf8("日本".as_bytes()), None);
        assert_eq!(broken_utf8(b"\x8AO\x91\x95"), None);
        assert_eq!(broken_utf8(b"\xE9"), None);
        assert_eq!(broken_utf8(b"\xE9t\xE9"), None);
    }
}
