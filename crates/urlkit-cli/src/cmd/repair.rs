//! `urlkit repair`: rewrite URLs written in a legacy charset, or through Latin-1 mojibake, as
//! UTF-8; say on stderr what was done, and change nothing when the reading is ambiguous.

use std::io::Write;

use urlkit::charset::repair::{repair_list, Candidate, Repair, Step, Verdict};

use super::{CmdResult, Ctx, Status};
use crate::records::{for_each_url_input, Content, Failure, Item};
use crate::style::escape_controls;
use urlkit_records::Record;

const AFTER_HELP: &str = concat!(
    "\
Each URL's path segments, query names and values and fragment are percent-decoded, and each
run of bytes >= 0x80 (with the ASCII trail bytes of double-byte charsets: %83s%83G%81[) is
looked at on its own; nothing else in the URL changes (hex case, '+', raw characters stay).

  valid UTF-8        never reread in a legacy charset, even under .jp; Latin-1 /
                     windows-1252 mojibake (%C3%A9%C2%96%C2%8B for 開) is undone, up to 3
                     layers, when the result is UTF-8
  broken UTF-8       overlong, surrogate, cut short: verdict none, nothing changes
  other bytes        read in every WHATWG legacy charset that decodes them and ranked by the
                     declared charset (ie=, ei=, oe=, charset=, enc=, _charset_=), the
                     standard's common subset vs extension areas, script coherence, the
                     host's TLD and agreement with the host's other URLs in the input; the URL
                     is rewritten only when one reading remains (verdict repaired), else it is
                     printed unchanged (verdict ambiguous) with the candidates on stderr

One output line per input: the repaired URL, or the input unchanged. What was done goes to
stderr. Exit status 1 when some URL stays ambiguous, has no reading, or does not parse.

Examples:
  urlkit repair 'https://example.com/?q=%8AO%91%95%95s%97%C7'
      https://example.com/?q=%E5%A4%96%E8%A3%85%E4%B8%8D%E8%89%AF   (Shift_JIS 外装不良)
  urlkit repair 'https://example.com/tags/%C3%A9%C2%96%C2%8B/'
      https://example.com/tags/%E9%96%8B/                           (Latin-1 mojibake of 開)
  urlkit repair --json < urls.txt",
    crate::input::sources_help!()
);

/// Arguments of `urlkit repair`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// URLs to repair; stdin, one per line, when none is given (or `-`).
    #[arg(value_name = "URL")]
    urls: Vec<String>,
    #[command(flatten)]
    sources: crate::input::SourceArgs,
}

/// Runs `urlkit repair`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let urls: Vec<String> = if args.urls == ["-"] {
        Vec::new()
    } else {
        args.urls.clone()
    };
    // The list-level ranking needs every URL first: read them all, then answer in order.
    let mut inputs: Vec<(crate::records::Origin, Vec<u8>)> = Vec::new();
    for_each_url_input(
        &urls,
        Content::Url,
        &args.sources,
        &ctx.err_style(),
        |item| {
            inputs.push((item.origin, item.bytes.to_vec()));
            Ok(())
        },
    )?;
    let texts: Vec<Option<&str>> = inputs
        .iter()
        .map(|(_, b)| std::str::from_utf8(b).ok())
        .collect();
    let parsed: Vec<&str> = texts.iter().flatten().copied().collect();
    let mut results = repair_list(&parsed).into_iter();
    let mut out = ctx.output();
    let err_style = ctx.err_style();
    let mut unresolved = 0;
    for ((origin, bytes), text) in inputs.iter().zip(&texts) {
        let item = Item {
            origin: origin.clone(),
            bytes,
        };
        if text.is_none() {
            if let Err(f) = item.text() {
                out.fail(&item, &f)?;
            }
            continue;
        }
        let result = results
            .next()
            .expect("invariant: one result per input that is UTF-8");
        let r = match result {
            Ok(r) => r,
            Err(e) => {
                out.fail(&item, &not_a_url(&e))?;
                continue;
            }
        };
        if matches!(r.verdict, Verdict::Ambiguous | Verdict::None) {
            unresolved += 1;
        }
        out.writer().flush()?;
        let mut err = std::io::stderr().lock();
        for line in notes(&r) {
            writeln!(
                err,
                "{}: {}: {}",
                err_style.dim("repair"),
                origin.describe(),
                escape_controls(&line)
            )?;
        }
        drop(err);
        let record = || urlkit_records::repair::Repair::new(item.display(), &r);
        if out.is_json() {
            out.ok(&r.output, record)?;
        } else {
            out.ok(&escape_controls(&r.output), record)?;
        }
    }
    let failures = out.finish()?;
    Ok(Status::from_count(failures + unresolved))
}

/// `urlkit repair --json URL` for one URL, for `urlkit serve`.
pub fn record(url: &str) -> Record<urlkit_records::repair::Repair> {
    let result = repair_list(&[url])
        .into_iter()
        .next()
        .expect("invariant: one result per input");
    match result {
        Ok(r) => Record::Ok(urlkit_records::repair::Repair::new(url, &r)),
        Err(e) => Record::from_result(url, Err(not_a_url(&e))),
    }
}

fn not_a_url(e: &urlkit::uri::ParseError) -> Failure {
    Failure::at(e.kind().name(), e.offset(), format!("not a URL: {e}"))
}

/// The stderr lines for one URL: its steps, then for an ambiguous verdict the candidates.
fn notes(r: &Repair) -> Vec<String> {
    let mut lines: Vec<String> = r.steps.iter().map(Step::to_string).collect();
    if r.verdict == Verdict::Ambiguous {
        let kept: Vec<&Candidate> = r.candidates.iter().filter(|c| c.kept).collect();
        let shown: Vec<&Candidate> = if kept.len() > 1 {
            kept
        } else {
            r.candidates.iter().take(4).collect()
        };
        let list: Vec<String> = shown
            .iter()
            .take(6)
            .map(|c| format!("{} {:?} ({})", c.charset, c.texts.join(" "), c.score))
            .collect();
        let more = r.candidates.len().saturating_sub(list.len());
        let tail = if more > 0 {
            format!(", and {more} more (--json lists them)")
        } else {
            String::new()
        };
        lines.push(format!(
            "ambiguous, left unchanged; candidates (score): {}{tail}",
            list.join(", ")
        ));
    }
    if r.verdict == Verdict::None {
        lines.push("no charset reads it, left unchanged".into());
    }
    lines
}
