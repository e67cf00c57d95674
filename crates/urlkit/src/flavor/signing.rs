//! What can go wrong when a signer's canonical form of a URL is computed.

use std::fmt;

/// Why a canonical form cannot be computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SigningErrorKind {
    /// The URL does not parse as an RFC 3986 URI or RFC 3987 IRI.
    InvalidUrl,
    /// The URL has no scheme.
    NotAbsolute,
    /// The URL has no host (a request needs one).
    NoHost,
    /// The port is above 65535.
    PortOutOfRange,
}

impl SigningErrorKind {
    /// A stable kebab-case name.
    ///
    /// ```
    /// assert_eq!(urlkit::flavor::SigningErrorKind::NoHost.name(), "no-host");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            SigningErrorKind::InvalidUrl => "invalid-url",
            SigningErrorKind::NotAbsolute => "not-absolute",
            SigningErrorKind::NoHost => "no-host",
            SigningErrorKind::PortOutOfRange => "port-out-of-range",
        }
    }
}

/// A canonicalization failure: its kind and the byte offset in the URL.
///
/// ```
/// use urlkit::flavor::{oauth1, SigningErrorKind};
/// assert_eq!(oauth1::base_string_uri("mailto:a@b").unwrap_err().kind(), SigningErrorKind::NoHost);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SigningError {
    kind: SigningErrorKind,
    offset: usize,
}

impl SigningError {
    pub(crate) const fn new(kind: SigningErrorKind, offset: usize) -> SigningError {
        SigningError { kind, offset }
    }

    /// What is wrong.
    pub const fn kind(&self) -> SigningErrorKind {
        self.kind
    }

    /// The byte offset in the URL.
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for SigningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            SigningErrorKind::InvalidUrl => "not a valid URI or IRI",
            SigningErrorKind::NotAbsolute => "a request URL needs a scheme",
            SigningErrorKind::NoHost => "a request URL needs a host",
            SigningErrorKind::PortOutOfRange => "the port is above 65535",
        };
        write!(f, "{what} (byte {})", self.offset)
    }
}

impl std::error::Error for SigningError {}

/// The parameter string both signers build from encoded pairs: sorted by name, then by value
/// (byte order of the encoded text), written `name=value` and joined with `&` (AWS SigV4's
/// canonical query string, OAuth 1.0's normalized request parameters: only their encoders
/// differ).
pub(super) fn sorted_pairs(mut encoded: Vec<(String, String)>) -> String {
    encoded.sort();
    let mut out = String::new();
    for (i, (k, v)) in encoded.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        out.push_str(k);
        out.push('=');
        out.push_str(v);
    }
    out
}
