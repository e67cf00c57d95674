//! The line-oriented contract every command shares (DESIGN §6).
//!
//! Inputs are the command's arguments, or stdin one item per line when there are none. Each
//! input gets exactly one output record, in input order: a text line, or a JSON Lines object
//! with `"input"` and `"ok"`. A bad input is reported on stderr with its line and column, gets
//! an empty text line (so output lines stay aligned with input lines) or an `"ok": false` JSON
//! record, and never stops the others.

use std::io::{self, BufRead, BufWriter, Write};

use serde_json::{Map, Value};

use crate::style::Style;

/// Where an input came from, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The n-th (1-based) command-line argument.
    Arg(usize),
    /// The n-th (1-based) line of stdin.
    Line(usize),
}

impl Origin {
    /// `argument N` or `line N`, for messages.
    pub fn describe(self) -> String {
        match self {
            Origin::Arg(n) => format!("argument {n}"),
            Origin::Line(n) => format!("line {n}"),
        }
    }
}

/// One input item: raw bytes (stdin need not be UTF-8) and where it came from.
pub struct Item<'a> {
    /// Where it came from.
    pub origin: Origin,
    /// The raw bytes, without the line terminator.
    pub bytes: &'a [u8],
}

impl Item<'_> {
    /// The input as text, or an error located at the first byte that is not UTF-8.
    pub fn text(&self) -> Result<&str, Failure> {
        // The vector check first (most lines are UTF-8, and short: the standard library's
        // check costs several times more per line); the standard one says where it breaks.
        if let Ok(text) = simdutf8::basic::from_utf8(self.bytes) {
            return Ok(text);
        }
        std::str::from_utf8(self.bytes).map_err(|e| Failure {
            kind: "invalid-utf8-input".into(),
            offset: Some(e.valid_up_to()),
            message: "the input is not valid UTF-8".into(),
        })
    }

    /// The input as text for display, with invalid UTF-8 replaced.
    pub fn display(&self) -> String {
        String::from_utf8_lossy(self.bytes).into_owned()
    }
}

/// Why one input failed: a kind, a byte offset into the input when there is one, a message.
#[derive(Clone, Debug)]
pub struct Failure {
    /// Stable kebab-case kind (`malformed-escape`).
    pub kind: String,
    /// Byte offset in the input.
    pub offset: Option<usize>,
    /// Human-readable message, without location (the record adds it).
    pub message: String,
}

impl Failure {
    /// A failure with no position.
    pub fn new(kind: impl Into<String>, message: impl Into<String>) -> Failure {
        Failure {
            kind: kind.into(),
            offset: None,
            message: message.into(),
        }
    }

    /// A failure at byte `offset` of the input.
    pub fn at(kind: impl Into<String>, offset: usize, message: impl Into<String>) -> Failure {
        Failure {
            kind: kind.into(),
            offset: Some(offset),
            message: message.into(),
        }
    }
}

/// What an input is, for the one rule on byte order marks and surrounding whitespace.
///
/// # Rationale
///
/// A byte order mark at the start of stdin is never data (Windows tools write one before the
/// first line): every command removes it, with a note. Surrounding whitespace is never part
/// of a URL (RFC 3986 Appendix C; WHATWG strips it too): the URL commands remove it, with a
/// note, as `reconcile` does, so that `key` and `reconcile` join on the same keys. For the
/// text commands (`encode`, `decode`, `explain`) a space is data and is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// Free text: only a leading byte order mark is removed.
    Text,
    /// A URL: the byte order mark and surrounding whitespace are removed.
    Url,
}

/// At most this many notes about removed whitespace, then one count at the end.
const TRIM_NOTES: usize = 3;

/// Calls `f` on every input, in order: the arguments, or stdin's lines when there are none.
/// `kind` decides what is removed around each input (see [`InputKind`]); each removal is said
/// on stderr.
pub fn for_each_input(
    args: &[String],
    kind: InputKind,
    err_style: &Style,
    mut f: impl FnMut(Item<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let mut trims = Trims {
        kind,
        style: *err_style,
        trimmed: 0,
    };
    if !args.is_empty() {
        for (i, a) in args.iter().enumerate() {
            let origin = Origin::Arg(i + 1);
            let bytes = trims.apply(origin, a.as_bytes(), false);
            f(Item { origin, bytes })?;
        }
        trims.finish();
        return Ok(());
    }
    let mut n = 0;
    // 64 KiB reads rather than stdin's 8 KiB: fewer system calls, and fewer lines straddle
    // two reads (those are the ones copied).
    let mut reader = io::BufReader::with_capacity(64 << 10, io::stdin().lock());
    for_each_line(&mut reader, |line| {
        n += 1;
        let origin = Origin::Line(n);
        let bytes = trims.apply(origin, line, n == 1);
        f(Item { origin, bytes })
    })?;
    trims.finish();
    Ok(())
}

/// Calls `f` with each line of `reader`, without its `\n` or `\r\n`; the last line need not
/// end in one. A line that lies whole in the reader's buffer is passed from there (most
/// lines: no copy); only a line that straddles two reads is gathered first.
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
            // A last line without its newline keeps a final `\r` (it ended no line).
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

/// Whether `bytes` may start or end with whitespace: `false` is certain when both ends are
/// ASCII other than whitespace (a non-ASCII whitespace character's bytes are all >= 0x80),
/// which spares nearly every line the look at its characters.
fn may_have_whitespace_around(bytes: &[u8]) -> bool {
    let plain = |b: &u8| b.is_ascii() && !char::from(*b).is_whitespace();
    !(bytes.first().is_some_and(plain) && bytes.last().is_some_and(plain))
}

/// The removals of one run, and the notes that say so.
struct Trims {
    kind: InputKind,
    style: Style,
    trimmed: usize,
}

impl Trims {
    fn apply<'a>(&mut self, origin: Origin, bytes: &'a [u8], first_line: bool) -> &'a [u8] {
        let mut bytes = bytes;
        if first_line {
            if let Some(rest) = bytes.strip_prefix("\u{FEFF}".as_bytes()) {
                crate::diag::note(
                    &self.style,
                    format_args!(
                        "{}: removed the byte order mark (U+FEFF) at the start of the input",
                        origin.describe()
                    ),
                );
                bytes = rest;
            }
        }
        if self.kind == InputKind::Url && may_have_whitespace_around(bytes) {
            let text = String::from_utf8_lossy(bytes);
            let start = text.len() - text.trim_start().len();
            let end = text.trim_end().len();
            if start > 0 || end < text.len() {
                // Whitespace is ASCII or a whole character: the lossy text has the same bytes
                // around it as the input.
                let kept = &bytes[start..bytes.len() - (text.len() - end)];
                self.trimmed += 1;
                if self.trimmed <= TRIM_NOTES {
                    let what = |s: &str| {
                        s.chars()
                            .map(|c| format!("U+{:04X}", c as u32))
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    let mut removed = Vec::new();
                    if start > 0 {
                        removed.push(format!("{} before", what(&text[..start])));
                    }
                    if end < text.len() {
                        removed.push(format!("{} after", what(&text[end..])));
                    }
                    crate::diag::note(
                        &self.style,
                        format_args!(
                            "{}: removed the whitespace around the URL ({}), as reconcile does",
                            origin.describe(),
                            removed.join(", ")
                        ),
                    );
                }
                return kept;
            }
        }
        bytes
    }

    fn finish(&self) {
        if self.trimmed > TRIM_NOTES {
            crate::diag::note(
                &self.style,
                format_args!(
                    "removed the whitespace around {} URLs in all ({} not listed)",
                    self.trimmed,
                    self.trimmed - TRIM_NOTES
                ),
            );
        }
    }
}

/// stdout, block-buffered for throughput, or line-buffered so that each record shows at once
/// (on a terminal, or with `--line-buffered`, when another program waits for each answer).
pub enum Stdout {
    /// 64 KiB blocks.
    Block(BufWriter<io::StdoutLock<'static>>),
    /// Flushed at each newline (the standard library's stdout is a `LineWriter`).
    Line(io::StdoutLock<'static>),
}

impl Stdout {
    /// stdout in the chosen mode.
    pub fn new(line_buffered: bool) -> Stdout {
        let lock = io::stdout().lock();
        if line_buffered {
            Stdout::Line(lock)
        } else {
            Stdout::Block(BufWriter::with_capacity(64 * 1024, lock))
        }
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Stdout::Block(w) => w.write(buf),
            Stdout::Line(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Stdout::Block(w) => w.write_all(buf),
            Stdout::Line(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stdout::Block(w) => w.flush(),
            Stdout::Line(w) => w.flush(),
        }
    }
}

/// Writes `value` as one JSON line. An I/O error keeps its kind (a closed pipe stays a closed
/// pipe, which ends the command quietly).
pub fn write_json_line(out: &mut impl Write, value: &Value) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// The record writer: text or JSON Lines on stdout, located messages on stderr.
pub struct Output {
    out: Stdout,
    json: bool,
    /// Colours for stdout.
    pub style: Style,
    err_style: Style,
    failures: usize,
}

impl Output {
    /// A writer in JSON Lines mode when `json`, with colours as `style` says.
    pub fn new(json: bool, line_buffered: bool, style: Style, err_style: Style) -> Output {
        Output {
            out: Stdout::new(line_buffered),
            json,
            style,
            err_style,
            failures: 0,
        }
    }

    /// Whether records are JSON Lines.
    pub fn is_json(&self) -> bool {
        self.json
    }

    /// How many inputs failed so far.
    pub fn failures(&self) -> usize {
        self.failures
    }

    /// The raw stdout writer, for commands whose output is not one line per input.
    pub fn writer(&mut self) -> &mut Stdout {
        &mut self.out
    }

    /// Writes a successful record: `text` as a line, or a JSON object with `"input"`, `"ok":
    /// true`, `"output": text` and the `extra` fields.
    pub fn ok(&mut self, item: &Item<'_>, text: &str, extra: Map<String, Value>) -> io::Result<()> {
        if self.json {
            self.json_line(&ok_json(item, text, extra))
        } else {
            self.out.write_all(text.as_bytes())?;
            self.out.write_all(b"\n")
        }
    }

    /// Writes a successful record whose text form is raw bytes (`decode --bytes`).
    pub fn ok_bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.out.write_all(b"\n")
    }

    /// Writes a JSON value as one line (JSON mode only).
    pub fn json_line(&mut self, value: &Value) -> io::Result<()> {
        write_json_line(&mut self.out, value)
    }

    /// Writes a warning about one input on stderr, after the records before it.
    pub fn warn(&mut self, item: &Item<'_>, message: &str) -> io::Result<()> {
        self.out.flush()?;
        crate::diag::warning(
            &self.err_style,
            format_args!("{}: {message}", item.origin.describe()),
        );
        Ok(())
    }

    /// Writes a note about one input on stderr (what was guessed or accepted), after the
    /// records before it.
    pub fn note(&mut self, item: &Item<'_>, message: &str) -> io::Result<()> {
        self.out.flush()?;
        crate::diag::note(
            &self.err_style,
            format_args!("{}: {message}", item.origin.describe()),
        );
        Ok(())
    }

    /// Writes a failed record: an empty line (text) or `"ok": false` (JSON), and a located
    /// message on stderr.
    pub fn fail(&mut self, item: &Item<'_>, failure: &Failure) -> io::Result<()> {
        self.fail_with(item, failure, Map::new())
    }

    /// [`Output::fail`] with more fields in the JSON record (`level`).
    pub fn fail_with(
        &mut self,
        item: &Item<'_>,
        failure: &Failure,
        extra: Map<String, Value>,
    ) -> io::Result<()> {
        self.failures += 1;
        self.out.flush()?;
        report_failure(&self.err_style, item, failure);
        if self.json {
            self.json_line(&fail_json(item, failure, extra))
        } else {
            self.out.write_all(b"\n")
        }
    }

    /// Flushes stdout.
    pub fn finish(mut self) -> io::Result<usize> {
        self.out.flush()?;
        Ok(self.failures)
    }
}

/// One input's answer, as a command computes it for the CLI and for `urlkit serve`: the
/// output text with the command's JSON fields, or why the input failed.
pub type Outcome = Result<(String, Map<String, Value>), Failure>;

/// The JSON record of a successful input: `"input"`, `"ok": true`, `"output"`, then `extra`.
pub fn ok_json(item: &Item<'_>, text: &str, extra: Map<String, Value>) -> Value {
    let mut obj = Map::new();
    obj.insert("input".into(), Value::String(item.display()));
    obj.insert("ok".into(), Value::Bool(true));
    obj.insert("output".into(), Value::String(text.to_owned()));
    obj.extend(extra);
    Value::Object(obj)
}

/// The JSON record of a failed input: `"input"`, `"ok": false`, `"line"` (stdin only),
/// `extra`, then `"error"`.
pub fn fail_json(item: &Item<'_>, failure: &Failure, extra: Map<String, Value>) -> Value {
    let mut obj = Map::new();
    obj.insert("input".into(), Value::String(item.display()));
    obj.insert("ok".into(), Value::Bool(false));
    if let Origin::Line(n) = item.origin {
        obj.insert("line".into(), Value::from(n as u64));
    }
    obj.extend(extra);
    obj.insert("error".into(), failure.to_json());
    Value::Object(obj)
}

/// The JSON record of an [`Outcome`]; `fail_extra` goes into a failed record (`level`).
pub fn outcome_json(item: &Item<'_>, outcome: Outcome, fail_extra: Map<String, Value>) -> Value {
    match outcome {
        Ok((text, extra)) => ok_json(item, &text, extra),
        Err(f) => fail_json(item, &f, fail_extra),
    }
}

impl Failure {
    /// The `error` object of a JSON record: `{kind, offset, message}`.
    pub fn to_json(&self) -> Value {
        let mut error = Map::new();
        error.insert("kind".into(), Value::String(self.kind.clone()));
        error.insert(
            "offset".into(),
            self.offset.map_or(Value::Null, |o| Value::from(o as u64)),
        );
        error.insert("message".into(), Value::String(self.message.clone()));
        Value::Object(error)
    }
}

/// The located message of a failed input on stderr: where, why, and the input with a caret
/// under the byte (in display columns, so that it lands right under wide characters).
pub fn report_failure(err_style: &Style, item: &Item<'_>, failure: &Failure) {
    let location = match failure.offset {
        Some(offset) => {
            let col = column_of(item.bytes, offset);
            format!("{}, column {col} (byte {offset})", item.origin.describe())
        }
        None => item.origin.describe(),
    };
    let message = format!("{location}: {}", failure.message);
    let shown_input = failure
        .offset
        .filter(|_| err_style.enabled() || item.bytes.len() <= 200);
    match shown_input {
        Some(offset) => {
            let display = item.display();
            let before = String::from_utf8_lossy(&item.bytes[..offset.min(item.bytes.len())]);
            let width = crate::style::display_width(&crate::style::escape_controls(&before));
            let caret = format!("{}^", " ".repeat(width));
            crate::diag::emit(
                err_style,
                crate::diag::Severity::Error,
                message,
                &[&display, &caret],
            );
        }
        None => crate::diag::error(err_style, message),
    }
}

/// The 1-based column (in characters) of byte `offset` in `bytes`.
pub fn column_of(bytes: &[u8], offset: usize) -> usize {
    let prefix = &bytes[..offset.min(bytes.len())];
    String::from_utf8_lossy(prefix).chars().count() + 1
}

#[cfg(test)]
mod tests {
    use super::{column_of, for_each_line, may_have_whitespace_around};

    #[test]
    fn columns_count_characters() {
        assert_eq!(column_of(b"100%", 3), 4);
        assert_eq!(column_of("運%".as_bytes(), 3), 2);
        assert_eq!(column_of(b"", 0), 1);
    }

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
                if std::io::BufRead::read_until(&mut reader, b'\n', &mut line).expect("slice") == 0
                {
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
}
