//! Peer test vectors for the codec, one named test per vector (libtest-mimic):
//!
//! - `wpt_percent_encoding::*`: WPT `percent-encoding.json` (query encoding with a document
//!   encoding), through [`urlkit::charset::percent_encode_after_encoding`];
//! - `wpt_urlencoded_parser::*`: WPT `urlencoded-parser.any.js`, through `codec::form::parse`;
//! - `cpython::<function>::*`: CPython 3.13's `quote`, `quote_plus`, `quote_from_bytes`,
//!   `unquote`, `unquote_plus`, `unquote_to_bytes` calls, reproduced with sets and modes;
//! - `go_*::*`: Go's `net/url` escape tables, reproduced with sets and modes.
//!
//! Known divergences are listed in `expected-failures.txt`, one test name per line with the
//! reason; a listed test that passes fails the run, and so does a listed name that matches no
//! test.
//!
//! Run one vector: `cargo test -p urlkit --test codec_vectors -- --exact 'go_unescape::0006'`.

mod cpython;
mod go;
mod wpt;

use std::collections::HashMap;
use std::path::PathBuf;

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;

/// The result of one vector: `Err` carries what differed.
pub type Outcome = Result<(), String>;

/// A vector: its test name and the check.
pub struct Vector {
    pub name: String,
    pub check: Box<dyn FnOnce() -> Outcome + Send>,
}

impl Vector {
    pub fn new(name: String, check: impl FnOnce() -> Outcome + Send + 'static) -> Vector {
        Vector {
            name,
            check: Box::new(check),
        }
    }
}

/// Reads `testdata/<rel>` of the repository.
pub fn load_json(rel: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(rel);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `expected == actual`, or an error showing both.
pub fn same<T: PartialEq + std::fmt::Debug>(what: &str, expected: T, actual: T) -> Outcome {
    if expected == actual {
        Ok(())
    } else {
        Err(format!(
            "{what}:\n  expected {expected:?}\n  actual   {actual:?}"
        ))
    }
}

fn expected_failures() -> HashMap<String, String> {
    let text = include_str!("expected-failures.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(char::is_whitespace) {
            Some((name, reason)) => (name.to_owned(), reason.trim().to_owned()),
            None => (l.to_owned(), String::new()),
        })
        .collect()
}

fn main() {
    let args = Arguments::from_args();
    let mut xfail = expected_failures();
    let mut vectors = Vec::new();
    vectors.extend(wpt::vectors());
    vectors.extend(cpython::vectors());
    vectors.extend(go::vectors());

    let mut trials = Vec::with_capacity(vectors.len() + 1);
    for v in vectors {
        let reason = xfail.remove(&v.name);
        let check = v.check;
        trials.push(Trial::test(v.name, move || match (check(), reason) {
            (Ok(()), None) => Ok(()),
            (Err(e), None) => Err(Failed::from(e)),
            (Err(_), Some(_)) => Ok(()),
            (Ok(()), Some(reason)) => Err(Failed::from(format!(
                "unexpected pass: remove it from expected-failures.txt (it said: {reason})"
            ))),
        }));
    }
    let stale: Vec<String> = xfail.into_keys().collect();
    trials.push(Trial::test(
        "expected_failures_name_real_tests",
        move || {
            if stale.is_empty() {
                Ok(())
            } else {
                Err(format!("expected-failures.txt names no such test: {stale:?}").into())
            }
        },
    ));
    libtest_mimic::run(&args, trials).exit();
}
