//! `urlkit reconcile` over two lists given in memory, for the Reconcile panel of the page
//! (`urlkit serve` and the WebAssembly module): the same readers (the format told by the file
//! name the user chose, else by the bytes), the same engine and the same report writers as
//! the command, the bytes read from memory (`urlkit_sources::Location::Memory`) so that no
//! file and no network is read.

use serde_json::{json, Value};
use urlkit::normalize::{Level, Options};
use urlkit_reconcile::near::Leftovers;
use urlkit_reconcile::{LevelKeyer, Reconciler};
use urlkit_records::text::Style;
use urlkit_sources::{
    FetchError, FetchErrorKind, Fetcher, Reader, Response, SourceError, SourceSpec,
};

use crate::{read_sides, Extras, Fit, Meta, ReadFailure, Report, Sides, Unwatched, HINTS};

/// One side as the page gives it: its text (or a file's bytes) and the name it goes by (the
/// file's name, which tells its format as a path's does; `left` or `right` for pasted text).
#[derive(Clone, Copy, Debug)]
pub struct Given<'a> {
    /// The name in the report (`local-list.csv`).
    pub name: &'a str,
    /// The bytes.
    pub bytes: &'a [u8],
}

impl Given<'_> {
    fn spec(&self) -> SourceSpec {
        SourceSpec::in_memory(self.name, self.bytes.to_vec())
    }
}

/// The fetcher of the page's sources: none. Bytes in memory never lead to a request (a
/// sitemap index given as text is read alone); this is the guard if one ever did.
struct Nothing;

impl Fetcher for Nothing {
    fn get(&self, url: &str) -> Result<Response, FetchError> {
        Err(FetchError::new(
            FetchErrorKind::BadUrl,
            url,
            "the page reconciles the lists it is given: nothing is fetched",
        ))
    }
}

/// Which report writer of `urlkit reconcile` to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportFormat {
    /// `--format text`
    Text,
    /// `--format csv`
    Csv,
    /// `--format markdown`
    Markdown,
    /// `--json`: the records, as a list (`"records"`) in the order of the JSON Lines.
    Json,
}

impl ReportFormat {
    fn name(self) -> &'static str {
        match self {
            ReportFormat::Text => "text",
            ReportFormat::Csv => "csv",
            ReportFormat::Markdown => "markdown",
            ReportFormat::Json => "json",
        }
    }
}

/// Why a reconcile in memory gave no report.
#[derive(Debug)]
pub enum Unread {
    /// A side's source cannot be read, or gives no URL: `side` (`left`, `right`) and the
    /// reader's error (its kind is the `unreadable-list` answer's `reason`).
    Source(&'static str, SourceError),
    /// Writing the report failed (an invariant: it is written into memory).
    Report(String),
}

/// The report of `urlkit reconcile --format FORMAT --level LEVEL LEFT RIGHT` over two lists
/// given in memory under their names: `{"format", "report", "findings"}` (what the readers
/// found, one sentence each), or for [`ReportFormat::Json`] `{"format", "records",
/// "findings"}` (the records of `--json`). The engine joins on as many threads as `threads`
/// says (1: this one; the answer is the same).
///
/// ```
/// use urlkit_reconcile_report::memory::{report, Given, ReportFormat};
///
/// let left = Given { name: "old.txt", bytes: b"https://example.com/a\n" };
/// let right = Given { name: "new.txt", bytes: b"https://example.com/a\n" };
/// let v = report(left, right, urlkit::normalize::Level::Safe, ReportFormat::Text).unwrap();
/// assert!(v["report"].as_str().unwrap().starts_with("reconcile old.txt vs new.txt (level safe)"));
/// ```
pub fn report(
    left: Given<'_>,
    right: Given<'_>,
    level: Level,
    format: ReportFormat,
) -> Result<Value, Unread> {
    let options = Options::new(level);
    let keyer = LevelKeyer::new(options);
    // One thread where there is no other (WebAssembly), the machine's cores elsewhere.
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut engine: Reconciler<'_, Meta> = Reconciler::new(&keyer).threads(threads);
    let (l, r) = (vec![left.name.to_owned()], vec![right.name.to_owned()]);
    let sides = Sides {
        specs: [&l, &r],
        readers: [Reader::new(), Reader::new()],
        fetchers: [&[Some(&Nothing)], &[Some(&Nothing)]],
        left_text_bytes: None,
    };
    // read_sides asks for the left side's spec first, then the right's (the two may have
    // the same name).
    let asked = std::cell::Cell::new(0usize);
    let spec = |_: &str| -> Result<SourceSpec, ()> {
        let n = asked.get();
        asked.set(n + 1);
        Ok(if n == 0 { left.spec() } else { right.spec() })
    };
    let read = read_sides(&mut engine, sides, &Unwatched, &spec).map_err(|e| match e {
        ReadFailure::Source(side, source) => Unread::Source(side.name(), source),
        ReadFailure::Spec(()) => Unread::Report("invariant: an in-memory side has a spec".into()),
    })?;
    let done = engine.finish();
    let report = Report {
        level,
        sides: read,
        leftovers: Some(Leftovers::of(&done, &options, HINTS)),
        done: &done,
        style: Style::plain(),
        // The page shows every entry and every extra, as a file gets them.
        fit: Fit::Everything,
        extras: Extras::Listed,
        live: None,
    };
    let mut out = Vec::new();
    let written = match format {
        ReportFormat::Text => report.text(&mut out),
        ReportFormat::Csv => report.csv(&mut out, None),
        ReportFormat::Markdown => report.markdown(&mut out, None),
        ReportFormat::Json => report.json(&mut out, None),
    };
    written.map_err(|e| Unread::Report(e.to_string()))?;
    let text = String::from_utf8(out)
        .map_err(|_| Unread::Report("invariant: the report is UTF-8".to_owned()))?;
    let findings: Vec<String> = report
        .sides
        .iter()
        .zip(["left", "right"])
        .flat_map(|(s, side)| s.catalog.findings().iter().map(move |f| f.said_of(side)))
        .collect();
    if format == ReportFormat::Json {
        let records = text
            .lines()
            .map(serde_json::from_str)
            .collect::<Result<Vec<Value>, _>>()
            .map_err(|e| Unread::Report(format!("invariant: the JSON Lines parse: {e}")))?;
        return Ok(json!({"format": "json", "records": records, "findings": findings}));
    }
    Ok(json!({"format": format.name(), "report": text, "findings": findings}))
}
