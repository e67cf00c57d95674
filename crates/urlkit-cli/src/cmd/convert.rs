//! `urlkit convert`: one input, every way of reading and writing it, side by side, each
//! marked plausible or not.

use std::io::Write;

use urlkit::convert::{readings, Reading};
use urlkit_records::codec::Convert;

use super::{CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content};
use crate::style::escape_controls;

const AFTER_HELP: &str = "\
Each line is one reading: percent-decoded (strict, lenient, form), percent-encoded with a
set (component, unreserved, path, form), Base64 and base64url both ways, and, when the
percent-decoded bytes are not UTF-8, the legacy-charset readings `urlkit repair` weighs.
A reading marked + is plausible: it changes the input, the bytes it reads are UTF-8, the
output prints (no control character, no U+FFFD), going back gives the input, an encoding
does not encode escapes the input already has, and a legacy charset was kept by the repair
ranking. The others say which check they fail. Nothing is chosen for you: the marks say which readings the text
can be.

Examples:
  urlkit convert '%E6%89%8B%E8%BB%BD%E5%B1%8B'     手軽屋 by percent-decoding
  urlkit convert 44GT44KT44Gr44Gh44Gv            こんにちは by Base64
  urlkit convert '%8AO%91%95%95s%97%C7'          外装不良 by Shift_JIS repair
  urlkit convert --json 'q=C++'                  one JSON object per input";

/// Arguments of `urlkit convert`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Texts to read every way; stdin, one per line, when none is given.
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
}

/// The checks a reading fails, in words.
fn failed_checks(r: &Reading) -> String {
    let c = r.checks;
    let mut why = Vec::new();
    if !c.changes {
        why.push("changes nothing");
    }
    if !c.valid_utf8 {
        why.push("not UTF-8");
    }
    if !c.printable {
        why.push("not printable");
    }
    if !c.round_trips {
        why.push("does not round-trip");
    }
    if !c.encodes_once {
        why.push("encodes escapes again");
    }
    if !c.ranked {
        why.push("ranked out by repair");
    }
    why.join(", ")
}

/// Runs `urlkit convert`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let mut out = ctx.output();
    let style = out.style;
    let mut first = true;
    let mut failures = 0;
    for_each_input(&args.texts, Content::Text, &ctx.err_style(), |item| {
        let text = match item.text() {
            Ok(t) => t,
            Err(f) => {
                failures += 1;
                return out.fail(&item, &f);
            }
        };
        let all = readings(text);
        if out.is_json() {
            return out.json_line(&Convert::new(text, &all));
        }
        let width = all
            .iter()
            .map(|r| r.name.chars().count())
            .max()
            .unwrap_or(0);
        let w = out.writer();
        if !first {
            writeln!(w)?;
        }
        first = false;
        writeln!(w, "{} {}", style.bold("input:"), escape_controls(text))?;
        for r in &all {
            let name = format!("{:<width$}", r.name);
            match &r.output {
                Err(e) => writeln!(w, "- {name}  {}", style.dim(e))?,
                Ok(o) if r.plausible() => {
                    writeln!(w, "{} {name}  {}", style.good("+"), escape_controls(o))?
                }
                Ok(o) => writeln!(
                    w,
                    "- {name}  {}  {}",
                    escape_controls(o),
                    style.dim(&format!("({})", failed_checks(r)))
                )?,
            }
        }
        Ok(())
    })?;
    out.finish()?;
    Ok(Status::from_count(failures))
}
