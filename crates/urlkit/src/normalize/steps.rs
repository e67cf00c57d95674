//! The steps of the `safe` and `normal` levels (DESIGN §4), each a named function, and the
//! key builder that runs them in one pass over the components.

use std::ops::Range;

use super::loose;
use super::rule::{Rule, RuleSet};
use super::{NormalizeError, NormalizeErrorKind};
use crate::host::{parse_host, to_ascii, Host};
use crate::uri::chars::{hex_value, CLASS, HEX_UPPER, UNRESERVED, UNWISE};
use crate::uri::{flag, port_number, remove_dot_segments_into, Component, PathHead, UriRef};

/// Where each component of a key lies in the output (without delimiters).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parts {
    ranges: [Option<Range<usize>>; 7],
}

impl Parts {
    fn set(&mut self, c: Component, r: Range<usize>) {
        self.ranges[c as usize] = Some(r);
    }

    pub(crate) fn get<'k>(&self, key: &'k str, c: Component) -> Option<&'k str> {
        self.ranges[c as usize].clone().and_then(|r| key.get(r))
    }
}

/// Which component an escape is in: decides which sub-delimiters the `sub-delims` rule may
/// decode.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Context {
    Userinfo,
    Path,
    Query,
    Fragment,
}

/// Writes the key of `u` under the rules `rs` to `out` and says where each component went.
pub(crate) fn build_key(
    u: &UriRef<'_>,
    rs: RuleSet,
    out: &mut String,
) -> Result<Parts, NormalizeError> {
    let mut parts = Parts::default();
    let scheme = u.scheme();
    if let Some(s) = scheme {
        let start = out.len();
        lowercase_scheme(s, u.flags(Component::Scheme), rs, out);
        parts.set(Component::Scheme, start..out.len());
        out.push(':');
    }
    if u.authority().is_some() {
        out.push_str("//");
        if let Some(ui) = u.userinfo() {
            let start = out.len();
            normalize_escapes(ui, u.flags(Component::Userinfo), Context::Userinfo, rs, out);
            parts.set(Component::Userinfo, start..out.len());
            out.push('@');
        }
        let start = out.len();
        normalize_host(u, rs, out)?;
        if rs.has(Rule::Www) {
            loose::strip_www(out, start);
        }
        parts.set(Component::Host, start..out.len());
        if let Some(mut p) = u.port() {
            if rs.has(Rule::PortLeadingZeros) {
                p = port_number(p);
            }
            // Under the loose `scheme` switch, http becomes https: a port that is the default
            // of either reading goes, so the key is a fixed point.
            let mapped =
                rs.has(Rule::Scheme) && scheme.is_some_and(|s| s.eq_ignore_ascii_case("http"));
            let default =
                is_default_port(scheme, p) || (mapped && is_default_port(Some("https"), p));
            if !(rs.has(Rule::DefaultPort) && default) {
                out.push(':');
                let start = out.len();
                out.push_str(p);
                parts.set(Component::Port, start..out.len());
            }
        }
    }
    let start = out.len();
    normalize_path(u, rs, out);
    if rs.intersects(RuleSet::of(&[Rule::TrailingSlash, Rule::IndexPage])) {
        loose::trim_path(out, start, rs);
    }
    // Last, so that the key is a fixed point: `http:/a/..//b` is `http:/.//b`, never
    // `http://b`, and keying `http:/.//b` again removes the `/.` and puts it back.
    PathHead::of(scheme, u.authority()).insert_guard(out, start);
    parts.set(Component::Path, start..out.len());
    if let Some(q) = u.query() {
        out.push('?');
        let start = out.len();
        normalize_escapes(q, u.flags(Component::Query), Context::Query, rs, out);
        if !q.is_empty() && loose::query(out, start, rs) {
            out.truncate(start - 1);
        } else {
            parts.set(Component::Query, start..out.len());
        }
    }
    if let Some(f) = u.fragment() {
        if !rs.has(Rule::Fragment) {
            out.push('#');
            let start = out.len();
            normalize_escapes(f, u.flags(Component::Fragment), Context::Fragment, rs, out);
            parts.set(Component::Fragment, start..out.len());
        }
    }
    Ok(parts)
}

/// `scheme-case`: the scheme in lowercase (RFC 3986 §6.2.2.1); with the loose `scheme`
/// switch, `http` becomes `https`.
fn lowercase_scheme(s: &str, f: u8, rs: RuleSet, out: &mut String) {
    if rs.has(Rule::Scheme) && s.eq_ignore_ascii_case("http") {
        out.push_str("https");
    } else if rs.has(Rule::SchemeCase) && f & flag::UPPER != 0 {
        out.extend(s.bytes().map(|c| c.to_ascii_lowercase() as char));
    } else {
        out.push_str(s);
    }
}

/// `default-port`: whether `port` is empty or the scheme's default (RFC 3986 §6.2.3), digit
/// for digit (leading zeros are `port-leading-zeros`'s, which runs first).
fn is_default_port(scheme: Option<&str>, port: &str) -> bool {
    if port.is_empty() {
        return true;
    }
    scheme.is_some_and(|s| crate::uri::is_default_port(s, port))
}

/// Schemes whose empty path is `/` (RFC 3986 §6.2.3, RFC 9110 §4.2.3).
fn has_root_path(scheme: Option<&str>) -> bool {
    // The schemes with a default port are exactly those whose empty path is `/` (RFC 3986
    // §6.2.3): one list, in `uri::default_port`.
    scheme.is_some_and(|s| crate::uri::default_port(s).is_some())
}

/// `host-case`, `idna`, `ipv6-canonical` (and `iri-to-uri` for a host IDNA is not asked to
/// convert).
fn normalize_host(u: &UriRef<'_>, rs: RuleSet, out: &mut String) -> Result<(), NormalizeError> {
    // No authority, no host: the empty host writes nothing, which is the reference's own
    // text (a real path, not a fallback).
    let h = u.host().unwrap_or("");
    let f = u.flags(Component::Host);
    if h.starts_with('[') {
        if rs.has(Rule::Ipv6Canonical) {
            if let Ok(Host::Ipv6(a)) = parse_host(h) {
                use std::fmt::Write;
                // An address without an RFC 6874 zone has an empty one.
                let zone = h.find("%25").map_or("", |p| &h[p..h.len() - 1]);
                let _ = write!(out, "[{a}");
                normalize_escapes(zone, flag::PCT, Context::Userinfo, rs, out);
                out.push(']');
                return Ok(());
            }
        }
        push_case(h, rs.has(Rule::HostCase), out);
        return Ok(());
    }
    if rs.has(Rule::Idna) {
        if let Some(unicode) = idna_input(h, f) {
            let offset = u.range(Component::Host).map_or(0, |r| r.start);
            let invalid = || NormalizeError {
                kind: NormalizeErrorKind::InvalidIdna,
                offset,
            };
            let ascii = to_ascii(&unicode).map_err(|_| invalid())?;
            // UTS #46 maps some characters to ASCII delimiters (fullwidth `［` to `[`): an
            // A-label host that is not a reg-name would change the URL's shape when parsed again.
            if !ascii.bytes().all(is_reg_name_char) {
                return Err(invalid());
            }
            out.push_str(&ascii);
            return Ok(());
        }
    }
    if f & (flag::PCT | flag::NON_ASCII | flag::UNWISE) == 0 {
        push_case(h, rs.has(Rule::HostCase) && f & flag::UPPER != 0, out);
    } else {
        let start = out.len();
        normalize_escapes(h, f, Context::Userinfo, rs.without(Rule::SubDelims), out);
        if rs.has(Rule::HostCase) {
            lowercase_outside_escapes(out, start);
        }
    }
    Ok(())
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )` without the escapes (RFC 3986 §3.2.2).
fn is_reg_name_char(b: u8) -> bool {
    crate::uri::chars::is(
        b,
        crate::uri::chars::UNRESERVED | crate::uri::chars::SUB_DELIM,
    )
}

/// The Unicode text IDNA should convert: the host itself when it has non-ASCII characters,
/// or its decoded form when its escapes spell UTF-8 non-ASCII characters of a reg-name.
fn idna_input(h: &str, f: u8) -> Option<std::borrow::Cow<'_, str>> {
    if f & flag::PCT == 0 {
        return (f & flag::NON_ASCII != 0).then_some(std::borrow::Cow::Borrowed(h));
    }
    let bytes = crate::codec::percent_decode(h.as_bytes());
    let text = String::from_utf8(bytes.into_owned()).ok()?;
    let ok = text.bytes().all(|c| {
        c >= 0x80 || c.is_ascii_alphanumeric() || c == b'-' || c == b'.' || c == b'_' || c == b'~'
    });
    (ok && !text.is_ascii()).then_some(std::borrow::Cow::Owned(text))
}

fn push_case(s: &str, lower: bool, out: &mut String) {
    if lower {
        out.extend(s.chars().map(|c| c.to_ascii_lowercase()));
    } else {
        out.push_str(s);
    }
}

/// Lowercases ASCII letters of `out[start..]` except the hex digits of escapes.
fn lowercase_outside_escapes(out: &mut String, start: usize) {
    let tail: String = out[start..].to_owned();
    out.truncate(start);
    let b = tail.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            out.push_str(&tail[i..i + 3]);
            i += 3;
        } else {
            let c = tail[i..].chars().next().unwrap_or('\u{FFFD}');
            out.push(c.to_ascii_lowercase());
            i += c.len_utf8();
        }
    }
}

/// The path: escapes, then `empty-path` and `dot-segments`.
///
/// # Rationale
///
/// A `%2E` that would make a segment `.` or `..` stays encoded below `normal`,
/// because a server that does not decode it sees a different path than one that does. Dot
/// segments of a relative-path reference (`a/../b`) are kept at every level: their meaning
/// depends on the base they will be resolved against.
fn normalize_path(u: &UriRef<'_>, rs: RuleSet, out: &mut String) {
    let path = u.path();
    let f = u.flags(Component::Path);
    let start = out.len();
    if path.is_empty() {
        if rs.has(Rule::EmptyPath) && u.authority().is_some() && has_root_path(u.scheme()) {
            out.push('/');
        }
        return;
    }
    if !may_have_dot_segment(path, f) {
        normalize_escapes(path, f, Context::Path, rs, out);
    } else {
        for (i, seg) in path.split('/').enumerate() {
            if i > 0 {
                out.push('/');
            }
            match dot_segment(seg) {
                Some(dots) if rs.has(Rule::DotSegments) => out.push_str(&".."[..dots]),
                Some(_) => push_encoded_dots(seg, rs, out),
                None => normalize_escapes(seg, f, Context::Path, rs, out),
            }
        }
        if rs.has(Rule::DotSegments) && (path.starts_with('/') || u.scheme().is_some()) {
            let emitted = out.split_off(start);
            remove_dot_segments_into(&emitted, out);
        }
    }
    // On the finished path, whichever way it was written, so that keying the key changes
    // nothing.
    if rs.has(Rule::HostCase) && u.scheme().is_some_and(|s| s.eq_ignore_ascii_case("mailto")) {
        lowercase_mailto_domains(out, start);
    }
}

/// `Some(1)` for a segment that is `.` (literally or as `%2E`), `Some(2)` for `..`.
fn dot_segment(seg: &str) -> Option<usize> {
    let b = seg.as_bytes();
    let mut i = 0;
    let mut dots = 0;
    while i < b.len() {
        if b[i] == b'.' {
            i += 1;
        } else if b[i] == b'%'
            && b.get(i + 1) == Some(&b'2')
            && matches!(b.get(i + 2), Some(b'e' | b'E'))
        {
            i += 3;
        } else {
            return None;
        }
        dots += 1;
    }
    (1..=2).contains(&dots).then_some(dots)
}

/// A dot segment kept as written, with `hex-case` applied to its `%2E`s.
fn push_encoded_dots(seg: &str, rs: RuleSet, out: &mut String) {
    if rs.has(Rule::HexCase) {
        out.push_str(&seg.replace("%2e", "%2E"));
    } else {
        out.push_str(seg);
    }
}

/// `hex-case`, `unreserved-decoded`, `iri-to-uri` (and the loose `sub-delims`) over one
/// component, in one pass that copies untouched runs whole.
pub(crate) fn normalize_escapes(src: &str, f: u8, ctx: Context, rs: RuleSet, out: &mut String) {
    if f & (flag::PCT | flag::NON_ASCII | flag::UNWISE) == 0 {
        out.push_str(src);
        return;
    }
    let b = src.as_bytes();
    let iri_to_uri = rs.has(Rule::IriToUri);
    let mut run = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' && i + 2 < b.len() {
            out.push_str(&src[run..i]);
            // A run of escapes that stay escapes is copied whole and its hex digits uppercased
            // in place (`hex-case`: only `%` and hex digits are in it); an escape that decodes
            // ends the run.
            let from = i;
            let mut decoded = None;
            while i + 2 < b.len() && b[i] == b'%' {
                let v = hex_value(b[i + 1]) << 4 | hex_value(b[i + 2]);
                let decode = (rs.has(Rule::UnreservedDecoded)
                    && CLASS[v as usize] & UNRESERVED != 0)
                    || (rs.has(Rule::SubDelims) && sub_delim_decodes(v, ctx));
                if decode {
                    decoded = Some(v);
                    break;
                }
                i += 3;
            }
            let at = out.len();
            out.push_str(&src[from..i]);
            if rs.has(Rule::HexCase) {
                out[at..].make_ascii_uppercase();
            }
            if let Some(v) = decoded {
                out.push(v as char);
                i += 3;
            }
            run = i;
        } else if iri_to_uri && c >= 0x80 {
            // A run of non-ASCII characters: every byte of their UTF-8 is escaped.
            out.push_str(&src[run..i]);
            while let Some(&byte) = b.get(i).filter(|&&x| x >= 0x80) {
                HEX_UPPER.push_escape(byte, out);
                i += 1;
            }
            run = i;
        } else if iri_to_uri && CLASS[c as usize] & UNWISE != 0 {
            out.push_str(&src[run..i]);
            HEX_UPPER.push_escape(c, out);
            i += 1;
            run = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&src[run.min(src.len())..]);
}

/// Sub-delimiters the loose `sub-delims` switch decodes: all of them, except in the query
/// the ones that split parameters (`&`, `=`, `+`, `;`).
fn sub_delim_decodes(v: u8, ctx: Context) -> bool {
    match v {
        b'!' | b'$' | b'\'' | b'(' | b')' | b'*' | b',' => true,
        b'&' | b'=' | b'+' | b';' => ctx != Context::Query,
        _ => false,
    }
}

/// `host-case` for `mailto:` (RFC 3986 §6.2.3's example, RFC 6068 §2): the domain of each
/// address is case-insensitive. An address ends at `,` and its domain follows its last `@`;
/// the hex digits of an escape in it stay as `hex-case` wrote them (uppercase), so the key is
/// a fixed point and its escapes are in the one form keys use.
fn lowercase_mailto_domains(out: &mut String, start: usize) {
    let mut tail = out.split_off(start).into_bytes();
    for address in tail.split_mut(|&c| c == b',') {
        let Some(at) = address.iter().rposition(|&c| c == b'@') else {
            continue;
        };
        let domain = &mut address[at + 1..];
        let mut i = 0;
        while i < domain.len() {
            if domain[i] == b'%' {
                // The two hex digits of the escape (the parser checked they are there).
                i += 3;
            } else {
                domain[i] = domain[i].to_ascii_lowercase();
                i += 1;
            }
        }
    }
    let tail = String::from_utf8(tail).expect("invariant: ASCII lowercasing keeps UTF-8 valid");
    out.push_str(&tail);
}

/// Whether some segment of `path` may be `.` or `..` (literally or as `%2E`): a cheap
/// substring test that lets the common path skip segment-by-segment work.
pub(crate) fn may_have_dot_segment(path: &str, f: u8) -> bool {
    path.starts_with('.')
        || path.contains("/.")
        || (f & flag::PCT != 0 && (path.contains("%2e") || path.contains("%2E")))
}

/// Whether the key of `u` under `rs` is the input itself: nothing to case-fold, decode,
/// encode, drop or resolve. Most real URLs are; the key is then one copy.
pub(crate) fn is_already_normal(u: &UriRef<'_>, rs: RuleSet) -> bool {
    const TOUCHED: u8 = flag::PCT | flag::NON_ASCII | flag::UNWISE;
    let f = &u.flags;
    let case = flag::UPPER;
    f[Component::Scheme as usize] & case == 0
        && f[Component::Host as usize] & (case | TOUCHED) == 0
        && f[Component::Userinfo as usize] & TOUCHED == 0
        && f[Component::Path as usize] & TOUCHED == 0
        && f[Component::Query as usize] & TOUCHED == 0
        && f[Component::Fragment as usize] & TOUCHED == 0
        && u.port().is_none()
        && !u.host().is_some_and(|h| h.starts_with('['))
        && (!u.path().is_empty() || u.authority().is_none())
        && !rs.intersects(super::rule::LOOSE_ONLY)
        && !(rs.has(Rule::DotSegments) && may_have_dot_segment(u.path(), 0))
        && !u.scheme().is_some_and(|s| s.eq_ignore_ascii_case("mailto"))
}

/// The rules whose absence may change the key of `u`: a superset, computed from the parse's
/// flags, of the rules some step of [`build_key`] consults for this URL. A rule outside it
/// leaves the key as it is whatever the other rules, so explaining a pair
/// (`compare::needed_rules`) tries only these instead of building two keys per active rule.
/// The loose rules and anything about an IP literal are always included (not worth the
/// subtlety).
pub(crate) fn rules_that_may_change(u: &UriRef<'_>) -> RuleSet {
    const TOUCHED: u8 = flag::PCT | flag::NON_ASCII | flag::UNWISE;
    let f = &u.flags;
    if u.host().is_some_and(|h| h.starts_with('[')) {
        return RuleSet::of(&Rule::ALL);
    }
    let escaped = [
        Component::Userinfo,
        Component::Host,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];
    let any = |bits: u8| escaped.iter().any(|&c| f[c as usize] & bits != 0);
    let host = f[Component::Host as usize];
    let mut rs = super::rule::LOOSE_ONLY;
    // `lowercase_scheme`.
    if f[Component::Scheme as usize] & flag::UPPER != 0 {
        rs = rs.with(Rule::SchemeCase);
    }
    // `normalize_host` (`push_case`, `lowercase_outside_escapes`) and the mailto domains.
    if host & (flag::UPPER | TOUCHED) != 0
        || u.scheme().is_some_and(|s| s.eq_ignore_ascii_case("mailto"))
    {
        rs = rs.with(Rule::HostCase);
    }
    // `normalize_escapes` at a `%`, and `push_encoded_dots`.
    if any(flag::PCT) {
        rs = rs.with(Rule::HexCase).with(Rule::UnreservedDecoded);
    }
    // `normalize_escapes` at a non-ASCII or unwise byte.
    if any(flag::NON_ASCII | flag::UNWISE) || !u.as_str().is_ascii() {
        rs = rs.with(Rule::IriToUri);
    }
    // `idna_input`.
    if host & (flag::PCT | flag::NON_ASCII) != 0 {
        rs = rs.with(Rule::Idna);
    }
    if u.port().is_some() {
        rs = rs.with(Rule::DefaultPort).with(Rule::PortLeadingZeros);
    }
    if u.path().is_empty() {
        rs = rs.with(Rule::EmptyPath);
    }
    // `normalize_path` skips the dot-segment steps otherwise.
    if may_have_dot_segment(u.path(), f[Component::Path as usize]) {
        rs = rs.with(Rule::DotSegments);
    }
    rs
}
