//! The traps of the lint issue (27, items 5, 6 and 8) that no rule named: each URL of the issue
//! is reported by the rule meant for it, and its clean spelling is not. Each test uses only the
//! public `check` / `lint` / `fix`, so that it runs unchanged on the commit the issue was filed
//! against (where it fails) and after.

use urlkit::lint::{check, lint, Diagnostic, Selection};

fn all() -> Selection {
    Selection::parse(&["all"], &[]).expect("`all` is a selection")
}

/// The findings of rule `name` on `url`, every rule selected.
fn by(url: &str, name: &str) -> Vec<Diagnostic> {
    lint(url, &all())
        .into_iter()
        .filter(|d| d.rule == name)
        .collect()
}

fn names(url: &str) -> Vec<&'static str> {
    check(url).iter().map(|d| d.rule).collect()
}

/// Item 8: Orange Tsai's SSRF payload. RFC 3986 ends the authority at `#`, so the authority has
/// one `@`; the `@` after `#` is the one that urllib and curl disagree about, and a raw space
/// between them does not hide it.
#[test]
fn userinfo_at_survives_a_raw_space() {
    let url = "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/";
    let found = by(url, "userinfo-at");
    assert_eq!(found.len(), 1, "{:?}", check(url));
    assert_eq!(&url[found[0].span.clone()], "1.1.1.1 &@2.2.2.2# @3.3.3.3");
    assert!(names(url).contains(&"userinfo-at"), "{:?}", names(url));
    // Its kin without the space, and a plain userinfo (one `@`, no `#` before it).
    assert_eq!(by("http://a.com#@b.com/", "userinfo-at").len(), 1);
    assert_eq!(by("http://a@b.com#@c.com/", "userinfo-at").len(), 1);
    assert!(by("http://user@example.com/#@top", "userinfo-at").is_empty());
    assert!(by("http://example.com/#@top", "userinfo-at").is_empty());
}

/// Item 8: U+0261 LATIN SMALL LETTER SCRIPT G is a Latin letter: `ɡithub` is one script that
/// looks like `github` (UTS #39 confusables), not a mix of scripts; and its Latin kin.
#[test]
fn latin_lookalikes_are_confusable_not_mixed_script() {
    for (url, looks) in [
        ("https://ɡithub.com/", "github"),
        ("https://xn--ithub-qmc.com/", "github"),
        ("https://ɑpple.com/", "apple"),
        ("https://gıthub.com/", "github"),
    ] {
        let found = names(url);
        assert!(found.contains(&"confusable-host"), "{url}: {found:?}");
        assert!(!found.contains(&"mixed-script-host"), "{url}: {found:?}");
        let d = &by(url, "confusable-host")[0];
        assert!(d.message.contains(&format!("{looks:?}")), "{}", d.message);
    }
    // A real mix of scripts is still both.
    let found = names("https://xn--pple-43d.com/");
    assert!(found.contains(&"confusable-host") && found.contains(&"mixed-script-host"));
    // A Japanese label mixes scripts as Japanese does: neither.
    assert!(
        names("https://日本語テスト.jp/").is_empty(),
        "{:?}",
        names("https://日本語テスト.jp/")
    );
}
