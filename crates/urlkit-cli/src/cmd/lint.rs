//! `urlkit lint`: every encoding mistake and hazard of each URL, with its span and fix.

use std::io::Write;

use urlkit::lint::{fix, lint, rule, rules, Diagnostic, FixLevel, ListLinter, Selection, Severity};

use super::lint_text;
use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_url_input, Content, Failure, Item, Origin, SourceArgs, Stdout};
use crate::style::escape_controls;
use urlkit_records::github::{write_annotation, Annotation, Level};
use urlkit_records::lint::Lint;
use urlkit_records::{Failed, Record};

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Findings with a caret line under the span.
    Text,
    /// One JSON object per input URL.
    Json,
    /// One SARIF 2.1.0 log for the whole input.
    Sarif,
    /// GitHub Actions workflow commands (`::error file=F,line=L,col=C::message`).
    Github,
}

/// Arguments of `urlkit lint`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Rules are named by code (U0201), name (lowercase-hex), WHATWG alias \
(invalid-reverse-solidus), family (security, style) or `all`. Style rules are off unless \
selected. Exit status: 1 when a finding at or above --fail-on exists or an input is bad.\n\n\
A bare argument without a scheme that names a file is read as that file (said on stderr); \
text:FILE, csv:FILE#COLUMN, sitemap:FILE, wp:FILE, json:FILE#/POINTER name a source's format, \
and stdin holding a sitemap, WordPress JSON or a CSV with a URL column is read as such (said; \
text:- reads it as lines). --allow-empty reads a source that gives no URL as an empty list.

Examples:
  urlkit lint 'https://example.com/%e6%97%a5/a+b'    lowercase-hex and plus-in-path, with fixes
  urlkit lint --fix < urls.txt > fixed.txt           each URL with its safe fixes applied
  urlkit lint --select style --ignore U0305 sitemap:sitemap.xml
  urlkit lint --format sarif urls.txt > lint.sarif   one SARIF log, for code scanning
  urlkit lint --explain lowercase-hex                what a rule finds, why, and its fix"
)]
pub struct Args {
    /// URLs to lint (none, or `-`: one per line on stdin).
    pub urls: Vec<String>,
    /// Rules to add to the defaults (comma-separated codes, names, aliases or families).
    #[arg(long, value_name = "RULES")]
    pub select: Vec<String>,
    /// Rules to leave out.
    #[arg(long, value_name = "RULES")]
    pub ignore: Vec<String>,
    /// Output format (--json is --format json).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print each URL with its safe fixes applied.
    #[arg(long)]
    pub fix: bool,
    /// With --fix: apply unsafe fixes too (they may change which resource the URL names).
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// The lowest level that makes the exit status 1.
    #[arg(long, value_name = "LEVEL", default_value = "note", value_parser = ["error", "warning", "note"])]
    pub fail_on: String,
    /// Print a rule's documentation and exit.
    #[arg(long, value_name = "RULE")]
    pub explain: Option<String>,
    /// List the rules and exit.
    #[arg(long)]
    pub list: bool,
    #[command(flatten)]
    pub sources: SourceArgs,
}

/// One input as it is read: borrowed from the reader, dropped once its output is written.
struct Input<'a> {
    line: usize,
    /// The file or source it came from, when it came from one (`list.txt:2:11: ...`).
    source: Option<&'a str>,
    /// The URL, or why the input is not one (with the input shown, bad bytes as U+FFFD).
    text: Result<&'a str, (Failure, String)>,
    /// The bytes of the input, written back unchanged by `--fix` when they are not text.
    raw: &'a [u8],
}

impl<'a> Input<'a> {
    /// The input of `item`, the `n`-th read.
    fn of(item: &'a Item<'a>, n: usize) -> Input<'a> {
        // The line in its file or stdin; an argument (or a record without a line) by its
        // number among the inputs.
        let line = match item.origin {
            Origin::Arg(k) => k,
            _ => item.origin.line().map_or(n, |l| l as usize),
        };
        Input {
            line,
            source: item.origin.source(),
            text: item.text().map_err(|f| (f, item.display())),
            raw: item.bytes,
        }
    }
}

/// Where the findings go, as each URL is linted: per-URL findings are written at once, the
/// list rules' at the end (text, GitHub and JSON); SARIF is one JSON document, so its results
/// are kept (as JSON values, a few hundred bytes per finding) and written at the end.
enum Sink {
    Text(lint_text::Totals),
    Github,
    Json,
    Sarif(super::lint_sarif::LintLog),
}

impl Sink {
    /// Writes (or keeps) a list rule's findings on `url`, once the list is read: in JSON a
    /// record of its own for that line (`"scope": "list"`), after every URL's own record.
    fn list_url(
        &mut self,
        out: &mut impl Write,
        (line, source): (usize, Option<&str>),
        url: &str,
        found: &[Diagnostic],
    ) -> std::io::Result<()> {
        match self {
            Sink::Json => urlkit_records::write_json_line(
                out,
                &Record::Ok(
                    Lint::new(url, line, found)
                        .source(source.map(str::to_owned))
                        .list_rules(),
                ),
            ),
            _ => self.url(out, (line, source), url, found),
        }
    }

    /// Writes (or keeps) the findings `found` of `url`, the input at `line` of `source`.
    fn url(
        &mut self,
        out: &mut impl Write,
        (line, source): (usize, Option<&str>),
        url: &str,
        found: &[Diagnostic],
    ) -> std::io::Result<()> {
        match self {
            Sink::Text(totals) => totals.write(out, (line, source), url, found),
            Sink::Github => github(out, (line, source), url, found),
            Sink::Json => urlkit_records::write_json_line(
                out,
                &Record::Ok(Lint::new(url, line, found).source(source.map(str::to_owned))),
            ),
            Sink::Sarif(log) => {
                log.results((line, source), url, found);
                Ok(())
            }
        }
    }

    /// Writes the record of an input that is not a URL (JSON only: the other formats have its
    /// error on stderr only).
    fn bad(&mut self, out: &mut impl Write, input: &Input<'_>) -> std::io::Result<()> {
        match self {
            Sink::Json => urlkit_records::write_json_line(out, &json_record(input, None)),
            _ => Ok(()),
        }
    }

    /// Writes what comes after the last input: the totals, or the SARIF log.
    fn end(self, out: &mut impl Write) -> std::io::Result<()> {
        match self {
            Sink::Text(totals) => totals.end(out),
            Sink::Github | Sink::Json => Ok(()),
            Sink::Sarif(log) => log.write(out),
        }
    }
}

/// Runs `urlkit lint`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let mut stdout = Stdout::new(ctx.line_buffered);
    if args.list {
        for r in rules() {
            let on = if r.on_by_default() {
                ""
            } else {
                " (off by default)"
            };
            writeln!(
                stdout,
                "{}  {:<22} {:<16} {:<7} {}{on}",
                r.code,
                r.name,
                r.family.name(),
                r.level.name(),
                r.summary
            )?;
        }
        stdout.flush()?;
        return Ok(Status::Clean);
    }
    if let Some(key) = &args.explain {
        let r = rule(key).ok_or_else(|| {
            CliError::Usage(format!("no rule {key:?} (urlkit lint --list shows them)"))
        })?;
        write!(stdout, "{}", r.explain())?;
        stdout.flush()?;
        return Ok(Status::Clean);
    }
    let select: Vec<&str> = args.select.iter().map(String::as_str).collect();
    let ignore: Vec<&str> = args.ignore.iter().map(String::as_str).collect();
    let selection =
        Selection::parse(&select, &ignore).map_err(|e| CliError::Usage(e.to_string()))?;
    let fail_on = Severity::from_name(&args.fail_on).expect("invariant: clap checked the level");
    let format = if ctx.json { Format::Json } else { args.format };
    if args.fix {
        let level = if args.unsafe_fixes {
            FixLevel::Unsafe
        } else {
            FixLevel::Safe
        };
        return run_fix(args, ctx, &mut stdout, (&selection, level), format, fail_on);
    }
    let mut sink = match format {
        Format::Text => Sink::Text(lint_text::Totals::new(ctx.out_style())),
        Format::Github => Sink::Github,
        Format::Json => Sink::Json,
        Format::Sarif => Sink::Sarif(super::lint_sarif::LintLog::default()),
    };
    // The list rules' findings are placed on a URL by its line and the index of its source
    // among those read (a few names, kept once each).
    let mut list: ListLinter<(usize, Option<usize>)> = ListLinter::new(&selection);
    let mut sources: Vec<String> = Vec::new();
    let (mut bad_inputs, mut failing) = (0, 0);
    each_input(args, ctx, |input| {
        let source = input.source.map(|s| source_index(&mut sources, s));
        if let Sink::Sarif(log) = &mut sink {
            log.artifact(input.source);
        }
        match input.text {
            Ok(url) => {
                let found = list.lint(url, (input.line, source));
                failing += found.iter().filter(|d| d.severity >= fail_on).count();
                sink.url(&mut stdout, (input.line, input.source), url, &found)
            }
            Err(_) => {
                bad_inputs += 1;
                sink.bad(&mut stdout, &input)
            }
        }
    })?;
    for f in list.finish() {
        let (line, source) = f.at;
        failing += usize::from(f.diagnostic.severity >= fail_on);
        let source = source.map(|i| sources[i].as_str());
        sink.list_url(&mut stdout, (line, source), &f.url, &[f.diagnostic])?;
    }
    sink.end(&mut stdout)?;
    stdout.flush()?;
    Ok(Status::from_count(bad_inputs + failing))
}

/// The index of `source` in `sources`, added when new (inputs come file by file, so the last
/// one is almost always it).
fn source_index(sources: &mut Vec<String>, source: &str) -> usize {
    match sources.iter().rposition(|s| s == source) {
        Some(i) => i,
        None => {
            sources.push(source.to_owned());
            sources.len() - 1
        }
    }
}

/// Calls `f` on each input as it is read, after saying on stderr why a bad one is not a URL.
fn each_input(
    args: &Args,
    ctx: &Ctx,
    mut f: impl FnMut(Input<'_>) -> std::io::Result<()>,
) -> Result<(), CliError> {
    // `-` alone is stdin, as the usage line says: "-" is also a relative reference, but a
    // list of one such URL is not what anyone lints.
    let urls: &[String] = if args.urls == ["-"] { &[] } else { &args.urls };
    let mut n = 0;
    for_each_url_input(
        urls,
        Content::Url,
        &args.sources,
        &ctx.err_style(),
        |item| {
            n += 1;
            let input = Input::of(&item, n);
            if let Err((f, _)) = &input.text {
                match f.offset {
                    Some(at) => {
                        eprintln!("urlkit: line {}: {} at byte {at}", input.line, f.message)
                    }
                    None => eprintln!("urlkit: line {}: {}", input.line, f.message),
                }
            }
            f(input)
        },
    )
}

/// `--fix`: one output line per input line, the URL with the fixes applied (data, not a
/// display: a control character the fixes leave stays the byte it was, unless stdout is a
/// terminal), or in JSON its record with `output` and the findings that remain. An input that
/// is not text is written back unchanged (its error is on stderr). The exit status is 1 while
/// a finding at or above `fail_on` remains (as ruff's), or an input was bad.
fn run_fix(
    args: &Args,
    ctx: &Ctx,
    out: &mut Stdout,
    (selection, level): (&Selection, FixLevel),
    format: Format,
    fail_on: Severity,
) -> CmdResult {
    use std::io::IsTerminal;
    let terminal = std::io::stdout().is_terminal();
    let (mut remaining, mut bad_inputs) = (0, 0);
    each_input(args, ctx, |input| match &input.text {
        Ok(text) => {
            let fixed = fix(text, selection, level);
            let left = lint(&fixed, selection);
            remaining += left.iter().filter(|d| d.severity >= fail_on).count();
            if format == Format::Json {
                let record = match json_record(&input, Some(&left)) {
                    Record::Ok(lint) => Record::Ok(lint.fixed(fixed)),
                    failed => failed,
                };
                urlkit_records::write_json_line(&mut *out, &record)
            } else if terminal {
                writeln!(out, "{}", escape_controls(&fixed))
            } else {
                writeln!(out, "{fixed}")
            }
        }
        Err(_) if format == Format::Json => {
            bad_inputs += 1;
            urlkit_records::write_json_line(&mut *out, &json_record(&input, None))
        }
        Err((_, shown)) if terminal => {
            bad_inputs += 1;
            writeln!(out, "{}", escape_controls(shown))
        }
        Err(_) => {
            bad_inputs += 1;
            out.write_all(input.raw)?;
            out.write_all(b"\n")
        }
    })?;
    out.flush()?;
    if remaining > 0 {
        let (s, verb) = if remaining == 1 {
            ("", "remains")
        } else {
            ("s", "remain")
        };
        crate::diag::note(
            &ctx.err_style(),
            format_args!("{remaining} finding{s} {verb} after the fixes (urlkit lint shows them)"),
        );
    }
    Ok(Status::from_count(bad_inputs + remaining))
}

/// `--format github`: one workflow command per finding, naming the file when there is one
/// (https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions).
fn github(
    out: &mut impl Write,
    (line, source): (usize, Option<&str>),
    url: &str,
    found: &[Diagnostic],
) -> std::io::Result<()> {
    if found.is_empty() {
        return Ok(());
    }
    let columns = lint_text::Columns::new(url);
    for d in found {
        let level = match d.severity {
            Severity::Error => Level::Error,
            Severity::Warning => Level::Warning,
            Severity::Note => Level::Notice,
        };
        let title = format!("{} {}", d.code, d.rule);
        let a = Annotation {
            level,
            file: source,
            line,
            col: columns.at(d.span.start).1 + 1,
            end_column: columns.at(d.span.end).1 + 1,
            title: &title,
            message: &d.message,
        };
        write_annotation(out, &a)?;
    }
    Ok(())
}

fn json_record(input: &Input<'_>, found: Option<&[Diagnostic]>) -> Record<Lint> {
    match (&input.text, found) {
        (Ok(url), Some(found)) => {
            Record::Ok(Lint::new(*url, input.line, found).source(input.source.map(str::to_owned)))
        }
        (Err((f, shown)), _) => {
            let failed = Failed::new(shown.as_str(), f.clone()).line(input.line);
            Record::Failed(match input.source {
                Some(source) => failed.source(source),
                None => failed,
            })
        }
        (Ok(_), None) => unreachable!("invariant: every good input was linted"),
    }
}
