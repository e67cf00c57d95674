//! `parser-disagreement` (U0401, security): RFC 3986 and the WHATWG URL Standard (browsers,
//! Node) read the URL differently.
//!
//! **What it does.** Reads the URL twice: as a strict RFC 3986 URI (an IRI per RFC 3987; see
//! [`Rfc3986Reading`]) and as a browser does ([`crate::whatwg::Url`]). It reports when one
//! accepts what the other rejects, or when they find a different scheme, host, port or path
//! (after removing differences of spelling only: case, IDNA form, default port, the
//! percent-encoding of characters both agree on).
//!
//! **Why it matters.** An allow-list checked with one parser and a request made with another
//! is how server-side request forgery and open-redirect bypasses work: `http://a\b/` is host
//! `a\b` (rejected) to RFC 3986 and host `a` to a browser; `http://0x7f.1/` is a name to one
//! and `127.0.0.1` to the other; `/a/%2e%2e/b` keeps a segment that a browser removes.
//!
//! **Example.**
//! ```
//! use urlkit::lint::parser_disagreement::{check, side_by_side, Difference};
//! let seen = side_by_side("http://0x7f.1/", None);
//! assert!(matches!(&seen.differences[0], Difference::Host { rfc, whatwg } if rfc == "0x7f.1" && whatwg == "127.0.0.1"));
//! assert_eq!(check("http://0x7f.1/", None).len(), 1);
//! assert!(check("https://例え.jp/運営?q=東京", None).is_empty());
//! ```
//!
//! **Use instead.** The form both agree on: the browser's serialization
//! (`urlkit parse` shows it) once it is the URL you meant, e.g. `http://127.0.0.1/`.

pub(crate) mod agreement;
mod keys;
pub(crate) mod rfc3986_reading;

pub use rfc3986_reading::{Rfc3986Reading, RfcReject, RfcRejectKind};

use std::ops::Range;

use crate::lint::{
    Context, Diagnostic, Evidence, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity,
};
use crate::uri::{split, Component, Place, Split};
use crate::whatwg::{Components, Url, WhatwgError};

/// The rule's identity (its file is `lint/rules/parser_disagreement.rs`).
///
/// ```
/// use urlkit::lint::parser_disagreement::RULE;
/// assert_eq!((RULE.name, RULE.code), ("parser-disagreement", "U0401"));
/// ```
pub static RULE: &RuleInfo = &INFO;

/// One way the two readings differ.
///
/// ```
/// use urlkit::lint::parser_disagreement::{side_by_side, Difference};
/// let d = &side_by_side("http://a/%2e%2e/b", None).differences[0];
/// assert_eq!(d.component(), "path");
/// assert!(matches!(d, Difference::Path { rfc, whatwg } if rfc == "/%2e%2e/b" && whatwg == "/b"));
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986>, <https://url.spec.whatwg.org/>
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// A browser accepts the URL, RFC 3986 rejects it.
    OnlyWhatwgAccepts(RfcReject),
    /// RFC 3986 accepts the URL, a browser rejects it.
    OnlyRfcAccepts,
    /// Different schemes.
    Scheme {
        /// RFC 3986's.
        rfc: String,
        /// The browser's.
        whatwg: String,
    },
    /// Different hosts (after case, IDNA and IP-literal spelling are set aside).
    Host {
        /// RFC 3986's, as written.
        rfc: String,
        /// The browser's hostname.
        whatwg: String,
    },
    /// Different ports (after the default port is set aside).
    Port {
        /// RFC 3986's (`""` when none).
        rfc: String,
        /// The browser's (`""` when none or default).
        whatwg: String,
    },
    /// Different paths (after percent-encoding spelling is set aside).
    Path {
        /// RFC 3986's, after reference resolution.
        rfc: String,
        /// The browser's pathname.
        whatwg: String,
    },
}

impl Difference {
    /// The component concerned: `accept`, `scheme`, `host`, `port` or `path`.
    ///
    /// ```
    /// use urlkit::lint::parser_disagreement::side_by_side;
    /// assert_eq!(side_by_side("http://a\\b/", None).differences[0].component(), "accept");
    /// ```
    pub fn component(&self) -> &'static str {
        match self {
            Difference::OnlyWhatwgAccepts(_) | Difference::OnlyRfcAccepts => "accept",
            Difference::Scheme { .. } => "scheme",
            Difference::Host { .. } => "host",
            Difference::Port { .. } => "port",
            Difference::Path { .. } => "path",
        }
    }

    /// A one-sentence explanation.
    ///
    /// ```
    /// use urlkit::lint::parser_disagreement::side_by_side;
    /// let d = &side_by_side("http://0x7f.1/", None).differences[0];
    /// assert_eq!(d.message(), "the host is \"0x7f.1\" to RFC 3986 but \"127.0.0.1\" to a browser (WHATWG)");
    /// ```
    pub fn message(&self) -> String {
        match self {
            Difference::OnlyWhatwgAccepts(r) => format!(
                "RFC 3986 rejects this URL ({} in the {} at byte {}) but a browser (WHATWG) \
                 accepts it",
                r.kind.name(),
                r.component,
                r.offset
            ),
            Difference::OnlyRfcAccepts => {
                "RFC 3986 accepts this URL but a browser (WHATWG) rejects it".to_owned()
            }
            Difference::Scheme { rfc, whatwg } => {
                format!("the scheme is {rfc:?} to RFC 3986 but {whatwg:?} to a browser (WHATWG)")
            }
            Difference::Host { rfc, whatwg } => {
                format!("the host is {rfc:?} to RFC 3986 but {whatwg:?} to a browser (WHATWG)")
            }
            Difference::Port { rfc, whatwg } => {
                format!("the port is {rfc:?} to RFC 3986 but {whatwg:?} to a browser (WHATWG)")
            }
            Difference::Path { rfc, whatwg } => {
                format!("the path is {rfc:?} to RFC 3986 but {whatwg:?} to a browser (WHATWG)")
            }
        }
    }
}

/// Both readings of one input and how they differ.
///
/// ```
/// use urlkit::lint::parser_disagreement::side_by_side;
/// let seen = side_by_side("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", None);
/// assert!(seen.rfc3986.is_err());
/// assert_eq!(seen.rfc3986_split.host.as_deref(), Some("2.2.2.2"));
/// assert_eq!(seen.whatwg.as_ref().unwrap().hostname, "2.2.2.2");
/// assert_eq!(seen.differences.len(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct SideBySide {
    /// The strict RFC 3986 reading (resolved against the base when one is given).
    pub rfc3986: Result<Rfc3986Reading, RfcReject>,
    /// The generic Appendix B split of the input alone, which never fails: what a lenient
    /// RFC 3986 tokenizer would take the components to be.
    pub rfc3986_split: Rfc3986Reading,
    /// The browser's reading.
    pub whatwg: Result<Components, WhatwgError>,
    /// Where they differ; empty when they agree (or both reject).
    pub differences: Vec<Difference>,
}

/// Reads `input` (against `base`, if given) with both models and lists the differences.
///
/// ```
/// use urlkit::lint::parser_disagreement::side_by_side;
/// assert!(side_by_side("HTTP://Example.COM:80/%7euser/./x", None).differences.is_empty());
/// assert!(side_by_side("../g", Some("http://a/b/c/d;p?q")).differences.is_empty());
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-5.2>,
/// <https://url.spec.whatwg.org/#concept-url-parser>
pub fn side_by_side(input: &str, base: Option<&str>) -> SideBySide {
    let rfc3986 = Rfc3986Reading::parse(input, base);
    let whatwg_url = Url::parse(input, base);
    let mut differences = Vec::new();
    match (&rfc3986, &whatwg_url) {
        (Err(r), Ok(_)) => differences.push(Difference::OnlyWhatwgAccepts(r.clone())),
        (Ok(_), Err(_)) => differences.push(Difference::OnlyRfcAccepts),
        (Err(_), Err(_)) => {}
        (Ok(r), Ok(w)) => differences = differ(r, w),
    }
    SideBySide {
        rfc3986,
        rfc3986_split: Rfc3986Reading::split(input),
        whatwg: whatwg_url.map(|u| u.components()),
        differences,
    }
}

/// # Rationale
///
/// A component the RFC 3986 reading does not have is written as the empty text here, as the
/// WHATWG API writes an absent host or port: a [`Difference`] shows the two texts side by side,
/// and an absent scheme, host or port still differs from any text the browser found.
fn differ(r: &Rfc3986Reading, w: &Url) -> Vec<Difference> {
    let mut out = Vec::new();
    let rfc_scheme = keys::scheme_key(r.scheme.as_deref().unwrap_or(""));
    if rfc_scheme != w.scheme() {
        out.push(Difference::Scheme {
            rfc: r.scheme.clone().unwrap_or_default(),
            whatwg: w.scheme().to_owned(),
        });
        // Nothing else is comparable across different schemes.
        return out;
    }
    let special = keys::is_special(w.scheme());
    let rfc_host = r.host.as_deref().unwrap_or("");
    if keys::rfc_host_key(rfc_host, special) != keys::whatwg_host_key(w.hostname(), special) {
        out.push(Difference::Host {
            rfc: rfc_host.to_owned(),
            whatwg: w.hostname().to_owned(),
        });
    }
    let rfc_port = keys::port_key(r.port.as_deref(), w.scheme());
    let whatwg_port = keys::port_key(Some(w.port()), w.scheme());
    if rfc_port != whatwg_port {
        out.push(Difference::Port {
            rfc: r.port.clone().unwrap_or_default(),
            whatwg: w.port().to_owned(),
        });
    }
    let rfc_path = if special && r.host.is_some() && r.path.is_empty() {
        "/"
    } else {
        r.path.as_str()
    };
    if keys::path_key(rfc_path) != keys::path_key(w.pathname()) {
        out.push(Difference::Path {
            rfc: r.path.clone(),
            whatwg: w.pathname().to_owned(),
        });
    }
    out
}

/// The rule: one diagnostic per difference, located in `input`.
///
/// ```
/// use urlkit::lint::parser_disagreement::check;
/// let found = check("http://a/%2e%2e/b", None);
/// assert_eq!(found[0].span, 8..17);
/// assert!(check("http://a/b", None).is_empty());
/// ```
pub fn check(input: &str, base: Option<&str>) -> Vec<Diagnostic> {
    let seen = side_by_side(input, base);
    located(input, &split(input), &seen.differences)
}

/// The rule over the lint's [`Context`]: the browser's reading and the component spans are
/// the ones every rule shares (parsed once per URL), so only the strict RFC 3986 reading is
/// made here; the differences are those of [`side_by_side`] without a base.
pub(crate) fn check_context(cx: &Context<'_>) -> Vec<Diagnostic> {
    let rfc3986 = Rfc3986Reading::parse(cx.input, None);
    let differences = match (&rfc3986, cx.whatwg()) {
        (Err(r), Some(_)) => vec![Difference::OnlyWhatwgAccepts(r.clone())],
        (Ok(_), None) => vec![Difference::OnlyRfcAccepts],
        (Err(_), None) => return Vec::new(),
        (Ok(r), Some(w)) => differ(r, w),
    };
    if differences.is_empty() {
        return Vec::new();
    }
    located(cx.input, &cx.split, &differences)
}

/// One diagnostic per difference, located by the component spans of `input`.
fn located(input: &str, spans: &Split, differences: &[Difference]) -> Vec<Diagnostic> {
    let whole = 0..input.len();
    differences
        .iter()
        .map(|d| {
            let span: Range<usize> = match d {
                Difference::OnlyWhatwgAccepts(r) if r.kind == RfcRejectKind::InvalidBase => {
                    whole.clone()
                }
                Difference::OnlyWhatwgAccepts(r) => {
                    let len = input
                        .get(r.offset..)
                        .and_then(|s| s.chars().next())
                        .map_or(0, char::len_utf8);
                    r.offset..r.offset + len
                }
                Difference::OnlyRfcAccepts => whole.clone(),
                Difference::Scheme { .. } => spans.scheme.clone().unwrap_or(whole.clone()),
                Difference::Host { .. } => spans.host.clone().unwrap_or(whole.clone()),
                Difference::Port { .. } => spans
                    .port
                    .clone()
                    .or(spans.host.clone())
                    .unwrap_or(whole.clone()),
                Difference::Path { .. } => spans.path.clone(),
            };
            let evidence = match d {
                Difference::Scheme { rfc, whatwg }
                | Difference::Host { rfc, whatwg }
                | Difference::Port { rfc, whatwg }
                | Difference::Path { rfc, whatwg } => vec![
                    Evidence::new("RFC 3986", rfc.clone()),
                    Evidence::new("WHATWG", whatwg.clone()),
                ],
                Difference::OnlyWhatwgAccepts(r) => {
                    vec![Evidence::new("RFC 3986 rejects", r.kind.name())]
                }
                Difference::OnlyRfcAccepts => vec![Evidence::new("WHATWG", "rejects")],
            };
            Diagnostic {
                rule: RULE.name,
                code: RULE.code,
                severity: RULE.level,
                span,
                component: match d.component() {
                    "accept" => Place::Url,
                    "scheme" => Place::In(Component::Scheme),
                    "host" => Place::In(Component::Host),
                    "port" => Place::In(Component::Port),
                    _ => Place::In(Component::Path),
                },
                message: d.message(),
                evidence,
                fix: None,
            }
        })
        .collect()
}

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0401",
    name: "parser-disagreement",
    family: Family::Security,
    level: Severity::Warning,
    summary: "RFC 3986 and the WHATWG URL Standard (browsers) read this URL differently",
    scope: Scope::Url,
    aliases: &[],
    security: Some(SecurityInfo {
        cwe: 436,
        severity: 6.1,
    }),
    doc: RuleDoc {
        what: "Reads the URL as a strict RFC 3986 URI (an IRI per RFC 3987) and as a browser \
               does, and reports when one accepts what the other rejects, or when they find a \
               different scheme, host, port or path (differences of spelling only, such as case, \
               IDNA form, default port, are set aside). A more specific rule on the same bytes \
               (backslash, non-canonical-ipv4, encoded-dot-segment, userinfo-at) wins.",
        why: "An allow-list checked with one parser and a request made with another is how \
              server-side request forgery and open-redirect bypasses work: `http://a\\b/` is host \
              `a\\b` to RFC 3986 and host `a` to a browser.",
        example: "http:/example.com/",
        use_instead: "http://example.com/",
        fix_safety: "No fix: which reading was meant is the question.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986",
            "https://url.spec.whatwg.org/",
            "https://cwe.mitre.org/data/definitions/436.html",
        ],
    },
};

/// The rule's entry in the registry: [`check_context`]'s diagnostics.
pub(crate) fn check_in(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    out.extend(check_context(cx));
}

/// Whether the rule can fire: not on a URL both readings surely agree on, known without
/// reading it either way (see [`agreement`]).
pub(crate) fn can_fire(cx: &Context<'_>) -> bool {
    !agreement::surely_agree(cx)
}
