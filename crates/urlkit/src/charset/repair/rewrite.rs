//! Writing a run back: as UTF-8 escapes inside a URL, or as text for bare bytes.

use std::ops::Range;

use super::reading::ReadChar;
use super::run::Run;
use super::unit::Token;
use crate::codec::uppercase_escape;

/// A replacement of `span` of the input.
#[derive(Clone, Debug)]
pub(crate) struct Edit {
    pub span: Range<usize>,
    pub text: String,
}

/// Where the output goes: a URL (escapes, the input's spelling elsewhere) or text.
pub(crate) enum Emit<'a> {
    /// Rewriting the URL `input`.
    Url(&'a str),
    /// Reading the bytes as text.
    Text(&'a [u8]),
}

impl Emit<'_> {
    /// The input at `span`, as written (bytes shown as `%XX` for bare bytes).
    pub fn source(&self, span: Range<usize>) -> String {
        match self {
            Emit::Url(input) => input[span].to_owned(),
            Emit::Text(bytes) => bytes[span]
                .iter()
                .map(|&b| {
                    if b.is_ascii() {
                        char::from(b).to_string()
                    } else {
                        String::from_utf8_lossy(uppercase_escape(b)).into_owned()
                    }
                })
                .collect(),
        }
    }

    /// A non-ASCII character of a run, written out.
    fn push_char(&self, out: &mut String, ch: char) {
        match self {
            Emit::Url(_) => {
                let mut buf = [0u8; 4];
                for &b in ch.encode_utf8(&mut buf).as_bytes() {
                    out.push_str(
                        std::str::from_utf8(uppercase_escape(b))
                            .expect("invariant: escapes are ASCII"),
                    );
                }
            }
            Emit::Text(_) => out.push(ch),
        }
    }

    /// An ASCII byte of a run that was read on its own: as it was written.
    fn push_token(&self, out: &mut String, token: &Token) {
        match self {
            Emit::Url(input) => out.push_str(&input[token.src.clone()]),
            Emit::Text(_) => out.push(char::from(token.value)),
        }
    }

    /// The run `run` of `tokens` written as `text` (a UTF-8 reading of the run's bytes, whose
    /// ASCII characters are the run's ASCII bytes in order).
    pub fn text_in_run(&self, text: &str, tokens: &[Token], run: &Run) -> String {
        let mut ascii = tokens[run.range.clone()]
            .iter()
            .filter(|t| t.value.is_ascii());
        let mut out = String::with_capacity(text.len() * 3);
        for ch in text.chars() {
            let token = if ch.is_ascii() { ascii.next() } else { None };
            match token {
                Some(t) if char::from(t.value) == ch => self.push_token(&mut out, t),
                _ => self.push_char_or_ascii(&mut out, ch),
            }
        }
        out
    }

    /// The run written as a legacy charset read it.
    pub fn reading_in_run(&self, chars: &[ReadChar], tokens: &[Token], run: &Run) -> String {
        let run_tokens = &tokens[run.range.clone()];
        let mut out = String::with_capacity(chars.len() * 9);
        for c in chars {
            if c.ch.is_ascii() && c.bytes.len() == 1 && run_tokens[c.bytes.start].value.is_ascii() {
                self.push_token(&mut out, &run_tokens[c.bytes.start]);
            } else {
                self.push_char_or_ascii(&mut out, c.ch);
            }
        }
        out
    }

    fn push_char_or_ascii(&self, out: &mut String, ch: char) {
        if ch.is_ascii() {
            // An ASCII character that no ASCII byte of the run stands for: escaped, so it
            // cannot become a delimiter.
            match self {
                Emit::Url(_) => out.push_str(
                    std::str::from_utf8(uppercase_escape(ch as u8))
                        .expect("invariant: escapes are ASCII"),
                ),
                Emit::Text(_) => out.push(ch),
            }
        } else {
            self.push_char(out, ch);
        }
    }

    /// The input with `edits` (sorted, disjoint) applied; for bare bytes, the bytes outside
    /// the edits are ASCII and kept.
    pub fn apply(&self, input: &str, edits: Vec<Edit>) -> String {
        let mut out = String::new();
        let mut at = 0;
        match self {
            Emit::Url(_) => {
                for e in edits {
                    out.push_str(&input[at..e.span.start]);
                    out.push_str(&e.text);
                    at = e.span.end;
                }
                out.push_str(&input[at..]);
            }
            Emit::Text(bytes) => {
                let ascii = |r: &[u8]| {
                    std::str::from_utf8(r)
                        .expect(
                            "invariant: outside the legacy runs the bytes are ASCII or UTF-8 runs",
                        )
                        .to_owned()
                };
                for e in edits {
                    out.push_str(&ascii(&bytes[at..e.span.start]));
                    out.push_str(&e.text);
                    at = e.span.end;
                }
                out.push_str(&ascii(&bytes[at..]));
            }
        }
        out
    }
}
