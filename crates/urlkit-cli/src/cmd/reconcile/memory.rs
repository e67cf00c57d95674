//! `urlkit reconcile` over two pasted lists, for `urlkit serve`: the same readers (format
//! detected from the bytes), the same engine and the same report writers as the command, with
//! the bytes served from memory so that no file and no network is read.

use std::io::Cursor;
use std::sync::Arc;

use clap::Parser;
use serde_json::{json, Value};
use urlkit_reconcile::Reconciler;
use urlkit_sources::{
    FetchError, FetchErrorKind, Fetcher, FormatFrom, Location, Response, SourceSpec,
};

use super::report::Report;
use super::{keyer, read_sides, Args, Meta};
use crate::style::Style;

/// Where the pasted lists are "fetched" from: a reserved name (RFC 2606) that no request can
/// reach, answered by [`Pasted`] only.
const LEFT: &str = "https://paste.invalid/left";
const RIGHT: &str = "https://paste.invalid/right";

/// The two pasted lists as the only "site" there is.
struct Pasted {
    left: Arc<[u8]>,
    right: Arc<[u8]>,
}

impl Fetcher for Pasted {
    fn get(&self, url: &str) -> Result<Response, FetchError> {
        let body = match url {
            LEFT => self.left.clone(),
            RIGHT => self.right.clone(),
            _ => {
                return Err(FetchError::new(
                    FetchErrorKind::BadUrl,
                    url,
                    "the page reconciles pasted text only: nothing else is fetched",
                ))
            }
        };
        let bytes: Vec<u8> = body.to_vec();
        Ok(Response::new(
            200,
            url,
            Vec::new(),
            Box::new(Cursor::new(bytes)),
        ))
    }
}

#[derive(Parser)]
struct Command {
    #[command(flatten)]
    args: Args,
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

/// The report of `urlkit reconcile --format FORMAT --level LEVEL LEFT RIGHT` over two pasted
/// lists: `{"format", "report", "findings"}` (what the readers found, one sentence each), or
/// for [`ReportFormat::Json`] `{"format", "records", "findings"}` (the records of `--json`);
/// an unknown level is the usage message.
pub fn report(
    left: &[u8],
    right: &[u8],
    level: &str,
    format: ReportFormat,
) -> Result<Value, String> {
    let args = Command::try_parse_from(["reconcile", "--level", level, LEFT, RIGHT])
        .map_err(|e| e.to_string())?
        .args;
    let fetcher = Pasted {
        left: left.into(),
        right: right.into(),
    };
    let keyer = keyer(args.level);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut engine: Reconciler<'_, Meta> = Reconciler::new(keyer.as_ref()).threads(threads);
    let (l, r) = (vec![LEFT.to_owned()], vec![RIGHT.to_owned()]);
    // The format of each list comes from its bytes, never from the made-up URL.
    let read = read_sides(
        &mut engine,
        [&l, &r],
        &args,
        [&[&fetcher], &[&fetcher]],
        false,
        None,
        &|text| {
            Ok(SourceSpec {
                format: None,
                location: Location::Url(text.to_owned()),
                column: None,
                pointer: None,
                format_from: FormatFrom::Content,
                encoding: None,
            })
        },
    )
    .map_err(|e| e.to_string())?;
    let done = engine.finish();
    let report = Report {
        level: args.level,
        sides: read,
        done: &done,
        style: Style::plain(),
    };
    let mut out = Vec::new();
    let written = match format {
        ReportFormat::Text => report.text(&mut out),
        ReportFormat::Csv => report.csv(&mut out, None),
        ReportFormat::Markdown => report.markdown(&mut out, None),
        ReportFormat::Json => report.json(&mut out, None),
    };
    written.map_err(|e| e.to_string())?;
    let text = String::from_utf8(out).map_err(|_| "the report is not UTF-8".to_owned())?;
    let findings: Vec<String> = report
        .sides
        .iter()
        .zip(["left", "right"])
        .flat_map(|(s, side)| {
            s.catalog.findings().iter().map(move |f| match &f.position {
                Some(p) => format!("{side} ({p}): {}", f.message),
                None => format!("{side}: {}", f.message),
            })
        })
        .collect();
    let name = match format {
        ReportFormat::Text => "text",
        ReportFormat::Csv => "csv",
        ReportFormat::Markdown => "markdown",
        ReportFormat::Json => {
            let records = text
                .split('\n')
                .filter(|l| !l.is_empty())
                .map(serde_json::from_str)
                .collect::<Result<Vec<Value>, _>>()
                .map_err(|e| format!("invariant: the report's JSON Lines parse: {e}"))?;
            return Ok(json!({"format": "json", "records": records, "findings": findings}));
        }
    };
    Ok(json!({"format": name, "report": text, "findings": findings}))
}
