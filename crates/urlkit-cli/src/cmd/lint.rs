//! `urlkit lint`: every encoding mistake and hazard of each URL, with its span and fix.

use std::io::Write;

use urlkit::lint::{fix, lint_list, rule, rules, Diagnostic, FixLevel, Selection, Severity};

use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_url_input, Content, Failure, Origin, SourceArgs};
use crate::style::{display_width, escape_controls};
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
text:- reads it as lines). --allow-empty reads a source that gives no URL as an empty list."
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

struct Input {
    line: usize,
    /// The file or source it came from, when it came from one (`list.txt:2:11: ...`).
    source: Option<String>,
    /// The URL, or why the input is not one (with the input shown, bad bytes as U+FFFD).
    text: Result<String, (Failure, String)>,
}

/// `urlkit lint --json` over a list of URLs (every default rule, plus `select`), for `urlkit
/// serve`: one record per URL, in order; a bad selection is the error of `Selection::parse`.
pub fn records(urls: &[&str], select: &[&str]) -> Result<Vec<Record<Lint>>, String> {
    let selection = Selection::parse(select, &[]).map_err(|e| e.to_string())?;
    let found = lint_list(urls, &selection);
    Ok(urls
        .iter()
        .zip(found)
        .enumerate()
        .map(|(i, (url, found))| {
            let input = Input {
                line: i + 1,
                source: None,
                text: Ok((*url).to_owned()),
            };
            json_record(&input, Some(&found))
        })
        .collect())
}

/// A rule's documentation (`urlkit lint --explain RULE`), by code, name or alias.
pub fn explain(key: &str) -> Option<String> {
    rule(key).map(|r| r.explain())
}

/// The URL with the fixes `level` allows applied (`urlkit lint --fix`, `--unsafe-fixes`),
/// for `urlkit serve`.
pub fn fixed(url: &str, level: FixLevel) -> String {
    let selection = Selection::parse(&[], &[]).expect("invariant: the default selection parses");
    fix(url, &selection, level)
}

fn read(args: &Args, ctx: &Ctx) -> Result<Vec<Input>, CliError> {
    let mut out = Vec::new();
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
            // The line in its file or stdin; an argument (or a record without a line) by its
            // number among the inputs.
            let line = match item.origin {
                Origin::Arg(k) => k,
                _ => item.origin.line().map_or(n, |l| l as usize),
            };
            let source = item.origin.source().map(str::to_owned);
            let text = item
                .text()
                .map(str::to_owned)
                .map_err(|f| (f, item.display()));
            out.push(Input { line, source, text });
            Ok(())
        },
    )?;
    Ok(out)
}

/// Runs `urlkit lint`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let mut stdout = std::io::stdout().lock();
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
        return Ok(Status::Clean);
    }
    if let Some(key) = &args.explain {
        let r = rule(key).ok_or_else(|| {
            CliError::Usage(format!("no rule {key:?} (urlkit lint --list shows them)"))
        })?;
        write!(stdout, "{}", r.explain())?;
        return Ok(Status::Clean);
    }
    let select: Vec<&str> = args.select.iter().map(String::as_str).collect();
    let ignore: Vec<&str> = args.ignore.iter().map(String::as_str).collect();
    let selection =
        Selection::parse(&select, &ignore).map_err(|e| CliError::Usage(e.to_string()))?;
    let fail_on = Severity::from_name(&args.fail_on).expect("invariant: clap checked the level");
    let format = if ctx.json { Format::Json } else { args.format };
    let inputs = read(args, ctx)?;
    let good: Vec<&str> = inputs
        .iter()
        .filter_map(|i| i.text.as_deref().ok())
        .collect();
    let found = lint_list(&good, &selection);
    let mut results = found.into_iter();
    let mut bad_inputs = 0;
    let mut failing = 0;
    let mut per_input: Vec<(&Input, Option<Vec<Diagnostic>>)> = Vec::new();
    for input in &inputs {
        match &input.text {
            Ok(_) => {
                let d = results
                    .next()
                    .expect("invariant: one result per good input");
                failing += d.iter().filter(|d| d.severity >= fail_on).count();
                per_input.push((input, Some(d)));
            }
            Err((f, _)) => {
                bad_inputs += 1;
                match f.offset {
                    Some(at) => {
                        eprintln!("urlkit: line {}: {} at byte {at}", input.line, f.message)
                    }
                    None => eprintln!("urlkit: line {}: {}", input.line, f.message),
                }
                per_input.push((input, None));
            }
        }
    }
    if args.fix {
        let level = if args.unsafe_fixes {
            FixLevel::Unsafe
        } else {
            FixLevel::Safe
        };
        for (input, _) in &per_input {
            if let Ok(text) = &input.text {
                writeln!(stdout, "{}", escape_controls(&fix(text, &selection, level)))?;
            }
        }
    } else {
        match format {
            Format::Text => text(&mut stdout, &per_input)?,
            Format::Json => {
                for (input, d) in &per_input {
                    urlkit_records::write_json_line(
                        &mut stdout,
                        &json_record(input, d.as_deref()),
                    )?;
                }
            }
            Format::Sarif => {
                let log = super::lint_sarif::log(
                    &per_input
                        .iter()
                        .map(|(i, d)| (i.line, i.text.as_deref().ok(), d.as_deref()))
                        .collect::<Vec<_>>(),
                );
                writeln!(
                    stdout,
                    "{}",
                    serde_json::to_string_pretty(&log).expect("invariant: JSON values serialize")
                )?;
            }
        }
    }
    Ok(Status::from_count(
        bad_inputs + if args.fix { 0 } else { failing },
    ))
}

fn text(
    out: &mut impl Write,
    per_input: &[(&Input, Option<Vec<Diagnostic>>)],
) -> Result<(), CliError> {
    let (mut total, mut fixable) = (0, 0);
    for (input, found) in per_input {
        let (Ok(url), Some(found)) = (&input.text, found) else {
            continue;
        };
        for d in found {
            total += 1;
            let safe = d
                .fix
                .as_ref()
                .is_some_and(|f| f.applicability == urlkit::lint::Applicability::Safe);
            fixable += usize::from(safe);
            let col = display_width(&escape_controls(&url[..d.span.start])) + 1;
            let mark = if safe { " [*]" } else { "" };
            let source = input
                .source
                .as_deref()
                .map_or(String::new(), |s| format!("{}:", escape_controls(s)));
            writeln!(
                out,
                "{source}{}:{col}: {} {} {}{mark}",
                input.line,
                d.code,
                d.rule,
                escape_controls(&d.message)
            )?;
            let shown = escape_controls(url);
            writeln!(out, "  {shown}")?;
            let width = display_width(&escape_controls(&url[d.span.clone()])).max(1);
            writeln!(out, "  {}{}", " ".repeat(col - 1), "^".repeat(width))?;
        }
    }
    let s = if total == 1 { "" } else { "s" };
    writeln!(out, "{total} finding{s}, {fixable} fixable with --fix")?;
    Ok(())
}

fn json_record(input: &Input, found: Option<&[Diagnostic]>) -> Record<Lint> {
    match (&input.text, found) {
        (Ok(url), Some(found)) => {
            Record::Ok(Lint::new(url.as_str(), input.line, found).source(input.source.clone()))
        }
        (Err((f, shown)), _) => {
            let failed = Failed::new(shown.as_str(), f.clone()).line(input.line);
            Record::Failed(match &input.source {
                Some(source) => failed.source(source.as_str()),
                None => failed,
            })
        }
        (Ok(_), None) => unreachable!("invariant: every good input was linted"),
    }
}
