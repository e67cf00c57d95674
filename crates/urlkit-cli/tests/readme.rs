//! The examples of the README and of every page of `docs/` run as written: every
//! `$ urlkit ...` line of their `console` blocks is run from the repository's root (through
//! bash, with this build's `urlkit`, or the one `URLKIT_BIN` names, first on `PATH`) and
//! must print the lines that follow it (stdout, then what it says on stderr), and exit with
//! the status its `# exit N` comment says (0 when there is none). A last line `...` marks an
//! abridged output: the output must begin with the lines shown. A failure names the page and
//! line of the example.

use std::path::{Path, PathBuf};
use std::process::Command;

struct Example {
    line: usize,
    command: String,
    output: String,
    status: i32,
}

fn examples(page: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut in_console = false;
    let mut current: Option<Example> = None;
    for (i, line) in page.lines().enumerate() {
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

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `PATH` with the folder of the `urlkit` under test first: this build's, or the one
/// `URLKIT_BIN` names (the release binary, scripts/checks/release.sh).
fn path_with_urlkit() -> String {
    let bin = std::env::var_os("URLKIT_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_urlkit")),
        PathBuf::from,
    );
    assert!(
        bin.file_name().is_some_and(|n| n == "urlkit") && bin.is_file(),
        "URLKIT_BIN must name a file called urlkit (it is put first on PATH): {}",
        bin.display()
    );
    eprintln!("examples run against {}", bin.display());
    format!(
        "{}:{}",
        bin.parent().expect("the binary's folder").display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// Runs every example of the page `rel` (a path from the repository's root), which must
/// have at least `at_least` of them, and fails with each one that printed something else.
fn check_page(rel: &str, at_least: usize) {
    let root = root();
    let page = std::fs::read_to_string(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let path = path_with_urlkit();
    let all = examples(&page);
    assert!(all.len() >= at_least, "{rel}: {} examples", all.len());
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
        // example) are not part of what the page shows.
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
                "{rel}:{}: $ {}\n--- expected (exit {})\n{}--- got (exit {status})\n{got}",
                e.line, e.command, e.status, e.output
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The pages whose examples a test below runs.
const CHECKED: &[&str] = &["README.md", "docs/cli.md", "docs/json.md"];

#[test]
fn readme() {
    check_page("README.md", 3);
}

#[test]
fn docs_cli() {
    check_page("docs/cli.md", 19);
}

#[test]
fn docs_json() {
    check_page("docs/json.md", 2);
}

/// A page of `docs/` that gets examples needs a test of its own above, so that none is left
/// unrun.
#[test]
fn every_page_with_examples_is_checked() {
    let docs = root().join("docs");
    let mut pages = Vec::new();
    for entry in std::fs::read_dir(&docs).expect("docs/") {
        let path = entry.expect("a docs/ entry").path();
        if path.extension().is_some_and(|x| x == "md") {
            let name = format!(
                "docs/{}",
                path.file_name().expect("a name").to_string_lossy()
            );
            let text = std::fs::read_to_string(&path).expect("a page");
            pages.push((name, examples(&text).len()));
        }
    }
    assert!(
        pages.iter().any(|(n, _)| n == "docs/cli.md"),
        "docs/ was read: {pages:?}"
    );
    let unchecked: Vec<_> = pages
        .iter()
        .filter(|(n, count)| *count > 0 && !CHECKED.contains(&n.as_str()))
        .collect();
    assert!(
        unchecked.is_empty(),
        "pages with examples no test runs: {unchecked:?}"
    );
}

/// GitHub's anchor of a heading: lowercase, punctuation dropped but `-` and `_`, spaces as `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings (outside code blocks), a repeated one as `name-1`, ...
fn anchors(page: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut in_code = false;
    for line in page.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        let base = slug(line.trim_start_matches('#'));
        let mut name = base.clone();
        let mut n = 0;
        while out.contains(&name) {
            n += 1;
            name = format!("{base}-{n}");
        }
        out.push(name);
    }
    out
}

/// The targets of a page's Markdown links and images, `[text](target)`, outside code.
fn links(page: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_code = false;
    for (i, line) in page.lines().enumerate() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Inline code spans are not links.
        let text: String = line
            .split('`')
            .enumerate()
            .filter(|(k, _)| k % 2 == 0)
            .map(|(_, s)| s)
            .collect::<Vec<_>>()
            .join(" ");
        let mut rest = text.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push((i + 1, after[..end].to_owned()));
            rest = &after[end..];
        }
    }
    out
}

/// Every relative link of the README and of `docs/` names a file that exists, and an
/// anchor (`#...`) a heading of that page.
#[test]
fn relative_links_resolve() {
    let root = root();
    let mut pages = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/") {
        let path = entry.expect("a docs/ entry").path();
        if path.extension().is_some_and(|x| x == "md") {
            pages.push(path);
        }
    }
    let mut checked = 0;
    let mut problems = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).expect("a page");
        let name = page
            .strip_prefix(&root)
            .unwrap_or(page)
            .display()
            .to_string();
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let dest = if file.is_empty() {
                page.clone()
            } else {
                page.parent().expect("a folder").join(file)
            };
            if !dest.exists() {
                problems.push(format!("{name}:{line}: {target}: no such file"));
                continue;
            }
            if let Some(anchor) = anchor {
                let dest_text = std::fs::read_to_string(&dest).unwrap_or_default();
                if !anchors(&dest_text).iter().any(|a| a == anchor) {
                    problems.push(format!("{name}:{line}: {target}: no such heading"));
                }
            }
        }
    }
    assert!(checked >= 20, "{checked} relative links");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
