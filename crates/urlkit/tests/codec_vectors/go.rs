//! Go `net/url` escape tables (`url_test.go`), reproduced with sets and modes.
//!
//! Go's functions as sets (from `shouldEscape` in `net/url/url.go`): `QueryEscape` encodes all
//! but RFC 3986 unreserved with space as `+`; `PathEscape` (mode `encodePathSegment`) also
//! keeps `$ & + : = @`; `QueryUnescape` is a strict decode with `+` as space (`+` replaced by
//! `%20` first, so strict errors still apply); `PathUnescape` is a strict decode.

use serde_json::Value;
use urlkit::codec::sets::UNRESERVED;
use urlkit::codec::{decode_to_bytes, DecodeMode, EncodeSet, Encoder, Space};

use crate::{load_json, same, Vector};

/// Go's `shouldEscape` modes as sets: unreserved is never escaped; the reserved characters a
/// mode allows are removed from the set.
fn mode_set(mode: &str) -> Option<EncodeSet> {
    Some(match mode {
        "encodePath" => UNRESERVED.remove_all(b"$&+,/:;=@"),
        "encodePathSegment" => UNRESERVED.remove_all(b"$&+:=@"),
        "encodeUserPassword" => UNRESERVED.remove_all(b"$&+,;="),
        "encodeQueryComponent" => UNRESERVED,
        "encodeFragment" => UNRESERVED.remove_all(b"$&+,/:;=?@!()*"),
        "encodeHost" | "encodeZone" => UNRESERVED.remove_all(b"!$&'()*+,;=:[]<>\""),
        _ => return None,
    })
}

/// Go's error text for a failed unescape: the escape from its `%`, at most 3 bytes.
fn escape_error(input: &[u8], offset: usize) -> String {
    let end = (offset + 3).min(input.len());
    String::from_utf8_lossy(&input[offset..end]).into_owned()
}

/// `Ok(bytes)` or `Err(EscapeError text)`.
fn path_unescape(input: &str) -> Result<Vec<u8>, String> {
    decode_to_bytes(input.as_bytes(), DecodeMode::Strict)
        .map(|b| b.into_owned())
        .map_err(|e| escape_error(input.as_bytes(), e.offset()))
}

fn query_unescape(input: &str) -> Result<Vec<u8>, String> {
    path_unescape(&input.replace('+', "%20"))
}

fn query_escape(input: &str) -> String {
    Encoder::new(UNRESERVED)
        .space(Space::Plus)
        .encode_str(input)
        .into_owned()
}

fn path_escape(input: &str) -> String {
    let set = mode_set("encodePathSegment").unwrap_or(UNRESERVED);
    Encoder::new(set).encode_str(input).into_owned()
}

fn expected_unescape(case: &Value) -> Result<Vec<u8>, String> {
    match case["err"].get("EscapeError") {
        Some(e) => Err(e.as_str().unwrap_or_default().to_owned()),
        None => Ok(case["out"].as_str().unwrap_or_default().as_bytes().to_vec()),
    }
}

pub fn vectors() -> Vec<Vector> {
    let data = load_json("go/net_url_escape.json");
    let tables = &data["tables"];
    let cases = |name: &str| {
        tables[name]["cases"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    let mut out = Vec::new();

    for (i, case) in cases("unescapeTests").into_iter().enumerate() {
        let input = case["in"].as_str().unwrap_or_default().to_owned();
        let expected = expected_unescape(&case);
        let (inp, exp) = (input.clone(), expected.clone());
        out.push(Vector::new(
            format!("go_unescape::{i:04}::QueryUnescape"),
            move || same("QueryUnescape", exp, query_unescape(&inp)),
        ));
        out.push(Vector::new(
            format!("go_unescape::{i:04}::PathUnescape"),
            move || {
                // Go's test: with '+' in the input, PathUnescape of the input with '+' -> "%20"
                // gives the same result; without, PathUnescape of the input does.
                same(
                    "PathUnescape",
                    expected,
                    path_unescape(&input.replace('+', "%20")),
                )
            },
        ));
    }
    for (i, case) in cases("queryEscapeTests").into_iter().enumerate() {
        let input = case["in"].as_str().unwrap_or_default().to_owned();
        let expected = case["out"].as_str().unwrap_or_default().to_owned();
        out.push(Vector::new(format!("go_query_escape::{i:04}"), move || {
            let escaped = query_escape(&input);
            same("QueryEscape", expected.as_str(), escaped.as_str())?;
            same(
                "QueryUnescape(out)",
                Ok(input.into_bytes()),
                query_unescape(&escaped),
            )
        }));
    }
    for (i, case) in cases("pathEscapeTests").into_iter().enumerate() {
        let input = case["in"].as_str().unwrap_or_default().to_owned();
        let expected = case["out"].as_str().unwrap_or_default().to_owned();
        out.push(Vector::new(format!("go_path_escape::{i:04}"), move || {
            let escaped = path_escape(&input);
            same("PathEscape", expected.as_str(), escaped.as_str())?;
            same(
                "PathUnescape(out)",
                Ok(input.into_bytes()),
                path_unescape(&escaped),
            )
        }));
    }
    for (i, case) in cases("escapeBenchmarks").into_iter().enumerate() {
        let unescaped = case["unescaped"].as_str().unwrap_or_default().to_owned();
        let query = case["query"].as_str().unwrap_or_default().to_owned();
        let path = case["path"].as_str().unwrap_or_default().to_owned();
        out.push(Vector::new(
            format!("go_escape_benchmarks::{i:04}"),
            move || {
                same("QueryEscape", query.clone(), query_escape(&unescaped))?;
                same("PathEscape", path.clone(), path_escape(&unescaped))?;
                let bytes = Ok(unescaped.clone().into_bytes());
                same("QueryUnescape", bytes.clone(), query_unescape(&query))?;
                same("PathUnescape", bytes, path_unescape(&path))
            },
        ));
    }
    for (i, case) in cases("shouldEscapeTests").into_iter().enumerate() {
        let byte = case["in"]
            .as_str()
            .unwrap_or_default()
            .bytes()
            .next()
            .unwrap_or(0);
        let mode = case["mode"]["$ident"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let escape = case["escape"].as_bool().unwrap_or(false);
        out.push(Vector::new(
            format!("go_should_escape::{i:04}::{mode}"),
            move || {
                let set = mode_set(&mode).ok_or(format!("unknown mode {mode}"))?;
                same(
                    &format!("shouldEscape({:?})", byte as char),
                    escape,
                    set.contains(byte),
                )
            },
        ));
    }
    out
}
