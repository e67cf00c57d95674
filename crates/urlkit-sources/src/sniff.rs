//! Telling a source's format by its first bytes, for a source whose name says none (stdin, a
//! file without a known extension, a bare file name given to a line command).

use crate::lines::{not_a_url, BOM};
use crate::spec::Format;

/// Header names recognised as the URL column of a CSV or TSV (ASCII case-insensitive).
pub(crate) const URL_HEADERS: [&str; 7] =
    ["url", "loc", "link", "href", "permalink", "uri", "address"];

/// A format told by content, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sniffed {
    pub(crate) format: Format,
    /// What in the content told it, for the note that says so (empty for text, the format
    /// left when nothing else matched).
    pub(crate) why: &'static str,
}

/// The format of content whose first bytes are `head`.
///
/// # Rationale
///
/// gzip was inflated before, so a compressed list is told by what it holds. A sitemap starts
/// as XML does (`<?xml`, a comment, a doctype) or with its root, `<urlset` or
/// `<sitemapindex`; never a URL in angle brackets (`<https://a/>`, RFC 3986 Appendix C) or a
/// line of HTML in a list. The sitemap reader checks the root. A JSON array whose head mentions `"link"` is WordPress's REST shape; any
/// other `[` or `{` is JSON. A table is CSV (or TSV) only when its first line is a header
/// naming a URL column (`url`, `link`, `permalink`, ...) and is not a URL itself: commas are
/// common in URLs, and a list of bad URLs has blanks and tabs inside lines, so cells that look
/// like URLs prove nothing. Anything else is text, one URL a line.
pub(crate) fn sniff(head: &[u8]) -> Sniffed {
    let decoded;
    let head = match utf16_bom(head) {
        Some(encoding) => {
            decoded = encoding.decode_with_bom_removal(head).0.into_owned();
            decoded.as_bytes()
        }
        None => head.strip_prefix(BOM).unwrap_or(head),
    };
    let start = head.iter().position(|b| !b.is_ascii_whitespace());
    let rest = start.and_then(|i| head.get(i..)).unwrap_or_default();
    match rest.first() {
        Some(b'<') if starts_xml(rest) => Sniffed {
            format: Format::Sitemap,
            why: "it starts as a sitemap does (an XML declaration or <urlset>)",
        },
        Some(b'[') if json_prefix(rest) && memchr::memmem::find(head, b"\"link\"").is_some() => {
            Sniffed {
                format: Format::WordPress,
                why: "it is a JSON array whose first items have \"link\"",
            }
        }
        Some(b'[' | b'{') if json_prefix(rest) => Sniffed {
            format: Format::Json,
            why: "it starts with [ or {",
        },
        _ => table(head).unwrap_or(Sniffed {
            format: Format::Text,
            why: "",
        }),
    }
}

/// Whether `head` is JSON, or the start of it (it ends before its first value does): a line
/// of a list that starts with `[` or `{` (`[::1]`, `{x}`) is not.
fn json_prefix(head: &[u8]) -> bool {
    let mut values =
        serde_json::Deserializer::from_slice(head).into_iter::<serde::de::IgnoredAny>();
    match values.next() {
        Some(Ok(_)) => true,
        Some(Err(e)) => e.is_eof(),
        None => false,
    }
}

/// UTF-16 when `head` starts with its byte order mark.
pub(crate) fn utf16_bom(head: &[u8]) -> Option<&'static encoding_rs::Encoding> {
    match head {
        [0xFF, 0xFE, ..] => Some(encoding_rs::UTF_16LE),
        [0xFE, 0xFF, ..] => Some(encoding_rs::UTF_16BE),
        _ => None,
    }
}

/// Whether `rest` (starting with `<`) starts as a sitemap does: an XML declaration
/// (`<?xml`), a comment or doctype (`<!`), or the start tag of `<urlset>` or
/// `<sitemapindex>` (with a namespace prefix or not) followed by a blank, `>` or `/`.
fn starts_xml(rest: &[u8]) -> bool {
    if rest.starts_with(b"<?xml") || rest.starts_with(b"<!") {
        return true;
    }
    let name_len = rest[1..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || b"._:-".contains(b))
        .count();
    let name = &rest[1..1 + name_len];
    let local = name
        .iter()
        .rposition(|&b| b == b':')
        .map_or(name, |colon| &name[colon + 1..]);
    let ends = matches!(
        rest.get(1 + name_len),
        Some(b' ' | b'\t' | b'\r' | b'\n' | b'>' | b'/')
    );
    ends && (local == b"urlset" || local == b"sitemapindex")
}

/// CSV or TSV, when the first lines of `head` are a table of URLs (see [`sniff`]).
fn table(head: &[u8]) -> Option<Sniffed> {
    let line = head
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .find(|l| !l.iter().all(u8::is_ascii_whitespace))?;
    let is_url = std::str::from_utf8(line).is_ok_and(|l| not_a_url(l.trim()).is_none());
    for (delimiter, format) in [(b'\t', Format::Tsv), (b',', Format::Csv)] {
        let first = cells(line, delimiter);
        if first.len() < 2 {
            continue;
        }
        let header = first
            .iter()
            .any(|c| URL_HEADERS.iter().any(|h| c.trim().eq_ignore_ascii_case(h)));
        if header && !is_url {
            return Some(Sniffed {
                format,
                why: match format {
                    Format::Tsv => "its first line is a tab-separated header naming a URL column",
                    _ => "its first line is a comma-separated header naming a URL column",
                },
            });
        }
    }
    None
}

/// The cells of one line (RFC 4180 quotes), as the CSV reader reads them.
fn cells(line: &[u8], delimiter: u8) -> Vec<String> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(line);
    let mut record = csv::ByteRecord::new();
    match reader.read_byte_record(&mut record) {
        Ok(true) => record
            .iter()
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format(head: &str) -> Format {
        sniff(head.as_bytes()).format
    }

    #[test]
    fn xml_is_markup_never_a_url_in_angle_brackets() {
        assert_eq!(format("<?xml version=\"1.0\"?><urlset>"), Format::Sitemap);
        assert_eq!(format("\u{FEFF}\n  <urlset xmlns=\"x\">"), Format::Sitemap);
        assert_eq!(format("<!-- generator -->"), Format::Sitemap);
        assert_eq!(format("<sm:urlset>"), Format::Sitemap);
        assert_eq!(format("<sitemapindex>"), Format::Sitemap);
        assert_eq!(format("<br/>"), Format::Text);
        assert_eq!(format("<script>alert(1)</script>\n"), Format::Text);
        assert_eq!(format("<https://example.com/>\n"), Format::Text);
        assert_eq!(format("<urlsetx>"), Format::Text);
        assert_eq!(format("<>"), Format::Text);
    }

    #[test]
    fn json_and_wordpress() {
        assert_eq!(
            format("[{\"id\":1,\"link\":\"https://a/\"}]"),
            Format::WordPress
        );
        assert_eq!(format("[\"https://a/\"]"), Format::Json);
        assert_eq!(format("{\"url\":\"https://a/\"}\n"), Format::Json);
        // The start of a document cut by the head.
        assert_eq!(format("{\n  \"data\": [\n"), Format::Json);
        assert_eq!(
            format("[{\"id\": 1, \"link\": \"https://a/"),
            Format::WordPress
        );
        // Lines of a list that start like JSON and are not.
        assert_eq!(format("[::1]/x\n"), Format::Text);
        assert_eq!(format("{x}\nhttps://a/\n"), Format::Text);
    }

    #[test]
    fn tables_need_a_header_naming_a_url_column() {
        assert_eq!(format("url,title\nhttps://a/,A\n"), Format::Csv);
        assert_eq!(format("ID,Title,Permalink\n1,A,https://a/\n"), Format::Csv);
        assert_eq!(
            format("\"Title\",\"URL\"\n\"A, B\",https://a/\n"),
            Format::Csv
        );
        assert_eq!(format("url\ttitle\n"), Format::Tsv);
        // No header naming a URL column: a list, whatever its lines hold (bad URLs have
        // blanks, commas and tabs inside).
        assert_eq!(format("name,page\nHome page,https://a/\n"), Format::Text);
        assert_eq!(format("https://a/,My title\n"), Format::Text);
        assert_eq!(format("https://a/\tA\n"), Format::Text);
        assert_eq!(format("https://a/b, c\n"), Format::Text);
        // Commas inside URLs: a list of URLs.
        assert_eq!(format("https://a/x,y\nhttps://a/p,q\n"), Format::Text);
        assert_eq!(format("https://a/\nhttps://b/\n"), Format::Text);
        // Prose with a comma is not a table of URLs.
        assert_eq!(format("See https://a/, it helps\n"), Format::Text);
        assert_eq!(format(""), Format::Text);
        assert_eq!(format(" \n\t\n"), Format::Text);
    }

    #[test]
    fn utf16_is_read_through_its_bom() {
        let mut head = vec![0xFF, 0xFE];
        for u in "url,title\n".encode_utf16() {
            head.extend_from_slice(&u.to_le_bytes());
        }
        assert_eq!(sniff(&head).format, Format::Csv);
    }
}
