//! The one format of the expected-failure files of the data-driven harnesses, and its one
//! parser (shared by `codec_vectors`, `flavor_peers`, `wpt_url`, `wpt_urlsearchparams`, `uri`
//! and `normalize`).
//!
//! Format: one line per known divergence, the test's name, whitespace (a tab or spaces), then
//! the reason, which is required. Lines starting with `#` are comments; blank lines are
//! skipped. A name listed twice is an error.
//!
//! A listed test must fail (it then passes the run), an unlisted one must pass, and a listed
//! name that no test has fails the run ([`ExpectedFailures::stale_names_trial`]), so that a
//! list cannot hide a fix or rot.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use libtest_mimic::{Failed, Trial};

/// The reasons of one expected-failure file, and which names the harness has asked about.
pub struct ExpectedFailures {
    file: String,
    reasons: BTreeMap<String, String>,
    asked: BTreeSet<String>,
}

impl ExpectedFailures {
    /// Reads and parses the file at `path`; panics (naming the file and line) when it is
    /// missing or a line is malformed.
    pub fn read(path: impl AsRef<Path>) -> ExpectedFailures {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("expected-failure file {}: {e}", path.display()));
        ExpectedFailures::parse(&path.display().to_string(), &text)
    }

    /// Parses `text`, the content of the file shown as `file` in messages.
    pub fn parse(file: &str, text: &str) -> ExpectedFailures {
        let mut reasons = BTreeMap::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (name, reason) = line
                .split_once(char::is_whitespace)
                .map(|(name, reason)| (name, reason.trim()))
                .unwrap_or((line, ""));
            assert!(
                !reason.is_empty(),
                "{file}:{}: no reason given for {name}",
                i + 1
            );
            let previous = reasons.insert(name.to_owned(), reason.to_owned());
            assert!(
                previous.is_none(),
                "{file}:{}: {name} is listed twice",
                i + 1
            );
        }
        ExpectedFailures {
            file: file.to_owned(),
            reasons,
            asked: BTreeSet::new(),
        }
    }

    /// The trial `name` running `check`, inverted when the file lists `name`: a listed test
    /// passes the run by failing, and fails it by passing.
    pub fn trial<E: Into<Failed>>(
        &mut self,
        name: String,
        check: impl FnOnce() -> Result<(), E> + Send + 'static,
    ) -> Trial {
        let reason = self.reasons.get(&name).cloned();
        self.asked.insert(name.clone());
        let file = self.file.clone();
        Trial::test(name, move || match (check(), reason) {
            (Ok(()), None) => Ok(()),
            (Err(e), None) => Err(e.into()),
            (Err(_), Some(_)) => Ok(()),
            (Ok(()), Some(reason)) => Err(Failed::from(format!(
                "unexpected pass: remove this test from {file} (listed as: {reason})"
            ))),
        })
    }

    /// The trial `name` that fails when the file lists a name no [`ExpectedFailures::trial`]
    /// asked about (a test renamed or removed, or a typo).
    pub fn stale_names_trial(self, name: String) -> Trial {
        let stale: Vec<String> = self
            .reasons
            .into_keys()
            .filter(|k| !self.asked.contains(k))
            .collect();
        let file = self.file;
        Trial::test(name, move || {
            if stale.is_empty() {
                Ok(())
            } else {
                Err(Failed::from(format!(
                    "{file} lists tests that do not exist: {stale:?}"
                )))
            }
        })
    }
}
