//! Shared support of the data-driven conformance targets: loading the verbatim peer files
//! (leniently where they hold lone surrogates), and the expected-failures mechanism (one line
//! per known divergence with its reason; an unexpected pass fails the run).

#![allow(dead_code)]

use std::path::PathBuf;

use libtest_mimic::Trial;
use serde_json::Value;

use crate::expected_failures::ExpectedFailures;

/// The repository's `testdata/` directory.
pub fn testdata(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(rel)
}

/// Reads a JSON file from `testdata/`, verbatim.
pub fn load(rel: &str) -> Value {
    let path = testdata(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// What a lone UTF-16 surrogate in a JSON string becomes after lenient loading: U+FFFD, as
/// WebIDL's USVString conversion does before a JavaScript string reaches the URL parser.
pub const REPLACEMENT: char = '\u{FFFD}';

/// Reads a JSON file whose strings may contain lone surrogate escapes (`"a\ud900z"`), which
/// are valid JSON but not a Rust `String`. Each lone surrogate escape is replaced by `\ufffd`
/// (what a browser's USVString conversion does) and the strings that had one are returned, so
/// tests can say "this input is not a scalar value string".
pub fn load_lenient(rel: &str) -> (Value, Vec<String>) {
    let path = testdata(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let (fixed, count) = replace_lone_surrogates(&text);
    let value: Value = serde_json::from_str(&fixed).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut marked = Vec::new();
    if count > 0 {
        collect_with_replacement(&value, &mut marked);
    }
    (value, marked)
}

fn collect_with_replacement(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) if s.contains(REPLACEMENT) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| collect_with_replacement(x, out)),
        Value::Object(o) => o.values().for_each(|x| collect_with_replacement(x, out)),
        _ => {}
    }
}

fn hex4(b: &[u8]) -> Option<u16> {
    let s = std::str::from_utf8(b.get(..4)?).ok()?;
    u16::from_str_radix(s, 16).ok()
}

/// Replaces every `\uD800`-`\uDFFF` escape that is not half of a valid pair by `\uFFFD`.
fn replace_lone_surrogates(text: &str) -> (String, usize) {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut count = 0;
    let mut i = 0;
    let mut last = 0;
    while i + 6 <= b.len() {
        if b[i] == b'\\' && b[i + 1] == b'\\' {
            i += 2;
            continue;
        }
        if b[i] == b'\\' && b[i + 1] == b'u' {
            if let Some(u) = hex4(&b[i + 2..]) {
                let is_high = (0xD800..0xDC00).contains(&u);
                let is_low = (0xDC00..0xE000).contains(&u);
                if is_high {
                    let next_low = b.get(i + 6) == Some(&b'\\')
                        && b.get(i + 7) == Some(&b'u')
                        && b.get(i + 8..)
                            .and_then(hex4)
                            .is_some_and(|l| (0xDC00..0xE000).contains(&l));
                    if next_low {
                        i += 12;
                        continue;
                    }
                }
                if is_high || is_low {
                    out.push_str(&text[last..i]);
                    out.push_str("\\ufffd");
                    count += 1;
                    i += 6;
                    last = i;
                    continue;
                }
                i += 6;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(&text[last..]);
    (out, count)
}

/// A string field of a JSON object.
pub fn str_of<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

/// A named check: `Ok` when the implementation agrees with the vector, else why not.
pub type Check = Box<dyn FnOnce() -> Result<(), String> + Send>;

/// Turns named checks into trials with the target's expected-failure file (under `tests/`):
/// listed checks inverted, and a last trial that fails when the file names a test that does
/// not exist, so the list cannot rot.
pub fn trials(checks: Vec<(String, Check)>, expected_file: &str) -> Vec<Trial> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(expected_file);
    let mut expected = ExpectedFailures::read(path);
    let mut out = Vec::with_capacity(checks.len() + 1);
    for (name, check) in checks {
        out.push(expected.trial(name, check));
    }
    out.push(expected.stale_names_trial(format!("{expected_file}::names_real_tests")));
    out
}

/// Compares one attribute, describing a mismatch.
pub fn same(what: &str, got: &str, want: &str) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, expected {want:?}"))
    }
}
