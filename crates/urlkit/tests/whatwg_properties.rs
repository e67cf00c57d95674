//! Properties of the WHATWG view, `UrlSearchParams` and the parser-disagreement rule.

use proptest::prelude::*;
use urlkit::lint::parser_disagreement;
use urlkit::whatwg::{parse_whatwg_host, Url, UrlSearchParams};

/// URL-shaped strings that reach every state of the parser: schemes special or not, slashes
/// and backslashes, credentials, brackets, ports, dots, escapes, whitespace, non-ASCII.
fn urlish() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "http", "https", "file", "ws", "foo", "mailto", "HTTP", "",
        ]),
        prop::sample::select(vec!["://", ":", ":/", ":\\\\", ":///", "//"]),
        "[a-zA-Z0-9.%:@\\[\\]/?#\\\\ \t|^`{}~é運\u{ff0f}-]{0,40}",
    )
        .prop_map(|(s, sep, rest)| format!("{s}{sep}{rest}"))
}

proptest! {
    #[test]
    fn href_is_a_fixed_point(input in urlish()) {
        if let Ok(url) = Url::parse(&input, None) {
            let again = Url::parse(url.href(), None).map(|u| u.href().to_owned()).ok();
            let want = Some(url.href().to_owned());
            prop_assert_eq!(again, want, "input {:?}", input);
        }
    }

    #[test]
    fn components_recompose_the_href(input in urlish()) {
        if let Ok(url) = Url::parse(&input, None) {
            let c = url.components();
            prop_assert!(c.href.starts_with(&c.protocol));
            let tail = format!("{}{}", c.search, c.hash);
            // The `hash` getter is "" for an empty fragment as for none, while the href keeps
            // a bare "#" (URL Standard, hash getter), so `file:? #` ends in "?%20#".
            let bare_hash = format!("{tail}#");
            prop_assert!(c.href.ends_with(&tail) || (c.hash.is_empty() && c.href.ends_with(&bare_hash)));
            prop_assert!(c.href.contains(&c.pathname));
        }
    }

    #[test]
    fn relative_resolution_agrees_with_href(base in urlish(), input in "[a-z./?#%]{0,12}") {
        if let Ok(b) = Url::parse(&base, None) {
            let via_base = Url::parse(&input, Some(&base)).map(|u| u.href().to_owned());
            let via_href = Url::parse(&input, Some(b.href())).map(|u| u.href().to_owned());
            prop_assert_eq!(via_base.ok(), via_href.ok());
        }
    }

    #[test]
    fn search_params_round_trip(pairs in prop::collection::vec((".{0,8}", ".{0,8}"), 0..6)) {
        let params = UrlSearchParams::from_pairs(pairs.clone());
        let back = UrlSearchParams::parse(&params.to_string());
        let got: Vec<(String, String)> = back.iter().map(|(n, v)| (n.to_owned(), v.to_owned())).collect();
        prop_assert_eq!(got, pairs);
    }

    #[test]
    fn sort_is_stable_and_ordered(pairs in prop::collection::vec(("[ab\u{ffff}\u{1f600}]{0,2}", "[0-9]"), 0..8)) {
        let mut params = UrlSearchParams::from_pairs(pairs.clone());
        params.sort();
        let got: Vec<(String, String)> = params.iter().map(|(n, v)| (n.to_owned(), v.to_owned())).collect();
        let mut want = pairs;
        want.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
        prop_assert_eq!(got, want);
    }

    #[test]
    fn applying_params_keeps_them(query in "[a-z=&%+ é]{0,20}") {
        let mut url = Url::parse("https://h/p", None).unwrap();
        let params = UrlSearchParams::parse(&query);
        params.apply_to(&mut url);
        prop_assert_eq!(UrlSearchParams::of_url(&url), params);
    }

    #[test]
    fn host_serialization_is_a_fixed_point(host in "[a-zA-Z0-9.\\[\\]:%é-]{1,20}") {
        if let Ok(h) = parse_whatwg_host(&host) {
            prop_assert_eq!(parse_whatwg_host(&h.to_string()).ok(), Some(h));
        }
    }

    #[test]
    fn diagnostics_point_into_the_input(input in urlish()) {
        for d in parser_disagreement::check(&input, None) {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= input.len());
            prop_assert!(input.is_char_boundary(d.span.start) && input.is_char_boundary(d.span.end));
        }
    }

    #[test]
    fn agreement_is_reported_only_when_both_accept(input in urlish()) {
        let seen = parser_disagreement::side_by_side(&input, None);
        if seen.differences.is_empty() {
            prop_assert_eq!(seen.rfc3986.is_ok(), seen.whatwg.is_ok());
        }
    }
}
