//! The generic split of a URI reference into its components (RFC 3986 Appendix B), which
//! never fails: the ground the stricter readings stand on. One walk finds the components
//! ([`walk`]); a reading decides what happens at each. [`split`] takes them as they come (the
//! lint context reads every URL through it, and the strict RFC 3986 reading of parser
//! disagreement validates its components), and [`crate::uri::parse`] is the same walk with a
//! reading that checks each component as it is found, in the one pass over the text.

use std::ops::Range;

use super::Component;

/// The byte spans of a reference's components as Appendix B's regular expression splits it,
/// with the authority split at its last `@` and the port after the last `:` (after the `]`
/// of an IP literal).
///
/// ```
/// use urlkit::uri::{split, Component};
/// let s = split("http://u@h:8/p?q#f");
/// assert_eq!(s.component_at(9), Component::Host);
/// assert_eq!((s.userinfo, s.host, s.port), (Some(7..8), Some(9..10), Some(11..12)));
/// assert_eq!((s.path, s.query, s.fragment), (12..14, Some(15..16), Some(17..18)));
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#appendix-B>
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    /// `scheme`, without its `:`.
    pub scheme: Option<Range<usize>>,
    /// The authority, after `//` (empty for `file:///`).
    pub authority: Option<Range<usize>>,
    /// `userinfo`, before the authority's last `@`.
    pub userinfo: Option<Range<usize>>,
    /// `host`, with the brackets of an IP literal; present whenever the authority is.
    pub host: Option<Range<usize>>,
    /// `port`, after its `:` (may be empty).
    pub port: Option<Range<usize>>,
    /// `path` (may be empty).
    pub path: Range<usize>,
    /// `query`, without its `?`.
    pub query: Option<Range<usize>>,
    /// `fragment`, without its `#`.
    pub fragment: Option<Range<usize>>,
}

impl Split {
    /// The span of `component`, if the reference has it (the path always: maybe empty).
    ///
    /// ```
    /// use urlkit::uri::{split, Component};
    /// assert_eq!(split("/a?b").span(Component::Query), Some(3..4));
    /// assert_eq!(split("/a?b").span(Component::Host), None);
    /// ```
    pub fn span(&self, component: Component) -> Option<Range<usize>> {
        match component {
            Component::Scheme => self.scheme.clone(),
            Component::Userinfo => self.userinfo.clone(),
            Component::Host => self.host.clone(),
            Component::Port => self.port.clone(),
            Component::Path => Some(self.path.clone()),
            Component::Query => self.query.clone(),
            Component::Fragment => self.fragment.clone(),
        }
    }

    /// The component that holds byte `offset`: the path for a delimiter between components
    /// (`:`, `//`, `@`, `?`, `#`) and past the end.
    ///
    /// ```
    /// use urlkit::uri::{split, Component};
    /// let s = split("http://a:8x/%zz");
    /// assert_eq!((s.component_at(0), s.component_at(9), s.component_at(12)),
    ///            (Component::Scheme, Component::Port, Component::Path));
    /// ```
    pub fn component_at(&self, offset: usize) -> Component {
        Component::ALL
            .into_iter()
            .find(|&c| self.span(c).is_some_and(|r| r.contains(&offset)))
            .unwrap_or(Component::Path)
    }
}

/// Splits `input` as `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` does
/// (RFC 3986 Appendix B), and the authority into userinfo, host and port. Never fails: text
/// that no grammar accepts still has the components a lenient tokenizer sees.
///
/// ```
/// use urlkit::uri::split;
/// let s = split("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/");
/// assert_eq!(s.host, Some(17..24));
/// assert_eq!(s.fragment, Some(25..35));
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#appendix-B>
pub fn split(input: &str) -> Split {
    match walk(input, &mut Lenient) {
        Ok(parts) => parts,
        Err(never) => match never {},
    }
}

/// What a reading of a reference does while [`walk`] finds its components: the split takes
/// them as they come; [`crate::uri::parse`] validates each, and stops at the first error.
pub(super) trait Reading {
    /// Why the reading stops (none for the split).
    type Error;

    /// The scheme, given where the first of `:` `/` `?` `#` is when it is a `:`.
    fn scheme(
        &mut self,
        b: &[u8],
        colon: Option<usize>,
    ) -> Result<Option<Range<usize>>, Self::Error>;

    /// Reads component `c` from `start` up to the first byte of `stops` (or the end of `b`)
    /// and says where it ends.
    fn run(
        &mut self,
        b: &[u8],
        start: usize,
        stops: &[u8],
        c: Component,
    ) -> Result<usize, Self::Error>;

    /// Reads the authority that starts at `start` (after `//`) into `out` and says where it
    /// ends (at the first `/`, `?`, `#`).
    fn authority(&mut self, b: &[u8], start: usize, out: &mut Split) -> Result<usize, Self::Error>;
}

/// The one walk over a reference's components (RFC 3986 Appendix B's order and delimiters),
/// with `reading` deciding the scheme, reading each component and splitting host from port.
#[inline(always)]
pub(super) fn walk<R: Reading>(input: &str, reading: &mut R) -> Result<Split, R::Error> {
    let b = input.as_bytes();
    let first = b
        .iter()
        .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'));
    let scheme = reading.scheme(b, first.filter(|&i| b[i] == b':'))?;
    let mut i = scheme.as_ref().map_or(0, |s| s.end + 1);
    let mut out = Split {
        scheme,
        ..Split::default()
    };
    if b[i..].starts_with(b"//") {
        let end = reading.authority(b, i + 2, &mut out)?;
        out.authority = Some(i + 2..end);
        i = end;
    }
    let path_end = reading.run(b, i, b"?#", Component::Path)?;
    out.path = i..path_end;
    i = path_end;
    if b.get(i) == Some(&b'?') {
        let stop = reading.run(b, i + 1, b"#", Component::Query)?;
        out.query = Some(i + 1..stop);
        i = stop;
    }
    if b.get(i) == Some(&b'#') {
        reading.run(b, i + 1, b"", Component::Fragment)?;
        out.fragment = Some(i + 1..b.len());
    }
    Ok(out)
}

/// The reading of [`split`]: every text has its components.
struct Lenient;

impl Reading for Lenient {
    type Error = std::convert::Infallible;

    #[inline(always)]
    fn scheme(
        &mut self,
        _: &[u8],
        colon: Option<usize>,
    ) -> Result<Option<Range<usize>>, Self::Error> {
        Ok(colon.filter(|&end| end > 0).map(|end| 0..end))
    }

    #[inline(always)]
    fn run(
        &mut self,
        b: &[u8],
        start: usize,
        stops: &[u8],
        _: Component,
    ) -> Result<usize, Self::Error> {
        let found = match *stops {
            [] => None,
            [x] => memchr::memchr(x, &b[start..]),
            [x, y, ..] => memchr::memchr2(x, y, &b[start..]),
        };
        Ok(found.map_or(b.len(), |p| start + p))
    }

    /// The userinfo before the last `@`, the port after the last `:` (after the `]` of an IP
    /// literal).
    #[inline(always)]
    fn authority(&mut self, b: &[u8], start: usize, out: &mut Split) -> Result<usize, Self::Error> {
        let end = memchr::memchr3(b'/', b'?', b'#', &b[start..]).map_or(b.len(), |p| start + p);
        let host_start = match memchr::memrchr(b'@', &b[start..end]) {
            Some(at) => {
                out.userinfo = Some(start..start + at);
                start + at + 1
            }
            None => start,
        };
        let rest = &b[host_start..end];
        let port_colon = if rest.first() == Some(&b'[') {
            memchr::memchr(b']', rest)
                .and_then(|close| (rest.get(close + 1) == Some(&b':')).then_some(close + 1))
        } else {
            memchr::memrchr(b':', rest)
        };
        match port_colon {
            Some(c) => {
                out.host = Some(host_start..host_start + c);
                out.port = Some(host_start + c + 1..end);
            }
            None => out.host = Some(host_start..end),
        }
        Ok(end)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        /// One split: wherever `uri::parse` accepts a reference, its components are the
        /// split's (the delimiters, brackets and digits are drawn often, so that authorities
        /// with userinfo, IP literals and ports, and every kind of reference, come up).
        #[test]
        fn parse_splits_as_split_does(input in reference()) {
            if let Ok(u) = crate::uri::parse(&input) {
                prop_assert_eq!(u.split(), &split(&input), "{}", input);
            }
        }
    }

    fn reference() -> impl Strategy<Value = String> {
        "([a-z]{1,3}:)?(//([a-z]{0,2}@)?(\\[::1\\]|\\[v7\\.x\\]|[a-z0-9.]{0,4})(:[0-9]{0,3})?)?(/([a-z0-9/.:@]|%[0-9A-F]{2}){0,7}|([a-z0-9/.:@]|%[0-9A-F]{2}){0,7})(\\?[a-z0-9=&?/:@]{0,6})?(#[a-z0-9#?/]{0,4})?"
    }

    /// The generator reaches what the law is about: most references parse, and among those
    /// are authorities with userinfo, IP literals and ports.
    #[test]
    fn the_reference_generator_reaches_the_authorities() {
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let mut runner = TestRunner::deterministic();
        let (mut parsed, mut userinfo, mut literal, mut port) = (0, 0, 0, 0);
        for _ in 0..1000 {
            let input = reference()
                .new_tree(&mut runner)
                .expect("a value")
                .current();
            if let Ok(u) = crate::uri::parse(&input) {
                parsed += 1;
                userinfo += usize::from(u.userinfo().is_some());
                literal += usize::from(u.host().is_some_and(|h| h.starts_with('[')));
                port += usize::from(u.port().is_some());
            }
        }
        assert!(parsed > 500, "{parsed} of 1000 parse");
        for (what, n) in [
            ("userinfo", userinfo),
            ("IP literal", literal),
            ("port", port),
        ] {
            assert!(n > 50, "{n} parsed references with a {what}");
        }
    }

    /// The regular expression of Appendix B, run by a regex-free reading of its groups one at
    /// a time over chars (the oracle for the memchr searches above).
    fn naive(input: &str) -> (Option<&str>, Option<&str>, &str, Option<&str>, Option<&str>) {
        let mut rest = input;
        let mut scheme = None;
        if let Some(p) = rest.find(|c| ":/?#".contains(c)) {
            if p > 0 && rest[p..].starts_with(':') {
                scheme = Some(&rest[..p]);
                rest = &rest[p + 1..];
            }
        }
        let mut authority = None;
        if let Some(r) = rest.strip_prefix("//") {
            let p = r.find(|c| "/?#".contains(c)).unwrap_or(r.len());
            authority = Some(&r[..p]);
            rest = &r[p..];
        }
        let p = rest.find(['?', '#']).unwrap_or(rest.len());
        let path = &rest[..p];
        rest = &rest[p..];
        let mut query = None;
        if let Some(r) = rest.strip_prefix('?') {
            let p = r.find('#').unwrap_or(r.len());
            query = Some(&r[..p]);
            rest = &r[p..];
        }
        let fragment = rest.strip_prefix('#');
        (scheme, authority, path, query, fragment)
    }

    #[test]
    fn the_groups_of_appendix_b() {
        for input in [
            "",
            "http://www.ics.uci.edu/pub/ietf/uri/#Related",
            ":x",
            "a:",
            "//",
            "///a",
            "?#",
            "#?",
            "a/b:c",
            "a?b:c",
            "http://u@v@h:1/p",
            "http://[::1]:80/x",
            "http://[::1]x/",
            "mailto:a@b",
            "http:\\\\evil.com",
            "運:営/x?y#z#w",
        ] {
            let s = split(input);
            let get = |r: Option<Range<usize>>| r.map(|r| &input[r]);
            let got = (
                get(s.scheme.clone()),
                get(s.authority.clone()),
                &input[s.path.clone()],
                get(s.query.clone()),
                get(s.fragment.clone()),
            );
            assert_eq!(got, naive(input), "{input}");
        }
    }

    #[test]
    fn the_authority_splits_at_its_last_at_and_last_colon() {
        let s = split("http://a:b@c@h:1:2/");
        assert_eq!(s.userinfo.map(|r| r.len()), Some(5));
        assert_eq!(s.host, Some(13..16));
        assert_eq!(s.port, Some(17..18));
        let s = split("http://[::1]:8/");
        assert_eq!((s.host, s.port), (Some(7..12), Some(13..14)));
        let s = split("http://[::1]/");
        assert_eq!((s.host, s.port), (Some(7..12), None));
    }
}
