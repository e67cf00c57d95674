//! `Encoder::encode_once_*`: idempotent for every named set, equal to the component encoding
//! of the decoded text on input that is already encoded, and equal to what the WHATWG URL
//! view (ada-url, as browsers) writes into each component for text whose escapes are valid.
//!
//! Inputs are derived by respelling: a random text, then some of its pieces percent-encoded
//! (either hex case), with stray `%` and hex digits mixed in, so that valid escapes, broken
//! ones (`%4`, `%zz`, a final `%`) and raw text meet in every input.

use proptest::prelude::*;
use urlkit::codec::sets::{NamedSet, COMPONENT, FRAGMENT, PATH, SPECIAL_QUERY, USERINFO};
use urlkit::codec::{percent_decode, Encoder};
use urlkit::whatwg::Url;

/// A character that reaches the interesting cases: `%`, hex digits, delimiters, space,
/// controls, non-ASCII of every UTF-8 length.
fn piece_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => prop::sample::select(b"%%%0123456789abcdefABCDEFzZ".to_vec()).prop_map(char::from),
        3 => prop::sample::select(b" !\"#$&'()*+,/:;<=>?@[\\]^`{|}~-._".to_vec()).prop_map(char::from),
        2 => prop::char::range('a', 'z'),
        1 => prop::char::range('\u{0}', '\u{1f}'),
        1 => prop::char::range('\u{a0}', '\u{7ff}'),
        2 => prop::char::range('\u{3041}', '\u{30ff}'),
        1 => prop::char::range('\u{1f300}', '\u{1f64f}'),
    ]
}

/// One piece of an input: raw text, or text percent-encoded with a set (either hex case).
#[derive(Clone, Debug)]
enum Piece {
    Raw(String),
    Encoded(String, bool),
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(piece_char(), 0..8).prop_map(|v| v.into_iter().collect())
}

fn pieces() -> impl Strategy<Value = Vec<Piece>> {
    let piece = prop_oneof![
        text().prop_map(Piece::Raw),
        (text(), any::<bool>()).prop_map(|(t, lower)| Piece::Encoded(t, lower)),
    ];
    prop::collection::vec(piece, 0..6)
}

fn escapes_of(text: &str, lower: bool) -> String {
    text.bytes()
        .map(|b| {
            if lower {
                format!("%{b:02x}")
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

fn spelled(pieces: &[Piece]) -> String {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Raw(t) => t.clone(),
            Piece::Encoded(t, lower) => escapes_of(t, *lower),
        })
        .collect()
}

/// Whether every `%` of `s` begins a valid escape.
fn escapes_all_valid(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter().enumerate().all(|(i, &c)| {
        c != b'%'
            || (i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit())
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    /// Encoding once more changes nothing, for every named set, on text and on bytes.
    #[test]
    fn idempotent_for_every_set(p in pieces()) {
        let input = spelled(&p);
        for set in NamedSet::ALL {
            let enc = set.encoder();
            let once = enc.encode_once_str(&input);
            prop_assert_eq!(enc.encode_once_str(&once), once.clone(), "set {}", set.name());
            prop_assert_eq!(enc.encode_once_bytes(input.as_bytes()), once, "set {} (bytes)", set.name());
        }
    }

    /// On already-encoded input (the component encoding of some text, possibly with some
    /// further raw text that holds no `%`), `encode_once` with the component set is the
    /// component encoding of the decoded text: nothing is encoded twice.
    #[test]
    fn equals_component_encoding_of_the_decoded_text(p in pieces(), tail in "[^%]{0,6}") {
        let enc = Encoder::new(COMPONENT);
        let original = spelled(&p);
        let encoded = enc.encode_str(&original).into_owned();
        prop_assert_eq!(enc.encode_once_str(&encoded), encoded.clone());
        let mixed = format!("{encoded}{tail}");
        let decoded = percent_decode(mixed.as_bytes());
        prop_assert_eq!(enc.encode_once_str(&mixed), enc.encode_bytes(&decoded));
    }

    /// With the WHATWG set of a component plus `%`, `encode_once` writes exactly what the
    /// WHATWG URL view writes into that component, for text whose escapes are all valid: the
    /// escapes kept as written (hex case too), everything else encoded with the set.
    #[test]
    fn equals_the_whatwg_view_on_escaped_text(p in pieces()) {
        // The URL parser removes ASCII tab and newline, and a setter strips a leading '?' or
        // '#': those are the parser's, not the encoder's.
        let input: String = spelled(&p).chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
        prop_assume!(escapes_all_valid(&input));
        let once = |set: urlkit::codec::EncodeSet| Encoder::new(set.add(b'%')).encode_once_str(&input).into_owned();

        let mut url = Url::parse("https://h/", None).expect("a valid base");
        if !input.starts_with('#') {
            url.set_hash(&input);
            prop_assert_eq!(url.hash().strip_prefix('#').unwrap_or(""), once(FRAGMENT), "fragment");
        }
        if !input.starts_with('?') {
            url.set_search(&input);
            prop_assert_eq!(url.search().strip_prefix('?').unwrap_or(""), once(SPECIAL_QUERY), "query");
        }
        url.set_username(&input).expect("https URLs take a username");
        prop_assert_eq!(url.username(), once(USERINFO), "username");
        // A non-special URL's path, without '/' and '\' in the text (segment splitting and
        // dot segments are the parser's), keeps the text whole.
        if !input.contains(['/', '\\']) && !matches!(input.as_str(), "." | ".." ) && !input.is_empty() {
            let mut path = Url::parse("x:/", None).expect("a valid base");
            path.set_pathname(&format!("/{input}")).expect("a path");
            let encoded_dots = ["%2e", "%2E", "%2e%2e", "%2E%2E", "%2e.", ".%2e", "%2E.", ".%2E"];
            prop_assume!(!encoded_dots.contains(&input.as_str()));
            prop_assert_eq!(path.pathname().strip_prefix('/').unwrap_or(""), once(PATH), "path");
        }
    }
}
