//! CSV and TSV: the URLs in one column.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::catalog::Kinds;
use crate::error::{SourceError, SourceErrorKind};
use crate::finding::FindingKind;
use crate::input::{io_error, skip_bom, Opened};
use crate::lines::{not_a_url, BOM_REMOVED};
use crate::reader::Reader;
use crate::record::{Position, Record, SourceId};
use crate::sniff::URL_HEADERS;
use crate::spec::{Column, Format, SourceSpec};

/// Header names of a column holding the content type (`post`, `page`, ...).
const KIND_HEADERS: [&str; 3] = ["type", "kind", "post_type"];

/// How many rows are looked at to find the URL column by content.
const SAMPLE: usize = 100;

/// How many bad cells are listed one by one; the rest are counted.
const LISTED: u64 = 100;

/// Reads the URL column of a CSV or TSV file (and, when the header row has a `type`, `kind`
/// or `post_type` column, the content type of each row) (RFC 4180: quoted fields may hold the
/// delimiter, quotes and newlines; CRLF or LF; a UTF-8 BOM is dropped).
///
/// *Rationale* (which column, and is the first row a header?): a column named in the spec
/// wins; else a header cell named like a URL column (`url`, `link`, `permalink`, ...); else
/// the column whose cells in the first rows are most often absolute URLs, which is said in a
/// [`crate::Effect::Guessed`] finding; no such column is an error, never a guess of the first
/// one. The first row is a header unless its cell in the URL column is an absolute URL. A
/// cell that is not UTF-8 is a finding naming the likely encoding, and the other rows are read.
pub(crate) fn read(
    reader: &mut Reader<'_>,
    spec: &SourceSpec,
    format: Format,
    opened: Opened,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let name = spec.location.name();
    let mut input = opened.input;
    let bom = skip_bom(&mut input).map_err(|e| io_error(&e, &name, reader.max_bytes))?;
    let delimiter = if format == Format::Tsv { b'\t' } else { b',' };
    let id = reader.add_source(&name, format);
    if bom {
        reader
            .catalog
            .told(id, FindingKind::BomRemoved, None, BOM_REMOVED);
    }
    let mut csv = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        // Records end at LF; a CR before it is trimmed with the cell. With the default
        // terminator (CRLF or LF) the reader reports the line of a record after a CRLF one
        // line too early, because the LF is consumed with the next record.
        .terminator(csv::Terminator::Any(b'\n'))
        .from_reader(input);
    let mut next = || -> Result<Option<csv::ByteRecord>, SourceError> {
        let mut record = csv::ByteRecord::new();
        match csv.read_byte_record(&mut record) {
            Ok(true) => Ok(Some(record)),
            Ok(false) => Ok(None),
            Err(e) => Err(csv_error(&e, &name)),
        }
    };
    let mut sample = VecDeque::new();
    while sample.len() < SAMPLE {
        match next()? {
            Some(r) => sample.push_back(r),
            None => break,
        }
    }
    let Some(first) = sample.front() else {
        return Ok(());
    };
    let choice = choose_column(spec.column.as_ref(), first, &sample)
        .map_err(|m| SourceError::new(SourceErrorKind::CsvColumn, &name, m).at(line(first), 1))?;
    if let Some(why) = &choice.guessed {
        reader
            .catalog
            .guess(id, FindingKind::CsvColumnChosen, None, why.clone());
    }
    let mut rows = Rows {
        id,
        column: choice.column,
        kind_column: None,
        extra_columns: Vec::new(),
        kinds: Kinds::default(),
        bad: 0,
        bad_extra: 0,
    };
    if choice.header {
        let header = sample
            .pop_front()
            .expect("invariant: the sample has a first row");
        rows.kind_column = first_kind_column(&header, choice.column);
        rows.extra_columns = extra_columns(&header, choice.column, rows.kind_column);
    }
    for record in sample {
        rows.row(reader, &record, sink);
    }
    while let Some(record) = next()? {
        rows.row(reader, &record, sink);
    }
    if rows.bad_extra > 0 {
        let n = rows.bad_extra;
        let cells = if n == 1 { "cell was" } else { "cells were" };
        reader.catalog.note(
            id,
            FindingKind::CsvExtraInvalidUtf8,
            None,
            format!("{n} {cells} beside the URLs not UTF-8; left out of the report"),
        );
    }
    if rows.bad > 0 {
        let n = rows.bad;
        let listed = if n > LISTED {
            format!(" (the first {LISTED} are listed)")
        } else {
            String::new()
        };
        let cells = if n == 1 { "cell was" } else { "cells were" };
        reader.catalog.skip(
            id,
            FindingKind::CsvCellsInvalidUtf8,
            None,
            format!("{n} URL {cells} not UTF-8{listed}"),
        );
    }
    Ok(())
}

/// The 1-based line a record starts on.
fn line(record: &csv::ByteRecord) -> u64 {
    record
        .position()
        .expect("invariant: records read from a csv::Reader have a position")
        .line()
}

/// Turns rows into records.
struct Rows {
    id: SourceId,
    column: usize,
    kind_column: Option<usize>,
    /// The header's other named columns, carried with each record.
    extra_columns: Vec<(usize, Arc<str>)>,
    kinds: Kinds,
    bad: u64,
    /// Cells of the other columns that are not UTF-8.
    bad_extra: u64,
}

impl Rows {
    fn row(
        &mut self,
        reader: &mut Reader<'_>,
        record: &csv::ByteRecord,
        sink: &mut dyn FnMut(Record),
    ) {
        let line = line(record);
        let at = Some(Position::Line(line));
        let Some(cell) = field(record, self.column) else {
            let message = format!("no URL in column {} (the row is shorter)", self.column + 1);
            reader
                .catalog
                .note(self.id, FindingKind::CsvEmptyCell, at, message);
            return;
        };
        // Trimmed (and said) by the one rule as the record is emitted.
        let url = match std::str::from_utf8(cell) {
            Ok(url) => url,
            Err(_) => {
                self.bad += 1;
                if self.bad <= LISTED {
                    let message = format!(
                        "the URL cell is not UTF-8 ({}); not read",
                        crate::encoding::likely_encoding(cell)
                    );
                    reader
                        .catalog
                        .skip(self.id, FindingKind::CsvInvalidUtf8, at, message);
                }
                return;
            }
        };
        if url.trim().is_empty() {
            let message = format!("no URL in column {}", self.column + 1);
            reader
                .catalog
                .note(self.id, FindingKind::CsvEmptyCell, at, message);
            return;
        }
        let kind = match self.kind_column.and_then(|k| field(record, k)) {
            None => None,
            Some(k) => match std::str::from_utf8(k) {
                Ok(k) if k.trim().is_empty() => None,
                Ok(k) => Some(self.kinds.intern(k.trim())),
                Err(_) => {
                    let message = "the type cell is not UTF-8; the record has no type";
                    reader
                        .catalog
                        .note(self.id, FindingKind::CsvTypeInvalidUtf8, at, message);
                    None
                }
            },
        };
        let mut extra = Vec::new();
        for (i, name) in &self.extra_columns {
            match field(record, *i).map(std::str::from_utf8) {
                Some(Ok(v)) if !v.trim().is_empty() => extra.push((name.clone(), v.trim().into())),
                Some(Err(_)) => self.bad_extra += 1,
                _ => {}
            }
        }
        let record = Record {
            url: url.to_owned(),
            source: self.id,
            position: Position::Line(line),
            kind,
            extra,
        };
        reader.catalog.emit(sink, record);
    }
}

/// Field `i` of a record, without the CR of a CRLF line end (records end at LF, so the last
/// field keeps the CR before it: it is the line end, never data).
fn field(record: &csv::ByteRecord, i: usize) -> Option<&[u8]> {
    let cell = record.get(i)?;
    if i + 1 == record.len() {
        return Some(cell.strip_suffix(b"\r").unwrap_or(cell));
    }
    Some(cell)
}

/// The content-type column of a header row, if any (never the URL column).
fn first_kind_column(header: &csv::ByteRecord, url_column: usize) -> Option<usize> {
    header.iter().enumerate().find_map(|(i, h)| {
        let h = String::from_utf8_lossy(h);
        (i != url_column
            && KIND_HEADERS
                .iter()
                .any(|k| h.trim().eq_ignore_ascii_case(k)))
        .then_some(i)
    })
}

/// The named columns of a header row other than the URL and type columns, carried with each
/// record (a header cell that is empty or not UTF-8 names nothing).
fn extra_columns(
    header: &csv::ByteRecord,
    url_column: usize,
    kind_column: Option<usize>,
) -> Vec<(usize, Arc<str>)> {
    header
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != url_column && Some(i) != kind_column)
        .filter_map(|(i, h)| {
            let h = std::str::from_utf8(h).ok()?.trim();
            (!h.is_empty()).then(|| (i, Arc::from(h)))
        })
        .collect()
}

/// Whether a cell is an absolute URL (a scheme, no blank inside).
fn is_absolute_url(cell: &[u8]) -> bool {
    std::str::from_utf8(cell).is_ok_and(|c| {
        let c = c.trim();
        !c.is_empty() && not_a_url(c).is_none()
    })
}

/// The URL column, whether the first row is a header, and the reason when it was chosen by
/// content.
struct Choice {
    column: usize,
    header: bool,
    guessed: Option<String>,
}

fn header_names(first: &csv::ByteRecord) -> String {
    first
        .iter()
        .map(|h| String::from_utf8_lossy(h).trim().to_owned())
        .collect::<Vec<_>>()
        .join(", ")
}

fn choose_column(
    wanted: Option<&Column>,
    first: &csv::ByteRecord,
    sample: &VecDeque<csv::ByteRecord>,
) -> Result<Choice, String> {
    let cell_is = |i: usize, name: &str| {
        first
            .get(i)
            .is_some_and(|h| String::from_utf8_lossy(h).trim() == name)
    };
    let cell_like = |i: usize, name: &str| {
        first
            .get(i)
            .is_some_and(|h| String::from_utf8_lossy(h).trim().eq_ignore_ascii_case(name))
    };
    let named = |column: usize| Choice {
        column,
        header: true,
        guessed: None,
    };
    match wanted {
        Some(Column::Name(name)) => (0..first.len())
            .find(|&i| cell_is(i, name))
            .or_else(|| (0..first.len()).find(|&i| cell_like(i, name)))
            .map(named)
            .ok_or_else(|| {
                format!(
                    "no column named '{name}'; the header row has: {}",
                    header_names(first)
                )
            }),
        Some(Column::Index(n)) => {
            let i = n - 1;
            Ok(Choice {
                column: i,
                header: !first.get(i).is_some_and(is_absolute_url),
                guessed: None,
            })
        }
        None => {
            if let Some(i) = URL_HEADERS
                .iter()
                .find_map(|u| (0..first.len()).find(|&i| cell_like(i, u)))
            {
                return Ok(named(i));
            }
            let width = sample
                .iter()
                .map(csv::ByteRecord::len)
                .max()
                .expect("invariant: the sample has a first row");
            let counts: Vec<usize> = (0..width)
                .map(|i| {
                    sample
                        .iter()
                        .filter(|r| r.get(i).is_some_and(is_absolute_url))
                        .count()
                })
                .collect();
            let best = (0..width).max_by_key(|&i| (counts[i], std::cmp::Reverse(i)));
            match best.filter(|&i| counts[i] > 0) {
                None => Err(format!(
                    "no column holds URLs: no header is named {} and no cell of the first \
                     {} rows is an absolute URL; name the column with csv:FILE#COLUMN (the \
                     header row has: {})",
                    URL_HEADERS.join(", "),
                    sample.len(),
                    header_names(first)
                )),
                Some(i) => {
                    let header = !first.get(i).is_some_and(is_absolute_url);
                    let rows = sample.len() - usize::from(header);
                    // The header row may be shorter than the column chosen by content.
                    let label = match first.get(i) {
                        Some(name) if header => {
                            format!(" ('{}')", String::from_utf8_lossy(name).trim())
                        }
                        _ => String::new(),
                    };
                    Ok(Choice {
                        column: i,
                        header,
                        guessed: Some(format!(
                            "URLs read from column {}{label}: no header names a URL column, and \
                             {} of its first {rows} cells are absolute URLs{}",
                            i + 1,
                            counts[i],
                            if header {
                                " (the first row is a header)"
                            } else {
                                ""
                            }
                        )),
                    })
                }
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
