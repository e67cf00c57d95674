//! The lint rules: every rule's doc example is reported and its "use instead" is not, the
//! acceptance URLs of the lint issue, precedence, selection, and the fix laws.

use urlkit::lint::{
    check, fix, lint, lint_list, rule, rules, FixLevel, Scope, Selection, RESERVED,
};

fn all() -> Selection {
    Selection::parse(&["all"], &[]).expect("`all` is a selection")
}

fn lines(s: &str) -> Vec<&str> {
    s.lines().collect()
}

fn found_by(input: &str, name: &str) -> bool {
    let list = lines(input);
    lint_list(&list, &all())
        .iter()
        .flatten()
        .any(|d| d.rule == name)
}

#[test]
fn every_doc_example_is_reported_and_its_replacement_is_not() {
    for r in rules() {
        assert!(
            found_by(r.doc.example, r.name),
            "{}: example {:?} not reported",
            r.name,
            r.doc.example
        );
        assert!(
            !found_by(r.doc.use_instead, r.name),
            "{}: use-instead {:?} reported",
            r.name,
            r.doc.use_instead
        );
    }
}

#[test]
fn codes_are_unique_stable_and_reserved_ones_are_free() {
    let all = rules();
    for (i, r) in all.iter().enumerate() {
        assert!(
            all[i + 1..]
                .iter()
                .all(|o| o.code != r.code && o.name != r.name),
            "{}",
            r.code
        );
        assert!(
            RESERVED.iter().all(|(c, n)| *c != r.code && *n != r.name),
            "{}",
            r.code
        );
        assert_eq!(rule(r.code).map(|x| x.name), Some(r.name));
        let family_digit = &r.code[1..3];
        let want = match r.family.name() {
            "correctness" => "01",
            "interoperability" => "02",
            "style" => "03",
            _ => "04",
        };
        assert_eq!(family_digit, want, "{}", r.name);
        if r.family.name() == "security" {
            assert!(r.security.is_some(), "{} needs a CWE", r.name);
        }
        let doc = r.explain();
        for head in [
            "What it does",
            "Why it matters",
            "Example",
            "Use instead",
            "Fix safety",
            "References",
        ] {
            assert!(doc.contains(&format!("## {head}\n")), "{}: {head}", r.name);
        }
    }
    assert!(all.len() >= 31);
}

#[test]
fn acceptance_dirty_url() {
    let url = "https://example.com/%e6%97%a5%25E6%259C%25AC/a+b/%2e%2e/x?token=abc";
    let found = check(url);
    let got: Vec<(&str, &str)> = found
        .iter()
        .map(|d| (d.rule, &url[d.span.clone()]))
        .collect();
    for want in [
        ("lowercase-hex", "%e6%97%a5"),
        ("double-encoding", "%25E6%259C%25AC"),
        ("plus-in-path", "+"),
        ("encoded-dot-segment", "%2e%2e"),
        ("secret-in-query", "abc"),
    ] {
        assert!(got.contains(&want), "{want:?} missing in {got:?}");
    }
}

#[test]
fn acceptance_clean_url() {
    assert_eq!(check("https://example.com/tag/%E3%83%AD%E3%82%B0/"), vec![]);
}

#[test]
fn false_positive_traps() {
    for clean in [
        "https://example.com/100%25",
        "https://example.com/a%25%20b",
        "https://example.com/?keyword=abc",
        "https://example.com/?token=",
        "https://例え.jp/運営",
        "https://xn--r8jz45g.jp/",
        "https://example.com/?q=a+b",
        "https://example.com/%E6%97%A5%E6%9C%AC",
    ] {
        let found: Vec<&str> = check(clean)
            .iter()
            .filter(|d| d.rule != "raw-non-ascii")
            .map(|d| d.rule)
            .collect();
        assert!(found.is_empty(), "{clean}: {found:?}");
    }
}

#[test]
fn encoded_dot_only_as_a_whole_segment() {
    for url in [
        "https://a/%2Ehidden",
        "https://a/x%2E",
        "https://a/%2E%2E%2E",
    ] {
        assert!(
            check(url).iter().all(|d| d.rule != "encoded-dot-segment"),
            "{url}"
        );
    }
    for url in ["https://a/%2e/x", "https://a/.%2E/x", "https://a/%2E%2E"] {
        assert!(
            check(url).iter().any(|d| d.rule == "encoded-dot-segment"),
            "{url}"
        );
    }
}

#[test]
fn invalid_utf8_cases() {
    for (url, bad) in [
        ("https://a/%C0%AF", "%C0%AF"),
        ("https://a/%E3%81", "%E3%81"),
        ("https://a/%ED%A0%80", "%ED"),
    ] {
        let found = check(url);
        let d = found
            .iter()
            .find(|d| d.rule == "invalid-utf8")
            .unwrap_or_else(|| panic!("{url}"));
        assert!(
            url[d.span.clone()].starts_with(bad),
            "{url}: {:?}",
            &url[d.span.clone()]
        );
    }
}

#[test]
fn more_specific_rule_wins() {
    let found = check("http://a/%2e%2e/b");
    let names: Vec<&str> = found.iter().map(|d| d.rule).collect();
    assert_eq!(names, ["encoded-dot-segment"]);
}

#[test]
fn plus_in_query_is_not_plus_in_path() {
    assert!(check("https://a/?q=C++")
        .iter()
        .all(|d| d.rule != "plus-in-path"));
}

#[test]
fn whatwg_aliases_select_rules() {
    let s = Selection::parse(&[], &["invalid-reverse-solidus"]).expect("an alias");
    assert!(lint("https://a\\b/", &s)
        .iter()
        .all(|d| d.rule != "backslash"));
    assert_eq!(
        rule("IPv4-non-decimal-part").map(|r| r.name),
        Some("non-canonical-ipv4")
    );
    assert_eq!(
        rule("invalid-credentials").map(|r| r.name),
        Some("credentials-in-url")
    );
}

#[test]
fn style_is_off_by_default() {
    assert!(check("https://a/About_Us/index.html").is_empty());
    let style = Selection::parse(&["style"], &[]).expect("a family");
    assert_eq!(lint("https://a/About_Us/index.html", &style).len(), 4);
}

#[test]
fn list_rules_see_the_whole_input() {
    assert!(rules().iter().any(|r| r.scope == Scope::List));
    let list = ["https://a/x/", "https://a/y/", "https://a/z"];
    let style = Selection::parse(&["trailing-slash-mixed"], &[]).expect("a rule");
    let found = lint_list(&list, &style);
    assert!(found[0].is_empty() && found[1].is_empty());
    assert_eq!(found[2][0].rule, "trailing-slash-mixed");
}

#[test]
fn fixes() {
    let sel = Selection::default();
    assert_eq!(
        fix("https://a/%7euser/%e6%97%a5", &sel, FixLevel::Safe),
        "https://a/~user/%E6%97%A5"
    );
    assert_eq!(
        fix("https://a/運営", &sel, FixLevel::Safe),
        "https://a/%E9%81%8B%E5%96%B6"
    );
    assert_eq!(
        fix("https://a/a b", &sel, FixLevel::Safe),
        "https://a/a%20b"
    );
    assert_eq!(
        fix("https://a/x%2520y", &sel, FixLevel::Unsafe),
        "https://a/x%20y"
    );
}

#[test]
fn real_reports_get_the_charset_rules() {
    // A crawler's 404: 開発 read as Latin-1 and re-encoded.
    let url = "https://example.com/posts/tags/%C3%A9%C2%96%C2%8B%C3%A7%C2%99%C2%BA/";
    let found = check(url);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].rule, "latin1-mojibake");
    assert_eq!(
        &url[found[0].span.clone()],
        "%C3%A9%C2%96%C2%8B%C3%A7%C2%99%C2%BA"
    );
    assert!(
        found[0].message.contains("\"開発\""),
        "{}",
        found[0].message
    );
    // decodeURIComponent threw on this query: Shift_JIS for 外装不良, not invalid-utf8.
    let url = "https://example.com/?q=%8AO%91%95%95s%97%C7";
    let found = check(url);
    let names: Vec<&str> = found.iter().map(|d| d.rule).collect();
    assert_eq!(names, ["legacy-charset"]);
    assert_eq!(found[0].component.to_string(), "query:q");
    assert!(found[0].message.contains("Shift_JIS"));
    assert_eq!(
        fix(url, &Selection::default(), FixLevel::Unsafe),
        "https://example.com/?q=%E5%A4%96%E8%A3%85%E4%B8%8D%E8%89%AF"
    );
    // Unsafe: --fix alone leaves it.
    assert_eq!(fix(url, &Selection::default(), FixLevel::Safe), url);
}

#[test]
fn an_ambiguous_legacy_run_is_named_without_a_fix() {
    let found = check("http://localhost:8080/form?a=%83z");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].rule, "legacy-charset");
    assert!(found[0].fix.is_none());
    assert!(found[0].message.contains("several legacy charsets"));
}

#[test]
fn bytes_without_a_plausible_reading_stay_invalid_utf8() {
    // Broken UTF-8, and the fuzz input whose readings all score 0 or below.
    for url in [
        "https://a/%C0%AF",
        "https://a/%E3%81",
        "e.comO582%95-%95-%8A\u{30DB}O%9195%95s%83%C8%8A\u{30DB}O%91%9595s%83%C8",
    ] {
        let names: Vec<&str> = check(url).iter().map(|d| d.rule).collect();
        assert!(names.contains(&"invalid-utf8"), "{url}: {names:?}");
        assert!(!names.contains(&"legacy-charset"), "{url}: {names:?}");
    }
}

#[test]
fn clean_utf8_that_decodes_in_legacy_charsets_is_not_reported() {
    for url in [
        "https://example.jp/%E6%97%A5%E6%9C%AC",
        "https://example.cn/%E4%B8%AD%E6%96%87",
        "https://example.com/caf%C3%A9/na%C3%AFve",
    ] {
        assert_eq!(check(url), vec![], "{url}");
    }
}

/// Issue 24.8: a "safe" host fix never decodes a WHATWG forbidden domain code point (or
/// anything that leaves no host) into the host; a plain escape is still fixed.
#[test]
fn a_host_fix_never_decodes_what_a_host_cannot_hold() {
    let sel = Selection::default();
    for url in [
        "https://a%20b.com/",
        "https://a%00b.com/",
        "https://a%09b.com/",
        "https://a%25b.com/",
        "https://a%2541.com/",
        "https://a%2Fb.com/",
        "https://a%3Ab.com/",
        "https://a%3Cb.com/",
        "https://a%40b.com/",
        "https://a%5Bb.com/",
        "https://a%5Cb.com/",
        "https://a%5Eb.com/",
        "https://a%7Cb.com/",
        "https://a%7Fb.com/",
        "https://%EF%BC%8F.com/",
    ] {
        let found = lint(url, &sel);
        let host = found
            .iter()
            .find(|d| d.rule == "host-percent-encoded")
            .unwrap_or_else(|| panic!("{url}: {found:?}"));
        assert!(host.fix.is_none(), "{url}: {:?}", host.fix);
        assert_eq!(fix(url, &sel, FixLevel::Safe), url);
    }
    assert_eq!(
        fix("https://ex%61mple.com/", &sel, FixLevel::Safe),
        "https://example.com/"
    );
}

/// Issue 24.12: a second `#` is not the same as `%23` at the `safe` level (DESIGN §4: safe
/// never equates a delimiter with its escape), so its fix is unsafe, and `--fix` alone
/// leaves it.
#[test]
fn a_second_hash_has_an_unsafe_fix() {
    let sel = Selection::default();
    let url = "http://a/#x#y";
    let d = lint(url, &sel)
        .into_iter()
        .find(|d| d.rule == "raw-reserved-misuse")
        .expect("the second '#' is reported");
    assert_eq!(
        d.fix.map(|f| f.applicability),
        Some(urlkit::lint::Applicability::Unsafe)
    );
    assert_eq!(fix(url, &sel, FixLevel::Safe), url);
    assert_eq!(fix(url, &sel, FixLevel::Unsafe), "http://a/#x%23y");
}

/// Issue 27.4: an unknown word in `--select`/`--ignore` gets a "did you mean" when a rule
/// name, code, alias or family is a typo away, and none when nothing is near.
#[test]
fn an_unknown_rule_name_suggests_the_nearest() {
    let said = |w: &str| {
        Selection::parse(&[w], &[])
            .expect_err("not a rule")
            .to_string()
    };
    assert!(said("lowercase-hexx").contains("did you mean \"lowercase-hex\"?"));
    assert!(said("securty").contains("did you mean \"security\"?"));
    let ignored = Selection::parse(&[], &["mixed-form"]).expect_err("not a rule");
    assert!(ignored
        .to_string()
        .contains("did you mean \"mixed-forms\"?"));
    assert!(!said("zzzzzzzz").contains("did you mean"));
}

/// Issue 27.3: `mixed-forms` names the minority spelling and never the RFC 3986 form
/// (uppercase hex), on a tie or when uppercase is the rarer form, and the other URLs keep
/// their own findings.
#[test]
fn mixed_forms_never_names_the_uppercase_form() {
    let sel = Selection::parse(&["mixed-forms"], &[]).expect("a rule");
    let mixed = |list: &[&str]| -> Vec<Vec<&'static str>> {
        urlkit::lint::lint_list(list, &sel)
            .into_iter()
            .map(|d| d.into_iter().map(|d| d.rule).collect())
            .collect()
    };
    let tie = mixed(&["https://example.com/%C3%A9", "https://example.com/%c3%a9"]);
    assert!(!tie[0].contains(&"mixed-forms"), "{tie:?}");
    assert!(tie[1].contains(&"mixed-forms"), "{tie:?}");
    assert!(tie[1].contains(&"lowercase-hex"), "{tie:?}");
    let rare_upper = mixed(&[
        "https://example.com/%c3%a9",
        "https://example.com/%c3%a8",
        "https://example.com/%C3%A9",
    ]);
    assert!(!rare_upper[2].contains(&"mixed-forms"), "{rare_upper:?}");
    assert!(rare_upper[0].contains(&"lowercase-hex"), "{rare_upper:?}");
}

/// Issue 27.3: `mixed-forms` names the minority spelling of each host, once, on its first
/// URL: a host that writes lowercase hex throughout is not the minority of another host's
/// uppercase URLs (the list used to be counted as a whole: `a.example`'s lowercase URL at 5
/// went unreported because `b.example` made lowercase the list's most common form).
#[test]
fn mixed_forms_names_the_minority_spelling_of_each_host() {
    let sel = Selection::parse(&["mixed-forms"], &[]).expect("a rule");
    let list = [
        "https://a.example/%E6%97%A5",
        "https://a.example/%E6%9C%AC",
        "https://b.example/%e6%97%a5",
        "https://b.example/%e6%9c%ac",
        "https://b.example/日本",
        "https://a.example/%e8%aa%9e",
        "https://a.example/%e6%97%a5",
    ];
    let found = lint_list(&list, &sel);
    let at: Vec<usize> = found
        .iter()
        .enumerate()
        .filter(|(_, d)| d.iter().any(|d| d.rule == "mixed-forms"))
        .map(|(i, _)| i)
        .collect();
    // a.example: 2 uppercase, 2 lowercase (a tie goes to the RFC 3986 form); b.example: 2
    // lowercase, 1 raw.
    assert_eq!(at, [4, 5], "{found:?}");
    let message = |i: usize| {
        found[i]
            .iter()
            .find(|d| d.rule == "mixed-forms")
            .map(|d| d.message.clone())
            .expect("a mixed-forms finding")
    };
    assert!(message(4).contains("raw (IRI)") && message(4).contains("URLs of b.example"));
    assert!(message(5).contains("lowercase-hex, as 2 of the 4 URLs of a.example"));
}
