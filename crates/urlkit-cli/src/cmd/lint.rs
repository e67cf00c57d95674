//! `urlkit lint`: every encoding mistake and hazard of each URL, with its span and fix.

use std::io::Write;

use urlkit::lint::{fix, lint, lint_list, rule, rules, Diagnostic, FixLevel, Selection, Severity};

use super::lint_text;
use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_url_input, Content, Failure, Origin, SourceArgs};
use crate::style::escape_controls;
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
    /// The bytes of an input that is not text, written back unchanged by `--fix`.
    raw: Vec<u8>,
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
            let raw = if text.is_err() {
                item.bytes.to_vec()
            } else {
                Vec::new()
            };
            out.push(Input {
                line,
                source,
                text,
                raw,
            });
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
        let remaining = write_fixed(&mut stdout, &per_input, &selection, level, format, fail_on)?;
        if remaining > 0 {
            let (s, verb) = if remaining == 1 {
                ("", "remains")
            } else {
                ("s", "remain")
            };
            crate::diag::note(
                &ctx.err_style(),
                format_args!(
                    "{remaining} finding{s} {verb} after the fixes (urlkit lint shows them)"
                ),
            );
        }
        return Ok(Status::from_count(bad_inputs + remaining));
    }
    match format {
        Format::Text => text(&mut stdout, &per_input)?,
        Format::Github => github(&mut stdout, &per_input)?,
        Format::Json => {
            for (input, d) in &per_input {
                urlkit_records::write_json_line(&mut stdout, &json_record(input, d.as_deref()))?;
            }
        }
        Format::Sarif => {
            let log = super::lint_sarif::log(
                &per_input
                    .iter()
                    .map(|(i, d)| {
                        (
                            i.line,
                            i.source.as_deref(),
                            i.text.as_deref().ok(),
                            d.as_deref(),
                        )
                    })
                    .collect::<Vec<_>>(),
            );
            writeln!(
                stdout,
                "{}",
                serde_json::to_string_pretty(&log).expect("invariant: JSON values serialize")
            )?;
        }
    }
    Ok(Status::from_count(bad_inputs + failing))
}

/// `--fix`: one output line per input line, the URL with the fixes applied (data, not a
/// display: a control character the fixes leave stays the byte it was, unless stdout is a
/// terminal), or in JSON its record with `output` and the findings that remain. An input that
/// is not text is written back unchanged (its error is on stderr). Returns how many findings
/// at or above `fail_on` remain.
fn write_fixed(
    out: &mut impl Write,
    per_input: &[(&Input, Option<Vec<Diagnostic>>)],
    selection: &Selection,
    level: FixLevel,
    format: Format,
    fail_on: Severity,
) -> Result<usize, CliError> {
    use std::io::IsTerminal;
    let terminal = std::io::stdout().is_terminal();
    let mut remaining = 0;
    for (input, _) in per_input {
        match &input.text {
            Ok(text) => {
                let fixed = fix(text, selection, level);
                let left = lint(&fixed, selection);
                remaining += left.iter().filter(|d| d.severity >= fail_on).count();
                if format == Format::Json {
                    let record = match json_record(input, Some(&left)) {
                        Record::Ok(lint) => Record::Ok(lint.fixed(fixed)),
                        failed => failed,
                    };
                    urlkit_records::write_json_line(out, &record)?;
                } else if terminal {
                    writeln!(out, "{}", escape_controls(&fixed))?;
                } else {
                    writeln!(out, "{fixed}")?;
                }
            }
            Err(_) if format == Format::Json => {
                urlkit_records::write_json_line(out, &json_record(input, None))?;
            }
            Err((_, shown)) if terminal => writeln!(out, "{}", escape_controls(shown))?,
            Err(_) => {
                out.write_all(&input.raw)?;
                out.write_all(b"\n")?;
            }
        }
    }
    Ok(remaining)
}

/// `--format github`: one workflow command per finding, naming the file when there is one
/// (https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions).
fn github(
    out: &mut impl Write,
    per_input: &[(&Input, Option<Vec<Diagnostic>>)],
) -> Result<(), CliError> {
    // Values escape '%', CR and LF; property values also ':' and ','.
    let data = |t: &str| {
        t.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    let property = |t: &str| data(t).replace(':', "%3A").replace(',', "%2C");
    for (input, found) in per_input {
        let (Ok(url), Some(found)) = (&input.text, found) else {
            continue;
        };
        let columns = lint_text::Columns::new(url);
        for d in found {
            let level = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "notice",
            };
            let file = input
                .source
                .as_deref()
                .map_or(String::new(), |f| format!("file={},", property(f)));
            writeln!(
                out,
                "::{level} {file}line={},col={},endColumn={},title={}::{}",
                input.line,
                columns.at(d.span.start).1 + 1,
                columns.at(d.span.end).1 + 1,
                property(&format!("{} {}", d.code, d.rule)),
                data(&d.message)
            )?;
        }
    }
    Ok(())
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
        let url_columns = lint_text::columns(url);
        let columns = lint_text::Columns::new(url);
        let line = match &input.source {
            Some(s) => format!("{}:{}", escape_controls(s), input.line),
            None => input.line.to_string(),
        };
        for d in found {
            total += 1;
            let safe = d
                .fix
                .as_ref()
                .is_some_and(|f| f.applicability == urlkit::lint::Applicability::Safe);
            fixable += usize::from(safe);
            let col = columns.at(d.span.start).0 + 1;
            let mark = if safe { " [*]" } else { "" };
            let head = format!(
                "{} {} {}{mark}",
                d.code,
                d.rule,
                escape_controls(&d.message)
            );
            let snippet = lint_text::snippet(url, url_columns, &d.span);
            lint_text::write_finding(out, &line, col, &head, &snippet)?;
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
