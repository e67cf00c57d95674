//! The canonical URL a page declares: `<link rel="canonical">` in the HTML head (read with
//! the `html5gum` tokenizer, only as far as the head goes, at most a capped number of bytes)
//! and `Link: <...>; rel="canonical"` headers (RFC 8288).

use std::io::Read;

use html5gum::{DefaultEmitter, IoReader, Token, Tokenizer};

/// What the head said.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Head {
    /// The first `<link rel="canonical" href>` of the head, as written.
    pub canonical: Option<String>,
    /// Every `<link rel="canonical" href>` of the head after the first whose href differs
    /// from it, as written (a page that declares two canonicals declares none a search engine
    /// can trust).
    pub other_canonicals: Vec<String>,
    /// The `content` of `<meta name="robots">` (or `googlebot`), when the head has one.
    pub robots: Option<String>,
    /// The first `<base href>`, as written: canonical hrefs resolve against it.
    pub base: Option<String>,
    /// The text of the head's first `<title>`, whitespace collapsed (a soft 404 is told by
    /// it, among other things).
    pub title: Option<String>,
    /// The bytes read.
    pub bytes: u64,
    /// The cap was reached before the head ended.
    pub truncated: bool,
    /// Reading the body failed before the head ended (a timeout, a connection reset): what
    /// the head says is unknown, not "nothing".
    pub read_error: Option<String>,
}

/// Elements that may appear in a head (and the `html`/`head` tags themselves); any other
/// start tag means the body has begun (HTML §13.2.6.4.4 "in head" insertion mode).
const HEAD_ELEMENTS: [&[u8]; 11] = [
    b"html",
    b"head",
    b"meta",
    b"link",
    b"title",
    b"base",
    b"script",
    b"style",
    b"noscript",
    b"template",
    b"object",
];

/// Reads `body` until the head ends (`</head>`, `<body>` or another body element), the body
/// ends, `cap` bytes were read, or reading fails ([`Head::read_error`]; an interrupted read
/// is tried again).
///
/// ```
/// use urlkit_sources::check::read_head;
/// let html = r#"<!doctype html><html><head><script>"<link rel=canonical href=/no>"</script>
/// <link rel="Canonical alternate" href="/運営/"></head><body><link rel=canonical href=/late>"#;
/// let head = read_head(html.as_bytes(), 1 << 20);
/// assert_eq!(head.canonical.as_deref(), Some("/運営/"));
/// ```
///
/// Spec: <https://html.spec.whatwg.org/multipage/links.html#link-type-canonical>,
/// <https://www.rfc-editor.org/rfc/rfc6596>
pub fn read_head(body: impl Read, cap: u64) -> Head {
    let mut counted = Counting {
        inner: body.take(cap),
        bytes: 0,
    };
    let mut head = Head::default();
    let mut ended = false;
    let mut title: Option<String> = None;
    let mut in_title = false;
    {
        let mut emitter = DefaultEmitter::default();
        // Script and style contents are text, not tags.
        emitter.naively_switch_states(true);
        let tokens = Tokenizer::new_with_emitter(IoReader::new(&mut counted), emitter);
        for token in tokens {
            let token = match token {
                Ok(token) => token,
                Err(e) => {
                    head.read_error = Some(e.to_string());
                    break;
                }
            };
            match token {
                Token::StartTag(tag) => {
                    let name = tag.name.to_ascii_lowercase();
                    if !HEAD_ELEMENTS.contains(&name.as_slice()) {
                        ended = true;
                        break;
                    }
                    let attr = |n: &[u8]| {
                        tag.attributes
                            .get(n)
                            .map(|v| String::from_utf8_lossy(v).trim().to_owned())
                    };
                    match name.as_slice() {
                        b"title" if title.is_none() => {
                            in_title = true;
                            title = Some(String::new());
                        }
                        b"link" => {
                            let canonical = attr(b"rel").is_some_and(|rel| {
                                rel.split_ascii_whitespace()
                                    .any(|t| t.eq_ignore_ascii_case("canonical"))
                            });
                            let href = attr(b"href").filter(|h| !h.is_empty());
                            match (canonical, href, &head.canonical) {
                                (true, Some(href), None) => head.canonical = Some(href),
                                (true, Some(href), Some(first))
                                    if href != *first && !head.other_canonicals.contains(&href) =>
                                {
                                    head.other_canonicals.push(href)
                                }
                                _ => {}
                            }
                        }
                        b"meta" if head.robots.is_none() => {
                            let robots = attr(b"name").is_some_and(|n| {
                                n.eq_ignore_ascii_case("robots")
                                    || n.eq_ignore_ascii_case("googlebot")
                            });
                            if robots {
                                head.robots = attr(b"content");
                            }
                        }
                        b"base" if head.base.is_none() => head.base = attr(b"href"),
                        _ => {}
                    }
                }
                Token::EndTag(tag) if tag.name.eq_ignore_ascii_case(b"head") => {
                    ended = true;
                    break;
                }
                Token::EndTag(tag) if tag.name.eq_ignore_ascii_case(b"title") => in_title = false,
                Token::String(text) if in_title => {
                    if let Some(t) = title.as_mut() {
                        t.push_str(&String::from_utf8_lossy(&text));
                    }
                }
                _ => {}
            }
        }
    }
    head.title = title
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|t| !t.is_empty());
    head.bytes = counted.bytes;
    head.truncated = !ended && counted.bytes >= cap;
    head
}

struct Counting<R> {
    inner: R,
    bytes: u64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            match self.inner.read(buf) {
                Ok(n) => {
                    self.bytes += n as u64;
                    return Ok(n);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }
}

/// The target of the first `rel="canonical"` link in `Link` header values (RFC 8288 §3), as
/// written.
///
/// ```
/// use urlkit_sources::check::link_canonical;
/// let v = r#"<https://a.test/x?a=1,2>; rel="preload", <https://a.test/%e9%81%8b/>; rel="canonical""#;
/// assert_eq!(link_canonical([v]).as_deref(), Some("https://a.test/%e9%81%8b/"));
/// assert_eq!(link_canonical(["<https://a.test/>; rel=next"]), None);
/// ```
pub fn link_canonical<'a>(values: impl IntoIterator<Item = &'a str>) -> Option<String> {
    for value in values {
        let mut rest = value;
        while let Some(open) = rest.find('<') {
            let after = &rest[open + 1..];
            let close = after.find('>')?;
            let target = &after[..close];
            let params_end = next_link(&after[close + 1..]);
            let params = &after[close + 1..close + 1 + params_end];
            let canonical = params.split(';').any(|p| {
                let Some((k, v)) = p.split_once('=') else {
                    return false;
                };
                k.trim().eq_ignore_ascii_case("rel")
                    && v.trim()
                        .trim_matches('"')
                        .split_ascii_whitespace()
                        .any(|t| t.eq_ignore_ascii_case("canonical"))
            });
            if canonical {
                return Some(target.trim().to_owned());
            }
            rest = &after[close + 1 + params_end..];
        }
    }
    None
}

/// The length of a link's parameters: up to the next `,` outside a quoted string.
fn next_link(params: &str) -> usize {
    let mut quoted = false;
    for (i, c) in params.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => return i,
            _ => {}
        }
    }
    params.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_ends_at_the_body_and_the_cap_is_kept() {
        let html = "<html><head><title>x</title></head><body>".to_string() + &"y".repeat(5 << 20);
        let head = read_head(html.as_bytes(), 1 << 20);
        assert!(!head.truncated && head.bytes <= 1 << 20);
        assert_eq!(head.canonical, None);
        let html = "<head><meta name=a>".to_string()
            + &"<meta name=b>".repeat(100_000)
            + "<link rel=canonical href=/x>";
        let head = read_head(html.as_bytes(), 64 * 1024);
        assert!(head.truncated);
        assert_eq!(head.bytes, 64 * 1024);
        assert_eq!(head.canonical, None);
    }

    /// A reader that gives `data` and then fails (after an interrupted read on the way).
    struct Failing<'a> {
        data: &'a [u8],
        interrupted: bool,
    }

    impl Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if !self.interrupted {
                self.interrupted = true;
                return Err(std::io::ErrorKind::Interrupted.into());
            }
            if self.data.is_empty() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "timed out reading response",
                ));
            }
            let n = buf.len().min(self.data.len()).min(7);
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_read_that_fails_before_the_head_ends_is_said() {
        let head = read_head(
            Failing {
                data: b"<html><head><title>slow",
                interrupted: false,
            },
            1 << 20,
        );
        assert_eq!(
            head.read_error.as_deref(),
            Some("timed out reading response")
        );
        assert_eq!(head.bytes, 23);
        // A head that ended before the failure is whole.
        let head = read_head(
            Failing {
                data: b"<head><link rel=canonical href=/c></head><body>",
                interrupted: false,
            },
            1 << 20,
        );
        assert_eq!(head.read_error, None);
        assert_eq!(head.canonical.as_deref(), Some("/c"));
    }

    #[test]
    fn base_and_first_canonical() {
        let head = read_head(
            &b"<base href='https://b.test/d/'><link rel=canonical href='c'><link rel=canonical href=z>"[..],
            1024,
        );
        assert_eq!(head.base.as_deref(), Some("https://b.test/d/"));
        assert_eq!(head.canonical.as_deref(), Some("c"));
        assert_eq!(head.other_canonicals, ["z"]);
        let head = read_head(
            &b"<meta name=Robots content='noindex, follow'><link rel=canonical href=c><link rel=canonical href=c>"[..],
            1024,
        );
        assert_eq!(head.robots.as_deref(), Some("noindex, follow"));
        assert!(head.other_canonicals.is_empty());
        // A canonical in the body does not count: it is not the page's (RFC 6596 §5).
        let head = read_head(&b"<p>hi<link rel=canonical href=/x>"[..], 1024);
        assert_eq!(head.canonical, None);
    }

    #[test]
    fn link_header_parameters() {
        assert_eq!(
            link_canonical([r#"<a>; title="x, y"; rel=canonical"#]).as_deref(),
            Some("a")
        );
        assert_eq!(
            link_canonical(["<a>; rel=\"alternate\"", "<b>; REL=\"Canonical\""]).as_deref(),
            Some("b")
        );
    }
}
