//! `urlkit man` writes a roff manual page generated from the clap definition: the title, the
//! global options, and a section with the options of every command.

use std::process::Command;

#[test]
fn the_man_page_has_every_command() {
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .arg("man")
        .output()
        .expect("urlkit runs");
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).expect("UTF-8 roff");
    assert!(page.contains(".TH urlkit 1"), "{page}");
    assert!(page.contains("\\-\\-line\\-buffered"));
    let help = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .arg("--help")
        .output()
        .expect("urlkit runs");
    let help = String::from_utf8(help.stdout).expect("UTF-8");
    let commands: Vec<&str> = help
        .split("Commands:\n")
        .nth(1)
        .expect("a command list")
        .lines()
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 15, "{commands:?}");
    assert_eq!(commands[0], "reconcile", "reconcile comes first in --help");
    for c in commands {
        assert!(
            page.contains(&format!(".SH \"urlkit {c}\"")),
            "no section for {c}"
        );
    }
    assert!(page.contains("\\-\\-fail\\-on"));
}
