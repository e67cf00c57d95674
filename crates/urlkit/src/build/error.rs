//! What can go wrong when a URL is built: [`BuildError`] and its [`BuildErrorKind`].

use std::fmt;

use crate::uri::Component;

/// Why a component cannot be put into a URL.
///
/// ```
/// use urlkit::build::{BuildErrorKind, UrlBuilder};
/// let err = UrlBuilder::new("https").unwrap().segment("..").unwrap_err();
/// assert_eq!(err.kind(), BuildErrorKind::DotSegment);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// A path segment is `.` or `..`. No encoding makes it data: `%2E%2E` is read as `..` by
    /// browsers (WHATWG URL "single-dot / double-dot URL path segment") and by servers that
    /// decode before routing, so the segment would remove its parent instead of naming a file
    /// (RFC 3986 §5.2.4).
    DotSegment,
    /// The scheme is not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1).
    InvalidScheme,
    /// A port above 65535 (RFC 3986 §3.2.3 allows any digits, but TCP and UDP ports are
    /// 16-bit, and every URL parser in use rejects more).
    PortOutOfRange,
    /// The host holds a code point no host can: a space, a control, `% / ? # @ : [ ] \ < > ^
    /// |` or a character UTS #46 disallows (WHATWG "forbidden domain code point").
    ForbiddenHostCodePoint,
    /// The host is empty (an `http` URL needs one; leave the host out instead).
    EmptyHost,
    /// The host text is neither an IPv4 address, an IPv6 address nor a domain.
    InvalidHost,
    /// The path would start with `//` while the URL has no authority, so a parser would read
    /// its first segment as a host (RFC 3986 §3.3: "If a URI does not contain an authority
    /// component, then the path cannot begin with two slash characters").
    PathLooksLikeAuthority,
    /// An authority (host, userinfo or port) is asked for a URL whose path does not start
    /// with `/` (RFC 3986 §3.3: with an authority the path is empty or begins with `/`).
    RootlessPathWithAuthority,
    /// A port or userinfo was given without a host.
    AuthorityWithoutHost,
    /// The URL to edit is not an absolute URI or IRI (RFC 3986 §4.3).
    NotAbsolute,
    /// The URL to edit does not parse as an RFC 3986 URI or RFC 3987 IRI.
    InvalidUrl,
}

impl BuildErrorKind {
    /// A stable kebab-case name, for machine-readable output.
    ///
    /// ```
    /// assert_eq!(urlkit::build::BuildErrorKind::DotSegment.name(), "dot-segment");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            BuildErrorKind::DotSegment => "dot-segment",
            BuildErrorKind::InvalidScheme => "invalid-scheme",
            BuildErrorKind::PortOutOfRange => "port-out-of-range",
            BuildErrorKind::ForbiddenHostCodePoint => "forbidden-host-code-point",
            BuildErrorKind::EmptyHost => "empty-host",
            BuildErrorKind::InvalidHost => "invalid-host",
            BuildErrorKind::PathLooksLikeAuthority => "path-looks-like-authority",
            BuildErrorKind::RootlessPathWithAuthority => "rootless-path-with-authority",
            BuildErrorKind::AuthorityWithoutHost => "authority-without-host",
            BuildErrorKind::NotAbsolute => "not-absolute",
            BuildErrorKind::InvalidUrl => "invalid-url",
        }
    }

    /// One sentence that says why, for people.
    ///
    /// ```
    /// use urlkit::build::BuildErrorKind;
    /// assert!(BuildErrorKind::DotSegment.explain().contains("%2E%2E"));
    /// ```
    pub const fn explain(self) -> &'static str {
        match self {
            BuildErrorKind::DotSegment => {
                "a path segment cannot be '.' or '..': it would be resolved as a dot segment and \
                 remove or repeat its parent (RFC 3986 §5.2.4), and no encoding helps, since \
                 browsers and many servers read '%2E%2E' as '..' too"
            }
            BuildErrorKind::InvalidScheme => {
                "a scheme is a letter followed by letters, digits, '+', '-' or '.' (RFC 3986 §3.1)"
            }
            BuildErrorKind::PortOutOfRange => "a port is a number from 0 to 65535",
            BuildErrorKind::ForbiddenHostCodePoint => {
                "this character cannot be part of a host name (a space, a control, one of \
                 % / ? # @ : [ ] \\ < > ^ |, or a character IDNA disallows)"
            }
            BuildErrorKind::EmptyHost => "the host is empty",
            BuildErrorKind::InvalidHost => {
                "the host is neither an IPv4 address, an IPv6 address nor a valid domain name"
            }
            BuildErrorKind::PathLooksLikeAuthority => {
                "without an authority, a path cannot begin with '//': a parser would read the \
                 first segment as a host (RFC 3986 §3.3)"
            }
            BuildErrorKind::RootlessPathWithAuthority => {
                "with an authority, the path must be empty or begin with '/' (RFC 3986 §3.3)"
            }
            BuildErrorKind::AuthorityWithoutHost => "a port or userinfo needs a host",
            BuildErrorKind::NotAbsolute => {
                "the URL to edit has no scheme; give an absolute URL (RFC 3986 §4.3)"
            }
            BuildErrorKind::InvalidUrl => "the URL to edit is not a valid URI or IRI",
        }
    }
}

/// A build failure: its kind, the component it is about, and where in the value given (a
/// byte offset into that value, when one character is to blame).
///
/// ```
/// use urlkit::build::{BuildErrorKind, HostInput, UrlBuilder};
/// use urlkit::uri::Component;
/// let err = UrlBuilder::new("https").unwrap().host(HostInput::Name("a b.jp")).unwrap_err();
/// assert_eq!((err.kind(), err.component(), err.offset()), (BuildErrorKind::ForbiddenHostCodePoint, Component::Host, Some(1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BuildError {
    kind: BuildErrorKind,
    component: Component,
    offset: Option<usize>,
}

impl BuildError {
    pub(crate) const fn new(kind: BuildErrorKind, component: Component) -> BuildError {
        BuildError {
            kind,
            component,
            offset: None,
        }
    }

    pub(crate) const fn at(
        kind: BuildErrorKind,
        component: Component,
        offset: usize,
    ) -> BuildError {
        BuildError {
            kind,
            component,
            offset: Some(offset),
        }
    }

    /// What is wrong.
    pub const fn kind(&self) -> BuildErrorKind {
        self.kind
    }

    /// The component the value was for.
    pub const fn component(&self) -> Component {
        self.component
    }

    /// The byte offset in the value given (or in the URL to edit), when one place is to blame.
    pub const fn offset(&self) -> Option<usize> {
        self.offset
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.component, self.kind.explain())?;
        if let Some(o) = self.offset {
            write!(f, " (byte {o})")?;
        }
        Ok(())
    }
}

impl std::error::Error for BuildError {}
