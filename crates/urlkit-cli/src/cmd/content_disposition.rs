//! `urlkit content-disposition`: build a `Content-Disposition` value for a file name, or
//! read one back (RFC 6266, RFC 8187).

use urlkit::content_disposition::{build, parse, Disposition};
use urlkit_records::{header::ContentDisposition, Record, Text};

use super::{CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content, Failure};
use crate::style::escape_controls;

const AFTER_HELP: &str = "\
The value has filename*=UTF-8''... (RFC 8187: the name as UTF-8, percent-encoded outside
attr-char) and an ASCII fallback filename=\"...\" for recipients that do not read filename*
(accents dropped, other characters as _, quotes and backslashes escaped). A printable-ASCII
name gets filename=\"...\" alone.

--parse reads values back: filename* is preferred (UTF-8, ISO-8859-1 and the WHATWG
encodings), else filename; malformed values are errors with their byte offset.

Examples:
  urlkit content-disposition '見積書.pdf'
      attachment; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf; filename=\"download.pdf\"
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
    /// File names (or, with --parse, header values); stdin, one per line, when none is given.
    #[arg(value_name = "FILENAME")]
    inputs: Vec<String>,
}

/// A header value's record (its file name and parameters), or why it gives none.
fn parsed(text: &str) -> Result<ContentDisposition, Failure> {
    let cd = parse(text).map_err(|e| Failure::at(e.kind().name(), e.offset(), e.description()))?;
    let Some(name) = cd.filename() else {
        return Err(Failure::at(
            "no-filename",
            text.len(),
            "the value has no filename or filename* parameter",
        ));
    };
    Ok(ContentDisposition::new(text, name, &cd))
}

/// What `urlkit content-disposition --json` writes for one input: a built value, or a
/// parsed one.
#[derive(serde::Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// `FILENAME` built into a header value.
    Built(Text),
    /// `--parse VALUE`.
    Parsed(ContentDisposition),
}

/// `urlkit content-disposition --json FILENAME` (`Some(disposition)`) or `--parse --json
/// VALUE` (`None`) for one input, for `urlkit serve`.
pub fn record(text: &str, build_as: Option<Disposition>) -> Record<Answer> {
    match build_as {
        Some(d) => Record::Ok(Answer::Built(Text::new(text, build(text, d)))),
        None => Record::from_result(text, parsed(text).map(Answer::Parsed)),
    }
}

/// Runs `urlkit content-disposition`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let disposition = if args.inline {
        Disposition::Inline
    } else {
        Disposition::Attachment
    };
    let mut out = ctx.output();
    for_each_input(&args.inputs, Content::Text, &ctx.err_style(), |item| {
        let text = match item.text() {
            Ok(t) => t,
            Err(f) => return out.fail(&item, &f),
        };
        if !args.parse {
            let value = build(text, disposition);
            return out.ok(&value, || Text::new(text, value.as_str()));
        }
        match parsed(text) {
            Ok(r) if out.is_json() => out.json_line(&r),
            Ok(r) => out.ok(&escape_controls(&r.output), || ()),
            Err(f) => out.fail(&item, &f),
        }
    })?;
    let failures = out.finish()?;
    Ok(Status::from_count(failures))
}
