//! `urlkit explain`: character by character, what each main encode set does to a text.

use std::io::Write;

use serde_json::{Map, Value};
use urlkit::codec::sets::NamedSet;

use super::{CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content, Failure, Item};
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

/// `urlkit explain --json` for one text, for `urlkit serve`.
pub fn record(text: &str) -> Value {
    let item = Item {
        origin: crate::records::Origin::Arg(1),
        bytes: text.as_bytes(),
    };
    let mut bytes = Vec::new();
    json_record(&mut bytes, &item, text).expect("invariant: writing to memory cannot fail");
    serde_json::from_slice(&bytes).expect("invariant: json_record writes one JSON object")
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
            Ok(text) if out.is_json() => json_record(out.writer(), &item, text),
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

/// The text is encoded in pieces of about this many bytes (cut at character boundaries), so
/// that explaining a long line holds a few kilobytes of output at a time, not all of it. Every
/// set encodes byte by byte, so the pieces join into the encoding of the whole.
const PIECE: usize = 4096;

/// `text` in pieces of about [`PIECE`] bytes, each ending on a character boundary.
fn pieces(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut end = PIECE.min(rest.len());
        while !rest.is_char_boundary(end) {
            end += 1;
        }
        let (piece, tail) = rest.split_at(end);
        rest = tail;
        Some(piece)
    })
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
            let cell = match treat(set, c) {
                Treatment::Kept => style.good("·"),
                Treatment::Plus => style.highlight("+"),
                Treatment::Escaped(_) => style.highlight("%"),
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

/// One JSON record for one input, written as it is made (the same bytes as serializing the
/// whole object, with its keys in order): `{"input", "ok", "output": {"characters": [...],
/// "encoded": {...}}}`.
fn json_record(w: &mut impl Write, item: &Item<'_>, text: &str) -> std::io::Result<()> {
    let json = |w: &mut dyn Write, v: &Value| -> std::io::Result<()> {
        serde_json::to_writer(&mut *w, v).map_err(std::io::Error::from)
    };
    w.write_all(b"{\"input\":")?;
    json(w, &Value::String(item.display()))?;
    w.write_all(b",\"ok\":true,\"output\":{\"characters\":[")?;
    let mut offset = 0;
    for (i, c) in text.chars().enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
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
        json(w, &Value::Object(obj))?;
        offset += c.len_utf8();
    }
    w.write_all(b"],\"encoded\":{")?;
    let mut sets = MAIN_SETS;
    sets.sort_by_key(|s| s.name());
    for (i, set) in sets.iter().enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        json(w, &Value::String(set.name().into()))?;
        w.write_all(b":\"")?;
        let encoder = set.encoder();
        for piece in pieces(text) {
            let quoted = serde_json::to_string(&encoder.encode_str(piece))?;
            let inner = quoted
                .strip_prefix('"')
                .and_then(|q| q.strip_suffix('"'))
                .expect("invariant: a JSON string is quoted");
            w.write_all(inner.as_bytes())?;
        }
        w.write_all(b"\"")?;
    }
    w.write_all(b"}}}\n")
}

#[cfg(test)]
mod tests {
    use super::{pieces, MAIN_SETS, PIECE};

    #[test]
    fn pieces_join_into_the_whole_encoding() {
        let text = "運営 a&b/%?#".repeat(2000);
        let parts: Vec<&str> = pieces(&text).collect();
        assert!(parts.len() > 1);
        assert!(parts.iter().all(|p| p.len() <= PIECE + 3));
        assert_eq!(parts.concat(), text);
        for set in MAIN_SETS {
            let e = set.encoder();
            let joined: String = parts.iter().map(|p| e.encode_str(p)).collect();
            assert_eq!(joined, e.encode_str(&text), "{}", set.name());
        }
    }
}
