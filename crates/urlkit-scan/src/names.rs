//! What a name in the code says: a URL (`url_name`), a normalizer (`normalizer_name`), a
//! comparison key (`key_name`). Names are split into lowercase tokens at case changes and
//! non-alphanumerics (`normalizeURL` is `normalize`, `url`).

pub(crate) fn tokens(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        cur.extend(c.to_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

const NOT_A_URL: &[&str] = &[
    "key",
    "keys",
    "norm",
    "normalized",
    "normalised",
    "count",
    "len",
    "length",
    "id",
    "ids",
    "status",
    "code",
    "type",
    "text",
    "title",
    "host",
    "hostname",
    "scheme",
    "netloc",
    "port",
    "query",
    "fragment",
    "ok",
    "valid",
    "is",
    "has",
    "exists",
    "found",
    "params",
    "param",
    "label",
    "kind",
    "error",
    "err",
    "pattern",
    "re",
    "regex",
    "rel",
    "target",
    "prefix",
    "template",
    "format",
    "index",
    "idx",
    "parts",
];

pub(crate) fn url_name(name: &str, slugs: bool) -> bool {
    let t = tokens(name);
    if t.iter().any(|x| NOT_A_URL.contains(&x.as_str())) {
        return false;
    }
    t.iter().any(|x| {
        matches!(
            x.as_str(),
            "uri"
                | "uris"
                | "href"
                | "hrefs"
                | "link"
                | "links"
                | "permalink"
                | "permalinks"
                | "loc"
                | "locs"
                | "canonical"
        ) || x.ends_with("url")
            || x.ends_with("urls")
            || (slugs && matches!(x.as_str(), "slug" | "slugs"))
    })
}

/// Whether a function's name says it normalizes (or makes a comparison key).
pub(crate) fn normalizer_name(name: &str) -> bool {
    let t = tokens(name);
    if t.first().is_some_and(|f| {
        matches!(
            f.as_str(),
            "check"
                | "is"
                | "has"
                | "extract"
                | "find"
                | "get"
                | "read"
                | "fetch"
                | "parse"
                | "load"
                | "test"
                | "validate"
                | "assert"
                | "report"
                | "print"
                | "show"
        )
    }) {
        return false;
    }
    let l: String = t.concat();
    l.contains("normaliz")
        || l.contains("normalis")
        || l.contains("canon")
        || l.starts_with("norm")
        || t.last().is_some_and(|x| x == "key")
}

pub(crate) fn key_name(name: &str) -> bool {
    let t = tokens(name);
    t.iter()
        .any(|x| x == "key" || x == "keys" || x.starts_with("normali") || x == "norm")
}
