//! `urlkit man` writes a roff manual page generated from the clap definition: the title, the
//! global options, and a section with the options of every command. `urlkit man --dir DIR`
//! writes one page per command; each is rendered with groff and must show its examples as
//! `--help` does, and name only pages that were written.

use std::path::Path;
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
    let commands = commands();
    assert!(commands.len() >= 15, "{commands:?}");
    assert_eq!(commands[0], "reconcile", "reconcile comes first in --help");
    for c in &commands {
        assert!(
            page.contains(&format!(".SH \"urlkit {}\"", c.replace('-', "\\-"))),
            "no section for {c}"
        );
    }
    assert!(page.contains("\\-\\-fail\\-on"));
}

/// The commands `urlkit --help` lists (without `help`).
fn commands() -> Vec<String> {
    let help = run(&["--help"]);
    help.split("Commands:\n")
        .nth(1)
        .expect("a command list")
        .lines()
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_owned)
        .collect()
}

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(args)
        .output()
        .expect("urlkit runs");
    assert!(out.status.success(), "urlkit {args:?}: {:?}", out);
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The example lines of a `--help` text: the paragraph after `Examples:` (or `Example:`) and
/// the indented paragraphs that follow it, an empty line between them.
fn help_examples(help: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_examples = false;
    for para in help.split("\n\n") {
        let lines: Vec<&str> = para.lines().collect();
        let Some(first) = lines.first() else { continue };
        if *first == "Examples:" || *first == "Example:" {
            in_examples = true;
            out.extend(lines[1..].iter().map(|l| l.to_string()));
        } else if in_examples && lines.iter().all(|l| l.starts_with(' ')) {
            out.push(String::new());
            out.extend(lines.iter().map(|l| l.to_string()));
        } else {
            in_examples = false;
        }
    }
    out
}

/// Lines without their common leading spaces, nor trailing ones.
fn dedent(lines: &[String]) -> Vec<String> {
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| l.get(indent..).unwrap_or("").trim_end().to_owned())
        .collect()
}

/// A page as `man` shows it: rendered by groff for a UTF-8 terminal, without bold or
/// underline, so that its text can be compared.
fn render(page: &Path) -> String {
    let out = Command::new("groff")
        .args(["-k", "-man", "-Tutf8", "-P-c", "-P-b", "-P-u"])
        .arg(page)
        .output()
        .expect("groff is installed (Debian: groff-base; scripts/test.sh installs it)");
    assert!(
        out.status.success(),
        "groff {}: {}",
        page.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "groff warned on {}: {}",
        page.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 text")
}

/// The lines of a rendered page's section `name` (its heading at the margin).
fn section(text: &str, name: &str) -> Option<Vec<String>> {
    let mut lines = text.lines();
    lines.find(|l| *l == name)?;
    let body: Vec<String> = lines
        .take_while(|l| l.is_empty() || l.starts_with(' '))
        .map(str::to_owned)
        .collect();
    let end = body
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(0, |i| i + 1);
    let start = body
        .iter()
        .position(|l| !l.trim().is_empty())
        .unwrap_or(end);
    Some(body[start..end].to_vec())
}

/// The pages a roff source names as `name(1)` in bold (`\fBname\fR(1)`, maybe with `\%`
/// to keep it from being hyphenated).
fn references(roff: &str) -> Vec<String> {
    roff.split("\\fB")
        .skip(1)
        .filter_map(|s| s.split_once("\\fR(1)"))
        .map(|(name, _)| name.replace("\\-", "-").replace("\\%", ""))
        .filter(|name| !name.contains("\\f"))
        .collect()
}

#[test]
fn man_dir_writes_a_page_per_command_with_its_examples_intact() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let target = dir.path().join("man1");
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(["man", "--dir"])
        .arg(&target)
        .output()
        .expect("urlkit runs");
    assert!(out.status.success(), "{out:?}");
    let note = String::from_utf8_lossy(&out.stderr);
    let commands = commands();
    assert!(commands.len() >= 15, "{commands:?}");
    let mut want: Vec<String> = vec!["urlkit.1".to_owned()];
    want.extend(commands.iter().map(|c| format!("urlkit-{c}.1")));
    want.sort();
    let mut have: Vec<String> = std::fs::read_dir(&target)
        .expect("the folder was made")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    have.sort();
    assert_eq!(have, want, "one page per command, and no other");
    assert!(
        note.contains(&format!("wrote {} manual pages", want.len())),
        "{note}"
    );

    let mut problems = Vec::new();
    for (name, args) in std::iter::once(("urlkit".to_owned(), vec![])).chain(
        commands
            .iter()
            .map(|c| (format!("urlkit-{c}"), vec![c.as_str()])),
    ) {
        let path = target.join(format!("{name}.1"));
        let roff = std::fs::read_to_string(&path).expect("a UTF-8 page");
        let text = render(&path);
        if text.contains("\nEXTRA\n") {
            problems.push(format!("{name}: a section EXTRA"));
        }
        let mut help_args = args.clone();
        help_args.push("--help");
        let expected = dedent(&help_examples(&run(&help_args)));
        if expected.is_empty() {
            problems.push(format!("{name}: `--help` shows no example"));
        }
        match section(&text, "EXAMPLES") {
            None => problems.push(format!("{name}: no EXAMPLES section")),
            Some(shown) => {
                let shown = dedent(&shown);
                if shown != expected {
                    problems.push(format!(
                        "{name}: EXAMPLES differ from --help\n--- --help\n{}\n--- man\n{}",
                        expected.join("\n"),
                        shown.join("\n")
                    ));
                }
            }
        }
        let refs = references(&roff);
        if name == "urlkit" {
            for c in &commands {
                if !refs.contains(&format!("urlkit-{c}")) {
                    problems.push(format!("urlkit: does not name urlkit-{c}(1)"));
                }
            }
        } else if !refs.iter().any(|r| r == "urlkit") {
            problems.push(format!("{name}: does not name urlkit(1)"));
        }
        for r in refs {
            if !target.join(format!("{r}.1")).exists() {
                problems.push(format!("{name}: names {r}(1), which is not generated"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
