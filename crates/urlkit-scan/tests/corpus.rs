//! The snippet corpus (`testdata/scan/corpus/`), one named test per snippet.
//!
//! `good/` holds correct URL handling (one shared normalizer, per-component encoding, ...):
//! scan must report nothing there. Each snippet of `bad/` opens with a comment
//! `expect: S001 S003` (after `<?php` in PHP) naming the rules of its faults: scan must report exactly those codes.
//! A good snippet with an `expect:` line, a bad one without, or a file of a language scan does
//! not read fails, so the list cannot go stale.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use urlkit_scan::{scan, Language};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/scan/corpus")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the corpus folder exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    out.sort();
    out
}

/// The codes of a snippet's `expect:` line (its first line, or the second after `<?php`).
fn expected(text: &str) -> Option<BTreeSet<String>> {
    let mut lines = text.lines();
    let first = match lines.next()? {
        "<?php" => lines.next()?,
        l => l,
    };
    let (_, codes) = first.split_once("expect:")?;
    Some(codes.split_whitespace().map(str::to_owned).collect())
}

fn report(found: &[urlkit_scan::Finding]) -> String {
    found
        .iter()
        .map(|f| format!("  {}:{} {} {}\n", f.line, f.column, f.code, f.message))
        .collect()
}

fn run(path: &Path, bad: bool) -> Result<(), Failed> {
    let name = path.to_string_lossy().into_owned();
    let lang =
        Language::from_path(&name).ok_or_else(|| format!("{name}: not a language scan reads"))?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let found = scan(&text, lang).map_err(|e| e.to_string())?;
    let codes: BTreeSet<String> = found.iter().map(|f| f.code.to_owned()).collect();
    match (bad, expected(&text)) {
        (false, None) if found.is_empty() => Ok(()),
        (false, None) => Err(format!("correct code, yet scan reports:\n{}", report(&found)).into()),
        (false, Some(_)) => Err("a correct snippet has an `expect:` line".into()),
        (true, None) => Err("a faulty snippet has no `expect:` first line".into()),
        (true, Some(want)) if want.is_empty() => Err("an `expect:` line names no rule".into()),
        (true, Some(want)) if want == codes => Ok(()),
        (true, Some(want)) => Err(format!(
            "expected {want:?}, scan reports {codes:?}:\n{}",
            report(&found)
        )
        .into()),
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    let mut counts = Vec::new();
    for (dir, bad) in [("good", false), ("bad", true)] {
        let all = files(&corpus().join(dir));
        counts.push((dir, all.len()));
        for path in all {
            let stem = path
                .file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            trials.push(Trial::test(format!("{dir}/{stem}"), move || {
                run(&path, bad)
            }));
        }
    }
    trials.push(Trial::test("corpus_has_60_of_each", move || {
        for (dir, n) in &counts {
            if *n < 60 {
                return Err(format!("{dir}/ has {n} snippets, fewer than 60").into());
            }
        }
        Ok(())
    }));
    libtest_mimic::run(&args, trials).exit();
}
