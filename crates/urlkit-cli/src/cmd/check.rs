//! `urlkit check`: audit a live site's URLs: status, redirects, the canonical each page
//! declares, a verdict naming the comparison rules, and (`--variants`) whether the other
//! spellings of each URL are sent to the canonical by a permanent redirect.

use std::collections::BTreeSet;
use std::io::{BufRead, IsTerminal};

use urlkit_sources::check::{check_all, offsite_rule, CheckOptions, Checker, Target, UrlCheck};
use urlkit_sources::check::{plan_redirects, write_rules, RedirectServer};
use urlkit_sources::check::{Spelling, VariantVerdict, Verdict};
use urlkit_sources::{is_http_url, Format, Location, Reader, SourceSpec, Start};

mod report;

use super::reconcile::HttpArgs;
use super::{CliError, CmdResult, Ctx, Status};

const AFTER_HELP: &str = "\
Inputs (any mix; none means URLs from stdin, one a line):
  http(s)://...           a URL to check
  sitemap:FILE|URL        every URL of a sitemap (an index is followed); each should be its
                          own canonical and answer 200 without a redirect
  wp:FILE|DIR|BASEURL     every public page of a WordPress site (REST API)
  csv:FILE#COLUMN, text:FILE, json:FILE#/POINTER, -   as for `urlkit reconcile`

Verdicts: ok (200, its own canonical at level safe), canonical-elsewhere, canonical-not-web
(a javascript:, data:, file: ... canonical), canonical-redirects, canonical-not-found,
canonical-noindex (the declared canonical, requested once per run, answers a redirect, 404
or 410, or says noindex), canonical-multiple (the Link header and the head, or two links,
name different canonicals), soft-404 (200, but the page the site answers for a made-up
path: requested once per origin), redirects, redirect-chain (more than one hop), redirect-loop,
not-found (404), gone (410), error (no answer, a 5xx, a head not read in time).
Variants (--variants): redirects-to-canonical (good), temporary-redirect-to-canonical,
duplicate-canonicalized (answers 200 and declares the canonical), duplicate (answers 200
itself), redirects-elsewhere, not-served (404 or 410), soft-404 (200 with the site's
not-found page), same-request (sent as the same bytes
as a spelling before it: not requested again), fails (a 5xx or another 4xx, no answer).
An origin that refuses the connection or fails the TLS handshake is requested once a run.
A URL not found (or a soft 404) that lint explains (double encoding, a legacy charset,
mojibake) gets a note naming the URL the link most likely meant, and how that answers.

Politeness: --concurrency requests at a time (default 4), --rate per second, --max-requests
in all; 429 and 5xx retried with backoff honouring Retry-After; only http(s); redirects off
the site reported, not followed (--follow-offsite follows them); each URL or source given is
a start, and what it leads to (redirects, sitemap children, the URLs a fetched sitemap or
WordPress site lists, --variants spellings) reaches loopback, link-local or private
addresses only if the start's own first request did; bodies read only up to the end of the
HTML head, at most --max-body bytes.

Exit status: 0 when no URL or variant has a verdict of --fail-on (default: every verdict but
ok, redirects-to-canonical, not-served and same-request), 1 otherwise, 2 when an input
cannot be read.

Examples:
  urlkit check https://example.com/%E9%81%8B%E5%96%B6%E8%80%85%E6%83%85%E5%A0%B1/
  urlkit check --variants sitemap:https://example.com/wp-sitemap.xml
  urlkit check --variants --skip-spellings https,www-added sitemap:http://intranet.test/sitemap.xml
  urlkit check --json --fail-on not-found,gone,error list.txt > report.jsonl";

/// The slowest `--rate`: one request a day.
const MIN_RATE: f64 = 1.0 / 86_400.0;

/// Arguments of `urlkit check`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// URLs and sources.
    #[arg(value_name = "URL|SOURCE")]
    inputs: Vec<String>,
    /// Also request each URL's other spellings (hex case, raw IRI, trailing slash,
    /// index.html / index.php, http <-> https, www.).
    #[arg(long)]
    variants: bool,
    /// With --variants, do not request these spellings (comma-separated).
    #[arg(long, value_name = "SPELLINGS", value_delimiter = ',', requires = "variants", value_parser = super::values::named::<Spelling>())]
    skip_spellings: Vec<Spelling>,
    /// Requests at a time.
    #[arg(long, default_value_t = 4, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
    concurrency: u16,
    /// Start at most this many requests a second.
    #[arg(long, value_name = "PER_SEC")]
    rate: Option<f64>,
    /// Follow redirects that leave the site.
    #[arg(long)]
    follow_offsite: bool,
    /// Read at most this many bytes of a page looking for its canonical link.
    #[arg(long, default_value_t = 1024 * 1024, value_name = "BYTES")]
    max_body: u64,
    /// Report format (--json means --format json).
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Exit 1 when a URL or a variant has one of these verdicts (comma-separated).
    #[arg(long, value_name = "VERDICTS", value_delimiter = ',')]
    fail_on: Vec<String>,
    /// Print, instead of the report, the rules that send every spelling not yet redirected
    /// to its canonical with a 301: for an nginx `server { }` block, an Apache
    /// `<VirtualHost>` or a Caddy site block (needs --variants).
    #[arg(long, value_enum, value_name = "SERVER", requires = "variants")]
    emit_redirects: Option<ServerArg>,
    #[command(flatten)]
    http: HttpArgs,
}

/// `--emit-redirects` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ServerArg {
    Nginx,
    Apache,
    Caddy,
}

impl ServerArg {
    fn server(self) -> RedirectServer {
        match self {
            ServerArg::Nginx => RedirectServer::Nginx,
            ServerArg::Apache => RedirectServer::Apache,
            ServerArg::Caddy => RedirectServer::Caddy,
        }
    }
}

/// `--format` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FormatArg {
    Text,
    Json,
    Csv,
    Markdown,
}

/// One URL to check and where it came from.
struct Input {
    target: Target,
    /// It came from a sitemap: it should be its own canonical and answer 200 directly.
    in_sitemap: bool,
}

impl Input {
    /// A URL the user gave: typed, on stdin, or listed by a local file.
    fn given(url: impl Into<String>) -> Input {
        Input {
            target: Target::given(url),
            in_sitemap: false,
        }
    }
}

impl super::values::Named for Spelling {
    fn all() -> &'static [Self] {
        &Spelling::ALL
    }
    fn name(&self) -> &'static str {
        Spelling::name(*self)
    }
}

/// A verdict `--fail-on` can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum FailOn {
    Url(Verdict),
    Variant(VariantVerdict),
}

fn fail_on(names: &[String]) -> Result<BTreeSet<FailOn>, CliError> {
    if names.is_empty() {
        let urls = Verdict::ALL
            .into_iter()
            .filter(|v| *v != Verdict::Ok)
            .map(FailOn::Url);
        let variants = VariantVerdict::ALL
            .into_iter()
            .filter(|v| {
                !matches!(
                    v,
                    VariantVerdict::CanonicalRedirect
                        | VariantVerdict::NotServed
                        | VariantVerdict::SameRequest
                )
            })
            .map(FailOn::Variant);
        return Ok(urls.chain(variants).collect());
    }
    let mut out = BTreeSet::new();
    for n in names {
        // A name both kinds have (`soft-404`) names both.
        let url = Verdict::from_name(n).map(FailOn::Url);
        let variant = VariantVerdict::from_name(n).map(FailOn::Variant);
        if url.is_none() && variant.is_none() {
            let mut all: Vec<&str> = Verdict::ALL.iter().map(|v| v.name()).collect();
            for v in VariantVerdict::ALL {
                if !all.contains(&v.name()) {
                    all.push(v.name());
                }
            }
            return Err(CliError::Usage(format!(
                "--fail-on: unknown verdict '{n}' (one of: {})",
                all.join(", ")
            )));
        }
        out.extend(url.into_iter().chain(variant));
    }
    Ok(out)
}

/// Runs `urlkit check`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let fail_on = fail_on(&args.fail_on)?;
    let format = if ctx.json {
        FormatArg::Json
    } else {
        args.format
    };
    let fetcher = fetcher(args)?;
    // Clones share the budget and the rate: reading a sitemap counts too.
    let inputs = read_inputs(args, &fetcher, ctx)?;
    let checker = Checker::new(
        fetcher.clone().offsite(offsite_rule(args.follow_offsite)),
        CheckOptions {
            max_body: args.max_body,
            variants: args.variants,
            skip: args.skip_spellings.clone(),
        },
    );
    let urls: Vec<Target> = inputs.iter().map(|i| i.target.clone()).collect();
    let threads = usize::from(args.concurrency);
    let results = check_every(&checker, &urls, threads);
    say_origins(&checker, ctx);
    let checks: Vec<(UrlCheck, bool)> = results
        .into_iter()
        .zip(&inputs)
        .map(|(c, input)| {
            let c = c.expect("invariant: check_all reports every index once");
            (c, input.in_sitemap)
        })
        .collect();
    let report = report::Report {
        checks: &checks,
        threads: threads.min(urls.len().max(1)),
        budget: checker.fetcher().budget().map(|b| (b.used(), b.limit())),
        style: ctx.out_style(),
    };
    let mut output = ctx.output();
    let out = output.writer();
    if let Some(server) = args.emit_redirects {
        emit_redirects(server.server(), &checks, out, ctx)?;
    } else {
        match format {
            FormatArg::Text => report.text(out)?,
            FormatArg::Json => report.json(out)?,
            FormatArg::Csv => report.csv(out)?,
            FormatArg::Markdown => report.markdown(out)?,
        }
    }
    output.finish()?;
    let failed = checks.iter().any(|(c, _)| {
        fail_on.contains(&FailOn::Url(c.verdict))
            || c.variants
                .iter()
                .any(|v| fail_on.contains(&FailOn::Variant(v.verdict)))
    });
    Ok(if failed {
        Status::Findings
    } else {
        Status::Clean
    })
}

/// The fetcher the arguments ask for, `--rate` checked.
fn fetcher(args: &Args) -> Result<urlkit_sources::HttpFetcher, CliError> {
    let mut fetcher = args.http.fetcher()?;
    if let Some(rate) = args.rate {
        if !(rate > 0.0 && rate.is_finite()) {
            return Err(CliError::Usage(format!(
                "--rate must be a positive number of requests a second, not {rate}"
            )));
        }
        // Slower than one a day, a run would sit silently between two requests.
        if rate < MIN_RATE {
            return Err(CliError::Usage(format!(
                "--rate {rate:e} is one request every {:.3e} seconds; the slowest accepted is one \
                 a day ({MIN_RATE:.3e})",
                1.0 / rate
            )));
        }
        fetcher = fetcher.rate_limit(rate);
    }
    Ok(fetcher)
}

/// Checks every URL, with a progress bar on a terminal; the results in input order.
fn check_every(checker: &Checker, urls: &[Target], threads: usize) -> Vec<Option<UrlCheck>> {
    let progress = (std::io::stderr().is_terminal() && !urls.is_empty()).then(|| {
        let bar = indicatif::ProgressBar::new(urls.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} URLs checked  {eta}")
                .expect("invariant: the template is valid"),
        );
        bar
    });
    let mut results: Vec<Option<UrlCheck>> = vec![None; urls.len()];
    check_all(checker, urls, threads, &mut |i, c| {
        if let Some(slot) = results.get_mut(i) {
            *slot = Some(c);
        }
        if let Some(bar) = &progress {
            bar.inc(1);
        }
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    results
}

/// Says on stderr what was found of whole origins: a made-up path answered with 200, an
/// origin that could not be connected to.
fn say_origins(checker: &Checker, ctx: &Ctx) {
    use crate::style::escape_controls as safe;
    let err = ctx.err_style();
    for (origin, says_not_found) in checker.soft_404_origins() {
        let then = if says_not_found {
            "its pages that look like that answer are reported soft-404"
        } else {
            "with a page that does not say it found nothing (a single-page app's shell?): \
             its pages cannot be told from it, and none is called a soft 404"
        };
        crate::diag::note(
            &err,
            format_args!(
                "{} answers 200 for a path it does not have ({}): {then}",
                safe(&origin),
                urlkit_sources::check::NOT_FOUND_PROBE
            ),
        );
    }
    for (origin, why) in checker.unreachable_origins() {
        crate::diag::note(
            &err,
            format_args!(
                "{} could not be connected to ({}): requested once, every URL on it said so",
                safe(&origin),
                safe(&why)
            ),
        );
    }
}

/// Writes the redirect rules for `server` to `out`; what is left out, and why, on stderr.
fn emit_redirects(
    server: RedirectServer,
    checks: &[(UrlCheck, bool)],
    out: &mut impl std::io::Write,
    ctx: &Ctx,
) -> Result<(), CliError> {
    use crate::diag::{note, warning};
    use crate::style::escape_controls as safe;
    let err = ctx.err_style();
    let plan = plan_redirects(checks.iter().map(|(c, _)| c));
    let rules = write_rules(server, &plan);
    out.write_all(rules.text.as_bytes())?;
    for n in &plan.not_written {
        note(
            &err,
            format_args!(
                "no rule for {} {}: {}",
                n.spelling.name(),
                safe(&n.url),
                safe(&n.why)
            ),
        );
    }
    for (r, why) in &rules.refused {
        warning(
            &err,
            format_args!(
                "no rule for {}{} -> {}: {why}",
                safe(&r.origin),
                safe(&r.from),
                safe(&r.to)
            ),
        );
    }
    let mut origins: Vec<&str> = plan.redirects.iter().map(|r| r.origin.as_str()).collect();
    origins.dedup();
    let written = plan.redirects.len() - rules.refused.len();
    let each = if origins.len() > 1 {
        ": each section goes in its own origin's server block"
    } else {
        ""
    };
    note(
        &err,
        format_args!(
            "{written} {} redirect{} written for {} origin{}{each}",
            server.name(),
            plural(written),
            origins.len(),
            plural(origins.len()),
        ),
    );
    Ok(())
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The URLs to check, from the arguments (URLs and sources) or stdin.
fn read_inputs(
    args: &Args,
    fetcher: &urlkit_sources::HttpFetcher,
    ctx: &Ctx,
) -> Result<Vec<Input>, CliError> {
    let mut inputs = Vec::new();
    if args.inputs.is_empty() {
        read_lines(std::io::stdin().lock(), &mut inputs)?;
        return Ok(inputs);
    }
    let err = ctx.err_style();
    for text in &args.inputs {
        if is_http_url(text) || is_other_url(text) {
            inputs.push(Input::given(text.clone()));
            continue;
        }
        if text == "-" {
            read_lines(std::io::stdin().lock(), &mut inputs)?;
            continue;
        }
        let spec = SourceSpec::parse(text).map_err(|e| CliError::Usage(e.to_string()))?;
        // The source is a start of its own; what it fetches, and every URL a fetched document
        // lists, is part of it (see `Start`).
        let source_fetcher = fetcher.new_start();
        let mut reader = Reader::new().fetcher(&source_fetcher);
        // The format may be detected only as the source is read: whether a URL came from a
        // sitemap is asked of the catalog afterwards.
        let mut read = Vec::new();
        reader
            .read(&spec, &mut |r| read.push((r.url, r.source)))
            .map_err(|e| {
                // A source that cannot be read is an I/O error, not a usage error.
                CliError::Read(crate::style::escape_controls(&e.to_string()).into_owned())
            })?;
        let remote_spec = matches!(spec.location, Location::Url(_));
        for (url, source) in read {
            let info = reader.catalog().source(source);
            let in_sitemap = info.is_some_and(|s| s.format == Format::Sitemap);
            // A URL a fetched document listed belongs to the source's start; one a local
            // file lists is the user's own, a start of its own.
            let fetched = remote_spec || info.is_none_or(|s| is_http_url(&s.name));
            let start = if fetched {
                source_fetcher.start().clone()
            } else {
                Start::new()
            };
            inputs.push(Input {
                target: Target { url, start },
                in_sitemap,
            });
        }
        for f in reader.catalog().findings() {
            eprintln!(
                "{}: {text}: {} ({})",
                err.dim("note"),
                crate::style::escape_controls(&f.message),
                f.kind
            );
        }
    }
    Ok(inputs)
}

/// A URL with a scheme other than http(s) (`file:///etc/passwd`, `ftp://...`): checked, so
/// that it gets its verdict (`error`, never fetched), not opened as a local path.
fn is_other_url(text: &str) -> bool {
    const SOURCES: [&str; 6] = ["sitemap", "wp", "csv", "tsv", "text", "json"];
    let Some((scheme, _)) = text.split_once("://") else {
        return false;
    };
    let scheme_ok = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    scheme_ok && !SOURCES.iter().any(|s| s.eq_ignore_ascii_case(scheme))
}

fn read_lines(input: impl BufRead, out: &mut Vec<Input>) -> Result<(), CliError> {
    for line in input.lines() {
        let line = line?;
        let url = line.trim();
        if !url.is_empty() {
            out.push(Input::given(url));
        }
    }
    Ok(())
}
