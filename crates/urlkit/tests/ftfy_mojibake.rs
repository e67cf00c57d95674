//! ftfy's test cases that can be a URL path segment (no whitespace), one named test per case
//! and door: `repair_text` on the text, and `repair` on a URL with the text as a raw path
//! segment. The reading must equal ftfy's: the repaired text, or, where ftfy writes U+FFFD
//! for a lost byte, the reading urlkit reports (and does not write) for that run.
//!
//! Data: `testdata/ftfy/` (verbatim, with its provenance); divergences in
//! `tests/expected_failures/ftfy_mojibake.txt`.

mod expected_failures;

use expected_failures::ExpectedFailures;
use libtest_mimic::{Arguments, Failed};
use serde_json::Value;
use urlkit::charset::repair::{repair, repair_text, Action, Repair, Verdict};

const FILES: [&str; 4] = ["in-the-wild", "language-names", "negative", "synthetic"];
const PREFIX: &str = "https://example.com/";

/// The text a repair reads: its output when repaired, else the input with the reading of
/// every run put in: a run that lost a byte as its reading, the others as their undone
/// mojibake (what the report shows, not what it writes).
fn reading(r: &Repair, input: &str) -> String {
    if r.verdict == Verdict::Repaired {
        return r.output.clone();
    }
    let mut out = String::new();
    let mut at = 0;
    for s in &r.steps {
        let text = match (s.action, &s.replacement) {
            (Action::LostByte, _) => &s.after,
            (Action::UndoMojibake { .. }, Some(replacement)) => replacement,
            _ => continue,
        };
        out.push_str(&input[at..s.span.start]);
        out.push_str(text);
        at = s.span.end;
    }
    out.push_str(&input[at..]);
    out
}

/// `text` as a raw path segment: the delimiters and `%` escaped, everything else raw.
fn as_segment(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '#' | '?' | '%' | '/' => out.push_str(&format!("%{:02X}", u32::from(c))),
            c if c.is_ascii_control() => out.push_str(&format!("%{:02X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

fn check(got: String, want: String) -> Result<(), Failed> {
    if got == want {
        Ok(())
    } else {
        Err(format!("got {got:?}, want {want:?}").into())
    }
}

fn main() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/ftfy");
    let mut expected = ExpectedFailures::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/expected_failures/ftfy_mojibake.txt"
    ));
    let mut trials = Vec::new();
    for file in FILES {
        let path = format!("{root}/{file}.json");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let cases: Vec<Value> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (i, case) in cases.iter().enumerate() {
            let original = case["original"].as_str().expect("original is a string");
            let applies = case["expect"] == "pass" && !original.chars().any(char::is_whitespace);
            if !applies {
                continue;
            }
            let want = case
                .get("fixed-encoding")
                .or_else(|| case.get("fixed"))
                .and_then(Value::as_str)
                .expect("fixed is a string")
                .to_owned();
            let (text_in, text_want) = (original.to_owned(), want.clone());
            trials.push(
                expected.trial(format!("ftfy::{file}::{i:02}::text"), move || {
                    check(reading(&repair_text(&text_in), &text_in), text_want)
                }),
            );
            let url = format!("{PREFIX}{}", as_segment(original));
            let url_want = format!("{PREFIX}{}", as_segment(&want));
            trials.push(
                expected.trial(format!("ftfy::{file}::{i:02}::url"), move || {
                    let r = repair(&url).map_err(|e| format!("{url} does not parse: {e}"))?;
                    check(reading(&r, &url), url_want)
                }),
            );
        }
    }
    trials.push(expected.stale_names_trial("ftfy::expected_failures_are_current".into()));
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
