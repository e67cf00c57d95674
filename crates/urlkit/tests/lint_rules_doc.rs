//! `docs/lint-rules.md` is generated from the rule registry ([`urlkit::lint::rules`]), as
//! ruff generates its rule pages: this test writes the page from the registry and fails when
//! the committed page differs. `UPDATE=1 cargo test -p urlkit --test lint_rules_doc` writes it.

use std::fmt::Write as _;
use std::path::Path;

use urlkit::lint::{rules, Family, RuleInfo, Scope};

/// The page's path from this crate.
const PAGE: &str = "../../docs/lint-rules.md";

/// Families in code order (U01 correctness, U02 interoperability, U03 style, U04 security).
const FAMILIES: [(Family, &str); 4] = [
    (Family::Correctness, "Correctness (U01xx)"),
    (Family::Interoperability, "Interoperability (U02xx)"),
    (Family::Style, "Style (U03xx, off unless selected)"),
    (Family::Security, "Security (U04xx)"),
];

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

/// GitHub's anchor for a heading `U0101 malformed-escape`.
fn anchor(r: &RuleInfo) -> String {
    format!("{}-{}", r.code.to_ascii_lowercase(), r.name)
}

/// A URL in a code block: shown as written, but a control character other than a line feed
/// or tab as `\u{..}`, so that the page stays text.
fn code_block(text: &str) -> String {
    let mut out = String::from("```text\n");
    for c in text.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    out.push_str("\n```\n");
    out
}

fn rule_section(r: &RuleInfo) -> String {
    let d = &r.doc;
    let mut s = String::new();
    let _ = writeln!(s, "### {} {}\n", r.code, r.name);
    let _ = writeln!(s, "{}\n", prose(r.summary));
    let mut facts = vec![
        format!("Level: {}", r.level.name()),
        if r.on_by_default() {
            "On by default".to_owned()
        } else {
            "Off unless selected".to_owned()
        },
    ];
    if r.scope == Scope::List {
        facts.push("Looks at the whole input list".to_owned());
    }
    if !r.aliases.is_empty() {
        let names: Vec<String> = r.aliases.iter().map(|a| format!("`{a}`")).collect();
        facts.push(format!("WHATWG validation errors: {}", names.join(", ")));
    }
    if let Some(sec) = r.security {
        facts.push(format!(
            "[CWE-{0}](https://cwe.mitre.org/data/definitions/{0}.html), security-severity {1:.1}",
            sec.cwe, sec.severity
        ));
    }
    let _ = writeln!(s, "{}.\n", facts.join(". "));
    let _ = writeln!(s, "#### What it does\n\n{}\n", prose(d.what));
    let _ = writeln!(s, "#### Why it matters\n\n{}\n", prose(d.why));
    let _ = writeln!(s, "#### Example\n\n{}", code_block(d.example));
    let _ = writeln!(s, "#### Use instead\n\n{}", code_block(d.use_instead));
    let _ = writeln!(s, "#### Fix safety\n\n{}\n", prose(d.fix_safety));
    s.push_str("#### References\n\n");
    for reference in d.references {
        let _ = writeln!(s, "- <{reference}>");
    }
    s.push('\n');
    s
}

/// The whole page.
fn page() -> String {
    let all = rules();
    let mut s = String::new();
    s.push_str(
        "<!-- Generated from the rule registry (urlkit::lint::rules()) by \
         crates/urlkit/tests/lint_rules_doc.rs; do not edit. After changing a rule: \
         UPDATE=1 cargo test -p urlkit --test lint_rules_doc -->\n\n",
    );
    s.push_str("# Lint rules\n\n");
    let _ = writeln!(
        s,
        "The {} rules of `urlkit lint` (and of `urlkit::lint` in the library), each as \
         `urlkit lint --explain CODE` prints it. Codes are stable and never reused: `U01xx` \
         correctness, `U02xx` interoperability, `U03xx` style, `U04xx` security. Style rules \
         run only when selected (`--select style`); a rule is selected by its code, its name, \
         its family or a WHATWG validation error it covers. How lint reads its input and \
         what its options do: [cli.md](cli.md#lint-urlkit-lint).\n",
        all.len()
    );
    s.push_str("| code | name | family | level | finds |\n|---|---|---|---|---|\n");
    for r in &all {
        let family = if r.on_by_default() {
            r.family.name().to_owned()
        } else {
            format!("{} (off)", r.family.name())
        };
        let _ = writeln!(
            s,
            "| [`{}`](#{}) | `{}` | {} | {} | {} |",
            r.code,
            anchor(r),
            r.name,
            family,
            r.level.name(),
            prose(r.summary)
        );
    }
    s.push('\n');
    for (family, title) in FAMILIES {
        let _ = writeln!(s, "## {title}\n");
        for r in all.iter().filter(|r| r.family == family) {
            s.push_str(&rule_section(r));
        }
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}

#[test]
fn lint_rules_page_is_generated_from_the_registry() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(PAGE);
    let want = page();
    if std::env::var_os("UPDATE").is_some() {
        std::fs::write(&path, &want).expect("docs/lint-rules.md is writable");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    if have != want {
        let line = have
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(have.lines().count().min(want.lines().count()));
        panic!(
            "docs/lint-rules.md is stale (first difference at line {}): regenerate it with \
             `UPDATE=1 cargo test -p urlkit --test lint_rules_doc`",
            line + 1
        );
    }
}

#[test]
fn every_rule_has_a_section_and_a_row() {
    let page = page();
    for r in rules() {
        assert!(
            page.contains(&format!("\n### {} {}\n", r.code, r.name)),
            "{}",
            r.code
        );
        assert!(
            page.contains(&format!("| [`{}`](#{}) |", r.code, anchor(r))),
            "{}",
            r.code
        );
    }
    assert_eq!(FAMILIES.len(), Family::ALL.len(), "every family has a part");
}
