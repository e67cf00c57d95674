//! Shell completion offers option values, not file names: the bash script `urlkit completions
//! bash` writes is sourced in a real bash and asked what it completes.

use std::process::Command;

/// What bash completes for the words `line` (the last one being completed).
fn complete(words: &[&str]) -> Vec<String> {
    let script = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(["completions", "bash"])
        .output()
        .expect("urlkit runs");
    assert!(script.status.success());
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("urlkit.bash");
    std::fs::write(&path, &script.stdout).expect("write the script");
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let cur = words.last().copied().unwrap_or("");
    let prev = words
        .get(words.len().wrapping_sub(2))
        .copied()
        .unwrap_or("");
    let run = format!(
        "source '{}'; COMP_WORDS=({}); COMP_CWORD={}; _urlkit urlkit '{cur}' '{prev}'; \
         printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        path.display(),
        quoted.join(" "),
        words.len() - 1
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(run)
        .output()
        .expect("bash runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn as_js_completes_the_javascript_encoders() {
    let got = complete(&["urlkit", "encode", "--as", "js."]);
    assert!(got.contains(&"js.encodeURIComponent".to_owned()), "{got:?}");
    assert!(got
        .iter()
        .all(|c| c.starts_with("js.encode") || c.starts_with("js.")));
    assert!(got.len() >= 4, "{got:?}");
}

#[test]
fn decode_as_completes_decoders_only() {
    let got = complete(&["urlkit", "decode", "--as", "js."]);
    assert!(got.contains(&"js.decodeURIComponent".to_owned()), "{got:?}");
    assert!(!got.iter().any(|c| c.starts_with("js.encode")), "{got:?}");
}

#[test]
fn set_level_mode_and_loose_complete_their_values() {
    assert!(complete(&["urlkit", "encode", "--set", "fo"]).contains(&"form".to_owned()));
    let levels = complete(&["urlkit", "key", "--level", ""]);
    assert_eq!(levels, ["exact", "safe", "normal", "loose", "whatwg"]);
    assert!(complete(&["urlkit", "key", "--loose-off", "w"]).contains(&"www".to_owned()));
    let modes = complete(&["urlkit", "decode", "--mode", ""]);
    assert_eq!(modes, ["strict", "lenient", "form"]);
    let fail_on = complete(&["urlkit", "reconcile", "--fail-on", ""]);
    assert_eq!(fail_on, ["missing", "extra", "any"]);
}
