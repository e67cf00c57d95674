//! The key of the common URL in one pass: `scheme://host/path?query#fragment` with a lowercase
//! scheme and a plain lowercase host, at `safe` or `normal`.
//!
//! [`super::key_into`] parses a URL into components, then rebuilds each; for the URLs real
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

use super::rule::{Rule, RuleSet, NORMAL, SAFE};
use crate::uri::chars::{hex_value, CLASS, HEX_UPPER, PLAIN, P_REG, UNRESERVED};

/// What the pass does with a byte after the authority.
const COPY: u8 = 0;
/// An escape: `%` and two hex digits.
const PERCENT: u8 = 1;
/// Written as `%XX` (`iri-to-uri`): non-ASCII bytes and the unwise ASCII ones.
const ESCAPE: u8 = 2;
/// Ends the path (`?`) or the path or query (`#`).
const DELIMITER: u8 = 3;
/// `/`: a dot segment may follow.
const SLASH: u8 = 4;
/// A control character: an error the full path reports.
const BAIL: u8 = 5;

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
        } else if c == b'?' || c == b'#' {
            DELIMITER
        } else if c == b'/' {
            SLASH
        } else {
            COPY
        };
        b += 1;
    }
    t
}

/// The action of every byte value.
static ACTION: [u8; 256] = actions();

/// Whether [`key_into`] handles these rules: the `safe` and `normal` presets (the pass never
/// meets a dot segment, where they differ).
pub(crate) fn handles(rs: RuleSet) -> bool {
    rs == SAFE || rs == NORMAL
}

/// Appends the key of `input` under `rs` (one of [`handles`]'s) to `out` and returns `true`,
/// or returns `false` with `out` as it was when the URL is not of the common form.
pub(crate) fn key_into(input: &str, rs: RuleSet, out: &mut String) -> bool {
    debug_assert!(handles(rs) && rs.has(Rule::HexCase));
    let start = out.len();
    if write_key(input, out) {
        true
    } else {
        out.truncate(start);
        false
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
    // A non-empty host of lowercase reg-name bytes, then a path that starts with '/'.
    let host = colon + 3;
    let len = b[host..]
        .iter()
        .position(|&c| PLAIN[c as usize] & P_REG == 0)
        .unwrap_or(b.len() - host);
    let end = host + len;
    (len > 0 && b.get(end) == Some(&b'/')).then_some(end)
}

/// The pass itself; `false` as soon as the URL is not common (the caller truncates).
fn write_key(input: &str, out: &mut String) -> bool {
    let b = input.as_bytes();
    let Some(path) = authority_end(b) else {
        return false;
    };
    // 0: path, 1: query, 2: fragment.
    let mut part = 0u8;
    let mut run = 0;
    let mut i = path;
    while i < b.len() {
        // Bytes copied as they are, eight to a test.
        while let Some(chunk) = b.get(i..i + 8) {
            if chunk.iter().fold(COPY, |acc, &c| acc | ACTION[c as usize]) != COPY {
                break;
            }
            i += 8;
        }
        let Some(&c) = b.get(i) else { break };
        match ACTION[c as usize] {
            COPY => i += 1,
            SLASH => {
                // `/.` may start a dot segment, which the full path handles.
                if part == 0 && b.get(i + 1) == Some(&b'.') {
                    return false;
                }
                i += 1;
            }
            DELIMITER => {
                if c == b'#' {
                    part = 2;
                } else if part == 0 {
                    part = 1;
                }
                i += 1;
            }
            ESCAPE => {
                if !push(out, input, run, i) {
                    return false;
                }
                while let Some(&x) = b.get(i).filter(|&&x| ACTION[x as usize] == ESCAPE) {
                    push_escape(x, out);
                    i += 1;
                }
                run = i;
            }
            PERCENT => {
                if !push(out, input, run, i) {
                    return false;
                }
                while b.get(i) == Some(&b'%') {
                    let (Some(&h), Some(&l)) = (b.get(i + 1), b.get(i + 2)) else {
                        return false;
                    };
                    if !(h.is_ascii_hexdigit() && l.is_ascii_hexdigit()) {
                        return false;
                    }
                    let v = hex_value(h) << 4 | hex_value(l);
                    if CLASS[v as usize] & UNRESERVED != 0 {
                        // `%2E` in a path may make a dot segment: the full path decides.
                        if v == b'.' && part == 0 {
                            return false;
                        }
                        out.push(v as char);
                    } else {
                        out.push('%');
                        out.push(HEX_UPPER[(v >> 4) as usize] as char);
                        out.push(HEX_UPPER[(v & 15) as usize] as char);
                    }
                    i += 3;
                }
                run = i;
            }
            _ => return false,
        }
    }
    push(out, input, run, b.len())
}

/// Appends `input[from..to]`; `false` if that is not a run of whole characters (it always
/// is: runs end at ASCII bytes).
#[inline]
fn push(out: &mut String, input: &str, from: usize, to: usize) -> bool {
    match input.get(from..to) {
        Some(s) => {
            out.push_str(s);
            true
        }
        None => false,
    }
}

/// Appends `%XX` for `v`.
#[inline]
fn push_escape(v: u8, out: &mut String) {
    out.push('%');
    out.push(HEX_UPPER[(v >> 4) as usize] as char);
    out.push(HEX_UPPER[(v & 15) as usize] as char);
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
            if key_into(input, rs, &mut out) {
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
        ];
        for u in common {
            let mut out = String::new();
            assert!(key_into(u, SAFE, &mut out), "{u}");
            check(u);
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
            assert!(!key_into(u, SAFE, &mut out), "{u:?}");
            assert!(out.is_empty());
            check(u);
        }
    }

    proptest::proptest! {
        #[test]
        fn the_pass_writes_what_the_full_path_writes(
            scheme in "(https?|ftp|HTTP|x-y|mailto)",
            host in "([a-z0-9.-]{1,8}|Ex|a:8|例)",
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
