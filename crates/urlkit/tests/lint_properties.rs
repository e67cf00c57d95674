//! Laws of `urlkit::lint`:
//! - a URL that `normalize --level safe` produced from clean text has no interoperability
//!   finding, however the text was spelled before (hex case, escaped unreserved characters,
//!   raw or escaped non-ASCII);
//! - a fix is idempotent (fixing a fixed URL changes nothing) and introduces no finding the
//!   URL did not have, at both fix levels, on URLs with the mistakes the rules name (lowercase
//!   hex, escaped unreserved characters, raw spaces and non-ASCII, double encoding, Latin-1
//!   mojibake escaped or raw, UTF-8 read as Shift_JIS, Shift_JIS bytes), and with the mistakes of a whole URL (a mistyped or lost
//!   scheme, an empty host label, a path alone, a `+` in the query).

use std::collections::BTreeSet;

use proptest::prelude::*;
use urlkit::lint::{fix, lint, rule, Family, FixLevel, Selection};
use urlkit::normalize::{normalize, Form, Level, Options};

/// The ASCII letters and digits of clean text.
const ASCII: [(u32, u32); 3] = [
    (0x61, 0x7A), // a-z
    (0x41, 0x5A), // A-Z
    (0x30, 0x39), // 0-9
];

/// The scripts of clean text (NFC, as typed).
const SCRIPTS: [(u32, u32); 7] = [
    (0x3041, 0x3096), // hiragana
    (0x30A1, 0x30FA), // katakana
    (0x4E00, 0x9FFF), // CJK unified ideographs
    (0xAC00, 0xD7A3), // Hangul syllables
    (0x0410, 0x044F), // Cyrillic
    (0x00C0, 0x00FF), // Latin-1 letters
    (0x0E01, 0x0E30), // Thai
];

fn char_in(range: (u32, u32)) -> impl Strategy<Value = char> {
    (range.0..=range.1).prop_map(|c| char::from_u32(c).expect("ranges hold scalar values"))
}

/// Characters of clean text: real scripts and the unreserved ASCII marks. Clean text has no
/// `%`, `+`, `/` or `\`: those are the mistakes the rules are about.
fn clean_char() -> impl Strategy<Value = char> {
    let ranges: Vec<(u32, u32)> = ASCII.into_iter().chain(SCRIPTS).collect();
    prop_oneof![
        8 => prop::sample::select(ranges).prop_flat_map(char_in),
        1 => prop::sample::select(vec!['-', '.', '_', '~', ' ']),
    ]
}

/// A word of one script, two to six letters: what a writer types, and so what a tool
/// misreads (a repair that gives text mixing scripts no text mixes, `ぁ가`, is refused by
/// design).
fn word_of_one_script() -> impl Strategy<Value = String> {
    prop::sample::select(SCRIPTS.to_vec())
        .prop_flat_map(|r| prop::collection::vec(char_in(r), 2..7))
        .prop_map(|v| v.into_iter().collect())
}

fn clean_text() -> impl Strategy<Value = String> {
    prop::collection::vec(clean_char(), 1..10).prop_map(|v| v.into_iter().collect())
}

/// How one character is written: each choice is a respelling of the same text.
#[derive(Clone, Copy, Debug)]
enum Spelling {
    Upper,
    Lower,
    /// Raw where RFC 3987 allows it (non-ASCII, unreserved ASCII); escaped otherwise.
    Raw,
}

fn spell(text: &str, how: &[Spelling]) -> String {
    let mut out = String::new();
    for (i, ch) in text.chars().enumerate() {
        let s = how[i % how.len()];
        let unreserved = ch.is_ascii_alphanumeric() || "-._~".contains(ch);
        if matches!(s, Spelling::Raw) && (unreserved || !ch.is_ascii()) {
            out.push(ch);
            continue;
        }
        let mut buf = [0; 4];
        for b in ch.encode_utf8(&mut buf).bytes() {
            out.push_str(&match s {
                Spelling::Lower => format!("%{b:02x}"),
                _ => format!("%{b:02X}"),
            });
        }
    }
    out
}

fn spelling() -> impl Strategy<Value = Vec<Spelling>> {
    prop::collection::vec(
        prop_oneof![
            Just(Spelling::Upper),
            Just(Spelling::Lower),
            Just(Spelling::Raw)
        ],
        1..6,
    )
}

/// A URL of clean text, respelled.
fn respelled_url() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["example.com", "example.jp", "xn--r8jz45g.jp"]),
        prop::collection::vec(clean_text(), 1..4),
        prop::collection::vec((clean_text(), clean_text()), 0..3),
        spelling(),
        any::<bool>(),
    )
        .prop_map(|(host, segs, pairs, how, slash)| {
            let path: Vec<String> = segs.iter().map(|s| spell(s, &how)).collect();
            let mut url = format!("https://{host}/{}", path.join("/"));
            if slash {
                url.push('/');
            }
            if !pairs.is_empty() {
                let q: Vec<String> = pairs
                    .iter()
                    .map(|(k, v)| format!("{}={}", spell(k, &how), spell(v, &how)))
                    .collect();
                url.push('?');
                url.push_str(&q.join("&"));
            }
            url
        })
}

/// A mistake the rules name, written into a path segment.
fn mistake() -> impl Strategy<Value = String> {
    prop_oneof![
        // Double encoding of a UTF-8 run or of an ASCII escape.
        clean_text().prop_map(|t| spell(&t, &[Spelling::Upper]).replace('%', "%25")),
        // UTF-8 read as Latin-1 and encoded again, one or two layers, of a word of one
        // script: one rare ideograph without a C1 control in its mojibake (`ä¸£` for `丣`)
        // is too little evidence by design (`plausible.rs`, where its cases are pinned).
        (word_of_one_script(), 1usize..3).prop_map(|(t, layers)| {
            let mut s = t;
            for _ in 0..layers {
                s = s.bytes().map(char::from).collect();
            }
            spell(&s, &[Spelling::Upper])
        }),
        // Shift_JIS bytes, as a browser sends them (ASCII trail bytes raw).
        "[ぁ-ゖァ-ヺ外装不良検索東京]{2,6}".prop_map(|t| {
            let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(&t);
            bytes
                .iter()
                .map(|&b| {
                    if b.is_ascii_alphanumeric() {
                        char::from(b).to_string()
                    } else {
                        format!("%{b:02X}")
                    }
                })
                .collect()
        }),
        // UTF-8 read as Shift_JIS (mojibake: `縺薙ｓ縺ｫ縺｡縺ｯ`), raw or encoded again. Only
        // readings that lost no byte: a short word that lost several (`陬�｣�`, two of five
        // characters lost) carries too little of the text to be told from a word, and the
        // rule says nothing there; its lost-byte readings are pinned in lint_traps.rs.
        ("[ぁ-ゖァ-ヺ外装不良検索東京開発]{2,6}", any::<bool>()).prop_filter_map(
            "a Shift_JIS reading that lost no byte",
            |(t, raw)| {
                let (misread, _) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(t.as_bytes());
                if misread.contains('\u{FFFD}') {
                    None
                } else if raw {
                    Some(misread.into_owned())
                } else {
                    Some(spell(&misread, &[Spelling::Upper]))
                }
            },
        ),
        // UTF-8 read as windows-1252, written raw (`é–‹ç™º`), as address bars show it: words
        // of one script (a raw run takes the ASCII letters and digits of its word, an escaped
        // run stops at them, so text mixing kana, Hangul and digits in one word is read
        // differently raw and escaped: `ã\u{81}\u{81}0ê°€K`, left to the repair engine).
        "[ぁ-ゖァ-ヺ外装不良検索東京開発]{2,6}|[à-ÿ]{1,4}|[а-я]{2,6}".prop_map(|t| {
            encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(t.as_bytes())
                .0
                .into_owned()
        }),
        Just("%7euser".to_owned()),
        Just("a b".to_owned()),
        Just("%e6%97%a5".to_owned()),
        Just("運営".to_owned()),
        Just("%2e%2e".to_owned()),
        Just("x%2Fy".to_owned()),
    ]
}

/// A mistake of the whole URL (issue 27.5), or none: the scheme mistyped or lost, the host
/// with an empty label, only the path left, a `+` that form decoders misread.
#[derive(Clone, Copy, Debug)]
enum Trap {
    None,
    SchemeTypo,
    NoColon,
    NoScheme,
    EmptyLabel,
    PathOnly,
    PlusInQuery,
}

fn trap() -> impl Strategy<Value = Trap> {
    prop_oneof![
        12 => Just(Trap::None),
        1 => Just(Trap::SchemeTypo),
        1 => Just(Trap::NoColon),
        1 => Just(Trap::NoScheme),
        1 => Just(Trap::EmptyLabel),
        1 => Just(Trap::PathOnly),
        1 => Just(Trap::PlusInQuery),
    ]
}

fn set_trap(url: String, trap: Trap) -> String {
    let rest = url
        .strip_prefix("https://")
        .expect("generated URLs are https");
    match trap {
        Trap::None => url,
        Trap::SchemeTypo => format!("htps://{rest}"),
        Trap::NoColon => format!("https//{rest}"),
        Trap::NoScheme => rest.to_owned(),
        Trap::EmptyLabel => format!("https://{}", rest.replacen('.', "..", 1)),
        Trap::PathOnly => rest[rest.find('/').unwrap_or(rest.len())..].to_owned(),
        Trap::PlusInQuery => {
            let sep = if url.contains('?') { '&' } else { '?' };
            format!("{url}{sep}q=C++")
        }
    }
}

fn dirty_url() -> impl Strategy<Value = String> {
    (
        respelled_url(),
        prop::collection::vec(mistake(), 1..3),
        trap(),
    )
        .prop_map(|(url, mistakes, trap)| set_trap(dirty(url, mistakes), trap))
}

fn dirty(url: String, mistakes: Vec<String>) -> String {
    {
        let (base, query) = match url.split_once('?') {
            Some((b, q)) => (b.to_owned(), Some(q.to_owned())),
            None => (url, None),
        };
        let mut out = base.trim_end_matches('/').to_owned();
        for m in mistakes {
            out.push('/');
            out.push_str(&m);
        }
        if let Some(q) = query {
            out.push('?');
            out.push_str(&q);
        }
        out
    }
}

fn names(url: &str, sel: &Selection) -> BTreeSet<&'static str> {
    lint(url, sel).iter().map(|d| d.rule).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn safe_normal_form_of_clean_text_has_no_interoperability_finding(url in respelled_url()) {
        let normal = normalize(&url, &Options::new(Level::Safe), Form::Uri)
            .expect("generated URLs normalize");
        let found: Vec<String> = lint(&normal, &Selection::default())
            .iter()
            .filter(|d| rule(d.code).expect("a rule").family == Family::Interoperability)
            .map(|d| format!("{} at {:?}", d.rule, &normal[d.span.clone()]))
            .collect();
        prop_assert!(found.is_empty(), "{} -> {}: {:?}", url, normal, found);
    }

    #[test]
    fn a_fix_is_idempotent_and_introduces_no_finding(url in dirty_url()) {
        let sel = Selection::default();
        let before = names(&url, &sel);
        prop_assert!(!before.is_empty(), "a dirty URL has findings: {}", url);
        for level in [FixLevel::Safe, FixLevel::Unsafe] {
            let once = fix(&url, &sel, level);
            let twice = fix(&once, &sel, level);
            prop_assert_eq!(&twice, &once, "{:?} of {}", level, url);
            let after = names(&once, &sel);
            let new: Vec<&&str> = after.difference(&before).collect();
            prop_assert!(new.is_empty(), "{:?}: {} -> {} has new {:?}", level, url, once, new);
        }
    }
}

/// The generators reach the cases: over a sample, the dirty URLs set off every rule their
/// mistakes are about, and the respelled ones are not already normal.
#[test]
fn the_generators_reach_the_rules() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let sel = Selection::default();
    let mut seen = BTreeSet::new();
    let mut changed_by_unsafe_fix = 0;
    for _ in 0..300 {
        let url = dirty_url()
            .new_tree(&mut runner)
            .expect("a value")
            .current();
        seen.extend(names(&url, &sel));
        if fix(&url, &sel, FixLevel::Unsafe) != fix(&url, &sel, FixLevel::Safe) {
            changed_by_unsafe_fix += 1;
        }
    }
    for want in [
        "double-encoding",
        "latin1-mojibake",
        "legacy-charset",
        "lowercase-hex",
        "encoded-unreserved",
        "raw-space",
        "raw-non-ascii",
        "encoded-dot-segment",
        "encoded-slash",
        "plus-in-query",
        "mojibake",
        "scheme-typo",
        "missing-scheme",
        "empty-host-label",
        "relative-reference",
    ] {
        assert!(seen.contains(want), "{want} never fired: {seen:?}");
    }
    assert!(changed_by_unsafe_fix > 50, "{changed_by_unsafe_fix}");
    let mut respelled_dirty = 0;
    for _ in 0..300 {
        let url = respelled_url()
            .new_tree(&mut runner)
            .expect("a value")
            .current();
        let normal = normalize(&url, &Options::new(Level::Safe), Form::Uri).expect("normalizes");
        if normal != url && !lint(&url, &sel).is_empty() {
            respelled_dirty += 1;
        }
    }
    assert!(respelled_dirty > 100, "{respelled_dirty}");
}

/// A mistake that a safe fix is offered for, at the place it can be: each respells the same
/// URL (hex case, escaped unreserved, raw non-ASCII, a raw space or `"` or `|`, an escape in
/// the host), or is one that must not be called safe (a second `#`, a host escape that
/// decodes to a space or a delimiter).
fn safe_fix_url() -> impl Strategy<Value = String> {
    let host = prop::sample::select(vec![
        "example.com",
        "ex%61mple.com",
        "EX%41MPLE.com",
        "a%20b.com",
        "a%2Fb.com",
        "%C3%A9t%C3%A9.fr",
        "a%25b.com",
        "example..com",
    ]);
    let piece = prop::sample::select(vec![
        "%7euser",
        "%7E",
        "%e6%97%a5",
        "%E6%97%A5",
        "運営",
        "a b",
        "a\"b",
        "a|b",
        "x^y",
        "{x",
        "%41",
        "%2e",
        "%2E%2E",
        "a%2Fb",
        "%25",
        "caf%C3%A9",
        "x",
        "C++",
        "",
    ]);
    let fragment = prop::sample::select(vec![
        "", "#top", "#x#y", "##", "#a b", "#%7e", "#é", "#a|b", "#%23",
    ]);
    (
        prop::sample::select(vec!["http", "https", "HTTP", "foo", "htps"]),
        host,
        prop::collection::vec(piece.clone(), 0..4),
        prop::collection::vec((piece.clone(), piece), 0..3),
        fragment,
    )
        .prop_map(|(scheme, host, segs, pairs, fragment)| {
            let mut url = format!("{scheme}://{host}/{}", segs.join("/"));
            if !pairs.is_empty() {
                let q: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
                url.push('?');
                url.push_str(&q.join("&"));
            }
            url.push_str(fragment);
            url
        })
}

fn safe_key(url: &str) -> Result<String, urlkit::normalize::NormalizeError> {
    urlkit::normalize::key(url, &Options::new(Level::Safe))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Issue 24.12: a safe fix never changes which resource the URL names, where "the same
    /// resource" is `compare --level safe`: the fixed URL has the key of the URL (DESIGN §4).
    /// A URL without a safe key (a malformed escape) is not the law's business.
    #[test]
    fn a_safe_fix_keeps_the_safe_key(url in safe_fix_url()) {
        let sel = Selection::parse(&["all"], &[]).expect("all");
        if let Ok(before) = safe_key(&url) {
            let fixed = fix(&url, &sel, FixLevel::Safe);
            let after = safe_key(&fixed);
            prop_assert_eq!(after.as_ref(), Ok(&before), "{} fixed to {}", url, fixed);
        }
    }
}

/// The safe-fix generator reaches every rule that offers a safe fix, and both kinds of host
/// escape.
#[test]
fn the_safe_fix_generator_reaches_the_safe_fixes() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    use urlkit::lint::Applicability;
    let mut runner = TestRunner::deterministic();
    let sel = Selection::parse(&["all"], &[]).expect("all");
    let (mut safe, mut refused) = (BTreeSet::new(), BTreeSet::new());
    for _ in 0..500 {
        let url = safe_fix_url()
            .new_tree(&mut runner)
            .expect("a value")
            .current();
        for d in lint(&url, &sel) {
            match d.fix.map(|f| f.applicability) {
                Some(Applicability::Safe) => safe.insert(d.rule),
                _ => refused.insert(d.rule),
            };
        }
    }
    for want in [
        "lowercase-hex",
        "encoded-unreserved",
        "raw-non-ascii",
        "raw-space",
        "raw-reserved-misuse",
        "host-percent-encoded",
    ] {
        assert!(safe.contains(want), "{want} never had a safe fix: {safe:?}");
    }
    for want in [
        "host-percent-encoded",
        "raw-reserved-misuse",
        "plus-in-query",
        "scheme-typo",
        "empty-host-label",
    ] {
        assert!(
            refused.contains(want),
            "{want} never had an unsafe or no fix: {refused:?}"
        );
    }
}
