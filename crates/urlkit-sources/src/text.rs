//! Plain text: one URL a line.

use std::io::Read;

use crate::block::{LineBlock, LineRecord, RecordSink};
use crate::catalog::{Position, Record, SourceId};
use crate::error::SourceError;
use crate::input::{io_error, open};
use crate::read::Reader;
use crate::spec::{Format, Location};

/// How much text is read at once: about fifty thousand URL lines, handed on as one block (a
/// consumer can key them on all cores), while memory stays a few blocks.
const BLOCK: usize = 4 << 20;

/// Reads one URL a line: a UTF-8 BOM, CR before LF and surrounding whitespace are dropped;
/// blank lines and lines starting with `#` are skipped.
///
/// The input is read in large blocks of whole lines, validated as UTF-8 once per block, and
/// handed on as a [`LineBlock`]: the URLs stay where they were read, with no allocation or copy
/// per record. A block that is not valid UTF-8 is taken line by line, which locates the error.
pub(crate) fn read(
    reader: &mut Reader<'_>,
    location: &Location,
    sink: &mut dyn RecordSink,
) -> Result<(), SourceError> {
    let name = location.name();
    let mut input = open(location, reader.fetcher, reader.max_bytes)?;
    let id = reader.catalog.add_source(&name, Format::Text);
    let mut lines = Lines {
        name: &name,
        source: id,
        n: 0,
    };
    // Whole lines, then the start of a line whose end is not read yet.
    let mut buf: Vec<u8> = Vec::new();
    loop {
        // A recycled buffer is read into as it is, unless too little of it is free.
        if buf.capacity() - buf.len() < BLOCK / 2 {
            buf.reserve(BLOCK);
        }
        let room = (buf.capacity() - buf.len()) as u64;
        let got = (&mut input)
            .take(room)
            .read_to_end(&mut buf)
            .map_err(|e| io_error(&e, &name, reader.max_bytes))?;
        let end = got < room as usize;
        if end {
            return lines.block(buf, reader, sink);
        }
        let Some(last) = memchr::memrchr(b'\n', &buf) else {
            // One line longer than a block: read on.
            continue;
        };
        let rest = buf.get(last + 1..).unwrap_or_default();
        let mut next = sink.spare();
        next.clear();
        next.extend_from_slice(rest);
        buf.truncate(last + 1);
        lines.block(std::mem::replace(&mut buf, next), reader, sink)?;
    }
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
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => return self.each_line(e.as_bytes(), reader, sink),
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
            SourceError::new("invalid-utf8", self.name, "the line is not valid UTF-8")
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
