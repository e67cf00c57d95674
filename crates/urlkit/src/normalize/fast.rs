//! The key of the common URL in one pass: `scheme://host/path?query#fragment` with a lowercase
//! scheme and a plain lowercase host, at `safe` or `normal`.
//!
//! [`super::Keys`]'s full path parses a URL into components, then rebuilds each; for the URLs
//! real lists hold (an http(s) page whose path mixes ASCII, escapes in either hex case and raw
//! non-ASCII characters) every step but three is a copy: uppercase the hex of escapes, decode
//! escapes of unreserved characters, escape non-ASCII and unwise bytes. This pass does those
//! three while it validates, and gives up (`false`, leaving the caller to run the full path)
//! on anything else: an uppercase, escaped or non-ASCII host, a port, userinfo, an empty path,
//! a dot segment or `%2E` in the path, a control character or a malformed escape (both are
//! errors, which the full path locates). What it writes is what the full path writes; a
//! property test compares the two.
//!
//! One classifying pass (`codec::mark_key_bytes`, a vector pass where the CPU has one) marks
//! the whole URL first: the bytes the writer acts on, the bytes that end a plain host, `?`,
//! `#`, `/` and `.`. The writer then walks those marks: it finds the host's end, the path's
//! end and a possible dot segment by a bit scan each, and copies the runs between marked
//! bytes as they are. The input is `&str` and the key is written as `&str` pieces of it and
//! ASCII escapes, so it is never checked as UTF-8 again; a URL with nothing to change is
//! one copy.
//!
//! Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>

use super::rule::{RuleSet, NORMAL, SAFE};
use crate::codec::{mark_key_bytes, KernelLevel, KeyClasses, Marks};
use crate::uri::chars::{CLASS, HEX_UPPER, HEX_VALUE, PLAIN, P_REG, UNRESERVED};

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

/// The bytes that end a plain host: all but the lowercase reg-name bytes (`uri::chars`).
const fn host_ends() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (PLAIN[b] & P_REG == 0) as u8;
        b += 1;
    }
    t
}

/// The classes the classifying pass marks: the stops (every action but `COPY`) and the
/// bytes that end a plain host.
static CLASSES: KeyClasses = KeyClasses::new(&actions(), &host_ends());

/// The scratch space of the one-pass key writer, which a [`Keys`](super::Keys) keeps: the
/// marks of a URL longer than the blocks kept on the stack (most URLs are not), grown once
/// per new longest URL.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    marks: Vec<Marks>,
}

/// The blocks of marks kept on the stack: URLs of up to 256 bytes need no scratch space.
const STACK_BLOCKS: usize = 4;

/// Whether [`key_into`] handles these rules: the `safe` and `normal` presets (the pass never
/// meets a dot segment, where they differ).
pub(crate) fn handles(rs: RuleSet) -> bool {
    rs == SAFE || rs == NORMAL
}

/// Appends the key of `input` under the rules [`handles`] takes to `out` and returns
/// `true`, or returns `false` with `out` as it was when the URL is not of the common form.
pub(crate) fn key_into(
    input: &str,
    level: KernelLevel,
    scratch: &mut Scratch,
    out: &mut String,
) -> bool {
    let b = input.as_bytes();
    let Some(host) = host_start(b) else {
        return false;
    };
    let blocks = b.len().div_ceil(64);
    let mut stack = [Marks::default(); STACK_BLOCKS];
    let marks: &mut [Marks] = if blocks <= STACK_BLOCKS {
        &mut stack[..blocks]
    } else {
        scratch.marks.clear();
        scratch.marks.resize(blocks, Marks::default());
        &mut scratch.marks
    };
    mark_key_bytes(level, &CLASSES, b, marks);
    let start = out.len();
    let written = write_key(input, host, marks, out);
    if !written {
        out.truncate(start);
    }
    written
}

/// Where the host of a common URL starts (after `scheme://`, the scheme lowercase and not
/// `mailto`), or `None`.
#[inline]
fn host_start(b: &[u8]) -> Option<usize> {
    // The schemes of nearly every URL, in one comparison each.
    if b.starts_with(b"https://") {
        return Some(8);
    }
    if b.starts_with(b"http://") || b.starts_with(b"file://") {
        return Some(7);
    }
    // A lowercase scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then "://".
    if !b.first()?.is_ascii_lowercase() {
        return None;
    }
    let colon = b.iter().position(|&c| {
        !(c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'+' | b'-' | b'.'))
    })?;
    if b.get(colon..colon + 3)? != b"://" || &b[..colon] == b"mailto" {
        return None;
    }
    Some(colon + 3)
}

/// The first position at or after `from` whose bit is set in the `field` of `marks`.
#[inline(always)]
fn next(marks: &[Marks], field: impl Fn(&Marks) -> u64, from: usize) -> Option<usize> {
    let mut k = from / 64;
    let mut m = field(marks.get(k)?) & (u64::MAX << (from % 64));
    loop {
        if m != 0 {
            return Some(64 * k + m.trailing_zeros() as usize);
        }
        k += 1;
        m = field(marks.get(k)?);
    }
}

/// The bits of positions `lo..hi` that fall in the block starting at `base`.
#[inline(always)]
fn range_bits(lo: usize, hi: usize, base: usize) -> u64 {
    let bits = |p: usize| match p.saturating_sub(base) {
        k if k >= 64 => u64::MAX,
        k => (1u64 << k) - 1,
    };
    bits(hi) & !bits(lo)
}

/// Whether a `.` right after a `/` (`/.`, which may start a dot segment) lies in `lo..hi`.
#[inline]
fn has_dot_segment(marks: &[Marks], lo: usize, hi: usize) -> bool {
    let mut carry = 0;
    for (k, m) in marks.iter().enumerate() {
        let base = 64 * k;
        if base >= hi {
            break;
        }
        let after_slash = m.dot & (m.slash << 1 | carry);
        carry = m.slash >> 63;
        if after_slash & range_bits(lo, hi, base) != 0 {
            return true;
        }
    }
    false
}

/// Appends `%XX` of `byte` (uppercase hex) to `out`.
#[inline(always)]
fn push_escape(out: &mut String, byte: u8) {
    HEX_UPPER.push_escape(byte, out);
}

/// Writes the key of `input`, whose host starts at `host`, by its `marks`; `false` as soon as
/// the URL is not common (the caller truncates what was written).
fn write_key(input: &str, host: usize, marks: &[Marks], out: &mut String) -> bool {
    let b = input.as_bytes();
    let n = b.len();
    // A host of lowercase reg-name bytes, then a path that starts with '/'. The host may be
    // empty only in a `file` URL (`file:///etc/hosts`, a quarter of some real lists), where
    // it means "this machine" and no rule changes it.
    let path = next(marks, |m| m.host_end, host).unwrap_or(n);
    if b.get(path) != Some(&b'/') || (path == host && b.get(..host) != Some(b"file://")) {
        return false;
    }
    // Where the path ends, and whether a segment of it may be a dot segment: both handled
    // by the full path (`/.` here, `%2E` below).
    let path_end = next(marks, |m| m.query_or_fragment, path).unwrap_or(n);
    if has_dot_segment(marks, path + 1, path_end) {
        return false;
    }
    // input[..copied] is written (as it is, or changed).
    let mut copied = 0;
    let mut at = path;
    while let Some(s) = next(marks, |m| m.stop, at) {
        let Some(before) = input.get(copied..s) else {
            return false;
        };
        match ACTION[b[s] as usize] {
            PERCENT => {
                let (Some(&h), Some(&l)) = (b.get(s + 1), b.get(s + 2)) else {
                    return false;
                };
                let (hv, lv) = (HEX_VALUE[h as usize], HEX_VALUE[l as usize]);
                if (hv | lv) > 15 {
                    return false;
                }
                let v = hv << 4 | lv;
                // Unreserved characters are ASCII: an escape of a byte >= 0x80 never is.
                if hv < 8 && CLASS[v as usize] & UNRESERVED != 0 {
                    // `%2E` in a path may make a dot segment: the full path decides.
                    if v == b'.' && s < path_end {
                        return false;
                    }
                    out.push_str(before);
                    out.push(char::from(v));
                    copied = s + 3;
                } else if h >= b'a' || l >= b'a' {
                    // `hex-case`: a lowercase hex digit (the digits are valid: 'a'..='f').
                    out.push_str(before);
                    push_escape(out, v);
                    copied = s + 3;
                }
                at = s + 3;
            }
            ESCAPE if b[s] >= 0x80 => {
                // A run of non-ASCII characters: every byte of their UTF-8 is escaped.
                let run = b[s..].iter().take_while(|&&x| x >= 0x80).count();
                out.push_str(before);
                out.reserve(3 * run);
                for &x in &b[s..s + run] {
                    push_escape(out, x);
                }
                copied = s + run;
                at = copied;
            }
            ESCAPE => {
                out.push_str(before);
                push_escape(out, b[s]);
                copied = s + 1;
                at = copied;
            }
            _ => return false,
        }
    }
    match input.get(copied..) {
        Some(rest) => {
            out.push_str(rest);
            true
        }
        None => false,
    }
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

    /// The pass at every kernel level this CPU has (the scalar reference first) against the
    /// full path, and the classifying pass's marks against the scalar reference's.
    fn check(input: &str) {
        let blocks = input.len().div_ceil(64);
        let mut want = vec![Marks::default(); blocks];
        mark_key_bytes(KernelLevel::Scalar, &CLASSES, input.as_bytes(), &mut want);
        for kernel in KernelLevel::ALL
            .into_iter()
            .filter(|l| *l <= crate::codec::kernel_level())
        {
            let mut got = vec![Marks::default(); blocks];
            mark_key_bytes(kernel, &CLASSES, input.as_bytes(), &mut got);
            assert_eq!(got, want, "marks of {input:?} at {kernel}");
            for level in [Level::Safe, Level::Normal] {
                let rs = Options::new(level).rules();
                let mut out = String::from("kept ");
                if handles(rs) && key_into(input, kernel, &mut Scratch::default(), &mut out) {
                    assert_eq!(
                        out.strip_prefix("kept "),
                        reference(input, rs).as_deref(),
                        "{input:?} at {level}, {kernel}"
                    );
                } else {
                    assert_eq!(
                        out, "kept ",
                        "{input:?}: a refusal leaves the buffer as it was"
                    );
                }
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
    fn urls_longer_than_the_stack_blocks_and_shorter_ones_after_them() {
        let piece = "%e9%81%8b-ログ-";
        let huge = format!("https://example.com/{}/", piece.repeat(3000));
        let mid = format!("https://example.com/{}/", piece.repeat(20));
        assert!(mid.len() > 64 * STACK_BLOCKS);
        // Longest first, so that a shorter URL's marks are written over longer ones.
        let mut scratch = Scratch::default();
        for u in [&huge, &mid, "https://example.com/a"] {
            let mut out = String::new();
            assert!(
                key_into(u, KernelLevel::TOP, &mut scratch, &mut out),
                "{}",
                u.len()
            );
            check(u);
        }
    }

    /// Every length up to 200 with each marked byte at every position: the 16-, 32- and
    /// 64-byte steps, their overlapping last loads and the block edges.
    #[test]
    fn marks_at_every_position_and_length() {
        for len in 0..200 {
            for at in 0..len.max(1) {
                for special in [b'%', b'/', b'.', b'?', b'#', b'A', b' ', 0x01, b':'] {
                    let mut v = vec![b'a'; len];
                    if at < len {
                        v[at] = special;
                    }
                    let text = String::from_utf8(v).expect("ASCII");
                    let blocks = len.div_ceil(64);
                    let mut want = vec![Marks::default(); blocks];
                    for (m, chunk) in want.iter_mut().zip(text.as_bytes().chunks(64)) {
                        *m = Marks::of_block(&CLASSES, chunk);
                    }
                    for kernel in KernelLevel::ALL
                        .into_iter()
                        .filter(|l| *l <= crate::codec::kernel_level())
                    {
                        let mut got = vec![Marks::default(); blocks];
                        mark_key_bytes(kernel, &CLASSES, text.as_bytes(), &mut got);
                        assert_eq!(got, want, "{len} {at} {special} at {kernel}");
                    }
                }
            }
        }
        // Non-ASCII bytes at every position, for the sign bits.
        for len in 1..140 {
            let text: String = "é".repeat(len);
            check(&format!("https://a/{text}"));
        }
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
