//! WPT `percent-encoding.json` and `urlencoded-parser.json`.

use serde_json::Value;
use urlkit::charset::{encoding_for_label, percent_encode_after_encoding};
use urlkit::codec::{form, sets::SPECIAL_QUERY, Encoder};

use crate::{load_json, same, Vector};

/// A WPT string: plain, or `{"$utf16": [...]}` for lone surrogates, which the JavaScript API
/// turns into U+FFFD when it converts to a USVString.
fn wpt_string(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Object(o) => {
            let units: Vec<u16> = o["$utf16"]
                .as_array()
                .map(|a| a.iter().map(|u| u.as_u64().unwrap_or(0) as u16).collect())
                .unwrap_or_default();
            String::from_utf16_lossy(&units)
        }
        other => panic!("not a WPT string: {other}"),
    }
}

pub fn vectors() -> Vec<Vector> {
    let mut out = Vec::new();
    // Each case is a query percent-encoded in a document of the given encoding: the URL
    // parser's query state uses the special-query set (the base URL is https).
    let cases = load_json("wpt/percent-encoding.json");
    let mut n = 0;
    for case in cases.as_array().into_iter().flatten() {
        let Some(obj) = case.as_object() else {
            continue;
        };
        let input = wpt_string(&obj["input"]);
        for (label, expected) in obj["output"].as_object().into_iter().flatten() {
            let name = format!("wpt_percent_encoding::{n:04}::{label}");
            let input = input.clone();
            let label = label.clone();
            let expected = expected.as_str().unwrap_or_default().to_owned();
            out.push(Vector::new(name, move || {
                let encoding = encoding_for_label(&label).ok_or(format!("no encoding {label}"))?;
                let actual =
                    percent_encode_after_encoding(encoding, &input, &Encoder::new(SPECIAL_QUERY));
                same("query", expected, actual)
            }));
        }
        n += 1;
    }

    let data = load_json("wpt/urlencoded-parser.json");
    for (i, case) in data["cases"].as_array().into_iter().flatten().enumerate() {
        let input = wpt_string(&case["input"]);
        let expected: Vec<(String, String)> = case["output"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| (wpt_string(&p[0]), wpt_string(&p[1])))
            .collect();
        out.push(Vector::new(
            format!("wpt_urlencoded_parser::{i:04}"),
            move || same("pairs", expected, form::parse(input.as_bytes())),
        ));
    }
    out
}
