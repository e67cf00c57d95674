//! Plain text: one URL a line.

use std::io::BufRead;

use crate::catalog::{Position, Record};
use crate::error::SourceError;
use crate::input::{io_error, open};
use crate::read::Reader;
use crate::spec::{Format, Location};

/// Reads one URL a line: a UTF-8 BOM, CR before LF and surrounding whitespace are dropped;
/// blank lines and lines starting with `#` are skipped.
///
/// Lines are split inside the input's buffer (memchr over the whole buffered block) and only a
/// line that straddles two blocks is copied aside: most lines cost no copy before their record.
pub(crate) fn read(
    reader: &mut Reader<'_>,
    location: &Location,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let name = location.name();
    let mut input = open(location, reader.fetcher, reader.max_bytes)?;
    let id = reader.catalog.add_source(&name, Format::Text);
    let mut lines = Lines {
        name: &name,
        source: id,
        n: 0,
    };
    // The start of a line whose end is in a later block.
    let mut carry = Vec::new();
    loop {
        let block = input
            .fill_buf()
            .map_err(|e| io_error(&e, &name, reader.max_bytes))?;
        if block.is_empty() {
            if !carry.is_empty() {
                lines.line(&carry, reader, sink)?;
            }
            return Ok(());
        }
        let mut start = 0;
        for end in memchr::memchr_iter(b'\n', block) {
            let line = &block[start..=end];
            if carry.is_empty() {
                lines.line(line, reader, sink)?;
            } else {
                carry.extend_from_slice(line);
                lines.line(&carry, reader, sink)?;
                carry.clear();
            }
            start = end + 1;
        }
        carry.extend_from_slice(&block[start..]);
        let used = block.len();
        input.consume(used);
    }
}

/// Turns lines into records, counting them.
struct Lines<'a> {
    name: &'a str,
    source: crate::catalog::SourceId,
    n: u64,
}

impl Lines<'_> {
    /// One line, with its newline if it has one.
    fn line(
        &mut self,
        line: &[u8],
        reader: &mut Reader<'_>,
        sink: &mut dyn FnMut(Record),
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
        reader.catalog.emit(sink, record);
        Ok(())
    }
}
