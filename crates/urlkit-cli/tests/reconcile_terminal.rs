//! On a terminal the text reports fit it: at most 20 entries per section, then how many more
//! and how to list them; a pipe gets every entry. The terminal is a pseudo-terminal made by
//! `script` (util-linux, in every Debian).

use std::process::Command;

fn urlkit() -> &'static str {
    env!("CARGO_BIN_EXE_urlkit")
}

/// `urlkit ARGS` with its stdout on a pseudo-terminal: what it wrote there.
fn on_terminal(args: &[String]) -> String {
    let command = std::iter::once(urlkit().to_owned())
        .chain(args.iter().cloned())
        .map(|a| format!("'{a}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let out = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("NO_COLOR", "1")
        .output()
        .expect("script runs");
    String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n")
}

fn piped(args: &[String]) -> String {
    let out = Command::new(urlkit())
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// 100 pages in the list; the site has 5 of them and 3,000 others.
fn lists(dir: &std::path::Path) -> (String, String) {
    let list: String = (0..100)
        .map(|i| format!("https://a.example/p{i}/\n"))
        .collect();
    let site: String = (0..5)
        .map(|i| format!("https://a.example/p{i}/\n"))
        .chain((0..3000).map(|i| format!("https://a.example/other-{i}/\n")))
        .collect();
    let (l, r) = (dir.join("list.txt"), dir.join("site.txt"));
    std::fs::write(&l, list).unwrap();
    std::fs::write(&r, site).unwrap();
    (l.display().to_string(), r.display().to_string())
}

fn entries(report: &str, title: &str) -> usize {
    report
        .split(title)
        .nth(1)
        .map(|rest| {
            rest.lines()
                .skip(1)
                .take_while(|l| l.starts_with("  "))
                .filter(|l| l.starts_with("  https://"))
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn a_terminal_gets_twenty_entries_a_section_and_a_pipe_gets_all() {
    let dir = tempfile::tempdir().unwrap();
    let (list, site) = lists(dir.path());
    let args = vec!["reconcile".to_owned(), list.clone(), site.clone()];
    let tty = on_terminal(&args);
    assert_eq!(
        entries(&tty, "Only in left (missing from right): 95"),
        20,
        "{tty}"
    );
    assert!(
        tty.contains("  … and 75 more (--only missing lists them)"),
        "{tty}"
    );
    assert_eq!(entries(&tty, "Only in right (extra): 3000"), 20, "{tty}");
    assert!(
        tty.contains("  … and 2,980 more (--only extra lists them)"),
        "{tty}"
    );
    let pipe = piped(&args);
    assert_eq!(entries(&pipe, "Only in left (missing from right): 95"), 95);
    assert_eq!(entries(&pipe, "Only in right (extra): 3000"), 3000);
    assert!(!pipe.contains("more (--only"));
}

#[test]
fn with_fail_on_missing_the_extras_are_a_count() {
    let dir = tempfile::tempdir().unwrap();
    let (list, site) = lists(dir.path());
    let args = vec![
        "reconcile".to_owned(),
        "--fail-on".to_owned(),
        "missing".to_owned(),
        list,
        site,
    ];
    for report in [on_terminal(&args), piped(&args)] {
        assert_eq!(
            entries(&report, "Only in right (extra): 3000"),
            0,
            "{report}"
        );
        assert!(report.contains("not listed with --fail-on missing (--only extra lists them)"));
    }
}

#[test]
fn the_matrix_fits_a_terminal_too() {
    let dir = tempfile::tempdir().unwrap();
    let (list, site) = lists(dir.path());
    let args = vec!["reconcile".to_owned(), "--matrix".to_owned(), list, site];
    let tty = on_terminal(&args);
    let pages = |r: &str| r.lines().filter(|l| l.starts_with("  https://")).count();
    assert_eq!(pages(&tty), 20, "{tty}");
    assert!(
        tty.contains("… and 3,080 more (--format csv or a pipe lists them all)"),
        "{tty}"
    );
    assert_eq!(pages(&piped(&args)), 3100);
}
