//! `urlkit table`: one input through every flavor, side by side.

use std::io::Write;

use urlkit::codec::{sets::UNRESERVED, Encoder};
use urlkit::flavor::{Direction, Escaped, Flavor};

use super::flavors::flavor_input;
use super::{CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content};
use crate::style::{escape_controls, Style};
use urlkit_records::flavors::{json_record, rows, Row};

/// The seed's example: every encoder treats some of it differently.
pub const SEED_INPUT: &str = "a b&c=d/e?f#g+h~!'()*日本";

const AFTER_HELP: &str = "\
Each row is a language's function applied to the input, exactly as that runtime does it
(checked against the real runtimes). The first row is RFC 3986: everything but
A-Z a-z 0-9 - . _ ~ encoded. The last column lists the characters an encoder writes
differently from that row (highlighted in the output on a terminal). Decoders follow,
with their output or the error the original throws.

With no TEXT the input is the seed's string a b&c=d/e?f#g+h~!'()*日本; '-' reads stdin,
one table per line.

Examples:
  urlkit table                        the seed's string through every flavor
  urlkit table '東京 カフェ'
  urlkit table '100%' 'C++'           decoders show who throws on '100%'
  urlkit table --json 'a b'           one JSON object per input, one row per flavor
  urlkit table --escapes '\\uD800'      a lone surrogate: URIError in JavaScript, U+FFFD in
                                      URLSearchParams, UnicodeEncodeError in Python
  urlkit table --escapes '\\xFF'        a raw byte: PHP, Go, Ruby take it; JavaScript cannot";

/// Arguments of `urlkit table`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Read \uXXXX, \u{X...}, \xHH and \\ in each text: lone surrogates and raw bytes
    /// reach each function as its runtime would hold them.
    #[arg(long)]
    escapes: bool,
    /// Texts to show; stdin, one per line, when none is given ('-' too); the seed's string
    /// when none is given and stdin is a terminal.
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
}

fn describe(differs: &[(char, String)]) -> String {
    differs
        .iter()
        .map(|(c, s)| {
            let c = if *c == ' ' {
                "space".to_owned()
            } else {
                c.to_string()
            };
            format!("{c}→{s}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn render(row: &Row, style: &Style) -> String {
    match &row.result {
        Err(e) => style.error(e),
        Ok(out) if row.pieces.is_empty() || !style.enabled() => out.clone(),
        Ok(_) => row
            .pieces
            .iter()
            .map(|(p, differ)| {
                if *differ {
                    style.highlight(p)
                } else {
                    p.clone()
                }
            })
            .collect(),
    }
}

/// Runs `urlkit table`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let texts: Vec<String> = if crate::input::shows_demo(&args.texts) {
        vec![SEED_INPUT.to_owned()]
    } else if args.texts == ["-"] {
        Vec::new()
    } else {
        args.texts.clone()
    };
    let mut out = ctx.output();
    let style = if out.is_json() {
        Style::plain()
    } else {
        out.style
    };
    let width = Flavor::ALL
        .iter()
        .map(|f| f.name().len())
        .max()
        .unwrap_or(0);
    let mut first = true;
    let mut any = false;
    for_each_input(&texts, Content::Text, &ctx.err_style(), |item| {
        any = true;
        let escaped = if args.escapes {
            match super::encode::escaped(&item) {
                Ok(e) => Some(e),
                Err(f) => return out.fail(&item, &f),
            }
        } else {
            None
        };
        let (input, text) = match &escaped {
            Some(e @ Escaped::Text(t)) => (e.input(), Some(t.as_str())),
            Some(e) => (e.input(), None),
            None => (
                flavor_input(item.bytes),
                std::str::from_utf8(item.bytes).ok(),
            ),
        };
        let bytes: &[u8] = match &escaped {
            Some(Escaped::Text(t)) => t.as_bytes(),
            Some(Escaped::Bytes(b)) => b,
            Some(Escaped::Utf16(_)) => b"",
            None => item.bytes,
        };
        let rows = rows(input, text);
        if out.is_json() {
            return out.json_line(&json_record(&item.display(), bytes, &rows));
        }
        let w = out.writer();
        if !first {
            writeln!(w)?;
        }
        first = false;
        writeln!(
            w,
            "{} {}",
            style.bold("input:"),
            escape_controls(&item.display())
        )?;
        if matches!(escaped, Some(Escaped::Utf16(_))) {
            writeln!(
                w,
                "{:<width$}  {}",
                "rfc3986",
                style.error("a lone surrogate has no UTF-8 form")
            )?;
        } else {
            writeln!(
                w,
                "{:<width$}  {}",
                "rfc3986",
                Encoder::new(UNRESERVED).encode_bytes(bytes)
            )?;
        }
        let mut heading_done = false;
        for row in &rows {
            if row.flavor.direction() == Direction::Decode && !heading_done {
                writeln!(w, "{}", style.dim("decoders:"))?;
                heading_done = true;
            }
            let name = format!("{:<width$}", row.flavor.name());
            let body = render(row, &style);
            if row.differs.is_empty()
                && row.flavor.direction() == Direction::Encode
                && row.result.is_ok()
                && text.is_some()
            {
                writeln!(w, "{name}  {body}  {}", style.good("= rfc3986"))?;
            } else if row.differs.is_empty() {
                writeln!(w, "{name}  {body}")?;
            } else {
                writeln!(w, "{name}  {body}  {}", style.dim(&describe(&row.differs)))?;
            }
        }
        Ok(())
    })?;
    if !any {
        crate::input::say_no_input(&ctx.err_style());
    }
    out.finish()?;
    Ok(Status::Clean)
}
