//! Reference resolution (RFC 3986 §5.2) and recomposition (§5.3).

use super::dot_segments::remove_dot_segments_into;
use super::parse::{parse, ParseError, ParseErrorKind, UriRef};
use super::path_guard::PathHead;

/// How a reference whose scheme equals the base's is read (RFC 3986 §5.2.2, §5.4.2).
///
/// ```
/// use urlkit::uri::{resolve_str, Resolution};
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(resolve_str(base, "http:g", Resolution::Strict).unwrap(), "http:g");
/// assert_eq!(resolve_str(base, "http:g", Resolution::BackwardCompatible).unwrap(), "http://a/b/c/g");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Resolution {
    /// The strict parser: a reference with a scheme is absolute.
    #[default]
    Strict,
    /// "for backward compatibility": a reference whose scheme is the base's is read as if it
    /// had none (`http:g` against an `http` base is `g`).
    BackwardCompatible,
}

/// Resolves `reference` against `base` (RFC 3986 §5.2.2) and recomposes the target (§5.3).
///
/// ```
/// use urlkit::uri::{parse, resolve, Resolution};
/// let base = parse("http://a/b/c/d;p?q").unwrap();
/// let r = parse("../../g").unwrap();
/// assert_eq!(resolve(&base, &r, Resolution::Strict), "http://a/g");
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-5.2.2>
pub fn resolve(base: &UriRef<'_>, reference: &UriRef<'_>, mode: Resolution) -> String {
    let mut r_scheme = reference.scheme();
    if mode == Resolution::BackwardCompatible {
        if let (Some(rs), Some(bs)) = (r_scheme, base.scheme()) {
            if rs.eq_ignore_ascii_case(bs) {
                r_scheme = None;
            }
        }
    }
    let mut out = String::with_capacity(base.as_str().len() + reference.as_str().len());
    let (scheme, authority, query);
    let path_start;
    if let Some(s) = r_scheme {
        scheme = Some(s);
        authority = reference.authority();
        query = reference.query();
        path_start = recompose_head(&mut out, scheme, authority);
        remove_dot_segments_into(reference.path(), &mut out);
    } else {
        scheme = base.scheme();
        if reference.authority().is_some() {
            authority = reference.authority();
            query = reference.query();
            path_start = recompose_head(&mut out, scheme, authority);
            remove_dot_segments_into(reference.path(), &mut out);
        } else {
            authority = base.authority();
            path_start = recompose_head(&mut out, scheme, authority);
            if reference.path().is_empty() {
                out.push_str(base.path());
                query = reference.query().or(base.query());
            } else {
                query = reference.query();
                if reference.path().starts_with('/') {
                    remove_dot_segments_into(reference.path(), &mut out);
                } else {
                    let merged = merge(base, reference.path());
                    remove_dot_segments_into(&merged, &mut out);
                }
            }
        }
    }
    // `http:/a/..//evil.com/x` must not become `http://evil.com/x` (see `PathHead::guard`).
    PathHead::of(scheme, authority).insert_guard(&mut out, path_start);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = reference.fragment() {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// Parses both and resolves `reference` against `base`: see [`resolve`]. The base must have
/// a scheme (RFC 3986 §5.2.1) unless the reference has one (then the base is not used).
///
/// ```
/// use urlkit::uri::{resolve_str, Resolution};
/// assert_eq!(resolve_str("http://a/b/c/d;p?q", "g;x?y#s", Resolution::Strict).unwrap(), "http://a/b/c/g;x?y#s");
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-5.2>
pub fn resolve_str(base: &str, reference: &str, mode: Resolution) -> Result<String, ParseError> {
    let b = parse(base)?;
    let r = parse(reference)?;
    if b.scheme().is_none() && r.scheme().is_none() {
        return Err(ParseError::new(ParseErrorKind::BaseNotAbsolute, 0));
    }
    Ok(resolve(&b, &r, mode))
}

/// Merges a relative-path reference with the base's path (§5.2.3).
fn merge(base: &UriRef<'_>, path: &str) -> String {
    let bp = base.path();
    if base.authority().is_some() && bp.is_empty() {
        let mut m = String::with_capacity(path.len() + 1);
        m.push('/');
        m.push_str(path);
        return m;
    }
    let keep = bp.rfind('/').map_or(0, |p| p + 1);
    let mut m = String::with_capacity(keep + path.len());
    m.push_str(&bp[..keep]);
    m.push_str(path);
    m
}

/// Writes `scheme:` and `//authority` (those present) and returns where the path starts.
fn recompose_head(out: &mut String, scheme: Option<&str>, authority: Option<&str>) -> usize {
    if let Some(s) = scheme {
        out.push_str(s);
        out.push(':');
    }
    if let Some(a) = authority {
        out.push_str("//");
        out.push_str(a);
    }
    out.len()
}

/// Recomposes a URI reference from its components (RFC 3986 §5.3): each present component
/// with its delimiter, in order, the path through [`PathHead::push_guarded`] so that it reads back as the
/// same path.
///
/// ```
/// use urlkit::uri::recompose;
/// assert_eq!(recompose(Some("http"), Some("a"), "/b", Some(""), None), "http://a/b?");
/// assert_eq!(recompose(None, None, "g", None, Some("s")), "g#s");
/// // A path that would read as an authority, or a first segment as a scheme, is guarded.
/// assert_eq!(recompose(Some("http"), None, "//evil.com/x", None, None), "http:/.//evil.com/x");
/// assert_eq!(recompose(None, None, "a:b", None, None), "./a:b");
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-5.3>
pub fn recompose(
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let mut out = String::new();
    recompose_head(&mut out, scheme, authority);
    PathHead::of(scheme, authority).push_guarded(&mut out, path);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}
