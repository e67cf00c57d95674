//! [`Url`]: a URL parsed as a browser parses it, its attributes and setters.

use std::fmt;

use super::error::{WhatwgError, WhatwgErrorKind};
use super::host::HostKind;

/// A URL parsed by the WHATWG URL Standard (what `new URL(input, base)` gives in a browser or
/// Node), a thin adapter over the `ada-url` crate.
///
/// Attribute getters return the strings of the JavaScript `URL` API (`protocol` ends with
/// `:`, `search` starts with `?` unless empty, ...).
///
/// ```
/// use urlkit::whatwg::Url;
/// let url = Url::parse("HTTP://User@EXAMPLE.com:80/a/./b/../c?x#y", None).unwrap();
/// assert_eq!(url.href(), "http://User@example.com/a/c?x#y");
/// assert_eq!(url.protocol(), "http:");
/// assert_eq!(url.hostname(), "example.com");
/// assert_eq!(url.port(), "");
/// assert_eq!(url.pathname(), "/a/c");
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#url-class>
#[derive(Clone)]
pub struct Url {
    inner: ada_url::Url,
}

impl Url {
    /// Parses `input`, against `base` when given: `new URL(input, base)`.
    ///
    /// ```
    /// use urlkit::whatwg::{Url, WhatwgErrorKind};
    /// let url = Url::parse("../d?q", Some("http://a/b/c")).unwrap();
    /// assert_eq!(url.href(), "http://a/d?q");
    /// assert_eq!(Url::parse("x", Some("not a base")).unwrap_err().kind(), WhatwgErrorKind::InvalidBase);
    /// assert_eq!(Url::parse("http://exa mple/", None).unwrap_err().kind(), WhatwgErrorKind::InvalidUrl);
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-url>
    pub fn parse(input: &str, base: Option<&str>) -> Result<Url, WhatwgError> {
        if let Some(b) = base {
            if !ada_url::Url::can_parse(b, None) {
                return Err(WhatwgError::new(WhatwgErrorKind::InvalidBase, b));
            }
        }
        ada_url::Url::parse(input, base)
            .map(|inner| Url { inner })
            .map_err(|_| WhatwgError::new(WhatwgErrorKind::InvalidUrl, input))
    }

    /// Whether `input` (against `base`) parses: `URL.canParse(input, base)`.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert!(Url::can_parse("/x", Some("https://example.com/")));
    /// assert!(!Url::can_parse("/x", None));
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-canparse>
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        ada_url::Url::can_parse(input, base)
    }

    /// The whole serialized URL.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert_eq!(Url::parse("https://example.com/%7e", None).unwrap().href(), "https://example.com/%7e");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-href>
    pub fn href(&self) -> &str {
        self.inner.href()
    }

    /// The scheme followed by `:`.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert_eq!(Url::parse("HTTPS://a/", None).unwrap().protocol(), "https:");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-protocol>
    pub fn protocol(&self) -> &str {
        self.inner.protocol()
    }

    /// The scheme without the `:`.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert_eq!(Url::parse("mailto:a@b", None).unwrap().scheme(), "mailto");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#concept-url-scheme>
    pub fn scheme(&self) -> &str {
        let p = self.inner.protocol();
        p.strip_suffix(':').unwrap_or(p)
    }

    /// The percent-encoded username, or `""`.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert_eq!(Url::parse("https://a b@h/", None).unwrap().username(), "a%20b");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-username>
    pub fn username(&self) -> &str {
        self.inner.username()
    }

    /// The percent-encoded password, or `""`.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert_eq!(Url::parse("https://u:p@h/", None).unwrap().password(), "p");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-password>
    pub fn password(&self) -> &str {
        self.inner.password()
    }

    /// The host and, when not the default, `:port`.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert_eq!(Url::parse("http://h:8080/", None).unwrap().host(), "h:8080");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-host>
    pub fn host(&self) -> &str {
        self.inner.host()
    }

    /// The serialized host: ASCII domain, dotted IPv4, `[compressed IPv6]`, or an opaque host.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert_eq!(Url::parse("http://0x7f.1/", None).unwrap().hostname(), "127.0.0.1");
    /// assert_eq!(Url::parse("http://運営.jp/", None).unwrap().hostname(), "xn--j2r367k.jp");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-hostname>
    pub fn hostname(&self) -> &str {
        self.inner.hostname()
    }

    /// The port as decimal digits, or `""` when absent or the scheme's default.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert_eq!(Url::parse("https://h:443/", None).unwrap().port(), "");
    /// assert_eq!(Url::parse("https://h:0443/", None).unwrap().port(), "");
    /// assert_eq!(Url::parse("https://h:8443/", None).unwrap().port(), "8443");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-port>
    pub fn port(&self) -> &str {
        self.inner.port()
    }

    /// The path (for an opaque path, the opaque string).
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert_eq!(Url::parse("http://h/a/%2e%2E/b", None).unwrap().pathname(), "/b");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-pathname>
    pub fn pathname(&self) -> &str {
        self.inner.pathname()
    }

    /// `?` and the query, or `""` when the query is absent or empty.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert_eq!(Url::parse("http://h/?a=1", None).unwrap().search(), "?a=1");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-search>
    pub fn search(&self) -> &str {
        self.inner.search()
    }

    /// `#` and the fragment, or `""` when the fragment is absent or empty.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert_eq!(Url::parse("http://h/#top", None).unwrap().hash(), "#top");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-hash>
    pub fn hash(&self) -> &str {
        self.inner.hash()
    }

    /// The serialized origin (`"null"` for an opaque origin).
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// assert_eq!(Url::parse("https://h:443/x", None).unwrap().origin(), "https://h");
    /// assert_eq!(Url::parse("data:,x", None).unwrap().origin(), "null");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-origin>
    pub fn origin(&self) -> String {
        self.inner.origin()
    }

    /// What kind of host the URL has.
    ///
    /// ```
    /// use urlkit::whatwg::{HostKind, Url};
    /// assert_eq!(Url::parse("http://1.2.3.4/", None).unwrap().host_kind(), HostKind::Ipv4);
    /// assert_eq!(Url::parse("http://[::1]/", None).unwrap().host_kind(), HostKind::Ipv6);
    /// assert_eq!(Url::parse("foo://h/", None).unwrap().host_kind(), HostKind::Opaque);
    /// assert_eq!(Url::parse("file:///x", None).unwrap().host_kind(), HostKind::Empty);
    /// assert_eq!(Url::parse("mailto:x", None).unwrap().host_kind(), HostKind::None);
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#concept-host>
    pub fn host_kind(&self) -> HostKind {
        if !self.inner.has_hostname() {
            return HostKind::None;
        }
        if self.inner.hostname().is_empty() {
            return HostKind::Empty;
        }
        match self.inner.host_type() {
            ada_url::HostType::IPV4 => HostKind::Ipv4,
            ada_url::HostType::IPV6 => HostKind::Ipv6,
            ada_url::HostType::Domain => {
                if matches!(self.inner.scheme_type(), ada_url::SchemeType::NotSpecial) {
                    HostKind::Opaque
                } else {
                    HostKind::Domain
                }
            }
        }
    }

    /// Whether the scheme is one of the special schemes (`http`, `https`, `ws`, `wss`, `ftp`,
    /// `file`), which the standard parses differently (backslashes, hosts, paths).
    ///
    /// ```
    /// use urlkit::whatwg::{Special, Url};
    /// assert_eq!(Url::parse("ws://h/", None).unwrap().special(), Special::Special);
    /// assert_eq!(Url::parse("git://h/", None).unwrap().special(), Special::NotSpecial);
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#special-scheme>
    pub fn special(&self) -> Special {
        if matches!(self.inner.scheme_type(), ada_url::SchemeType::NotSpecial) {
            Special::NotSpecial
        } else {
            Special::Special
        }
    }

    /// All attributes at once, owned.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// let c = Url::parse("https://u:p@h:8/p?q#f", None).unwrap().components();
    /// assert_eq!((c.username.as_str(), c.port.as_str(), c.hash.as_str()), ("u", "8", "#f"));
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#url-class>
    pub fn components(&self) -> Components {
        Components {
            href: self.href().to_owned(),
            protocol: self.protocol().to_owned(),
            username: self.username().to_owned(),
            password: self.password().to_owned(),
            host: self.host().to_owned(),
            hostname: self.hostname().to_owned(),
            port: self.port().to_owned(),
            pathname: self.pathname().to_owned(),
            search: self.search().to_owned(),
            hash: self.hash().to_owned(),
            origin: self.origin(),
        }
    }

    /// Replaces the whole URL with `value` parsed afresh (`url.href = value`); on failure the
    /// URL is unchanged.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// let mut url = Url::parse("https://a/", None).unwrap();
    /// url.set_href("http://b/c").unwrap();
    /// assert_eq!(url.href(), "http://b/c");
    /// assert!(url.set_href("nope").is_err());
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-href>
    pub fn set_href(&mut self, value: &str) -> Result<(), WhatwgError> {
        setter(self.inner.set_href(value), value)
    }

    /// `url.protocol = value`: changes the scheme when the standard allows it (not between
    /// special and non-special schemes, not to `file` with credentials or a port).
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// let mut url = Url::parse("http://h/", None).unwrap();
    /// url.set_protocol("wss").unwrap();
    /// assert_eq!(url.href(), "wss://h/");
    /// assert!(url.set_protocol("git").is_err());
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-protocol>
    pub fn set_protocol(&mut self, value: &str) -> Result<(), WhatwgError> {
        let before = self.inner.href().to_owned();
        self.inner
            .set_protocol(value)
            .map_err(|()| WhatwgError::new(WhatwgErrorKind::SetterRejected, value))?;
        // The standard's protocol setter never fails loudly: it silently keeps the URL when the
        // new scheme is not allowed. Report that as a rejection, unless the value was the same
        // scheme anyway.
        let wanted = value.split_once(':').map_or(value, |(scheme, _)| scheme);
        if self.inner.href() == before && !wanted.eq_ignore_ascii_case(self.scheme()) {
            return Err(WhatwgError::new(WhatwgErrorKind::SetterRejected, value));
        }
        Ok(())
    }

    /// `url.username = value` (refused when the URL cannot have credentials).
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// let mut url = Url::parse("http://h/", None).unwrap();
    /// url.set_username("me you").unwrap();
    /// assert_eq!(url.href(), "http://me%20you@h/");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-username>
    pub fn set_username(&mut self, value: &str) -> Result<(), WhatwgError> {
        setter(self.inner.set_username(Some(value)), value)
    }

    /// `url.password = value` (refused when the URL cannot have credentials).
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// let mut url = Url::parse("http://u@h/", None).unwrap();
    /// url.set_password("s3cret").unwrap();
    /// assert_eq!(url.href(), "http://u:s3cret@h/");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-password>
    pub fn set_password(&mut self, value: &str) -> Result<(), WhatwgError> {
        setter(self.inner.set_password(Some(value)), value)
    }

    /// `url.host = value`: host and optional port.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// let mut url = Url::parse("http://h/p", None).unwrap();
    /// url.set_host("EXAMPLE.com:81").unwrap();
    /// assert_eq!(url.href(), "http://example.com:81/p");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-host>
    pub fn set_host(&mut self, value: &str) -> Result<(), WhatwgError> {
        setter(self.inner.set_host(Some(value)), value)
    }

    /// `url.hostname = value`: host only, the port is kept.
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// let mut url = Url::parse("http://h:81/p", None).unwrap();
    /// url.set_hostname("0x7f.1").unwrap();
    /// assert_eq!(url.href(), "http://127.0.0.1:81/p");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-hostname>
    pub fn set_hostname(&mut self, value: &str) -> Result<(), WhatwgError> {
        setter(self.inner.set_hostname(Some(value)), value)
    }

    /// `url.port = value` (`""` removes the port).
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// let mut url = Url::parse("http://h/", None).unwrap();
    /// url.set_port("8080").unwrap();
    /// assert_eq!(url.href(), "http://h:8080/");
    /// url.set_port("80").unwrap();
    /// assert_eq!(url.href(), "http://h/");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-port>
    pub fn set_port(&mut self, value: &str) -> Result<(), WhatwgError> {
        setter(self.inner.set_port(Some(value)), value)
    }

    /// `url.pathname = value` (refused for a URL with an opaque path).
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// let mut url = Url::parse("http://h/", None).unwrap();
    /// url.set_pathname("/a b/../c").unwrap();
    /// assert_eq!(url.href(), "http://h/c");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-pathname>
    pub fn set_pathname(&mut self, value: &str) -> Result<(), WhatwgError> {
        setter(self.inner.set_pathname(Some(value)), value)
    }

    /// `url.search = value` (`""` removes the query; a leading `?` is optional).
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// let mut url = Url::parse("http://h/", None).unwrap();
    /// url.set_search("a=1 2");
    /// assert_eq!(url.href(), "http://h/?a=1%202");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-search>
    pub fn set_search(&mut self, value: &str) {
        self.inner.set_search(Some(value));
    }

    /// `url.hash = value` (`""` removes the fragment; a leading `#` is optional).
    ///
    /// ```
    /// use urlkit::whatwg::Url;
    /// let mut url = Url::parse("http://h/", None).unwrap();
    /// url.set_hash("top");
    /// assert_eq!(url.href(), "http://h/#top");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-hash>
    pub fn set_hash(&mut self, value: &str) {
        self.inner.set_hash(Some(value));
    }
}

fn setter(result: Result<(), ()>, value: &str) -> Result<(), WhatwgError> {
    result.map_err(|()| WhatwgError::new(WhatwgErrorKind::SetterRejected, value))
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Url").field(&self.href()).finish()
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.href())
    }
}

impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.href() == other.href()
    }
}

impl Eq for Url {}

/// Whether a URL's scheme is special (the standard's own word).
///
/// ```
/// use urlkit::whatwg::{Special, Url};
/// assert_eq!(Url::parse("file:///", None).unwrap().special(), Special::Special);
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#special-scheme>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// `ftp`, `file`, `http`, `https`, `ws`, `wss`.
    Special,
    /// Every other scheme.
    NotSpecial,
}

/// The attributes of a [`Url`], owned: what the JavaScript `URL` object shows.
///
/// ```
/// use urlkit::whatwg::Url;
/// let c = Url::parse("http://h/%7e", None).unwrap().components();
/// assert_eq!(c.pathname, "/%7e");
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#url-class>
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Components {
    /// `href`
    pub href: String,
    /// `protocol` (`https:`)
    pub protocol: String,
    /// `username`
    pub username: String,
    /// `password`
    pub password: String,
    /// `host` (with a non-default port)
    pub host: String,
    /// `hostname`
    pub hostname: String,
    /// `port`
    pub port: String,
    /// `pathname`
    pub pathname: String,
    /// `search` (with `?`)
    pub search: String,
    /// `hash` (with `#`)
    pub hash: String,
    /// `origin`
    pub origin: String,
}
