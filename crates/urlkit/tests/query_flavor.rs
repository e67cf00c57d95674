//! Laws of the builder flavors (`urlkit::build::QueryFlavor`); their bytes are checked against
//! the real runtimes in scripts/checks/builders.sh. Here: each form-style serializer reads
//! back as the pairs it was given (Go's in key order, stable), the RFC 3986 ones write no `+`,
//! and a flavor style given to the builder writes what the flavor serializes.

use proptest::prelude::*;
use urlkit::build::{QueryFlavor, QueryStyle, UrlBuilder};
use urlkit::codec::{decode, form, DecodeMode};

fn value() -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        3 => prop::sample::select(" !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".chars().collect::<Vec<_>>()),
        2 => prop::char::range('a', 'c'),
        1 => prop::char::range('\u{3041}', '\u{30FA}'),
        1 => any::<char>(),
    ];
    prop::collection::vec(ch, 0..6).prop_map(|v| v.into_iter().collect())
}

fn pairs() -> impl Strategy<Value = Vec<(String, String)>> {
    let key = prop_oneof![
        prop::sample::select(vec!["a", "b", "B", ""]).prop_map(String::from),
        value()
    ];
    prop::collection::vec((key, value()), 0..6)
}

/// The flavors that keep the order given and write space as `+`.
const FORM_IN_ORDER: [QueryFlavor; 4] = [
    QueryFlavor::PythonUrlencode,
    QueryFlavor::JsUrlSearchParams,
    QueryFlavor::RubyUriEncodeWwwForm,
    QueryFlavor::JavaUrlEncoder,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn form_serializers_read_back_as_the_pairs(p in pairs()) {
        for f in FORM_IN_ORDER {
            prop_assert_eq!(&form::parse(f.serialize(&p).as_bytes()), &p, "{}", f.name());
        }
    }

    #[test]
    fn go_reads_back_sorted_by_key_and_stable(p in pairs()) {
        let mut sorted = p.clone();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        let q = QueryFlavor::GoValuesEncode.serialize(&p);
        prop_assert_eq!(form::parse(q.as_bytes()), sorted);
    }

    #[test]
    fn rfc3986_serializers_write_no_plus_and_decode_back(p in pairs()) {
        for f in [QueryFlavor::PythonUrlencodeQuote, QueryFlavor::PhpHttpBuildQueryRfc3986] {
            let q = f.serialize(&p);
            prop_assert!(!q.contains('+'), "{}: {}", f.name(), q);
            if f == QueryFlavor::PythonUrlencodeQuote {
                let back: Vec<(String, String)> = q.split('&').filter(|s| !s.is_empty()).map(|piece| {
                    let (k, v) = piece.split_once('=').expect("every pair has '='");
                    let d = |s: &str| decode(s, DecodeMode::Strict).expect("well-formed").into_owned();
                    (d(k), d(v))
                }).collect();
                prop_assert_eq!(&back, &p);
            }
        }
    }

    #[test]
    fn a_flavor_style_writes_what_the_flavor_serializes(p in pairs(), i in 0..QueryFlavor::ALL.len()) {
        let f = QueryFlavor::ALL[i];
        let mut b = UrlBuilder::from_url("https://example.com/").unwrap().query_style(QueryStyle::Flavor(f));
        for (k, v) in &p {
            b = b.param(k, v);
        }
        let q = f.serialize(&p);
        let want = if q.is_empty() { "https://example.com/".to_owned() } else { format!("https://example.com/?{q}") };
        prop_assert_eq!(b.build().unwrap().into_uri(), want);
    }
}

#[test]
fn php_gathers_a_repeated_key_at_its_first_place() {
    let p = [("k", "1"), ("a", "x"), ("k", "2"), ("k", "")];
    assert_eq!(
        QueryFlavor::PhpHttpBuildQuery.serialize(&p),
        "k%5B0%5D=1&k%5B1%5D=2&k%5B2%5D=&a=x"
    );
}

#[test]
fn js_style_rewrites_the_existing_query_as_a_browser_does() {
    let js = QueryStyle::Flavor(QueryFlavor::JsUrlSearchParams);
    let edit = |url: &str| UrlBuilder::from_url(url).unwrap().query_style(js);
    assert_eq!(
        edit("https://e/?a&&b=%7e&c=%25z&d=%FF#f")
            .set_param("b", "+")
            .build()
            .unwrap()
            .uri(),
        "https://e/?a=&b=%2B&c=%25z&d=%EF%BF%BD#f"
    );
    assert_eq!(
        edit("https://e/?x=1")
            .remove_param("x")
            .build()
            .unwrap()
            .uri(),
        "https://e/"
    );
    assert_eq!(
        edit("https://e/?").remove_param("x").build().unwrap().uri(),
        "https://e/"
    );
}

#[test]
fn names_are_the_foreign_spelling_and_unique() {
    for f in QueryFlavor::ALL {
        assert_eq!(QueryFlavor::from_name(f.name()), Some(f));
        assert_eq!(QueryStyle::from_name(f.name()), Some(QueryStyle::Flavor(f)));
    }
    assert_eq!(QueryStyle::from_name("form"), Some(QueryStyle::Form));
}
