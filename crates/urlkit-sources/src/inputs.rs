//! The inputs of a command that reads items one by one (DESIGN §6): its arguments, or stdin
//! one item per line when there are none; for the commands that take URLs, also files and
//! sources (`text:FILE`, `csv:FILE#col`, `tsv:`, `sitemap:`, `wp:`, `json:`), and stdin in any
//! of those formats, told by its first bytes and said.

use std::io::{self, BufRead, Read};
use std::path::Path;
use std::sync::Arc;

use crate::block::RecordSink;
use crate::error::{empty_source, SourceError};
use crate::fetch::Fetcher;
use crate::finding::{Effect, FindingKind, Said};
use crate::input::{open_read, Opened, Peek};
use crate::lines::{for_each_line, trim, Content, BOM_REMOVED};
use crate::reader::Reader;
use crate::record::{Position, Record};
use crate::spec::{Format, FormatFrom, Location, SourceSpec};

/// Where one input came from.
///
/// ```
/// use urlkit_sources::{Origin, Position};
/// assert_eq!(Origin::Arg(2).describe(), "argument 2");
/// assert_eq!(Origin::Line(7).describe(), "line 7");
/// let o = Origin::Source { name: "list.txt".into(), position: Position::Line(3) };
/// assert_eq!((o.describe(), o.line()), ("list.txt line 3".to_owned(), Some(3)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The n-th (1-based) argument.
    Arg(usize),
    /// The n-th (1-based) line of stdin, read as text.
    Line(usize),
    /// A record of a named source (a file, a source spec, or stdin in another format than
    /// text): its name and where in it.
    Source {
        /// The source's name (a path, `<stdin>`, a URL).
        name: Arc<str>,
        /// Where in it.
        position: Position,
    },
}

impl Origin {
    /// `argument N`, `line N`, or the source's name and the position, for messages.
    pub fn describe(&self) -> String {
        match self {
            Origin::Arg(n) => format!("argument {n}"),
            Origin::Line(n) => format!("line {n}"),
            Origin::Source { name, position } => format!("{name} {position}"),
        }
    }

    /// The 1-based line, when the input is one.
    pub fn line(&self) -> Option<u64> {
        match self {
            Origin::Arg(_) => None,
            Origin::Line(n) => Some(*n as u64),
            Origin::Source { position, .. } => match position {
                Position::Line(n) | Position::LinePointer(n, _) | Position::LineColumn(n, _) => {
                    Some(*n)
                }
                Position::Pointer(_) | Position::Item(_) => None,
            },
        }
    }

    /// The name of the source, for an input that came from a named one.
    pub fn source(&self) -> Option<&str> {
        match self {
            Origin::Source { name, .. } => Some(name),
            _ => None,
        }
    }
}

/// One input: where it came from and its bytes (stdin and files need not be UTF-8), trimmed
/// by the one rule ([`crate::trim`]).
#[derive(Debug)]
pub struct Item<'a> {
    /// Where it came from.
    pub origin: Origin,
    /// The bytes, without the line end, the byte order mark or (for URLs) the whitespace
    /// around them.
    pub bytes: &'a [u8],
}

/// Something a door says about its inputs as it reads them (on stderr, as a Python warning):
/// a removed byte order mark or whitespace, a format told by content, input that gave no
/// record. The message names where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What it means: [`Effect::Skipped`] is a warning, the others are notes.
    pub effect: Effect,
    /// What kind of finding it is (`whitespace-removed`, `format-detected`,
    /// `read-as-file`, ...: [`FindingKind::name`]).
    pub kind: FindingKind,
    /// The message, with where it is about.
    pub message: String,
}

/// Why the inputs could not be read: writing an answer failed (a closed pipe), or a source
/// could not be read (exit 2).
#[derive(Debug)]
pub enum InputError {
    /// The callback's error, as it gave it.
    Io(io::Error),
    /// A source could not be read, or gave no record.
    Source(SourceError),
}

impl From<io::Error> for InputError {
    fn from(e: io::Error) -> Self {
        InputError::Io(e)
    }
}

impl From<SourceError> for InputError {
    fn from(e: SourceError) -> Self {
        InputError::Source(e)
    }
}

/// At most this many notes about removed whitespace, then one count at the end.
const TRIM_NOTES: usize = 3;

/// How a command reads its inputs.
///
/// ```
/// use urlkit_sources::{Content, Inputs};
/// let args = vec![" https://example.com/a ".to_owned(), "https://example.com/b".to_owned()];
/// let mut seen = Vec::new();
/// let mut notes = Vec::new();
/// Inputs::new(Content::Url)
///     .each(&args, &mut |n| notes.push(n.message), &mut |item| {
///         seen.push(String::from_utf8_lossy(item.bytes).into_owned());
///         Ok(())
///     })
///     .unwrap();
/// assert_eq!(seen, ["https://example.com/a", "https://example.com/b"]);
/// assert_eq!(notes, ["argument 1: removed the whitespace around the URL (U+0020 before, U+0020 after)"]);
/// ```
pub struct Inputs<'f> {
    content: Content,
    read_sources: bool,
    sniff_stdin: bool,
    allow_empty: bool,
    fetcher: Option<&'f dyn Fetcher>,
}

impl<'f> Inputs<'f> {
    /// Arguments as they are and stdin as lines, trimmed as `content` says.
    pub fn new(content: Content) -> Inputs<'f> {
        Inputs {
            content,
            read_sources: false,
            sniff_stdin: false,
            allow_empty: false,
            fetcher: None,
        }
    }

    /// Arguments that name sources are read: `-` (stdin), a spec with a format prefix
    /// (`text:`, `csv:FILE#col`, `tsv:`, `sitemap:`, `wp:`, `json:`), or a bare argument
    /// without a scheme that names an existing file (its format told by its name or its
    /// content, and said). Stdin's format is told by its first bytes (unless
    /// [`Inputs::stdin_as_lines`]).
    ///
    /// # Rationale
    ///
    /// ripgrep, fd, ruff and jq read a positional path as a file; a URL has a scheme and a
    /// file name has none, so `urlkit lint urls.txt` lints the file's URLs. A relative
    /// reference that happens to name a file is said to be read as that file; `text:-` reads
    /// stdin as lines, whatever it holds.
    #[must_use]
    pub fn read_sources(mut self) -> Inputs<'f> {
        self.read_sources = true;
        self.sniff_stdin = true;
        self
    }

    /// Stdin is read as lines whatever it holds (a terminal, where a person types; `compare`'s
    /// tab-separated pairs).
    #[must_use]
    pub fn stdin_as_lines(mut self) -> Inputs<'f> {
        self.sniff_stdin = false;
        self
    }

    /// A source that gives no record is read as an empty list, not an error.
    #[must_use]
    pub fn allow_empty(mut self) -> Inputs<'f> {
        self.allow_empty = true;
        self
    }

    /// Sources given by URL (`sitemap:https://...`) are fetched with `fetcher`.
    #[must_use]
    pub fn fetcher(mut self, fetcher: &'f dyn Fetcher) -> Inputs<'f> {
        self.fetcher = Some(fetcher);
        self
    }

    /// Calls `each` on every input in order: the arguments (and the records of the sources
    /// they name), or stdin's when there are none. What is removed or guessed is said to
    /// `notices` as it happens.
    pub fn each(
        &self,
        args: &[String],
        notices: &mut dyn FnMut(Notice),
        each: &mut dyn FnMut(Item<'_>) -> io::Result<()>,
    ) -> Result<(), InputError> {
        self.run(args, Stdin::Process, notices, each)
    }

    /// [`Inputs::each`], with `stdin` read where the process's stdin would be (`-`, or no
    /// argument), never taken for a terminal: the same policy on any reader, in any read
    /// sizes (tests and fuzzing call it). A source that names stdin by a prefix (`text:-`)
    /// reads it too.
    ///
    /// ```
    /// use urlkit_sources::{Content, Inputs};
    /// let mut seen = Vec::new();
    /// let stdin = Box::new(&b"\xEF\xBB\xBFhttps://a/\r\n \n"[..]);
    /// Inputs::new(Content::Url)
    ///     .each_with_stdin(&[], stdin, &mut |_| {}, &mut |item| {
    ///         seen.push(item.bytes.to_vec());
    ///         Ok(())
    ///     })
    ///     .unwrap();
    /// assert_eq!(seen, [&b"https://a/"[..], b""]);
    /// ```
    pub fn each_with_stdin(
        &self,
        args: &[String],
        stdin: Box<dyn Read>,
        notices: &mut dyn FnMut(Notice),
        each: &mut dyn FnMut(Item<'_>) -> io::Result<()>,
    ) -> Result<(), InputError> {
        self.run(args, Stdin::Given(Some(stdin)), notices, each)
    }

    fn run(
        &self,
        args: &[String],
        stdin: Stdin,
        notices: &mut dyn FnMut(Notice),
        each: &mut dyn FnMut(Item<'_>) -> io::Result<()>,
    ) -> Result<(), InputError> {
        let mut run = Run {
            inputs: self,
            reader: self.reader(),
            notices,
            each,
            trimmed: 0,
            said: 0,
            stdin,
        };
        if args.is_empty() {
            run.stdin()?;
        } else {
            for (i, arg) in args.iter().enumerate() {
                run.arg(i + 1, arg)?;
            }
        }
        run.finish();
        Ok(())
    }

    fn reader(&self) -> Reader<'f> {
        let reader = Reader::new().allow_empty();
        match self.fetcher {
            Some(f) => reader.fetcher(f),
            None => reader,
        }
    }
}

/// Where stdin's bytes come from.
enum Stdin {
    /// The process's stdin.
    Process,
    /// A reader given in its place (taken by the first read: a second `-` reads nothing).
    Given(Option<Box<dyn Read>>),
}

/// The state of one reading of the inputs.
struct Run<'i, 'f, 'n, 'e> {
    inputs: &'i Inputs<'f>,
    reader: Reader<'f>,
    notices: &'n mut dyn FnMut(Notice),
    each: &'e mut dyn FnMut(Item<'_>) -> io::Result<()>,
    /// Inputs whose whitespace was removed.
    trimmed: usize,
    /// The reader's findings said so far.
    said: usize,
    stdin: Stdin,
}

impl Run<'_, '_, '_, '_> {
    fn note(&mut self, effect: Effect, kind: FindingKind, message: String) {
        (self.notices)(Notice {
            effect,
            kind,
            message,
        });
    }

    /// One item, trimmed by the one rule, what was removed said.
    fn item(&mut self, origin: Origin, bytes: &[u8], at_start: bool) -> io::Result<()> {
        let t = trim(bytes, at_start, self.inputs.content);
        if t.bom {
            let message = format!("{}: {BOM_REMOVED}", origin.describe());
            self.note(Effect::Told, FindingKind::BomRemoved, message);
        }
        if let Some(what) = t.describe(bytes) {
            self.trimmed += 1;
            if self.trimmed <= TRIM_NOTES {
                let message = format!("{}: {what}", origin.describe());
                self.note(Effect::Told, FindingKind::WhitespaceRemoved, message);
            }
        }
        (self.each)(Item {
            origin,
            bytes: &bytes[t.kept],
        })
    }

    fn finish(&mut self) {
        if self.trimmed > TRIM_NOTES {
            let message = format!(
                "removed the whitespace around {} URLs in all ({} not listed)",
                self.trimmed,
                self.trimmed - TRIM_NOTES
            );
            self.note(Effect::Told, FindingKind::WhitespaceRemovedCount, message);
        }
    }

    fn arg(&mut self, n: usize, arg: &str) -> Result<(), InputError> {
        if !self.inputs.read_sources {
            return Ok(self.item(Origin::Arg(n), arg.as_bytes(), true)?);
        }
        if arg == "-" {
            return self.stdin();
        }
        let spec = SourceSpec::parse(arg)?;
        if spec.format_from == FormatFrom::Prefix {
            return self.source(&spec);
        }
        if urlkit::uri::scheme_end(arg).is_some() {
            return Ok(self.item(Origin::Arg(n), arg.as_bytes(), true)?);
        }
        let place = match &spec.location {
            Location::File(p) => Some(p.as_path()),
            _ => None,
        };
        if place.is_some_and(Path::is_file) {
            let how = match spec.format_from {
                FormatFrom::Name => format!(
                    "read as {}, told by its name ({}:{arg} says so)",
                    spec.format.map_or("text", |f| f.describe()),
                    spec.format.unwrap_or(Format::Text).name()
                ),
                _ => "read as the format its first bytes tell".to_owned(),
            };
            let message = format!(
                "argument {n}: {arg} is not a URL (it has no scheme) and names a file: {how}"
            );
            self.note(Effect::Guessed, FindingKind::ReadAsFile, message);
            return self.source(&spec);
        }
        if self.inputs.content == Content::Url && !arg.trim().is_empty() {
            let message = format!(
                "argument {n}: {arg} has no scheme and names no file: read as a URL reference"
            );
            self.note(Effect::Told, FindingKind::NoSchemeNoFile, message);
        }
        Ok(self.item(Origin::Arg(n), arg.as_bytes(), true)?)
    }

    /// Stdin: lines, or, for the commands that read sources, the format its first bytes
    /// tell (text is lines too).
    fn stdin(&mut self) -> Result<(), InputError> {
        let (raw, terminal) = self.take_stdin();
        if !self.inputs.sniff_stdin || terminal {
            // 64 KiB reads rather than stdin's 8 KiB: fewer system calls, and fewer lines
            // straddle two reads (those are the ones copied).
            let mut input = io::BufReader::with_capacity(64 << 10, raw);
            return self.lines(&mut input, None);
        }
        let spec = SourceSpec::parse("-")?;
        let name = Location::Stdin.name();
        let opened = open_read(raw, &name, self.reader.max_bytes, Peek::Decides)?;
        if opened.gzip {
            let message = format!("{name}: gzip content (told by its first bytes): inflated");
            self.note(Effect::Guessed, FindingKind::GzipDetected, message);
        }
        let sniffed = crate::sniff::sniff(&opened.head);
        if sniffed.format == Format::Text {
            let mut input = opened.uncapped().input;
            return self.lines(&mut input, None);
        }
        let message = format!(
            "{}: read as {}, told by its first bytes: {} ({}:- says so; text:- reads it as lines)",
            Location::Stdin.name(),
            sniffed.format.describe(),
            sniffed.why,
            sniffed.format.name()
        );
        self.note(Effect::Guessed, FindingKind::FormatDetected, message);
        self.opened(&spec, opened, sniffed.format, Said::new())
    }

    /// The one reader of stdin, for `-`, no argument and a source that names stdin with a
    /// prefix (`text:-`, `csv:-`) alike, and whether it is a terminal: the process's, or the
    /// reader given in its place (taken by the first read: a second `-` reads nothing).
    fn take_stdin(&mut self) -> (Box<dyn Read>, bool) {
        use std::io::IsTerminal;
        match &mut self.stdin {
            Stdin::Process => (Box::new(io::stdin().lock()), io::stdin().is_terminal()),
            Stdin::Given(given) => (given.take().unwrap_or_else(|| Box::new(io::empty())), false),
        }
    }

    /// Lines of `input`, each an item (`source`: the name of the file they are in).
    fn lines(
        &mut self,
        input: &mut impl BufRead,
        source: Option<Arc<str>>,
    ) -> Result<(), InputError> {
        let mut n = 0usize;
        for_each_line(input, |line| {
            n += 1;
            let origin = match &source {
                None => Origin::Line(n),
                Some(name) => Origin::Source {
                    name: name.clone(),
                    position: Position::Line(n as u64),
                },
            };
            self.item(origin, line, n == 1)
        })
        .map_err(|e| match crate::input::is_cap(&e) {
            true => InputError::Source(crate::input::io_error(
                &e,
                source.as_deref().unwrap_or("<stdin>"),
                self.reader.max_bytes,
            )),
            false => InputError::Io(e),
        })?;
        if n == 0 && !self.inputs.allow_empty {
            if let Some(name) = &source {
                return Err(empty_source(name, 0).into());
            }
        }
        Ok(())
    }

    /// A named source.
    fn source(&mut self, spec: &SourceSpec) -> Result<(), InputError> {
        if spec.location == Location::Stdin {
            // Stdin named with a prefix is read from the one stdin reader, as `-` is.
            let (raw, _) = self.take_stdin();
            let name = spec.location.name();
            let opened = open_read(raw, &name, self.reader.max_bytes, Peek::Head)?;
            let mut said = Said::new();
            let (opened, format) = self.reader.tell_format(spec, opened, &mut said)?;
            return self.opened(spec, opened, format, said);
        }
        if spec.format == Some(Format::WordPress) {
            let mut said = Said::new();
            self.reader
                .encoding_for(spec, Format::WordPress, &[], &mut said)?;
            let read = |reader: &mut Reader<'_>, sink: &mut dyn RecordSink, _: &mut Said| {
                crate::wordpress::read(reader, &spec.location, &mut |r| sink.record(r))
            };
            return self.records(spec, read, said);
        }
        let mut said = Said::new();
        let (opened, format) = self.reader.open_spec(spec, Peek::Head, &mut said)?;
        self.opened(spec, opened, format, said)
    }

    /// An opened source of `format`.
    fn opened(
        &mut self,
        spec: &SourceSpec,
        opened: Opened,
        format: Format,
        mut said: Said,
    ) -> Result<(), InputError> {
        if format == Format::Text {
            for (kind, effect, message) in said.drain(..) {
                let message = format!("{}: {message}", spec.location.name());
                self.note(effect, kind, message);
            }
            let encoding = self
                .reader
                .encoding_for(spec, format, &opened.head, &mut said)?;
            let opened = match encoding {
                Some(e) => opened.decoded(e),
                None => opened,
            };
            let mut input = opened.input;
            return self.lines(&mut input, Some(Arc::from(spec.location.name())));
        }
        self.records(
            spec,
            |reader, sink, said| reader.read_format(spec, opened, format, sink, said),
            said,
        )
    }

    /// The records a reader gives, each an item; its findings said.
    fn records(
        &mut self,
        spec: &SourceSpec,
        read: impl FnOnce(&mut Reader<'_>, &mut dyn RecordSink, &mut Said) -> Result<(), SourceError>,
        mut said: Said,
    ) -> Result<(), InputError> {
        let first = self.reader.catalog.sources().len();
        let mut sink = Sink {
            each: &mut *self.each,
            names: self.reader.names.clone(),
            records: 0,
            error: None,
        };
        let mut reader = std::mem::take(&mut self.reader);
        let read = read(&mut reader, &mut sink, &mut said);
        reader.after_read(first, said);
        let (records, error) = (sink.records, sink.error);
        self.reader = reader;
        self.say_findings();
        read?;
        if let Some(e) = error {
            return Err(e.into());
        }
        if records == 0 && !self.inputs.allow_empty {
            let skipped = self.reader.catalog.findings()[..]
                .iter()
                .filter(|f| f.source.0 as usize >= first && f.effect == Effect::Skipped)
                .count();
            return Err(empty_source(&spec.location.name(), skipped).into());
        }
        Ok(())
    }

    /// Says the reader's findings not said yet that a door says as they happen.
    fn say_findings(&mut self) {
        let catalog = &self.reader.catalog;
        let new: Vec<Notice> = catalog.findings()[self.said..]
            .iter()
            .filter(|f| f.effect.is_said())
            .map(|f| {
                let name = catalog
                    .source(f.source)
                    .map(|s| s.name.as_str())
                    .expect("invariant: a finding is about a source of its catalog");
                let at = match &f.position {
                    Some(p) => format!(" {p}"),
                    None => String::new(),
                };
                Notice {
                    effect: f.effect,
                    kind: f.kind,
                    message: format!("{name}{at}: {}", f.message),
                }
            })
            .collect();
        self.said = catalog.findings().len();
        for notice in new {
            (self.notices)(notice);
        }
    }
}

/// Records as items.
struct Sink<'e> {
    each: &'e mut dyn FnMut(Item<'_>) -> io::Result<()>,
    /// The names of the reader's sources, by id.
    names: Arc<std::sync::Mutex<Vec<Arc<str>>>>,
    records: u64,
    /// The first error of `each`; the records after it are not handed on.
    error: Option<io::Error>,
}

impl RecordSink for Sink<'_> {
    fn record(&mut self, record: Record) {
        self.records += 1;
        if self.error.is_some() {
            return;
        }
        let name = self
            .names
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(record.source.0 as usize)
            .cloned()
            .expect("invariant: a record's source was registered before its records");
        let origin = Origin::Source {
            name,
            position: record.position,
        };
        if let Err(e) = (self.each)(Item {
            origin,
            bytes: record.url.as_bytes(),
        }) {
            self.error = Some(e);
        }
    }
}
