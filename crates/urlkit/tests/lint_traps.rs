//! The traps of the lint issue (27, items 5, 6 and 8) that no rule named: each URL of the issue
//! is reported by the rule meant for it, and its clean spelling is not. Each test uses only the
//! public `check` / `lint` / `fix`, so that it runs unchanged on the commit the issue was filed
//! against (where it fails) and after.

use urlkit::lint::{check, fix, lint, Diagnostic, FixLevel, Selection};

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

/// Item 5: a raw `+` that is not a form's space between words.
#[test]
fn plus_in_query_is_a_note_with_the_fix_percent_2b() {
    let url = "https://example.com/search?q=C++";
    let found = by(url, "plus-in-query");
    assert_eq!(found.len(), 1, "{:?}", check(url));
    assert_eq!(&url[found[0].span.clone()], "++");
    assert!(found
        .iter()
        .all(|d| d.severity == urlkit::lint::Severity::Note));
    assert!(found[0].message.contains("\"C  \""), "{}", found[0].message);
    assert_eq!(
        fix(url, &Selection::default(), FixLevel::Unsafe),
        "https://example.com/search?q=C%2B%2B"
    );
    assert_eq!(fix(url, &Selection::default(), FixLevel::Safe), url);
    for plus in [
        "https://a/?tel=+81312345678",
        "https://a/?grade=A+",
        "https://a/?q=a++b",
        "https://a/?q=1+1&r=x%20y",
    ] {
        assert!(!by(plus, "plus-in-query").is_empty(), "{plus}");
    }
    // A form's spaces between words, and an encoded plus.
    for space in [
        "https://a/?q=a+b",
        "https://a/?q=new+york+city&x=1",
        "https://example.com/search?q=C%2B%2B",
        "https://a/C++",
    ] {
        assert!(by(space, "plus-in-query").is_empty(), "{space}");
    }
}

/// Item 5: scheme typos, with or without their `:`.
#[test]
fn scheme_typos() {
    for (url, fixed) in [
        ("htps://example.com/a", "https://example.com/a"),
        ("https//example.com/a", "https://example.com/a"),
        ("htttp://example.com/a", "http://example.com/a"),
        ("hhtps://example.com/a", "https://example.com/a"),
        ("wsss://example.com/a", "wss://example.com/a"),
        ("fpt://example.com/a", "ftp://example.com/a"),
        ("http;//example.com/a", "http://example.com/a"),
    ] {
        let found = names(url);
        assert!(found.contains(&"scheme-typo"), "{url}: {found:?}");
        assert!(!found.contains(&"relative-reference"), "{url}: {found:?}");
        assert_eq!(
            fix(url, &Selection::default(), FixLevel::Unsafe),
            fixed,
            "{url}"
        );
    }
    // One edit from both http and https: reported, no fix.
    let d = &by("httpx://example.com/", "scheme-typo")[0];
    assert!(d.fix.is_none());
    for fine in [
        "https://example.com/a",
        "HTTPS://example.com/a",
        "ftps://example.com/a",
        "sftp://example.com/a",
        "tcp://example.com:80",
        "C:/Windows/a",
        "mailto:a@example.com",
        "hxxp://example.com/a",
    ] {
        assert!(by(fine, "scheme-typo").is_empty(), "{fine}");
    }
}

/// Item 5: a host name without its scheme.
#[test]
fn missing_scheme() {
    for (url, fixed) in [
        ("example.com/a", "https://example.com/a"),
        ("www.example.com", "https://www.example.com"),
        ("example.com:8080/a", "https://example.com:8080/a"),
        ("localhost:8080", "https://localhost:8080"),
    ] {
        let found = names(url);
        assert!(found.contains(&"missing-scheme"), "{url}: {found:?}");
        assert!(!found.contains(&"relative-reference"), "{url}: {found:?}");
        assert_eq!(
            fix(url, &Selection::default(), FixLevel::Unsafe),
            fixed,
            "{url}"
        );
    }
    for file in ["index.html", "img/logo.png", "/a/b", "a/b", "v1.2/x"] {
        assert!(by(file, "missing-scheme").is_empty(), "{file}");
    }
}

/// Item 5: an empty label in the host; one trailing dot is the root.
#[test]
fn empty_host_label() {
    for (url, fixed) in [
        ("https://example..com/", "https://example.com/"),
        ("https://.example.com/", "https://example.com/"),
        ("https://a...b.example./x", "https://a.b.example./x"),
    ] {
        let found = names(url);
        assert!(found.contains(&"empty-host-label"), "{url}: {found:?}");
        assert_eq!(
            fix(url, &Selection::default(), FixLevel::Unsafe),
            fixed,
            "{url}"
        );
    }
    for fine in [
        "https://example.com./",
        "https://example.com/a..b",
        "file:///etc/x",
    ] {
        assert!(by(fine, "empty-host-label").is_empty(), "{fine}");
    }
}

/// Item 5: a relative reference, and an empty line where a URL was expected.
#[test]
fn relative_references_and_empty_lines() {
    for url in ["", "/products/42", "//example.com/a", "a/b", "?q=1", "#top"] {
        let found = by(url, "relative-reference");
        assert_eq!(found.len(), 1, "{url:?}: {:?}", check(url));
        assert!(found[0].fix.is_none());
    }
    assert!(by("", "relative-reference")[0]
        .message
        .contains("empty line"));
    assert!(by("https://example.com/", "relative-reference").is_empty());
    assert!(by("urn:isbn:0451450523", "relative-reference").is_empty());
}

/// Item 6: mojibake written raw is flagged and its fix is the repair; UTF-8 read as Latin-1
/// is `latin1-mojibake`'s, read in another charset `mojibake`'s, and a lost byte is reported
/// without a fix.
#[test]
fn raw_mojibake_is_flagged_and_repaired() {
    // 開発 read as windows-1252, written raw as an address bar shows it.
    let url = "https://example.com/tags/é–‹ç™º/";
    let found = by(url, "latin1-mojibake");
    assert_eq!(found.len(), 1, "{:?}", check(url));
    assert!(
        found[0].message.contains("\"開発\""),
        "{}",
        found[0].message
    );
    assert!(by(url, "mojibake").is_empty());
    assert_eq!(
        fix(url, &Selection::default(), FixLevel::Unsafe),
        "https://example.com/tags/%E9%96%8B%E7%99%BA/"
    );
    // こんにちは read as Shift_JIS: pasted text, a raw path segment, and escaped.
    for (text, fixed) in [
        ("縺薙ｓ縺ｫ縺｡縺ｯ", "%E3%81%93%E3%82%93%E3%81%AB%E3%81%A1%E3%81%AF"),
        (
            "https://example.com/tags/縺薙ｓ縺ｫ縺｡縺ｯ",
            "https://example.com/tags/%E3%81%93%E3%82%93%E3%81%AB%E3%81%A1%E3%81%AF",
        ),
        (
            "https://example.com/%E7%B8%BA%E8%96%99%EF%BD%93%E7%B8%BA%EF%BD%AB%E7%B8%BA%EF%BD%A1%E7%B8%BA%EF%BD%AF",
            "https://example.com/%E3%81%93%E3%82%93%E3%81%AB%E3%81%A1%E3%81%AF",
        ),
    ] {
        let found = by(text, "mojibake");
        assert_eq!(found.len(), 1, "{text}: {:?}", check(text));
        assert!(found[0].message.contains("\"こんにちは\"") && found[0].message.contains("Shift_JIS"));
        assert!(by(text, "latin1-mojibake").is_empty(), "{text}");
        assert_eq!(fix(text, &Selection::default(), FixLevel::Unsafe), fixed);
    }
    // Another charset: 検索 read as GBK.
    let (gbk, _) = encoding_rs::GBK.decode_without_bom_handling("検索".as_bytes());
    let url = format!("https://example.com/{gbk}");
    assert_eq!(by(&url, "mojibake").len(), 1, "{url}: {:?}", check(&url));
    // A lost byte: reported with its reading, never fixed.
    for lossy in [
        "https://example.com/譌･譛ｬ隱\u{FFFD}",
        "https://example.com/SlovenÄ\u{FFFD}ina",
    ] {
        let found = by(lossy, "mojibake");
        assert_eq!(found.len(), 1, "{lossy}: {:?}", check(lossy));
        assert!(found[0].fix.is_none());
        assert!(
            found[0].message.contains("lost a byte"),
            "{}",
            found[0].message
        );
        assert!(by(lossy, "latin1-mojibake").is_empty());
    }
    // ゥ through Latin-1: the engine kept it as ambiguous (ゥ's Big5 bytes are the UTF-8 of
    // ǡ), so no rule said anything; a property test found it.
    let url = "https://example.com/%C3%A3%C2%82%C2%A5";
    assert_eq!(
        by(url, "latin1-mojibake").len(),
        1,
        "{url}: {:?}",
        check(url)
    );
    // Clean text of every script stays clean.
    for clean in [
        "https://example.com/こんにちは",
        "https://example.com/café/naïve",
        "https://example.ru/москва",
    ] {
        assert!(
            by(clean, "mojibake").is_empty() && by(clean, "latin1-mojibake").is_empty(),
            "{clean}"
        );
    }
}
