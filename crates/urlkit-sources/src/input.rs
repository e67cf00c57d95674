//! Opening a location as a byte stream: gzip is detected by its magic bytes and inflated, and
//! no fetched response and no inflated stream yields more than the configured cap (a gzip
//! bomb or an endless response stops there; a plain local file is the user's own, read whole).

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read};

use flate2::read::MultiGzDecoder;

use crate::encoding::Decoding;
use crate::error::{SourceError, SourceErrorKind};
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
            k => {
                self.newlines
                    .get(k - 1)
                    .expect("invariant: k counts remembered newlines, so k - 1 is one")
                    + 1
            }
        };
        (line, offset.saturating_sub(line_start) + 1)
    }
}

/// `len`, or `remaining` when that is smaller (a `remaining` beyond `usize` is more than any
/// buffer).
fn at_most(remaining: u64, len: usize) -> usize {
    usize::try_from(remaining).map_or(len, |r| r.min(len))
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
            let n = at_most(remaining, out.len());
            let room = out
                .get_mut(..n)
                .expect("invariant: at_most gives at most out.len()");
            let n = self.inner.read(room)?;
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
        let n = at_most(remaining, buf.len());
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

/// How many bytes of a source's content are looked at to detect its format: enough for a
/// BOM, an XML declaration and comment, or the first JSON items and their `link`.
pub(crate) const HEAD: usize = 4096;

/// A source once opened: its content (inflated), capped, and a copy of its first bytes.
pub(crate) struct Opened {
    pub(crate) input: Tracked<Box<dyn BufRead>>,
    /// The first [`HEAD`] bytes of the content (fewer when it is shorter).
    pub(crate) head: Vec<u8>,
    /// For a fetched URL: the URL that answered and the redirect hops that led there.
    pub(crate) fetched: Option<(String, Vec<crate::fetch::Hop>)>,
    /// Whether the bytes were gzip (told by their magic bytes) and were inflated.
    pub(crate) gzip: bool,
    /// The cap on the content's bytes.
    pub(crate) cap: u64,
}

/// Where a stream's bytes come from: what decides whether its cap applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// A fetched response: capped, compressed or not (a server may never stop).
    Remote,
    /// A file, stdin or memory: capped only when it is compressed (what it inflates to is
    /// not what the user saw on disk).
    Local,
}

/// How much of a source's head is peeked before its format is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Peek {
    /// [`HEAD`] bytes (or all of a shorter source).
    Head,
    /// As little as tells the format: the first line that is not blank, or [`HEAD`] bytes of
    /// a JSON array (whose items say whether it is WordPress's). A line command reading a
    /// pipe answers the first line before the second is written.
    Decides,
}

/// Opens `location`, inflating gzip, capped at `cap` bytes of (inflated) content. The bytes
/// are not decoded: the format's reader does that ([`Opened::decoded`]).
///
/// *Rationale*: the gzip magic and the format are detected from bytes read once and then
/// given back in front of the rest of the stream, never by opening the file again: a FIFO,
/// a `<(...)` process substitution or stdin cannot be read twice.
pub(crate) fn open(
    location: &Location,
    fetcher: Option<&dyn Fetcher>,
    cap: u64,
) -> Result<Opened, SourceError> {
    open_peeking(location, fetcher, cap, Peek::Head)
}

/// [`open`], peeking as much as `peek` says.
pub(crate) fn open_peeking(
    location: &Location,
    fetcher: Option<&dyn Fetcher>,
    cap: u64,
    peek: Peek,
) -> Result<Opened, SourceError> {
    let name = location.name();
    let raw: Box<dyn Read> = match location {
        Location::Stdin => Box::new(io::stdin()),
        Location::File(path) => Box::new(std::fs::File::open(path).map_err(|e| {
            SourceError::new(SourceErrorKind::Io, &name, format!("cannot open: {e}"))
        })?),
        Location::Memory { bytes, .. } => Box::new(io::Cursor::new(bytes.clone())),
        Location::Url(url) => {
            let response = get_ok(fetcher, url)?;
            let mut opened = open_body_peeking(response.body, &name, cap, peek, Origin::Remote)?;
            opened.fetched = Some((response.url, response.redirects));
            return Ok(opened);
        }
    };
    open_body_peeking(raw, &name, cap, peek, Origin::Local)
}

/// A stream given as it is (stdin, or a reader in its place), opened as [`open`] opens a
/// file: gzip inflated (and then capped at `cap` bytes), its head peeked as `peek` says.
pub(crate) fn open_read(
    raw: Box<dyn Read>,
    name: &str,
    cap: u64,
    peek: Peek,
) -> Result<Opened, SourceError> {
    open_body_peeking(raw, name, cap, peek, Origin::Local)
}

/// A fetched (or otherwise opened) body, opened as [`open`] opens a file: gzip inflated,
/// capped at `cap` bytes when it is remote or compressed, its head peeked as `peek` says.
fn open_body_peeking(
    raw: Box<dyn Read>,
    name: &str,
    cap: u64,
    peek: Peek,
    origin: Origin,
) -> Result<Opened, SourceError> {
    let read_error = |e: io::Error| io_error(&e, name, cap);
    let (magic, raw) = peek_until(raw, |h| h.len() >= 2).map_err(read_error)?;
    let gzip = magic.starts_with(&[0x1f, 0x8b]);
    let cap = if gzip || origin == Origin::Remote {
        cap
    } else {
        u64::MAX
    };
    let content: Box<dyn Read> = if gzip {
        Box::new(MultiGzDecoder::new(raw))
    } else {
        raw
    };
    // The head is given back in front of the content, so the cap counts it too.
    let (head, content) = match peek {
        Peek::Head => peek_until(content, |h| h.len() >= HEAD),
        Peek::Decides => peek_until(content, decides),
    }
    .map_err(read_error)?;
    Ok(Opened {
        input: Tracked::new(Box::new(BufReader::with_capacity(64 * 1024, content)), cap),
        head,
        fetched: None,
        gzip,
        cap,
    })
}

/// Whether `head` tells the format (see [`Peek::Decides`]).
fn decides(head: &[u8]) -> bool {
    if head.len() >= HEAD {
        return true;
    }
    let first = head
        .iter()
        .find(|b| !b.is_ascii_whitespace() && !crate::lines::BOM.contains(b));
    match first {
        Some(b'[') => false,
        None => false,
        Some(_) => head
            .split_inclusive(|&b| b == b'\n')
            .any(|l| l.ends_with(b"\n") && !l.trim_ascii().is_empty()),
    }
}

impl Opened {
    /// The same source without a cap: a stream of lines read one at a time (stdin of a line
    /// command) holds nothing in memory, so no size is too large.
    pub(crate) fn uncapped(mut self) -> Opened {
        self.input.cap = u64::MAX;
        self.cap = u64::MAX;
        self
    }

    /// The same source, its content decoded from `encoding` to UTF-8 as it is read (bytes
    /// malformed in that encoding are passed on as they are, for the reader to find and
    /// locate); UTF-8 itself is not decoded.
    pub(crate) fn decoded(self, encoding: &'static encoding_rs::Encoding) -> Opened {
        if encoding == encoding_rs::UTF_8 {
            return self;
        }
        let cap = self.cap;
        let content: Box<dyn Read> = Box::new(Decoding::new(Box::new(self.input.inner), encoding));
        Opened {
            input: Tracked::new(Box::new(BufReader::with_capacity(64 * 1024, content)), cap),
            ..self
        }
    }
}

/// The first bytes of `raw`, read until `enough` says so or it ends (at most [`HEAD`] bytes,
/// unless `enough` wants more), and a reader that yields them again
/// followed by the rest. An error after the first bytes is kept for the reader to meet where
/// it happened (a cut gzip stream is then a cut document, with what came before it read).
fn peek_until(
    mut raw: Box<dyn Read>,
    enough: impl Fn(&[u8]) -> bool,
) -> io::Result<(Vec<u8>, Box<dyn Read>)> {
    let mut head = Vec::with_capacity(HEAD);
    let mut chunk = [0u8; 512];
    let result = loop {
        if enough(&head) {
            break Ok(());
        }
        // Never past HEAD: what is read here is copied once more.
        let room = (HEAD - head.len().min(HEAD)).clamp(1, chunk.len());
        match raw.read(&mut chunk[..room]) {
            Ok(0) => break Ok(()),
            Ok(n) => head.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => break Err(e),
        }
    };
    let again = io::Cursor::new(head.clone());
    match result {
        Ok(_) => Ok((head, Box::new(again.chain(raw)))),
        Err(e) if head.is_empty() => Err(e),
        Err(e) => Ok((head, Box::new(again.chain(Failing(Some(e), raw))))),
    }
}

/// A reader whose first read fails with the error it holds, then reads on from the inner one.
struct Failing(Option<io::Error>, Box<dyn Read>);

impl Read for Failing {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        match self.0.take() {
            Some(e) => Err(e),
            None => self.1.read(out),
        }
    }
}

/// GETs `url` and requires a 2xx answer.
pub(crate) fn get_ok(
    fetcher: Option<&dyn Fetcher>,
    url: &str,
) -> Result<crate::fetch::Response, SourceError> {
    let Some(fetcher) = fetcher else {
        return Err(SourceError::new(
            SourceErrorKind::HttpDisabled,
            url,
            "fetching URLs needs the `http` feature (a default feature of urlkit's command line)",
        ));
    };
    let response = fetcher.get(url).map_err(|e| e.into_source_error(url))?;
    if !(200..300).contains(&response.status) {
        return Err(SourceError::new(
            SourceErrorKind::HttpStatus,
            url,
            format!("GET answered HTTP {}", response.status),
        ));
    }
    Ok(response)
}

/// Maps an I/O error while reading a source to a [`SourceError`].
pub(crate) fn io_error(e: &io::Error, name: &str, cap: u64) -> SourceError {
    if is_cap(e) {
        SourceError::new(
            SourceErrorKind::TooLarge,
            name,
            format!(
                "stopped after {cap} bytes (the limit for a fetched response and for what a \
                 compressed file inflates to: a gzip bomb or an endless response stops there; \
                 raise it with --max-bytes)"
            ),
        )
    } else {
        SourceError::new(SourceErrorKind::Io, name, format!("cannot read: {e}"))
    }
}

/// A reader for serde_json, which reads a byte at a time: std's `BufReader` serves those
/// reads inline, where `Tracked` behind a `Box<dyn BufRead>` would cost two calls a byte.
pub(crate) fn byte_reader<R: std::io::Read>(input: R) -> std::io::BufReader<R> {
    std::io::BufReader::with_capacity(64 * 1024, input)
}

/// Drops a UTF-8 byte order mark, and says whether there was one (the one rule:
/// [`crate::trim`]'s, said by the caller with [`crate::lines::BOM_REMOVED`]).
pub(crate) fn skip_bom(input: &mut impl BufRead) -> std::io::Result<bool> {
    if input.fill_buf()?.starts_with(crate::lines::BOM) {
        input.consume(crate::lines::BOM.len());
        return Ok(true);
    }
    Ok(false)
}
