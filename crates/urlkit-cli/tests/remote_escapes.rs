//! Text that came from a remote site never reaches the terminal with its control characters
//! raw (issue: terminal escapes from sources): a sitemap on 127.0.0.1 (a server the test starts
//! and stops) whose URLs and error page carry ESC sequences.

#[path = "../../urlkit-sources/tests/support/server.rs"]
mod server;

use std::process::Command;

use server::{serve, Reply};

const ESC: u8 = 0x1b;

#[test]
fn remote_controls_are_escaped_in_every_format_and_on_stderr() {
    let s = serve(|r| match r.path() {
        "/sitemap.xml" => Reply::new(
            200,
            "<urlset><url><loc>http://site.test/a\u{1b}[2J\u{1b}]0;owned\u{7}</loc></url>\
             <url><loc>http://site.test/b\u{9b}31m</loc></url></urlset>",
        ),
        _ => Reply::new(404, "\u{1b}[2Jnot here"),
    });
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(&list, "http://site.test/c\n").unwrap();
    for format in ["text", "markdown", "csv", "json"] {
        for source in ["sitemap.xml", "missing.xml"] {
            let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
                .args([
                    "reconcile",
                    "--format",
                    format,
                    list.to_str().unwrap(),
                    &format!("sitemap:{}/{source}", s.base),
                ])
                .env("NO_COLOR", "1")
                .output()
                .unwrap();
            assert_ne!(
                out.status.code(),
                Some(0),
                "{format} {source}: not a complete match"
            );
            for (name, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
                let raw = bytes.iter().any(|&b| b == ESC || b == 0x07)
                    || String::from_utf8_lossy(bytes).contains('\u{9b}');
                assert!(
                    !raw || (format == "json" && name == "stdout"),
                    "{format} {source}: raw control in {name}: {:?}",
                    String::from_utf8_lossy(bytes)
                );
            }
            if format == "json" {
                // JSON escapes controls itself (\u001b): never a raw byte either.
                assert!(!out.stdout.contains(&ESC), "{source}: raw ESC in JSON");
            }
        }
    }
    assert!(s.log().len() >= 8, "{:?}", s.log());
}

/// A scanned file's name and its code's own text reach the terminal escaped too: `urlkit
/// scan` writes both into its text findings.
#[test]
fn scan_findings_escape_control_characters_of_file_names_and_code() {
    let dir = tempfile::tempdir().unwrap();
    let name = "a\u{1b}[2J.py";
    std::fs::write(
        dir.path().join(name),
        "def same(url, canonical):\n    return url == canonical\n\n\n\
         def listed(url):\n    return url == \"https://example.com/\u{1b}[2J%e9\"\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(["scan", dir.path().to_str().unwrap()])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(!stdout.as_bytes().contains(&ESC), "{stdout:?}");
    assert!(!out.stderr.contains(&ESC), "{:?}", out.stderr);
    assert!(stdout.contains("a\\x1B[2J.py:2:12: S001"), "{stdout}");
}
