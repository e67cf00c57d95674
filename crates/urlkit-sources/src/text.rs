//! Plain text: one URL a line.

use std::io::Read;

use crate::block::{LineBlock, LineRecord, RecordSink};
use crate::catalog::{Position, Record, SourceId};
use crate::error::{SourceError, SourceErrorKind};
use crate::input::{io_error, Opened};
use crate::read::Reader;
use crate::spec::{Format, Location};

/// How much text is read at once: about fifty thousand URL lines, handed on as one block (a
/// consumer can key them on all cores), while memory stays a few blocks.
const BLOCK: usize = 4 << 20;

/// The first block is smaller, so that a consumer working in parallel starts sooner.
const FIRST_BLOCK: usize = 256 << 10;

/// Reads one URL a line: a UTF-8 BOM, CR before LF and surrounding whitespace are dropped;
/// blank lines and lines starting with `#` are skipped.
///
/// The input is read in large blocks of whole lines, validated as UTF-8 once per block, and
/// handed on as a [`LineBlock`]: the URLs stay where they were read, with no allocation or copy
/// per record. A block that is not valid UTF-8 is taken line by line, which locates the error.
pub(crate) fn read(
    reader: &mut Reader<'_>,
    location: &Location,
    opened: Opened,
    sink: &mut dyn RecordSink,
) -> Result<(), SourceError> {
    let name = location.name();
    let mut input = opened.input;
    let id = reader.catalog.add_source(&name, Format::Text);
    let mut lines = Lines {
        name: &name,
        source: id,
        n: 0,
    };
    // `buf[..filled]`: whole lines, then the start of a line whose end is not read yet; the
    // rest of `buf` is room to read into (initialized memory, reused from block to block so
    // that it is neither zeroed nor faulted in again).
    let mut buf: Vec<u8> = Vec::new();
    let mut filled = 0;
    let mut block = FIRST_BLOCK;
    loop {
        if buf.len() - filled < block / 2 {
            buf.resize(filled + block, 0);
        }
        let end = fill(&mut input, &mut buf, &mut filled)
            .map_err(|e| io_error(&e, &name, reader.max_bytes))?;
        if end {
            buf.truncate(filled);
            return lines.block(buf, reader, sink);
        }
        let Some(last) = memchr::memrchr(b'\n', buf.get(..filled).unwrap_or_default()) else {
            // One line longer than a block: read on.
            continue;
        };
        let rest = buf.get(last + 1..filled).unwrap_or_default();
        block = BLOCK;
        let mut next = sink.spare();
        if next.len() < rest.len() + block {
            next.resize(rest.len() + block, 0);
        }
        if let Some(start) = next.get_mut(..rest.len()) {
            start.copy_from_slice(rest);
        }
        filled = rest.len();
        buf.truncate(last + 1);
        lines.block(std::mem::replace(&mut buf, next), reader, sink)?;
    }
}

/// Reads into `buf[*filled..]` until it is full (`false`) or the input ends (`true`).
fn fill(input: &mut impl Read, buf: &mut [u8], filled: &mut usize) -> std::io::Result<bool> {
    while let Some(room) = buf.get_mut(*filled..).filter(|r| !r.is_empty()) {
        match input.read(room) {
            Ok(0) => return Ok(true),
            Ok(n) => *filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(false)
}

/// Turns lines into records, counting them.
struct Lines<'a> {
    name: &'a str,
    source: SourceId,
    n: u64,
}

impl Lines<'_> {
    /// A block of whole lines (the last one may lack its newline).
    fn block(
        &mut self,
        bytes: Vec<u8>,
        reader: &mut Reader<'_>,
        sink: &mut dyn RecordSink,
    ) -> Result<(), SourceError> {
        let text = match urlkit::charset::utf8_decode_without_bom_or_fail(bytes) {
            Ok(text) => text,
            Err(bytes) => return self.each_line(&bytes, reader, sink),
        };
        let mut records = Vec::with_capacity(text.len() / 64);
        let mut start = 0;
        for end in memchr::memchr_iter(b'\n', text.as_bytes()) {
            self.split(&text, start..end, &mut records);
            start = end + 1;
        }
        if start < text.len() {
            self.split(&text, start..text.len(), &mut records);
        }
        reader.catalog.count_untyped(self.source, records.len());
        if !records.is_empty() {
            sink.lines(LineBlock::new(self.source, text, records));
        }
        Ok(())
    }

    /// The record of the line at `range` of `text` (without its newline), if it holds one.
    fn split(&mut self, text: &str, range: std::ops::Range<usize>, out: &mut Vec<LineRecord>) {
        self.n += 1;
        let mut from = range.start;
        let Some(mut line) = text.get(range.clone()) else {
            return;
        };
        if self.n == 1 {
            if let Some(rest) = line.strip_prefix('\u{FEFF}') {
                line = rest;
                from += '\u{FEFF}'.len_utf8();
            }
        }
        let trimmed = line.trim_start();
        let url_start = from + (line.len() - trimmed.len());
        let url = trimmed.trim_end();
        if url.is_empty() || url.starts_with('#') {
            return;
        }
        out.push(LineRecord {
            url: url_start..url_start + url.len(),
            line: self.n,
        });
    }

    /// A block that is not valid UTF-8, one line at a time: the records before the bad line,
    /// then its error.
    fn each_line(
        &mut self,
        bytes: &[u8],
        reader: &mut Reader<'_>,
        sink: &mut dyn RecordSink,
    ) -> Result<(), SourceError> {
        let mut start = 0;
        for end in memchr::memchr_iter(b'\n', bytes) {
            self.line(bytes.get(start..=end).unwrap_or_default(), reader, sink)?;
            start = end + 1;
        }
        if start < bytes.len() {
            self.line(bytes.get(start..).unwrap_or_default(), reader, sink)?;
        }
        Ok(())
    }

    /// One line, with its newline if it has one.
    fn line(
        &mut self,
        line: &[u8],
        reader: &mut Reader<'_>,
        sink: &mut dyn RecordSink,
    ) -> Result<(), SourceError> {
        self.n += 1;
        let mut bytes = line;
        if self.n == 1 {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        let text = std::str::from_utf8(bytes).map_err(|e| {
            SourceError::new(
                SourceErrorKind::Encoding,
                self.name,
                "the line is not valid UTF-8",
            )
            .at(self.n, e.valid_up_to() as u64 + 1)
        })?;
        let url = text.trim();
        if url.is_empty() || url.starts_with('#') {
            return Ok(());
        }
        let record = Record {
            url: url.to_owned(),
            source: self.source,
            position: Position::Line(self.n),
            kind: None,
        };
        reader.catalog.emit(&mut |r| sink.record(r), record);
        Ok(())
    }
}
