//! The spellings of a URL that users and tools produce: hex case, raw IRI, trailing slash,
//! `index.html` / `index.php`, `http` <-> `https`, `www.`.

use urlkit::normalize::{normalize_parsed, Form, Level, Options};
use urlkit::uri::UriRef;

/// A way of spelling a URL.
///
/// ```
/// use urlkit_sources::check::Spelling;
/// assert_eq!(Spelling::LowercaseHex.name(), "lowercase-hex");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Spelling {
    /// `%e9%81%8b` (what WordPress's REST API writes).
    LowercaseHex,
    /// `%E9%81%8B` (what Python's `quote` and most encoders write; RFC 3986 §6.2.2.1).
    UppercaseHex,
    /// `運` written raw (a sitemap or a browser's address bar; sent UTF-8 encoded).
    Iri,
    /// The path's ASCII letters in the other case (`/About-Us/` as `/ABOUT-US/`; all
    /// lowercase when the path has no lowercase letter), escapes kept: a path is
    /// case-sensitive (RFC 3986 §6.2.2.1), but links typed by people and some servers are not.
    PathCase,
    /// A trailing `/` added to the path.
    SlashAdded,
    /// The path's trailing `/` removed.
    SlashRemoved,
    /// `index.html` after a path ending in `/`.
    IndexHtml,
    /// `index.php` after a path ending in `/`.
    IndexPhp,
    /// `http` made `https`.
    Https,
    /// `https` made `http`.
    Http,
    /// `www.` put before the host.
    WwwAdded,
    /// The host's `www.` removed.
    WwwRemoved,
}

impl Spelling {
    /// Every spelling, in the order they are tried.
    pub const ALL: [Spelling; 12] = [
        Spelling::LowercaseHex,
        Spelling::UppercaseHex,
        Spelling::Iri,
        Spelling::PathCase,
        Spelling::SlashAdded,
        Spelling::SlashRemoved,
        Spelling::IndexHtml,
        Spelling::IndexPhp,
        Spelling::Https,
        Spelling::Http,
        Spelling::WwwAdded,
        Spelling::WwwRemoved,
    ];

    /// The kebab-case name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Spelling::LowercaseHex => "lowercase-hex",
            Spelling::UppercaseHex => "uppercase-hex",
            Spelling::Iri => "iri",
            Spelling::PathCase => "path-case",
            Spelling::SlashAdded => "slash-added",
            Spelling::SlashRemoved => "slash-removed",
            Spelling::IndexHtml => "index-html",
            Spelling::IndexPhp => "index-php",
            Spelling::Https => "https",
            Spelling::Http => "http",
            Spelling::WwwAdded => "www-added",
            Spelling::WwwRemoved => "www-removed",
        }
    }
}

/// The other spellings of `u` (a URL the caller has parsed: they are all read from that one
/// parse), each different from `u` and from the ones before it.
///
/// ```
/// use urlkit_sources::check::{variants, Spelling};
/// use urlkit::uri::parse;
/// let v = variants(&parse("http://127.0.0.1:8080/%e9%81%8b/").unwrap());
/// let names: Vec<(&str, &str)> = v.iter().map(|(s, u)| (s.name(), u.as_str())).collect();
/// assert_eq!(names, [
///     ("uppercase-hex", "http://127.0.0.1:8080/%E9%81%8B/"),
///     ("iri", "http://127.0.0.1:8080/運/"),
///     ("slash-removed", "http://127.0.0.1:8080/%e9%81%8b"),
///     ("index-html", "http://127.0.0.1:8080/%e9%81%8b/index.html"),
///     ("index-php", "http://127.0.0.1:8080/%e9%81%8b/index.php"),
///     ("https", "https://127.0.0.1:8080/%e9%81%8b/"),
/// ]);
/// ```
///
/// *Rationale*: the hex-case and IRI spellings come from the library's `safe` normalization
/// (URI and IRI forms), so they change only what `safe` calls the same; a `www.` spelling is
/// not made for an IP address or a one-label host (`localhost`), where it names nothing.
pub fn variants(u: &UriRef<'_>) -> Vec<(Spelling, String)> {
    let url = u.as_str();
    let mut out: Vec<(Spelling, String)> = Vec::new();
    let mut add = |s: Spelling, v: Option<String>| {
        if let Some(v) = v {
            if v != url && !out.iter().any(|(_, u)| *u == v) {
                out.push((s, v));
            }
        }
    };
    let safe = Options::new(Level::Safe);
    let upper = normalize_parsed(u, &safe, Form::Uri).ok();
    if url.contains('%') || !url.is_ascii() {
        add(Spelling::LowercaseHex, upper.as_deref().map(lower_hex));
        add(Spelling::UppercaseHex, upper.clone());
        add(Spelling::Iri, normalize_parsed(u, &safe, Form::Iri).ok());
    }
    let (Some(scheme), Some(host)) = (u.scheme(), u.host()) else {
        return out;
    };
    let path = u.path();
    let prefix_end = url.len()
        - path.len()
        - u.query().map_or(0, |q| q.len() + 1)
        - u.fragment().map_or(0, |f| f.len() + 1);
    let head = &url[..prefix_end];
    let tail = &url[prefix_end + path.len()..];
    let with_path = |p: &str| format!("{head}{p}{tail}");
    add(Spelling::PathCase, other_case(path).map(|p| with_path(&p)));
    if let Some(without) = path.strip_suffix('/') {
        if !without.is_empty() {
            add(Spelling::SlashRemoved, Some(with_path(without)));
        }
        add(
            Spelling::IndexHtml,
            Some(with_path(&format!("{path}index.html"))),
        );
        add(
            Spelling::IndexPhp,
            Some(with_path(&format!("{path}index.php"))),
        );
    } else if !path.is_empty() {
        add(Spelling::SlashAdded, Some(with_path(&format!("{path}/"))));
    }
    let rest = &url[scheme.len()..];
    if scheme.eq_ignore_ascii_case("http") {
        add(Spelling::Https, Some(format!("https{rest}")));
    } else if scheme.eq_ignore_ascii_case("https") {
        add(Spelling::Http, Some(format!("http{rest}")));
    }
    let is_name =
        host.contains('.') && !host.starts_with('[') && host.parse::<std::net::Ipv4Addr>().is_err();
    if is_name {
        let at = u.range(urlkit::uri::Component::Host).map(|r| r.start);
        if let Some(at) = at {
            let (before, after) = url.split_at(at);
            if let Some(bare) = after
                .get(..4)
                .filter(|w| w.eq_ignore_ascii_case("www."))
                .map(|_| &after[4..])
            {
                add(Spelling::WwwRemoved, Some(format!("{before}{bare}")));
            } else {
                add(Spelling::WwwAdded, Some(format!("{before}www.{after}")));
            }
        }
    }
    out
}

/// `path` with its ASCII letters outside `%XX` escapes uppercased (lowercased when it has no
/// lowercase letter); `None` when it has no such letter.
fn other_case(path: &str) -> Option<String> {
    let mut out = String::with_capacity(path.len());
    let mut letters = (false, false);
    let mut after_percent = 0;
    for c in path.chars() {
        if after_percent > 0 {
            after_percent -= 1;
        } else if c == '%' {
            after_percent = 2;
        } else if c.is_ascii_lowercase() {
            letters.0 = true;
        } else if c.is_ascii_uppercase() {
            letters.1 = true;
        }
    }
    if !letters.0 && !letters.1 {
        return None;
    }
    for c in path.chars() {
        if after_percent > 0 {
            out.push(c);
            after_percent -= 1;
            continue;
        }
        if c == '%' {
            after_percent = 2;
        }
        out.push(if letters.0 {
            c.to_ascii_uppercase()
        } else {
            c.to_ascii_lowercase()
        });
    }
    Some(out)
}

/// `s` with the hex digits of every `%XX` in lowercase.
fn lower_hex(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut after_percent = 0;
    for c in s.chars() {
        if after_percent > 0 {
            out.push(c.to_ascii_lowercase());
            after_percent -= 1;
        } else {
            out.push(c);
            if c == '%' {
                after_percent = 2;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use urlkit::uri::parse;

    fn variants(url: &str) -> Vec<(Spelling, String)> {
        super::variants(&parse(url).expect("a URL"))
    }

    #[test]
    fn spellings_of_a_named_host() {
        let v = variants("https://www.example.com/a?q=%E3%81%82");
        let names: Vec<(&str, &str)> = v.iter().map(|(s, u)| (s.name(), u.as_str())).collect();
        assert_eq!(
            names,
            [
                ("lowercase-hex", "https://www.example.com/a?q=%e3%81%82"),
                ("iri", "https://www.example.com/a?q=あ"),
                ("path-case", "https://www.example.com/A?q=%E3%81%82"),
                ("slash-added", "https://www.example.com/a/?q=%E3%81%82"),
                ("http", "http://www.example.com/a?q=%E3%81%82"),
                ("www-removed", "https://example.com/a?q=%E3%81%82"),
            ]
        );
        // Escapes keep their case: that is the hex-case spelling.
        let v = variants("http://h.test/Ab%e9/");
        assert!(v
            .iter()
            .any(|(s, u)| *s == Spelling::PathCase && u == "http://h.test/AB%e9/"));
        let v = variants("http://h.test/AB/");
        assert!(v
            .iter()
            .any(|(s, u)| *s == Spelling::PathCase && u == "http://h.test/ab/"));
        let v = variants("http://localhost/x/");
        assert!(v.iter().all(|(s, _)| !matches!(s, Spelling::WwwAdded)));
        assert!(variants("http://example.com/")
            .iter()
            .any(|(s, u)| *s == Spelling::WwwAdded && u == "http://www.example.com/"));
    }
}
