//! JSON documents and JSON Lines, with a JSON pointer that may use `*` for every element,
//! streamed: only the strings a pointer selects are kept, never the document.

use std::fmt;
use std::io::BufRead;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::error::SourceError;
use crate::finding::FindingKind;
use crate::input::{byte_reader, io_error, skip_bom, Opened};
use crate::json_value::{json_error, without_location, StringOrNot};
use crate::lines::BOM_REMOVED;
use crate::reader::Reader;
use crate::record::{Position, Record, SourceId};
use crate::spec::{Format, SourceSpec};

/// Members that hold the URL of an object when no pointer is given, by preference.
const URL_MEMBERS: [&str; 4] = ["url", "loc", "link", "href"];

/// How many bad JSON Lines records are listed one by one; the rest are counted.
const LISTED: u64 = 100;

/// Reads a JSON document, or JSON Lines.
///
/// *Rationale*: the pointer (RFC 6901) is applied to the document, or to each line's value;
/// `*` is our extension and stands for every element of an array (or member of an object),
/// so `#/data/*/url` reads `{"data": [{"url": ...}, ...]}`. The input is JSON Lines when its
/// first line is a whole JSON value and more follows it; a record of JSON Lines that is not
/// JSON is a finding at its line, and the other lines are read. A document is streamed: the
/// values the pointer does not select are skipped without being built.
pub(crate) fn read(
    reader: &mut Reader<'_>,
    spec: &SourceSpec,
    opened: Opened,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let name = spec.location.name();
    let id = reader.add_source(&name, Format::Json);
    let tokens = pointer_tokens(spec.pointer.as_deref());
    let cap = reader.max_bytes;
    let mut input = opened.input;
    if skip_bom(&mut input).map_err(|e| io_error(&e, &name, cap))? {
        reader
            .catalog
            .told(id, FindingKind::BomRemoved, None, BOM_REMOVED);
    }
    let before = reader.catalog.sources()[id.0 as usize].records;
    if is_json_lines(&opened.head) {
        read_lines(reader, id, &name, &tokens, input, sink)?;
    } else {
        let mut de = serde_json::Deserializer::from_reader(byte_reader(&mut input));
        let mut found = |url: String, path: String| {
            emit(reader, id, url, Position::Pointer(path), sink);
        };
        let parsed = Select {
            tokens: &tokens,
            path: String::new(),
            out: &mut found,
        }
        .deserialize(&mut de)
        .and_then(|()| de.end());
        drop(de);
        if let Err(e) = parsed {
            return Err(json_error(&e, &name, cap, input.consumed()));
        }
    }
    if reader.catalog.sources()[id.0 as usize].records == before {
        let what = spec.pointer.as_deref().map_or_else(
            || "no string, and no object with url, loc, link or href".to_owned(),
            |p| format!("the pointer {p} selects no string"),
        );
        reader.catalog.note(
            id,
            FindingKind::JsonNoUrls,
            None,
            format!("{what}: no URL read"),
        );
    }
    Ok(())
}

/// Whether the content starting with `head` is JSON Lines: its first non-blank line is a whole
/// JSON value, and something follows it.
fn is_json_lines(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let Some(start) = head.iter().position(|b| !b.is_ascii_whitespace()) else {
        return false;
    };
    let rest = &head[start..];
    let Some(end) = memchr::memchr(b'\n', rest) else {
        return false;
    };
    let (first, after) = rest.split_at(end);
    let more = after.iter().any(|b| !b.is_ascii_whitespace()) || head.len() == crate::input::HEAD;
    more && serde_json::from_slice::<IgnoredAny>(first).is_ok()
}

/// JSON Lines: one value a line, each read on its own.
fn read_lines(
    reader: &mut Reader<'_>,
    id: SourceId,
    name: &str,
    tokens: &[Token],
    mut input: impl BufRead,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let cap = reader.max_bytes;
    let mut line = Vec::new();
    let mut n = 0u64;
    let mut bad = 0u64;
    loop {
        line.clear();
        let read = input
            .read_until(b'\n', &mut line)
            .map_err(|e| io_error(&e, name, cap))?;
        if read == 0 {
            break;
        }
        n += 1;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let mut found = |url: String, path: String| {
            emit(reader, id, url, Position::LinePointer(n, path), sink);
        };
        let value = line.strip_suffix(b"\n").unwrap_or(&line);
        let mut de = serde_json::Deserializer::from_slice(value);
        let parsed = Select {
            tokens,
            path: String::new(),
            out: &mut found,
        }
        .deserialize(&mut de)
        .and_then(|()| de.end());
        if let Err(e) = parsed {
            bad += 1;
            if bad <= LISTED {
                reader.catalog.skip(
                    id,
                    FindingKind::JsonLineInvalid,
                    Some(Position::Line(n)),
                    format!(
                        "not a JSON value (column {}: {}); not read",
                        e.column(),
                        without_location(&e)
                    ),
                );
            }
        }
    }
    if bad > 0 {
        let listed = if bad > LISTED {
            format!(" (the first {LISTED} are listed)")
        } else {
            String::new()
        };
        let lines = if bad == 1 { "line was" } else { "lines were" };
        reader.catalog.skip(
            id,
            FindingKind::JsonLinesInvalid,
            None,
            format!("{bad} {lines} not JSON{listed}"),
        );
    }
    Ok(())
}

fn emit(
    reader: &mut Reader<'_>,
    id: SourceId,
    url: String,
    position: Position,
    sink: &mut dyn FnMut(Record),
) {
    let record = Record {
        url,
        source: id,
        position,
        kind: None,
        extra: Vec::new(),
    };
    reader.catalog.emit(sink, record);
}

/// One step of a pointer.
#[derive(Debug, PartialEq, Eq)]
enum Token {
    /// `*`: every element or member.
    Every,
    /// A member name or array index, unescaped, and as written (for the record's pointer).
    Named { name: String, written: String },
}

fn pointer_tokens(pointer: Option<&str>) -> Vec<Token> {
    let Some(p) = pointer else {
        return Vec::new();
    };
    let p = p.strip_prefix('/').unwrap_or(p);
    if p.is_empty() {
        return Vec::new();
    }
    p.split('/')
        .map(|t| match t {
            "*" => Token::Every,
            _ => Token::Named {
                name: t.replace("~1", "/").replace("~0", "~"),
                written: t.to_owned(),
            },
        })
        .collect()
}

fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// Where a selected string goes: its text and its pointer.
type Found<'a> = dyn FnMut(String, String) + 'a;

/// Selects, from the value being read, what `tokens` point at; past the last token, the
/// default URLs of [`Select::end`].
struct Select<'t, 'o, 'f> {
    tokens: &'t [Token],
    path: String,
    out: &'o mut Found<'f>,
}

impl<'de> DeserializeSeed<'de> for Select<'_, '_, '_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl Select<'_, '_, '_> {
    /// The selection inside the element or member `step`, past `used` tokens (0 or 1).
    fn child(&mut self, used: usize, step: &str) -> Select<'_, '_, '_> {
        Select {
            tokens: self.tokens.split_at(used.min(self.tokens.len())).1,
            path: format!("{}/{step}", self.path),
            out: &mut *self.out,
        }
    }

    fn found(self, s: String) {
        let path = if self.path.is_empty() {
            "/".to_owned()
        } else {
            self.path
        };
        (self.out)(s, path);
    }
}

impl<'de> Visitor<'de> for Select<'_, '_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<(), E> {
        if self.tokens.is_empty() {
            self.found(s.to_owned());
        }
        Ok(())
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<(), E> {
        if self.tokens.is_empty() {
            self.found(s);
        }
        Ok(())
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        // `None`: every element (the default URLs of each, or the rest of the pointer);
        // else the one index named (an index that is not a number names none).
        let wanted = match self.tokens.first() {
            None | Some(Token::Every) => None,
            Some(Token::Named { name, written }) => {
                Some((name.parse::<usize>().ok(), written.clone()))
            }
        };
        let mut i = 0usize;
        loop {
            let more = match &wanted {
                None => {
                    let used = usize::from(!self.tokens.is_empty());
                    seq.next_element_seed(self.child(used, &i.to_string()))?
                }
                Some((Some(w), written)) if *w == i => {
                    seq.next_element_seed(self.child(1, written))?
                }
                Some(_) => seq.next_element::<IgnoredAny>()?.map(|_| ()),
            };
            if more.is_none() {
                return Ok(());
            }
            i += 1;
        }
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        if self.tokens.is_empty() {
            // An object's URL: its first member, by preference, that is a string.
            let mut best: Option<(usize, Option<String>)> = None;
            while let Some(key) = map.next_key::<String>()? {
                match URL_MEMBERS.iter().position(|m| *m == key) {
                    Some(rank) => {
                        let value = map.next_value_seed(StringOrNot)?;
                        if best.as_ref().is_none_or(|(b, _)| rank < *b) {
                            best = Some((rank, value));
                        }
                    }
                    None => {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
            }
            if let Some((rank, Some(url))) = best {
                let path = format!("{}/{}", self.path, URL_MEMBERS[rank]);
                (self.out)(url, path);
            }
            return Ok(());
        }
        while let Some(key) = map.next_key::<String>()? {
            match self.tokens.first() {
                Some(Token::Every) => {
                    let step = escape(&key);
                    map.next_value_seed(self.child(1, &step))?;
                }
                Some(Token::Named { name, written }) if *name == key => {
                    let step = written.clone();
                    map.next_value_seed(self.child(1, &step))?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}
