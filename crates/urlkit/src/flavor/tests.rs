use super::*;

const SEED: &str = "a b&c=d/e?f#g+h~!'()*日本";

#[test]
fn seed_string_through_every_encoder() {
    let enc = |f: Flavor| f.encode(SEED).unwrap();
    let rfc = enc(Flavor::PhpRawurlencode);
    assert_eq!(
        rfc,
        "a%20b%26c%3Dd%2Fe%3Ff%23g%2Bh~%21%27%28%29%2A%E6%97%A5%E6%9C%AC"
    );
    assert_eq!(enc(Flavor::JsEncodeRfc3986UriComponent), rfc);
    let p = Params::default().safe("");
    assert_eq!(
        Flavor::PythonQuote
            .encode_with(Input::Text(SEED), &p)
            .unwrap(),
        rfc
    );
    assert_eq!(
        enc(Flavor::GoPathEscape),
        "a%20b&c=d%2Fe%3Ff%23g+h~%21%27%28%29%2A%E6%97%A5%E6%9C%AC"
    );
    assert_eq!(
        enc(Flavor::JsUrlSearchParams),
        "a+b%26c%3Dd%2Fe%3Ff%23g%2Bh%7E%21%27%28%29*%E6%97%A5%E6%9C%AC"
    );
}

#[test]
fn names_round_trip() {
    for f in Flavor::ALL {
        assert_eq!(Flavor::from_name(f.name()), Some(f));
    }
}

#[test]
fn js_decoders() {
    assert_eq!(
        Flavor::JsDecodeUri.decode("%2f%41").unwrap(),
        Decoded::Text("%2fA".into())
    );
    assert!(Flavor::JsDecodeUriComponent.decode("%E6%97").is_err());
    assert!(Flavor::JsDecodeUriComponent.decode("%ED%A0%80").is_err());
    assert_eq!(
        Flavor::JsUnescape.decode("%u65E5%zz%41").unwrap(),
        Decoded::Text("日%zzA".into())
    );
}

#[test]
fn java_decoder_quirks() {
    let d = |s: &str| Flavor::JavaUrlDecoder.decode(s);
    assert_eq!(d("%+5").unwrap(), Decoded::Text("\u{5}".into()));
    assert_eq!(d("%ED%A0%80").unwrap(), Decoded::Text("\u{FFFD}".into()));
    assert_eq!(
        d("%C0%AF").unwrap(),
        Decoded::Text("\u{FFFD}\u{FFFD}".into())
    );
    assert_eq!(
        d("a%4g").unwrap_err().message(),
        "java.lang.IllegalArgumentException: URLDecoder: Illegal hex characters in escape (%) pattern - Error at index 1 in: \"4g\""
    );
}

#[test]
fn go_error_quotes_like_strconv() {
    let m = |s: &str| {
        Flavor::GoQueryUnescape
            .decode(s)
            .unwrap_err()
            .message()
            .to_owned()
    };
    assert_eq!(m("%日"), "invalid URL escape \"%\\xe6\\x97\"");
    assert_eq!(m("%é"), "invalid URL escape \"%é\"");
    assert_eq!(m("%\u{a0}"), "invalid URL escape \"%\\u00a0\"");
}

#[test]
fn python_unquote_splits_ascii_runs() {
    assert_eq!(
        Flavor::PythonUnquote.decode("%E6日%97").unwrap(),
        Decoded::Text("\u{FFFD}日\u{FFFD}".into())
    );
}

/// The seed's table (Node, Python, PHP, Go): each observation it draws from the comparison.
#[test]
fn seed_observations() {
    use Flavor::*;
    let seed_functions = [
        JsEncodeUriComponent,
        JsEncodeUri,
        JsEscape,
        JsUrlSearchParams,
        JsEncodeRfc3986UriComponent,
        PythonQuote,
        PythonQuotePlus,
        PythonUrlencode,
        PhpUrlencode,
        PhpRawurlencode,
        GoQueryEscape,
        GoPathEscape,
    ];
    let out = |f: Flavor| f.encode(SEED).unwrap();
    let keeps = |f: Flavor, c: char| {
        let o = out(f);
        o.contains(c) && !(c == '+' && o.starts_with("a+b"))
    };
    // RFC 3986: rawurlencode = quote(s, safe='') = encodeRFC3986URIComponent.
    let quote_no_safe = PythonQuote
        .encode_with(Input::Text(SEED), &Params::default().safe(""))
        .unwrap();
    assert_eq!(out(PhpRawurlencode), quote_no_safe);
    assert_eq!(out(JsEncodeRfc3986UriComponent), quote_no_safe);
    // '+' for space: exactly URLSearchParams, quote_plus, urlencode, php urlencode, QueryEscape.
    let plus: Vec<Flavor> = seed_functions
        .into_iter()
        .filter(|f| out(*f).starts_with("a+b"))
        .collect();
    assert_eq!(
        plus,
        [
            JsUrlSearchParams,
            PythonQuotePlus,
            PythonUrlencode,
            PhpUrlencode,
            GoQueryEscape
        ]
    );
    // quote keeps '/' by default.
    assert!(out(PythonQuote).contains("d/e"));
    // '~' encoded only by PHP urlencode and URLSearchParams (and escape, which the seed lists
    // among the JavaScript functions but not in its language table).
    let tilde: Vec<Flavor> = seed_functions
        .into_iter()
        .filter(|f| !keeps(*f, '~'))
        .collect();
    assert_eq!(tilde, [JsEscape, JsUrlSearchParams, PhpUrlencode]);
    // '*' kept only by URLSearchParams among the form/RFC encoders (encodeURIComponent,
    // encodeURI and escape keep it too, as the RFC 2396 mark characters).
    let star: Vec<Flavor> = seed_functions
        .into_iter()
        .filter(|f| keeps(*f, '*'))
        .collect();
    assert_eq!(
        star,
        [
            JsEncodeUriComponent,
            JsEncodeUri,
            JsEscape,
            JsUrlSearchParams
        ]
    );
    // PathEscape encodes '/' and keeps '& = +'.
    let path = out(GoPathEscape);
    assert!(path.contains("%2F") && path.contains("b&c=d") && path.contains("g+h"));
}
