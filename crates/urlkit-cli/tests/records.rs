//! The line contract end to end on the built binary: one record per input line in order,
//! bad lines reported without dropping others, exit codes, a closed pipe, exact bytes of
//! escaped control characters (the snapshot runner rewrites backslashes, so they are checked
//! here).

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

mod support;
use support::urlkit;

/// Runs urlkit with `args` on `stdin`; returns (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let out = support::run(args, stdin);
    (
        out.status
            .code()
            .expect("urlkit exits, not killed by a signal"),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// 100,000 lines, every 100th malformed (1%).
fn big_input() -> (Vec<u8>, Vec<String>) {
    let mut input = Vec::new();
    let mut expected = Vec::new();
    for i in 0..100_000 {
        if i % 100 == 42 {
            input.extend_from_slice(format!("bad%zz{i}\n").as_bytes());
            expected.push(String::new());
        } else {
            input.extend_from_slice(format!("%E9%81%8B{i}%20x\n").as_bytes());
            expected.push(format!("運{i} x"));
        }
    }
    (input, expected)
}

#[test]
fn hundred_thousand_lines_one_percent_bad_give_every_record_in_order() {
    let (input, expected) = big_input();
    let (code, stdout, stderr) = run(&["decode"], &input);
    assert_eq!(code, 1);
    let stdout = String::from_utf8(stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 100_000);
    for (i, (got, want)) in lines.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "record {}", i + 1);
    }
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(errors.len(), 1000);
    assert_eq!(
        errors[0],
        "error: line 43, column 4 (byte 3): malformed percent-escape: '%' must be followed by two hex digits"
    );
}

#[test]
fn hundred_thousand_lines_json_records_in_order() {
    let (input, expected) = big_input();
    let (code, stdout, _) = run(&["decode", "--json"], &input);
    assert_eq!(code, 1);
    let stdout = String::from_utf8(stdout).unwrap();
    let records: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 100_000);
    for (i, (rec, want)) in records.iter().zip(&expected).enumerate() {
        if want.is_empty() {
            assert_eq!(rec["ok"], false, "record {}", i + 1);
            assert_eq!(rec["error"]["kind"], "malformed-escape");
            assert_eq!(rec["error"]["offset"], 3);
        } else {
            assert_eq!(rec["ok"], true, "record {}", i + 1);
            assert_eq!(rec["output"], want.as_str());
        }
    }
}

#[test]
fn closed_pipe_exits_zero_quietly() {
    let (input, _) = big_input();
    let mut child = urlkit()
        .arg("decode")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut first = String::new();
    {
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        reader.read_line(&mut first).unwrap();
        // Dropping the reader closes the pipe, like `| head -1`.
    }
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(first, "運0 x\n");
    assert_eq!(out.status.code(), Some(0));
    // The bad lines before the pipe closed may have been reported; nothing else may be.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr
            .lines()
            .all(|l| l.starts_with("error: line") || l.starts_with("  ")),
        "unexpected stderr: {stderr}"
    );
    assert!(!stderr.contains("Broken pipe") && !stderr.contains("panicked"));
}

#[test]
fn decoded_controls_are_escaped_exactly() {
    let (code, stdout, _) = run(
        &["decode", "a%0D%0AInjected: 1", "%00%7F%C2%9B%E2%80%A8"],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(
        String::from_utf8(stdout).unwrap(),
        "a\\x0D\\x0AInjected: 1\n\\x00\\x7F\\u{9B}\\u{2028}\n"
    );
    let (_, stdout, _) = run(&["decode", "--json", "a%0D%0Ab"], b"");
    assert_eq!(
        String::from_utf8(stdout).unwrap(),
        "{\"input\":\"a%0D%0Ab\",\"ok\":true,\"output\":\"a\\r\\nb\"}\n"
    );
    let (_, stdout, _) = run(&["decode", "--bytes", "a%0D%0Ab%FF"], b"");
    assert_eq!(stdout, b"a\r\nb\xFF\n");
}

#[test]
fn crlf_and_missing_final_newline() {
    let (code, stdout, _) = run(&["decode"], b"%41\r\n%42");
    assert_eq!(code, 0);
    assert_eq!(stdout, b"A\nB\n");
}
