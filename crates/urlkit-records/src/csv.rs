//! The one CSV writer: every CSV report (reconcile, check, the page's downloads) goes through
//! [`Writer`], which quotes with the `csv` crate (RFC 4180) and makes each cell safe first:
//! no raw control character, and no cell that a spreadsheet would run as a formula.

use std::borrow::Cow;
use std::io::{self, Write};

use crate::table::Table;
use crate::text::escape_controls;

/// A cell as the writer stores it: control characters written as `\xHH`, as in every other
/// format (a CSV is often looked at on a terminal, and a URL holds no raw control), and a
/// text that starts like a formula (`=`, `+`, `-`, `@`, TAB, CR) with a `'` before it.
///
/// ```
/// use urlkit_records::csv::cell;
/// assert_eq!(cell("a\r\nb"), "a\\x0D\\x0Ab");
/// assert_eq!(cell("=HYPERLINK(\"http://evil/\")"), "'=HYPERLINK(\"http://evil/\")");
/// assert_eq!(cell("https://a.example/?x=-1"), "https://a.example/?x=-1");
/// ```
///
/// # Rationale
///
/// OWASP's rule for CSV injection: a spreadsheet reads a cell that starts with one of those
/// characters as a formula, which can run commands or send data elsewhere, and a list read
/// from a remote sitemap or a WordPress site can hold anything. The `'` makes the cell text in
/// Excel, LibreOffice and Google Sheets, which do not show it. TAB and CR never reach the
/// check raw (they are escaped first), but a text that starts with them is caught either way.
/// <https://owasp.org/www-community/attacks/CSV_Injection>
pub fn cell(text: &str) -> Cow<'_, str> {
    let escaped = escape_controls(text);
    if starts_formula(&escaped) {
        Cow::Owned(format!("'{escaped}"))
    } else {
        escaped
    }
}

/// Whether a spreadsheet would read a cell starting so as a formula.
///
/// ```
/// assert!(urlkit_records::csv::starts_formula("@SUM(A1)"));
/// assert!(!urlkit_records::csv::starts_formula("'=1"));
/// ```
pub fn starts_formula(text: &str) -> bool {
    matches!(
        text.as_bytes().first(),
        Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r')
    )
}

/// CSV rows on a writer.
///
/// ```
/// let mut w = urlkit_records::csv::Writer::new(Vec::new());
/// w.row(["status", "url"]).unwrap();
/// w.row(["missing", "https://a.example/?x=1,2"]).unwrap();
/// assert_eq!(
///     String::from_utf8(w.into_inner().unwrap()).unwrap(),
///     "status,url\nmissing,\"https://a.example/?x=1,2\"\n"
/// );
/// ```
pub struct Writer<W: Write> {
    inner: csv::Writer<W>,
}

impl<W: Write> Writer<W> {
    /// A writer with `\n` line ends and quotes only where a cell needs them.
    pub fn new(out: W) -> Writer<W> {
        let inner = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .flexible(true)
            .from_writer(out);
        Writer { inner }
    }

    /// Writes one row, each cell made safe by [`cell`].
    pub fn row<I, S>(&mut self, cells: I) -> io::Result<()>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.inner
            .write_record(cells.into_iter().map(|c| cell(c.as_ref()).into_owned()))
            .map_err(into_io)
    }

    /// Flushes the rows written so far.
    pub fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }

    /// The writer back, flushed.
    pub fn into_inner(self) -> io::Result<W> {
        self.inner.into_inner().map_err(|e| e.into_error())
    }
}

/// The I/O error under a CSV error (a closed pipe stays a closed pipe).
fn into_io(e: csv::Error) -> io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("{other:?}")),
    }
}

/// Writes `table` as CSV: the header (the column names), then one record per row, every cell
/// through [`cell`].
///
/// ```
/// use urlkit_records::table::{Align, Table};
/// let mut t = Table::new([("status", Align::Left), ("url", Align::Left)]);
/// t.push(["extra".into(), "=1+2".into()]);
/// let mut out = Vec::new();
/// urlkit_records::csv::write_table(&mut out, &t).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "status,url\nextra,'=1+2\n");
/// ```
pub fn write_table(out: &mut impl Write, table: &Table) -> io::Result<()> {
    let mut w = Writer::new(out);
    w.row(table.columns.iter().map(|c| c.name.as_str()))?;
    for row in &table.rows {
        w.row((0..table.columns.len()).map(|i| row.get(i).map(|c| c.plain()).unwrap_or_default()))?;
    }
    w.flush()
}

/// The law of the CSV writer, checked by its fuzz target and property test: `rows` written
/// by [`write_table`] read back (RFC 4180, the `csv` crate's reader) as the same number of
/// rows and cells, each cell exactly [`cell`] of the text given, none starting a formula and
/// none holding a raw control character. The error says which cell breaks it.
///
/// ```
/// let rows = vec![vec!["=1+2".to_owned(), "a,\"b\"\n".to_owned()]];
/// assert_eq!(urlkit_records::csv::verify_round_trip(&rows), Ok(()));
/// ```
pub fn verify_round_trip(rows: &[Vec<String>]) -> Result<(), String> {
    let width = rows.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let mut table = Table::new((0..width).map(|i| (format!("c{i}"), crate::table::Align::Left)));
    for row in rows {
        table.push(row.iter().map(|t| crate::table::Cell::text(t.as_str())));
    }
    let mut out = Vec::new();
    write_table(&mut out, &table).map_err(|e| format!("writing failed: {e}"))?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_reader(out.as_slice());
    let mut read = 0;
    for (r, record) in reader.records().enumerate() {
        let record = record.map_err(|e| format!("row {r} does not read back: {e}"))?;
        let given = rows
            .get(r)
            .ok_or_else(|| format!("row {r} was never written"))?;
        if record.len() != width {
            return Err(format!("row {r} has {} cells, not {width}", record.len()));
        }
        for (i, got) in record.iter().enumerate() {
            let want = given.get(i).map_or(Cow::Borrowed(""), |t| cell(t));
            if got != want {
                return Err(format!(
                    "row {r} cell {i}: {got:?} read back, {want:?} written"
                ));
            }
            if starts_formula(got) {
                return Err(format!("row {r} cell {i} starts a formula: {got:?}"));
            }
            if got.chars().any(crate::text::is_unsafe_control) {
                return Err(format!("row {r} cell {i} holds a raw control: {got:?}"));
            }
        }
        read += 1;
    }
    if read != rows.len() {
        return Err(format!("{read} rows read back, {} written", rows.len()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    /// Texts that reach the interesting cases: formula starts, quotes, delimiters, controls,
    /// bidi controls, empty cells, and plain URLs.
    fn text() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("=".to_owned()),
            Just("+".to_owned()),
            Just("-".to_owned()),
            Just("@".to_owned()),
            Just("\t".to_owned()),
            Just("\r".to_owned()),
            Just("\n".to_owned()),
            Just("\"".to_owned()),
            Just(",".to_owned()),
            Just("'".to_owned()),
            Just("\u{202E}".to_owned()),
            Just("https://a.example/?q=1".to_owned()),
            "[a-z0-9 ]{0,4}",
            any::<char>().prop_map(String::from),
        ];
        proptest::collection::vec(piece, 0..5).prop_map(|p| p.concat())
    }

    proptest! {
        #[test]
        fn every_row_reads_back_safe(rows in proptest::collection::vec(proptest::collection::vec(text(), 0..4), 0..6)) {
            prop_assert_eq!(super::verify_round_trip(&rows), Ok(()));
        }
    }
}
