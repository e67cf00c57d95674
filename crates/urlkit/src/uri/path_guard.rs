//! Writing a path back after its head so that it reads back as the same path: the rule every
//! recomposition (resolution, normalization, building) goes through, so that removing dot
//! segments never invents an authority or a scheme.

/// What precedes a path in a URI reference (RFC 3986 §3, §4.2): it decides which paths would
/// be misread when the reference is parsed again.
///
/// ```
/// use urlkit::uri::PathHead;
/// assert_eq!(PathHead::of(Some("http"), Some("a")), PathHead::Authority);
/// assert_eq!(PathHead::of(Some("mailto"), None), PathHead::Scheme);
/// assert_eq!(PathHead::of(None, None), PathHead::Nothing);
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-3.3>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathHead {
    /// `scheme://authority` or `//authority`: the path must be empty or begin with `/`.
    Authority,
    /// `scheme:` without an authority: the path must not begin with `//`.
    Scheme,
    /// Nothing (a relative reference without an authority): the path must not begin with
    /// `//`, and its first segment must not hold a `:`.
    Nothing,
}

impl PathHead {
    /// The head of a reference with these components.
    ///
    /// ```
    /// use urlkit::uri::PathHead;
    /// assert_eq!(PathHead::of(None, Some("")), PathHead::Authority);
    /// ```
    pub fn of(scheme: Option<&str>, authority: Option<&str>) -> PathHead {
        match (scheme, authority) {
            (_, Some(_)) => PathHead::Authority,
            (Some(_), None) => PathHead::Scheme,
            (None, None) => PathHead::Nothing,
        }
    }
}

impl PathHead {
    /// What must be written between this head and `path` for the path to read back as
    /// itself: `""` for almost every path, `"/."` before a path that begins with `//` where
    /// there is no authority, `"./"` before a relative path whose first segment holds a `:`,
    /// and `"/"` before a non-empty path that does not begin with `/` after an authority.
    ///
    /// ```
    /// use urlkit::uri::PathHead;
    /// assert_eq!(PathHead::Scheme.guard("//evil.com/x"), "/.");
    /// assert_eq!(PathHead::Nothing.guard("//foo/bar"), "/.");
    /// assert_eq!(PathHead::Nothing.guard("a:b/c"), "./");
    /// assert_eq!(PathHead::Authority.guard("b"), "/");
    /// assert_eq!(PathHead::Scheme.guard("/a//b"), "");
    /// ```
    ///
    /// # Rationale
    ///
    /// RFC 3986 §5.2.4 can turn `/a/..//evil.com/x` into `//evil.com/x`, and §5.3 would then
    /// write `http:` + `//evil.com/x`, which reads back with the authority `evil.com` the input
    /// never had (§3.3: "If a URI does not contain an authority component, then the path
    /// cannot begin with two slash characters"). The WHATWG URL serializer writes `/.` before
    /// such a path, and so do we: `/.` is a dot segment, so the path the text names is
    /// unchanged, removing dot segments from the written form gives the same path again (a
    /// key stays a fixed point), and the text agrees with what a browser writes. A relative
    /// path whose first segment holds a `:` would be read as a scheme; §4.2 says to write
    /// `./` before it. After an authority a path must be empty or begin with `/` (§3.3); the
    /// only form that keeps both is `/` before it, as the WHATWG serializer does.
    ///
    /// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-3.3>,
    /// <https://www.rfc-editor.org/rfc/rfc3986#section-4.2>,
    /// <https://url.spec.whatwg.org/#url-serializing>
    pub fn guard(self, path: &str) -> &'static str {
        match self {
            PathHead::Authority if !path.is_empty() && !path.starts_with('/') => "/",
            PathHead::Authority => "",
            PathHead::Scheme | PathHead::Nothing if path.starts_with("//") => "/.",
            PathHead::Nothing if first_segment_has_colon(path) => "./",
            PathHead::Scheme | PathHead::Nothing => "",
        }
    }

    /// Makes `out[path_start..]`, a path already written after this head, read back as
    /// itself: inserts [`PathHead::guard`]'s text before it when one is needed (rarely:
    /// nothing moves otherwise). Every recomposition of a path (resolution, normalization,
    /// building a URL) goes through this or [`PathHead::push_guarded`].
    ///
    /// ```
    /// use urlkit::uri::{remove_dot_segments_into, PathHead};
    /// let mut out = String::from("http:");
    /// remove_dot_segments_into("/a/..//evil.com/x", &mut out);
    /// assert_eq!(out, "http://evil.com/x");
    /// PathHead::Scheme.insert_guard(&mut out, 5);
    /// assert_eq!(out, "http:/.//evil.com/x");
    /// ```
    ///
    /// See [`PathHead::guard`] for the rationale.
    ///
    /// Spec: <https://url.spec.whatwg.org/#url-serializing>,
    /// <https://www.rfc-editor.org/rfc/rfc3986#section-5.3>
    ///
    /// # Panics
    ///
    /// When `path_start` is not a char boundary within `out` (a caller's bug).
    pub fn insert_guard(self, out: &mut String, path_start: usize) {
        let path = out
            .get(path_start..)
            .expect("invariant: path_start is the caller's offset of the path it wrote into out");
        let guard = self.guard(path);
        if !guard.is_empty() {
            out.insert_str(path_start, guard);
        }
    }

    /// Appends `path` to `out` after this head (already in `out`), guarded:
    /// [`PathHead::insert_guard`] for a path that is not yet in a buffer.
    ///
    /// ```
    /// use urlkit::uri::PathHead;
    /// let mut out = String::new();
    /// PathHead::Nothing.push_guarded(&mut out, "//foo/bar");
    /// assert_eq!(out, "/.//foo/bar");
    /// ```
    ///
    /// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-5.3>
    pub fn push_guarded(self, out: &mut String, path: &str) {
        out.push_str(self.guard(path));
        out.push_str(path);
    }
}

/// Whether the first segment of a path that does not begin with `/` holds a `:`.
fn first_segment_has_colon(path: &str) -> bool {
    path.split('/')
        .next()
        .is_some_and(|first| first.contains(':'))
}
