//! `remove_dot_segments` (RFC 3986 §5.2.4), in linear time and memory.

/// Removes the `.` and `..` segments of `path` as RFC 3986 §5.2.4 says.
///
/// ```
/// use urlkit::uri::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/a/..;/b"), "/a/..;/b");
/// ```
///
/// Each input byte is read once and each output byte is written and removed at most once,
/// so a path of a million segments takes a million steps, not a million squared.
///
/// The result may begin with `//` (`/a/..//b` gives `//b`), which after a scheme alone would
/// read as an authority: a URI is written back through [`crate::uri::PathHead::insert_guard`] (as
/// [`crate::uri::resolve`] and the normalizer do).
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4>
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    remove_dot_segments_into(path, &mut out);
    out
}

/// [`remove_dot_segments`], appending to `out` (what `out` already holds is never removed).
///
/// ```
/// use urlkit::uri::remove_dot_segments_into;
/// let mut out = String::from("http://a");
/// remove_dot_segments_into("/../../g", &mut out);
/// assert_eq!(out, "http://a/g");
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4>
pub fn remove_dot_segments_into(path: &str, out: &mut String) {
    let base = out.len();
    let b = path.as_bytes();
    let len = b.len();
    let mut i = 0;
    while i < len {
        let rest = &b[i..];
        if rest.starts_with(b"../") {
            // 2A
            i += 3;
        } else if rest.starts_with(b"./") {
            i += 2;
        } else if rest.starts_with(b"/./") {
            // 2B: "/./" becomes "/"
            i += 2;
        } else if rest == b"/." {
            out.push('/');
            i = len;
        } else if rest.starts_with(b"/../") {
            // 2C: "/../" becomes "/" and the last output segment goes
            i += 3;
            pop_segment(out, base);
        } else if rest == b"/.." {
            pop_segment(out, base);
            out.push('/');
            i = len;
        } else if rest == b"." || rest == b".." {
            // 2D
            i = len;
        } else {
            // 2E: move the first segment (with its leading '/') to the output
            let skip = usize::from(rest[0] == b'/');
            let end = rest[skip..]
                .iter()
                .position(|&c| c == b'/')
                .map_or(len, |p| i + skip + p);
            out.push_str(&path[i..end]);
            i = end;
        }
    }
}

/// Removes the last segment and its preceding `/` (if any) from `out[base..]`.
fn pop_segment(out: &mut String, base: usize) {
    let cut = out[base..].rfind('/').map_or(base, |p| base + p);
    out.truncate(cut);
}
