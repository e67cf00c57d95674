//! `urlkit reconcile`: match two URL lists (sitemaps, WordPress, CSV, text, JSON) by their
//! comparison keys and report what is truly missing, what is extra, what repeats, and why each
//! pair matched.

use urlkit::normalize::Options;
use urlkit_reconcile::{Keyer, LevelKeyer, Reconciler, Side};
use urlkit_reconcile_report::{
    read_sides, Extras, Fit, Meta, Only, ReadFailure, Report, Sides, Watch, HINTS,
    MAX_SOURCES_A_SIDE,
};
use urlkit_sources::{Catalog, Effect, Format, Location, Reader, SourceSpec};

mod matrix;
#[cfg(feature = "http")]
mod verify;

use super::normalize::LevelArgs;
use super::{CliError, CmdResult, Ctx, Status};
use crate::style::escape_controls;
use std::io::IsTerminal;
use urlkit_reconcile::near::Leftovers;

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
    /// Refuse any one fetched response, or what any one compressed file inflates to, past
    /// this many bytes (a plain local file is read whole, whatever its size).
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

impl OnlyArg {
    /// The report's reading of the value.
    fn only(self) -> Only {
        match self {
            OnlyArg::Missing => Only::Missing,
            OnlyArg::Extra => Only::Extra,
            OnlyArg::Matched => Only::Matched,
        }
    }
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
    let err_style = ctx.err_style();
    let bar = crate::progress::Progress::new(crate::progress::enabled(), "records read");
    let tell = |step: urlkit_sources::FetchProgress<'_>| bar.fetched(step);
    let sides = Sides {
        specs: [&left, &right],
        readers: [
            reader_for(args, args.left_encoding, &tell),
            reader_for(args, args.right_encoding, &tell),
        ],
        fetchers: [&left_dyn, &right_dyn],
        left_text_bytes: Some(text_file_bytes(&left)),
    };
    let watch = Told {
        bar: &bar,
        style: &err_style,
    };
    let spec_of = |text: &str| SourceSpec::parse(text).map_err(|e| CliError::Usage(e.to_string()));
    let [left, right] = read_sides(&mut engine, sides, &watch, &spec_of).map_err(|e| match e {
        ReadFailure::Spec(e) => e,
        ReadFailure::Source(_, e) => CliError::Read(e.to_string()),
    })?;
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
    write_report(&report, args, format, ctx)?;
    let status = status(&report, args);
    // The process ends here: freeing a million keys one by one would only delay the exit.
    std::mem::forget(report);
    std::mem::forget(done);
    Ok(status)
}

/// Writes the report in `format` (only the listing `--only` asks for).
fn write_report(
    report: &Report<'_>,
    args: &Args,
    format: FormatArg,
    ctx: &Ctx,
) -> Result<(), CliError> {
    let mut output = ctx.output();
    let out = output.writer();
    let listed = match (format, args.only) {
        (FormatArg::Text, None) => report.text(out)?,
        (FormatArg::Text, Some(only)) => report.text_only(out, only.only())?,
        (FormatArg::Json, only) => report.json(out, only.map(OnlyArg::only))?,
        (FormatArg::Csv, only) => {
            if args.bom {
                std::io::Write::write_all(out, "\u{FEFF}".as_bytes())?;
            }
            report.csv(out, only.map(OnlyArg::only))?
        }
        (FormatArg::Markdown, only) => report.markdown(out, only.map(OnlyArg::only))?,
    };
    output.finish()?;
    // The lists are for reading; the verdict is always the whole reconciliation's.
    let _ = listed;
    Ok(())
}

/// The run's exit status: findings when `--fail-on` says so, when input was skipped, or when
/// `--verify` did not confirm a pair.
fn status(report: &Report<'_>, args: &Args) -> Status {
    // Input that gave no record (a line that is not a URL, a cell that is not UTF-8) or a
    // source not read to its end (a request budget, a sitemap limit, a refused child) makes
    // the reconciliation partial: never a complete match, whatever --fail-on says.
    let skipped = report.sides.iter().any(|s| s.catalog.skipped_any());
    let summary = report.done.summary();
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
    if failed || skipped || unconfirmed {
        Status::Findings
    } else {
        Status::Clean
    }
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

/// What the command is told while the sides are read: the progress bar, and the findings a
/// user must know at once on stderr.
struct Told<'a> {
    bar: &'a crate::progress::Progress,
    style: &'a crate::style::Style,
}

impl Watch for Told<'_> {
    fn records(&self, side: Side, seen: u64) {
        self.bar.set(side.name(), seen);
    }

    fn findings(&self, catalog: &Catalog, from: usize, side: Side) {
        say_findings(catalog, from, side.name(), self.style);
    }

    fn finish(&self) {
        self.bar.finish();
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
        eprintln!(
            "{}: {kind}: {label} {}",
            style.error("urlkit"),
            escape_controls(&f.said_of(name))
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
