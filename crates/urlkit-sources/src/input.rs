//! Opening a location as a bounded byte stream: gzip is detected by its magic bytes and
//! inflated, and no stream yields more than the configured cap (a gzip bomb stops there).

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read};

use flate2::read::MultiGzDecoder;

use crate::error::SourceError;
use crate::fetch::Fetcher;
use crate::spec::Location;

/// Marker carried by the I/O error raised when a stream passes its cap.
#[derive(Debug)]
pub(crate) struct CapExceeded(pub(crate) u64);

impl std::fmt::Display for CapExceeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "more than {} bytes", self.0)
    }
}

impl std::error::Error for CapExceeded {}

/// Whether `e` is (or wraps) a [`CapExceeded`].
pub(crate) fn is_cap(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<CapExceeded>())
}

/// How many recent line starts are remembered to turn a byte offset into a line and column.
const LINE_WINDOW: usize = 4096;

/// A `BufRead` that counts what is consumed: bytes (and refuses more than `cap`), and lines,
/// remembering where the last few thousand began so that a parser's byte offset becomes a line
/// and column with bounded memory.
pub(crate) struct Tracked<R> {
    inner: R,
    lines: bool,
    consumed: u64,
    cap: u64,
    lines_before_window: u64,
    newlines: VecDeque<u64>,
}

impl<R: BufRead> Tracked<R> {
    pub(crate) fn new(inner: R, cap: u64) -> Tracked<R> {
        Tracked {
            inner,
            lines: false,
            consumed: 0,
            cap,
            lines_before_window: 0,
            newlines: VecDeque::new(),
        }
    }

    /// Remembers where lines start, for [`Tracked::line_col`] (parsers that report byte
    /// offsets need it; line-by-line readers count lines themselves).
    pub(crate) fn count_lines(mut self) -> Tracked<R> {
        self.lines = true;
        self
    }

    /// Bytes consumed so far.
    pub(crate) fn consumed(&self) -> u64 {
        self.consumed
    }

    /// The 1-based line and byte column of `offset` (exact within the last few thousand
    /// lines; the line of an older offset is the oldest one remembered).
    pub(crate) fn line_col(&self, offset: u64) -> (u64, u64) {
        let after = self
            .newlines
            .iter()
            .rev()
            .take_while(|&&n| n >= offset)
            .count();
        let before_in_window = self.newlines.len() - after;
        let line = self.lines_before_window + before_in_window as u64 + 1;
        let line_start = match before_in_window {
            0 => 0,
            k => self.newlines.get(k - 1).map_or(0, |n| n + 1),
        };
        (line, offset.saturating_sub(line_start) + 1)
    }
}

impl<R: BufRead> Read for Tracked<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if !self.lines {
            // Straight from the inner reader, which skips its buffer for large reads: a text
            // source is read in blocks of megabytes, and each byte is then copied once.
            let remaining = self.cap.saturating_sub(self.consumed);
            if remaining == 0 {
                // The end, or the cap's error if there is more.
                self.fill_buf()?;
                return Ok(0);
            }
            let n = usize::try_from(remaining)
                .unwrap_or(usize::MAX)
                .min(out.len());
            let n = self.inner.read(out.get_mut(..n).unwrap_or_default())?;
            self.consumed += n as u64;
            return Ok(n);
        }
        let n = {
            let buf = self.fill_buf()?;
            let n = buf.len().min(out.len());
            out[..n].copy_from_slice(&buf[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Tracked<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let remaining = self.cap.saturating_sub(self.consumed);
        let cap = self.cap;
        let buf = self.inner.fill_buf()?;
        if buf.is_empty() {
            return Ok(buf);
        }
        if remaining == 0 {
            return Err(io::Error::other(CapExceeded(cap)));
        }
        let n = usize::try_from(remaining)
            .unwrap_or(usize::MAX)
            .min(buf.len());
        Ok(&buf[..n])
    }

    fn consume(&mut self, amt: usize) {
        if !self.lines {
            self.consumed += amt as u64;
            return self.inner.consume(amt);
        }
        if let Ok(buf) = self.inner.fill_buf() {
            let start = self.consumed;
            for (i, _) in buf[..amt.min(buf.len())]
                .iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
            {
                if self.newlines.len() == LINE_WINDOW {
                    self.newlines.pop_front();
                    self.lines_before_window += 1;
                }
                self.newlines.push_back(start + i as u64);
            }
        }
        self.consumed += amt as u64;
        self.inner.consume(amt);
    }
}

/// Opens `location`, inflating gzip, capped at `cap` bytes of (inflated) content.
pub(crate) fn open(
    location: &Location,
    fetcher: Option<&dyn Fetcher>,
    cap: u64,
) -> Result<Tracked<Box<dyn BufRead>>, SourceError> {
    let name = location.name();
    let raw: Box<dyn Read> = match location {
        Location::Stdin => Box::new(io::stdin()),
        Location::File(path) => Box::new(
            std::fs::File::open(path)
                .map_err(|e| SourceError::new("io", &name, format!("cannot open: {e}")))?,
        ),
        Location::Url(url) => {
            let response = get_ok(fetcher, url)?;
            response.body
        }
    };
    open_body(raw, &name, cap)
}

/// A fetched (or otherwise opened) body as a bounded stream, inflating gzip.
pub(crate) fn open_body(
    raw: Box<dyn Read>,
    name: &str,
    cap: u64,
) -> Result<Tracked<Box<dyn BufRead>>, SourceError> {
    Ok(Tracked::new(inflate(raw, name)?, cap))
}

/// GETs `url` and requires a 2xx answer.
pub(crate) fn get_ok(
    fetcher: Option<&dyn Fetcher>,
    url: &str,
) -> Result<crate::fetch::Response, SourceError> {
    let Some(fetcher) = fetcher else {
        return Err(SourceError::new(
            "http-disabled",
            url,
            "fetching URLs needs the `http` feature (urlkit's command line has it)",
        ));
    };
    let response = fetcher.get(url).map_err(|e| e.into_source_error(url))?;
    if !(200..300).contains(&response.status) {
        return Err(SourceError::new(
            "http-status",
            url,
            format!("GET answered HTTP {}", response.status),
        ));
    }
    Ok(response)
}

/// Buffers `raw`, inflating it when it starts with the gzip magic bytes.
fn inflate(raw: Box<dyn Read>, name: &str) -> Result<Box<dyn BufRead>, SourceError> {
    let mut buffered = BufReader::with_capacity(64 * 1024, raw);
    let head = buffered
        .fill_buf()
        .map_err(|e| SourceError::new("io", name, format!("cannot read: {e}")))?;
    if head.starts_with(&[0x1f, 0x8b]) {
        Ok(Box::new(BufReader::with_capacity(
            64 * 1024,
            MultiGzDecoder::new(buffered),
        )))
    } else {
        Ok(Box::new(buffered))
    }
}

/// Maps an I/O error while reading a source to a [`SourceError`].
pub(crate) fn io_error(e: &io::Error, name: &str, cap: u64) -> SourceError {
    if is_cap(e) {
        SourceError::new(
            "too-large",
            name,
            format!(
                "stopped after {cap} bytes (the limit; a compressed file that inflates this far \
                 is treated as a gzip bomb; raise it with --max-bytes)"
            ),
        )
    } else {
        SourceError::new("io", name, format!("cannot read: {e}"))
    }
}
