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
    fn equality_is_transitive(a in url(), b in url(), c in url()) {
        for level in LADDER {
            if equal(&a, &b, level) && equal(&b, &c, level) {
                prop_assert!(equal(&a, &c, level), "{} {} {} at {}", a, b, c, level);
            }
        }
    }

    #[test]
    fn equal_at_a_level_is_equal_above_it(a in url(), b in url()) {
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
