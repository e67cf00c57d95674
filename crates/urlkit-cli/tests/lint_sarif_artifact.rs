//! Issue 27.4: SARIF names the file a finding is in (not a made-up `urls.txt`), and a URL
//! read from stdin has no artifact at all (no file, no `-`).

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn sarif(args: &[&str], stdin: &str) -> Value {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(["lint", "--format", "sarif"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("urlkit runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    let out = child.wait_with_output().expect("urlkit ends");
    serde_json::from_slice(&out.stdout).expect("a SARIF log")
}

#[test]
fn a_file_is_the_artifact_and_stdin_has_none() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("links.list");
    std::fs::write(&path, "https://a/ok\nhttps://a/%7e\n").expect("written");
    let name = path.to_str().expect("UTF-8 temp path");
    let log = sarif(&[name], "");
    let run = &log["runs"][0];
    assert_eq!(run["artifacts"][0]["location"]["uri"], name, "{run}");
    let loc = &run["results"][0]["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], name, "{loc}");
    assert_eq!(loc["region"]["startLine"], 2, "{loc}");
    let text = serde_json::to_string(&log).expect("JSON");
    assert!(!text.contains("urls.txt"), "a made-up artifact");

    let log = sarif(&[], "https://a/%7e\n");
    let run = &log["runs"][0];
    assert_eq!(run["artifacts"], Value::Array(Vec::new()), "{run}");
    let result = &run["results"][0];
    assert!(
        result["locations"][0].get("physicalLocation").is_none(),
        "{result}"
    );
    assert_eq!(result["properties"]["line"], 1, "{result}");
}
