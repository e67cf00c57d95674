//! The record of `build`: the URL as a URI and as an IRI, and its canonical forms.

use serde::Serialize;
use urlkit::build::{check_segment, BuildError, HostInput, QueryFlavor, QueryStyle, UrlBuilder};

use crate::envelope::{Failure, Record, True};

/// `urlkit build --json`: `{"browser_rewrite"?, "canonical"?, "input", "iri", "ok", "output",
/// "uri"}`.
///
/// ```
/// let r = urlkit_records::build::Build::new("https://a/", "https://a/x", "https://a/x".into(), "https://a/x".into());
/// assert_eq!(
///     serde_json::to_string(&r).unwrap(),
///     r#"{"input":"https://a/","iri":"https://a/x","ok":true,"output":"https://a/x","uri":"https://a/x"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Build {
    /// When `--set-param` / `--remove-param` edit a query that a browser's
    /// `url.searchParams` would write differently: the URL it would write (see
    /// [`browser_rewrite`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub browser_rewrite: Option<String>,
    /// With `--canonical`: the canonical forms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub canonical: Option<Canonical>,
    /// The URL as given.
    pub input: String,
    /// The IRI: escapes of non-ASCII characters shown as the characters, U-label hosts.
    pub iri: String,
    /// `true`.
    pub ok: True,
    /// The form `--to` asks for (or the canonical lines).
    pub output: String,
    /// The URI: ASCII, every component encoded once with its set.
    pub uri: String,
}

impl Build {
    /// The record of `input` built into `uri` and `iri`, showing `output`.
    pub fn new(
        input: impl Into<String>,
        output: impl Into<String>,
        uri: String,
        iri: String,
    ) -> Build {
        Build {
            browser_rewrite: None,
            canonical: None,
            input: input.into(),
            iri,
            ok: True,
            output: output.into(),
            uri,
        }
    }
}

/// The canonical forms of `build --canonical`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Canonical {
    /// `aws.sigv4`: `{"query", "scheme", "uri" (encoded twice), "uri_s3" (encoded once)}`.
    AwsSigv4 {
        /// The canonical query string.
        query: String,
        /// `aws.sigv4`.
        scheme: &'static str,
        /// The canonical URI.
        uri: String,
        /// The canonical URI for S3.
        uri_s3: String,
    },
    /// `oauth1`: `{"base_string_uri", "normalized_parameters", "scheme"}` (RFC 5849 §3.4.1).
    Oauth1 {
        /// The base string URI.
        base_string_uri: String,
        /// The normalized parameters.
        normalized_parameters: String,
        /// `oauth1`.
        scheme: &'static str,
    },
}

/// The edits of `urlkit build` (its `--host`, `--port`, `--segment`, `--param`,
/// `--set-param`, `--remove-param`, `--fragment`, `--query-style`).
#[derive(Clone, Debug, Default)]
pub struct Edits {
    /// A domain (through IDNA) or an IP address.
    pub host: Option<String>,
    /// 0 to 65535.
    pub port: Option<u32>,
    /// Path segments to append, each data.
    pub segments: Vec<String>,
    /// `KEY=VALUE` parameters to append.
    pub params: Vec<String>,
    /// `KEY=VALUE` parameters to set.
    pub set_params: Vec<String>,
    /// Parameter names to remove.
    pub remove_params: Vec<String>,
    /// The fragment.
    pub fragment: Option<String>,
    /// How keys and values are encoded.
    pub query_style: QueryStyle,
}

/// `KEY=VALUE` split (no `=`: an empty value).
fn pair(text: &str) -> (&str, &str) {
    text.split_once('=').unwrap_or((text, ""))
}

/// The record form of a build error: offsets of an invalid start URL are into the input.
pub fn failure(e: &BuildError) -> Failure {
    let message = format!("{}: {}", e.component(), e.kind().explain());
    match e.offset() {
        // Offsets of an invalid start URL are into the input; others are into an option's
        // value, which the input line does not hold.
        Some(o) if e.kind() == urlkit::build::BuildErrorKind::InvalidUrl => {
            Failure::at(e.kind().name(), o, message)
        }
        _ => Failure::new(e.kind().name(), message),
    }
}

/// `text` with `edits` applied, in the order `urlkit build --help` gives.
pub fn edit(text: &str, args: &Edits) -> Result<urlkit::build::Built, BuildError> {
    let mut b = UrlBuilder::from_url(text)?.query_style(args.query_style);
    if let Some(h) = &args.host {
        b = b.host(HostInput::parse(h))?;
    }
    if let Some(p) = args.port {
        b = b.port(p)?;
    }
    b = b.append_segments(args.segments.iter().map(String::as_str))?;
    for k in &args.remove_params {
        b = b.remove_param(k);
    }
    for p in &args.set_params {
        let (k, v) = pair(p);
        b = b.set_param(k, v);
    }
    for p in &args.params {
        let (k, v) = pair(p);
        b = b.param(k, v);
    }
    if let Some(f) = &args.fragment {
        b = b.fragment(f);
    }
    b.build()
}

/// The URL a browser writes for the same edits, when `edits` set or remove a parameter and
/// that URL is not `built`: `url.searchParams.delete(k)`, `.set(k, v)` and `.append(k, v)`
/// (in the order [`edit`] applies them) serialize the whole query again as
/// application/x-www-form-urlencoded (`?q=a%20b` becomes `?q=a+b`), where urlkit keeps the
/// bytes of the parameters it does not touch.
///
/// ```
/// use urlkit::build::QueryStyle;
/// use urlkit_records::build::{browser_rewrite, edit, Edits};
/// let edits = Edits { set_params: vec!["tag=C++".into()], ..Edits::default() };
/// let built = edit("https://example.com/?q=a%20b", &edits).unwrap();
/// assert_eq!(built.uri(), "https://example.com/?q=a%20b&tag=C%2B%2B");
/// let rewrite = browser_rewrite("https://example.com/?q=a%20b", &edits, built.uri());
/// assert_eq!(rewrite.as_deref(), Some("https://example.com/?q=a+b&tag=C%2B%2B"));
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-set>
pub fn browser_rewrite(text: &str, edits: &Edits, built: &str) -> Option<String> {
    if edits.set_params.is_empty() && edits.remove_params.is_empty() {
        return None;
    }
    let js = QueryStyle::Flavor(QueryFlavor::JsUrlSearchParams);
    if edits.query_style == js {
        return None;
    }
    let browser = Edits {
        query_style: js,
        ..edits.clone()
    };
    let written = edit(text, &browser).ok()?.into_uri();
    (written != built).then_some(written)
}

/// `urlkit build --json BASE` with `edits` (`--segment`, `--param`, `--set-param`,
/// `--remove-param`, `--fragment`, `--query-style`; the API and Python give no host or port):
/// the record, with `browser_rewrite` when a browser would write the edited query
/// differently. A segment no URL can take is the usage error's message, as the CLI says it.
///
/// ```
/// use urlkit::build::{QueryFlavor, QueryStyle};
/// use urlkit_records::build::{record, Edits};
/// let segments = |s: &[&str]| Edits { segments: s.iter().map(|s| s.to_string()).collect(), ..Edits::default() };
/// let r = record("https://日本語.jp", &segments(&["パス"])).unwrap();
/// assert_eq!(serde_json::to_value(&r).unwrap()["uri"], "https://xn--wgv71a119e.jp/%E3%83%91%E3%82%B9");
/// assert!(record("https://a/", &segments(&[".."])).is_err());
/// let go = Edits {
///     params: vec!["b=1".into(), "a=x y".into()],
///     query_style: QueryStyle::Flavor(QueryFlavor::GoValuesEncode),
///     ..Edits::default()
/// };
/// assert_eq!(serde_json::to_value(&record("https://a/", &go).unwrap()).unwrap()["uri"], "https://a/?a=x+y&b=1");
/// let set = Edits { set_params: vec!["tag=C++".into()], ..Edits::default() };
/// let r = serde_json::to_value(&record("https://example.com/?q=a%20b", &set).unwrap()).unwrap();
/// assert_eq!(r["browser_rewrite"], "https://example.com/?q=a+b&tag=C%2B%2B");
/// ```
pub fn record(base: &str, edits: &Edits) -> Result<Record<Build>, String> {
    for s in &edits.segments {
        check_segment(s).map_err(|e| format!("--segment {s:?}: {}", e.kind().explain()))?;
    }
    let built = edit(base, edits).map_err(|e| failure(&e)).map(|built| {
        let uri = built.uri().to_owned();
        Build {
            browser_rewrite: browser_rewrite(base, edits, &uri),
            ..Build::new(base, uri.as_str(), uri.clone(), built.iri())
        }
    });
    Ok(Record::from_result(base, built))
}
