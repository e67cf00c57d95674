//! `missing-scheme` (U0107): a reference that starts with a host name, as if `https://` had
//! been dropped (`example.com/a`, `www.example.com`, `example.com:8080/a`).

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0107",
    name: "missing-scheme",
    family: Family::Correctness,
    level: Severity::Error,
    summary: "a host name with no scheme before it ('example.com/a' for 'https://example.com/a')",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports a reference without a scheme or `//` whose first segment is a host \
               name: `www.` and a name, two or more dot-separated labels of letters, digits \
               and `-` ending in a label of letters (`example.com`), `localhost`, or a dotted \
               IPv4 address; and `example.com:8080/a`, which RFC 3986 reads as the scheme \
               `example.com`. A name whose last label is a common file extension \
               (`index.html`, `app.js`) is a file, unless it starts with `www.` or has three \
               labels or more.",
        why: "Without `https://` the text is a relative path: resolved against the page that \
              links it, `example.com/a` becomes `https://site/dir/example.com/a` (a 404 on the \
              linking site), `new URL()` throws, and a crawler drops it. People paste host \
              names this way into CMS fields, spreadsheets and sitemaps.",
        example: "example.com/a",
        use_instead: "https://example.com/a",
        fix_safety: "Unsafe: the fix writes `https://` before the host, a guess (the site may \
                     serve only `http`).",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986#section-4.2",
            "https://url.spec.whatwg.org/#missing-scheme-non-relative-url",
        ],
    },
};

/// File extensions that are also top-level domains (`.pl`, `.rs`, `.sh`, `.md`) or look like
/// one: a name ending in one of them is a file name unless more says it is a host.
const FILE_EXTENSIONS: &[&str] = &[
    "html", "htm", "xhtml", "shtml", "php", "asp", "aspx", "jsp", "cgi", "pl", "py", "rb", "rs",
    "go", "js", "mjs", "ts", "css", "json", "xml", "txt", "md", "csv", "tsv", "pdf", "png", "jpg",
    "jpeg", "gif", "svg", "webp", "ico", "zip", "gz", "tar", "tgz", "bz", "xz", "exe", "dll", "so",
    "bin", "sh", "bat", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "mp", "mov", "wav", "avi",
    "mkv", "webm", "woff", "ttf", "otf", "map", "yml", "yaml", "toml", "ini", "cfg", "conf", "log",
    "bak", "tmp", "lock", "jar", "war", "class", "java", "c", "h", "cpp",
];

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    if cx.split.authority.is_some() {
        return;
    }
    let input = cx.input;
    let end = match &cx.split.scheme {
        // `example.com:8080/a`: the "scheme" is a host and the rest starts with a port.
        Some(r) => {
            let rest = &input[r.end + 1..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let after = rest.as_bytes().get(digits);
            if digits == 0 || !matches!(after, None | Some(b'/' | b'?' | b'#')) {
                return;
            }
            r.end
        }
        None => input.find(['/', '?', '#']).unwrap_or(input.len()),
    };
    let name = &input[..end];
    if !is_host_name(name) {
        return;
    }
    out.push(
        diag(
            &INFO,
            cx,
            0..end,
            format!(
                "'{name}' is a host name with no scheme before it: without 'https://' this is a \
                 relative path"
            ),
        )
        .fix(format!("https://{name}"), Applicability::Unsafe),
    );
}

/// Whether `name` is a host name as people write one: see the rule's doc.
fn is_host_name(name: &str) -> bool {
    if name.eq_ignore_ascii_case("localhost") {
        return true;
    }
    let labels: Vec<&str> = name.split('.').collect();
    if labels.len() < 2 {
        return false;
    }
    let ldh = |l: &&str| {
        !l.is_empty()
            && l.len() <= 63
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    if !labels.iter().all(ldh) {
        return false;
    }
    if labels.len() == 4
        && labels
            .iter()
            .all(|l| l.len() <= 3 && l.parse::<u8>().is_ok())
    {
        return true;
    }
    let last = labels[labels.len() - 1];
    if last.len() < 2 || !last.bytes().all(|b| b.is_ascii_alphabetic()) {
        return false;
    }
    let www = labels[0].eq_ignore_ascii_case("www");
    let file = FILE_EXTENSIONS.iter().any(|e| e.eq_ignore_ascii_case(last));
    !file || www || labels.len() >= 3
}

#[cfg(test)]
mod tests {
    use super::is_host_name;

    #[test]
    fn host_names() {
        for yes in [
            "example.com",
            "www.example.pl",
            "a.b.rs",
            "localhost",
            "192.0.2.1",
            "xn--r8jz45g.jp",
        ] {
            assert!(is_host_name(yes), "{yes}");
        }
        for no in [
            "index.html",
            "app.js",
            "a",
            "v1.2",
            "..",
            "a..b",
            "-a.com",
            "readme.md",
            "1.2.3",
        ] {
            assert!(!is_host_name(no), "{no}");
        }
    }
}
