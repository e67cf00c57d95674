//! Properties of `normalize` and `compare` (DESIGN §7), and the acceptance examples of the
//! comparison ladder.

use proptest::prelude::*;
use urlkit::compare::compare;
use urlkit::normalize::{key, normalize, Form, Level, Options, Rule};
use urlkit::uri::Component;

const LADDER: [Level; 3] = [Level::Safe, Level::Normal, Level::Loose];

fn url() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec!["http", "HTTP", "https", "foo"]);
    let host = prop::sample::select(vec![
        "a.com",
        "A.COM",
        "www.a.com",
        "例え.jp",
        "xn--r8jz45g.jp",
        "[::1]",
        "[0:0::1]",
        "%61.com",
    ]);
    let port = prop::sample::select(vec!["", ":", ":80", ":443", ":8080"]);
    let unit = prop::sample::select(vec![
        "a",
        "A",
        "%41",
        "%7e",
        "~",
        ".",
        "..",
        "%2e",
        "%2E",
        "%2F",
        "%2f",
        "/",
        "運",
        "%E9%81%8B",
        "%e9%81%8b",
        "b;c",
        "%3B",
        "\\",
        "%5C",
        "%25",
        "+",
        "%20",
        " ",
        "index.html",
        "'",
        "%27",
    ]);
    let path = prop::collection::vec(unit, 0..6).prop_map(|v| v.concat());
    let param = prop::sample::select(vec![
        "x=1",
        "y=2",
        "utm_source=z",
        "a+b",
        "a%20b",
        "q=%3D",
        "q==",
    ]);
    let query = prop::option::of(prop::collection::vec(param, 0..3).prop_map(|v| v.join("&")));
    let fragment = prop::option::of(prop::sample::select(vec!["", "f", "%66", "運"]));
    (scheme, host, port, prop::bool::ANY, path, query, fragment).prop_map(
        |(s, h, p, rooted, path, q, f)| {
            let mut u = format!("{s}://{h}{p}");
            if rooted || !path.is_empty() {
                u.push('/');
            }
            u.push_str(&path);
            if let Some(q) = q {
                u.push('?');
                u.push_str(&q);
            }
            if let Some(f) = f {
                u.push('#');
                u.push_str(f);
            }
            u
        },
    )
}

/// One way of writing a URL differently that the ladder treats as the same at some level
/// (DESIGN §4): hex case, unreserved escapes, IRI vs URI, host and scheme case, the default
/// port (`safe`); dot segments (`normal`); fragment, trailing slash, `http` vs `https`
/// (`loose`). Applied to the text, so a respelling may also miss (then the inputs are merely
/// different, which the properties allow).
#[derive(Clone, Copy, Debug)]
enum Respelling {
    HexCaseFlip,
    EscapeUnreserved,
    DecodeUnreserved,
    IriToUri,
    UriToIri,
    HostUppercase,
    SchemeUppercase,
    DefaultPort,
    DotSegment,
    Fragment,
    TrailingSlash,
    HttpsToHttp,
}

const RESPELLINGS: [Respelling; 12] = [
    Respelling::HexCaseFlip,
    Respelling::EscapeUnreserved,
    Respelling::DecodeUnreserved,
    Respelling::IriToUri,
    Respelling::UriToIri,
    Respelling::HostUppercase,
    Respelling::SchemeUppercase,
    Respelling::DefaultPort,
    Respelling::DotSegment,
    Respelling::Fragment,
    Respelling::TrailingSlash,
    Respelling::HttpsToHttp,
];

fn respellings() -> impl Strategy<Value = Vec<Respelling>> {
    prop::collection::vec(prop::sample::select(RESPELLINGS.to_vec()), 1..4)
}

/// Where the authority of `u` ends (the path's start), after `scheme://`.
fn authority_end(u: &str) -> usize {
    let start = u.find("://").map_or(0, |i| i + 3);
    u[start..]
        .find(['/', '?', '#'])
        .map_or(u.len(), |i| start + i)
}

/// `u` written as `r` says, where it applies.
fn respell_once(u: &str, r: Respelling) -> String {
    let path_start = authority_end(u);
    let (head, tail) = u.split_at(path_start);
    match r {
        Respelling::HexCaseFlip => {
            let mut out = String::with_capacity(u.len());
            let mut chars = u.chars().peekable();
            while let Some(c) = chars.next() {
                out.push(c);
                if c == '%' {
                    for _ in 0..2 {
                        match chars.next_if(char::is_ascii_hexdigit) {
                            Some(h) if h.is_ascii_uppercase() => out.push(h.to_ascii_lowercase()),
                            Some(h) => out.push(h.to_ascii_uppercase()),
                            None => break,
                        }
                    }
                }
            }
            out
        }
        Respelling::EscapeUnreserved => match tail.find(|c: char| c.is_ascii_alphabetic()) {
            Some(i) => format!(
                "{head}{}%{:02X}{}",
                &tail[..i],
                tail.as_bytes()[i],
                &tail[i + 1..]
            ),
            None => u.to_owned(),
        },
        Respelling::DecodeUnreserved => {
            let mut out = u.to_owned();
            for (escape, plain) in [("%41", "A"), ("%7e", "~"), ("%7E", "~"), ("%66", "f")] {
                out = out.replacen(escape, plain, 1);
            }
            out
        }
        Respelling::IriToUri => u.replacen('運', "%E9%81%8B", 1),
        Respelling::UriToIri => u
            .replacen("%E9%81%8B", "運", 1)
            .replacen("%e9%81%8b", "運", 1),
        Respelling::HostUppercase => {
            let start = u.find("://").map_or(0, |i| i + 3);
            format!(
                "{}{}{}",
                &u[..start],
                u[start..path_start].to_ascii_uppercase(),
                tail
            )
        }
        Respelling::SchemeUppercase => match u.find("://") {
            Some(i) => format!("{}{}", u[..i].to_ascii_uppercase(), &u[i..]),
            None => u.to_owned(),
        },
        Respelling::DefaultPort => {
            let lower = u.to_ascii_lowercase();
            let port = if lower.starts_with("http://") {
                ":80"
            } else if lower.starts_with("https://") {
                ":443"
            } else {
                return u.to_owned();
            };
            if let Some(bare) = head.strip_suffix(port) {
                format!("{bare}{tail}")
            } else if head.ends_with(']')
                || !head[head.find("://").map_or(0, |i| i + 3)..].contains(':')
            {
                format!("{head}{port}{tail}")
            } else {
                u.to_owned()
            }
        }
        Respelling::DotSegment => match tail.strip_prefix('/') {
            Some(rest) => format!("{head}/./{rest}"),
            None if tail.is_empty() => format!("{head}/x/.."),
            None => u.to_owned(),
        },
        Respelling::Fragment => match u.find('#') {
            Some(i) => u[..i].to_owned(),
            None => format!("{u}#top"),
        },
        Respelling::TrailingSlash => {
            let end = tail.find(['?', '#']).map_or(u.len(), |i| path_start + i);
            let path = &u[path_start..end];
            if path.len() > 1 && path.ends_with('/') {
                format!("{}{}", &u[..end - 1], &u[end..])
            } else if path.len() > 1 {
                format!("{}/{}", &u[..end], &u[end..])
            } else {
                u.to_owned()
            }
        }
        Respelling::HttpsToHttp => match u.get(..6) {
            Some(s) if s.eq_ignore_ascii_case("https:") => format!("http:{}", &u[6..]),
            Some(s) if s.starts_with("http:") || s.starts_with("HTTP:") => {
                format!("https:{}", &u[5..])
            }
            _ => u.to_owned(),
        },
    }
}

/// `u` respelled by each of `rs` in turn.
fn respell(u: &str, rs: &[Respelling]) -> String {
    rs.iter().fold(u.to_owned(), |u, r| respell_once(&u, *r))
}

/// The respelled inputs of the two properties below meet their preconditions often: at every
/// level of the ladder a good share of the (a, b, c) chains are equal pairwise, and many pairs
/// are equal at `loose` but not at `safe` (so "equal above" is exercised, not only "equal at
/// every level").
#[test]
fn respelled_inputs_meet_the_preconditions() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let cases = 300;
    let mut chains = [0usize; 3];
    let mut only_higher = 0;
    for _ in 0..cases {
        let a = url().new_tree(&mut runner).expect("a URL").current();
        let r1 = respellings()
            .new_tree(&mut runner)
            .expect("respellings")
            .current();
        let r2 = respellings()
            .new_tree(&mut runner)
            .expect("respellings")
            .current();
        let (b, c) = (respell(&a, &r1), respell(&respell(&a, &r1), &r2));
        for (n, level) in chains.iter_mut().zip(LADDER) {
            if equal(&a, &b, level) && equal(&b, &c, level) {
                *n += 1;
            }
        }
        if equal(&a, &b, Level::Loose) && !equal(&a, &b, Level::Safe) {
            only_higher += 1;
        }
    }
    for (n, level) in chains.iter().zip(LADDER) {
        assert!(
            *n * 5 >= cases,
            "only {n} of {cases} chains equal at {level}"
        );
    }
    assert!(
        only_higher * 10 >= cases,
        "only {only_higher} of {cases} pairs equal above safe only"
    );
}

fn equal(a: &str, b: &str, level: Level) -> bool {
    compare(a, b, &Options::new(level)).is_ok_and(|c| c.equal)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn normalize_is_idempotent(u in url()) {
        for level in LADDER {
            let o = Options::new(level);
            if let Ok(k) = key(&u, &o) {
                prop_assert_eq!(key(&k, &o).unwrap(), k.clone(), "level {}", level);
                let iri = normalize(&u, &o, Form::Iri).unwrap();
                prop_assert_eq!(key(&iri, &o).unwrap(), k, "IRI form at {}", level);
            }
        }
    }

    #[test]
    fn equality_is_reflexive_and_symmetric(a in url(), b in url()) {
        for level in LADDER {
            if key(&a, &Options::new(level)).is_ok() {
                prop_assert!(equal(&a, &a, level));
            }
            prop_assert_eq!(equal(&a, &b, level), equal(&b, &a, level));
        }
    }

    #[test]
    fn equality_is_transitive(a in url(), r1 in respellings(), r2 in respellings()) {
        let b = respell(&a, &r1);
        let c = respell(&b, &r2);
        for level in LADDER {
            if equal(&a, &b, level) && equal(&b, &c, level) {
                prop_assert!(equal(&a, &c, level), "{} {} {} at {}", a, b, c, level);
            }
        }
    }

    #[test]
    fn equal_at_a_level_is_equal_above_it(a in url(), r in respellings()) {
        let b = respell(&a, &r);
        for (i, low) in LADDER.iter().enumerate() {
            if equal(&a, &b, *low) {
                for high in &LADDER[i..] {
                    prop_assert!(equal(&a, &b, *high), "equal at {} but not at {}", low, high);
                }
            }
        }
    }

    #[test]
    fn keys_decide_compare(a in url(), b in url()) {
        for level in LADDER {
            let o = Options::new(level);
            if let (Ok(ka), Ok(kb)) = (key(&a, &o), key(&b, &o)) {
                prop_assert_eq!(compare(&a, &b, &o).unwrap().equal, ka == kb);
            }
        }
    }

    #[test]
    fn safe_never_equates_a_reserved_character_with_its_escape(u in url(), pick in any::<prop::sample::Index>()) {
        let positions: Vec<usize> = u
            .char_indices()
            .filter(|(_, c)| ":/?#[]@!$&'()*+,;=%\\".contains(*c))
            .map(|(i, _)| i)
            .collect();
        prop_assume!(!positions.is_empty());
        let i = positions[pick.index(positions.len())];
        let c = u.as_bytes()[i];
        let escaped = format!("{}%{:02X}{}", &u[..i], c, &u[i + 1..]);
        prop_assert!(!equal(&u, &escaped, Level::Safe), "{} = {}", u, escaped);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Any text, however broken, gets a key or a located error, never a panic; the error
    /// offset is inside the input.
    #[test]
    fn any_text_gets_a_key_or_a_located_error(
        a in "[a-zA-Z0-9:/?#\\[\\]@!$&'()*+,;=%._~ \\-運é\u{0}\u{7f}]{0,40}",
        b in any::<String>(),
    ) {
        for level in Level::ALL {
            let o = Options::new(level);
            for s in [&a, &b] {
                if let Err(e) = key(s, &o) {
                    prop_assert!(e.offset() <= s.len());
                }
                let _ = normalize(s, &o, Form::Iri);
            }
            if let Ok(c) = compare(&a, &b, &o) {
                if let Some(d) = c.difference {
                    prop_assert!(d.offset_a <= a.len() && d.offset_b <= b.len());
                }
            }
        }
    }
}

#[test]
fn dot_segment_tricks_are_never_safe_equal_to_their_target() {
    for a in [
        "/a/%2e%2e/b",
        "/a/%2E%2E/b",
        "/a/../b",
        "/a/..;/b",
        "/a/.%2e/b",
        "http://h/a/%2e%2e/b",
    ] {
        let b = if a.starts_with("http") {
            "http://h/b"
        } else {
            "/b"
        };
        assert!(!equal(a, b, Level::Safe), "{a}");
    }
    assert!(equal("/a/%2e%2e/b", "/b", Level::Normal));
    assert!(equal("/a/../b", "/b", Level::Normal));
    assert!(!equal("/a/..;/b", "/b", Level::Loose));
}

#[test]
fn the_seed_story_slug_is_one_page() {
    let upper = "https://example.com/%E9%81%8B%E5%96%B6%E8%80%85%E6%83%85%E5%A0%B1/";
    let lower = "https://example.com/%e9%81%8b%e5%96%b6%e8%80%85%e6%83%85%e5%a0%b1/";
    let raw = "https://example.com/運営者情報/";
    let c = compare(upper, raw, &Options::default()).unwrap();
    assert!(c.equal);
    assert_eq!(c.rules, vec![Rule::IriToUri]);
    let c = compare(lower, raw, &Options::default()).unwrap();
    assert!(c.equal);
    assert_eq!(c.rules, vec![Rule::HexCase, Rule::IriToUri]);
    assert_eq!(
        normalize(lower, &Options::default(), Form::Iri).unwrap(),
        raw
    );
}

#[test]
fn an_escaped_slash_differs_at_every_level_and_the_byte_is_named() {
    for level in Level::ALL {
        let c = compare("http://a/b%2Fc", "http://a/b/c", &Options::new(level)).unwrap();
        assert!(!c.equal, "{level}");
        let d = c.difference.unwrap();
        assert_eq!(
            (d.component, d.offset_a, d.offset_b),
            (Component::Path, 10, 10)
        );
    }
}

#[test]
fn the_ladder_examples() {
    assert!(equal(
        "HTTP://Example.COM:80/%7e",
        "http://example.com/~",
        Level::Safe
    ));
    assert!(!equal("/a/./b/../c", "/a/c", Level::Safe));
    assert!(equal("/a/./b/../c", "/a/c", Level::Normal));
    for (a, b) in [
        ("http://a.com/?x=1&y=2", "http://a.com/?y=2&x=1"),
        ("http://a.com/dir/", "http://a.com/dir"),
    ] {
        assert!(!equal(a, b, Level::Normal), "{a} {b}");
        assert!(equal(a, b, Level::Loose), "{a} {b}");
    }
    assert!(equal("http://[0:0::1]/", "http://[::1]/", Level::Safe));
    assert!(equal(
        "http://例え.jp/",
        "http://xn--r8jz45g.jp/",
        Level::Safe
    ));
}
