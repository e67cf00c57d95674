//! One named test per input the fuzz targets (`fuzz/`, run by `scripts/fuzz.sh`) stopped on.
//! Each pins what the library does with that input, so that the behaviour the target's law
//! was corrected to (or the bug that was fixed) cannot change unnoticed.

use urlkit::compare::{compare, Side};
use urlkit::lint::parser_disagreement::Rfc3986Reading;
use urlkit::normalize::{key, normalize, Form, Level, NormalizeErrorKind, Options};
use urlkit::uri::ParseErrorKind;

/// `key_compare`, input `"%3a\n%3:0081/\nHTTP://h:0A"`: at `exact` every text is its own key,
/// while a comparison reads both sides as RFC 3986 references and names the one it cannot.
#[test]
fn fuzz_key_compare_exact_keys_text_that_compare_rejects() {
    let (a, b) = ("%3a", "%3:0081/\nHTTP://h:0A");
    let exact = Options::new(Level::Exact);
    assert_eq!(key(b, &exact).unwrap(), b);
    let e = compare(a, b, &exact).unwrap_err();
    assert_eq!(e.side, Side::B);
    assert_eq!(
        e.error.kind(),
        NormalizeErrorKind::Parse(ParseErrorKind::InvalidScheme)
    );
    assert!(compare(b, b, &exact).unwrap().equal, "a text equals itself");
}

/// `normalize`, input `"sc://a[b/"`: `[` inside a reg-name is an error from `safe` up, located
/// at its byte; `exact` keeps the text as it is.
#[test]
fn fuzz_normalize_bracket_in_host() {
    let u = "sc://a[b/";
    assert_eq!(key(u, &Options::new(Level::Exact)).unwrap(), u);
    for level in [Level::Safe, Level::Normal, Level::Loose] {
        let e = key(u, &Options::new(level)).unwrap_err();
        assert_eq!(e.offset(), 6, "{level}");
    }
}

/// `whatwg_rfc`, input `"?"` against `http://mta/./l.e..&&&&&&&&&&&&&&&&&Bp://tcr`: an empty
/// reference takes the base's path as it is (RFC 3986 §5.2.2 removes no dot segments there),
/// and the target read again keeps the base's authority.
#[test]
fn fuzz_whatwg_rfc_empty_reference_keeps_the_base_path() {
    let base = "http://mta/./l.e..&&&&&&&&&&&&&&&&&Bp://tcr";
    let r = Rfc3986Reading::parse("?", Some(base)).unwrap();
    assert_eq!(r.path, "/./l.e..&&&&&&&&&&&&&&&&&Bp://tcr");
    assert_eq!(r.query.as_deref(), Some(""));
    let back = Rfc3986Reading::parse(&r.to_string(), None).unwrap();
    assert_eq!(back.host.as_deref(), Some("mta"));
    assert_eq!(back.path, "/l.e..&&&&&&&&&&&&&&&&&Bp://tcr");
}

/// `normalize`, input `http://xn--tropteoptk.615webhostapp.DDD%DDDcom/ity/` (now a seed of the
/// target): a host with an A-label and an escape that IDNA does not convert keeps its A-label in
/// the IRI form too, so that the IRI keys back to the key it shows.
#[test]
fn fuzz_normalize_iri_keeps_the_a_label_of_a_host_with_an_escape() {
    let u = "http://xn--tropteoptk.615webhostapp.DDD%DDDcom/ity/";
    // A browser refuses the host (`%DD` is not UTF-8), so `whatwg` has no key for it.
    assert!(key(u, &Options::new(Level::Whatwg)).is_err());
    for level in [Level::Safe, Level::Normal, Level::Loose] {
        let o = Options::new(level);
        let k = key(u, &o).unwrap();
        let iri = normalize(u, &o, Form::Iri).unwrap();
        assert!(iri.contains("xn--tropteoptk"), "{level}: {iri}");
        assert_eq!(key(&iri, &o).unwrap(), k, "{level}");
    }
    // A valid A-label host is still shown as its U-labels.
    let o = Options::new(Level::Safe);
    let iri = normalize("http://xn--r8jz45g.jp/", &o, Form::Iri).unwrap();
    assert_eq!(iri, "http://例え.jp/");
}

/// `normalize`, input `hptt://［/fDhla3/DDD` (now a seed of the target): UTS #46 maps the
/// fullwidth `［` to `[`, which no reg-name may hold; the key would parse again as a broken
/// IP literal, so IDNA's answer is refused as invalid, at the host's offset.
#[test]
fn fuzz_normalize_idna_that_maps_to_a_delimiter_is_invalid() {
    let u = "hptt://［/fDhla3/DDD";
    assert_eq!(key(u, &Options::new(Level::Exact)).unwrap(), u);
    for level in [Level::Safe, Level::Normal, Level::Loose] {
        let e = key(u, &Options::new(level)).unwrap_err();
        assert_eq!(e.kind(), NormalizeErrorKind::InvalidIdna, "{level}");
        assert_eq!(e.offset(), 7, "{level}");
    }
}

/// `key_compare`, input `ele.como..LTTP://wwwtp.wwwښxample.com/3/%7bfoo%7d` (now a seed of the
/// target): the RFC 3986 rungs cannot key the host (IDNA refuses it), while a browser keeps the
/// host of this non-special scheme opaque; at `whatwg` the URL still equals its own key.
#[test]
fn fuzz_key_compare_whatwg_verdict_without_the_ladder() {
    let u = "ele.como..LTTP://wwwtp.wwwښxample.com/3/%7bfoo%7d";
    let o = Options::new(Level::Whatwg);
    let k = key(u, &o).unwrap();
    let c = compare(u, &k, &o).unwrap();
    assert!(c.equal);
    assert_eq!(c.lowest_equal_level, None);
    let safe = Options::new(Level::Safe);
    assert_eq!(
        key(u, &safe).unwrap_err().kind(),
        NormalizeErrorKind::InvalidIdna
    );
    assert_eq!(compare(u, &k, &safe).unwrap_err().side, Side::A);
}

/// `key_compare`, input `"HTTT/HTT:XAME.H\nTtpmo..LTTP://www.wwwښxample.com:/@/.com/"` (now a
/// seed of the target): at `exact` two different texts differ, even when a higher rung of the
/// ladder cannot key one of them; at `safe` that side is named.
#[test]
fn fuzz_key_compare_exact_verdict_when_a_higher_rung_fails() {
    let (a, b) = (
        "HTTT/HTT:XAME.H",
        "Ttpmo..LTTP://www.wwwښxample.com:/@/.com/",
    );
    let c = compare(a, b, &Options::new(Level::Exact)).unwrap();
    assert!(!c.equal);
    assert_eq!(c.lowest_equal_level, None);
    let e = compare(a, b, &Options::new(Level::Safe)).unwrap_err();
    assert_eq!(e.side, Side::B);
}
