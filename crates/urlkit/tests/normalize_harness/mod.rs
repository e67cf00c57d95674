//! Shared by the `uri` and `normalize` test targets: loading peer suites from `testdata/`,
//! and expected-divergence files (one line per case: `name  reason`).
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use libtest_mimic::{Failed, Trial};
use serde_json::Value;

/// The repository's `testdata/` directory.
pub fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// A JSON file under `testdata/`.
pub fn load(rel: &str) -> Value {
    let path = testdata().join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// An expected-divergence file: test name -> reason.
pub fn expected(rel: &str) -> BTreeMap<String, String> {
    let path = testdata().join("expected").join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(char::is_whitespace) {
            Some((n, r)) => (n.to_owned(), r.trim().to_owned()),
            None => (l.to_owned(), String::new()),
        })
        .collect()
}

/// Collects trials, applying one expected-divergence file: a listed case must fail (and
/// passes the run when it does); an unlisted case must pass; a listed name with no case is an
/// error too.
pub struct Suite {
    expected: BTreeMap<String, String>,
    file: String,
    names: Vec<String>,
    pub trials: Vec<Trial>,
}

impl Suite {
    pub fn new(expected_file: &str) -> Suite {
        Suite {
            expected: expected(expected_file),
            file: expected_file.to_owned(),
            names: Vec::new(),
            trials: Vec::new(),
        }
    }

    /// Adds the case `name`; `check` returns `Err(why)` when our result differs.
    pub fn case(
        &mut self,
        name: String,
        check: impl FnOnce() -> Result<(), String> + Send + 'static,
    ) {
        let listed = self.expected.get(&name).cloned();
        let file = self.file.clone();
        self.names.push(name.clone());
        self.trials.push(Trial::test(name, move || match (check(), listed) {
            (Ok(()), None) => Ok(()),
            (Err(e), None) => Err(Failed::from(e)),
            (Err(_), Some(_)) => Ok(()),
            (Ok(()), Some(reason)) => Err(Failed::from(format!(
                "unexpected pass: remove this case from testdata/expected/{file} (listed as: {reason})"
            ))),
        }));
    }

    /// Finishes: adds a trial that fails when the expected file lists unknown names.
    pub fn finish(mut self, name: &str) -> Vec<Trial> {
        let known: std::collections::BTreeSet<String> = self.names.iter().cloned().collect();
        let stale: Vec<String> = self
            .expected
            .keys()
            .filter(|k| !known.contains(*k))
            .cloned()
            .collect();
        let file = self.file.clone();
        self.trials.push(Trial::test(
            format!("{name}::expected_file_is_current"),
            move || {
                if stale.is_empty() {
                    Ok(())
                } else {
                    Err(Failed::from(format!(
                        "testdata/expected/{file} lists cases that do not exist: {stale:?}"
                    )))
                }
            },
        ));
        self.trials
    }
}

/// A JSON string, or the text of `{"$bytes": hex}`.
pub fn text(v: &Value) -> Option<String> {
    if let Some(s) = v.as_str() {
        return Some(s.to_owned());
    }
    let hex = v.get("$bytes")?.as_str()?;
    let bytes: Option<Vec<u8>> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect();
    String::from_utf8(bytes?).ok()
}

/// The strings of a JSON array (none when the value is absent or not an array).
pub fn string_list(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}
