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

#[path = "../expected_failures/mod.rs"]
mod expected_failures;

mod cpython;
mod go;
mod wpt;

use std::path::PathBuf;

use expected_failures::ExpectedFailures;
use libtest_mimic::Arguments;
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

fn main() {
    let args = Arguments::from_args();
    let mut xfail = ExpectedFailures::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/codec_vectors/expected-failures.txt"
    ));
    let mut vectors = Vec::new();
    vectors.extend(wpt::vectors());
    vectors.extend(cpython::vectors());
    vectors.extend(go::vectors());

    let mut trials = Vec::with_capacity(vectors.len() + 1);
    for v in vectors {
        trials.push(xfail.trial(v.name, v.check));
    }
    trials.push(xfail.stale_names_trial("expected_failures_name_real_tests".to_owned()));
    libtest_mimic::run(&args, trials).exit();
}
