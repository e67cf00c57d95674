//! How a kept URL is written, relative to its key.
//!
//! The join keeps the first occurrence of every key on each side, and a few duplicates. Real
//! lists write most pages in one of three ways, and two of them are exact functions of the key
//! at `safe` (percent-encoded UTF-8, uppercase hex): the same escapes in lowercase hex
//! (WordPress's REST `link`), and the escaped non-ASCII bytes written raw (sitemaps, browsers).
//! Such a URL is kept as which [`Transform`] of its key it is, in the bits of a [`Span`] that a
//! span of text leaves free, instead of as a copy of its text: on a million records the copies
//! are tens of megabytes, and every fresh page of memory costs a page fault.
//!
//! A URL is classified by trying the transforms in a fixed order, so the classification is a
//! function of the URL and its key: two URLs of the same key are byte-identical exactly when
//! they have the same transform, or are both text and the same text. The engine decides that
//! a pair matches exactly without reading any text back.
//!
//! The checks compare the URL against the transformed key as they walk them, with no
//! allocation, and lengths first: a transform that cannot give the URL's length is not tried.

use std::borrow::Cow;

use super::arena::{Arenas, ShardArenas, Span};
use urlkit::charset::utf8_decode_without_bom_or_fail;
use urlkit::codec::{escape_at, uppercase_escape_word};

/// A way to write a URL that its key determines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Transform {
    /// The key itself, byte for byte.
    Key = 1,
    /// The key with the hex letters of every escape (`%` and two hex digits) in lowercase,
    /// and nothing else changed.
    LowerHex = 2,
    /// The key with every escape of a byte >= 0x80 decoded to that byte (escapes of ASCII
    /// bytes stay as they are): an IRI, when the decoded bytes are UTF-8.
    Iri = 3,
}

impl Transform {
    /// The transforms, in the order [`Transform::of`] tries them.
    const ORDER: [Transform; 3] = [Transform::Key, Transform::LowerHex, Transform::Iri];

    /// The first transform (in a fixed order) that writes `key` as `url`, if any.
    pub(crate) fn of(url: &str, key: &str) -> Option<Transform> {
        let (u, k) = (url.as_bytes(), key.as_bytes());
        Transform::ORDER.into_iter().find(|t| match t {
            Transform::Key => u == k,
            Transform::LowerHex => is_lower_hex(u, k),
            Transform::Iri => is_iri(u, k),
        })
    }

    /// The transform whose tag is `tag` (what [`Transform::tag`] gives).
    fn from_tag(tag: u32) -> Option<Transform> {
        Transform::ORDER.into_iter().find(|t| t.tag() == tag)
    }

    /// Its number, 1 to 3 (never 0, which stands for text).
    const fn tag(self) -> u32 {
        self as u32
    }

    /// `key` written this way.
    pub(crate) fn apply(self, key: &str) -> Cow<'_, str> {
        match self {
            Transform::Key => Cow::Borrowed(key),
            _ => {
                let mut out = String::with_capacity(key.len());
                self.apply_into(key, &mut out);
                Cow::Owned(out)
            }
        }
    }

    /// Replaces `out` with `key` written this way.
    pub(crate) fn apply_into(self, key: &str, out: &mut String) {
        out.clear();
        match self {
            Transform::Key => out.push_str(key),
            Transform::LowerHex => lower_hex_into(key, out),
            Transform::Iri => iri_into(key, out),
        }
    }
}

/// The byte of the escape whose `%` is at `b[p]`, if it is one and the byte is not ASCII.
#[inline]
fn high_escape(b: &[u8], p: usize) -> Option<u8> {
    if b.get(p) != Some(&b'%') {
        return None;
    }
    escape_at(b, p).filter(|&byte| byte >= 0x80)
}

/// Whether `b` is an ASCII hex digit, without a branch (so that a loop of it vectorizes).
///
/// # Rationale
///
/// urlkit's one hex table (`uri::chars`) is a lookup, which keeps this loop scalar; this
/// arithmetic form is the same predicate (a test checks it on every byte against the table,
/// through `urlkit::codec::escape_at`).
#[inline(always)]
fn is_hex(b: u8) -> bool {
    (b.wrapping_sub(b'0') < 10) | ((b | 0x20).wrapping_sub(b'a') < 6)
}

/// The byte that [`Transform::LowerHex`] writes for key byte `k`, given the two bytes before
/// it and the one after (0 beyond the key): `k` lowercased when it is an uppercase hex letter
/// that is a digit of an escape (the first, after a `%` and before a hex digit; or the second,
/// two after a `%`, after a hex digit), else `k`.
#[inline(always)]
fn lower_hex_byte(before2: u8, before: u8, k: u8, after: u8) -> u8 {
    let upper = k.wrapping_sub(b'A') < 6;
    let first = (before == b'%') & is_hex(after);
    let second = (before2 == b'%') & is_hex(before);
    k | (u8::from(upper & (first | second)) << 5)
}

/// Key bytes that [`is_lower_hex`] checks at once: each position's expected byte depends only
/// on its neighbours, so a block of them is one vector computation.
const BLOCK: usize = 16;

/// A block of key bytes from two before the block to one after it.
type Window = [u8; BLOCK + 3];

/// The bytes of `url`'s block that differ from what [`Transform::LowerHex`] writes for the
/// key's (`w`: see [`Window`]), or'ed together: zero when they are all as expected.
#[inline(always)]
fn lower_hex_diff(w: &Window, u: &[u8; BLOCK]) -> u8 {
    let mut diff = 0;
    for t in 0..BLOCK {
        diff |= u[t] ^ lower_hex_byte(w[t], w[t + 1], w[t + 2], w[t + 3]);
    }
    diff
}

/// Whether `url` is `key` with the hex letters of its escapes lowercased ([`Transform::LowerHex`]).
fn is_lower_hex(url: &[u8], key: &[u8]) -> bool {
    if url.len() != key.len() {
        return false;
    }
    let n = key.len();
    // Past either end of the key reads as a NUL byte, which is neither `%` nor a hex digit:
    // the same as the key's edge for `lower_hex_byte` (a real path, not a hidden fault).
    let at = |j: Option<usize>| j.and_then(|j| key.get(j)).copied().unwrap_or(0);
    let expected = |j: usize| {
        let before = |d| at(j.checked_sub(d));
        lower_hex_byte(before(2), before(1), at(Some(j)), at(Some(j + 1)))
    };
    let byte_ok = |j: usize| url.get(j).copied() == Some(expected(j));
    // Blocks whose window is all in the key, the last one overlapping the one before; the
    // first two positions and the last one, whose neighbours are not all in it, one by one.
    let block_ok = |j: usize| {
        let w: Option<&Window> = j
            .checked_sub(2)
            .and_then(|from| key.get(from..j + BLOCK + 1)?.try_into().ok());
        let u: Option<&[u8; BLOCK]> = url.get(j..j + BLOCK).and_then(|u| u.try_into().ok());
        matches!((w, u), (Some(w), Some(u)) if lower_hex_diff(w, u) == 0)
    };
    let Some(last) = n.checked_sub(BLOCK + 1).filter(|&last| last >= 2) else {
        return (0..n).all(byte_ok);
    };
    (2..last).step_by(BLOCK).all(block_ok)
        && block_ok(last)
        && [0, 1, n - 1].into_iter().all(byte_ok)
}

/// The little-endian word at `b[at..at + N]`, if it is in `b`.
#[inline(always)]
fn word<const N: usize>(b: &[u8], at: usize) -> Option<[u8; N]> {
    b.get(at..at.checked_add(N)?)?.try_into().ok()
}

/// Whether the eight bytes at `b[at..]` are ASCII other than `%` (and they, if so).
#[inline(always)]
fn plain_word(b: &[u8], at: usize) -> Option<u64> {
    let w = u64::from_le_bytes(word(b, at)?);
    // A byte is `%` iff it is zero after the xor; the test is exact as to whether one is.
    let x = w ^ 0x2525_2525_2525_2525;
    let zero = (x.wrapping_sub(0x0101_0101_0101_0101) & !x) & 0x8080_8080_8080_8080;
    (w & 0x8080_8080_8080_8080 == 0 && zero == 0).then_some(w)
}

/// Whether the twelve bytes at `key[at..]` are the escapes, in uppercase hex, of the four
/// non-ASCII bytes at `url[from..]`: the keys at `safe` write non-ASCII bytes so, and a word
/// of each is compared at once.
#[inline(always)]
fn four_upper_escapes(url: &[u8], from: usize, key: &[u8], at: usize) -> bool {
    let (Some(u), Some(k0), Some(k1)) = (
        word::<4>(url, from),
        word::<8>(key, at),
        word::<4>(key, at + 8),
    ) else {
        return false;
    };
    if u32::from_le_bytes(u) & 0x8080_8080 != 0x8080_8080 {
        return false;
    }
    let [e0, e1, e2, e3] = u.map(uppercase_escape_word);
    let lo = u64::from(e0) | u64::from(e1) << 24 | u64::from(e2) << 48;
    let hi = e2 >> 16 | e3 << 8;
    u64::from_le_bytes(k0) == lo && u32::from_le_bytes(k1) == hi
}

/// Whether `url` is `key` with its escapes of non-ASCII bytes decoded ([`Transform::Iri`]).
fn is_iri(url: &[u8], key: &[u8]) -> bool {
    // Each decoded escape is two bytes shorter; none decoded would be the key itself.
    if url.len() >= key.len() || !(key.len() - url.len()).is_multiple_of(2) {
        return false;
    }
    // Walking the URL: a non-ASCII byte must be the key's escape of it (or itself, raw in
    // the key); any other byte the key's byte, unless the key has an escape of a non-ASCII
    // byte there (a `%` written as itself before the digits of one). Runs of plain ASCII go
    // eight bytes at a time, runs of non-ASCII bytes four at a time.
    let (mut a, mut i) = (0, 0);
    while let Some(&u) = url.get(a) {
        if u >= 0x80 {
            if four_upper_escapes(url, a, key, i) {
                a += 4;
                i += 12;
                continue;
            }
            let one = word::<4>(key, i).map(|w| u32::from_le_bytes(w) & 0x00FF_FFFF);
            if one == Some(uppercase_escape_word(u)) {
                a += 1;
                i += 3;
                continue;
            }
            match key.get(i..i + 3) {
                Some(&[b'%', h, l]) if escape_at(&[b'%', h, l], 0) == Some(u) => i += 3,
                _ if key.get(i) == Some(&u) => i += 1,
                _ => return false,
            }
        } else {
            if let (Some(w), Some(kw)) = (plain_word(url, a), plain_word(key, i)) {
                if w != kw {
                    return false;
                }
                a += 8;
                i += 8;
                continue;
            }
            if key.get(i) != Some(&u) || (u == b'%' && high_escape(key, i).is_some()) {
                return false;
            }
            i += 1;
        }
        a += 1;
    }
    i == key.len()
}

/// Appends `key` with its escapes' hex letters lowercased.
fn lower_hex_into(key: &str, out: &mut String) {
    let from = out.len();
    out.push_str(key);
    for p in memchr::memchr_iter(b'%', key.as_bytes()) {
        if escape_at(key.as_bytes(), p).is_some() {
            // Hex digits are ASCII: the cut is at character boundaries.
            if let Some(digits) = out.get_mut(from + p + 1..from + p + 3) {
                digits.make_ascii_lowercase();
            }
        }
    }
}

/// Appends `key` with its escapes of non-ASCII bytes decoded.
fn iri_into(key: &str, out: &mut String) {
    let b = key.as_bytes();
    let mut bytes = std::mem::take(out).into_bytes();
    bytes.reserve(b.len());
    let mut from = 0;
    for p in memchr::memchr_iter(b'%', b) {
        let Some(byte) = high_escape(b, p) else {
            continue;
        };
        bytes.extend_from_slice(b.get(from..p).expect("invariant: escapes do not overlap"));
        bytes.push(byte);
        from = p + 3;
    }
    bytes.extend_from_slice(
        b.get(from..)
            .expect("invariant: an escape ends within the key"),
    );
    // UTF-8 whenever the URL was classified as this transform (it is that URL's bytes).
    *out = match utf8_decode_without_bom_or_fail(bytes) {
        Ok(s) => s,
        Err(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
    };
}

/// How a kept URL is stored: a [`Transform`] of its key, or its text in the shard's URL
/// arena. As small as a [`Span`] (12 bytes, never all zero, so an `Option` of a record that
/// holds one is no larger): the transform is in the top bits of the span's place, which a
/// span of text leaves zero.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PackedSpelling(Span);

impl PackedSpelling {
    /// A URL written as `t` of its key.
    pub(crate) const fn of_transform(t: Transform) -> PackedSpelling {
        PackedSpelling(Span::tagged(t.tag()))
    }

    /// A URL kept as text, at `span` of the URL arena.
    pub(crate) const fn of_text(span: Span) -> PackedSpelling {
        PackedSpelling(span)
    }

    /// Its text's span, unless it is a transform.
    pub(crate) fn text(self) -> Option<Span> {
        (self.0.tag() == 0).then_some(self.0)
    }

    /// Its transform, unless it is text.
    pub(crate) fn transform(self) -> Option<Transform> {
        Transform::from_tag(self.0.tag())
    }

    /// The spelling with its text at hand.
    pub(crate) fn resolve(self, arenas: &Arenas) -> ResolvedSpelling<'_> {
        match self.transform() {
            Some(t) => ResolvedSpelling::Transform(t),
            None => ResolvedSpelling::Text(arenas.url(self.0)),
        }
    }
}

/// A [`PackedSpelling`] with its text at hand. Of two URLs of the same key, equal exactly when the
/// URLs are byte-identical (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ResolvedSpelling<'a> {
    Transform(Transform),
    Text(&'a str),
}

impl<'a> ResolvedSpelling<'a> {
    /// The URL, given its key.
    pub(crate) fn url(self, key: &'a str) -> Cow<'a, str> {
        match self {
            ResolvedSpelling::Transform(t) => t.apply(key),
            ResolvedSpelling::Text(text) => Cow::Borrowed(text),
        }
    }

    /// The URL, given its key, written in `scratch` when it has to be built: for a loop that
    /// reads many without allocating each.
    pub(crate) fn url_in<'s>(self, key: &'s str, scratch: &'s mut String) -> &'s str
    where
        'a: 's,
    {
        match self {
            ResolvedSpelling::Transform(Transform::Key) => key,
            ResolvedSpelling::Transform(t) => {
                t.apply_into(key, scratch);
                scratch
            }
            ResolvedSpelling::Text(text) => text,
        }
    }
}

impl ShardArenas {
    /// How to keep `url`: as `transform` of its key, with no text, or else as a copy.
    pub(crate) fn spell(&mut self, url: ResolvedSpelling<'_>) -> PackedSpelling {
        match url {
            ResolvedSpelling::Transform(t) => PackedSpelling::of_transform(t),
            ResolvedSpelling::Text(text) => PackedSpelling::of_text(self.push_url(text)),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn is_hex_agrees_with_the_one_hex_table() {
        for b in 0..=255u8 {
            let table = urlkit::codec::escape_at(&[b'%', b, b'0'], 0).is_some();
            assert_eq!(super::is_hex(b), table, "byte {b:#04x}");
        }
    }

    use super::super::arena::ShardArenas;
    use super::*;

    fn of(url: &str, key: &str) -> Option<Transform> {
        let t = Transform::of(url, key);
        // Whatever the classification, applying it gives the URL back.
        if let Some(t) = t {
            assert_eq!(t.apply(key), url, "{t:?} of {key:?}");
        }
        t
    }

    const KEY: &str = "https://example.com/%E9%81%8B%E5%96%B6/a%2Fb?q=%41";

    #[test]
    fn the_key_itself_is_key() {
        assert_eq!(of(KEY, KEY), Some(Transform::Key));
        assert_eq!(of("", ""), Some(Transform::Key));
        assert_eq!(of("/%e9", "/%e9"), Some(Transform::Key));
    }

    #[test]
    fn lowercase_hex_is_lower_hex() {
        let url = "https://example.com/%e9%81%8b%e5%96%b6/a%2fb?q=%41";
        assert_eq!(of(url, KEY), Some(Transform::LowerHex));
        // Escapes of digits only are the same in both cases.
        assert_eq!(of("/%e3%81%81", "/%E3%81%81"), Some(Transform::LowerHex));
        // An ASCII escape counts like any other, only with everything else lowercased too.
        assert_eq!(of("/a%2fb", "/a%2Fb"), Some(Transform::LowerHex));
        assert_eq!(of("/a%2fb%E9", "/a%2Fb%E9"), None);
    }

    #[test]
    fn mixed_hex_case_is_text() {
        assert_eq!(of("/%e9%81%8B", "/%E9%81%8B"), None);
        assert_eq!(of("/%E9%81%8b", "/%E9%81%8B"), None);
        assert_eq!(of("/%e9%81%8bX", "/%E9%81%8BX"), Some(Transform::LowerHex));
        // Only hex letters of escapes change: other letters stay.
        assert_eq!(of("/%e9x", "/%E9X"), None);
        assert_eq!(of("/%zz", "/%ZZ"), None);
        assert_eq!(of("/%e", "/%E"), None);
    }

    #[test]
    fn raw_non_ascii_is_iri() {
        let url = "https://example.com/運営/a%2Fb?q=%41";
        assert_eq!(of(url, KEY), Some(Transform::Iri));
        assert_eq!(of("運", "%E9%81%8B"), Some(Transform::Iri));
        // The decoding does not care about the escapes' case.
        assert_eq!(of("/運", "/%e9%81%8b"), Some(Transform::Iri));
    }

    #[test]
    fn raw_mixed_with_escaped_non_ascii_is_text() {
        assert_eq!(of("/運%E5%96%B6", "/%E9%81%8B%E5%96%B6"), None);
        assert_eq!(of("/%E9%81%8B営", "/%E9%81%8B%E5%96%B6"), None);
        // ASCII escapes are never decoded.
        assert_eq!(of("/運/a/b", "/%E9%81%8B/a%2Fb"), None);
    }

    #[test]
    fn escapes_that_are_not_utf_8() {
        // `%FF` decodes to a byte that is no UTF-8: no string is that, so never an IRI.
        assert_eq!(of("/ÿ", "/%FF"), None);
        assert_eq!(of("/%ff", "/%FF"), Some(Transform::LowerHex));
        assert_eq!(of("/%FF", "/%FF"), Some(Transform::Key));
        // A lone lead byte's escape before raw text.
        assert_eq!(of("/\u{e9}", "/%C3%A9"), Some(Transform::Iri));
        assert_eq!(of("/\u{e9}", "/%C3"), None);
    }

    #[test]
    fn every_position_of_a_long_url_counts() {
        // Long enough for the block comparisons, and one wrong byte anywhere: at the start, in
        // a block, in the last (overlapping) block, or last of all.
        let key = format!("/{}x%41B", "%E9%81%8B-".repeat(8));
        let lower = format!("/{}x%41B", "%e9%81%8b-".repeat(8));
        assert_eq!(of(&lower, &key), Some(Transform::LowerHex));
        let iri = format!("/{}x%41B", "運-".repeat(8));
        assert_eq!(of(&iri, &key), Some(Transform::Iri));
        for (j, c) in lower.char_indices().filter(|(_, c)| c.is_ascii_lowercase()) {
            let mut wrong = lower.clone();
            wrong.replace_range(j..j + 1, &c.to_ascii_uppercase().to_string());
            assert_eq!(of(&wrong, &key), None, "{wrong}");
        }
        for (j, _) in iri.char_indices().filter(|(_, c)| *c == '運') {
            let mut wrong = iri.clone();
            wrong.replace_range(j..j + 3, "%E9%81%8B");
            assert_eq!(of(&wrong, &key), None, "{wrong}");
        }
        for j in [0, 1, lower.len() - 1] {
            let mut wrong = lower.clone().into_bytes();
            wrong[j] = b'_';
            let wrong = String::from_utf8(wrong).expect("invariant: an ASCII byte replaced by `_`");
            assert_eq!(of(&wrong, &key), None, "{wrong}");
        }
    }

    #[test]
    fn lengths_decide_first() {
        assert_eq!(of("", "/a"), None);
        assert_eq!(of("/a", ""), None);
        assert_eq!(of("/ab", "/a"), None);
        assert_eq!(of("/%e9%81%8b/extra", "/%E9%81%8B"), None);
        assert_eq!(of("/運/", "/%E9%81%8B"), None);
        // One byte shorter: no number of decoded escapes gives that.
        assert_eq!(of("/%E9%81%8", "/%E9%81%8B"), None);
    }

    #[test]
    fn percent_signs_that_start_no_escape() {
        assert_eq!(of("/%%e9", "/%%E9"), Some(Transform::LowerHex));
        assert_eq!(of("/%運", "/%%E9%81%8B"), Some(Transform::Iri));
        assert_eq!(of("/100%", "/100%"), Some(Transform::Key));
        assert_eq!(of("/100%e", "/100%E"), None);
    }

    /// A packed spelling costs no more than a span of text, and its niche (a span is never
    /// all zero) makes an `Option` of a record that holds one free, whatever the metadata.
    #[test]
    fn a_packed_spelling_is_as_small_as_a_span() {
        use super::super::shard::Occ;
        use std::mem::size_of;
        assert_eq!(size_of::<PackedSpelling>(), size_of::<Span>());
        assert_eq!(size_of::<Option<PackedSpelling>>(), size_of::<Span>());
        assert_eq!(size_of::<Option<Occ<()>>>(), size_of::<Occ<()>>());
        assert_eq!(
            size_of::<Option<Occ<[u32; 5]>>>(),
            size_of::<Occ<[u32; 5]>>()
        );
        assert_eq!(size_of::<Option<Occ<u64>>>(), size_of::<Occ<u64>>());
    }

    #[test]
    fn a_spelling_holds_its_transform_or_its_text() {
        for t in Transform::ORDER {
            let s = PackedSpelling::of_transform(t);
            assert_eq!((s.transform(), s.text().is_none()), (Some(t), true));
        }
        let mut store = ShardArenas::default();
        let span = store.push_url("/x");
        let arenas = Arenas(vec![store]);
        let s = PackedSpelling::of_text(span);
        assert_eq!(s.transform(), None);
        assert_eq!(s.resolve(&arenas), ResolvedSpelling::Text("/x"));
        assert_eq!(s.resolve(&arenas).url("/X"), "/x");
        let mut scratch = String::new();
        let lower = PackedSpelling::of_transform(Transform::LowerHex).resolve(&arenas);
        assert_eq!(lower.url_in("/%C3%A9", &mut scratch), "/%c3%a9");
        let iri = PackedSpelling::of_transform(Transform::Iri).resolve(&arenas);
        assert_eq!(iri.url_in("/%C3%A9", &mut scratch), "/\u{e9}");
    }

    /// A piece of a key: escapes of bytes (uppercase or lowercase hex), or raw text.
    #[derive(Clone, Debug)]
    enum Piece {
        Escapes(Vec<u8>, bool),
        Raw(&'static str),
    }

    impl Piece {
        fn escaped(bytes: &[u8], upper: bool) -> String {
            bytes
                .iter()
                .map(|b| match upper {
                    true => format!("%{b:02X}"),
                    false => format!("%{b:02x}"),
                })
                .collect()
        }

        fn text(&self) -> String {
            match self {
                Piece::Escapes(b, upper) => Piece::escaped(b, *upper),
                Piece::Raw(t) => t.to_string(),
            }
        }

        /// The piece written in `form`: kept, lowercase hex, uppercase hex, or with its escapes
        /// of bytes >= 0x80 decoded.
        fn written(&self, form: u8) -> Vec<u8> {
            match (self, form) {
                (Piece::Escapes(b, _), 1) => Piece::escaped(b, false).into_bytes(),
                (Piece::Escapes(b, _), 2) => Piece::escaped(b, true).into_bytes(),
                (Piece::Escapes(b, upper), 3) => b
                    .iter()
                    .flat_map(|&x| match x {
                        0x80.. => vec![x],
                        _ => Piece::escaped(&[x], *upper).into_bytes(),
                    })
                    .collect(),
                _ => self.text().into_bytes(),
            }
        }
    }

    fn piece() -> impl proptest::strategy::Strategy<Value = Piece> {
        use proptest::prelude::*;
        let bytes = prop_oneof![
            prop::collection::vec(any::<u8>(), 1..3),
            prop::sample::select(vec!["運", "é", "😀", "/"]).prop_map(|c| c.as_bytes().to_vec()),
        ];
        prop_oneof![
            (bytes, any::<bool>()).prop_map(|(b, upper)| Piece::Escapes(b, upper)),
            prop::sample::select(vec!["a", "Z", "/", "%", "%4", "é", "E9"]).prop_map(Piece::Raw),
        ]
    }

    proptest::proptest! {
        #[test]
        fn what_is_classified_is_rebuilt_exactly(
            pieces in proptest::collection::vec((piece(), 0..4u8), 0..12),
        ) {
            // A key, and a URL made of its pieces each kept, lowercased, uppercased or
            // decoded; and the key's two transforms.
            let key: String = pieces.iter().map(|(p, _)| p.text()).collect();
            let url: Vec<u8> = pieces.iter().flat_map(|(p, form)| p.written(*form)).collect();
            let lower: Vec<u8> = pieces.iter().flat_map(|(p, _)| p.written(1)).collect();
            let iri: Vec<u8> = pieces.iter().flat_map(|(p, _)| p.written(3)).collect();
            if let Ok(url) = String::from_utf8(url) {
                if let Some(t) = Transform::of(&url, &key) {
                    proptest::prop_assert_eq!(t.apply(&key), url.as_str());
                }
            }
            // Pieces can make escapes across their bounds ("%4" then "E9"): the expectations
            // hold where the key's escapes are exactly its escape pieces.
            let separate = !pieces
                .iter()
                .any(|(p, _)| matches!(p, Piece::Raw("%" | "%4")));
            if separate {
                let lower = String::from_utf8(lower)
                    .expect("invariant: lowercasing ASCII hex digits keeps the pieces' UTF-8");
                let class = Transform::of(&lower, &key);
                proptest::prop_assert!(matches!(class, Some(Transform::Key | Transform::LowerHex)));
                if let Ok(iri) = String::from_utf8(iri) {
                    let class = Transform::of(&iri, &key);
                    proptest::prop_assert!(matches!(class, Some(Transform::Key | Transform::Iri)));
                }
            }
        }
    }
}
