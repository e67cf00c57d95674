//! The laws of keys under attack (DESIGN §7, issue "correct under attack" items 1-3):
//!
//! - normalizing never changes whether a URL has a scheme or an authority (the output is
//!   parsed again), at every level;
//! - a URL compares equal to its own key, and keying a key changes nothing, at every level;
//! - spellings of one URL get one key at the level that equates them.
//!
//! The generator builds a URL from atoms, each with several spellings a level equates (hex
//! case, escapes of unreserved characters, IRI vs URI, host case, port spellings, mailto
//! domain case), and paths that reach dot segments next to empty segments (`/a/..//x`), with
//! and without a scheme or an authority. A respelled copy adds dot segments (equal from
//! `normal`) and `www.` labels (equal at `loose`), so the equalities cannot hold by accident.
//! The inputs that broke these laws before are named regression tests at the end.

use proptest::prelude::*;
use urlkit::compare::compare;
use urlkit::normalize::{key, normalize, Form, Level, Options};
use urlkit::uri::parse;
use urlkit::whatwg::{HostKind, Url};

/// One thing in a URL and its spellings that `safe` equates.
type Atom = &'static [&'static str];

const PATH_ATOMS: &[Atom] = &[
    &["a", "%61"],
    &["A", "%41"],
    &["~", "%7e", "%7E"],
    &["-", "%2d", "%2D"],
    &["運", "%E9%81%8B", "%e9%81%8b"],
    &["é", "%C3%A9", "%c3%a9"],
    &["%2F", "%2f"],
    &["%3A", "%3a"],
    &[":"],
    &["@"],
    &["evil.com", "evil%2ecom", "%65vil.com"],
    &["x@Y.com", "x@%59.com"],
    &["index.html"],
    &["%25", "%25"],
    &["%C3", "%c3"],
    &[" ", "%20"],
    &["."],
    &[".."],
    &["%2e", "%2E"],
    &["%2e%2e", "%2E%2E", "%2e%2E"],
    &[".%2e", ".%2E"],
    &[""],
];

const HOST_ATOMS: &[Atom] = &[
    &["a.com", "A.COM", "%61.com", "a.CoM"],
    &["www.a.com", "WWW.a.com", "%77ww.a.com"],
    &["www.www.a.com", "www.WWW.a.com"],
    &["www.com"],
    &["例え.jp", "xn--r8jz45g.jp", "XN--R8JZ45G.JP"],
    &["[::1]", "[0:0::1]", "[0::1]"],
    &["127.0.0.1"],
    &[""],
];

const USERINFO_ATOMS: &[Atom] = &[&["u", "%75"], &["u:p", "%75:p"], &["U%3a", "U%3A"]];

/// Ports spelled several ways; which are equal depends on the scheme, so a port atom is a
/// number, written with or without leading zeros.
const PORTS: &[&str] = &["", "0", "80", "81", "443", "8080"];

const QUERY_ATOMS: &[Atom] = &[
    &["x=1"],
    &["y=%7e", "y=~", "y=%7E"],
    &["q=運", "q=%E9%81%8B", "q=%e9%81%8b"],
    &["utm_source=z"],
    &["a+b"],
    &["a%20b", "a%20b"],
    &["q=%3D", "q=%3d"],
];

const SCHEMES: &[Atom] = &[
    &["http", "HTTP", "Http"],
    &["https", "HTTPS"],
    &["mailto", "MAILTO"],
    &["foo", "FOO"],
    &["scheme"],
];

const LOCAL_PARTS: &[Atom] = &[&["u", "%75"], &["U"], &["a.b", "a%2eb"], &["%22a@b%22"]];
const DOMAINS: &[Atom] = &[
    &["b.com", "B.COM", "%62.com", "b.Com"],
    &["例え.jp"],
    &["b"],
];

/// The choice of one spelling of one atom: an atom index and a spelling index.
type Choice = (usize, usize);

/// A URL as the choices that build it: every atom as an index into its spellings, so that
/// one shape can be written many ways.
#[derive(Clone, Debug)]
struct Shape {
    scheme: Option<(usize, usize)>,
    authority: Option<Authority>,
    rooted: bool,
    path: Vec<(usize, usize)>,
    mailto: Option<Vec<(Choice, Choice)>>,
    query: Option<Vec<(usize, usize)>>,
    fragment: Option<(usize, usize)>,
}

#[derive(Clone, Debug)]
struct Authority {
    userinfo: Option<(usize, usize)>,
    host: (usize, usize),
    port: Option<(usize, usize)>,
}

/// Pick the `n`-th spelling of `atoms[i]` (indices wrap, so any number is a choice).
fn pick(atoms: &[Atom], (i, n): (usize, usize)) -> &'static str {
    let atom = atoms[i % atoms.len()];
    atom[n % atom.len()]
}

/// A spelling of port `PORTS[i]` with `n % 3` leading zeros (and `""` stays empty).
fn port_spelling((i, n): (usize, usize)) -> String {
    let p = PORTS[i % PORTS.len()];
    if p.is_empty() {
        String::new()
    } else {
        "0".repeat(n % 3) + p
    }
}

/// How to write a shape: which spelling of every atom (`respell` shifts them all).
fn write(shape: &Shape, respell: usize) -> String {
    let r = |(i, n): (usize, usize)| (i, n + respell);
    let mut u = String::new();
    if let Some(s) = shape.scheme {
        u += pick(SCHEMES, r(s));
        u.push(':');
    }
    if let Some(a) = &shape.authority {
        u += "//";
        if let Some(ui) = a.userinfo {
            u += pick(USERINFO_ATOMS, r(ui));
            u.push('@');
        }
        u += pick(HOST_ATOMS, r(a.host));
        if let Some(p) = a.port {
            u.push(':');
            u += &port_spelling(r(p));
        }
    }
    if let Some(addresses) = &shape.mailto {
        for (k, (local, domain)) in addresses.iter().enumerate() {
            if k > 0 {
                u.push(',');
            }
            u += pick(LOCAL_PARTS, r(*local));
            u.push('@');
            u += pick(DOMAINS, r(*domain));
        }
    }
    let after_address = shape.mailto.is_some() && !shape.path.is_empty();
    if shape.rooted || after_address || (shape.authority.is_some() && !shape.path.is_empty()) {
        u.push('/');
    }
    for (k, seg) in shape.path.iter().enumerate() {
        if k > 0 {
            u.push('/');
        }
        let mut atom = pick(PATH_ATOMS, r(*seg));
        // Without an authority a path whose first segment is empty would begin with `//` and
        // be read as an authority (`// ` is a host ` `): the segment is written `.` instead, in
        // every spelling alike, so the shape stays the one generated.
        if k == 0 && atom.is_empty() && shape.authority.is_none() && shape.path.len() > 1 {
            atom = ".";
        }
        // After an address a `@` would start another domain and make the first one part of a
        // local part, which is case-sensitive: not a respelling.
        if !(shape.mailto.is_some() && atom.contains('@')) {
            u += atom;
        }
    }
    if let Some(q) = &shape.query {
        u.push('?');
        let params: Vec<&str> = q.iter().map(|p| pick(QUERY_ATOMS, r(*p))).collect();
        u += &params.join("&");
    }
    if let Some(f) = shape.fragment {
        u.push('#');
        u += pick(PATH_ATOMS, r(f));
    }
    u
}

fn choice() -> impl Strategy<Value = (usize, usize)> {
    (0..64usize, 0..64usize)
}

fn shape() -> impl Strategy<Value = Shape> {
    let authority = (
        prop::option::of(choice()),
        choice(),
        prop::option::weighted(0.4, choice()),
    )
        .prop_map(|(userinfo, host, port)| Authority {
            userinfo,
            host,
            port,
        });
    (
        prop::option::weighted(0.85, choice()),
        prop::option::weighted(0.6, authority),
        any::<bool>(),
        prop::collection::vec(choice(), 0..7),
        prop::option::weighted(0.15, prop::collection::vec((choice(), choice()), 1..3)),
        prop::option::weighted(0.3, prop::collection::vec(choice(), 0..3)),
        prop::option::weighted(0.2, choice()),
    )
        .prop_map(
            |(scheme, authority, rooted, path, mailto, query, fragment)| Shape {
                // Addresses are written only where they mean something: after `mailto:`.
                scheme: if mailto.is_some() {
                    Some((2, scheme.map_or(0, |s| s.1)))
                } else {
                    scheme
                },
                authority: if mailto.is_some() { None } else { authority },
                rooted: rooted && mailto.is_none(),
                path,
                mailto,
                query,
                fragment,
            },
        )
}

/// Whether the URI reference `s` has a scheme and whether it has an authority.
fn uri_shape(s: &str) -> Option<(bool, bool)> {
    let u = parse(s).ok()?;
    Some((u.scheme().is_some(), u.authority().is_some()))
}

/// The key at `level` keeps the input's scheme and authority (read by RFC 3986 at the ladder's
/// levels, by the WHATWG parser at `whatwg`, whose keys are a browser's hrefs), keying it again
/// gives it back, and the input compares equal to it.
fn check_laws(u: &str) -> Result<(), TestCaseError> {
    for level in Level::ALL {
        let o = Options::new(level);
        let Ok(k) = key(u, &o) else { continue };
        if level == Level::Whatwg {
            let (a, b) = (Url::parse(u, None), Url::parse(&k, None));
            let (Ok(a), Ok(b)) = (a, b) else {
                return Err(TestCaseError::fail(format!(
                    "{u:?}: href {k:?} does not parse"
                )));
            };
            prop_assert_eq!(
                a.host_kind() == HostKind::None,
                b.host_kind() == HostKind::None,
                "{:?} -> {:?}: a host appeared or went",
                u,
                k
            );
        } else {
            prop_assert_eq!(
                uri_shape(u),
                uri_shape(&k),
                "{:?} -> {:?} at {}: (scheme, authority) changed",
                u,
                k,
                level
            );
        }
        let again = key(&k, &o);
        prop_assert_eq!(again.as_deref(), Ok(k.as_str()), "key of key at {}", level);
        let c = compare(u, &k, &o);
        prop_assert!(
            c.as_ref().is_ok_and(|c| c.equal),
            "{:?} vs its key {:?} at {}: {:?}",
            u,
            k,
            level,
            c
        );
        if level != Level::Exact && level != Level::Whatwg {
            let iri = normalize(u, &o, Form::Iri);
            let iri_key = iri.as_deref().map(|i| key(i, &o));
            prop_assert!(
                matches!(&iri_key, Ok(Ok(x)) if *x == k),
                "{:?}: IRI form {:?} has the key {:?}, not {:?}",
                u,
                iri,
                iri_key,
                k
            );
        }
    }
    Ok(())
}

/// `path` with a dot segment pair added before one of its `/`s: what `normal` removes.
fn add_dot_segments(u: &str, at: usize, form: usize) -> Option<String> {
    let p = parse(u).ok()?;
    let range = p.range(urlkit::uri::Component::Path)?;
    let path = &u[range.clone()];
    if !path.starts_with('/') {
        return None;
    }
    let slashes: Vec<usize> = path.match_indices('/').map(|(i, _)| i).collect();
    let cut = range.start + slashes[at % slashes.len()];
    let insert = ["/.", "/zz/..", "/%2e", "/Z/%2E%2E"][form % 4];
    Some(format!("{}{insert}{}", &u[..cut], &u[cut..]))
}

/// `u` with `www.` before its reg-name host: what `loose` ignores.
fn add_www(u: &str) -> Option<String> {
    let p = parse(u).ok()?;
    let host = p.range(urlkit::uri::Component::Host)?;
    let h = &u[host.clone()];
    (h.contains('.') && !h.starts_with('[') && h.parse::<std::net::Ipv4Addr>().is_err())
        .then(|| format!("{}www.{}", &u[..host.start], &u[host.start..]))
}

fn equal_at(a: &str, b: &str, level: Level) -> Result<(), TestCaseError> {
    let o = Options::new(level);
    match (key(a, &o), key(b, &o)) {
        (Ok(ka), Ok(kb)) => {
            prop_assert_eq!(&ka, &kb, "{:?} vs {:?} at {}", a, b, level);
            let c = compare(a, b, &o);
            prop_assert!(c.as_ref().is_ok_and(|c| c.equal), "compare {:?}", c);
        }
        // Spellings of one bad URL are bad the same way (the offsets differ with the text).
        (Err(ea), Err(eb)) => prop_assert_eq!(ea.kind(), eb.kind(), "{:?} vs {:?}", a, b),
        (ka, kb) => prop_assert!(
            false,
            "{:?} -> {:?} but {:?} -> {:?} at {}",
            a,
            ka,
            b,
            kb,
            level
        ),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn keys_keep_the_shape_are_fixed_points_and_equal_their_input(s in shape(), respell in 0..6usize) {
        check_laws(&write(&s, respell))?;
    }

    #[test]
    fn spellings_of_one_url_get_one_key(
        s in shape(),
        respell in 1..6usize,
        at in 0..8usize,
        form in 0..4usize,
    ) {
        let (a, b) = (write(&s, 0), write(&s, respell));
        for level in [Level::Safe, Level::Normal, Level::Loose] {
            equal_at(&a, &b, level)?;
        }
        if let Some(dotted) = add_dot_segments(&b, at, form) {
            check_laws(&dotted)?;
            for level in [Level::Normal, Level::Loose] {
                equal_at(&a, &dotted, level)?;
            }
        }
        if let Some(www) = add_www(&b) {
            check_laws(&www)?;
            equal_at(&a, &www, Level::Loose)?;
        }
    }

    /// Text that is not built from atoms: any characters URLs are made of.
    #[test]
    fn laws_hold_for_arbitrary_url_text(u in "([a-zA-Z]{1,5}:)?(//[a-zA-Z0-9.:@%\\[\\]]{0,8})?[a-zA-Z0-9/.%:@~ 運é-]{0,16}(\\?[a-z=&%+.]{0,6})?(#[a-z%.]{0,4})?") {
        check_laws(&u)?;
    }
}

/// Issue item 1: removing dot segments must not invent an authority.
#[test]
fn regression_dot_segments_never_invent_an_authority() {
    for (input, normal) in [
        ("http:/a/..//evil.com/x", "http:/.//evil.com/x"),
        ("scheme:/a/..//evil", "scheme:/.//evil"),
        ("/.//foo/bar", "/.//foo/bar"),
        ("http:/.//evil.com/", "http:/.//evil.com/"),
        ("scheme:a/../..//evil", "scheme:/.//evil"),
    ] {
        for level in [Level::Normal, Level::Loose] {
            let k = key(input, &Options::new(level)).unwrap();
            assert!(parse(&k).unwrap().authority().is_none(), "{input} -> {k}");
            if level == Level::Normal {
                assert_eq!(k, normal, "{input}");
            }
        }
        check_laws(input).unwrap();
    }
    let c = compare(
        "http:/a/..//evil.com/x",
        "http://evil.com/x",
        &Options::new(Level::Normal),
    )
    .unwrap();
    assert!(!c.equal);
    let r = urlkit::uri::resolve_str("http:/a/b", "..//evil.com/x", Default::default()).unwrap();
    assert_eq!(r, "http:/.//evil.com/x");
}

/// Issue item 2: the mailto domain lowercasing stops at the escapes and runs whether or not
/// the path has dot segments.
#[test]
fn regression_mailto_keys_are_fixed_points() {
    let safe = Options::new(Level::Safe);
    assert_eq!(key("mailto:a@b/%E9", &safe).unwrap(), "mailto:a@b/%E9");
    assert_eq!(key("mailto:a@b/%e9", &safe).unwrap(), "mailto:a@b/%E9");
    assert_eq!(
        key("mailto:A@B.COM,C@D.Com", &safe).unwrap(),
        "mailto:A@b.com,C@d.com"
    );
    let normal = Options::new(Level::Normal);
    assert_eq!(key("mailto:A@B/./X", &normal).unwrap(), "mailto:A@b/x");
    for u in ["mailto:a@b/%E9", "mailto:A@B/./X", "mailto:%22A@B%22@C.com"] {
        check_laws(u).unwrap();
    }
}

/// Issue item 2: every leading `www.` goes at `loose`, not one per keying.
#[test]
fn regression_www_www_is_one_key() {
    let loose = Options::new(Level::Loose);
    let k = key("http://www.www.example.com/", &loose).unwrap();
    assert_eq!(k, "https://example.com/");
    assert_eq!(key(&k, &loose).unwrap(), k);
    assert_eq!(
        key("http://www.www.com/", &loose).unwrap(),
        "https://www.com/"
    );
    check_laws("http://www.www.example.com/").unwrap();
}

/// Issue item 3: a port is the number it spells, at every level but `exact`.
#[test]
fn regression_ports_with_leading_zeros() {
    for level in [Level::Safe, Level::Normal, Level::Loose, Level::Whatwg] {
        let o = Options::new(level);
        let k = |u: &str| key(u, &o).unwrap();
        assert_eq!(k("http://h:0080/"), k("http://h/"), "{level}");
        assert_eq!(k("http://h:0080/"), k("http://h:80/"), "{level}");
        assert_eq!(k("http://h:0081/"), k("http://h:81/"), "{level}");
        assert_ne!(k("http://h:0081/"), k("http://h/"), "{level}");
        assert_eq!(k("foo://h:000/"), k("foo://h:0/"), "{level}");
    }
    let safe = Options::new(Level::Safe);
    assert_eq!(key("http://h:0081/", &safe).unwrap(), "http://h:81/");
    let exact = Options::new(Level::Exact);
    assert_ne!(
        key("http://h:0081/", &exact).unwrap(),
        key("http://h:81/", &exact).unwrap()
    );
}

/// Found by `laws_hold_for_arbitrary_url_text`: at `whatwg` a URL equals its key (its href)
/// even when RFC 3986 rejects it (a lone `%`).
#[test]
fn regression_whatwg_compare_equals_a_url_rfc3986_rejects() {
    let o = Options::new(Level::Whatwg);
    let k = key("A:%", &o).unwrap();
    assert_eq!(k, "a:%");
    let c = compare("A:%", &k, &o).unwrap();
    assert!(c.equal);
    assert_eq!(c.lowest_equal_level, None);
    assert!(
        compare("A:%", "b:%", &o).is_err(),
        "no verdict to locate a difference with"
    );
}
