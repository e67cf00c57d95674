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

/// Calls `f` on every input, in order: the arguments, or stdin's lines when there are none.
pub fn for_each_input(
    args: &[String],
    mut f: impl FnMut(Item<'_>) -> io::Result<()>,
) -> io::Result<()> {
    if !args.is_empty() {
        for (i, a) in args.iter().enumerate() {
            f(Item {
                origin: Origin::Arg(i + 1),
                bytes: a.as_bytes(),
            })?;
        }
        return Ok(());
    }
    let stdin = io::stdin();
    let mut reader = stdin.lock();
    let mut line = Vec::with_capacity(256);
    let mut n = 0;
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        n += 1;
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        f(Item {
            origin: Origin::Line(n),
            bytes: &line,
        })?;
    }
}

/// The record writer: text or JSON Lines on stdout, located messages on stderr.
pub struct Output {
    out: BufWriter<io::StdoutLock<'static>>,
    json: bool,
    /// Colours for stdout.
    pub style: Style,
    err_style: Style,
    failures: usize,
}

impl Output {
    /// A writer in JSON Lines mode when `json`, with colours as `style` says.
    pub fn new(json: bool, style: Style, err_style: Style) -> Output {
        Output {
            out: BufWriter::with_capacity(64 * 1024, io::stdout().lock()),
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
    pub fn writer(&mut self) -> &mut impl Write {
        &mut self.out
    }

    /// Writes a successful record: `text` as a line, or a JSON object with `"input"`, `"ok":
    /// true`, `"output": text` and the `extra` fields.
    pub fn ok(&mut self, item: &Item<'_>, text: &str, extra: Map<String, Value>) -> io::Result<()> {
        if self.json {
            let mut obj = Map::new();
            obj.insert("input".into(), Value::String(item.display()));
            obj.insert("ok".into(), Value::Bool(true));
            obj.insert("output".into(), Value::String(text.to_owned()));
            obj.extend(extra);
            self.json_line(&Value::Object(obj))
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
        serde_json::to_writer(&mut self.out, value).map_err(io::Error::other)?;
        self.out.write_all(b"\n")
    }

    /// Writes a failed record: an empty line (text) or `"ok": false` (JSON), and a located
    /// message on stderr.
    pub fn fail(&mut self, item: &Item<'_>, failure: &Failure) -> io::Result<()> {
        self.failures += 1;
        let location = match failure.offset {
            Some(offset) => {
                let col = column_of(item.bytes, offset);
                format!("{}, column {col} (byte {offset})", item.origin.describe())
            }
            None => item.origin.describe(),
        };
        // Flush first so stdout and stderr interleave in input order on a terminal.
        self.out.flush()?;
        let mut err = io::stderr().lock();
        writeln!(
            err,
            "{}: {location}: {}",
            self.err_style.error("error"),
            failure.message
        )?;
        if let Some(offset) = failure.offset {
            if self.err_style.enabled() || item.bytes.len() <= 200 {
                let display = item.display();
                let shown = crate::style::escape_controls(&display);
                let before = String::from_utf8_lossy(&item.bytes[..offset.min(item.bytes.len())]);
                // Columns, not characters: a caret under Japanese text must skip 2 per character.
                let width = crate::style::display_width(&crate::style::escape_controls(&before));
                writeln!(err, "  {shown}")?;
                writeln!(err, "  {}^", " ".repeat(width))?;
            }
        }
        if self.json {
            let mut error = Map::new();
            error.insert("kind".into(), Value::String(failure.kind.clone()));
            error.insert(
                "offset".into(),
                failure
                    .offset
                    .map_or(Value::Null, |o| Value::from(o as u64)),
            );
            error.insert("message".into(), Value::String(failure.message.clone()));
            let mut obj = Map::new();
            obj.insert("input".into(), Value::String(item.display()));
            obj.insert("ok".into(), Value::Bool(false));
            obj.insert("error".into(), Value::Object(error));
            self.json_line(&Value::Object(obj))
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
