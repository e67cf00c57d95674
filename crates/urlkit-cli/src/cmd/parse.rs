//! `urlkit parse`: each URL's components as RFC 3986 and as a browser (WHATWG) see them, side
//! by side, with a `parser-disagreement` finding where they differ.

use urlkit::build::{read_params, read_segments, QueryStyle};
use urlkit::lint::parser_disagreement::{self, side_by_side, Rfc3986Reading, SideBySide, RULE};
use urlkit::whatwg::{Components, Url};

use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_url_input, Content, Item, Output};
use crate::style::{display_width, escape_controls, quoted, Style};

const AFTER_HELP: &str = concat!(
    "\
The RFC 3986 column is a strict reading (RFC 3987 IRIs allowed) resolved against --base when
one is given; when RFC 3986 rejects the URL, the column shows the generic split of RFC 3986
Appendix B, which is what lenient parsers go by. The WHATWG column is what browsers and
Node's `new URL(input, base)` give.

A parser-disagreement finding (exit status 1) is reported when one accepts what the other
rejects, or when they see a different scheme, host, port or path (case, IDNA form, default
port and percent-encoding spelling do not count).

Examples:
  urlkit parse 'http://0x7f.1/'                    host 0x7f.1 vs 127.0.0.1: disagreement
  urlkit parse 'http://a\\b/'                       RFC 3986 rejects '\\', a browser reads host a
  urlkit parse 'https://例え.jp/運営'                 the same URL to both: exit 0
  urlkit parse --base 'http://a/b/c/d;p?q' '../g'  both resolve to http://a/b/g
  urlkit parse --json < urls.txt                   one JSON object per line",
    crate::input::sources_help!()
);

/// Arguments of `urlkit parse`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Resolve each input against this base URL.
    #[arg(long, value_name = "URL")]
    base: Option<String>,
    /// URLs to parse; stdin, one per line, when none is given.
    #[arg(value_name = "URL")]
    urls: Vec<String>,
    #[command(flatten)]
    sources: crate::input::SourceArgs,
}

/// Runs `urlkit parse`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let base = args.base.as_deref();
    if let Some(b) = base {
        if !Url::can_parse(b, None) && Rfc3986Reading::parse(b, None).is_err() {
            return Err(CliError::Usage(format!(
                "--base {b:?} is not a URL to RFC 3986 nor to the WHATWG URL Standard"
            )));
        }
    }
    let mut out = ctx.output();
    let mut findings = 0;
    for_each_url_input(
        &args.urls,
        Content::Text,
        &args.sources,
        &ctx.err_style(),
        |item| {
            let text = match item.text() {
                Ok(t) => t,
                Err(f) => return out.fail(&item, &f),
            };
            let seen = side_by_side(text, base);
            if let (Err(r), Err(_)) = (&seen.rfc3986, &seen.whatwg) {
                return out.fail(&item, &urlkit_records::parse::rejected(text, r));
            }
            if !seen.differences.is_empty() {
                findings += 1;
            }
            write_record(&mut out, &item, text, base, &seen)
        },
    )?;
    let failures = out.finish()?;
    Ok(Status::from_count(failures + findings))
}

fn write_record(
    out: &mut Output,
    item: &Item<'_>,
    text: &str,
    base: Option<&str>,
    seen: &SideBySide,
) -> std::io::Result<()> {
    if out.is_json() {
        let record = urlkit_records::parse::from_reading(item.display(), text, base, seen);
        return out.json_line(&record);
    }
    let diagnostics = parser_disagreement::check(text, base);
    let mut block = text_block(&out.style, text, seen, &diagnostics);
    block.push_str(&parts_text(&out.style, text));
    out.ok(&block, || ())
}

fn rows(r: &Rfc3986Reading, w: Option<&Components>) -> Vec<(&'static str, String, String)> {
    let dash = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".into());
    let nonempty = |s: &str| {
        if s.is_empty() {
            "-".to_owned()
        } else {
            s.to_owned()
        }
    };
    let wv = |f: &dyn Fn(&Components) -> String| w.map_or_else(|| "-".to_owned(), f);
    vec![
        (
            "scheme",
            dash(&r.scheme),
            wv(&|c| c.protocol.trim_end_matches(':').to_owned()),
        ),
        (
            "userinfo",
            dash(&r.userinfo),
            wv(&|c| match (c.username.is_empty(), c.password.is_empty()) {
                (true, true) => "-".into(),
                (_, true) => c.username.clone(),
                _ => format!("{}:{}", c.username, c.password),
            }),
        ),
        ("host", dash(&r.host), wv(&|c| nonempty(&c.hostname))),
        ("port", dash(&r.port), wv(&|c| nonempty(&c.port))),
        ("path", nonempty(&r.path), wv(&|c| nonempty(&c.pathname))),
        (
            "query",
            dash(&r.query),
            wv(&|c| nonempty(c.search.strip_prefix('?').unwrap_or(&c.search))),
        ),
        (
            "fragment",
            dash(&r.fragment),
            wv(&|c| nonempty(c.hash.strip_prefix('#').unwrap_or(&c.hash))),
        ),
    ]
}

fn text_block(
    style: &Style,
    text: &str,
    seen: &SideBySide,
    diagnostics: &[urlkit::lint::Diagnostic],
) -> String {
    let r = seen.rfc3986.as_ref().unwrap_or(&seen.rfc3986_split);
    let w = seen.whatwg.as_ref().ok();
    let rfc_head = if seen.rfc3986.is_ok() {
        "RFC 3986"
    } else {
        "RFC 3986 (rejected; Appendix B split)"
    };
    let whatwg_head = if w.is_some() {
        "WHATWG (browser)"
    } else {
        "WHATWG (rejected)"
    };
    let differing: Vec<&str> = seen.differences.iter().map(|d| d.component()).collect();
    let mut table = rows(r, w);
    let rfc_href = match &seen.rfc3986 {
        Ok(r) => r.to_string(),
        Err(_) => "-".into(),
    };
    table.push(("href", rfc_href, w.map_or("-".into(), |c| c.href.clone())));
    let width = table
        .iter()
        .map(|(_, v, _)| display_width(&escape_controls(v)))
        .chain([display_width(rfc_head)])
        .max()
        .unwrap_or(0)
        + 2;
    let mut s = String::new();
    s.push_str(&style.bold(&escape_controls(text)));
    s.push('\n');
    s.push_str(&format!(
        "  {:<10}{}{}\n",
        "",
        style.dim(&pad(rfc_head, width)),
        style.dim(whatwg_head)
    ));
    for (name, rv, wv) in &table {
        let rv = escape_controls(rv);
        let wv = escape_controls(wv);
        let line = format!("  {:<10}{}{}", name, pad(&rv, width), wv);
        if differing.contains(name) {
            s.push_str(&style.highlight(&line));
            s.push_str("  <- differs");
        } else {
            s.push_str(&line);
        }
        s.push('\n');
    }
    if let Err(e) = &seen.rfc3986 {
        s.push_str(&format!(
            "  RFC 3986 rejects it: {} in the {} at byte {}\n",
            e.kind.name(),
            e.component,
            e.offset
        ));
    }
    if let Err(e) = &seen.whatwg {
        s.push_str(&format!("  WHATWG rejects it: {}\n", e.kind().name()));
    }
    for d in diagnostics {
        s.push_str(&format!(
            "  {}[{} {}]: {}\n",
            style.error(d.severity.name()),
            d.code,
            RULE.name,
            escape_controls(&d.message)
        ));
    }
    if diagnostics.is_empty() {
        s.push_str(&format!(
            "  {}\n",
            style.good("both models agree on scheme, host, port and path")
        ));
    }
    s.pop();
    s
}

fn pad(s: &str, width: usize) -> String {
    let n = display_width(s);
    format!("{s}{}", " ".repeat(width.saturating_sub(n)))
}

/// A value decoded once, for display: text, or lossy text when the bytes are not UTF-8.
fn parts_text(style: &Style, text: &str) -> String {
    let Ok(u) = urlkit::uri::parse(text) else {
        return String::new();
    };
    let mut s = String::new();
    let segments = read_segments(&u);
    if !segments.is_empty() {
        s.push_str(&format!(
            "\n  {}",
            style.dim("path segments, decoded once:")
        ));
        for seg in &segments {
            let (value, utf8) = urlkit_records::parse::lossy(&seg.value);
            let span = format!("{}..{}", seg.span.start, seg.span.end);
            s.push_str(&format!(
                "\n    {:<10}{}{}",
                span,
                quoted(&value),
                if utf8 { "" } else { "  (not UTF-8)" }
            ));
        }
    }
    let params = read_params(&u, QueryStyle::Form);
    if !params.is_empty() {
        s.push_str(&format!(
            "\n  {}",
            style.dim("query parameters, form-decoded once:")
        ));
        for p in &params {
            let (key, k8) = urlkit_records::parse::lossy(&p.key);
            let (value, v8) = urlkit_records::parse::lossy(&p.value);
            let span = format!("{}..{}", p.span.start, p.span.end);
            s.push_str(&format!(
                "\n    {:<10}{} = {}{}",
                span,
                quoted(&key),
                quoted(&value),
                if k8 && v8 { "" } else { "  (not UTF-8)" }
            ));
        }
    }
    s
}
