//! `urlkit dedupe`'s summary against an independent count: the lines of each real URL list in
//! `testdata/` counted here, and its distinct keys and keyless lines counted from the records
//! of `urlkit --json key` (one record per line).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn lists() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata");
    let mut out = Vec::new();
    for dir in ["urls-sample", "urls-sample-whatwg"] {
        let entries = std::fs::read_dir(root.join(dir)).expect("testdata lists exist");
        for e in entries {
            let path = e.expect("a folder entry").path();
            if path.extension().is_some_and(|x| x == "txt") {
                out.push(path);
            }
        }
    }
    out.sort();
    assert!(out.len() >= 8, "the real lists: {out:?}");
    out
}

fn run(args: &[&str], input: &Path) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(args)
        .stdin(Stdio::from(
            std::fs::File::open(input).expect("open the list"),
        ))
        .env("NO_COLOR", "1")
        .output()
        .expect("urlkit runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8(out.stderr).expect("UTF-8 messages"),
    )
}

/// `1,234` as 1234.
fn number(text: &str) -> u64 {
    text.replace(',', "").parse().expect("a count")
}

#[test]
fn summary_counts_equal_an_independent_count() {
    for level in ["exact", "safe", "normal", "loose"] {
        for list in lists() {
            let bytes = std::fs::read(&list).expect("read the list");
            let lines =
                bytes.split(|&b| b == b'\n').count() as u64 - u64::from(bytes.ends_with(b"\n"));

            let (keys, _) = run(&["--json", "key", "--level", level], &list);
            let mut distinct = HashSet::new();
            let mut keyless = 0u64;
            let mut records = 0u64;
            for line in keys.lines() {
                records += 1;
                let v: serde_json::Value = serde_json::from_str(line).expect("a JSON record");
                if v["ok"] == true {
                    distinct.insert(v["output"].as_str().expect("a key").to_owned());
                } else {
                    keyless += 1;
                }
            }
            assert_eq!(records, lines, "{list:?}: one key record per line");

            let (out, err) = run(&["dedupe", "--level", level], &list);
            let summary = err
                .lines()
                .find(|l| l.contains(" distinct, "))
                .unwrap_or_else(|| panic!("{list:?}: no summary in {err}"));
            let words: Vec<&str> = summary.split_whitespace().collect();
            // note: D distinct, N not URLs, from L lines (level X)
            assert_eq!(
                number(words[1]),
                distinct.len() as u64,
                "{list:?} {level}: {summary}"
            );
            assert_eq!(number(words[3]), keyless, "{list:?} {level}: {summary}");
            assert_eq!(number(words[7]), lines, "{list:?} {level}: {summary}");

            // And the output: one line per distinct key or keyless line, the counts adding up.
            let mut total = 0u64;
            let mut flagged = 0u64;
            for l in out.lines() {
                let (count, _) = l.split_once('\t').expect("count<TAB>url");
                if count == "-" {
                    flagged += 1;
                    total += 1;
                } else {
                    total += number(count);
                }
            }
            assert_eq!(flagged, keyless, "{list:?} {level}");
            assert_eq!(total, lines, "{list:?} {level}");
            assert_eq!(
                out.lines().count() as u64,
                distinct.len() as u64 + keyless,
                "{list:?} {level}"
            );
        }
    }
}
