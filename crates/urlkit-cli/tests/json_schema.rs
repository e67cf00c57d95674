//! Every per-item command's `--json` records validate against the JSON Schema written in
//! `docs/json.md` (the first `json` block under "## Schema"), over good and bad inputs.

use std::path::Path;

use serde_json::Value;

mod support;

fn schema() -> Value {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/json.md"))
            .expect("docs/json.md exists");
    let after = doc.split("## Schema").nth(1).expect("a Schema section");
    let block = after
        .split("```json\n")
        .nth(1)
        .and_then(|b| b.split("\n```").next())
        .expect("a json block");
    serde_json::from_str(block).expect("the schema is JSON")
}

/// The records of `urlkit --json ARGS` with `stdin`.
fn records(args: &[&str], stdin: &[u8]) -> Vec<Value> {
    let with_json: Vec<&str> = std::iter::once("--json")
        .chain(args.iter().copied())
        .collect();
    let out = support::run(&with_json, stdin);
    String::from_utf8(out.stdout)
        .expect("UTF-8 JSON")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {e}: {l}")))
        .collect()
}

fn real_list() -> Vec<u8> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/urls-sample-whatwg/kasztp.txt");
    let mut bytes = std::fs::read(path).expect("a real list");
    bytes.extend_from_slice(b"%zz:bad\nhttp://a/%zz\nhttp://a/\xff\n  http://a/b  \n\n");
    bytes
}

/// Every rule's doc example (so that every rule's finding, evidence and fix appear) and the
/// real list with its bad lines.
fn lint_list() -> Vec<u8> {
    let mut bytes = Vec::new();
    for r in urlkit::lint::rules() {
        bytes.extend_from_slice(r.doc.example.as_bytes());
        bytes.push(b'\n');
    }
    bytes.extend_from_slice(&real_list());
    bytes
}

#[test]
fn every_per_item_command_matches_the_documented_schema() {
    let root = schema();
    let list = real_list();
    let texts =
        b"a b\n\xe6\x9d\xb1\xe4\xba\xac\n100%\n%zz\n\xff\nhttps://a/?q=%26%2B\n/a%2Fb/\nq=C%2B\n"
            .to_vec();
    let pairs = "http://a/b\thttp://A/b\nhttp://a/%7e\thttp://a/~\nnot a pair\n%zz:\thttp://a/\n";
    // (schema, arguments, stdin, whether the input reaches a failed record)
    let runs: Vec<(&str, Vec<&str>, Vec<u8>, bool)> = vec![
        ("encode", vec!["encode"], texts.clone(), false),
        ("encode", vec!["encode", "--once"], texts.clone(), false),
        (
            "encode",
            vec!["encode", "--set", "form"],
            texts.clone(),
            false,
        ),
        (
            "encode",
            vec!["encode", "--as", "python.quote"],
            texts.clone(),
            false,
        ),
        (
            "encode",
            vec!["encode", "--as", "js.encodeURIComponent"],
            texts.clone(),
            true,
        ),
        ("decode", vec!["decode"], texts.clone(), true),
        (
            "decode",
            vec!["decode", "--mode", "lenient"],
            texts.clone(),
            false,
        ),
        (
            "decode",
            vec!["decode", "--as", "python.unquote_to_bytes"],
            texts.clone(),
            false,
        ),
        (
            "decode",
            vec!["decode", "--as", "js.decodeURIComponent"],
            texts.clone(),
            true,
        ),
        ("normalize", vec!["normalize"], list.clone(), true),
        (
            "normalize",
            vec!["normalize", "--level", "whatwg", "--to", "iri"],
            list.clone(),
            true,
        ),
        ("key", vec!["key"], list.clone(), true),
        ("key", vec!["key", "--level", "loose"], list.clone(), true),
        (
            "dedupe",
            vec!["dedupe", "--level", "normal"],
            list.clone(),
            true,
        ),
        ("parse", vec!["parse"], list.clone(), true),
        ("explain", vec!["explain"], texts.clone(), true),
        ("compare", vec!["compare"], pairs.as_bytes().to_vec(), true),
        (
            "compare",
            vec!["compare", "https://a/caf\u{e9}", "https://a/cafe\u{301}"],
            Vec::new(),
            false,
        ),
        ("lint", vec!["lint"], list.clone(), true),
        ("lint", vec!["lint", "--select", "all"], lint_list(), true),
    ];
    let mut checked = 0;
    for (def, args, stdin, fails) in runs {
        let mut with_ref = root.clone();
        with_ref["$ref"] = Value::String(format!("#/$defs/{def}"));
        let validator = jsonschema::validator_for(&with_ref).expect("a valid schema");
        let got = records(&args, &stdin);
        assert!(!got.is_empty(), "{args:?}: no records");
        let (mut good, mut bad) = (0, 0);
        for r in &got {
            if let Err(e) = validator.validate(r) {
                panic!("{args:?}: {e} at {}\n{r}", e.instance_path);
            }
            if r["ok"] == true {
                good += 1;
            } else {
                bad += 1;
            }
            checked += 1;
        }
        assert!(good > 0, "{args:?}: no successful record");
        assert_eq!(bad > 0, fails, "{args:?}: failed records");
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn the_schema_rejects_what_it_should() {
    let mut root = schema();
    root["$ref"] = Value::String("#/$defs/key".into());
    let v = jsonschema::validator_for(&root).expect("a valid schema");
    let bad = [
        r#"{"input":"x","ok":true,"output":"x"}"#,
        r#"{"input":"x","ok":false,"level":"safe","error":{"kind":"X Y","offset":0,"message":"m"}}"#,
        r#"{"input":"x","ok":false,"level":"safe","error":{"kind":"x","message":"m"}}"#,
        r#"{"input":"x","ok":true,"output":"x","level":"medium"}"#,
    ];
    for b in bad {
        let value: Value = serde_json::from_str(b).expect("JSON");
        assert!(v.validate(&value).is_err(), "accepted: {b}");
    }
}

#[test]
fn the_lint_schema_rejects_what_it_should() {
    let mut root = schema();
    root["$ref"] = Value::String("#/$defs/lint".into());
    let v = jsonschema::validator_for(&root).expect("a valid schema");
    let good = r#"{"input":"x","line":1,"ok":true,"findings":[{"rule":"nul","code":"U0403","level":"error","span":{"start":0,"end":3},"component":"path","message":"m","evidence":[]}]}"#;
    let value: Value = serde_json::from_str(good).expect("JSON");
    assert!(v.validate(&value).is_ok(), "rejected: {good}");
    let bad = [
        r#"{"input":"x","line":1,"ok":true}"#,
        r#"{"input":"x","ok":true,"findings":[]}"#,
        r#"{"input":"x","line":1,"ok":true,"findings":[{"rule":"nul","code":"U0403","level":"fatal","span":{"start":0,"end":3},"component":"path","message":"m","evidence":[]}]}"#,
        r#"{"input":"x","line":1,"ok":true,"findings":[{"rule":"nul","code":"X1","level":"error","span":{"start":0,"end":3},"component":"path","message":"m","evidence":[]}]}"#,
        r#"{"input":"x","line":1,"ok":true,"findings":[{"rule":"nul","code":"U0403","level":"error","span":{"start":0,"end":3},"component":"path","message":"m","evidence":[],"fix":{"applicability":"maybe","span":{"start":0,"end":3},"replacement":""}}]}"#,
        r#"{"input":null,"line":1,"ok":false,"error":"bad"}"#,
    ];
    for b in bad {
        let value: Value = serde_json::from_str(b).expect("JSON");
        assert!(v.validate(&value).is_err(), "accepted: {b}");
    }
}
