//! `docs/scan-rules.md` is generated from the rule registry ([`urlkit_scan::rules`]), in the
//! shape of `docs/lint-rules.md`: this test writes the page from the registry and fails when
//! the committed page differs. `UPDATE=1 cargo test -p urlkit-scan --test scan_rules_doc`
//! writes it.

use std::fmt::Write as _;
use std::path::Path;

use urlkit_scan::{rules, RuleInfo};

/// The page's path from this crate.
const PAGE: &str = "../../docs/scan-rules.md";

/// Escapes what Markdown would read as markup in prose, outside `code` spans.
fn prose(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 {
            out.push_str(part);
            continue;
        }
        for c in part.chars() {
            match c {
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                '*' | '_' | '[' | ']' | '\\' | '|' => {
                    out.push('\\');
                    out.push(c);
                }
                _ => out.push(c),
            }
        }
    }
    out
}

/// A code example: its first line names the language.
fn code_block(example: &str) -> String {
    let (lang, code) = example.split_once('\n').unwrap_or(("text", example));
    format!("```{lang}\n{code}\n```\n")
}

fn rule_section(r: &RuleInfo) -> String {
    let d = &r.doc;
    let mut s = String::new();
    let _ = writeln!(s, "## {} {}\n", r.code, r.name);
    let _ = writeln!(s, "{}\n", prose(r.summary));
    let _ = writeln!(s, "Level: {}.\n", r.level);
    let _ = writeln!(s, "### What it does\n\n{}\n", prose(d.what));
    let _ = writeln!(s, "### Why it matters\n\n{}\n", prose(d.why));
    let _ = writeln!(s, "### Example\n\n{}", code_block(d.bad));
    let _ = writeln!(s, "### Use instead\n\n{}", code_block(d.good));
    let _ = writeln!(s, "### Fix\n\n{}\n", prose(d.fix));
    s.push_str("### References\n\n");
    for reference in d.references {
        let _ = writeln!(s, "- <{reference}>");
    }
    s.push('\n');
    s
}

fn page() -> String {
    let all = rules();
    let mut s = String::new();
    s.push_str(
        "<!-- Generated from the rule registry (urlkit_scan::rules()) by \
         crates/urlkit-scan/tests/scan_rules_doc.rs; do not edit. After changing a rule: \
         UPDATE=1 cargo test -p urlkit-scan --test scan_rules_doc -->\n\n",
    );
    s.push_str("# Scan rules\n\n");
    let _ = writeln!(
        s,
        "The {} rules of `urlkit scan` (and of the `urlkit-scan` crate), each as `urlkit scan \
         --explain CODE` prints it. `scan` parses Python, JavaScript, TypeScript, PHP and Go \
         with tree-sitter and reports URL comparison and encoding mistakes in the code itself \
         (`urlkit lint` checks URLs, not code). Codes are stable and never reused. Each finding \
         carries the urlkit command whose output shows why it matters.\n",
        all.len()
    );
    s.push_str("| code | name | level | finds |\n|---|---|---|---|\n");
    for r in all {
        let _ = writeln!(
            s,
            "| [`{}`](#{}-{}) | `{}` | {} | {} |",
            r.code,
            r.code.to_ascii_lowercase(),
            r.name,
            r.name,
            r.level,
            prose(r.summary)
        );
    }
    s.push('\n');
    for r in all {
        s.push_str(&rule_section(r));
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}

#[test]
fn scan_rules_page_is_generated_from_the_registry() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(PAGE);
    let want = page();
    if std::env::var_os("UPDATE").is_some() {
        std::fs::write(&path, &want).expect("docs/ is writable");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "docs/scan-rules.md is not the registry's page: UPDATE=1 cargo test -p urlkit-scan --test scan_rules_doc"
    );
}

#[test]
fn every_rule_has_a_full_doc() {
    for r in rules() {
        let d = &r.doc;
        for (what, text) in [
            ("what", d.what),
            ("why", d.why),
            ("fix", d.fix),
            ("bad", d.bad),
            ("good", d.good),
        ] {
            assert!(!text.trim().is_empty(), "{} has no {what}", r.code);
        }
        assert!(!d.references.is_empty(), "{} has no reference", r.code);
        assert_ne!(
            d.bad, d.good,
            "{}: the example and its fix are the same",
            r.code
        );
    }
}

#[test]
fn every_example_is_reported_and_its_fix_is_not() {
    for r in rules() {
        for (code, should) in [(r.doc.bad, true), (r.doc.good, false)] {
            let (lang, text) = code
                .split_once('\n')
                .expect("an example names its language");
            let lang = urlkit_scan::Language::from_name(lang).expect("a language scan reads");
            let found = urlkit_scan::scan(text, lang).expect("the example parses");
            let has = found.iter().any(|f| f.code == r.code);
            assert_eq!(has, should, "{} example {text:?}: {found:?}", r.code);
        }
    }
}
