//! The one CSV writer: every CSV report (reconcile, check, the page's downloads) goes through
//! [`Writer`], which quotes with the `csv` crate (RFC 4180) and makes each cell safe first.

use std::borrow::Cow;
use std::io::{self, Write};

use crate::text::escape_controls;

/// A cell as the writer stores it: control characters written as `\xHH`, as in every other
/// format (a CSV is often looked at on a terminal, and a URL holds no raw control).
///
/// ```
/// assert_eq!(urlkit_records::csv::cell("a\r\nb"), "a\\x0D\\x0Ab");
/// ```
pub fn cell(text: &str) -> Cow<'_, str> {
    escape_controls(text)
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
