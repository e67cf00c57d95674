use urlkit::normalize::{Level, Options, Rule};

use super::{Fold, Hint, Near, Reason};

/// The bundled example site's pages (examples/wordpress-site, as its REST export writes them).
const SITE: [&str; 5] = [
    "https://example.com/%e9%81%8b%e5%96%b6%e8%80%85%e6%83%85%e5%a0%b1/",
    "https://example.com/%e3%81%8a%e5%95%8f%e3%81%84%e5%90%88%e3%82%8f%e3%81%9b/",
    "https://example.com/ログインできない/",
    "https://example.com/ログインできない-2/",
    "https://example.com/percent-encoding-basics/",
];

fn hints(url: &str) -> Vec<Hint> {
    Near::new(&SITE, &Options::new(Level::Safe)).hints(url, 3)
}

fn first(url: &str) -> (usize, Vec<String>) {
    let h = hints(url);
    let h = h.first().unwrap_or_else(|| panic!("no hint for {url}"));
    (
        h.partner,
        h.reasons.iter().map(ToString::to_string).collect(),
    )
}

#[test]
fn a_missing_slash_is_equal_at_loose_by_trailing_slash() {
    assert_eq!(
        first("https://example.com/運営者情報"),
        (0, vec!["equal at loose (trailing-slash)".to_owned()])
    );
}

#[test]
fn another_scheme_and_www_are_equal_at_loose_by_scheme_and_www() {
    assert_eq!(
        first("http://www.example.com/お問い合わせ/"),
        (1, vec!["equal at loose (scheme, www)".to_owned()])
    );
}

#[test]
fn dot_segments_are_equal_at_normal() {
    let h = hints("https://example.com/x/../percent-encoding-basics/");
    assert_eq!(h[0].partner, 4);
    assert_eq!(
        h[0].reasons,
        [Reason::EqualAt {
            level: Level::Normal,
            rules: vec![Rule::DotSegments]
        }]
    );
}

#[test]
fn a_third_numbered_slug_names_its_neighbours() {
    let h = hints("https://example.com/ログインできない-3/");
    let partners: Vec<usize> = h.iter().map(|h| h.partner).collect();
    assert_eq!(partners, [2, 3]);
    assert!(h.iter().all(|h| h.reasons == [Reason::NumberedSlug]));
}

#[test]
fn one_character_edits_are_found_and_two_are_not() {
    assert_eq!(
        hints("https://example.com/percent-encodin-basics/")[0].reasons,
        [Reason::OneEdit]
    );
    assert_eq!(
        hints("https://example.com/percent-encodingx-basics/")[0].reasons,
        [Reason::OneEdit]
    );
    assert_eq!(
        hints("https://example.com/percent-encodinq-basics/")[0].reasons,
        [Reason::OneEdit]
    );
    assert_eq!(hints("https://example.com/percent-encodixx-basics/"), []);
}

#[test]
fn unicode_forms_width_and_case_are_folded() {
    let nfd: String =
        unicode_normalization::UnicodeNormalization::nfd("ログインできない").collect();
    let h = hints(&format!("https://example.com/{nfd}/"));
    assert_eq!(
        (h[0].partner, &h[0].reasons[..]),
        (2, &[Reason::Folded(Fold::Nfc)][..])
    );
    let h = hints("https://example.com/ﾛｸﾞｲﾝできない/");
    assert_eq!(
        (h[0].partner, &h[0].reasons[..]),
        (2, &[Reason::Folded(Fold::Width)][..])
    );
    let h = hints("https://example.com/Percent-Encoding-Basics/");
    assert_eq!(
        (h[0].partner, &h[0].reasons[..]),
        (4, &[Reason::Folded(Fold::Case)][..])
    );
}

#[test]
fn a_legacy_charset_reading_is_found() {
    // ログインできない in Shift_JIS.
    let sjis = "https://example.com/%83%8D%83O%83C%83%93%82%C5%82%AB%82%C8%82%A2/";
    let h = hints(sjis);
    assert_eq!(h[0].partner, 2);
    assert_eq!(h[0].reasons, [Reason::Charset("Shift_JIS")]);
}

#[test]
fn another_site_or_parent_is_no_slug_hint() {
    assert_eq!(hints("https://other.example/percent-encoding-basics/"), []);
    assert_eq!(
        hints("https://example.com/tag/percent-encoding-basics/"),
        []
    );
    assert_eq!(hints("https://example.com/tag/ログインできない-3/"), []);
}

#[test]
fn no_hint_at_the_join_level_or_below() {
    // Equal at safe: the join matched it already, it is no near match.
    assert_eq!(
        hints("https://example.com/%E9%81%8B%E5%96%B6%E8%80%85%E6%83%85%E5%A0%B1/"),
        []
    );
    let near = Near::new(&SITE, &Options::new(Level::Loose));
    assert!(near
        .hints("https://example.com/運営者情報", 3)
        .iter()
        .all(|h| !matches!(h.reasons[0], Reason::EqualAt { .. })));
}

#[test]
fn at_most_max_hints_and_each_partner_once() {
    let near = Near::new(&SITE, &Options::new(Level::Safe));
    assert_eq!(
        near.hints("https://example.com/ログインできない-3/", 1)
            .len(),
        1
    );
    let h = near.hints("https://example.com/ログインできない-2", 9);
    let mut partners: Vec<usize> = h.iter().map(|h| h.partner).collect();
    partners.dedup();
    assert_eq!(partners.len(), h.len());
}

/// One character of a three-character slug is a third of it: `faq` and `fax` are two pages,
/// and `あ` and `c` nothing alike. From four characters on, one edit is a hint.
#[test]
fn short_slugs_get_no_one_edit_hint() {
    let right = [
        "https://example.com/fax/",
        "https://example.com/c/",
        "https://example.com/abcd/",
    ];
    let near = Near::new(&right, &Options::new(Level::Safe));
    assert_eq!(near.hints("https://example.com/faq/", 3), []);
    assert_eq!(near.hints("https://example.com/あ/", 3), []);
    let hints = near.hints("https://example.com/abce/", 3);
    assert_eq!(hints.len(), 1);
    assert_eq!(hints[0].reasons, [Reason::OneEdit]);
}
