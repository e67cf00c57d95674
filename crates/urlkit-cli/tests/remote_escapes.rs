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
