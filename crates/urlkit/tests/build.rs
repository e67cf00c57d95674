//! Laws of `urlkit::build`: building then parsing gives every component back (urlkit's own
//! parse agrees with the real parsers of scripts/checks/build.sh), editing keeps every byte
//! it does not touch, and no path ever becomes an authority.

use proptest::prelude::*;
use urlkit::build::{
    read_params, read_segments, BuildErrorKind, HostInput, QueryStyle, UrlBuilder,
};
use urlkit::codec::{decode, DecodeMode};
use urlkit::uri::parse;

/// Any string, weighted towards the characters that matter: delimiters, `%`, `+`, space,
/// controls, non-ASCII (Japanese, emoji) and any other scalar value.
fn value() -> impl Strategy<Value = String> {
    let special = prop::sample::select(
        "/?#%+&=; .~*!'()[]@:$,\\\"<>^`{|}\t\n\r\u{0}\u{7f}"
            .chars()
            .collect::<Vec<_>>(),
    );
    let ch = prop_oneof![
        3 => special,
        2 => prop::char::range('a', 'z'),
        2 => prop::char::range('\u{3041}', '\u{30FA}'),
        1 => prop::char::range('\u{1F300}', '\u{1FAFF}'),
        1 => any::<char>(),
    ];
    prop::collection::vec(ch, 0..10).prop_map(|v| v.into_iter().collect())
}

fn segment() -> impl Strategy<Value = String> {
    value().prop_filter("dot segments are refused", |s| s != "." && s != "..")
}

fn style() -> impl Strategy<Value = QueryStyle> {
    prop::sample::select(QueryStyle::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn build_then_parse_gives_the_components_back(
        segments in prop::collection::vec(segment(), 1..5),
        params in prop::collection::vec((value(), value()), 0..5),
        fragment in prop::option::of(value()),
        style in style(),
        host in prop::sample::select(vec!["example.com", "日本語.jp", "192.0.2.1", "[::1]"]),
    ) {
        let mut b = UrlBuilder::new("https").unwrap().query_style(style).host(HostInput::parse(host)).unwrap();
        b = b.segments(segments.iter().map(String::as_str)).unwrap();
        for (k, v) in &params {
            b = b.param(k, v);
        }
        if let Some(f) = &fragment {
            b = b.fragment(f);
        }
        let built = b.build().unwrap();
        let uri = built.uri();
        prop_assert!(uri.is_ascii());
        let u = parse(uri).unwrap();
        let got: Vec<Vec<u8>> = read_segments(&u).into_iter().map(|s| s.value).collect();
        let want: Vec<Vec<u8>> = segments.iter().map(|s| s.as_bytes().to_vec()).collect();
        prop_assert_eq!(got, want);
        let got: Vec<(Vec<u8>, Vec<u8>)> = read_params(&u, style).into_iter().map(|p| (p.key, p.value)).collect();
        let want: Vec<(Vec<u8>, Vec<u8>)> = params.iter().map(|(k, v)| (k.as_bytes().to_vec(), v.as_bytes().to_vec())).collect();
        prop_assert_eq!(got, want);
        let got = u.fragment().map(|f| decode(f, DecodeMode::Strict).unwrap().into_owned());
        prop_assert_eq!(got, fragment);
        // The IRI names the same resource: it parses, and maps back to the same URI.
        let iri = built.iri();
        let again = UrlBuilder::from_url(&iri).unwrap().build().unwrap();
        prop_assert_eq!(again.uri(), uri);
    }

    /// Edits keep the untouched parts byte for byte: the head (scheme, authority), the path
    /// unless a segment is appended, every other query parameter in order, the fragment.
    /// The inputs respell escapes (upper- and lowercase hex) and keep `+` and `~` raw.
    #[test]
    fn editing_keeps_untouched_bytes(
        path in "(/([a-zA-Z0-9._~!$&'()*+,;=:@-]|%[0-9a-fA-F]{2}){0,6}){0,3}",
        pieces in prop::collection::vec("([a-c0-9+~._-]|%[0-9a-fA-F]{2}){0,3}(=([a-zA-Z0-9+~._=-]|%[0-9a-fA-F]{2}){0,4})?", 0..6),
        fragment in prop::option::of("([a-zA-Z0-9?/._~-]|%[0-9a-fA-F]{2}){0,6}"),
        key in "[a-c]{1,2}",
        value in value(),
        edit in 0..4u8,
        style in style(),
    ) {
        let mut url = format!("https://user@Example.COM:8080{path}");
        if !pieces.is_empty() {
            url.push('?');
            url.push_str(&pieces.join("&"));
        }
        if let Some(f) = &fragment {
            url.push('#');
            url.push_str(f);
        }
        let before = parse(&url).unwrap();
        let b = UrlBuilder::from_url(&url).unwrap().query_style(style);
        let named = |p: &str| !p.is_empty() && style.decode(p.split('=').next().unwrap_or("").as_bytes()) == key.as_bytes();
        let b = match edit {
            0 => b.remove_param(&key),
            1 => b.param(&key, &value),
            2 => b.set_param(&key, &value),
            _ => match b.segment(&value) {
                Ok(b) => b,
                Err(_) => return Ok(()),
            },
        };
        let out = b.build().unwrap();
        let after = parse(out.uri()).unwrap();
        prop_assert_eq!(after.scheme(), before.scheme());
        prop_assert_eq!(after.authority(), before.authority());
        prop_assert_eq!(after.fragment(), before.fragment());
        if edit == 3 {
            prop_assert!(after.path().starts_with(before.path().trim_end_matches('/')));
            prop_assert_eq!(after.query(), before.query());
            return Ok(());
        }
        prop_assert_eq!(after.path(), before.path());
        let mut old: Vec<&str> = before.query().map(|q| q.split('&').collect()).unwrap_or_default();
        // A lone `?` holds no parameter: adding one fills it (`https://a/?` -> `?k=v`).
        if old == [""] && edit != 0 {
            old.clear();
        }
        let new: Vec<&str> = after.query().map(|q| q.split('&').collect()).unwrap_or_default();
        let others = |v: &[&str]| -> Vec<String> { v.iter().filter(|p| !named(p)).map(|p| p.to_string()).collect() };
        match edit {
            0 => {
                prop_assert_eq!(others(&new), others(&old));
                prop_assert!(new.iter().all(|p| !named(p)));
                prop_assert_eq!(after.query().is_none(), old.iter().all(|p| named(p)) && !old.is_empty() || before.query().is_none());
            }
            1 => {
                let keep = old.len();
                prop_assert_eq!(&new[..keep], &old[..]);
                prop_assert_eq!(new.len(), keep + 1);
                prop_assert!(named(new[keep]) || key.is_empty());
            }
            _ => {
                prop_assert_eq!(others(&new), others(&old));
                prop_assert_eq!(new.iter().filter(|p| named(p)).count(), 1);
            }
        }
    }

    /// A URL without an authority never gets one from its path: either the build refuses,
    /// or what it writes parses with no authority.
    #[test]
    fn a_path_never_invents_an_authority(segments in prop::collection::vec(prop_oneof![Just(String::new()), segment()], 0..4)) {
        let b = UrlBuilder::new("x").unwrap().segments(segments.iter().map(String::as_str)).unwrap();
        match b.build() {
            Ok(u) => prop_assert_eq!(parse(u.uri()).unwrap().authority(), None),
            Err(e) => {
                prop_assert_eq!(e.kind(), BuildErrorKind::PathLooksLikeAuthority);
                prop_assert!(segments.first().is_some_and(String::is_empty) && segments.len() > 1);
            }
        }
    }
}

#[test]
fn seed_search_example() {
    let u = UrlBuilder::from_url("https://example.com/search")
        .unwrap()
        .param("q", "東京 カフェ")
        .param("tag", "C++")
        .build()
        .unwrap();
    assert_eq!(
        u.uri(),
        "https://example.com/search?q=%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7&tag=C%2B%2B"
    );
}

#[test]
fn seed_idna_example() {
    let u = UrlBuilder::new("https")
        .unwrap()
        .host(HostInput::Name("日本語.jp"))
        .unwrap()
        .segment("パス")
        .unwrap()
        .build()
        .unwrap();
    assert_eq!(u.uri(), "https://xn--wgv71a119e.jp/%E3%83%91%E3%82%B9");
}

#[test]
fn unrepresentable_components_are_typed_errors() {
    let b = || UrlBuilder::new("https").unwrap();
    assert_eq!(
        b().segment(".").unwrap_err().kind(),
        BuildErrorKind::DotSegment
    );
    assert_eq!(
        b().segment("..").unwrap_err().kind(),
        BuildErrorKind::DotSegment
    );
    assert!(b().segment("%2E%2E").is_ok());
    assert_eq!(
        b().port(70_000).unwrap_err().kind(),
        BuildErrorKind::PortOutOfRange
    );
    assert!(b().port(65_535).is_ok());
    for bad in ["a b", "a/b", "a#b", "a%41", "a@b", "a:b", "a\u{0}b", "[x]"] {
        let e = b().host(HostInput::parse(bad)).unwrap_err();
        assert_eq!(e.kind(), BuildErrorKind::ForbiddenHostCodePoint, "{bad:?}");
    }
    // U+FF0F FULLWIDTH SOLIDUS maps to '/' under UTS #46.
    assert!(b().host(HostInput::Name("a\u{FF0F}b")).is_err());
    // A name a browser reads as an IPv4 address is not the host it says.
    assert_eq!(
        b().host(HostInput::Name("0x7f.1")).unwrap_err().kind(),
        BuildErrorKind::InvalidHost
    );
    assert_eq!(
        UrlBuilder::new("").unwrap_err().kind(),
        BuildErrorKind::InvalidScheme
    );
    assert_eq!(
        UrlBuilder::from_url("/relative").unwrap_err().kind(),
        BuildErrorKind::NotAbsolute
    );
    assert_eq!(
        b().port(1).unwrap().build().unwrap_err().kind(),
        BuildErrorKind::AuthorityWithoutHost
    );
}
