//! The line-oriented contract every command shares (DESIGN §6).
//!
//! Inputs are the command's arguments, or stdin one item per line when there are none. Each
//! input gets exactly one output record, in input order: a text line, or a JSON Lines object
//! with `"input"` and `"ok"`. A bad input is reported on stderr with its line and column, gets
//! an empty text line (so output lines stay aligned with input lines) or an `"ok": false` JSON
//! record, and never stops the others.

use std::io::{self, BufWriter, Write};

use serde::Serialize;
use urlkit_records::Failed;

pub use crate::input::{for_each_input, for_each_url_input, Content, Item, Origin, SourceArgs};
use crate::style::Style;

/// Why one input failed: the shared record type (a kind, a byte offset, a message).
pub use urlkit_records::Failure;

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

    /// Writes a successful input: `text` as a line, or in JSON mode the record `record`
    /// makes (built only then).
    pub fn ok<R: Serialize>(&mut self, text: &str, record: impl FnOnce() -> R) -> io::Result<()> {
        if self.json {
            self.json_line(&record())
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

    /// Writes a record as one JSON line.
    pub fn json_line(&mut self, record: &impl Serialize) -> io::Result<()> {
        urlkit_records::write_json_line(&mut self.out, record)
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
        self.fail_record(item, failure, |r| r)
    }

    /// [`Output::fail`] for a command that works at a level: the record says which.
    pub fn fail_at_level(
        &mut self,
        item: &Item<'_>,
        failure: &Failure,
        level: &'static str,
    ) -> io::Result<()> {
        self.fail_record(item, failure, |r| r.level(level))
    }

    fn fail_record(
        &mut self,
        item: &Item<'_>,
        failure: &Failure,
        finish: impl FnOnce(Failed) -> Failed,
    ) -> io::Result<()> {
        self.failures += 1;
        self.out.flush()?;
        report_failure(&self.err_style, item, failure);
        if self.json {
            self.json_line(&finish(item.failed(failure.clone())))
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
