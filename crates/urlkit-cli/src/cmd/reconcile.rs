//! `urlkit reconcile`: match two URL lists (sitemaps, WordPress, CSV, text, JSON) by their
//! comparison keys and report what is truly missing, what is extra, what repeats, and why each
//! pair matched.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::Arc;

use urlkit::normalize::Options;
use urlkit_reconcile::{Batch, Feeder, Keyer, LevelKeyer, Reconciler, Side};
use urlkit_sources::{
    Catalog, Effect, Format, LineBlock, Location, Position, Reader, Record, RecordSink, SourceSpec,
};

mod matrix;
#[cfg(feature = "serve")]
pub mod memory;
mod report;
#[cfg(feature = "http")]
mod verify;

use super::normalize::LevelArgs;
use super::{CliError, CmdResult, Ctx, Status};
use crate::style::escape_controls;
use report::{Extras, Fit, Report};
use std::io::IsTerminal;
use urlkit_reconcile::near::Leftovers;

/// Near matches given per missing or extra URL.
const HINTS: usize = 3;

const AFTER_HELP: &str = "\
Sources (LEFT, RIGHT, --left, --right):
  sitemap:FILE|URL        sitemaps.org <urlset> or <sitemapindex> (followed), gzip or not
  wp:FILE|DIR|BASEURL     WordPress REST API: saved JSON arrays (a file, or a folder of them),
                          or a live site: every public post type and taxonomy, all pages
  csv:FILE#COLUMN         CSV column by header name or 1-based number (tsv: for tabs);
                          without #COLUMN, a header named url, link, permalink, ... or else
                          the column whose cells are URLs (said on stderr)
  text:FILE               one URL a line; other lines (prose) are warned about, not joined
  json:FILE#/POINTER      JSON or JSON Lines; '*' in the pointer means every element
  -                       stdin (format detected as for a bare path)
  A bare path or URL is detected: .xml/.xml.gz sitemap, .csv, .tsv, .txt, .jsonl, a folder of
  .json files is WordPress, else by the first bytes (XML, a JSON array with \"link\" is
  WordPress, JSON, else text); FILE.csv#COLUMN works without csv:. An http(s) URL is a
  sitemap if it looks like one, else a WordPress site. Several --left (or --right) sources
  merge into one side. A source not in UTF-8 (a CSV from Japanese Excel) is read with
  csv:FILE?encoding=cp932, --left-encoding cp932 or --encoding cp932 (text, CSV and TSV only:
  JSON is UTF-8, XML follows its declaration); a line or cell that is not UTF-8 is warned
  about. A source that gives no URL is an error (exit 2) unless --allow-empty.

Levels (--level): exact, safe [default], normal, loose, whatwg (see `urlkit compare --help`).
  safe treats as the same: hex case (%e3 = %E3), raw non-ASCII vs its UTF-8 escapes
  (/tag/ログイン/ = /tag/%E3%83%AD...), host and scheme case, default ports; it never decodes
  %2F or other reserved characters. --loose-on RULE,... turns loose switches on at any level
  and --loose-off RULE,... turns them off at loose: fragment, trailing-slash, scheme, www,
  index-page, query-order, tracking-params, plus-space, sub-delims (as key and compare do).

Exit status: 0 when every URL on each side has a match on the other (whatever --only
prints), 1 when something is missing or extra (--fail-on missing: only when something is
missing, so a live site with more pages than the list still passes) or part of a source gave
no URL (a line that is not one, a cell that is not UTF-8), 2 when a source cannot be read (a
sitemap cut short is xml-truncated) or gives no URL at all.

Examples:
  urlkit reconcile examples/wordpress-site/local-list.csv examples/wordpress-site/wp-json
  urlkit reconcile --only missing list.txt https://example.com/wp-sitemap.xml
  urlkit reconcile --left wp:https://example.com --right sitemap:sitemap.xml.gz
  urlkit reconcile --format markdown csv:a.csv#url b.txt > report.md
  urlkit reconcile --format csv --only matched old.txt new.txt
  urlkit reconcile --matrix list.csv wp:https://example.com https://example.com/wp-sitemap.xml
  urlkit reconcile --verify --format csv --matrix list.csv https://example.com/wp-sitemap.xml";

/// Arguments of `urlkit reconcile`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The left source (the reference: "missing" means missing from the right).
    #[arg(value_name = "LEFT")]
    left_pos: Option<String>,
    /// The right source.
    #[arg(value_name = "RIGHT")]
    right_pos: Option<String>,
    /// A left source (repeatable: the sources merge).
    #[arg(long = "left", value_name = "SRC")]
    left: Vec<String>,
    /// A right source (repeatable: the sources merge).
    #[arg(long = "right", value_name = "SRC")]
    right: Vec<String>,
    #[command(flatten)]
    level: LevelArgs,
    /// Report format (--json means --format json).
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Print only one list: what is only in LEFT (missing), only in RIGHT (extra), or the
    /// matched pairs with their rules.
    #[arg(long, value_enum)]
    only: Option<OnlyArg>,
    /// Follow sitemap indexes at most this deep.
    #[arg(long, default_value_t = 5, value_name = "N")]
    max_depth: usize,
    /// Refuse any one file or response larger than this many (inflated) bytes.
    #[arg(long, default_value_t = 256 * 1024 * 1024, value_name = "BYTES")]
    max_bytes: u64,
    #[command(flatten)]
    http: HttpArgs,
    /// Read at most this many sitemaps per sitemap source (indexes included); the rest is a
    /// finding.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    max_sitemaps: usize,
    /// Read the text, CSV and TSV sources in this encoding (cp932 for Japanese Excel,
    /// euc-jp, shift_jis, windows-1252, utf-16le, any Encoding Standard label); default
    /// UTF-8. JSON is always UTF-8 and XML follows its declaration (said when this is not
    /// applied to one). A source may name its own: csv:list.csv?encoding=cp932.
    #[arg(long, value_name = "ENCODING", value_parser = parse_encoding)]
    encoding: Option<&'static urlkit_sources::Encoding>,
    /// --encoding for the left side's sources only.
    #[arg(long, value_name = "ENCODING", value_parser = parse_encoding)]
    left_encoding: Option<&'static urlkit_sources::Encoding>,
    /// --encoding for the right side's sources only.
    #[arg(long, value_name = "ENCODING", value_parser = parse_encoding)]
    right_encoding: Option<&'static urlkit_sources::Encoding>,
    /// Compare a source that gives no URL (an empty export, a wrong path inside a folder)
    /// as an empty list; by default it is an error (exit 2).
    #[arg(long)]
    allow_empty: bool,
    /// What makes the exit status 1: URLs missing from the right, extra on the right, or
    /// either.
    #[arg(long, value_enum, default_value_t = FailOn::Any, value_name = "WHAT")]
    fail_on: FailOn,
    /// Start CSV output with a UTF-8 byte order mark, so that Excel (Japanese Excel too)
    /// reads it as UTF-8.
    #[arg(long)]
    bom: bool,
    /// Instead of two sides, where each page is across any number of sources (two or
    /// more): one row per distinct page, the sources it is in, how each spells it, and the
    /// patterns of presence (in the sitemap but not REST: probably a custom post type).
    #[arg(long, num_args = 2.., value_name = "SRC")]
    matrix: Vec<String>,
    /// Prove the join against the live site: request the left spelling of every pair matched
    /// only after normalization (hex-case, iri-to-uri, ...) as `urlkit check` requests a URL
    /// (within --max-requests) and report those that do not lead to the matched page (a 404,
    /// a redirect elsewhere); exit 1 when any does not, or gets no answer. With --matrix:
    /// request each page (its first source's spelling) and add its status and verdict.
    #[arg(long)]
    verify: bool,
}

/// How much fetching a run may do, and how patiently (shared by the commands that fetch).
#[derive(clap::Args, Debug, Clone)]
pub struct HttpArgs {
    /// Make at most this many HTTP requests in all (retries and redirects count); what was
    /// not fetched is a finding.
    #[arg(long, default_value_t = 10_000, value_name = "N")]
    pub max_requests: u64,
    /// Give up a request after this many seconds.
    #[arg(long, default_value_t = 60.0, value_name = "SECS")]
    pub timeout: f64,
    /// Give up connecting after this many seconds.
    #[arg(long, default_value_t = 10.0, value_name = "SECS")]
    pub connect_timeout: f64,
    /// Retry a request that got no answer, a 429 or a 5xx this many times (with backoff,
    /// honouring Retry-After); a bad URL, a refused scheme or address, a loop or too many
    /// redirects are never retried.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub retries: u32,
    /// Follow at most this many redirects per request.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub max_redirects: usize,
}

/// The fetcher of live sources: urlkit-sources' over ureq (the `http` feature).
#[cfg(feature = "http")]
type Net = urlkit_sources::HttpFetcher;

/// Without the `http` feature there is no fetcher: a source given by URL is then the readers'
/// `http-disabled` error, which names the feature. The arguments are still checked.
#[cfg(not(feature = "http"))]
#[derive(Clone, Debug)]
pub struct Net;

#[cfg(not(feature = "http"))]
impl Net {
    fn new_start(&self) -> Net {
        Net
    }
}

impl HttpArgs {
    /// The fetcher these arguments describe.
    pub fn fetcher(&self) -> Result<Net, CliError> {
        let secs = |name: &str, s: f64| {
            std::time::Duration::try_from_secs_f64(s)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| {
                    CliError::Usage(format!(
                        "--{name} must be a positive number of seconds, not {s}"
                    ))
                })
        };
        let (connect, whole) = (
            secs("connect-timeout", self.connect_timeout)?,
            secs("timeout", self.timeout)?,
        );
        #[cfg(not(feature = "http"))]
        {
            let _ = (connect, whole);
            Ok(Net)
        }
        #[cfg(feature = "http")]
        Ok(Net::with_timeouts(connect, whole)
            .retries(self.retries)
            .max_redirects(self.max_redirects)
            .max_requests(self.max_requests))
    }
}

/// `--encoding` values.
fn parse_encoding(name: &str) -> Result<&'static urlkit_sources::Encoding, String> {
    urlkit_sources::encoding_for_name(name).ok_or_else(|| urlkit_sources::unknown_encoding(name))
}

/// `--fail-on` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FailOn {
    /// Exit 1 when a left URL has no match on the right.
    Missing,
    /// Exit 1 when a right URL has no match on the left.
    Extra,
    /// Exit 1 for either.
    Any,
}

/// `--format` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FormatArg {
    Text,
    Json,
    Csv,
    Markdown,
}

/// `--only` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum OnlyArg {
    Missing,
    Extra,
    Matched,
}

/// Where a record came from, in 12 bytes since a million of them may be kept (next to a URL
/// span an occurrence packs into 24 bytes): its source (in its side's catalog) and its line,
/// or, for a record that also has a JSON pointer or a type, the number of its [`Place`] in
/// the side's tables. The source is kept plus one, never zero, so that an occurrence that may
/// be absent needs no tag of its own; its top bit says which of the two `at` holds.
#[derive(Clone, Copy, Debug)]
struct Meta {
    source: NonZeroU32,
    /// The line, or the place's number (low and high 32 bits: the struct stays 4-byte
    /// aligned).
    at: [u32; 2],
}

/// The top bit of [`Meta::source`]: `at` numbers a [`Place`].
const PLACED: u32 = 1 << 31;

impl Meta {
    /// A record of `source` at `line` (1-based; 0: none), with no type or pointer.
    fn at_line(source: u32, line: u64) -> Meta {
        Meta::new(source & !PLACED, line)
    }

    fn new(source: u32, at: u64) -> Meta {
        Meta {
            source: NonZeroU32::MIN.saturating_add(source),
            at: [at as u32, (at >> 32) as u32],
        }
    }

    /// The source's number in its side's catalog.
    fn source(&self) -> u32 {
        (self.source.get() - 1) & !PLACED
    }

    fn at(&self) -> u64 {
        u64::from(self.at[0]) | (u64::from(self.at[1]) << 32)
    }

    /// The number of its place, when it has one.
    fn place(&self) -> Option<usize> {
        ((self.source.get() - 1) & PLACED != 0).then(|| self.at() as usize)
    }
}

/// The origin of a record that has a type or a JSON pointer.
struct Place {
    line: u64,
    kind: Option<u32>,
    pointer: Option<u32>,
    /// Its extra fields, in [`Tables::extras`].
    extra: Option<u32>,
}

/// A record's extra fields: each field's number in [`Tables::fields`], and its value, by
/// field number (so that [`Tables::extra`] finds one by binary search).
type Extra = Box<[(u32, Box<str>)]>;

/// The tables `Meta` indexes into, built while reading one side.
#[derive(Default)]
struct Tables {
    kinds: Vec<Arc<str>>,
    /// Where each type is in `kinds` (a source may have 100,000 of them).
    kind_ids: HashMap<Arc<str>, u32>,
    pointers: Vec<String>,
    places: Vec<Place>,
    /// The column of each place that has one (a sitemap's `<loc>`), by place number in
    /// increasing order: only sitemaps have them, so the other places pay nothing.
    columns: Vec<(usize, u64)>,
    /// The names of the extra fields the side's sources gave (a CSV's other columns, a
    /// WordPress title, a sitemap's lastmod), in order of first sight.
    fields: Vec<Arc<str>>,
    /// Where each name is in `fields` (a CSV may have a million columns: issue 24, item 5).
    field_ids: HashMap<Arc<str>, u32>,
    extras: Vec<Extra>,
}

impl Tables {
    /// The compact form of a record's origin.
    fn meta(
        &mut self,
        source: u32,
        position: Position,
        kind: Option<Arc<str>>,
        extra: Vec<(Arc<str>, String)>,
    ) -> Meta {
        let kind = kind.map(|k| match self.kind_ids.get(&k) {
            Some(&i) => i,
            None => {
                let i = u32::try_from(self.kinds.len())
                    .expect("invariant: fewer than 2^32 types (each is a distinct record field)");
                self.kinds.push(k.clone());
                self.kind_ids.insert(k, i);
                i
            }
        });
        let (line, pointer, column) = match position {
            Position::Line(n) => (n, None, None),
            Position::Pointer(p) => (0, Some(p), None),
            Position::LinePointer(n, p) => (n, Some(p), None),
            // Lists in memory are Python's; the CLI reads files and streams.
            Position::Item(i) => (i + 1, None, None),
            Position::LineColumn(n, c) => (n, None, Some(c)),
        };
        let pointer = pointer.map(|p| {
            self.pointers.push(p);
            (self.pointers.len() - 1) as u32
        });
        let extra = (!extra.is_empty()).then(|| {
            let mut fields: Vec<(u32, Box<str>)> = extra
                .into_iter()
                .map(|(name, value)| (self.field(name), value.into_boxed_str()))
                .collect();
            // Stable: a name given twice keeps its first value first, as the search found it.
            fields.sort_by_key(|(f, _)| *f);
            self.extras.push(fields.into_boxed_slice());
            u32::try_from(self.extras.len() - 1)
                .expect("invariant: fewer than 2^32 records with extra fields on one side")
        });
        if kind.is_none() && pointer.is_none() && extra.is_none() && column.is_none() {
            return Meta::at_line(source, line);
        }
        if let Some(c) = column {
            self.columns.push((self.places.len(), c));
        }
        self.places.push(Place {
            line,
            kind,
            pointer,
            extra,
        });
        Meta::new(source | PLACED, (self.places.len() - 1) as u64)
    }

    /// The number of the extra field `name`.
    fn field(&mut self, name: Arc<str>) -> u32 {
        if let Some(&i) = self.field_ids.get(&name) {
            return i;
        }
        let i = u32::try_from(self.fields.len())
            .expect("invariant: fewer than 2^32 field names (each is a distinct column)");
        self.fields.push(name.clone());
        self.field_ids.insert(name, i);
        i
    }

    /// The value of the extra field numbered `field` of the record, when its source gave one.
    fn extra(&self, meta: &Meta, field: usize) -> Option<&str> {
        let extra = self.place(meta.place()?).extra?;
        let fields = self
            .extras
            .get(extra as usize)
            .expect("invariant: a place numbers extra fields of its tables");
        // The first of the field's values (a header may name a column twice).
        let at = fields.partition_point(|(f, _)| (*f as usize) < field);
        fields
            .get(at)
            .filter(|(f, _)| *f as usize == field)
            .map(|(_, v)| &**v)
    }

    /// The record's 1-based line (0: none).
    fn line(&self, meta: &Meta) -> u64 {
        match meta.place() {
            None => meta.at(),
            Some(i) => self.place(i).line,
        }
    }

    /// The record's 1-based column on its line, when its source gives one.
    fn column(&self, meta: &Meta) -> Option<u64> {
        let i = meta.place()?;
        let at = self.columns.partition_point(|(p, _)| *p < i);
        self.columns
            .get(at)
            .filter(|(p, _)| *p == i)
            .map(|(_, c)| *c)
    }

    /// The place numbered `i`.
    fn place(&self, i: usize) -> &Place {
        self.places
            .get(i)
            .expect("invariant: a Meta numbers a place of the tables that made it")
    }

    /// The record's content type, when its source said.
    fn kind(&self, meta: &Meta) -> Option<&str> {
        let kind = self.place(meta.place()?).kind?;
        Some(
            self.kinds
                .get(kind as usize)
                .expect("invariant: a place numbers a type of its tables"),
        )
    }

    /// The record's JSON pointer, when it has one.
    fn pointer(&self, meta: &Meta) -> Option<&str> {
        let pointer = self.place(meta.place()?).pointer?;
        Some(
            self.pointers
                .get(pointer as usize)
                .expect("invariant: a place numbers a pointer of its tables"),
        )
    }
}

/// Records are handed to the engine in batches this large, so keys are computed on all cores
/// while memory stays bounded by the distinct keys.
const BATCH: usize = 64 * 1024;

/// The progress bar is updated this often (in records).
const PROGRESS_EVERY: usize = 100_000;

/// One side once read.
struct SideInput {
    specs: Vec<String>,
    catalog: Catalog,
    tables: Tables,
    /// For each source of the catalog (by id), the number of the spec that read it: a URL a
    /// fetched document listed is requested within that spec's start (`--verify`).
    #[cfg_attr(not(feature = "http"), allow(dead_code))]
    spec_of_source: Vec<usize>,
}

/// Runs `urlkit reconcile`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    if !args.matrix.is_empty() {
        return matrix::run(args, ctx);
    }
    let (left, right) = sides(args)?;
    #[cfg(not(feature = "http"))]
    if args.verify {
        return Err(verify_needs_http());
    }
    let format = if ctx.json {
        FormatArg::Json
    } else {
        args.format
    };
    let keyer = keyer(args.level.options());
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut engine: Reconciler<'_, Meta> = Reconciler::new(keyer.as_ref()).threads(threads);
    let fetcher = args.http.fetcher()?;
    // Each source the user gave is a start of its own: what it fetches (index children,
    // WordPress pages, redirects) may reach only the address classes its first request did.
    let starts =
        |specs: &[String]| -> Vec<Net> { specs.iter().map(|_| fetcher.new_start()).collect() };
    let (left_fetchers, right_fetchers) = (starts(&left), starts(&right));
    let (left_dyn, right_dyn) = (as_dyn(&left_fetchers), as_dyn(&right_fetchers));
    let progress = crate::progress::enabled();
    let err_style = ctx.err_style();
    let [left, right] = read_sides(
        &mut engine,
        [&left, &right],
        args,
        [&left_dyn, &right_dyn],
        progress,
        Some(&err_style),
        &|text| SourceSpec::parse(text).map_err(|e| CliError::Usage(e.to_string())),
    )?;
    // Lists of missing or extra URLs need no explanations, which cost a comparison per pair.
    let done = match args.only {
        Some(OnlyArg::Missing | OnlyArg::Extra) => engine.finish_without_rules(),
        _ => engine.finish(),
    };
    #[cfg(feature = "http")]
    let live = args
        .verify
        .then(|| verify::verify_pairs(&done, &left, &left_fetchers, &fetcher, keyer.as_ref()));
    #[cfg(not(feature = "http"))]
    let live = None;
    // The near matches of what is left over, for every listing but the matched pairs'.
    let leftovers = match args.only {
        Some(OnlyArg::Matched) => None,
        _ => Some(Leftovers::of(&done, &args.level.options(), HINTS)),
    };
    let text_on_terminal = format == FormatArg::Text && std::io::stdout().is_terminal();
    let report = Report {
        level: args.level.level,
        sides: [left, right],
        done: &done,
        style: ctx.out_style(),
        leftovers,
        fit: if text_on_terminal {
            Fit::Terminal
        } else {
            Fit::Everything
        },
        extras: match args.fail_on {
            FailOn::Missing => Extras::Counted,
            _ => Extras::Listed,
        },
        live,
    };
    let mut output = ctx.output();
    let out = output.writer();
    let listed = match (format, args.only) {
        (FormatArg::Text, None) => report.text(out)?,
        (FormatArg::Text, Some(only)) => report.text_only(out, only)?,
        (FormatArg::Json, only) => report.json(out, only)?,
        (FormatArg::Csv, only) => {
            if args.bom {
                std::io::Write::write_all(out, "\u{FEFF}".as_bytes())?;
            }
            report.csv(out, only)?
        }
        (FormatArg::Markdown, only) => report.markdown(out, only)?,
    };
    output.finish()?;
    // The lists are for reading; the verdict is always the whole reconciliation's.
    let _ = listed;
    // Input that gave no record (a line that is not a URL, a cell that is not UTF-8) or a
    // source not read to its end (a request budget, a sitemap limit, a refused child) makes
    // the reconciliation partial: never a complete match, whatever --fail-on says.
    let skipped = report.sides.iter().any(|s| s.catalog.skipped_any());
    let summary = done.summary();
    let failed = match args.fail_on {
        FailOn::Missing => summary.only_left > 0,
        FailOn::Extra => summary.only_right > 0,
        FailOn::Any => !summary.is_complete_match(),
    };
    // A pair the server does not confirm, or that got no answer, is a finding of --verify.
    let unconfirmed = report
        .live
        .iter()
        .flatten()
        .flatten()
        .any(|l| !l.leads_to_page);
    let status = if failed || skipped || unconfirmed {
        Status::Findings
    } else {
        Status::Clean
    };
    // The process ends here: freeing a million keys one by one would only delay the exit.
    std::mem::forget(report);
    std::mem::forget(done);
    Ok(status)
}

fn sides(args: &Args) -> Result<(Vec<String>, Vec<String>), CliError> {
    let mut left = args.left.clone();
    let mut right = args.right.clone();
    match (&args.left_pos, &args.right_pos) {
        (Some(l), Some(r)) => {
            left.insert(0, l.clone());
            right.insert(0, r.clone());
        }
        (Some(one), None) => {
            if left.is_empty() {
                left.push(one.clone());
            } else {
                right.insert(0, one.clone());
            }
        }
        _ => {}
    }
    if left.is_empty() || right.is_empty() {
        return Err(CliError::Usage(
            "reconcile needs a left and a right source: `urlkit reconcile LEFT RIGHT` or \
             --left SRC --right SRC (see --help)"
                .into(),
        ));
    }
    for (name, specs) in [("left", &left), ("right", &right)] {
        if specs.len() > MAX_SOURCES_A_SIDE {
            return Err(CliError::Usage(format!(
                "the {name} side has {} sources, more than {MAX_SOURCES_A_SIDE}; combine some \
                 of them into one list",
                specs.len()
            )));
        }
    }
    if left.iter().chain(&right).filter(|s| is_stdin(s)).count() > 1 {
        return Err(CliError::Usage(
            "stdin ('-') can be only one of the sources".into(),
        ));
    }
    Ok((left, right))
}

fn is_stdin(spec: &str) -> bool {
    spec == "-" || spec.ends_with(":-") || spec.contains(":-#")
}

/// Gathers records into batches for the engine's threads: single records into one batch, a
/// block of lines as a batch of its own over the block's text (no copy per URL).
struct BatchSink<'a, 'f, 'k> {
    side: Side,
    /// The number of the source being read among its side's (a key two of them have is an
    /// overlap, not a duplicate: `Batch::with_source`).
    source: u8,
    batch: Batch<Meta>,
    feeder: &'a mut Feeder<'f, 'k, Meta>,
    tables: &'a mut Tables,
    /// The size of the side's text files, until the first block says how many records that
    /// makes (see [`Feeder::reserve`]).
    bytes: Option<u64>,
    progress: &'a crate::progress::Progress,
}

impl BatchSink<'_, '_, '_> {
    fn send(&mut self, batch: Batch<Meta>) {
        if batch.is_empty() {
            return;
        }
        let before = self.feeder.records(self.side);
        self.feeder
            .add_batch(self.side, batch.with_source(self.source));
        let seen = self.feeder.records(self.side);
        if seen / PROGRESS_EVERY > before / PROGRESS_EVERY {
            self.progress.set(self.side.name(), seen as u64);
        }
    }
}

impl RecordSink for BatchSink<'_, '_, '_> {
    fn record(&mut self, r: Record) {
        let meta = self.tables.meta(r.source.0, r.position, r.kind, r.extra);
        self.batch.push(&r.url, meta);
        if self.batch.len() == BATCH {
            let batch = std::mem::take(&mut self.batch);
            self.send(batch);
        }
    }

    fn spare(&mut self) -> Vec<u8> {
        // No text to recycle yet: a new buffer.
        self.feeder
            .spare_text()
            .map(String::into_bytes)
            .unwrap_or_default()
    }

    fn lines(&mut self, block: LineBlock) {
        // The records before the block go first: lists follow the order of the sources.
        if !self.batch.is_empty() {
            let batch = std::mem::take(&mut self.batch);
            self.send(batch);
        }
        let source = block.source().0;
        let (text, records) = block.into_parts();
        if let Some(bytes) = self.bytes.take().filter(|_| !text.is_empty()) {
            // As many records as the first block's share of the files says.
            let estimate = bytes as f64 * records.len() as f64 / text.len() as f64;
            self.feeder.reserve(estimate as usize);
        }
        let mut batch = Batch::from_text(text);
        batch.reserve(records.len());
        for r in records {
            let meta = Meta::at_line(source, r.line);
            // The reader's ranges are on the text's character boundaries.
            let added = batch.push_range(r.url, meta);
            debug_assert!(added);
        }
        self.send(batch);
    }
}

/// Says on stderr, as each source is read, the findings from `seen` on that a user must know
/// at once: a choice made from the content (which CSV column) and input that gave no record.
/// The report lists every finding again.
fn say_findings(catalog: &Catalog, seen: usize, label: &str, style: &crate::style::Style) {
    let at_once = catalog
        .findings()
        .iter()
        .skip(seen)
        .filter(|f| f.effect != Effect::Note);
    say(catalog, at_once, label, style);
}

/// Says `findings` of `catalog`'s sources on stderr, each with its source and position.
fn say<'c>(
    catalog: &'c Catalog,
    findings: impl Iterator<Item = &'c urlkit_sources::Finding>,
    label: &str,
    style: &crate::style::Style,
) {
    for f in findings {
        let kind = match f.effect {
            Effect::Skipped => "warning",
            _ => "note",
        };
        let name = catalog
            .source(f.source)
            .map(|s| s.name.as_str())
            .expect("invariant: a finding is about a source of its catalog");
        let at = match &f.position {
            Some(p) => format!(" ({p})"),
            None => String::new(),
        };
        eprintln!(
            "{}: {kind}: {label} {}{at}: {}",
            style.error("urlkit"),
            escape_controls(name),
            escape_controls(&f.message)
        );
    }
}

/// The total size of the plain-text files among `specs` (0 when there are none).
fn text_file_bytes(specs: &[String]) -> u64 {
    specs
        .iter()
        .filter_map(|text| SourceSpec::parse(text).ok())
        .filter(|spec| spec.format == Some(Format::Text))
        .filter_map(|spec| match spec.location {
            Location::File(path) => std::fs::metadata(path).ok().map(|m| m.len()),
            _ => None,
        })
        .sum()
}

/// The fetchers, as the readers take them.
#[cfg(feature = "http")]
fn as_dyn(fetchers: &[Net]) -> Vec<Option<&dyn urlkit_sources::Fetcher>> {
    fetchers
        .iter()
        .map(|f| Some(f as &dyn urlkit_sources::Fetcher))
        .collect()
}

/// Without the `http` feature the readers get no fetcher (see [`Net`]).
#[cfg(not(feature = "http"))]
fn as_dyn(fetchers: &[Net]) -> Vec<Option<&dyn urlkit_sources::Fetcher>> {
    vec![None; fetchers.len()]
}

/// The keyer for a level and its loose switches.
fn keyer(options: Options) -> Box<dyn Keyer> {
    Box::new(LevelKeyer::new(options))
}

/// Reads both sides' sources into the engine, the left's first, each spec with its own
/// fetcher (`fetchers` in the order of `specs`). Reading runs on this thread while the
/// engine's threads key and join the batches already read, so parsing the input, keying and
/// joining overlap, also from the left side to the right.
/// A reader with the limits and encoding of `args` (`encoding` a side's own, else
/// `--encoding`), telling its progress to `tell`.
fn reader_for<'f>(
    args: &Args,
    encoding: Option<&'static urlkit_sources::Encoding>,
    tell: &'f dyn Fn(urlkit_sources::FetchProgress<'_>),
) -> Reader<'f> {
    let mut reader = Reader::new()
        .on_progress(tell)
        .max_depth(args.max_depth)
        .max_bytes(args.max_bytes)
        .max_sitemaps(args.max_sitemaps);
    if let Some(encoding) = encoding.or(args.encoding) {
        reader = reader.encoding(encoding);
    }
    if args.allow_empty {
        reader = reader.allow_empty();
    }
    reader
}

/// `--verify` in a build without the `http` feature: nothing can be requested.
#[cfg(not(feature = "http"))]
fn verify_needs_http() -> CliError {
    CliError::Usage(
        "`reconcile --verify` needs the `http` feature, which this build of urlkit leaves out \
         (it was built with --no-default-features): build it with its default features (see \
         docs/install.md)"
            .into(),
    )
}

/// How many sources one side may have: the join tells them apart by a byte.
const MAX_SOURCES_A_SIDE: usize = 256;

fn read_sides<'f>(
    engine: &mut Reconciler<'_, Meta>,
    specs: [&[String]; 2],
    args: &Args,
    fetchers: [&[Option<&'f dyn urlkit_sources::Fetcher>]; 2],
    progress: bool,
    err_style: Option<&crate::style::Style>,
    spec_of: &dyn Fn(&str) -> Result<SourceSpec, CliError>,
) -> Result<[SideInput; 2], CliError> {
    let bar = crate::progress::Progress::new(progress, "records read");
    let tell = |step: urlkit_sources::FetchProgress<'_>| bar.fetched(step);
    let mut readers = [
        reader_for(args, args.left_encoding, &tell),
        reader_for(args, args.right_encoding, &tell),
    ];
    let mut tables = [Tables::default(), Tables::default()];
    let mut spec_of_source = [Vec::new(), Vec::new()];
    engine.feed(|feeder| {
        for ((((side, specs), fetchers), (reader, tables)), spec_of_source) in
            [Side::Left, Side::Right]
                .into_iter()
                .zip(specs)
                .zip(fetchers)
                .zip(readers.iter_mut().zip(tables.iter_mut()))
                .zip(spec_of_source.iter_mut())
        {
            let mut sink = BatchSink {
                side,
                source: 0,
                batch: Batch::new(),
                feeder: &mut *feeder,
                tables,
                // The left side's keys are most of the distinct ones: the join makes room for
                // them when the first block of its text files tells how many there are.
                bytes: (side == Side::Left).then(|| text_file_bytes(specs)),
                progress: &bar,
            };
            for (i, text) in specs.iter().enumerate() {
                sink.source = u8::try_from(i)
                    .expect("invariant: the sides were refused with more than 256 sources each");
                let spec = spec_of(text)?;
                let fetcher = fetchers
                    .get(i)
                    .expect("invariant: the callers give one fetcher per spec");
                if let Some(fetcher) = fetcher {
                    reader.use_fetcher(*fetcher);
                }
                let seen = reader.catalog().findings().len();
                let read = reader.read_to(&spec, &mut sink);
                let read_sources = reader.catalog().sources().len();
                spec_of_source.resize(read_sources, i);
                if let Some(err_style) = err_style {
                    say_findings(reader.catalog(), seen, side.name(), err_style);
                }
                read.map_err(|e| CliError::Read(e.to_string()))?;
                // The source's last records go as its own, before the next source's.
                let batch = std::mem::take(&mut sink.batch);
                sink.send(batch);
            }
        }
        bar.finish();
        Ok::<(), CliError>(())
    })?;
    let [left_reader, right_reader] = readers;
    let [left_tables, right_tables] = tables;
    let [left_spec_of, right_spec_of] = spec_of_source;
    Ok([
        SideInput {
            specs: specs[0].to_vec(),
            catalog: left_reader.into_catalog(),
            tables: left_tables,
            spec_of_source: left_spec_of,
        },
        SideInput {
            specs: specs[1].to_vec(),
            catalog: right_reader.into_catalog(),
            tables: right_tables,
            spec_of_source: right_spec_of,
        },
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_origin_is_twelve_bytes() {
        assert_eq!(std::mem::size_of::<Meta>(), 12);
        assert_eq!(std::mem::size_of::<Option<Meta>>(), 12);
    }

    #[test]
    fn origins_come_back_as_they_were_given() {
        let mut t = Tables::default();
        let big = (1u64 << 40) + 7;
        let line = t.meta(3, Position::Line(big), None, Vec::new());
        let typed = t.meta(4, Position::Line(9), Some(Arc::from("page")), Vec::new());
        let pointed = t.meta(5, Position::Pointer("/0/link".into()), None, Vec::new());
        let both = t.meta(
            6,
            Position::LinePointer(2, "/url".into()),
            Some(Arc::from("post")),
            Vec::new(),
        );
        let got = |m: &Meta| (m.source(), t.line(m), t.kind(m), t.pointer(m));
        assert_eq!(got(&line), (3, big, None, None));
        assert_eq!(got(&typed), (4, 9, Some("page"), None));
        assert_eq!(got(&pointed), (5, 0, None, Some("/0/link")));
        assert_eq!(got(&both), (6, 2, Some("post"), Some("/url")));
        // Only the records with a type or a pointer take a place in the tables.
        assert_eq!(t.places.len(), 3);
    }

    #[test]
    fn extra_fields_come_back_by_name() {
        let mut t = Tables::default();
        let field = |n: &str, v: &str| (Arc::from(n), v.to_owned());
        let a = t.meta(
            0,
            Position::Line(2),
            None,
            vec![field("title", "A"), field("lastmod", "2024-01-01")],
        );
        let b = t.meta(0, Position::Line(3), None, vec![field("lastmod", "2025")]);
        let plain = t.meta(0, Position::Line(4), None, Vec::new());
        assert_eq!(t.fields, [Arc::from("title"), Arc::from("lastmod")]);
        assert_eq!(
            (t.extra(&a, 0), t.extra(&a, 1)),
            (Some("A"), Some("2024-01-01"))
        );
        assert_eq!((t.extra(&b, 0), t.extra(&b, 1)), (None, Some("2025")));
        assert_eq!((t.extra(&plain, 0), t.line(&plain)), (None, 4));
    }
}
