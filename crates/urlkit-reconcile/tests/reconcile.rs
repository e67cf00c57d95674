//! The reconciliation engine with the real keys: the seed's cases, duplicates, invalid URLs,
//! thread-count independence, and properties (reconcile(A, A) matches everything; reconcile is
//! symmetric).

use std::borrow::Cow;
use std::collections::BTreeSet;

use proptest::prelude::*;
use urlkit::codec::{sets, Encoder, HexCase};
use urlkit::normalize::{Level, Options};
use urlkit_reconcile::{LevelKeyer, Reconciler, Side};

const SAFE: LevelKeyer = LevelKeyer::new(Options::new(Level::Safe));

fn run<'a>(
    keyer: &LevelKeyer,
    left: &[&'a str],
    right: &[&'a str],
    threads: usize,
) -> urlkit_reconcile::Reconciliation<usize> {
    let mut r = Reconciler::new(keyer).threads(threads);
    r.add_batch(
        Side::Left,
        left.iter()
            .enumerate()
            .map(|(i, u)| (u.to_string(), i))
            .collect(),
    );
    r.add_batch(
        Side::Right,
        right
            .iter()
            .enumerate()
            .map(|(i, u)| (u.to_string(), i))
            .collect(),
    );
    r.finish()
}

#[test]
fn seed_first_incident_hex_case() {
    let done = run(
        &SAFE,
        &["https://example.com/%E9%81%8B%E5%96%B6%E8%80%85%E6%83%85%E5%A0%B1/"],
        &["https://example.com/%e9%81%8b%e5%96%b6%e8%80%85%e6%83%85%e5%a0%b1/"],
        1,
    );
    let s = done.summary();
    assert_eq!((s.matched_normalized, s.only_left, s.only_right), (1, 0, 0));
    assert_eq!(s.rule_counts, vec![("hex-case", 1)]);
}

#[test]
fn seed_second_incident_raw_japanese() {
    let done = run(
        &SAFE,
        &["https://example.com/tag/ログインできない/"],
        &["https://example.com/tag/%e3%83%ad%e3%82%b0%e3%82%a4%e3%83%b3%e3%81%a7%e3%81%8d%e3%81%aa%e3%81%84/"],
        1,
    );
    let pair = done.matched().next().unwrap();
    assert_eq!(pair.rules, ["hex-case", "iri-to-uri"]);
    assert!(done.summary().is_complete_match());
}

#[test]
fn exact_level_reports_the_seed_false_missing() {
    let exact = LevelKeyer::new(Options::new(Level::Exact));
    let done = run(
        &exact,
        &["https://example.com/%E9%81%8B/"],
        &["https://example.com/%e9%81%8b/"],
        1,
    );
    assert_eq!(
        (done.summary().only_left, done.summary().only_right),
        (1, 1)
    );
}

#[test]
fn safe_never_equates_an_encoded_slash() {
    let done = run(
        &SAFE,
        &["https://example.com/a%2Fb/"],
        &["https://example.com/a/b/"],
        1,
    );
    assert_eq!(done.summary().matched(), 0);
}

#[test]
fn duplicates_are_counted_and_kept_as_examples() {
    let done = run(
        &SAFE,
        &[
            "http://a/%e3%81%82",
            "http://a/あ",
            "http://A/%E3%81%82",
            "http://a/x",
        ],
        &["http://a/x", "http://a/x"],
        1,
    );
    let s = done.summary();
    assert_eq!(
        (
            s.left.records,
            s.left.distinct,
            s.left.duplicate_keys,
            s.left.duplicate_records
        ),
        (4, 2, 1, 2)
    );
    assert_eq!((s.right.duplicate_keys, s.right.duplicate_records), (1, 1));
    let d: Vec<_> = done.duplicates(Side::Left).collect();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].count, 3);
    assert_eq!(d[0].first.url(), "http://a/%e3%81%82");
    let others: Vec<Cow<str>> = d[0].others.iter().map(|o| o.url()).collect();
    assert_eq!(others, ["http://a/あ", "http://A/%E3%81%82"]);
    assert_eq!(*d[0].others[1].meta(), 2);
}

#[test]
fn invalid_urls_match_only_their_exact_text() {
    let done = run(
        &SAFE,
        &["http://a/%zz", "http://a/%ZZ"],
        &["http://a/%zz"],
        1,
    );
    let s = done.summary();
    assert_eq!(
        (
            s.matched_exact,
            s.only_left,
            s.left.invalid,
            s.right.invalid
        ),
        (1, 1, 2, 1)
    );
    let first = done.invalid().next().unwrap();
    assert_eq!(
        (first.error.kind().name(), first.error.offset()),
        ("malformed-escape", 9)
    );
}

#[test]
fn lists_follow_first_appearance() {
    let done = run(
        &SAFE,
        &["http://a/3", "http://a/1", "http://a/2"],
        &["http://a/9", "http://a/1", "http://a/8"],
        1,
    );
    let left: Vec<Cow<str>> = done.only(Side::Left).map(|o| o.url()).collect();
    let right: Vec<Cow<str>> = done.only(Side::Right).map(|o| o.url()).collect();
    assert_eq!(left, ["http://a/3", "http://a/2"]);
    assert_eq!(right, ["http://a/9", "http://a/8"]);
}

/// The page `slug` written the ways real lists write it, by `form` modulo 3: raw, escaped in
/// uppercase hex, escaped in lowercase hex.
fn written(slug: &str, form: usize) -> String {
    let enc = Encoder::new(sets::PATH_SEGMENT);
    match form % 3 {
        0 => format!("https://example.com/{slug}/"),
        1 => format!("https://example.com/{}/", enc.encode_str(slug)),
        _ => format!(
            "https://example.com/{}/",
            enc.hex(HexCase::Lower).encode_str(slug)
        ),
    }
}

#[test]
fn the_result_does_not_depend_on_the_thread_count() {
    let urls: Vec<String> = (0..20_000)
        .map(|i| written(&format!("記事{}", i % 7000), i))
        .collect();
    let left: Vec<&str> = urls.iter().step_by(2).map(String::as_str).collect();
    let right: Vec<&str> = urls.iter().skip(1).step_by(3).map(String::as_str).collect();
    let one = run(&SAFE, &left, &right, 1);
    let four = run(&SAFE, &left, &right, 4);
    assert_eq!(one.summary(), four.summary());
    let a: Vec<(Cow<str>, Cow<str>, Vec<&str>)> = one
        .matched()
        .map(|p| (p.left.url(), p.right.url(), p.rules))
        .collect();
    let b: Vec<(Cow<str>, Cow<str>, Vec<&str>)> = four
        .matched()
        .map(|p| (p.left.url(), p.right.url(), p.rules))
        .collect();
    assert_eq!(a, b);
}

#[test]
fn large_results_do_not_depend_on_the_thread_count() {
    // Enough distinct keys that the result is counted on several threads too, with
    // duplicates and keys on one side only.
    let spell = |i: usize, page: usize| written(&format!("記事-{page}"), i);
    // Left: pages 0..80000, the first 20000 twice; right: pages 50000..130000 and 0..20000.
    let left: Vec<String> = (0..100_000).map(|i| spell(i, i % 80_000)).collect();
    let right: Vec<String> = (50_000..150_000).map(|i| spell(i, i % 130_000)).collect();
    let left: Vec<&str> = left.iter().map(String::as_str).collect();
    let right: Vec<&str> = right.iter().map(String::as_str).collect();
    let one = run(&SAFE, &left, &right, 1);
    let three = run(&SAFE, &left, &right, 3);
    assert_eq!(one.summary(), three.summary());
    assert!(one.summary().left.duplicate_records > 0 && one.summary().only_right > 0);
    for side in [Side::Left, Side::Right] {
        let a: Vec<Cow<str>> = one.only(side).map(|o| o.url()).collect();
        let b: Vec<Cow<str>> = three.only(side).map(|o| o.url()).collect();
        assert_eq!(a, b);
        let a: Vec<(usize, Vec<Cow<str>>)> = one
            .duplicates(side)
            .map(|d| (d.count, d.others.iter().map(|o| o.url()).collect()))
            .collect();
        let b: Vec<(usize, Vec<Cow<str>>)> = three
            .duplicates(side)
            .map(|d| (d.count, d.others.iter().map(|o| o.url()).collect()))
            .collect();
        assert_eq!(a, b);
    }
    let pairs =
        |r: &urlkit_reconcile::Reconciliation<usize>| -> Vec<(String, String, Vec<&'static str>)> {
            r.matched()
                .map(|p| (p.left.url().to_string(), p.right.url().to_string(), p.rules))
                .collect()
        };
    assert_eq!(pairs(&one), pairs(&three));
}

/// URLs drawn from a few pages, each written in one of several spellings.
fn url() -> impl Strategy<Value = String> {
    let slugs = prop::sample::select(vec![
        "運営者情報",
        "ログインできない",
        "tokyo-cafe",
        "a~b",
        "100%25",
        "x%2Fy",
        "お問い合わせ",
    ]);
    let hosts = prop::sample::select(vec![
        "example.com",
        "EXAMPLE.com",
        "example.com:443",
        "other.example",
    ]);
    (hosts, slugs, 0..4u8).prop_map(|(host, slug, form)| {
        let upper = Encoder::new(sets::PATH_SEGMENT.remove(b'%'));
        let s = match form {
            0 => slug.to_string(),
            1 => upper.encode_str(slug).into_owned(),
            2 => upper.hex(HexCase::Lower).encode_str(slug).into_owned(),
            _ => slug.replace('~', "%7E"),
        };
        format!("https://{host}/{s}/")
    })
}

fn set<'a>(it: impl Iterator<Item = Cow<'a, str>>) -> BTreeSet<String> {
    it.map(Cow::into_owned).collect()
}

proptest! {
    #[test]
    fn reconcile_a_with_itself_matches_everything(a in prop::collection::vec(url(), 0..40)) {
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        let done = run(&SAFE, &refs, &refs, 1);
        let s = done.summary();
        prop_assert!(s.is_complete_match());
        prop_assert_eq!(s.matched(), s.left.distinct);
        prop_assert_eq!(s.matched_normalized, 0);
        prop_assert_eq!(&s.left, &s.right);
    }

    #[test]
    fn reconcile_is_symmetric(a in prop::collection::vec(url(), 0..40), b in prop::collection::vec(url(), 0..40)) {
        let ra: Vec<&str> = a.iter().map(String::as_str).collect();
        let rb: Vec<&str> = b.iter().map(String::as_str).collect();
        let ab = run(&SAFE, &ra, &rb, 1);
        let ba = run(&SAFE, &rb, &ra, 1);
        let (x, y) = (ab.summary(), ba.summary());
        prop_assert_eq!(x.matched_exact, y.matched_exact);
        prop_assert_eq!(x.matched_normalized, y.matched_normalized);
        prop_assert_eq!(x.only_left, y.only_right);
        prop_assert_eq!(x.only_right, y.only_left);
        prop_assert_eq!(&x.left, &y.right);
        prop_assert_eq!(set(ab.only(Side::Left).map(|o| o.url())), set(ba.only(Side::Right).map(|o| o.url())));
        prop_assert_eq!(set(ab.only(Side::Right).map(|o| o.url())), set(ba.only(Side::Left).map(|o| o.url())));
        let pairs_ab: BTreeSet<(String, String)> = ab.matched().map(|p| (p.left.url().into_owned(), p.right.url().into_owned())).collect();
        let pairs_ba: BTreeSet<(String, String)> = ba.matched().map(|p| (p.right.url().into_owned(), p.left.url().into_owned())).collect();
        prop_assert_eq!(pairs_ab, pairs_ba);
    }
}

/// A URL of one of a few pages (so that keys repeat, within a side and across), each character
/// of its path written raw or escaped in uppercase, lowercase or mixed-case hex: the spellings
/// the reconciliation keeps as transforms of the key, and the ones it keeps as text.
fn spelled_url() -> impl Strategy<Value = String> {
    const PAGES: [&str; 4] = ["運営", "é~a", "😀/b", "z%"];
    let page = 0..PAGES.len();
    let forms = prop::collection::vec(0..4u8, 4);
    let host = prop::sample::select(vec!["example.com", "EXAMPLE.com"]);
    (host, page, forms, prop::bool::ANY).prop_map(|(host, page, forms, query)| {
        let mut path = String::new();
        for (c, form) in PAGES[page].chars().zip(forms.iter().cycle()) {
            let mut buf = [0u8; 4];
            let bytes = c.encode_utf8(&mut buf).as_bytes();
            // `%` is always escaped (raw, it would start no escape).
            let form = if c == '%' { form.max(&1) } else { form };
            for (i, b) in bytes.iter().enumerate() {
                match form {
                    0 => {}
                    1 => path.push_str(&format!("%{b:02X}")),
                    2 => path.push_str(&format!("%{b:02x}")),
                    _ if i % 2 == 0 => path.push_str(&format!("%{b:02x}")),
                    _ => path.push_str(&format!("%{b:02X}")),
                }
            }
            if *form == 0 {
                path.push(c);
            }
        }
        let query = if query { "?q=%E6%9D%B1" } else { "" };
        format!("https://{host}/{path}/{query}")
    })
}

proptest! {
    #[test]
    fn every_occurrence_gives_back_its_url_exactly(
        left in prop::collection::vec(spelled_url(), 0..30),
        right in prop::collection::vec(spelled_url(), 0..30),
    ) {
        let l: Vec<&str> = left.iter().map(String::as_str).collect();
        let r: Vec<&str> = right.iter().map(String::as_str).collect();
        let done = run(&SAFE, &l, &r, 1);
        // Each record's metadata is its number in its list.
        let input = |side: Side| match side {
            Side::Left => &left,
            Side::Right => &right,
        };
        let mut exact = 0;
        for p in done.matched() {
            prop_assert_eq!(&p.left.url(), &left[*p.left.meta()]);
            prop_assert_eq!(&p.right.url(), &right[*p.right.meta()]);
            let same = left[*p.left.meta()] == right[*p.right.meta()];
            prop_assert_eq!(p.is_exact(), same);
            exact += usize::from(same);
        }
        prop_assert_eq!(done.summary().matched_exact, exact);
        for side in [Side::Left, Side::Right] {
            for o in done.only(side) {
                prop_assert_eq!(&o.url(), &input(side)[*o.meta()]);
            }
            for d in done.duplicates(side) {
                for o in std::iter::once(&d.first).chain(&d.others) {
                    prop_assert_eq!(&o.url(), &input(side)[*o.meta()]);
                }
            }
        }
    }
}

/// A keyer that explains every pair by every rule there is.
struct EveryRule;

impl urlkit_reconcile::Keyer for EveryRule {
    fn key_into(&self, url: &str, out: &mut String) -> Result<(), urlkit_reconcile::KeyError> {
        out.push_str(&url.to_ascii_lowercase());
        Ok(())
    }

    fn rules(&self, _: &str, _: &str, out: &mut urlkit_reconcile::MatchRules) {
        for rule in urlkit_reconcile::MatchRule::ALL {
            out.insert(rule);
        }
    }
}

#[test]
fn every_rule_a_keyer_names_is_counted_and_listed() {
    // Issue 26.7: rule names were interned into 64 bits per pair, and names past the 64th
    // were dropped from the counts. A pair's rules are a MatchRules now, whose capacity is
    // the number of rules: a keyer cannot name a rule the counts leave out.
    let mut r = Reconciler::new(&EveryRule);
    r.add(Side::Left, "/A", ());
    r.add(Side::Left, "/B", ());
    r.add(Side::Right, "/a", ());
    r.add(Side::Right, "/b", ());
    let done = r.finish();
    let all: Vec<&str> = urlkit_reconcile::MatchRule::ALL
        .iter()
        .map(|rule| rule.name())
        .collect();
    let mut counted: Vec<(&str, usize)> = done.summary().rule_counts.clone();
    counted.sort();
    let mut want: Vec<(&str, usize)> = all.iter().map(|name| (*name, 2)).collect();
    want.sort();
    assert_eq!(counted, want);
    for pair in done.matched() {
        assert_eq!(pair.rules, all, "in ladder order, the browser's last");
    }
}
