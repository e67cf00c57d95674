//! `urlkit explain`: character by character, what each main encode set does to a text.

use std::io::Write;

use serde_json::{Map, Value};
use urlkit::codec::sets::NamedSet;

use super::{CmdResult, Ctx, Status};
use crate::records::{for_each_input, Failure, InputKind, Item, Output};
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

/// The sets shown, in table order.
const MAIN_SETS: [NamedSet; 8] = [
    NamedSet::Unreserved,
    NamedSet::Component,
    NamedSet::Form,
    NamedSet::Path,
    NamedSet::Query,
    NamedSet::SpecialQuery,
    NamedSet::Fragment,
    NamedSet::Userinfo,
];

/// Arguments of `urlkit explain`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Texts to explain; stdin, one per line, when none is given.
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
}

/// What one set does to one character.
enum Treatment {
    Kept,
    Plus,
    Escaped(String),
}

fn treat(set: NamedSet, c: char) -> Treatment {
    let mut buf = [0u8; 4];
    let text: &str = c.encode_utf8(&mut buf);
    let encoded = set.encoder().encode_str(text);
    if encoded == text {
        Treatment::Kept
    } else if encoded == "+" {
        Treatment::Plus
    } else {
        Treatment::Escaped(encoded.into_owned())
    }
}

/// Runs `urlkit explain`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let mut out = ctx.output();
    let mut first = true;
    for_each_input(
        &args.texts,
        InputKind::Text,
        &ctx.err_style(),
        |item| match item.text() {
            Ok(text) if out.is_json() => json_record(&mut out, &item, text),
            Ok(text) => {
                let style = out.style;
                let block = text_block(text, style);
                let w = out.writer();
                if !first {
                    w.write_all(b"\n")?;
                }
                first = false;
                w.write_all(block.as_bytes())
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

fn hex_bytes(c: char) -> String {
    let mut buf = [0u8; 4];
    c.encode_utf8(&mut buf)
        .bytes()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
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

fn text_block(text: &str, style: Style) -> String {
    let mut b = String::new();
    let chars = text.chars().count();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    b.push_str(&style.bold(&format!(
        "{}  ({chars} character{}, {} byte{})",
        escape_controls(text),
        plural(chars),
        text.len(),
        plural(text.len())
    )));
    b.push('\n');
    let mut header = format!("{}{}{}", pad("char", 6), pad("code", 9), pad("UTF-8", 13));
    for set in MAIN_SETS {
        header.push_str(&pad(set.name(), set.name().len() + 1));
    }
    b.push_str(&style.dim(header.trim_end()));
    b.push('\n');
    for c in text.chars() {
        let mut line = format!(
            "{}{}{}",
            pad(&shown(c), 6),
            pad(&format!("U+{:04X}", c as u32), 9),
            pad(&hex_bytes(c), 13)
        );
        for set in MAIN_SETS {
            let cell = match treat(set, c) {
                Treatment::Kept => style.good("·"),
                Treatment::Plus => style.highlight("+"),
                Treatment::Escaped(_) => style.highlight("%"),
            };
            line.push_str(&cell);
            line.push_str(&" ".repeat(set.name().len()));
        }
        b.push_str(line.trim_end());
        b.push('\n');
    }
    b.push_str(&style.dim("· kept as is   % written as %XX of its UTF-8 bytes   + written as '+'"));
    b.push_str("\n\n");
    for set in MAIN_SETS {
        let encoded = set.encoder().encode_str(text);
        b.push_str(&pad(set.name(), 15));
        b.push_str(&escape_controls(&encoded));
        b.push('\n');
    }
    b
}

fn json_record(out: &mut Output, item: &Item<'_>, text: &str) -> std::io::Result<()> {
    let mut offset = 0;
    let characters: Vec<Value> = text
        .chars()
        .map(|c| {
            let mut sets = Map::new();
            for set in MAIN_SETS {
                let v = match treat(set, c) {
                    Treatment::Kept => "kept".to_owned(),
                    Treatment::Plus => "+".to_owned(),
                    Treatment::Escaped(e) => e,
                };
                sets.insert(set.name().into(), Value::String(v));
            }
            let mut obj = Map::new();
            obj.insert("char".into(), Value::String(c.to_string()));
            obj.insert("offset".into(), Value::from(offset as u64));
            obj.insert(
                "code_point".into(),
                Value::String(format!("U+{:04X}", c as u32)),
            );
            obj.insert("utf8".into(), Value::String(hex_bytes(c)));
            obj.insert("sets".into(), Value::Object(sets));
            offset += c.len_utf8();
            Value::Object(obj)
        })
        .collect();
    let mut encoded = Map::new();
    for set in MAIN_SETS {
        encoded.insert(
            set.name().into(),
            Value::String(set.encoder().encode_str(text).into_owned()),
        );
    }
    let mut output = Map::new();
    output.insert("characters".into(), Value::Array(characters));
    output.insert("encoded".into(), Value::Object(encoded));
    let mut obj = Map::new();
    obj.insert("input".into(), Value::String(item.display()));
    obj.insert("ok".into(), Value::Bool(true));
    obj.insert("output".into(), Value::Object(output));
    out.json_line(&Value::Object(obj))
}
