//! Plain text: one URL a line.

use std::io::Read;

use crate::block::{LineBlock, LineRecord, RecordSink};
use crate::error::SourceError;
use crate::finding::FindingKind;
use crate::input::{io_error, Opened};
use crate::lines::{not_a_url, trim, Content, BOM_REMOVED};
use crate::reader::Reader;
use crate::record::{Position, Record, SourceId};
use crate::spec::{Format, Location};

/// How much text is read at once: about fifty thousand URL lines, handed on as one block (a
/// consumer can key them on all cores), while memory stays a few blocks.
const BLOCK: usize = 4 << 20;

/// The first block is smaller, so that a consumer working in parallel starts sooner.
const FIRST_BLOCK: usize = 256 << 10;

/// Reads one URL a line: a UTF-8 BOM, CR before LF and surrounding whitespace are dropped
/// by the one rule ([`crate::trim`], said); blank lines and lines starting with `#` are
/// skipped. A line that is not a URL (see
/// [`not_a_url`]) or not valid UTF-8 is a finding at its line, never a record; the rest is read.
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
    let id = reader.add_source(&name, Format::Text);
    let mut lines = Lines {
        source: id,
        n: 0,
        skipped: Vec::new(),
        trimmed: Vec::new(),
        bom: false,
        not_urls: 0,
        not_utf8: 0,
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
            lines.block(buf, reader, sink);
            lines.summary(reader);
            return Ok(());
        }
        let read = buf
            .get(..filled)
            .expect("invariant: fill counts bytes it put in buf");
        let Some(last) = memchr::memrchr(b'\n', read) else {
            // One line longer than a block: read on.
            continue;
        };
        let rest = buf
            .get(last + 1..filled)
            .expect("invariant: the last newline is among the bytes read");
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
        lines.block(std::mem::replace(&mut buf, next), reader, sink);
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

/// Why a line gave no record.
enum Skip {
    /// Not valid UTF-8 from this 1-based byte column; the likely encoding.
    NotUtf8(u64, String),
    /// Not a URL, for this reason.
    NotUrl(&'static str),
}

/// How many lines of each kind of problem are listed one by one; the rest are counted.
const LISTED: usize = 100;

/// Turns lines into records, counting them.
struct Lines {
    source: SourceId,
    n: u64,
    /// The lines of the current block that gave no record.
    skipped: Vec<(u64, Skip)>,
    /// The lines of the current block whose URL had whitespace around it, and what.
    trimmed: Vec<(u64, String)>,
    /// A byte order mark was removed from the first line (not said yet).
    bom: bool,
    not_urls: u64,
    not_utf8: u64,
}

impl Lines {
    /// A block of whole lines (the last one may lack its newline).
    fn block(&mut self, bytes: Vec<u8>, reader: &mut Reader<'_>, sink: &mut dyn RecordSink) {
        let text = match urlkit::charset::utf8_decode_without_bom_or_fail(bytes) {
            Ok(text) => text,
            Err(bytes) => {
                self.each_line(&bytes, reader, sink);
                self.report(reader);
                return;
            }
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
        self.report(reader);
    }

    /// The record of the line at `range` of `text` (without its newline), if it holds one.
    fn split(&mut self, text: &str, range: std::ops::Range<usize>, out: &mut Vec<LineRecord>) {
        self.n += 1;
        let line = text
            .get(range.clone())
            .expect("invariant: lines end at a newline, a character boundary of valid UTF-8");
        let t = trim(line.as_bytes(), self.n == 1, Content::Url);
        let url = line
            .get(t.kept.clone())
            .expect("invariant: the trim of UTF-8 ends on character boundaries");
        self.bom |= t.bom;
        if url.is_empty() || url.starts_with('#') {
            return;
        }
        if let Some(why) = not_a_url(url) {
            self.skipped.push((self.n, Skip::NotUrl(why)));
            return;
        }
        if let Some(what) = t.describe(line.as_bytes()) {
            self.trimmed.push((self.n, what));
        }
        out.push(LineRecord {
            url: range.start + t.kept.start..range.start + t.kept.end,
            line: self.n,
        });
    }

    /// A block that is not valid UTF-8, one line at a time.
    fn each_line(&mut self, bytes: &[u8], reader: &mut Reader<'_>, sink: &mut dyn RecordSink) {
        for line in bytes.split_inclusive(|&b| b == b'\n') {
            self.line(line, reader, sink);
        }
    }

    /// One line, with its newline if it has one.
    fn line(&mut self, line: &[u8], reader: &mut Reader<'_>, sink: &mut dyn RecordSink) {
        self.n += 1;
        let bytes = line.strip_suffix(b"\n").unwrap_or(line);
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        let t = trim(bytes, self.n == 1, Content::Url);
        self.bom |= t.bom;
        let text = match std::str::from_utf8(&bytes[t.kept.clone()]) {
            Ok(text) => text,
            Err(e) => {
                // Counted from the start of the line after its byte order mark, as before.
                let from = t.before.start;
                let column = (t.kept.start - from + e.valid_up_to()) as u64 + 1;
                let hint = crate::encoding::likely_encoding(&bytes[from..]);
                self.skipped.push((self.n, Skip::NotUtf8(column, hint)));
                return;
            }
        };
        let url = text;
        if url.is_empty() || url.starts_with('#') {
            return;
        }
        if let Some(why) = not_a_url(url) {
            self.skipped.push((self.n, Skip::NotUrl(why)));
            return;
        }
        if let Some(what) = t.describe(bytes) {
            self.trimmed.push((self.n, what));
        }
        let record = Record {
            url: url.to_owned(),
            source: self.source,
            position: Position::Line(self.n),
            kind: None,
            extra: Vec::new(),
        };
        reader.catalog.emit(&mut |r| sink.record(r), record);
    }

    /// The findings of the lines of the last block that gave no record (the first [`LISTED`]
    /// of each kind; the others are counted for [`Lines::summary`]).
    fn report(&mut self, reader: &mut Reader<'_>) {
        if std::mem::take(&mut self.bom) {
            let at = Some(Position::Line(1));
            reader
                .catalog
                .told(self.source, FindingKind::BomRemoved, at, BOM_REMOVED);
        }
        for (line, what) in self.trimmed.drain(..) {
            reader
                .catalog
                .trimmed(self.source, Position::Line(line), what);
        }
        for (line, skip) in self.skipped.drain(..) {
            let at = Some(Position::Line(line));
            match skip {
                Skip::NotUrl(why) => {
                    self.not_urls += 1;
                    if self.not_urls <= LISTED as u64 {
                        let message = format!("not a URL ({why}); not joined");
                        reader
                            .catalog
                            .skip(self.source, FindingKind::TextNotAUrl, at, message);
                    }
                }
                Skip::NotUtf8(column, hint) => {
                    self.not_utf8 += 1;
                    if self.not_utf8 <= LISTED as u64 {
                        let message =
                            format!("not valid UTF-8 from column {column} ({hint}); not read");
                        reader
                            .catalog
                            .skip(self.source, FindingKind::TextInvalidUtf8, at, message);
                    }
                }
            }
        }
    }

    /// One note per kind of skipped line, with the count.
    fn summary(&self, reader: &mut Reader<'_>) {
        let plural = |n: u64| if n == 1 { "line was" } else { "lines were" };
        let listed = |n: u64| {
            if n > LISTED as u64 {
                format!(" (the first {LISTED} are listed)")
            } else {
                String::new()
            }
        };
        if self.not_urls > 0 {
            let n = self.not_urls;
            let message = format!("{n} {} not URLs{}", plural(n), listed(n));
            reader
                .catalog
                .skip(self.source, FindingKind::TextNotUrls, None, message);
        }
        if self.not_utf8 > 0 {
            let n = self.not_utf8;
            let message = format!("{n} {} not valid UTF-8{}", plural(n), listed(n));
            reader.catalog.skip(
                self.source,
                FindingKind::TextInvalidUtf8Lines,
                None,
                message,
            );
        }
    }
}
