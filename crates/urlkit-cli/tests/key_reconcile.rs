//! `key` and `reconcile` agree on every line of the real URL lists in `testdata/`: the key
//! `urlkit key` prints for a line is the key reconcile joins that line on (read by the same
//! text reader reconcile uses, keyed by the same keyer), and a line one of them cannot key
//! the other cannot key either. The whitespace-sample list starts with a byte order mark.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use urlkit::normalize::{Level, Options};
use urlkit_reconcile::{Keyer, LevelKeyer};
use urlkit_sources::{Position, Reader, Record, RecordSink, SourceSpec};

fn lists() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata");
    let mut out = Vec::new();
    for dir in ["urls-sample", "urls-sample-whatwg"] {
        for e in std::fs::read_dir(root.join(dir)).expect("testdata lists exist") {
            let path = e.expect("a folder entry").path();
            if path.extension().is_some_and(|x| x == "txt") {
                out.push(path);
            }
        }
    }
    out.sort();
    assert!(out.len() >= 8, "{out:?}");
    out
}

/// The records reconcile reads from a text list, by line.
struct ByLine(BTreeMap<u64, String>);

impl RecordSink for ByLine {
    fn record(&mut self, r: Record) {
        let Position::Line(n) = r.position else {
            panic!("a text record has a line: {:?}", r.position);
        };
        self.0.insert(n, r.url);
    }
}

#[test]
fn key_and_reconcile_agree_on_every_line() {
    let mut compared = 0;
    for level in [
        Level::Exact,
        Level::Safe,
        Level::Normal,
        Level::Loose,
        Level::Whatwg,
    ] {
        let keyer = LevelKeyer::new(Options::new(level));
        for list in lists() {
            let spec = SourceSpec::parse(&format!("text:{}", list.display())).expect("a spec");
            let mut sink = ByLine(BTreeMap::new());
            Reader::new()
                .read_to(&spec, &mut sink)
                .expect("the list reads");

            let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
                .args(["--json", "key", "--level", level.name()])
                .stdin(Stdio::from(std::fs::File::open(&list).expect("open")))
                .output()
                .expect("urlkit runs");
            let records: Vec<serde_json::Value> = String::from_utf8(out.stdout)
                .expect("UTF-8")
                .lines()
                .map(|l| serde_json::from_str(l).expect("a JSON record"))
                .collect();
            let mut skipped = 0;
            for (i, record) in records.iter().enumerate() {
                let line = i as u64 + 1;
                let Some(url) = sink.0.get(&line) else {
                    // reconcile skips blank lines, comments, and lines that are not URLs
                    // (reported as findings): those that have no key from `safe` up.
                    let input = record["input"]
                        .as_str()
                        .expect("invariant: every JSON record of `key` has its input");
                    let mut scratch = String::new();
                    let not_a_url = LevelKeyer::new(Options::new(Level::Safe))
                        .key_into(input, &mut scratch)
                        .is_err();
                    assert!(
                        input.trim().is_empty() || input.trim().starts_with('#') || not_a_url,
                        "{list:?}:{line}: reconcile skipped {input:?}"
                    );
                    skipped += 1;
                    compared += 1;
                    continue;
                };
                let mut key = String::new();
                let theirs = keyer.key_into(url, &mut key).map(|()| key);
                match (&theirs, record["ok"].as_bool()) {
                    (Ok(k), Some(true)) => assert_eq!(
                        record["output"].as_str(),
                        Some(k.as_str()),
                        "{list:?}:{line} at {level}"
                    ),
                    (Err(_), Some(false)) => {}
                    _ => panic!("{list:?}:{line} at {level}: reconcile {theirs:?}, key {record}"),
                }
                compared += 1;
            }
            assert_eq!(
                records.len(),
                sink.0.len() + skipped,
                "{list:?}: one record a line"
            );
        }
    }
    assert!(compared >= 5 * 8 * 300, "{compared}");
}
