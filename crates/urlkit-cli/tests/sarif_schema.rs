//! `urlkit lint --format sarif` output validates against the SARIF 2.1.0 JSON schema as
//! Microsoft's SARIF SDK ships it (vendored in `testdata/sarif/`, provenance in
//! `testdata/README.md`), over every rule's doc example and a real URL list, so that every
//! rule's result shape, fix and metadata are checked.

use std::path::Path;

use serde_json::Value;

mod support;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("testdata/sarif/sarif-2.1.0.json"))
        .expect("the vendored SARIF schema");
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("a valid schema")
}

/// `urlkit lint --format sarif ARGS -` over `stdin`: the log and the exit code.
fn sarif(args: &[&str], stdin: &str) -> (Value, Option<i32>) {
    let all: Vec<&str> = ["lint", "--format", "sarif"]
        .into_iter()
        .chain(args.iter().copied())
        .chain(["-"])
        .collect();
    let out = support::run(&all, stdin.as_bytes());
    let log = serde_json::from_slice(&out.stdout).expect("one SARIF JSON document");
    (log, out.status.code())
}

fn assert_valid(v: &jsonschema::Validator, log: &Value) {
    let errors: Vec<String> = v
        .iter_errors(log)
        .take(5)
        .map(|e| format!("{e} at {}", e.instance_path))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn every_rule_example_gives_valid_sarif() {
    let v = validator();
    let mut with_fixes = 0;
    for r in urlkit::lint::rules() {
        // A list rule's example is several lines: each is an input URL.
        // Read from a file, so each result has a physical location and its fixes (stdin
        // has no artifact to change).
        let dir = tempfile::tempdir().expect("a temp dir");
        let file = dir.path().join("example.list");
        std::fs::write(&file, format!("{}\n", r.doc.example)).expect("written");
        let name = file.to_str().expect("UTF-8 temp path");
        let (log, code) = sarif(&["--select", "all", name], "");
        assert_eq!(code, Some(1), "{}: findings exist", r.name);
        assert_valid(&v, &log);
        let run = &log["runs"][0];
        let results = run["results"].as_array().expect("results");
        assert!(
            results.iter().any(|x| x["ruleId"] == r.code),
            "{} {}: not reported",
            r.code,
            r.name
        );
        with_fixes += results.iter().filter(|x| x.get("fixes").is_some()).count();
        let described = run["tool"]["driver"]["rules"]
            .as_array()
            .expect("rule metadata");
        assert_eq!(described.len(), urlkit::lint::rules().len());
    }
    assert!(with_fixes > 0, "some results carry fixes");
}

#[test]
fn a_real_list_gives_valid_sarif() {
    let v = validator();
    let list = std::fs::read_to_string(root().join("testdata/urls-sample-whatwg/kasztp.txt"))
        .expect("a real list");
    let (log, _) = sarif(&[], &list);
    assert_valid(&v, &log);
    assert!(log["runs"][0]["results"].is_array());
}

#[test]
fn the_schema_rejects_a_broken_log() {
    let v = validator();
    let (mut log, _) = sarif(&[], "https://example.com/%e6%97%a5\n");
    assert_valid(&v, &log);
    log["runs"][0]["results"][0]["level"] = Value::String("fatal".into());
    assert!(!v.is_valid(&log), "a level SARIF does not have");
    let (mut log, _) = sarif(&[], "https://example.com/%e6%97%a5\n");
    log["version"] = Value::String("2.0.0".into());
    assert!(!v.is_valid(&log), "another SARIF version");
}
