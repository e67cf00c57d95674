//! The line-oriented contract every command shares (DESIGN §6).
//!
//! Inputs are the command's arguments, or stdin one item per line when there are none. Each
//! input gets exactly one output record, in input order: a text line, or a JSON Lines object
//! with `"input"` and `"ok"`. A bad input is reported on stderr with its line and column, gets
//! an empty text line (so output lines stay aligned with input lines) or an `"ok": false` JSON
//! record, and never stops the others.

use std::io::{self, BufWriter, Write};

use serde_json::{Map, Value};

pub use crate::input::{for_each_input, for_each_url_input, Content, Item, Origin, SourceArgs};
use crate::style::Style;

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

/// The JSON record of a failed input: `"input"`, `"ok": false`, `"line"` (a line of stdin
/// or a file), `"source"` (a file or source), `extra`, then `"error"`.
pub fn fail_json(item: &Item<'_>, failure: &Failure, extra: Map<String, Value>) -> Value {
    let mut obj = Map::new();
    obj.insert("input".into(), Value::String(item.display()));
    obj.insert("ok".into(), Value::Bool(false));
    if let Some(n) = item.origin.line() {
        obj.insert("line".into(), Value::from(n));
    }
    if let Some(name) = item.origin.source() {
        obj.insert("source".into(), Value::String(name.to_owned()));
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
    use super::column_of;

    #[test]
    fn columns_count_characters() {
        assert_eq!(column_of(b"100%", 3), 4);
        assert_eq!(column_of("運%".as_bytes(), 3), 2);
        assert_eq!(column_of(b"", 0), 1);
    }
}
