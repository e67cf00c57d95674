//! Shared by the `uri` and `normalize` test targets: loading peer suites from `testdata/`,
//! and expected-divergence files (read by `expected_failures`, the one parser).
#![allow(dead_code)]

use std::path::PathBuf;

use libtest_mimic::Trial;
use serde_json::Value;

use crate::expected_failures::ExpectedFailures;

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

/// Collects trials, applying one expected-divergence file of `testdata/expected/`: a listed
/// case must fail (and passes the run when it does); an unlisted case must pass; a listed
/// name with no case is an error too.
pub struct Suite {
    expected: ExpectedFailures,
    pub trials: Vec<Trial>,
}

impl Suite {
    pub fn new(expected_file: &str) -> Suite {
        Suite {
            expected: ExpectedFailures::read(testdata().join("expected").join(expected_file)),
            trials: Vec::new(),
        }
    }

    /// Adds the case `name`; `check` returns `Err(why)` when our result differs.
    pub fn case(
        &mut self,
        name: String,
        check: impl FnOnce() -> Result<(), String> + Send + 'static,
    ) {
        let trial = self.expected.trial(name, check);
        self.trials.push(trial);
    }

    /// Finishes: adds a trial that fails when the expected file lists unknown names.
    pub fn finish(mut self, name: &str) -> Vec<Trial> {
        let stale = self
            .expected
            .stale_names_trial(format!("{name}::expected_file_is_current"));
        self.trials.push(stale);
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
