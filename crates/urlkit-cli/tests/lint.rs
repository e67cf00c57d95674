//! `urlkit lint` as a whole program: the size of its output, `--fix` as a filter.

mod support;

use support::run;

/// Issue 24.4: the text output of one URL grows with its findings, not with findings times
/// the URL's length (`'http://a/' + '%zz' * 6400` printed the 12.6 KB URL under each of its
/// findings: 133 MB). Each finding's lines are bounded whatever the URL's length.
#[test]
fn text_output_per_finding_is_bounded() {
    for n in [1_000, 8_000] {
        let url = format!("http://a/{}\n", "%zz".repeat(n));
        let out = run(&["lint"], url.as_bytes());
        assert_eq!(out.status.code(), Some(1));
        let text = String::from_utf8(out.stdout).expect("text output is UTF-8");
        let findings = text.lines().filter(|l| l.contains(" U0101 ")).count();
        assert_eq!(findings, n, "one line per finding");
        let per_finding = text.len() / n;
        assert!(per_finding < 400, "{n} findings: {} bytes", text.len());
        assert!(
            text.lines().all(|l| l.chars().count() < 200),
            "no line is the whole URL"
        );
    }
}

/// A small generator of awkward input lines, the same on every run: URLs with the mistakes
/// the fixes are about, controls, bytes that are not UTF-8, a `\r` inside a line, empty and
/// whitespace-only lines, a byte order mark.
fn awkward_lines(seed: u64, count: usize) -> Vec<Vec<u8>> {
    let pieces: &[&[u8]] = &[
        b"https://example.com/",
        b"http://a/",
        b"%7e",
        b"%e6%97%a5",
        "運営".as_bytes(),
        b" ",
        b"\x01",
        b"\x7f",
        b"\xff",
        b"\xe6\x97",
        b"\r",
        b"\t",
        b"#",
        b"?q=a+b&",
        b"%zz",
        b"ex%61mple.com",
        b"a%20b.com/",
        b"\"",
        b"\xef\xbb\xbf",
        b"",
    ];
    let mut state = seed;
    let mut next = move || {
        // A 64-bit linear congruential generator (Knuth's MMIX constants).
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    (0..count)
        .map(|_| {
            let len = next() % 6;
            let mut line = Vec::new();
            for _ in 0..len {
                line.extend_from_slice(pieces[next() % pieces.len()]);
            }
            line
        })
        .collect()
}

/// Issue 24.7: `lint --fix` writes one line per input line, whatever the line holds, in
/// text and in JSON, with safe and with unsafe fixes.
#[test]
fn fix_writes_one_line_per_input_line() {
    for seed in 0..12u64 {
        let lines = awkward_lines(seed, 60);
        let mut input = Vec::new();
        for l in &lines {
            input.extend_from_slice(l);
            input.push(b'\n');
        }
        for args in [
            &["lint", "--fix"][..],
            &["lint", "--fix", "--unsafe-fixes"],
            &["--json", "lint", "--fix"],
        ] {
            let out = run(args, &input);
            assert!(
                matches!(out.status.code(), Some(0 | 1)),
                "{args:?}: {:?} {}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            );
            let written = out.stdout.iter().filter(|&&b| b == b'\n').count();
            assert_eq!(written, lines.len(), "seed {seed}, {args:?}");
            if args[0] == "--json" {
                for (i, record) in out
                    .stdout
                    .split(|&b| b == b'\n')
                    .take(lines.len())
                    .enumerate()
                {
                    let v: serde_json::Value =
                        serde_json::from_slice(record).expect("each line is a JSON record");
                    assert_eq!(v["line"], i + 1, "seed {seed}");
                }
            }
        }
    }
}

/// Issue 24.7: a line the fixes do not change is written back byte for byte, a line that is
/// not UTF-8 included (its error on stderr): `--fix` is a filter over data.
#[test]
fn fix_writes_unfixed_lines_back_unchanged() {
    let input: &[u8] = b"http://a/\x01b\nhttp://a/\xff\xfe\nhttp://a/ok\n";
    let out = run(&["lint", "--fix"], input);
    assert_eq!(out.stdout, input);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2: the input is not valid UTF-8"));
}

/// Issue 27.2: `lint --fix` exits as ruff does: 0 once the fixes leave no finding at or above
/// `--fail-on`, 1 while one remains (it exited 0 whatever remained, so it always passed in
/// CI).
#[test]
fn fix_exits_1_only_while_a_finding_remains() {
    let status = |args: &[&str], url: &str| {
        let out = run(args, format!("{url}\n").as_bytes());
        let stdout = String::from_utf8(out.stdout).expect("text output is UTF-8");
        let stderr = String::from_utf8(out.stderr).expect("messages are UTF-8");
        (out.status.code(), stdout, stderr)
    };
    let all_fixed = status(&["lint", "--fix"], "https://example.com/%7euser/%e6%97%a5");
    assert_eq!(all_fixed.0, Some(0), "{all_fixed:?}");
    assert_eq!(all_fixed.1, "https://example.com/~user/%E6%97%A5\n");
    // plus-in-path (a warning) has an unsafe fix only.
    let left = status(&["lint", "--fix"], "https://example.com/a+b");
    assert_eq!(left.0, Some(1), "{left:?}");
    assert_eq!(left.1, "https://example.com/a+b\n");
    assert!(
        left.2.contains("1 finding remains after the fixes"),
        "{left:?}"
    );
    let unsafe_fixed = status(
        &["lint", "--fix", "--unsafe-fixes"],
        "https://example.com/a+b",
    );
    assert_eq!(unsafe_fixed.0, Some(0), "{unsafe_fixed:?}");
    assert_eq!(unsafe_fixed.1, "https://example.com/a%2Bb\n");
    let below = status(
        &["lint", "--fix", "--fail-on", "error"],
        "https://example.com/a+b",
    );
    assert_eq!(below.0, Some(0), "{below:?}");
}
