//! Lines, and the one policy on what surrounds an input: a byte order mark at the start of
//! the input, the CR of a CRLF line end, and the whitespace around a URL. Every reader and
//! every door (the CLI's line commands, `reconcile`'s readers, Python) calls [`trim`] and
//! [`for_each_line`], so that the same bytes give the same URL whichever door they came in by.

use std::io::{self, BufRead};
use std::ops::Range;

/// The UTF-8 byte order mark.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// What an input is, for the one rule on byte order marks and surrounding whitespace.
///
/// # Rationale
///
/// A byte order mark at the start of an input is never data (Windows tools write one before
/// the first line): it is removed, with a note. Surrounding whitespace is never part of a URL
/// (RFC 3986 Appendix C: "whitespace should be ignored when extracting the URI"; the WHATWG
/// URL parser strips C0 controls and spaces too): around a URL it is removed, with a note. In
/// free text (what `encode` and `decode` read) a space is data and is kept.
///
/// ```
/// use urlkit_sources::{trim, Content};
/// assert_eq!(trim(b" https://a/\t", false, Content::Url).kept, 1..11);
/// assert_eq!(trim(b" a b ", false, Content::Text).kept, 0..5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Content {
    /// Free text: only a byte order mark at the start of the input is removed.
    Text,
    /// A URL: the byte order mark and the whitespace around it are removed.
    Url,
}

/// What [`trim`] kept of an input, and what it removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trimmed {
    /// The byte range kept (on character boundaries where the input is UTF-8).
    pub kept: Range<usize>,
    /// Whether a byte order mark was removed from the start.
    pub bom: bool,
    /// The whitespace removed before the URL (after the byte order mark).
    pub before: Range<usize>,
    /// The whitespace removed after the URL.
    pub after: Range<usize>,
}

impl Trimmed {
    /// Whether anything but the byte order mark was removed.
    pub fn removed_whitespace(&self) -> bool {
        !self.before.is_empty() || !self.after.is_empty()
    }

    /// What was removed, as the notes of every door say it (`None`: nothing was), for
    /// `input` (the bytes [`trim`] was given). The byte order mark has its own sentence
    /// ([`BOM_REMOVED`]).
    ///
    /// ```
    /// use urlkit_sources::{trim, Content};
    /// let line = " https://a/\u{3000}".as_bytes();
    /// let t = trim(line, false, Content::Url);
    /// assert_eq!(
    ///     t.describe(line).as_deref(),
    ///     Some("removed the whitespace around the URL (U+0020 before, U+3000 after)")
    /// );
    /// let t = trim(b" \t", false, Content::Url);
    /// assert_eq!(
    ///     t.describe(b" \t").as_deref(),
    ///     Some("a line of whitespace only (U+0020 U+0009), read as an empty line")
    /// );
    /// ```
    pub fn describe(&self, input: &[u8]) -> Option<String> {
        if !self.removed_whitespace() {
            return None;
        }
        let code_points = |r: &Range<usize>| {
            String::from_utf8_lossy(input.get(r.clone()).unwrap_or_default())
                .chars()
                .map(|c| format!("U+{:04X}", c as u32))
                .collect::<Vec<_>>()
                .join(" ")
        };
        if self.kept.is_empty() {
            let all = self.before.start..self.after.end.max(self.before.end);
            return Some(format!(
                "a line of whitespace only ({}), read as an empty line",
                code_points(&all)
            ));
        }
        let mut removed = Vec::new();
        if !self.before.is_empty() {
            removed.push(format!("{} before", code_points(&self.before)));
        }
        if !self.after.is_empty() {
            removed.push(format!("{} after", code_points(&self.after)));
        }
        Some(format!(
            "removed the whitespace around the URL ({})",
            removed.join(", ")
        ))
    }
}

/// The sentence every door says when it removed a byte order mark.
pub const BOM_REMOVED: &str = "removed the byte order mark (U+FEFF) at the start of the input";

/// The one trim: a byte order mark when `at_start` (the first line of an input, or a whole
/// argument), then, for a [`Content::Url`], the whitespace (Unicode `White_Space`, as
/// `char::is_whitespace`) at both ends. A line of whitespace only keeps an empty range at its
/// end. Bytes that are not UTF-8 are never whitespace: the trim stops at them. The input
/// should come without its line end ([`for_each_line`] removes the `\n` and the CR of `\r\n`).
///
/// ```
/// use urlkit_sources::{trim, Content};
/// let t = trim("\u{FEFF} https://a/ ".as_bytes(), true, Content::Url);
/// assert!(t.bom);
/// assert_eq!((t.before, t.kept, t.after), (3..4, 4..14, 14..15));
/// // Not UTF-8: never whitespace.
/// assert_eq!(trim(b"\xFF ", false, Content::Url).kept, 0..1);
/// // Whitespace only: the ends meet, they never cross.
/// assert_eq!(trim(b"  ", false, Content::Url).kept, 2..2);
/// ```
pub fn trim(input: &[u8], at_start: bool, content: Content) -> Trimmed {
    let start = if at_start && input.starts_with(BOM) {
        BOM.len()
    } else {
        0
    };
    let bom = start > 0;
    if content == Content::Text || !may_have_whitespace_around(&input[start..]) {
        return Trimmed {
            kept: start..input.len(),
            bom,
            before: start..start,
            after: input.len()..input.len(),
        };
    }
    let mut from = start;
    while let Some((c, len)) = char_at(&input[from..]) {
        if !c.is_whitespace() {
            break;
        }
        from += len;
    }
    let mut to = input.len();
    while to > from {
        match char_before(&input[from..to]) {
            Some((c, len)) if c.is_whitespace() => to -= len,
            _ => break,
        }
    }
    Trimmed {
        kept: from..to,
        bom,
        before: start..from,
        after: to..input.len(),
    }
}

/// [`trim`] of a string: the kept text and what was removed.
///
/// ```
/// use urlkit_sources::{trim_str, Content};
/// assert_eq!(trim_str(" https://a/ ", Content::Url).0, "https://a/");
/// ```
pub fn trim_str(input: &str, content: Content) -> (&str, Trimmed) {
    let t = trim(input.as_bytes(), true, content);
    let kept = input
        .get(t.kept.clone())
        .expect("invariant: the trim of UTF-8 ends on character boundaries");
    (kept, t)
}

/// Whether `bytes` may start or end with whitespace: `false` is certain when both ends are
/// ASCII other than whitespace (a non-ASCII whitespace character's bytes are all >= 0x80),
/// which spares nearly every line the look at its characters.
fn may_have_whitespace_around(bytes: &[u8]) -> bool {
    let plain = |b: &u8| b.is_ascii() && !char::from(*b).is_whitespace();
    !(bytes.first().is_some_and(plain) && bytes.last().is_some_and(plain))
}

/// The character at the start of `bytes` and its length, when they start with one in UTF-8.
fn char_at(bytes: &[u8]) -> Option<(char, usize)> {
    let len = match *bytes.first()? {
        b if b < 0x80 => 1,
        b if b >> 5 == 0b110 => 2,
        b if b >> 4 == 0b1110 => 3,
        b if b >> 3 == 0b11110 => 4,
        _ => return None,
    };
    let c = std::str::from_utf8(bytes.get(..len)?)
        .ok()?
        .chars()
        .next()?;
    Some((c, len))
}

/// The character at the end of `bytes` and its length, when they end with one in UTF-8.
fn char_before(bytes: &[u8]) -> Option<(char, usize)> {
    // A character is at most four bytes: its start is among the last four.
    (1..=bytes.len().min(4)).find_map(|len| {
        let tail = &bytes[bytes.len() - len..];
        let (c, n) = char_at(tail)?;
        (n == len).then_some((c, len))
    })
}

/// Calls `f` with each line of `reader`, without its `\n` or `\r\n`; the last line need not
/// end in one (and then keeps a final `\r`, which ended no line). A line that lies whole in
/// the reader's buffer is passed from there (most lines: no copy); only a line that straddles
/// two reads is gathered first. Every read size gives the same lines.
///
/// ```
/// let mut lines = Vec::new();
/// let mut input: &[u8] = b"a\r\nb\n\nc";
/// urlkit_sources::for_each_line(&mut input, |l| {
///     lines.push(l.to_vec());
///     Ok(())
/// })
/// .unwrap();
/// assert_eq!(lines, [&b"a"[..], b"b", b"", b"c"]);
/// ```
pub fn for_each_line(
    reader: &mut impl BufRead,
    mut f: impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let mut partial = Vec::new();
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return if partial.is_empty() {
                Ok(())
            } else {
                f(&partial)
            };
        }
        let mut used = 0;
        while let Some(at) = memchr::memchr(b'\n', &buf[used..]) {
            let end = used + at;
            if partial.is_empty() {
                f(strip_cr(&buf[used..end]))?;
            } else {
                partial.extend_from_slice(&buf[used..end]);
                f(strip_cr(&partial))?;
                partial.clear();
            }
            used = end + 1;
        }
        partial.extend_from_slice(&buf[used..]);
        let len = buf.len();
        reader.consume(len);
    }
}

/// A line without the `\r` of its `\r\n`.
fn strip_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Why the text of a line is not taken for a URL, if it is not one.
///
/// ```text
/// https://example.com/a      a URL
/// /relative/path             no scheme
/// See the pricing page       a blank inside
/// ```
///
/// # Rationale
///
/// A list of URLs has one URL a line and nothing else; a line with a blank inside or without
/// a scheme is prose (a README, a note), and joining it would report it as a missing or extra
/// URL. A line with a scheme that the parser refuses (a control character, a bad `%`) is
/// kept: reconcile lists it among the URLs it could not key.
///
/// ```
/// use urlkit_sources::not_a_url;
/// assert_eq!(not_a_url("https://example.com/a"), None);
/// assert_eq!(not_a_url("not a url"), Some("it has a blank inside"));
/// assert_eq!(not_a_url("/relative"), Some("it has no scheme (like https:)"));
/// ```
pub fn not_a_url(line: &str) -> Option<&'static str> {
    let bytes = line.as_bytes();
    // ASCII whitespace (a line has no LF), searched with memchr's vector loops: this runs on
    // every line.
    let blank = memchr::memchr3(b' ', b'\t', b'\r', bytes).is_some()
        || memchr::memchr(b'\x0C', bytes).is_some();
    if blank {
        return Some("it has a blank inside");
    }
    // Only the scheme is read: this runs on every line before the keying threads see it.
    urlkit::uri::scheme_end(line)
        .is_none()
        .then_some("it has no scheme (like https:)")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], capacity: usize) -> Vec<Vec<u8>> {
        let mut reader = std::io::BufReader::with_capacity(capacity, input);
        let mut out = Vec::new();
        for_each_line(&mut reader, |l| {
            out.push(l.to_vec());
            Ok(())
        })
        .expect("invariant: reading a slice does not fail");
        out
    }

    /// The lines read_until gives (without `\n`, and `\r` before it), whatever the buffer
    /// size: lines inside a buffer, straddling two or more, empty, and a last one without a
    /// newline.
    #[test]
    fn lines_are_those_of_read_until_at_every_buffer_size() {
        let inputs: [&[u8]; 6] = [
            b"",
            b"a",
            b"a\nbb\r\n\nccc\r",
            b"\n\n\r\n",
            "https://example.com/運営/\r\nx\ny".as_bytes(),
            b"long line that straddles many small buffers\nend\n",
        ];
        for input in inputs {
            let mut want = Vec::new();
            let mut reader = input;
            loop {
                let mut line = Vec::new();
                if BufRead::read_until(&mut reader, b'\n', &mut line).expect("slice") == 0 {
                    break;
                }
                if line.last() == Some(&b'\n') {
                    line.pop();
                    if line.last() == Some(&b'\r') {
                        line.pop();
                    }
                }
                want.push(line);
            }
            for capacity in [1, 2, 3, 5, 8, 64, 4096] {
                assert_eq!(
                    lines(input, capacity),
                    want,
                    "{input:?} in {capacity}-byte reads"
                );
            }
        }
    }

    #[test]
    fn whitespace_around_is_looked_for_only_when_an_end_may_be_whitespace() {
        assert!(!may_have_whitespace_around(b"https://a/"));
        assert!(may_have_whitespace_around(b""));
        assert!(may_have_whitespace_around(b" https://a/"));
        assert!(may_have_whitespace_around(b"https://a/\t"));
        assert!(may_have_whitespace_around("https://a/\u{3000}".as_bytes()));
        assert!(may_have_whitespace_around("運".as_bytes()));
    }

    /// Every line of up to four pieces from an alphabet of ASCII and non-ASCII whitespace, a
    /// letter, a byte order mark and bytes that are not UTF-8: the trim never panics (a line
    /// of whitespace only once sliced `[len..0]`), keeps what `str::trim` keeps when the line
    /// is UTF-8, and never removes a byte that is not whitespace.
    #[test]
    fn the_trim_of_every_short_line_is_str_trim() {
        let pieces: [&[u8]; 8] = [
            b" ",
            b"\t",
            b"a",
            "\u{3000}".as_bytes(),
            "\u{85}".as_bytes(),
            b"\xFF",
            b"\xE3\x80",
            BOM,
        ];
        let mut all: Vec<Vec<u8>> = vec![Vec::new()];
        let mut last = all.clone();
        for _ in 0..4 {
            last = last
                .iter()
                .flat_map(|l| {
                    pieces.iter().map(move |p| {
                        let mut l = l.clone();
                        l.extend_from_slice(p);
                        l
                    })
                })
                .collect();
            all.extend(last.iter().cloned());
        }
        for line in &all {
            for at_start in [false, true] {
                let t = trim(line, at_start, Content::Url);
                assert!(t.kept.start <= t.kept.end && t.kept.end <= line.len());
                let after_bom = if t.bom { &line[3..] } else { &line[..] };
                assert_eq!(t.bom, at_start && line.starts_with(BOM));
                let kept = &line[t.kept.clone()];
                match std::str::from_utf8(after_bom) {
                    Ok(text) => assert_eq!(kept, text.trim().as_bytes(), "{line:?}"),
                    Err(_) => {
                        for part in [&line[t.before.clone()], &line[t.after.clone()]] {
                            let part = std::str::from_utf8(part).expect("only whitespace goes");
                            assert!(part.trim().is_empty(), "{line:?}");
                        }
                    }
                }
                let text = trim(line, at_start, Content::Text);
                assert_eq!(text.kept, usize::from(text.bom) * 3..line.len());
            }
        }
    }
}
