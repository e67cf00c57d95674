//! `urlkit content-disposition`: build a `Content-Disposition` value for a file name, or
//! read one back (RFC 6266, RFC 8187).

use serde_json::{json, Map, Value};
use urlkit::content_disposition::{build_with, parse, BuildNote, Built, Disposition, Fallback};

use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_input, Failure, InputKind};
use crate::style::escape_controls;

const AFTER_HELP: &str = "\
The value has filename=\"...\", an ASCII fallback for recipients that do not read filename*
(accents dropped, other characters as _), then filename*=UTF-8''... (RFC 8187: the name as
UTF-8, percent-encoded outside attr-char), which conforming recipients prefer; this is the
order of RFC 6266's examples and Appendix D. A printable-ASCII name gets filename=\"...\"
alone; one with '\"' or '\\' gets filename* too, and '_' for them in filename (some user
agents do not unescape quoted-pairs, RFC 6266 Appendix D).

--fallback NAME gives the filename=\"...\" name yourself (all-Japanese names otherwise fall
back to download.pdf): it must be ISO-8859-1 without control characters; '\"' and '\\' are
escaped as quoted-pairs; letters beyond ASCII get a note (send the header as ISO-8859-1).

--parse reads values back: filename* is preferred (UTF-8, ISO-8859-1 and the WHATWG
encodings), else filename; malformed values are errors with their byte offset.

Examples:
  urlkit content-disposition '見積書.pdf'
      attachment; filename=\"download.pdf\"; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf
  urlkit content-disposition --fallback estimate.pdf '見積書.pdf'
      attachment; filename=\"estimate.pdf\"; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf
  urlkit content-disposition --inline 'café.txt'
  urlkit content-disposition --parse \"attachment; filename*=UTF-8''%E2%82%AC.txt\"   €.txt
  urlkit content-disposition --parse --json \"inline; filename=a.txt\"";

/// Arguments of `urlkit content-disposition`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Build an `inline` value instead of `attachment`.
    #[arg(long, conflicts_with = "parse")]
    inline: bool,
    /// Read header values and print the file name they give.
    #[arg(long)]
    parse: bool,
    /// The plain filename="..." for recipients that do not read filename* (ISO-8859-1;
    /// derived from the name when not given).
    #[arg(long, value_name = "NAME", conflicts_with = "parse")]
    fallback: Option<String>,
    /// File names (or, with --parse, header values); stdin, one per line, when none is given.
    #[arg(value_name = "FILENAME")]
    inputs: Vec<String>,
}

/// A header value's file name and the record's fields, or why it gives none.
fn parsed(text: &str) -> crate::records::Outcome {
    let cd = parse(text).map_err(|e| Failure::at(e.kind().name(), e.offset(), e.description()))?;
    let Some(name) = cd.filename() else {
        return Err(Failure::at(
            "no-filename",
            text.len(),
            "the value has no filename or filename* parameter",
        ));
    };
    let mut extra = Map::new();
    extra.insert("disposition".into(), json!(cd.disposition()));
    extra.insert("charset".into(), json!(cd.charset()));
    extra.insert("language".into(), json!(cd.language()));
    extra.insert("fallback".into(), json!(cd.filename_fallback()));
    Ok((name.to_owned(), extra))
}

/// A file name's header value and what the builder says about it, or why the fallback
/// cannot be used.
fn built(
    text: &str,
    disposition: Disposition,
    fallback: Option<&str>,
) -> Result<(String, Vec<BuildNote>), Failure> {
    let fallback = fallback.map_or(Fallback::Derived, Fallback::Given);
    let Built { value, notes } = build_with(text, disposition, fallback).map_err(|e| {
        Failure::new(
            e.name(),
            format!("--fallback: {e} (at byte {})", e.offset()),
        )
    })?;
    Ok((value, notes))
}

/// The record's fields for `notes`: `{"notes": [{kind, message}]}` when there are any.
fn notes_json(notes: &[BuildNote]) -> Map<String, Value> {
    let mut extra = Map::new();
    if !notes.is_empty() {
        let notes: Vec<Value> = notes
            .iter()
            .map(|n| json!({"kind": n.name(), "message": n.message()}))
            .collect();
        extra.insert("notes".into(), Value::Array(notes));
    }
    extra
}

/// `urlkit content-disposition --json [--fallback NAME] FILENAME` (`Some(disposition)`) or
/// `--parse --json VALUE` (`None`) for one input, for `urlkit serve`.
pub fn record(text: &str, build_as: Option<Disposition>, fallback: Option<&str>) -> Value {
    let item = crate::records::Item {
        origin: crate::records::Origin::Arg(1),
        bytes: text.as_bytes(),
    };
    let outcome = match build_as {
        Some(d) => built(text, d, fallback).map(|(value, notes)| (value, notes_json(&notes))),
        None => parsed(text),
    };
    crate::records::outcome_json(&item, outcome, Map::new())
}

/// Runs `urlkit content-disposition`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let disposition = if args.inline {
        Disposition::Inline
    } else {
        Disposition::Attachment
    };
    if let Some(f) = &args.fallback {
        // A bad fallback is the same for every input: said once, as a usage error.
        if let Err(e) = build_with("_\u{80}", disposition, Fallback::Given(f)) {
            return Err(CliError::Usage(format!(
                "--fallback {f:?}: {e} (at byte {})",
                e.offset()
            )));
        }
    }
    let mut out = ctx.output();
    for_each_input(&args.inputs, InputKind::Text, &ctx.err_style(), |item| {
        let text = match item.text() {
            Ok(t) => t,
            Err(f) => return out.fail(&item, &f),
        };
        if !args.parse {
            return match built(text, disposition, args.fallback.as_deref()) {
                Ok((value, notes)) => {
                    for n in &notes {
                        out.warn(&item, n.message())?;
                    }
                    out.ok(&item, &value, notes_json(&notes))
                }
                Err(f) => out.fail(&item, &f),
            };
        }
        match parsed(text) {
            Ok((name, extra)) if out.is_json() => out.ok(&item, &name, extra),
            Ok((name, _)) => out.ok(&item, &escape_controls(&name), Map::new()),
            Err(f) => out.fail(&item, &f),
        }
    })?;
    let failures = out.finish()?;
    Ok(Status::from_count(failures))
}
