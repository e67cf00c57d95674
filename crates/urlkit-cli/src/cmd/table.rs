//! `urlkit table`: one input through every flavor, side by side.

use std::io::Write;

use urlkit::codec::{sets::UNRESERVED, Encoder};
use urlkit::flavor::{Direction, Flavor, Input, Params};

use super::flavors::flavor_input;
use super::{CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content};
use crate::style::{escape_controls, Style};
use urlkit_records::flavors::{Table, TableRow};

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
  urlkit table --json 'a b'           one JSON object per input, one row per flavor";

/// Arguments of `urlkit table`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Texts to show; stdin, one per line, when none is given ('-' too); the seed's string
    /// when none is given and stdin is a terminal.
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
}

/// One row: a flavor's output or error, and the characters it writes differently from the
/// RFC 3986 row (encoders only).
struct Row {
    flavor: Flavor,
    result: Result<String, String>,
    /// (input character, this flavor's rendering) where it differs from RFC 3986.
    differs: Vec<(char, String)>,
    /// The output cut per input character, for highlighting; empty when not cuttable.
    pieces: Vec<(String, bool)>,
}

fn rows(input: Input<'_>, text: Option<&str>) -> Vec<Row> {
    let rfc = Encoder::new(UNRESERVED);
    let params = Params::default();
    let mut rows = Vec::new();
    let encoders = Flavor::ALL
        .into_iter()
        .filter(|f| f.direction() == Direction::Encode);
    let decoders = Flavor::ALL
        .into_iter()
        .filter(|f| f.direction() == Direction::Decode);
    for flavor in encoders.chain(decoders) {
        let result = match flavor.direction() {
            Direction::Encode => flavor
                .encode_with(input, &params)
                .map_err(|e| e.to_string()),
            Direction::Decode => flavor
                .decode_with(input, &params)
                .map(|d| escape_controls(&d.to_string_lossy()).into_owned())
                .map_err(|e| e.to_string()),
        };
        let mut differs: Vec<(char, String)> = Vec::new();
        let mut pieces = Vec::new();
        if let (Direction::Encode, Ok(full), Some(text)) = (flavor.direction(), &result, text) {
            // Every encoder here works character by character, so the output is the
            // concatenation of each character's encoding; compare those with RFC 3986's.
            for c in text.chars() {
                let mut buf = [0u8; 4];
                let s: &str = c.encode_utf8(&mut buf);
                let mine = flavor.encode(s).unwrap_or_default();
                let reference = rfc.encode_str(s);
                let differ = mine != reference;
                if differ && !differs.iter().any(|(d, _)| *d == c) {
                    differs.push((c, mine.clone()));
                }
                pieces.push((mine, differ));
            }
            if pieces.iter().map(|(p, _)| p.as_str()).collect::<String>() != *full {
                pieces.clear();
            }
        }
        rows.push(Row {
            flavor,
            result,
            differs,
            pieces,
        });
    }
    rows
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

/// The JSON record of one input: `{"flavors": [...], "input", "ok", "rfc3986"}`.
fn json_record(display: &str, bytes: &[u8], rows: &[Row]) -> Table {
    let flavors = rows
        .iter()
        .map(|r| {
            let encoded_ok = r.flavor.direction() == Direction::Encode && r.result.is_ok();
            TableRow {
                differs_from_rfc3986: encoded_ok.then(|| {
                    r.differs
                        .iter()
                        .map(|(c, s)| (c.to_string(), s.clone()))
                        .collect()
                }),
                error: r.result.as_ref().err().cloned(),
                flavor: r.flavor.name(),
                output: r.result.as_ref().ok().cloned(),
            }
        })
        .collect();
    Table {
        flavors,
        input: display.to_owned(),
        ok: urlkit_records::True,
        rfc3986: Encoder::new(UNRESERVED).encode_bytes(bytes).into_owned(),
    }
}

/// `urlkit table --json` for one text, for `urlkit serve`.
pub fn record(text: &str) -> Table {
    let rows = rows(Input::Text(text), Some(text));
    json_record(text, text.as_bytes(), &rows)
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
        let text = std::str::from_utf8(item.bytes).ok();
        let rows = rows(flavor_input(item.bytes), text);
        if out.is_json() {
            return out.json_line(&json_record(&item.display(), item.bytes, &rows));
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
        writeln!(
            w,
            "{:<width$}  {}",
            "rfc3986",
            Encoder::new(UNRESERVED).encode_bytes(item.bytes)
        )?;
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
