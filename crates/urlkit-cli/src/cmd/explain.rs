//! `urlkit explain`: character by character, what each main encode set does to a text.

use std::io::Write;

use urlkit_records::codec::{hex_bytes, pieces, treatment, Explain, EXPLAIN_SETS as MAIN_SETS};

use super::{CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content, Failure};
use crate::style::{display_width, escape_controls, Style};

const AFTER_HELP: &str = "\
For each character: the character, its code point, its UTF-8 bytes, and for each main set
'·' when the set keeps it as is, '%' when it is written as its percent-encoded UTF-8 bytes
(%E9%81%8B for 運), '+' when it is written as '+' (space in form encoding). Then the whole
input encoded with each set.

Sets: unreserved (RFC 3986 §2.3), component (encodeURIComponent), form
(application/x-www-form-urlencoded), path, query, special-query, fragment, userinfo (the WHATWG
URL Standard's percent-encode sets). See `urlkit encode --help` for all sets.

Examples:
  urlkit explain 'a b/運'              one table and the encoded forms
  urlkit explain 'a&b' 'c d'           one block per input
  urlkit explain --json '運営'          one JSON object per input";

/// Arguments of `urlkit explain`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Texts to explain; stdin, one per line, when none is given.
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
}

/// `urlkit explain --json` for one text, for `urlkit serve`.
pub fn record(text: &str) -> Explain<'_> {
    Explain::new(text)
}

/// Runs `urlkit explain`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let mut out = ctx.output();
    let mut first = true;
    for_each_input(
        &args.texts,
        Content::Text,
        &ctx.err_style(),
        |item| match item.text() {
            Ok(text) if out.is_json() => out.json_line(&Explain::new(text)),
            Ok(text) => {
                let style = out.style;
                let w = out.writer();
                if !first {
                    w.write_all(b"\n")?;
                }
                first = false;
                text_block(w, text, style)
            }
            Err(failure) => out.fail(&item, &failure_with_hint(failure)),
        },
    )?;
    let failures = out.finish()?;
    Ok(Status::from_count(failures))
}

fn failure_with_hint(f: Failure) -> Failure {
    Failure {
        message: format!("{} (explain works on text)", f.message),
        ..f
    }
}

/// How a character is shown in the table: controls escaped, space as a visible symbol.
fn shown(c: char) -> String {
    if c == ' ' {
        "\u{2420}".to_owned()
    } else {
        escape_controls(c.encode_utf8(&mut [0u8; 4])).into_owned()
    }
}

fn pad(s: &str, cols: usize) -> String {
    let w = display_width(s);
    format!("{s}{}", " ".repeat(cols.saturating_sub(w)))
}

/// The human block for one input, written as it is made: a heading, one line per character,
/// the legend, then the whole input encoded with each set.
fn text_block(w: &mut impl Write, text: &str, style: Style) -> std::io::Result<()> {
    let chars = text.chars().count();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let heading = format!(
        "{}  ({chars} character{}, {} byte{})",
        escape_controls(text),
        plural(chars),
        text.len(),
        plural(text.len())
    );
    writeln!(w, "{}", style.bold(&heading))?;
    let mut header = format!("{}{}{}", pad("char", 6), pad("code", 9), pad("UTF-8", 13));
    for set in MAIN_SETS {
        header.push_str(&pad(set.name(), set.name().len() + 1));
    }
    writeln!(w, "{}", style.dim(header.trim_end()))?;
    for c in text.chars() {
        let mut line = format!(
            "{}{}{}",
            pad(&shown(c), 6),
            pad(&format!("U+{:04X}", c as u32), 9),
            pad(&hex_bytes(c), 13)
        );
        for set in MAIN_SETS {
            let cell = match treatment(set, c).as_str() {
                "kept" => style.good("·"),
                "+" => style.highlight("+"),
                _ => style.highlight("%"),
            };
            line.push_str(&cell);
            line.push_str(&" ".repeat(set.name().len()));
        }
        writeln!(w, "{}", line.trim_end())?;
    }
    writeln!(
        w,
        "{}\n",
        style.dim("· kept as is   % written as %XX of its UTF-8 bytes   + written as '+'")
    )?;
    for set in MAIN_SETS {
        w.write_all(pad(set.name(), 15).as_bytes())?;
        let encoder = set.encoder();
        for piece in pieces(text) {
            w.write_all(escape_controls(&encoder.encode_str(piece)).as_bytes())?;
        }
        w.write_all(b"\n")?;
    }
    Ok(())
}
