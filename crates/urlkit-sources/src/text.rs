//! Plain text: one URL a line.

use std::io::BufRead;

use crate::catalog::{Position, Record};
use crate::error::SourceError;
use crate::input::{io_error, open};
use crate::read::Reader;
use crate::spec::{Format, Location};

/// Reads one URL a line: a UTF-8 BOM, CR before LF and surrounding whitespace are dropped;
/// blank lines and lines starting with `#` are skipped.
pub(crate) fn read(
    reader: &mut Reader<'_>,
    location: &Location,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let name = location.name();
    let mut input = open(location, reader.fetcher, reader.max_bytes)?;
    let id = reader.catalog.add_source(&name, Format::Text);
    let mut line = Vec::new();
    let mut n = 0u64;
    loop {
        line.clear();
        let got = input
            .read_until(b'\n', &mut line)
            .map_err(|e| io_error(&e, &name, reader.max_bytes))?;
        if got == 0 {
            return Ok(());
        }
        n += 1;
        let mut bytes = line.as_slice();
        if n == 1 {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        let text = std::str::from_utf8(bytes).map_err(|e| {
            SourceError::new("invalid-utf8", &name, "the line is not valid UTF-8")
                .at(n, e.valid_up_to() as u64 + 1)
        })?;
        let url = text.trim();
        if url.is_empty() || url.starts_with('#') {
            continue;
        }
        let record = Record {
            url: url.to_owned(),
            source: id,
            position: Position::Line(n),
            kind: None,
        };
        reader.catalog.emit(sink, record);
    }
}
