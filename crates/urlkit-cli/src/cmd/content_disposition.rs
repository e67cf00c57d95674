//! `urlkit content-disposition`: build a `Content-Disposition` value for a file name, or
//! read one back (RFC 6266, RFC 8187).

use urlkit::content_disposition::{build_with, Disposition, Fallback};
use urlkit_records::header::{built, parsed};

use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content};
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
    for_each_input(&args.inputs, Content::Text, &ctx.err_style(), |item| {
        let text = match item.text() {
            Ok(t) => t,
            Err(f) => return out.fail(&item, &f),
        };
        if !args.parse {
            return match built(text, disposition, args.fallback.as_deref()) {
                Ok(b) => {
                    for n in &b.notes {
                        out.warn(&item, &n.message)?;
                    }
                    let value = b.output.clone();
                    out.ok(&value, || b)
                }
                Err(f) => out.fail(&item, &f),
            };
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
