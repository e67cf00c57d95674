//! The prefilter changes no finding: on a large corpus (the real-list samples, the WPT and
//! ada URL test inputs, every rule's example, the strings of the CLI's lint fixtures, and each
//! of them with one trap byte inserted at every place or respelled), every rule run on every
//! URL gives exactly the findings that skipping gives. The corpus must reach every rule both
//! ways: each rule with a trigger fires on some URL and is skipped on some other.

use std::collections::BTreeSet;

use super::{Prefilter, Trigger};
use crate::lint::rules::URL_RULES;
use crate::lint::{lint_context_with, rules, Context, Selection};

fn all() -> Selection {
    Selection::parse(&["all"], &[]).expect("invariant: `all` is a selection")
}

/// The `input` of every test object of a URL test file (WPT's `urltestdata.json` shape).
fn inputs_of(json: &str) -> Vec<String> {
    let value: serde_json::Value = serde_json::from_str(json).expect("the test data is JSON");
    let items = value.as_array().expect("the test data is a list");
    let found: Vec<String> = items
        .iter()
        .filter_map(|t| t.get("input").and_then(|i| i.as_str()).map(str::to_owned))
        .collect();
    assert!(found.len() > 10, "the test data has inputs");
    found
}

/// Every double-quoted string of the CLI's lint fixtures (arguments, stdin lines, snapshot
/// lines): most are URLs, and the others are inputs too.
fn fixture_strings() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../urlkit-cli/tests/cmd");
    let mut out = Vec::new();
    let entries = std::fs::read_dir(&dir).expect("the CLI fixtures are in the repository");
    for entry in entries {
        let path = entry.expect("a fixture entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !name.starts_with("lint-") {
            continue;
        }
        let text = String::from_utf8_lossy(&std::fs::read(&path).expect("a fixture")).into_owned();
        for line in text.lines() {
            out.push(line.trim().to_owned());
            let mut rest = line;
            while let Some(open) = rest.find('"') {
                let after = &rest[open + 1..];
                let Some(close) = after.find('"') else { break };
                let quoted = &after[..close];
                out.push(
                    serde_json::from_str::<String>(&format!("\"{quoted}\""))
                        .unwrap_or_else(|_| quoted.to_owned()),
                );
                rest = &after[close + 1..];
            }
        }
    }
    assert!(out.len() > 500, "the lint fixtures were read");
    out
}

/// URLs at the edges of the two prefiltered rules' tests (schemes, ports, hosts that end in
/// a number, file URLs, dot segments, escapes of `.`).
const EDGES: &[&str] = &[
    "http://example.com/",
    "HTTP://EXAMPLE.COM/A/B?Q#F",
    "https://a.b.c:8080/x",
    "https://a.b.c:65535/x",
    "https://a.b.c:65536/x",
    "https://a.b.c:0/x",
    "https://a.b.c:080/x",
    "https://a.b.c:80/x",
    "http://a.b.c:443/x",
    "https://a.b.c:/x",
    "http://1.2.3.4/",
    "http://1.2.3.4./",
    "http://0x7f.1/",
    "http://0X7F.1/",
    "http://a.0x/",
    "http://a.0xg/",
    "http://a.09/",
    "http://a.1e/",
    "http://example.com./",
    "http://.example.com/",
    "http://a..b/",
    "http://-a-.b--c.com/",
    "http://xn--nxasmq6b.com/",
    "http://xn--a.com/",
    "http://XN--A.com/",
    "http://a_b.com/",
    "http://a+b.com/",
    "http://1.2.3.+5/",
    "http://a.com/./b",
    "http://a.com/../b",
    "http://a.com/a/.",
    "http://a.com/a/..",
    "http://a.com/%2e/b",
    "http://a.com/.%2E/b",
    "http://a.com/a%2eb",
    "http://a.com/a%2Fb%7e",
    "http://a.com/a%zz",
    "http://a.com/a%4",
    "http://a.com//b",
    "http://a.com",
    "http://a.com?x",
    "http://a.com#f#g",
    "http://a.com/#f?/",
    "http://a.com/?q=a+b&c=%20+",
    "http:a.com/",
    "http:/a.com/",
    "http:///a.com/",
    "http://u@a.com/",
    "http://u:p@a.com/",
    "http://a.com:80@b.com/",
    "http://a.com\\b.com/",
    "file:///Users/a/b.js",
    "file:///C:/a/b",
    "file:///C|/a/b",
    "file:///C:/../x",
    "file://C:/x",
    "file://localhost/x",
    "file://host/x",
    "file:////server/share",
    "file://",
    "file:",
    "FILE:///A",
    "ws://a.com/",
    "wss://a.com:443/",
    "ftp://a.com:21/",
    "foo://1.2.3.4/",
    "foo://a.com/./x",
    "node:fs",
    "tapmock:x",
    "mailto:a@b.com",
    "//a.com/x",
    "/a/b",
    "",
];

/// Trap bytes and spellings inserted at every place of a seed.
const TRAPS: &[&str] = &[
    "%", "%2e", "%2E", "%7e", "%c3%a9", "%00", "%0d", "%25", "%2f", "é", "е", " ", "\t", "\n",
    "\0", "+", "\\", "@", "#", "[", "]", ":", ".", "..", "/", "?", "0x", "1", "_", ";", "(", "{x}",
    "|", "xn--",
];

/// The seeds with each trap inserted at every char boundary, and respelled.
fn mutations(seeds: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for seed in seeds {
        out.push(seed.to_ascii_uppercase());
        out.push(seed.to_ascii_lowercase());
        for (at, _) in seed.char_indices().chain([(seed.len(), ' ')]) {
            for trap in TRAPS {
                out.push(format!("{}{trap}{}", &seed[..at], &seed[at..]));
            }
        }
    }
    out
}

fn corpus() -> Vec<String> {
    let mut urls: Vec<String> = Vec::new();
    for list in [
        include_str!("../../../../../testdata/urls-sample/kasztp.txt"),
        include_str!("../../../../../testdata/urls-sample/userbait.txt"),
        include_str!("../../../../../testdata/urls-sample/node-files.txt"),
        include_str!("../../../../../testdata/urls-sample/isaacs-files.txt"),
    ] {
        urls.extend(list.lines().map(str::to_owned));
    }
    urls.extend(inputs_of(include_str!(
        "../../../../../testdata/wpt/urltestdata.json"
    )));
    urls.extend(inputs_of(include_str!(
        "../../../../../testdata/ada/ada_extra_urltestdata.json"
    )));
    for r in rules() {
        urls.push(r.doc.example.to_owned());
        urls.push(r.doc.use_instead.to_owned());
    }
    urls.extend(fixture_strings());
    // Every WPT host to-ASCII input, as the host of a special and of a non-special URL.
    for host in inputs_of(include_str!("../../../../../testdata/wpt/toascii.json")) {
        urls.push(format!("http://{host}/x"));
        urls.push(format!("foo://{host}/x"));
    }
    // Each trap at every place: of the edge cases, and of every 100th real URL.
    let real: Vec<String> = urls.iter().take(1200).step_by(100).cloned().collect();
    let seeds: Vec<&str> = EDGES
        .iter()
        .copied()
        .chain(real.iter().map(String::as_str))
        .collect();
    urls.extend(mutations(&seeds));
    urls
}

#[test]
fn skipping_rules_that_cannot_fire_changes_no_finding() {
    let sel = all();
    let urls = corpus();
    assert!(urls.len() > 50_000, "{} URLs", urls.len());
    // Per rule: fired on some URL / skipped on some URL.
    let mut fired: BTreeSet<&str> = BTreeSet::new();
    let mut skipped: BTreeSet<&str> = BTreeSet::new();
    for url in &urls {
        let cx = Context::new(url);
        let fast = lint_context_with(&cx, &sel, Prefilter::Skip);
        let oracle = lint_context_with(&Context::new(url), &sel, Prefilter::RunAll);
        assert_eq!(
            fast, oracle,
            "the prefilter changed the findings of {url:?}"
        );
        for r in URL_RULES {
            if !r.trigger.can_fire(&cx) {
                skipped.insert(r.info.name);
            }
        }
        fired.extend(oracle.iter().map(|d| d.rule));
    }
    for r in URL_RULES {
        if matches!(r.trigger, Trigger::Always) {
            continue;
        }
        assert!(fired.contains(r.info.name), "{} never fired", r.info.name);
        assert!(
            skipped.contains(r.info.name),
            "{} never skipped",
            r.info.name
        );
    }
}

#[test]
fn most_rules_skip_a_clean_url() {
    for url in [
        "https://example.com/a/b-c?q=1&r=two#top",
        "file:///Users/a/node_modules/x/index.js",
    ] {
        let cx = Context::new(url);
        let run: Vec<&str> = URL_RULES
            .iter()
            .filter(|r| r.trigger.can_fire(&cx))
            .map(|r| r.info.name)
            .collect();
        assert!(
            !run.contains(&"parser-disagreement") && !run.contains(&"non-canonical-ipv4"),
            "{url}: {run:?}"
        );
        assert!(run.len() < URL_RULES.len() / 2, "{url}: {run:?}");
    }
}
