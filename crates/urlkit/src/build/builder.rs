//! [`UrlBuilder`]: a URL from components given as data, or an existing URL edited.

use super::error::{BuildError, BuildErrorKind};
use super::host::{encode_host, HostInput};
use super::path::{append_segment, encode_segment, path_of};
use super::query::{has_name, rewrite, QueryStyle};
use super::Built;
use crate::codec::{sets, Encoder};
use crate::uri::chars::{CLASS, SCHEME};
use crate::uri::{parse, Component, PathHead};

/// Encoders of what a URI written from an IRI must escape (RFC 3987 §3.1): non-ASCII
/// characters as their UTF-8 bytes, and the ASCII a URI cannot hold raw that the lenient
/// parser let through. Neither changes a byte of a valid URI.
const IRI_PATH: Encoder = Encoder::new(sets::PATH);
const IRI_QUERY: Encoder = Encoder::new(sets::QUERY);
const IRI_FRAGMENT: Encoder = Encoder::new(sets::FRAGMENT);
const IRI_USERINFO: Encoder = Encoder::new(sets::C0_CONTROL);

/// The fragment: everything but RFC 3986 `fragment = *( pchar / "/" / "?" )` encoded.
const FRAGMENT: Encoder = Encoder::new(sets::RFC3986_FRAGMENT);
/// A user name: RFC 3986 `userinfo` with `:` encoded too, since the first `:` ends the name.
const USER: Encoder = Encoder::new(sets::RFC3986_USERINFO.add(b':'));
/// A password: RFC 3986 `userinfo`.
const PASSWORD: Encoder = Encoder::new(sets::RFC3986_USERINFO);

/// Builds a URL component by component from *unencoded data*, each component encoded once
/// with its own set, or edits an existing URL while keeping every byte it does not touch.
///
/// ```
/// use urlkit::build::{HostInput, UrlBuilder};
/// let url = UrlBuilder::new("https")?
///     .host(HostInput::Name("example.com"))?
///     .segment("2026/10/report.pdf")?
///     .segment("東京")?
///     .param("q", "東京 カフェ")
///     .param("tag", "C++")
///     .fragment("a b")
///     .build()?;
/// assert_eq!(url.uri(), "https://example.com/2026%2F10%2Freport.pdf/%E6%9D%B1%E4%BA%AC\
///     ?q=%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7&tag=C%2B%2B#a%20b");
/// assert_eq!(url.iri(), "https://example.com/2026%2F10%2Freport.pdf/東京?q=東京+カフェ&tag=C%2B%2B#a%20b");
///
/// // Editing: the untouched parameters keep their bytes (here a lowercase escape).
/// let edited = UrlBuilder::from_url("https://example.com/a?x=%e6&utm_source=feed&y=1")?
///     .remove_param("utm_source")
///     .set_param("y", "2")
///     .build()?;
/// assert_eq!(edited.uri(), "https://example.com/a?x=%e6&y=2");
/// # Ok::<(), urlkit::build::BuildError>(())
/// ```
///
/// # Rationale
///
/// - Appending a segment to a path that ends with `/` fills that empty last segment
///   (`https://a/` + `b` is `https://a/b`, as Go's `JoinPath` and most routers expect), so an
///   empty segment followed by another one needs [`UrlBuilder::append_segments`] (one list:
///   only the base's slot is filled) or [`UrlBuilder::segments`].
/// - Parameters are separated by `&` only (WHATWG URL, Python since 3.10); `;` is data.
/// - Removing the last parameter removes the `?` too.
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-5.3>,
/// <https://url.spec.whatwg.org/#urlencoded-serializing>
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlBuilder {
    scheme: String,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    /// The raw pieces between `&`s; `None` without a `?`.
    query: Option<Vec<String>>,
    fragment: Option<String>,
    style: QueryStyle,
}

impl UrlBuilder {
    /// A URL with this scheme and nothing else yet.
    ///
    /// ```
    /// use urlkit::build::UrlBuilder;
    /// assert_eq!(UrlBuilder::new("urn")?.segments(["isbn:0451450523"])?.build()?.uri(), "urn:/isbn:0451450523");
    /// assert!(UrlBuilder::new("1http").is_err());
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    pub fn new(scheme: &str) -> Result<UrlBuilder, BuildError> {
        let b = scheme.as_bytes();
        if let Some(at) = b.iter().enumerate().position(|(i, &c)| {
            CLASS[c as usize] & SCHEME == 0 || (i == 0 && !c.is_ascii_alphabetic())
        }) {
            return Err(BuildError::at(
                BuildErrorKind::InvalidScheme,
                Component::Scheme,
                at,
            ));
        }
        if b.is_empty() {
            return Err(BuildError::new(
                BuildErrorKind::InvalidScheme,
                Component::Scheme,
            ));
        }
        Ok(UrlBuilder {
            scheme: scheme.to_owned(),
            userinfo: None,
            host: None,
            port: None,
            path: String::new(),
            query: None,
            fragment: None,
            style: QueryStyle::default(),
        })
    }

    /// Starts from an existing absolute URI or IRI, keeping its text: what no edit touches
    /// is written back byte for byte (only an IRI's non-ASCII characters become `%XX` in the
    /// URI form, and its host an A-label).
    ///
    /// ```
    /// use urlkit::build::UrlBuilder;
    /// let u = UrlBuilder::from_url("https://日本語.jp")?.segment("パス")?.build()?;
    /// assert_eq!(u.uri(), "https://xn--wgv71a119e.jp/%E3%83%91%E3%82%B9");
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    pub fn from_url(url: &str) -> Result<UrlBuilder, BuildError> {
        let u = parse(url)
            .map_err(|e| BuildError::at(BuildErrorKind::InvalidUrl, Component::Path, e.offset()))?;
        let scheme = u.scheme().ok_or(BuildError::new(
            BuildErrorKind::NotAbsolute,
            Component::Scheme,
        ))?;
        Ok(UrlBuilder {
            scheme: scheme.to_owned(),
            userinfo: u.userinfo().map(str::to_owned),
            host: u.host().map(str::to_owned),
            port: u.port().map(str::to_owned),
            path: u.path().to_owned(),
            query: u.query().map(|q| q.split('&').map(str::to_owned).collect()),
            fragment: u.fragment().map(str::to_owned),
            style: QueryStyle::default(),
        })
    }

    /// How keys and values given from now on are encoded, and how existing keys are read
    /// to match a name (default [`QueryStyle::Form`]).
    ///
    /// ```
    /// use urlkit::build::{QueryStyle, UrlBuilder};
    /// let u = UrlBuilder::from_url("https://a/")?.query_style(QueryStyle::Rfc3986).param("q", "a b").build()?;
    /// assert_eq!(u.uri(), "https://a/?q=a%20b");
    ///
    /// // A builder flavor writes the whole query, as `url.searchParams.set` does in a browser.
    /// use urlkit::build::QueryFlavor;
    /// let js = QueryStyle::Flavor(QueryFlavor::JsUrlSearchParams);
    /// let u = UrlBuilder::from_url("https://example.com/?q=a%20b")?.query_style(js).set_param("tag", "C++").build()?;
    /// assert_eq!(u.uri(), "https://example.com/?q=a+b&tag=C%2B%2B");
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    #[must_use]
    pub fn query_style(mut self, style: QueryStyle) -> UrlBuilder {
        self.style = style;
        self
    }

    /// Sets the user name and, when given, the password (RFC 3986 §3.2.1; §3.2.1 deprecates
    /// passwords in URLs, and `urlkit lint` reports them).
    ///
    /// ```
    /// use urlkit::build::{HostInput, UrlBuilder};
    /// let u = UrlBuilder::new("ftp")?.userinfo("a:b@c", None).host(HostInput::Name("h"))?.build()?;
    /// assert_eq!(u.uri(), "ftp://a%3Ab%40c@h");
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    #[must_use]
    pub fn userinfo(mut self, user: &str, password: Option<&str>) -> UrlBuilder {
        let mut s = USER.encode_str(user).into_owned();
        if let Some(p) = password {
            s.push(':');
            PASSWORD.encode_str_into(p, &mut s);
        }
        self.userinfo = Some(s);
        self
    }

    /// Sets the host: a domain through IDNA, or an IP address literal.
    ///
    /// ```
    /// use urlkit::build::{HostInput, UrlBuilder};
    /// let u = UrlBuilder::new("https")?.host(HostInput::parse("日本語.jp"))?.build()?;
    /// assert_eq!(u.uri(), "https://xn--wgv71a119e.jp");
    /// assert!(UrlBuilder::new("https")?.host(HostInput::Name("a/b")).is_err());
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    pub fn host(mut self, host: HostInput<'_>) -> Result<UrlBuilder, BuildError> {
        self.host = Some(encode_host(host)?);
        Ok(self)
    }

    /// Sets the port; above 65535 is an error.
    ///
    /// ```
    /// use urlkit::build::{BuildErrorKind, UrlBuilder};
    /// assert_eq!(UrlBuilder::new("http")?.port(65536).unwrap_err().kind(), BuildErrorKind::PortOutOfRange);
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    pub fn port(mut self, port: u32) -> Result<UrlBuilder, BuildError> {
        if port > u32::from(u16::MAX) {
            return Err(BuildError::new(
                BuildErrorKind::PortOutOfRange,
                Component::Port,
            ));
        }
        self.port = Some(port.to_string());
        Ok(self)
    }

    /// Appends one path segment, encoded with RFC 3986 `pchar` (so a `/` in it is data).
    ///
    /// ```
    /// use urlkit::build::UrlBuilder;
    /// let u = UrlBuilder::from_url("https://a/docs/")?.segment("2026/10/report.pdf")?.build()?;
    /// assert_eq!(u.uri(), "https://a/docs/2026%2F10%2Freport.pdf");
    /// assert!(UrlBuilder::from_url("https://a/")?.segment("..").is_err());
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    pub fn segment(mut self, value: &str) -> Result<UrlBuilder, BuildError> {
        append_segment(&mut self.path, value)?;
        Ok(self)
    }

    /// Appends these path segments in order, each encoded as by [`UrlBuilder::segment`]: the
    /// first fills an empty last segment of the path (as `segment` does), and each next one
    /// follows a `/` of its own, so an empty segment among them stays (`a//b`).
    ///
    /// [RFC 3986 section 3.3](https://www.rfc-editor.org/rfc/rfc3986#section-3.3): a
    /// segment may be empty.
    ///
    /// ```
    /// use urlkit::build::UrlBuilder;
    /// let u = UrlBuilder::from_url("https://a/docs/")?.append_segments(["x", "", "y"])?.build()?;
    /// assert_eq!(u.uri(), "https://a/docs/x//y");
    /// let u = UrlBuilder::from_url("https://a/docs")?.append_segments([""])?.build()?;
    /// assert_eq!(u.uri(), "https://a/docs/");
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    ///
    /// # Rationale
    ///
    /// Chained [`UrlBuilder::segment`] calls fill the slot a trailing `/` leaves, so an empty
    /// segment followed by another one vanished there (`urlkit build --segment a --segment ''
    /// --segment b` gave `/a/b`, silently): in one list, the slot is the base's only.
    pub fn append_segments<'a, I>(mut self, values: I) -> Result<UrlBuilder, BuildError>
    where
        I: IntoIterator<Item = &'a str>,
    {
        for (i, value) in values.into_iter().enumerate() {
            if i == 0 {
                append_segment(&mut self.path, value)?;
            } else {
                self.path.push('/');
                encode_segment(value, &mut self.path)?;
            }
        }
        Ok(self)
    }

    /// Replaces the whole path by these segments (`/a/b`; no segment is an empty path).
    ///
    /// ```
    /// use urlkit::build::UrlBuilder;
    /// let u = UrlBuilder::from_url("https://a/x/y?q")?.segments(["", "b"])?.build()?;
    /// assert_eq!(u.uri(), "https://a//b?q");
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    pub fn segments<'a, I>(mut self, values: I) -> Result<UrlBuilder, BuildError>
    where
        I: IntoIterator<Item = &'a str>,
    {
        self.path = path_of(values)?;
        Ok(self)
    }

    /// Appends a query parameter (as `URLSearchParams.append`).
    ///
    /// ```
    /// use urlkit::build::UrlBuilder;
    /// let u = UrlBuilder::from_url("https://a/?")?.param("k", "1&2").param("k", "3").build()?;
    /// assert_eq!(u.uri(), "https://a/?k=1%262&k=3");
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    #[must_use]
    pub fn param(mut self, key: &str, value: &str) -> UrlBuilder {
        let piece = self.style.pair(key, value);
        match &mut self.query {
            Some(pieces) if pieces.len() == 1 && pieces[0].is_empty() => pieces[0] = piece,
            Some(pieces) => pieces.push(piece),
            None => self.query = Some(vec![piece]),
        }
        self
    }

    /// Sets a parameter (as `URLSearchParams.set`): the first parameter of that name gets
    /// the value in place, later ones are removed; without one, it is appended. Names are
    /// compared after decoding once in the builder's [`QueryStyle`].
    ///
    /// ```
    /// use urlkit::build::UrlBuilder;
    /// let u = UrlBuilder::from_url("https://a/?a=1&page=2&b=%7e&page=9")?.set_param("page", "3").build()?;
    /// assert_eq!(u.uri(), "https://a/?a=1&page=3&b=%7e");
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    #[must_use]
    pub fn set_param(mut self, key: &str, value: &str) -> UrlBuilder {
        let style = self.style;
        let Some(pieces) = &mut self.query else {
            return self.param(key, value);
        };
        let Some(first) = pieces.iter().position(|p| has_name(p, key, style)) else {
            return self.param(key, value);
        };
        pieces[first] = style.pair(key, value);
        let mut i = 0;
        pieces.retain(|p| {
            let keep = i <= first || !has_name(p, key, style);
            i += 1;
            keep
        });
        self
    }

    /// Removes every parameter of that name; the others keep their bytes and order.
    ///
    /// ```
    /// use urlkit::build::UrlBuilder;
    /// let u = UrlBuilder::from_url("https://a/?utm_source=x&id=7&utm+source=y")?.remove_param("utm source").build()?;
    /// assert_eq!(u.uri(), "https://a/?utm_source=x&id=7");
    /// assert_eq!(UrlBuilder::from_url("https://a/?fbclid=1#f")?.remove_param("fbclid").build()?.uri(), "https://a/#f");
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    #[must_use]
    pub fn remove_param(mut self, key: &str) -> UrlBuilder {
        let style = self.style;
        if let Some(pieces) = &mut self.query {
            let before = pieces.len();
            pieces.retain(|p| !has_name(p, key, style));
            if pieces.is_empty() && before > 0 {
                self.query = None;
            }
        }
        self
    }

    /// Sets the fragment, encoded with RFC 3986 `fragment`.
    ///
    /// ```
    /// use urlkit::build::UrlBuilder;
    /// assert_eq!(UrlBuilder::from_url("https://a/#x")?.fragment("a b#c").build()?.uri(), "https://a/#a%20b%23c");
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    #[must_use]
    pub fn fragment(mut self, value: &str) -> UrlBuilder {
        self.fragment = Some(FRAGMENT.encode_str(value).into_owned());
        self
    }

    /// Writes the URL (RFC 3986 §5.3), checking that its parts fit together: an authority
    /// needs a host and a path that is empty or starts with `/`, and without an authority a
    /// path cannot start with `//`.
    ///
    /// ```
    /// use urlkit::build::{BuildErrorKind, UrlBuilder};
    /// let e = UrlBuilder::new("x")?.segments(["", "evil.example"])?.build().unwrap_err();
    /// assert_eq!(e.kind(), BuildErrorKind::PathLooksLikeAuthority);
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    pub fn build(&self) -> Result<Built, BuildError> {
        let mut out = String::with_capacity(self.scheme.len() + self.path.len() + 16);
        out.push_str(&self.scheme);
        out.push(':');
        match &self.host {
            Some(host) => {
                out.push_str("//");
                if let Some(u) = &self.userinfo {
                    IRI_USERINFO.encode_str_into(u, &mut out);
                    out.push('@');
                }
                if host.is_ascii() {
                    out.push_str(host);
                } else {
                    out.push_str(&encode_host(HostInput::Name(host))?);
                }
                if let Some(p) = &self.port {
                    out.push(':');
                    out.push_str(p);
                }
                // Where a recomposition would guard the path (`PathHead::guard`), a builder
                // refuses it instead: the caller's components would not read back as given.
                if !PathHead::Authority.guard(&self.path).is_empty() {
                    return Err(BuildError::new(
                        BuildErrorKind::RootlessPathWithAuthority,
                        Component::Path,
                    ));
                }
            }
            None => {
                if self.userinfo.is_some() || self.port.is_some() {
                    return Err(BuildError::new(
                        BuildErrorKind::AuthorityWithoutHost,
                        Component::Host,
                    ));
                }
                if !PathHead::Scheme.guard(&self.path).is_empty() {
                    return Err(BuildError::at(
                        BuildErrorKind::PathLooksLikeAuthority,
                        Component::Path,
                        0,
                    ));
                }
            }
        }
        IRI_PATH.encode_str_into(&self.path, &mut out);
        if let (QueryStyle::Flavor(f), Some(pieces)) = (self.style, &self.query) {
            if let Some(q) = rewrite(f, pieces) {
                out.push('?');
                out.push_str(&q);
            }
        } else if let Some(pieces) = &self.query {
            out.push('?');
            for (i, p) in pieces.iter().enumerate() {
                if i > 0 {
                    out.push('&');
                }
                IRI_QUERY.encode_str_into(p, &mut out);
            }
        }
        if let Some(f) = &self.fragment {
            out.push('#');
            IRI_FRAGMENT.encode_str_into(f, &mut out);
        }
        Ok(Built { uri: out })
    }
}
