//! The key of the common URL in one pass: `scheme://host/path?query#fragment` with a lowercase
//! scheme and a plain lowercase host, at `safe` or `normal`.
//!
//! [`super::Keys`]'s full path parses a URL into components, then rebuilds each; for the URLs real
//! lists hold (an http(s) page whose path mixes ASCII, escapes in either hex case and raw
//! non-ASCII characters) every step but three is a copy: uppercase the hex of escapes, decode
//! escapes of unreserved characters, escape non-ASCII and unwise bytes. This pass does those
//! three while it validates, and gives up (`false`, leaving the caller to run the full path)
//! on anything else: an uppercase, escaped or non-ASCII host, a port, userinfo, an empty path,
//! a dot segment or `%2E` in the path, a control character or a malformed escape (both are
//! errors, which the full path locates). What it writes is what the full path writes; a
//! property test compares the two.
//!
//! Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>

use super::rule::{RuleSet, NORMAL, SAFE};
use crate::codec::{first_in_set, uppercase_escape, KernelLevel, NibbleSet};
use crate::uri::chars::{CLASS, HEX_VALUE, PLAIN, P_REG, UNRESERVED};

/// What the pass does with a byte after the authority.
const COPY: u8 = 0;
/// An escape: `%` and two hex digits.
const PERCENT: u8 = 1;
/// Written as `%XX` (`iri-to-uri`): non-ASCII bytes and the unwise ASCII ones.
const ESCAPE: u8 = 2;
/// A control character: an error the full path reports.
const BAIL: u8 = 3;

const fn actions() -> [u8; 256] {
    let mut t = [COPY; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = if c < 0x20 || c == 0x7f {
            BAIL
        } else if c >= 0x80
            || matches!(
                c,
                b' ' | b'"' | b'<' | b'>' | b'^' | b'`' | b'{' | b'|' | b'}'
            )
        {
            ESCAPE
        } else if c == b'%' {
            PERCENT
        } else {
            COPY
        };
        b += 1;
    }
    t
}

/// The action of every byte value.
static ACTION: [u8; 256] = actions();

/// The bytes that end a run copied as it is (every action but `COPY`), for the vector
/// search: URL paths are mostly long runs of plain ASCII.
static STOPS: NibbleSet = NibbleSet::new(&actions());

/// Whether `path` holds `/.`, which may start a dot segment: a search for the dot, then a
/// look at the byte before it (paths have few dots; a two-byte substring searcher costs more
/// to set up than this search).
fn has_dot_segment(path: &[u8]) -> bool {
    memchr::memchr_iter(b'.', path).any(|p| path.get(p.wrapping_sub(1)) == Some(&b'/'))
}

/// The scratch space of the one-pass key writer, which a [`Keys`](super::Keys) keeps: room
/// to write a key in that only grows (up to 64 KiB), so it is zero-filled once per new
/// longest URL instead of once per URL.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    bytes: Vec<u8>,
}

/// Whether [`key_into`] handles these rules: the `safe` and `normal` presets (the pass never
/// meets a dot segment, where they differ).
pub(crate) fn handles(rs: RuleSet) -> bool {
    rs == SAFE || rs == NORMAL
}

/// Appends the key of `input` under `rs` (one of [`handles`]'s) to `out` and returns `true`,
/// or returns `false` with `out` as it was when the URL is not of the common form.
pub(crate) fn key_into(
    input: &str,
    level: KernelLevel,
    scratch: &mut Scratch,
    out: &mut String,
) -> bool {
    // The key is written as bytes into room for the longest it can be (each input byte gives
    // at most three), then checked as UTF-8 in one go and appended: cheaper than pushing
    // characters one at a time, and it is ASCII by construction. The room is kept between
    // calls (filling fresh room with zeros would cost more than the copy).
    let need = 3 * input.len();
    if need > ROOM_KEPT {
        // A rare huge URL gets room of its own, so the caller's room does not keep it.
        return write_key_in(input, level, &mut vec![0; need], out);
    }
    let room = &mut scratch.bytes;
    if room.len() < need {
        room.resize(need, 0);
    }
    write_key_in(input, level, room, out)
}

/// The longest room a [`Scratch`] keeps (URLs of up to a third of it).
const ROOM_KEPT: usize = 64 << 10;

/// [`key_into`] with `room` (at least three bytes per input byte) to write in.
fn write_key_in(input: &str, level: KernelLevel, room: &mut [u8], out: &mut String) -> bool {
    let key = room
        .get_mut(..3 * input.len())
        .and_then(|room| write_key(input.as_bytes(), level, room))
        .and_then(|written| room.get(..written));
    // A key that is not UTF-8 is not reached (it is ASCII).
    match key.map(crate::codec::validated_str) {
        Some(Some(key)) => {
            out.push_str(key);
            true
        }
        _ => false,
    }
}

/// Copies a run of escapes (`%`, digits, hex letters) uppercased: in such a run the letters
/// are exactly the bytes with bit 0x40, and uppercasing one clears its bit 0x20 (a map the
/// compiler vectorizes).
#[inline]
fn copy_uppercase(run: &[u8], out: &mut [u8]) {
    for (d, s) in out.iter_mut().zip(run) {
        *d = s & !((s & 0x40) >> 1);
    }
}

/// The scheme and host of a common URL: where its path starts, or `None`.
fn authority_end(b: &[u8]) -> Option<usize> {
    // A lowercase scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then "://".
    let first = *b.first()?;
    if !first.is_ascii_lowercase() {
        return None;
    }
    let colon = b.iter().position(|&c| {
        !(c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'+' | b'-' | b'.'))
    })?;
    if b.get(colon..colon + 3)? != b"://" || &b[..colon] == b"mailto" {
        return None;
    }
    // A host of lowercase reg-name bytes, then a path that starts with '/'. The host may be
    // empty only in a `file` URL (`file:///etc/hosts`, a quarter of some real lists), where
    // it means "this machine" and no rule changes it.
    let host = colon + 3;
    let len = b[host..]
        .iter()
        .position(|&c| PLAIN[c as usize] & P_REG == 0)
        .unwrap_or(b.len() - host);
    let end = host + len;
    let host_ok = len > 0 || &b[..colon] == b"file";
    (host_ok && b.get(end) == Some(&b'/')).then_some(end)
}

/// Writes the key of `b` to the start of `out` (at least three times as long as `b`) and
/// returns its length, or `None` as soon as the URL is not common.
fn write_key(b: &[u8], level: KernelLevel, out: &mut [u8]) -> Option<usize> {
    let path = authority_end(b)?;
    // Where the path ends, and whether a segment of it may be a dot segment: both handled
    // by the full path (`/.` here, `%2E` below).
    let path_end = path + memchr::memchr2(b'?', b'#', b.get(path..)?).unwrap_or(b.len() - path);
    if has_dot_segment(b.get(path..path_end)?) {
        return None;
    }
    out.get_mut(..path)?.copy_from_slice(b.get(..path)?);
    let mut w = path;
    let mut i = path;
    loop {
        // Bytes copied as they are.
        let kept = first_in_set(level, &STOPS, &ACTION, b, i).map_or(b.len() - i, |at| at - i);
        out.get_mut(w..w + kept)?
            .copy_from_slice(b.get(i..i + kept)?);
        i += kept;
        w += kept;
        let Some(&c) = b.get(i) else { break };
        if c == b'%' {
            // Escapes of non-ASCII bytes (percent-encoded UTF-8) are never decoded here:
            // copied uppercased, many per step where the CPU has a kernel for it.
            let run = crate::codec::copy_escape_run(level, b, i, out.get_mut(w..)?);
            i += run;
            w += run;
            if b.get(i) != Some(&b'%') {
                continue;
            }
            // A run of escapes (three for each character of a Japanese slug) is checked, then
            // copied whole and uppercased in place (`hex-case`: it holds only `%` and hex
            // digits); an escape of an unreserved character ends it and is decoded.
            let from = i;
            let mut decoded = None;
            while b.get(i) == Some(&b'%') {
                let (Some(&h), Some(&l)) = (b.get(i + 1), b.get(i + 2)) else {
                    return None;
                };
                let (h, l) = (HEX_VALUE[h as usize], HEX_VALUE[l as usize]);
                if (h | l) > 15 {
                    return None;
                }
                // Unreserved characters are ASCII: an escape of a byte >= 0x80 never is.
                if h < 8 && CLASS[(h << 4 | l) as usize] & UNRESERVED != 0 {
                    decoded = Some(h << 4 | l);
                    break;
                }
                i += 3;
            }
            copy_uppercase(b.get(from..i)?, out.get_mut(w..w + (i - from))?);
            w += i - from;
            if let Some(v) = decoded {
                // `%2E` in a path may make a dot segment: the full path decides.
                if v == b'.' && i < path_end {
                    return None;
                }
                *out.get_mut(w)? = v;
                w += 1;
                i += 3;
            }
            continue;
        }
        if c >= 0x80 {
            // A run of non-ASCII characters: every byte of their UTF-8 is escaped.
            while let Some(&x) = b.get(i).filter(|&&x| x >= 0x80) {
                out.get_mut(w..w + 3)?.copy_from_slice(uppercase_escape(x));
                w += 3;
                i += 1;
            }
            continue;
        }
        if ACTION[c as usize] != ESCAPE {
            return None;
        }
        out.get_mut(w..w + 3)?.copy_from_slice(uppercase_escape(c));
        w += 3;
        i += 1;
    }
    Some(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normalize::{build_key, Level, Options};
    use crate::uri::parse;

    /// The full path's key, never the pass's.
    fn reference(input: &str, rs: RuleSet) -> Option<String> {
        let u = parse(input).ok()?;
        let mut out = String::new();
        build_key(&u, rs, &mut out).ok()?;
        Some(out)
    }

    fn check(input: &str) {
        for level in [Level::Safe, Level::Normal] {
            let rs = Options::new(level).rules();
            let mut out = String::from("kept ");
            if handles(rs) && key_into(input, KernelLevel::TOP, &mut Scratch::default(), &mut out) {
                assert_eq!(
                    out.strip_prefix("kept "),
                    reference(input, rs).as_deref(),
                    "{input:?} at {level}"
                );
            } else {
                assert_eq!(
                    out, "kept ",
                    "{input:?}: a refusal leaves the buffer as it was"
                );
            }
        }
    }

    #[test]
    fn common_urls_take_the_pass_and_agree() {
        let common = [
            "https://example.com/",
            "https://example.com/a/b?q=1#f",
            "https://example.com/%e9%81%8b/%E5%96%B6?x=%7e%41",
            "https://example.com/tag/ログインできない/",
            "http://a.b/ x\"<>^`{|}\\[]?#?#",
            "https://example.com/a%2Fb?c=%2e#%2E",
            "ftp://h/p",
            "file:///etc/hosts",
            "file:///C:/a%7e/%e9%81%8b?x#y",
        ];
        for u in common {
            let mut out = String::new();
            assert!(
                key_into(u, KernelLevel::TOP, &mut Scratch::default(), &mut out),
                "{u}"
            );
            check(u);
        }
    }

    #[test]
    fn urls_longer_than_the_kept_room_and_shorter_ones_after_them() {
        let piece = "%e9%81%8b-ログ-";
        let huge = format!("https://example.com/{}/", piece.repeat(ROOM_KEPT / 20));
        assert!(3 * huge.len() > ROOM_KEPT);
        let mid = format!("https://example.com/{}/", piece.repeat(ROOM_KEPT / 160));
        // Longest first, so that a shorter key is written over room holding a longer one.
        let mut room = Scratch::default();
        for u in [&huge, &mid, "https://example.com/a"] {
            let mut out = String::new();
            assert!(
                key_into(u, KernelLevel::TOP, &mut room, &mut out),
                "{}",
                u.len()
            );
            check(u);
        }
        assert!(room.bytes.len() <= ROOM_KEPT);
    }

    #[test]
    fn anything_else_is_left_to_the_full_path() {
        let other = [
            "",
            "HTTP://a/",
            "http://A/",
            "http://a",
            "http://a?q",
            "http:///a",
            "x-y:///a",
            "file://",
            "http://a:80/",
            "http://u@a/",
            "http://[::1]/",
            "http://例え.jp/",
            "http://a/./b",
            "http://a/b/..",
            "http://a/%2e%2E/",
            "http://a/%zz",
            "http://a/%4",
            "http://a/\u{1}",
            "mailto://a/b",
            "/relative",
            "1http://a/",
        ];
        for u in other {
            let mut out = String::new();
            assert!(
                !key_into(u, KernelLevel::TOP, &mut Scratch::default(), &mut out),
                "{u:?}"
            );
            assert!(out.is_empty());
            check(u);
        }
    }

    proptest::proptest! {
        #[test]
        fn the_pass_writes_what_the_full_path_writes(
            scheme in "(https?|ftp|file|HTTP|x-y|mailto)",
            host in "([a-z0-9.-]{1,8}|Ex|a:8|例|)",
            path in proptest::collection::vec(
                "([a-z/._~-]|%[0-9a-fA-F]{2}|%2[eE]|%|ログ|[ \"<>^`{|}\\\\\\[\\]?#]|[\u{0}-\u{7f}])",
                0..12,
            ),
        ) {
            check(&format!("{scheme}://{host}/{}", path.concat()));
            check(&format!("{scheme}://{host}{}", path.concat()));
        }
    }
}
