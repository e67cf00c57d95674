//! The peers' own test vectors for the functions urlkit's flavors reproduce, one named test
//! per vector:
//! - `cpython_urllib::NNNN`: every call of `quote`, `quote_plus`, `unquote`, `unquote_plus`,
//!   `unquote_to_bytes` and `urlencode` that CPython 3.13.0's test-suite made
//!   (`testdata/cpython/urllib_parse_calls.json`, NNNN = index in `cases`).
//! - `go_net_url::<table>::NNNN`: Go's `unescapeTests`, `queryEscapeTests`, `pathEscapeTests`,
//!   `escapeBenchmarks`, and the `shouldEscapeTests` rows for `encodeQueryComponent` (the
//!   only mode a flavor exposes: `QueryEscape`) from `testdata/go/net_url_escape.json`.
//!
//! - `wpt_urlsearchparams_stringifier::NN`: the WPT `urlsearchparams-stringifier.any.js`
//!   tests that build a `URLSearchParams` with `append`/`delete` and serialize it
//!   (`testdata/wpt/urlsearchparams-traces.json`), replayed with `js.URLSearchParams` on each
//!   name and value (a query-string argument is parsed with the codec's form decoding). The
//!   one test that goes through a `URL` object is not a flavor's and is not run.
//!
//! Calls that pass arguments a flavor cannot take (None, tuples, ints, `quote_via`, `doseq`)
//! are listed in `flavor_peers.expected-failures` with the reason; an unexpected pass fails.

mod expected_failures;

use std::collections::HashMap;

use expected_failures::ExpectedFailures;
use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;
use urlkit::flavor::{python_urlencode, Decoded, Flavor, Input, Params, PyEncoding, PyErrors};

fn load(path: &str) -> Value {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/");
    let text = std::fs::read_to_string(format!("{dir}{path}")).expect("peer test data");
    serde_json::from_str(&text).expect("valid JSON")
}

/// A Python value as a flavor input.
fn py_input(v: &Value) -> Result<Raw, String> {
    match v {
        Value::String(s) => Ok(Raw::Text(s.clone())),
        Value::Object(o) if o.contains_key("$bytes") => {
            Ok(Raw::Bytes(hex(o["$bytes"].as_str().unwrap_or(""))))
        }
        Value::Object(o) if o.contains_key("$str_codepoints") => {
            let mut units = Vec::new();
            for p in o["$str_codepoints"].as_array().into_iter().flatten() {
                let p = p.as_u64().unwrap_or(0) as u32;
                match char::from_u32(p) {
                    Some(c) => units.extend_from_slice(c.encode_utf16(&mut [0; 2])),
                    None => units.push(p as u16),
                }
            }
            Ok(Raw::Utf16(units))
        }
        Value::Object(o) if o.contains_key("$repeat") => {
            let n = o["count"].as_u64().unwrap_or(0) as usize;
            match py_input(&o["$repeat"])? {
                Raw::Text(s) => Ok(Raw::Text(s.repeat(n))),
                Raw::Bytes(b) => Ok(Raw::Bytes(b.repeat(n))),
                Raw::Utf16(u) => Ok(Raw::Utf16(u.repeat(n))),
            }
        }
        other => Err(format!("argument not representable as a string: {other}")),
    }
}

enum Raw {
    Text(String),
    Bytes(Vec<u8>),
    Utf16(Vec<u16>),
}

impl Raw {
    fn input(&self) -> Input<'_> {
        match self {
            Raw::Text(s) => Input::Text(s),
            Raw::Bytes(b) => Input::Bytes(b),
            Raw::Utf16(u) => Input::Utf16(u),
        }
    }
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap_or(0))
        .collect()
}

fn py_params(kwargs: &serde_json::Map<String, Value>) -> Result<Params, String> {
    let mut p = Params::default();
    for (k, v) in kwargs {
        match (k.as_str(), v) {
            (_, Value::Null) => {}
            ("safe", Value::String(s)) => p = p.safe(s),
            ("safe", Value::Object(o)) if o.contains_key("$bytes") => {
                let b = hex(o["$bytes"].as_str().unwrap_or(""));
                p = p.safe(
                    &b.iter()
                        .filter(|b| b.is_ascii())
                        .map(|&b| char::from(b))
                        .collect::<String>(),
                );
            }
            ("encoding", Value::String(s)) => {
                p = p.encoding(
                    PyEncoding::from_name(s).ok_or(format!("encoding {s} not reproduced"))?,
                )
            }
            ("errors", Value::String(s)) => {
                p = p.errors(PyErrors::from_name(s).ok_or(format!("errors={s} not reproduced"))?)
            }
            (k, v) => return Err(format!("keyword {k}={v} not reproduced")),
        }
    }
    Ok(p)
}

/// The expected Python result as UTF-8 text or bytes.
fn py_result(case: &Value) -> Result<Option<Vec<u8>>, String> {
    if case.get("raises").is_some() {
        return Ok(None);
    }
    match &case["result"] {
        Value::String(s) => Ok(Some(s.as_bytes().to_vec())),
        Value::Object(o) if o.contains_key("$bytes") => {
            Ok(Some(hex(o["$bytes"].as_str().unwrap_or(""))))
        }
        Value::Object(o) if o.contains_key("$repeat") => {
            let n = o["count"].as_u64().unwrap_or(0) as usize;
            match &o["$repeat"] {
                Value::String(s) => Ok(Some(s.repeat(n).into_bytes())),
                Value::Object(b) => Ok(Some(hex(b["$bytes"].as_str().unwrap_or("")).repeat(n))),
                _ => Err("unknown result".into()),
            }
        }
        other => Err(format!("result not representable: {other}")),
    }
}

fn decoded_bytes(d: &Decoded) -> Vec<u8> {
    match d {
        Decoded::Text(s) => s.as_bytes().to_vec(),
        Decoded::Bytes(b) => b.clone(),
        Decoded::Utf16(u) => String::from_utf16_lossy(u).into_bytes(),
    }
}

fn cpython_case(case: &Value) -> Result<(), Failed> {
    let function = case["function"].as_str().unwrap_or("");
    let args = case["args"].as_array().cloned().unwrap_or_default();
    let kwargs = case["kwargs"].as_object().cloned().unwrap_or_default();
    let expected = py_result(case)?;
    let got: Result<Vec<u8>, String> = match function {
        "urlencode" => {
            // doseq only changes how non-string values are expanded.
            let items: Vec<Value> = match &args[0] {
                Value::Object(o) if o.contains_key("$dict") => {
                    o["$dict"].as_array().cloned().unwrap_or_default()
                }
                Value::Object(o) if o.contains_key("$tuple") => {
                    o["$tuple"].as_array().cloned().unwrap_or_default()
                }
                Value::Array(a) => a.clone(),
                other => return Err(format!("query {other} not reproduced").into()),
            };
            let pairs: Vec<(String, String)> = items
                .iter()
                .map(|kv| {
                    let kv = kv.get("$tuple").unwrap_or(kv);
                    match (&kv[0], &kv[1]) {
                        (Value::String(k), Value::String(v)) => Ok((k.clone(), v.clone())),
                        _ => Err(format!("non-string key or value {kv}")),
                    }
                })
                .collect::<Result<_, _>>()?;
            let pairs: Vec<(&str, &str)> = pairs
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            let mut kwargs = kwargs;
            kwargs.remove("doseq");
            python_urlencode(&pairs, &py_params(&kwargs)?)
                .map(String::into_bytes)
                .map_err(|e| e.to_string())
        }
        _ => {
            let flavor = match function {
                "quote" => Flavor::PythonQuote,
                "quote_plus" => Flavor::PythonQuotePlus,
                "unquote" => Flavor::PythonUnquote,
                "unquote_plus" => Flavor::PythonUnquotePlus,
                "unquote_to_bytes" => Flavor::PythonUnquoteToBytes,
                other => return Err(format!("{other} is not a flavor").into()),
            };
            let mut kwargs = kwargs;
            if args.len() == 2 {
                kwargs.insert("safe".into(), args[1].clone());
            }
            let raw = py_input(&args[0])?;
            let params = py_params(&kwargs)?;
            if flavor.direction() == urlkit::flavor::Direction::Encode {
                flavor
                    .encode_with(raw.input(), &params)
                    .map(String::into_bytes)
                    .map_err(|e| e.to_string())
            } else {
                flavor
                    .decode_with(raw.input(), &params)
                    .map(|d| decoded_bytes(&d))
                    .map_err(|e| e.to_string())
            }
        }
    };
    match (expected, got) {
        (Some(e), Ok(g)) if e == g => Ok(()),
        (None, Err(_)) => Ok(()),
        (e, g) => Err(format!(
            "expected {:?}, got {:?}",
            e.map(|b| String::from_utf8_lossy(&b).into_owned())
                .ok_or(case["raises"].to_string()),
            g.map(|b| String::from_utf8_lossy(&b).into_owned())
        )
        .into()),
    }
}

fn go_text(v: &Value) -> Vec<u8> {
    match v {
        Value::String(s) => s.as_bytes().to_vec(),
        Value::Object(o) => hex(o.get("$bytes_hex").and_then(Value::as_str).unwrap_or("")),
        _ => Vec::new(),
    }
}

fn go_run(flavor: Flavor, input: &[u8]) -> Result<Vec<u8>, String> {
    let input = Input::Bytes(input);
    let params = Params::default();
    if flavor.direction() == urlkit::flavor::Direction::Encode {
        flavor
            .encode_with(input, &params)
            .map(String::into_bytes)
            .map_err(|e| e.message().to_owned())
    } else {
        flavor
            .decode_with(input, &params)
            .map(|d| decoded_bytes(&d))
            .map_err(|e| e.message().to_owned())
    }
}

fn check(
    what: &str,
    got: Result<Vec<u8>, String>,
    want: Result<Vec<u8>, String>,
) -> Result<(), Failed> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, want {want:?}").into())
    }
}

fn go_case(table: &str, case: &Value) -> Result<(), Failed> {
    match table {
        "unescapeTests" => {
            let input = go_text(&case["in"]);
            let want = match &case["err"] {
                Value::Null => Ok(go_text(&case["out"])),
                e => Err(format!(
                    "invalid URL escape {}",
                    serde_json::to_string(&e["EscapeError"]).unwrap_or_default()
                )),
            };
            check(
                "QueryUnescape",
                go_run(Flavor::GoQueryUnescape, &input),
                want.clone(),
            )?;
            if input.contains(&b'+') {
                let replaced: Vec<u8> = String::from_utf8_lossy(&input)
                    .replace('+', "%20")
                    .into_bytes();
                check(
                    "PathUnescape(+ as %20)",
                    go_run(Flavor::GoPathUnescape, &replaced),
                    want.clone(),
                )?;
                if want.is_ok() {
                    let keep = go_run(
                        Flavor::GoQueryUnescape,
                        &String::from_utf8_lossy(&input)
                            .replace('+', "XXX")
                            .into_bytes(),
                    )
                    .map(|b| String::from_utf8_lossy(&b).replace("XXX", "+").into_bytes());
                    check("PathUnescape", go_run(Flavor::GoPathUnescape, &input), keep)?;
                }
                Ok(())
            } else {
                check("PathUnescape", go_run(Flavor::GoPathUnescape, &input), want)
            }
        }
        "queryEscapeTests" | "pathEscapeTests" => {
            let (enc, dec) = if table == "queryEscapeTests" {
                (Flavor::GoQueryEscape, Flavor::GoQueryUnescape)
            } else {
                (Flavor::GoPathEscape, Flavor::GoPathUnescape)
            };
            let input = go_text(&case["in"]);
            let out = go_text(&case["out"]);
            check(enc.name(), go_run(enc, &input), Ok(out.clone()))?;
            check(dec.name(), go_run(dec, &out), Ok(input))
        }
        "escapeBenchmarks" => {
            let plain = go_text(&case["unescaped"]);
            let query = go_text(&case["query"]);
            let path = go_text(&case["path"]);
            check(
                "QueryEscape",
                go_run(Flavor::GoQueryEscape, &plain),
                Ok(query.clone()),
            )?;
            check(
                "PathEscape",
                go_run(Flavor::GoPathEscape, &plain),
                Ok(path.clone()),
            )?;
            check(
                "QueryUnescape",
                go_run(Flavor::GoQueryUnescape, &query),
                Ok(plain.clone()),
            )?;
            check(
                "PathUnescape",
                go_run(Flavor::GoPathUnescape, &path),
                Ok(plain),
            )
        }
        "shouldEscapeTests" => {
            let input = go_text(&case["in"]);
            let escaped = go_run(Flavor::GoQueryEscape, &input).map(|o| o != input);
            check(
                "QueryEscape changes it",
                escaped.map(|b| vec![u8::from(b)]),
                Ok(vec![u8::from(case["escape"] == true)]),
            )
        }
        other => Err(format!("unknown table {other}").into()),
    }
}

/// The WHATWG application/x-www-form-urlencoded parser, on the codec's form decoding.
fn form_parse(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let form = |s: &str| {
        urlkit::codec::decode(s, urlkit::codec::DecodeMode::Form)
            .map(|c| c.into_owned())
            .unwrap_or_default()
    };
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (form(k), form(v))
        })
        .collect()
}

/// Replays a WPT trace of `URLSearchParams` objects built empty or from a string, changed
/// with `append`/`delete` and serialized; `None` when it does anything else.
fn stringifier_trace(steps: &[Value]) -> Option<Result<(), Failed>> {
    let mut objects: HashMap<u64, Vec<(String, String)>> = HashMap::new();
    for step in steps {
        let id = step["id"].as_u64();
        match (step["op"].as_str()?, step["method"].as_str()) {
            ("new", _) if step["class"] == "URLSearchParams" => {
                let init = match step["args"].as_array()?.first() {
                    None => Vec::new(),
                    Some(Value::String(q)) => form_parse(q),
                    Some(_) => return None,
                };
                objects.insert(id?, init);
            }
            ("assert", _) => {}
            ("call", Some("append")) => objects.get_mut(&id?)?.push((
                step["args"][0].as_str()?.to_owned(),
                step["args"][1].as_str()?.to_owned(),
            )),
            ("call", Some("delete")) => {
                let name = step["args"][0].as_str()?;
                objects.get_mut(&id?)?.retain(|(k, _)| k != name);
            }
            ("call", Some("toString")) => {
                let enc = |s: &str| Flavor::JsUrlSearchParams.encode(s).unwrap_or_default();
                let got: Vec<String> = objects
                    .get(&id?)?
                    .iter()
                    .map(|(k, v)| format!("{}={}", enc(k), enc(v)))
                    .collect();
                let got = got.join("&");
                let want = step["result"].as_str()?;
                if got != want {
                    return Some(Err(format!("toString: got {got:?}, want {want:?}").into()));
                }
            }
            _ => return None,
        }
    }
    Some(Ok(()))
}

fn main() {
    let args = Arguments::from_args();
    let mut expected = ExpectedFailures::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/flavor_peers.expected-failures"
    ));
    let mut trials = Vec::new();
    let cpython = load("cpython/urllib_parse_calls.json");
    const FUNCTIONS: [&str; 6] = [
        "quote",
        "quote_plus",
        "unquote",
        "unquote_plus",
        "unquote_to_bytes",
        "urlencode",
    ];
    for (i, case) in cpython["cases"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        if !FUNCTIONS.contains(&case["function"].as_str().unwrap_or("")) {
            continue;
        }
        let case = case.clone();
        trials.push((
            format!("cpython_urllib::{i:04}"),
            Box::new(move || cpython_case(&case)) as Box<dyn FnOnce() -> Result<(), Failed> + Send>,
        ));
    }
    let traces = load("wpt/urlsearchparams-traces.json");
    let stringifier = traces["tests"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|t| t["file"].as_str().unwrap_or("").contains("stringifier"));
    for (i, test) in stringifier.enumerate() {
        let steps = test["steps"].as_array().cloned().unwrap_or_default();
        if stringifier_trace(&steps).is_none() {
            continue;
        }
        trials.push((
            format!("wpt_urlsearchparams_stringifier::{i:02}"),
            Box::new(move || stringifier_trace(&steps).unwrap_or(Ok(()))),
        ));
    }
    let go = load("go/net_url_escape.json");
    for (table, body) in go["tables"].as_object().into_iter().flatten() {
        for (i, case) in body["cases"].as_array().into_iter().flatten().enumerate() {
            if table == "shouldEscapeTests" && case["mode"]["$ident"] != "encodeQueryComponent" {
                continue;
            }
            let (table, case) = (table.clone(), case.clone());
            trials.push((
                format!("go_net_url::{table}::{i:04}"),
                Box::new(move || go_case(&table, &case)),
            ));
        }
    }
    let mut trials: Vec<Trial> = trials
        .into_iter()
        .map(|(name, run)| expected.trial(name, run))
        .collect();
    trials.push(
        expected.stale_names_trial("flavor_peers::expected_failures_name_real_tests".to_owned()),
    );
    libtest_mimic::run(&args, trials).exit();
}
