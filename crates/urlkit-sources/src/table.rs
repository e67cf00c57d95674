//! CSV and TSV: the URLs in one column.

use crate::catalog::{Kinds, Position, Record};
use crate::error::{SourceError, SourceErrorKind};
use crate::input::{io_error, Opened};
use crate::read::Reader;
use crate::spec::{Column, Format, SourceSpec};

/// Header names recognised as the URL column when none is given.
const URL_HEADERS: [&str; 4] = ["url", "loc", "link", "href"];

/// Reads the URL column of a CSV or TSV file (and, when the header row has a `type`, `kind`
/// or `post_type` column, the content type of each row) (RFC 4180: quoted fields may hold the delimiter,
/// quotes and newlines; CRLF or LF; a UTF-8 BOM is dropped).
///
/// *Rationale* (is the first row a header?): with a column name, yes. With a number or no
/// column, the first row is a header unless its cell in the URL column looks like a URL
/// (contains `://` or starts with `/`), so both headed and headless lists read right.
pub(crate) fn read(
    reader: &mut Reader<'_>,
    spec: &SourceSpec,
    format: Format,
    opened: Opened,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let name = spec.location.name();
    let mut input = opened.input;
    {
        use std::io::BufRead;
        let head = input
            .fill_buf()
            .map_err(|e| io_error(&e, &name, reader.max_bytes))?;
        if head.starts_with(b"\xEF\xBB\xBF") {
            input.consume(3);
        }
    }
    let delimiter = if format == Format::Tsv { b'\t' } else { b',' };
    let id = reader.catalog.add_source(&name, format);
    let mut csv = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        // Records end at LF; a CR before it is trimmed with the cell. With the default
        // terminator (CRLF or LF) the reader reports the line of a record after a CRLF one
        // line too early, because the LF is consumed with the next record.
        .terminator(csv::Terminator::Any(b'\n'))
        .from_reader(input);
    let mut record = csv::StringRecord::new();
    let mut column: Option<usize> = None;
    let mut kind_column: Option<usize> = None;
    let mut kinds = Kinds::default();
    let mut first = true;
    loop {
        let more = csv
            .read_record(&mut record)
            .map_err(|e| csv_error(&e, &name))?;
        if !more {
            return Ok(());
        }
        let line = record.position().map_or(0, |p| p.line());
        if first {
            first = false;
            let (col, header) = choose_column(spec.column.as_ref(), &record)
                .map_err(|m| SourceError::new(SourceErrorKind::CsvColumn, &name, m).at(line, 1))?;
            column = Some(col);
            if header {
                kind_column = first_kind_column(&record, col);
                continue;
            }
        }
        let Some(col) = column else { continue };
        match record.get(col).map(str::trim) {
            Some(url) if !url.is_empty() => {
                let kind = kind_column
                    .and_then(|k| record.get(k))
                    .map(str::trim)
                    .filter(|k| !k.is_empty())
                    .map(|k| kinds.intern(k));
                let rec = Record {
                    url: url.to_owned(),
                    source: id,
                    position: Position::Line(line),
                    kind,
                };
                reader.catalog.emit(sink, rec);
            }
            _ => reader.catalog.note(
                id,
                "csv-empty-cell",
                Some(Position::Line(line)),
                format!("no URL in column {}", col + 1),
            ),
        }
    }
}

/// Header names of a column holding the content type (`post`, `page`, ...).
const KIND_HEADERS: [&str; 3] = ["type", "kind", "post_type"];

/// The content-type column of a header row, if any (never the URL column).
fn first_kind_column(header: &csv::StringRecord, url_column: usize) -> Option<usize> {
    header.iter().enumerate().find_map(|(i, h)| {
        (i != url_column
            && KIND_HEADERS
                .iter()
                .any(|k| h.trim().eq_ignore_ascii_case(k)))
        .then_some(i)
    })
}

fn looks_like_url(cell: &str) -> bool {
    cell.contains("://") || cell.starts_with('/')
}

/// The 0-based column and whether the first row is a header.
fn choose_column(
    wanted: Option<&Column>,
    first: &csv::StringRecord,
) -> Result<(usize, bool), String> {
    match wanted {
        Some(Column::Name(name)) => first
            .iter()
            .position(|h| h.trim() == name)
            .or_else(|| {
                first
                    .iter()
                    .position(|h| h.trim().eq_ignore_ascii_case(name))
            })
            .map(|i| (i, true))
            .ok_or_else(|| {
                let headers: Vec<&str> = first.iter().collect();
                format!(
                    "no column named '{name}'; the header row has: {}",
                    headers.join(", ")
                )
            }),
        Some(Column::Index(n)) => {
            let i = n - 1;
            Ok((i, !first.get(i).is_some_and(looks_like_url)))
        }
        None => {
            if let Some(i) = first
                .iter()
                .position(|h| URL_HEADERS.iter().any(|u| h.trim().eq_ignore_ascii_case(u)))
            {
                return Ok((i, true));
            }
            match first.iter().position(looks_like_url) {
                Some(i) => Ok((i, false)),
                None => Ok((0, true)),
            }
        }
    }
}

fn csv_error(e: &csv::Error, name: &str) -> SourceError {
    let line = e.position().map(|p| p.line());
    let err = SourceError::new(SourceErrorKind::Csv, name, e.to_string());
    match line {
        Some(l) => err.at(l, 1),
        None => err,
    }
}
