//! Exit codes with closed, full and vanishing streams (issue: an exit code never claims
//! success that did not happen). Each case runs the binary under `bash` with the redirection
//! a user would write.

use std::process::Command;

fn urlkit() -> &'static str {
    env!("CARGO_BIN_EXE_urlkit")
}

/// Runs `script` under bash with `$U` the binary and `$IN` a file of `lines` URLs (every
/// tenth one malformed when `bad`); returns (stdout, stderr, status).
fn run(script: &str, lines: usize, bad: bool) -> (String, String, i32) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let input = dir.path().join("in.txt");
    let mut text = String::new();
    for i in 0..lines {
        if bad && i % 10 == 9 {
            text.push_str(&format!("http://example.com/{i}/%zz\n"));
        } else {
            text.push_str(&format!("http://example.com/{i}/%e9%81%8b\n"));
        }
    }
    std::fs::write(&input, text).expect("write the input");
    let out = Command::new("bash")
        .arg("-c")
        .arg(script)
        .env("U", urlkit())
        .env("IN", &input)
        .env("OUT", dir.path().join("out.txt"))
        .env("NO_COLOR", "1")
        .output()
        .expect("bash runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Every per-item command, as a user would pipe it into `head -1`.
const COMMANDS: [&str; 7] = [
    "encode",
    "decode --mode lenient",
    "normalize",
    "key",
    "parse",
    "explain",
    "dedupe",
];

#[test]
fn json_into_head_exits_0_for_every_command() {
    for cmd in COMMANDS {
        let script = format!(
            "\"$U\" --json {cmd} < \"$IN\" | head -1 >/dev/null; echo \"${{PIPESTATUS[0]}}\""
        );
        let (out, err, _) = run(&script, 100_000, false);
        assert_eq!(out.trim(), "0", "{cmd}: exit status, stderr: {err}");
        assert!(!err.contains("Broken pipe"), "{cmd}: {err}");
    }
}

#[test]
fn text_into_head_exits_0() {
    let (out, err, _) = run(
        "\"$U\" key < \"$IN\" | head -1 >/dev/null; echo \"${PIPESTATUS[0]}\"",
        100_000,
        false,
    );
    assert_eq!(out.trim(), "0", "stderr: {err}");
}

#[test]
fn stderr_full_is_exit_2_without_a_panic_and_stdout_complete() {
    let (out, err, _) = run(
        "\"$U\" decode < \"$IN\" > \"$OUT\" 2>/dev/full; echo $?; wc -l < \"$OUT\"",
        1_000,
        true,
    );
    let got: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(got, ["2", "1000"], "stderr of bash: {err}");
}

#[test]
fn stderr_reader_gone_is_exit_2_and_stdout_complete() {
    // stderr is a pipe whose reader takes one byte and leaves.
    let (out, err, _) = run(
        "{ \"$U\" decode < \"$IN\" > \"$OUT\"; echo $? > \"$OUT.code\"; } 2>&1 | head -c1 >/dev/null; \
         cat \"$OUT.code\"; wc -l < \"$OUT\"",
        50_000,
        true,
    );
    let got: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(got, ["2", "50000"], "stderr of bash: {err}");
}

#[test]
fn stdout_closed_is_exit_2_with_a_message() {
    let (out, err, _) = run("\"$U\" key http://a/ >&-; echo $?", 0, false);
    assert_eq!(out.trim(), "2");
    assert!(err.contains("error: stdout is closed"), "{err}");
}

#[test]
fn stdout_full_is_exit_2_with_a_message() {
    let (out, err, _) = run("\"$U\" key < \"$IN\" >/dev/full; echo $?", 1_000, false);
    assert_eq!(out.trim(), "2");
    assert!(err.starts_with("error: "), "{err}");
}

#[test]
fn stderr_closed_with_nothing_to_say_is_exit_0() {
    let (out, _, _) = run("\"$U\" key http://a/ 2>&- >/dev/null; echo $?", 0, false);
    assert_eq!(out.trim(), "0");
}

#[test]
fn stderr_closed_with_a_message_to_say_is_exit_2() {
    let (out, _, _) = run("\"$U\" decode %zz 2>&- >/dev/null; echo $?", 0, false);
    assert_eq!(out.trim(), "2");
}
