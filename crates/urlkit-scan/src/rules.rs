//! The rule registry: codes, names and documentation of every scan rule.

/// A rule's documentation, in the shape of the lint rules' pages.
///
/// ```
/// let r = urlkit_scan::rule("S003").expect("S003 is a rule");
/// assert!(r.doc.why.contains("%2F"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleDoc {
    /// What the rule finds.
    pub what: &'static str,
    /// Why it matters.
    pub why: &'static str,
    /// How to fix it.
    pub fix: &'static str,
    /// Code that the rule reports (its language first, then a line feed and the code).
    pub bad: &'static str,
    /// The same code written so that the rule is quiet.
    pub good: &'static str,
    /// Specifications and documentation the rule is based on.
    pub references: &'static [&'static str],
}

/// One scan rule.
///
/// ```
/// let r = urlkit_scan::rule("unnormalized-comparison").expect("a rule's name finds it");
/// assert_eq!(r.code, "S001");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleInfo {
    /// The stable code (`S001`); never reused.
    pub code: &'static str,
    /// The kebab-case name.
    pub name: &'static str,
    /// `error` or `warning` (SARIF's levels).
    pub level: &'static str,
    /// One line: what it finds.
    pub summary: &'static str,
    /// The documentation.
    pub doc: RuleDoc,
}

impl RuleInfo {
    /// The rule's documentation as `urlkit scan --explain` prints it.
    ///
    /// ```
    /// let text = urlkit_scan::rule("S001").expect("a rule").explain();
    /// assert!(text.starts_with("S001 unnormalized-comparison"));
    /// ```
    pub fn explain(&self) -> String {
        let d = &self.doc;
        let mut s = format!(
            "{} {} ({})\n{}\n\nWhat it does\n  {}\n\nWhy\n  {}\n\nFix\n  {}\n\nReported\n",
            self.code, self.name, self.level, self.summary, d.what, d.why, d.fix
        );
        for line in d.bad.lines() {
            s.push_str("  ");
            s.push_str(line);
            s.push('\n');
        }
        s.push_str("\nNot reported\n");
        for line in d.good.lines() {
            s.push_str("  ");
            s.push_str(line);
            s.push('\n');
        }
        s.push_str("\nReferences\n");
        for r in d.references {
            s.push_str("  ");
            s.push_str(r);
            s.push('\n');
        }
        s
    }
}

const RFC_NORMALIZE: &str = "https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2";
const RFC_ENCODE: &str = "https://www.rfc-editor.org/rfc/rfc3986#section-2.1";
const RFC_COMPONENTS: &str = "https://www.rfc-editor.org/rfc/rfc3986#section-3";
const RFC_DOUBLE: &str = "https://www.rfc-editor.org/rfc/rfc3986#section-2.4";
const RFC_IRI: &str = "https://www.rfc-editor.org/rfc/rfc3987#section-3.1";
const PY_QUOTE: &str = "https://docs.python.org/3/library/urllib.parse.html#urllib.parse.quote";
const MDN_ENCODE_URI: &str =
    "https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/encodeURI";

static RULES: [RuleInfo; 7] = [
    RuleInfo {
        code: "S001",
        name: "unnormalized-comparison",
        level: "warning",
        summary: "URLs compared with ==, !=, in, includes(), in_array() or a set lookup without one shared normalizer on both sides",
        doc: RuleDoc {
            what: "Finds an equality or membership test where one side is a URL (a name such as `url`, `link`, `href`, `slug`, a value read from a `link` or `loc` field, or a loop over such values) and the sides did not both go through the same normalization function first.",
            why: "One page has many spellings: `%E9%81%8B` and `%e9%81%8b` are the same bytes (RFC 3986 6.2.2.1), and a sitemap may list it raw (`運`). A plain string comparison calls them different pages, so a page that exists is reported missing. A different normalizer on each side, or an ad-hoc `.lower()`, only moves the mismatch.",
            fix: "Pass both sides through the project's one normalization function (`normalize_url(a) == normalize_url(b)`), or keep a set of normalized keys and look up the normalized value.",
            bad: "python\nif post['link'] == sitemap_url:\n    matched += 1",
            good: "python\nif normalize_url(post['link']) == normalize_url(sitemap_url):\n    matched += 1",
            references: &[RFC_NORMALIZE],
        },
    },
    RuleInfo {
        code: "S002",
        name: "several-normalizers",
        level: "warning",
        summary: "more than one URL normalization routine in the same project",
        doc: RuleDoc {
            what: "Finds every routine that normalizes URLs (a function named for normalizing or canonicalizing that changes case or escapes, or any code holding a percent-triplet pattern such as `%[0-9A-Fa-f]{2}`) when the project has more than one that does not call another.",
            why: "When each source or check writes its own normalization, one path upper-cases the hex and the other does not: the same URL matches in one place and not in the other. This was the root cause of the mismatch this rule is named after.",
            fix: "Keep one normalization function in one module and call it from every place that compares URLs; delete the copies.",
            bad: "python\ndef normalize(u):\n    return PCT.sub(lambda m: m.group(0).upper(), u)\n\ndef check_canonical(page, canonical):\n    return re.sub(r'%[0-9a-f]{2}', lambda m: m.group(0).upper(), page) == canonical",
            good: "python\ndef normalize(u):\n    return PCT.sub(lambda m: m.group(0).upper(), u)\n\ndef check_canonical(page, canonical):\n    return normalize(page) == normalize(canonical)",
            references: &[RFC_NORMALIZE],
        },
    },
    RuleInfo {
        code: "S003",
        name: "decode-as-key",
        level: "warning",
        summary: "unquote, decodeURIComponent, urldecode or PathUnescape used to build a comparison key",
        doc: RuleDoc {
            what: "Finds a percent-decoding call whose result is compared, or that is made inside a normalization or key function.",
            why: "Decoding collapses what RFC 3986 keeps apart: `/a%2Fb/` (one segment holding a slash) and `/a/b/` (two segments) decode to the same text, and `unquote_plus` or `urldecode` also turn `+` into a space. Two different resources then share a key. Decoding is safe only where no value can hold an encoded delimiter, and the code does not say so.",
            fix: "Normalize without decoding: upper-case the hex of each escape, decode only the unreserved characters (letters, digits, `-._~`), and encode raw non-ASCII text to UTF-8 escapes; `urlkit normalize` does exactly this.",
            bad: "python\ndef match_key(url):\n    return unquote(url)",
            good: "python\ndef match_key(url):\n    return normalize_percent_encoding(quote(url, safe=SAFE_AND_PERCENT))",
            references: &[RFC_NORMALIZE, RFC_DOUBLE],
        },
    },
    RuleInfo {
        code: "S004",
        name: "path-encoder-on-component",
        level: "warning",
        summary: "quote() with its default safe='/' on a query value, encodeURI() or PathEscape() on one component",
        doc: RuleDoc {
            what: "Finds `quote(value)` without a `safe=` argument, `url.PathEscape(value)` written after a `?`, and `encodeURI(value)` concatenated into a URL.",
            why: "These encoders are made for a path or a whole URL, so they leave delimiters raw: `quote` leaves `/`, Go's `PathEscape` leaves `&`, `=` and `+`, and `encodeURI` leaves `?`, `&`, `=`, `#` and `/`. In one query value or path segment a raw delimiter splits the value or starts another parameter, and the bytes differ from what a form encoder writes for the same value.",
            fix: "Encode each component with its own encoder: `quote(value, safe='')` or `urlencode()` in Python, `encodeURIComponent()` or `URLSearchParams` in JavaScript, `url.QueryEscape()` or `url.Values` in Go.",
            bad: "python\nurl = 'https://example.com/search?q=' + quote(term)",
            good: "python\nurl = 'https://example.com/search?' + urlencode({'q': term})",
            references: &[RFC_COMPONENTS, PY_QUOTE, MDN_ENCODE_URI],
        },
    },
    RuleInfo {
        code: "S005",
        name: "component-encoder-on-url",
        level: "error",
        summary: "encodeURIComponent(), quote(), urlencode() or QueryEscape() on a whole URL that is then requested or used as one",
        doc: RuleDoc {
            what: "Finds a component encoder applied to a whole URL (a URL-named value or a literal with a scheme) whose result is requested or kept as the URL, not put into another URL's query.",
            why: "A component encoder escapes the delimiters that make a URL a URL: `https://example.com/a` becomes `https%3A%2F%2Fexample.com%2Fa` (or `https%3A//example.com/a` with `quote`), which is no longer an absolute URL. The request goes to a relative path or fails.",
            fix: "Encode the parts before joining them, or use the whole-URL encoder (`encodeURI`, `quote(url, safe=\":/?#[]@!$&'()*+,;=%\")`) on text that is already a URL.",
            bad: "javascript\nfetch(encodeURIComponent(url))",
            good: "javascript\nfetch(encodeURI(url))",
            references: &[RFC_COMPONENTS, MDN_ENCODE_URI],
        },
    },
    RuleInfo {
        code: "S006",
        name: "double-encoding",
        level: "error",
        summary: "a value encoded twice: urlencode(quote(x)), encodeURIComponent(encodeURIComponent(x)), an encoded value handed to a query builder",
        doc: RuleDoc {
            what: "Finds an encoder called on the result of an encoder, and an already encoded value handed to a builder that encodes it again (`urlencode()`, `http_build_query()`, `URLSearchParams`, `searchParams.set()`, `url.Values.Set()`, `requests`' `params=`).",
            why: "The second encoding escapes the first one's `%`: `運` becomes `%25E9%2581%258B`, which the server decodes once to the text `%E9%81%8B`, not to the character. The page is not found, or the value is stored with escapes in it.",
            fix: "Encode once, as late as possible: hand the raw value to the builder.",
            bad: "python\nquery = urlencode({'tag': quote(tag)})",
            good: "python\nquery = urlencode({'tag': tag})",
            references: &[RFC_DOUBLE],
        },
    },
    RuleInfo {
        code: "S007",
        name: "raw-non-ascii-request",
        level: "error",
        summary: "a request to a URL that can hold raw non-ASCII text (a literal, or text joined in) without quote(), encodeURI() or an encoder",
        doc: RuleDoc {
            what: "Finds a request (`urlopen`, `urllib.request.Request`, `requests.get` and its siblings, `httpx`, `fetch`, `axios`, `file_get_contents`, `curl_init`, `CURLOPT_URL`, Go's `http.Get`, `http.NewRequest`) whose URL is a literal with non-ASCII text, or is joined from text (a slug, a tag name, a title) that no encoder went over.",
            why: "An HTTP request line is ASCII. Python's urllib raises `UnicodeEncodeError` on `https://example.com/tag/ログイン/`; other clients send the bytes of whichever charset they have, or encode a space as-is and break the request line.",
            fix: "Encode the text before it is joined: `quote(slug)` in Python, `encodeURIComponent(slug)` in JavaScript, `rawurlencode($slug)` in PHP, `url.PathEscape(slug)` in Go; or encode the whole IRI once (`encodeURI`).",
            bad: "python\nurlopen('https://example.com/tag/' + tag + '/')",
            good: "python\nurlopen('https://example.com/tag/' + quote(tag) + '/')",
            references: &[RFC_IRI, RFC_ENCODE],
        },
    },
];

/// Every rule, in code order.
///
/// ```
/// let all = urlkit_scan::rules();
/// assert!(all.windows(2).all(|w| w[0].code < w[1].code));
/// ```
pub fn rules() -> &'static [RuleInfo] {
    &RULES
}

/// The rule with this code or name (case-insensitive code), if there is one.
///
/// ```
/// assert_eq!(urlkit_scan::rule("s006").map(|r| r.name), Some("double-encoding"));
/// assert!(urlkit_scan::rule("U0101").is_none());
/// ```
pub fn rule(code_or_name: &str) -> Option<&'static RuleInfo> {
    RULES
        .iter()
        .find(|r| r.code.eq_ignore_ascii_case(code_or_name) || r.name == code_or_name)
}

/// The registry entry of a code the checks use.
pub(crate) fn info(code: &str) -> &'static RuleInfo {
    rule(code).expect("invariant: checks only report codes of the registry")
}
