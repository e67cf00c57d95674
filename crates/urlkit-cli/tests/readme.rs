//! The README's examples run as written: every `$ urlkit ...` line of its `console` blocks is
//! run from the repository's root (through bash, with this build's `urlkit`, or the one
//! `URLKIT_BIN` names, first on `PATH`) and must print the lines that follow it (stdout, then
//! what it says on stderr), and exit with the status its `# exit N` comment says (0 when there
//! is none). A last line `...` marks an abridged output: the output must begin with the lines
//! shown.

use std::path::Path;
use std::process::Command;

struct Example {
    line: usize,
    command: String,
    output: String,
    status: i32,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut in_console = false;
    let mut current: Option<Example> = None;
    for (i, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            in_console = line == "```console";
            out.extend(current.take());
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.extend(current.take());
            let (command, status) = match cmd.rsplit_once("# exit ") {
                Some((c, n)) => (c.trim_end(), n.trim().parse().expect("# exit N")),
                None => (cmd, 0),
            };
            current = Some(Example {
                line: i + 1,
                command: command.to_owned(),
                output: String::new(),
                status,
            });
        } else if let Some(e) = current.as_mut() {
            e.output.push_str(line);
            e.output.push('\n');
        }
    }
    out.extend(current);
    out
}

#[test]
fn every_console_example_prints_what_the_readme_says() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    // URLKIT_BIN runs them against another build (the release binary, scripts/checks/release.sh).
    let bin = std::env::var_os("URLKIT_BIN").map_or_else(
        || Path::new(env!("CARGO_BIN_EXE_urlkit")).to_path_buf(),
        std::path::PathBuf::from,
    );
    assert!(
        bin.file_name().is_some_and(|n| n == "urlkit") && bin.is_file(),
        "URLKIT_BIN must name a file called urlkit (it is put first on PATH): {}",
        bin.display()
    );
    eprintln!("README examples against {}", bin.display());
    let path = format!(
        "{}:{}",
        bin.parent().expect("the binary's folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let all = examples(&readme);
    assert!(all.len() >= 19, "{} examples", all.len());
    let mut problems = Vec::new();
    for e in &all {
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("{} 2>&1", e.command))
            .current_dir(&root)
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .output()
            .expect("bash runs");
        // Blank lines at the end (the empty record of a bad line, the space before the next
        // example) are not part of what the README shows.
        let got = format!(
            "{}\n",
            String::from_utf8_lossy(&out.stdout).trim_end_matches('\n')
        );
        let want = format!("{}\n", e.output.trim_end_matches('\n'));
        let status = out.status.code().unwrap_or(-1);
        let same = match want.strip_suffix("...\n") {
            Some(start) => got.starts_with(start),
            None => got == want,
        };
        if !same || status != e.status {
            problems.push(format!(
                "README.md:{}: $ {}\n--- expected (exit {})\n{}--- got (exit {status})\n{got}",
                e.line, e.command, e.status, e.output
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
