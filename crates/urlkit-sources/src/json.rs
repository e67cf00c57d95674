//! JSON documents and JSON Lines, with a JSON pointer that may use `*` for every element.

use std::io::Read;

use serde_json::Value;

use crate::catalog::{Position, Record, SourceId};
use crate::error::{SourceError, SourceErrorKind};
use crate::input::{io_error, Opened};
use crate::read::Reader;
use crate::spec::{Format, SourceSpec};

/// Members that hold the URL of an object when no pointer is given.
const URL_MEMBERS: [&str; 4] = ["url", "loc", "link", "href"];

/// Reads a JSON document, or JSON Lines when the file is not one document.
///
/// *Rationale*: the pointer (RFC 6901) is applied to the document, or to each line's value;
/// `*` is our extension and stands for every element of an array (or member of an object),
/// so `#/data/*/url` reads `{"data": [{"url": ...}, ...]}`.
pub(crate) fn read(
    reader: &mut Reader<'_>,
    spec: &SourceSpec,
    opened: Opened,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let name = spec.location.name();
    let mut input = opened.input;
    let mut body = Vec::new();
    input
        .read_to_end(&mut body)
        .map_err(|e| io_error(&e, &name, reader.max_bytes))?;
    let body = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&body);
    let id = reader.catalog.add_source(&name, Format::Json);
    let pointer = spec.pointer.as_deref();
    if let Ok(doc) = serde_json::from_slice::<Value>(body) {
        let mut found = Vec::new();
        select(&doc, pointer, String::new(), &mut found);
        for (url, path) in found {
            emit(reader, id, url, Position::Pointer(path), sink);
        }
        return Ok(());
    }
    for (i, line) in body.split(|&b| b == b'\n').enumerate() {
        let n = i as u64 + 1;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let value: Value = serde_json::from_slice(line).map_err(|e| {
            SourceError::new(SourceErrorKind::JsonSyntax, &name, e.to_string())
                .at(n, e.column() as u64)
        })?;
        let mut found = Vec::new();
        select(&value, pointer, String::new(), &mut found);
        for (url, path) in found {
            emit(reader, id, url, Position::LinePointer(n, path), sink);
        }
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
    };
    reader.catalog.emit(sink, record);
}

fn select(value: &Value, pointer: Option<&str>, path: String, out: &mut Vec<(String, String)>) {
    match pointer {
        None => default_urls(value, path, out),
        Some(p) => {
            let p = p.strip_prefix('/').unwrap_or(p);
            if p.is_empty() {
                return default_urls(value, path, out);
            }
            let (head, rest) = match p.split_once('/') {
                Some((h, r)) => (h, Some(r)),
                None => (p, None),
            };
            let rest = rest.map(|r| format!("/{r}"));
            let rest = rest.as_deref().or(Some(""));
            if head == "*" {
                match value {
                    Value::Array(items) => {
                        for (i, item) in items.iter().enumerate() {
                            select(item, rest, format!("{path}/{i}"), out);
                        }
                    }
                    Value::Object(map) => {
                        for (k, item) in map {
                            select(item, rest, format!("{path}/{}", escape(k)), out);
                        }
                    }
                    _ => {}
                }
                return;
            }
            let token = head.replace("~1", "/").replace("~0", "~");
            let child = match value {
                Value::Object(map) => map.get(&token),
                Value::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get(i)),
                _ => None,
            };
            if let Some(child) = child {
                select(child, rest, format!("{path}/{head}"), out);
            }
        }
    }
}

fn default_urls(value: &Value, path: String, out: &mut Vec<(String, String)>) {
    match value {
        Value::String(s) => out.push((s.clone(), if path.is_empty() { "/".into() } else { path })),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                default_urls(item, format!("{path}/{i}"), out);
            }
        }
        Value::Object(map) => {
            if let Some((k, Value::String(s))) =
                URL_MEMBERS.iter().find_map(|k| map.get(*k).map(|v| (k, v)))
            {
                out.push((s.clone(), format!("{path}/{k}")));
            }
        }
        _ => {}
    }
}

fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}
