//! The fix `check --variants` found missing, written out: a permanent redirect from every
//! spelling of a page that is not yet sent to its canonical, as rules for nginx, Apache or
//! Caddy.
//!
//! # Rationale
//!
//! Each rule compares the request-target exactly as the client sent it (path and query,
//! percent-encoded as on the wire), never the path the server has decoded: every one of the
//! three servers decodes `%XX` before its usual matchers see the path, so `%E9` and `%e9`
//! (the hex-case spellings this is mostly about) are one byte there, and a rule written
//! against the decoded path would send the canonical to itself.
//!
//! - nginx: `location` and `rewrite` match the decoded, normalized `$uri`; the rules compare
//!   `$request_uri`, the request-target as received (nginx `ngx_http_core_module`,
//!   "`$request_uri`: full original request URI (with arguments)").
//! - Apache: `RewriteRule` in a `<VirtualHost>` matches the decoded URL-path; the rules take
//!   the request-target out of `%{THE_REQUEST}`, the request line as received (mod_rewrite,
//!   "THE_REQUEST ... not unescaped").
//! - Caddy: the `path` matcher compares the decoded path, and a pattern holding escapes is
//!   compared with the escaped path case-insensitively (Caddy 2.6.2 answers `/%E9/` for a
//!   `path /%e9/` matcher: checked by `scripts/checks/redirects.sh`); the rules compare
//!   `{http.request.uri}`, the escaped path and query, in an `expression` matcher.
//!
//! A spelling that changes the scheme or the host (`https`, `www.`) is a request to another
//! server block, not a path rule: it is listed in [`RedirectPlan::not_written`] with why.

use urlkit::uri::{parse, UriRef};

use super::{is_http_url, Spelling, UrlCheck, VariantVerdict};
use crate::http::HttpFetcher;

/// A web server whose configuration language the rules are written in.
///
/// ```
/// use urlkit_sources::check::RedirectServer;
/// assert_eq!(RedirectServer::Apache.name(), "apache");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RedirectServer {
    /// nginx: `if ($request_uri = ...) { return 301 ...; }` for a `server { }` block.
    Nginx,
    /// Apache httpd: mod_rewrite rules for a `<VirtualHost>`.
    Apache,
    /// Caddy 2: `expression` matchers and `redir` for a site block.
    Caddy,
}

impl RedirectServer {
    /// `nginx`, `apache` or `caddy`.
    pub fn name(self) -> &'static str {
        match self {
            RedirectServer::Nginx => "nginx",
            RedirectServer::Apache => "apache",
            RedirectServer::Caddy => "caddy",
        }
    }
}

/// One redirect to write: requests for `from` on `origin` go to `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redirect {
    /// `scheme://authority` of the server block the rule belongs in.
    pub origin: String,
    /// The request-target as a client sends it: path and query, percent-encoded as on the
    /// wire (a raw IRI spelling is sent UTF-8 encoded, so it is often the same request as the
    /// uppercase-hex one).
    pub from: String,
    /// The canonical URL, absolute, as it is sent.
    pub to: String,
    /// The spellings whose request `from` is.
    pub spellings: Vec<Spelling>,
}

/// A spelling no rule is written for, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotWritten {
    /// The URL in that spelling.
    pub url: String,
    /// The spelling.
    pub spelling: Spelling,
    /// Why.
    pub why: String,
}

/// The redirects a set of checks asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RedirectPlan {
    /// The redirects, grouped by origin in the order the origins first occur.
    pub redirects: Vec<Redirect>,
    /// The spellings left out.
    pub not_written: Vec<NotWritten>,
}

/// Whether `s` changes only the path or query: what a rule inside one server block can match.
fn is_path_spelling(s: Spelling) -> bool {
    !matches!(
        s,
        Spelling::Https | Spelling::Http | Spelling::WwwAdded | Spelling::WwwRemoved
    )
}

/// A URL as it is sent: `scheme://authority` and the request-target (the fragment, never
/// sent, dropped; an empty path is `/`, RFC 9112 §3.2.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct WireRequest {
    pub(super) origin: String,
    pub(super) target: String,
}

impl WireRequest {
    /// The request for `u`, a URL the caller has parsed: percent-encoding for the wire
    /// changes characters one by one, never the delimiters, so each part is the wire URL's.
    pub(super) fn of(u: &UriRef<'_>) -> WireRequest {
        let s = u.as_str();
        let path = u.split().path.clone();
        let end = u.split().query.as_ref().map_or(path.end, |q| q.end);
        let mut target = HttpFetcher::wire_url(&s[path.start..end]);
        if target.is_empty() || target.starts_with('?') {
            target.insert(0, '/');
        }
        WireRequest {
            origin: HttpFetcher::wire_url(&s[..path.start]),
            target,
        }
    }

    /// The request for the text `url`, read as it goes on the wire (where a raw control
    /// character is already encoded).
    pub(super) fn of_text(url: &str) -> Option<WireRequest> {
        let wire = HttpFetcher::wire_url(url);
        parse(&wire).ok().map(|u| WireRequest::of(&u))
    }

    /// Whether this and `other` are the same request: the same origin (scheme and host in any
    /// case) and the same request-target, byte for byte.
    pub(super) fn same(&self, other: &WireRequest) -> bool {
        self.origin.eq_ignore_ascii_case(&other.origin) && self.target == other.target
    }
}

/// Whether `a` and `b` are sent as the same request: the same origin (scheme and host in any
/// case) and the same request-target, byte for byte.
///
/// # Rationale
///
/// A redirect to another spelling of the canonical (nginx's own trailing-slash redirect writes
/// `%E9` where the page declares `%e9`) is equal to the canonical at `safe`, but it lands on
/// a second URL of the page, not on the canonical: that is not what a variant that
/// "redirects to the canonical" means.
pub(super) fn same_request(a: &str, b: &str) -> bool {
    match (WireRequest::of_text(a), WireRequest::of_text(b)) {
        (Some(a), Some(b)) => a.same(&b),
        _ => false,
    }
}

/// The redirects that would send every checked spelling not yet sent permanently to its
/// canonical there.
///
/// ```
/// use urlkit_sources::check::{plan_redirects, UrlCheck};
/// let plan = plan_redirects(&[] as &[UrlCheck]);
/// assert!(plan.redirects.is_empty() && plan.not_written.is_empty());
/// ```
pub fn plan_redirects<'a>(checks: impl IntoIterator<Item = &'a UrlCheck>) -> RedirectPlan {
    let mut plan = RedirectPlan::default();
    for c in checks {
        if c.variants.is_empty() {
            continue;
        }
        // The canonical the variants were compared with (see `Checker::check_in`).
        let target = match &c.canonical {
            Some(canonical) if is_http_url(canonical) => canonical.as_str(),
            Some(_) => {
                for v in &c.variants {
                    plan.not_written.push(NotWritten {
                        url: v.url.clone(),
                        spelling: v.spelling,
                        why: "the page's canonical is not a web URL".into(),
                    });
                }
                continue;
            }
            None => c.url.as_str(),
        };
        let to = HttpFetcher::wire_url(target);
        let to_target = WireRequest::of_text(target);
        for v in &c.variants {
            // A spelling sent as the same request as another has that one's rule.
            if matches!(
                v.verdict,
                VariantVerdict::CanonicalRedirect | VariantVerdict::SameRequest
            ) {
                continue;
            }
            let mut skip = |why: String| {
                plan.not_written.push(NotWritten {
                    url: v.url.clone(),
                    spelling: v.spelling,
                    why,
                })
            };
            if !is_path_spelling(v.spelling) {
                skip(format!(
                    "{} changes the scheme or host: the redirect belongs in the server block \
                     that answers {}",
                    v.spelling.name(),
                    v.url
                ));
                continue;
            }
            let Some(WireRequest {
                origin,
                target: from,
            }) = WireRequest::of_text(&v.url)
            else {
                skip("not a URL with a path".into());
                continue;
            };
            if to_target
                .as_ref()
                .is_some_and(|t| t.origin == origin && t.target == from)
            {
                skip("it is sent as the same request as the canonical".into());
                continue;
            }
            match plan
                .redirects
                .iter_mut()
                .find(|r| r.origin == origin && r.from == from)
            {
                Some(r) if r.to == to => {
                    if !r.spellings.contains(&v.spelling) {
                        r.spellings.push(v.spelling);
                    }
                }
                Some(r) => {
                    let first = r.to.clone();
                    skip(format!(
                        "the same request already redirects to {first}, another page's canonical"
                    ));
                }
                None => plan.redirects.push(Redirect {
                    origin,
                    from,
                    to: to.clone(),
                    spellings: vec![v.spelling],
                }),
            }
        }
    }
    // Stable grouping by origin, first occurrence first.
    let mut origins: Vec<String> = Vec::new();
    for r in &plan.redirects {
        if !origins.contains(&r.origin) {
            origins.push(r.origin.clone());
        }
    }
    plan.redirects
        .sort_by_key(|r| origins.iter().position(|o| *o == r.origin));
    plan
}

/// The rules for `server`, and the redirects its language cannot say (with why).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The configuration text, one section per origin.
    pub text: String,
    /// Redirects left out, and why.
    pub refused: Vec<(Redirect, String)>,
}

/// Writes `plan` as rules for `server`: one section per origin, to include in that origin's
/// `server { }` block (nginx), `<VirtualHost>` (Apache) or site block (Caddy).
///
/// ```
/// use urlkit_sources::check::{write_rules, Redirect, RedirectPlan, RedirectServer, Spelling};
/// let plan = RedirectPlan {
///     redirects: vec![Redirect {
///         origin: "https://example.com".into(),
///         from: "/%E9%81%8B/".into(),
///         to: "https://example.com/%e9%81%8b/".into(),
///         spellings: vec![Spelling::UppercaseHex],
///     }],
///     not_written: vec![],
/// };
/// let rules = write_rules(RedirectServer::Nginx, &plan);
/// assert!(rules.text.contains(
///     r#"if ($request_uri = "/%E9%81%8B/") { return 301 "https://example.com/%e9%81%8b/"; }"#
/// ));
/// ```
///
/// Spec: <https://nginx.org/en/docs/http/ngx_http_rewrite_module.html>,
/// <https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html>,
/// <https://caddyserver.com/docs/caddyfile/matchers#expression>
pub fn write_rules(server: RedirectServer, plan: &RedirectPlan) -> Rules {
    let mut text = String::new();
    let mut refused = Vec::new();
    let mut origin: Option<&str> = None;
    let mut n = 0;
    for r in &plan.redirects {
        if origin != Some(r.origin.as_str()) {
            origin = Some(r.origin.as_str());
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&header(server, &r.origin));
        }
        let names: Vec<&str> = r.spellings.iter().map(|s| s.name()).collect();
        let comment = format!("# {}\n", names.join(", "));
        match rule(server, r, n) {
            Ok(rule) => {
                n += 1;
                text.push_str(&comment);
                text.push_str(&rule);
            }
            Err(why) => refused.push((r.clone(), why)),
        }
    }
    Rules { text, refused }
}

fn header(server: RedirectServer, origin: &str) -> String {
    match server {
        RedirectServer::Nginx => format!(
            "# urlkit check --emit-redirects nginx: include in the server {{ }} block of {origin}.\n\
             # $request_uri is the request-target as sent; locations see the decoded $uri, where\n\
             # %E9 and %e9 are the same byte.\n"
        ),
        RedirectServer::Apache => format!(
            "# urlkit check --emit-redirects apache: include in the <VirtualHost> of {origin}.\n\
             # %{{THE_REQUEST}} is the request line as sent; RewriteRule sees the decoded path,\n\
             # where %E9 and %e9 are the same byte.\n\
             RewriteEngine On\n"
        ),
        RedirectServer::Caddy => format!(
            "# urlkit check --emit-redirects caddy: include in the site block of {origin}.\n\
             # The placeholder http.request.uri is the path and query as sent; the path matcher\n\
             # sees the decoded path, and compares escapes case-insensitively.\n"
        ),
    }
}

/// One rule; `n` numbers Caddy's matchers.
fn rule(server: RedirectServer, r: &Redirect, n: usize) -> Result<String, String> {
    match server {
        RedirectServer::Nginx => {
            // nginx strings interpolate `$name` and have no escape for `$`: a target with `$`
            // cannot be written, a request-target with `$` is matched by a regex.
            if r.to.contains('$') {
                return Err("nginx cannot write a `$` in a return target".into());
            }
            let test = if r.from.contains('$') {
                format!("~ \"^{}$\"", nginx_quote(&regex_hex(&r.from)))
            } else {
                format!("= \"{}\"", nginx_quote(&r.from))
            };
            Ok(format!(
                "if ($request_uri {test}) {{ return 301 \"{}\"; }}\n",
                nginx_quote(&r.to)
            ))
        }
        RedirectServer::Apache => Ok(format!(
            "RewriteCond %{{THE_REQUEST}} \"^\\S+ (\\S+)\"\n\
             RewriteCond %1 \"={}\"\n\
             RewriteRule ^ \"{}\" [R=301,NE,L]\n",
            apache_quote(&r.from),
            apache_quote(&rewrite_literal(&r.to))
        )),
        RedirectServer::Caddy => Ok(format!(
            "@urlkit_redirect_{n} expression `{{http.request.uri}} == \"{}\"`\n\
             redir @urlkit_redirect_{n} \"{}\" 301\n",
            cel_literal(&r.from),
            caddy_quote(&r.to)
        )),
    }
}

/// `s` in an nginx double-quoted string: `\` and `"` escaped (the parser turns `\\`, `\"`
/// back; it would read `\t`, `\r`, `\n` as controls, so no other backslash is written).
fn nginx_quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `s` as a PCRE pattern matching it literally: every byte that is not a letter, digit or
/// one of `/%-_~` written `\xHH` (no other escape, so nginx's quoting leaves it alone).
fn regex_hex(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || "/%-_~".contains(c) {
            out.push(c);
        } else if c.is_ascii() {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            out.push_str(&format!("\\x{{{:x}}}", c as u32));
        }
    }
    out
}

/// `s` in an Apache double-quoted argument: `"` and a `\` the parser would join with the
/// next character (`\\`, `\"`, or the closing quote) escaped; any other `\` stays as written
/// (httpd `ap_getword_conf`).
fn apache_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' if matches!(chars.peek(), None | Some('\\') | Some('"')) => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out
}

/// `s` as a mod_rewrite substitution that means itself: `%` (`%1` is a back-reference:
/// `%20` would become the first group and a `0`), `$` and `\` escaped with `\`.
fn rewrite_literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '%' | '$' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `s` as the inside of a CEL string literal in a Caddyfile backquoted token: `\`, `"`, the
/// backquote and the braces (Caddy turns `{name}` into a placeholder even inside a literal)
/// written `\xHH`.
fn cel_literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '\\' | '"' | '`' | '{' | '}') {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// `s` in a Caddyfile double-quoted token that Caddy's replacer leaves as is: `"` escaped,
/// `{` written `\{` (else it opens a placeholder).
fn caddy_quote(s: &str) -> String {
    s.replace('"', "\\\"").replace('{', "\\{")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_targets_are_split_as_sent() {
        let split = |url: &str| WireRequest::of_text(url).map(|r| (r.origin, r.target));
        assert_eq!(
            split("http://127.0.0.1:8080/運/?q=あ#frag"),
            Some((
                "http://127.0.0.1:8080".into(),
                "/%E9%81%8B/?q=%E3%81%82".into()
            ))
        );
        assert_eq!(
            split("http://example.com?x"),
            Some(("http://example.com".into(), "/?x".into()))
        );
        // A URL the caller parsed raw is sent as its wire text is.
        let raw = "http://H/運 x/?q=あ#f";
        let parsed = parse(raw).expect("a URL");
        assert_eq!(Some(WireRequest::of(&parsed)), WireRequest::of_text(raw));
    }

    #[test]
    fn each_language_escapes_what_it_would_read_otherwise() {
        assert_eq!(rewrite_literal("/a%20b$1"), "/a\\%20b\\$1");
        // httpd reads `\\` as `\` and keeps any other backslash: `a\b`, `\\` + `\c`, `\"`, `\\`.
        assert_eq!(apache_quote("a\\b\\\\c\"\\"), "a\\b\\\\\\c\\\"\\\\");
        assert_eq!(regex_hex("/a$b.c"), "/a\\x24b\\x2ec");
        assert_eq!(cel_literal("/{x}\"`"), "/\\x7bx\\x7d\\x22\\x60");
        assert_eq!(caddy_quote("/{x}\""), "/\\{x}\\\"");
        assert_eq!(nginx_quote("/a\"b\\"), "/a\\\"b\\\\");
    }

    #[test]
    fn nginx_refuses_a_dollar_target_and_matches_a_dollar_request_by_regex() {
        // The regex form was checked on nginx 1.22.1: `~ "^/x\\x24/index\\x2ehtml$"`
        // redirects `/x$/index.html` and not `/x$/index2html`.
        let plan = RedirectPlan {
            redirects: vec![
                Redirect {
                    origin: "http://h".into(),
                    from: "/a$b/index.html".into(),
                    to: "http://h/a$b/".into(),
                    spellings: vec![Spelling::IndexHtml],
                },
                Redirect {
                    origin: "http://h".into(),
                    from: "/x$/".into(),
                    to: "http://h/x/".into(),
                    spellings: vec![Spelling::IndexHtml],
                },
            ],
            not_written: vec![],
        };
        let rules = write_rules(RedirectServer::Nginx, &plan);
        assert_eq!(rules.refused.len(), 1);
        assert_eq!(rules.refused[0].0.from, "/a$b/index.html");
        assert!(rules
            .text
            .contains(r#"if ($request_uri ~ "^/x\\x24/$") { return 301 "http://h/x/"; }"#));
    }
}
