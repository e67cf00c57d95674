//! CPython 3.13 `urllib.parse` quoting calls, reproduced with the generic codec.
//!
//! Python's functions are sets and modes:
//! - `quote(s, safe='/')`: encode all but RFC 3986 unreserved, minus the ASCII characters of
//!   `safe` (Python drops non-ASCII `safe` characters); `quote_plus` adds space as `+` (and
//!   `safe=''` by default); `quote_from_bytes` is `quote` on bytes;
//! - `encoding=`/`errors=`: percent-encode after encoding in that charset; `errors='strict'`
//!   is the Encoding Standard's fatal mode, `'xmlcharrefreplace'` the WHATWG `&#N;` mode;
//! - `unquote(s)`: lenient decode (WHATWG percent-decode, U+FFFD), `unquote_plus`: form
//!   mode, `unquote_to_bytes`: lenient decode to bytes; `errors='strict'` asks for UTF-8.

use serde_json::{Map, Value};
use urlkit::charset::{
    decode_with_encoding, encoding_for_label, percent_encode_after_encoding,
    percent_encode_after_encoding_or_fail,
};
use urlkit::codec::sets::UNRESERVED;
use urlkit::codec::{decode_to_bytes, DecodeMode, Encoder, Space};

use crate::{load_json, same, Vector};

/// A Python value as the extraction wrote it.
#[derive(Clone, Debug, PartialEq)]
enum Py {
    Str(String),
    Bytes(Vec<u8>),
    /// None, a tuple, a str with lone surrogates...: nothing a typed API accepts.
    Other(String),
}

/// What our model of a call gives.
#[derive(Debug, PartialEq)]
enum Model {
    Returns(Py),
    Raises(String),
    /// The call needs Python behaviour that is not a set or a mode.
    NotApplicable(String),
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    (0..hex.len() / 2)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap_or(0))
        .collect()
}

fn py(v: &Value) -> Py {
    match v {
        Value::String(s) => Py::Str(s.clone()),
        Value::Object(o) if o.contains_key("$bytes") => {
            Py::Bytes(hex_bytes(o["$bytes"].as_str().unwrap_or_default()))
        }
        Value::Object(o) if o.contains_key("$repeat") => {
            let count = o["count"].as_u64().unwrap_or(0) as usize;
            match py(&o["$repeat"]) {
                Py::Str(s) => Py::Str(s.repeat(count)),
                Py::Bytes(b) => Py::Bytes(b.repeat(count)),
                other => other,
            }
        }
        other => Py::Other(other.to_string()),
    }
}

/// Argument `name` (positional index `pos`), or None when absent or null.
fn arg(args: &[Value], kwargs: &Map<String, Value>, pos: usize, name: &str) -> Option<Py> {
    let v = kwargs.get(name).or_else(|| args.get(pos))?;
    if v.is_null() {
        None
    } else {
        Some(py(v))
    }
}

/// Python's `safe`: only its ASCII characters count.
fn safe_bytes(safe: &Py) -> Vec<u8> {
    match safe {
        Py::Str(s) => s.bytes().filter(u8::is_ascii).collect(),
        Py::Bytes(b) => b.iter().copied().filter(u8::is_ascii).collect(),
        Py::Other(_) => Vec::new(),
    }
}

fn text_arg(p: Option<Py>) -> Option<String> {
    match p {
        Some(Py::Str(s)) => Some(s),
        _ => None,
    }
}

fn is_utf8(encoding: &Option<String>) -> bool {
    match encoding {
        None => true,
        Some(e) => matches!(
            e.to_ascii_lowercase().replace('_', "-").as_str(),
            "utf-8" | "utf8"
        ),
    }
}

/// Python codec name to WHATWG label. Python's `latin-1` is ISO-8859-1, whose WHATWG label
/// names windows-1252; the two agree outside `0x80..=0x9F`, which no vector uses.
fn label(encoding: &str) -> String {
    match encoding.to_ascii_lowercase().as_str() {
        "latin-1" | "latin_1" => "latin1".into(),
        other => other.into(),
    }
}

fn quote(args: &[Value], kwargs: &Map<String, Value>, default_safe: &str, space: Space) -> Model {
    let Some(string) = arg(args, kwargs, 0, "string") else {
        return Model::NotApplicable("Python None argument".into());
    };
    let safe = arg(args, kwargs, 1, "safe").unwrap_or(Py::Str(default_safe.into()));
    let encoding = text_arg(arg(args, kwargs, 2, "encoding"));
    let errors = text_arg(arg(args, kwargs, 3, "errors"));
    let set = UNRESERVED.remove_all(&safe_bytes(&safe));
    let encoder = Encoder::new(set).space(space);
    match string {
        Py::Str(s) if is_utf8(&encoding) => Model::Returns(Py::Str(encoder.encode_str(&s).into())),
        Py::Str(s) => {
            let Some(enc) = encoding
                .as_deref()
                .and_then(|e| encoding_for_label(&label(e)))
            else {
                return Model::NotApplicable(format!("no WHATWG encoding for {encoding:?}"));
            };
            match errors.as_deref().unwrap_or("strict") {
                "strict" => match percent_encode_after_encoding_or_fail(enc, &s, &encoder) {
                    Ok(out) => Model::Returns(Py::Str(out)),
                    Err(_) => Model::Raises("UnicodeEncodeError".into()),
                },
                "xmlcharrefreplace" => {
                    Model::Returns(Py::Str(percent_encode_after_encoding(enc, &s, &encoder)))
                }
                other => Model::NotApplicable(format!("Python error handler errors='{other}'")),
            }
        }
        Py::Bytes(_) if encoding.is_some() || errors.is_some() => {
            Model::NotApplicable("Python raises TypeError: encoding/errors with bytes".into())
        }
        Py::Bytes(b) => Model::Returns(Py::Str(encoder.encode_bytes(&b).into())),
        Py::Other(o) => Model::NotApplicable(format!("Python argument {o}")),
    }
}

fn quote_from_bytes(args: &[Value], kwargs: &Map<String, Value>) -> Model {
    match arg(args, kwargs, 0, "bs") {
        Some(Py::Bytes(b)) => {
            let safe = arg(args, kwargs, 1, "safe").unwrap_or(Py::Str("/".into()));
            let set = UNRESERVED.remove_all(&safe_bytes(&safe));
            Model::Returns(Py::Str(Encoder::new(set).encode_bytes(&b).into()))
        }
        other => Model::NotApplicable(format!("Python type check on {other:?}")),
    }
}

fn unquote(args: &[Value], kwargs: &Map<String, Value>, mode: DecodeMode) -> Model {
    let input = match arg(args, kwargs, 0, "string") {
        Some(Py::Str(s)) => s.into_bytes(),
        Some(Py::Bytes(b)) => b,
        other => return Model::NotApplicable(format!("Python type check on {other:?}")),
    };
    let encoding = text_arg(arg(args, kwargs, 1, "encoding"));
    let errors = text_arg(arg(args, kwargs, 2, "errors"));
    let bytes = match decode_to_bytes(&input, mode) {
        Ok(b) => b.into_owned(),
        Err(e) => return Model::Raises(format!("{e}")),
    };
    if !is_utf8(&encoding) {
        let Some(enc) = encoding
            .as_deref()
            .and_then(|e| encoding_for_label(&label(e)))
        else {
            return Model::NotApplicable(format!("no WHATWG encoding for {encoding:?}"));
        };
        return Model::Returns(Py::Str(decode_with_encoding(&bytes, enc).into_owned()));
    }
    match errors.as_deref().unwrap_or("replace") {
        "replace" => Model::Returns(Py::Str(String::from_utf8_lossy(&bytes).into_owned())),
        "strict" => match String::from_utf8(bytes) {
            Ok(s) => Model::Returns(Py::Str(s)),
            Err(_) => Model::Raises("UnicodeDecodeError".into()),
        },
        other => Model::NotApplicable(format!("Python error handler errors='{other}'")),
    }
}

fn unquote_to_bytes(args: &[Value], kwargs: &Map<String, Value>) -> Model {
    let input = match arg(args, kwargs, 0, "string") {
        Some(Py::Str(s)) => s.into_bytes(),
        Some(Py::Bytes(b)) => b,
        other => return Model::NotApplicable(format!("Python type check on {other:?}")),
    };
    match decode_to_bytes(&input, DecodeMode::Lenient) {
        Ok(b) => Model::Returns(Py::Bytes(b.into_owned())),
        Err(e) => Model::Raises(e.to_string()),
    }
}

fn model(function: &str, args: &[Value], kwargs: &Map<String, Value>) -> Model {
    match function {
        "quote" => quote(args, kwargs, "/", Space::AsSet),
        "quote_plus" => quote(args, kwargs, "", Space::Plus),
        "quote_from_bytes" => quote_from_bytes(args, kwargs),
        "unquote" => unquote(args, kwargs, DecodeMode::Lenient),
        "unquote_plus" => unquote(args, kwargs, DecodeMode::Form),
        "unquote_to_bytes" => unquote_to_bytes(args, kwargs),
        other => Model::NotApplicable(format!("not a codec function: {other}")),
    }
}

const FUNCTIONS: [&str; 6] = [
    "quote",
    "quote_plus",
    "quote_from_bytes",
    "unquote",
    "unquote_plus",
    "unquote_to_bytes",
];

pub fn vectors() -> Vec<Vector> {
    let data = load_json("cpython/urllib_parse_calls.json");
    let mut out = Vec::new();
    for (i, case) in data["cases"].as_array().into_iter().flatten().enumerate() {
        let function = case["function"].as_str().unwrap_or_default().to_owned();
        if !FUNCTIONS.contains(&function.as_str()) {
            continue;
        }
        let args = case["args"].as_array().cloned().unwrap_or_default();
        let kwargs = case["kwargs"].as_object().cloned().unwrap_or_default();
        let expected = match (case.get("result"), case.get("raises")) {
            (_, Some(raises)) => Model::Raises(raises.as_str().unwrap_or_default().to_owned()),
            (Some(result), None) => Model::Returns(py(result)),
            (None, None) => Model::NotApplicable("no result recorded".into()),
        };
        out.push(Vector::new(
            format!("cpython::{function}::{i:04}"),
            move || {
                let actual = model(&function, &args, &kwargs);
                match (&expected, &actual) {
                    (_, Model::NotApplicable(why)) => Err(format!("not reproducible: {why}")),
                    (Model::Raises(want), Model::Raises(got)) => {
                        same("exception", want.as_str(), got.as_str())
                    }
                    _ => same("result", &expected, &actual),
                }
            },
        ));
    }
    out
}
