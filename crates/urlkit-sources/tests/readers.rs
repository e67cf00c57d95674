//! The readers on fixture files (`tests/fixtures/`) and on generated inputs (gzip, bombs, the
//! protocol's 50,000-URL limit).

use std::io::Write;
use std::path::{Path, PathBuf};

use urlkit_sources::{
    Catalog, Effect, Finding, Position, Reader, Record, SourceError, SourceErrorKind, SourceSpec,
};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn read_with(reader: Reader<'_>, spec: &str) -> (Result<Vec<Record>, SourceError>, Catalog) {
    let mut reader = reader;
    let mut out = Vec::new();
    let spec = SourceSpec::parse(spec).unwrap();
    let result = reader.read(&spec, &mut |r| out.push(r)).map(|()| out);
    (result, reader.into_catalog())
}

fn read(spec: &str) -> (Result<Vec<Record>, SourceError>, Catalog) {
    read_with(Reader::new(), spec)
}

fn urls(records: &[Record]) -> Vec<&str> {
    records.iter().map(|r| r.url.as_str()).collect()
}

fn kinds(findings: &[Finding]) -> Vec<&str> {
    findings.iter().map(|f| f.kind.name()).collect()
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(data).unwrap();
    enc.finish().unwrap()
}

#[test]
fn sitemap_amp_resolved_exactly_once() {
    let (r, _) = read(fixture("amp.xml").to_str().unwrap());
    let records = r.unwrap();
    assert_eq!(
        urls(&records),
        [
            "https://example.com/search?a=1&b=2",
            "https://example.com/literal?text=&amp;",
            "https://example.com/%e3%83%ad/",
            "https://example.com/cdata?x=1&y=2",
            "https://example.com/tag/ログインできない/",
        ]
    );
    // Line and column of each <loc>'s text (the column: after `  <url><loc>`).
    assert_eq!(records[0].position.to_string(), "line 3, column 13");
    assert_eq!(records[4].position.to_string(), "line 7, column 13");
}

/// A sitemap written on one line (as many generators write it): each record has its own
/// column, so two records never point at the same place.
#[test]
fn sitemap_on_one_line_gives_each_record_its_column() {
    let dir = tempfile::tempdir().unwrap();
    let mut xml = String::from(
        r#"<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#,
    );
    let mut want = Vec::new();
    for i in 0..3 {
        xml.push_str("<url><loc>");
        want.push(format!("line 1, column {}", xml.len() + 1));
        xml.push_str(&format!("https://example.com/{i}/</loc></url>"));
    }
    xml.push_str("</urlset>");
    let path = dir.path().join("one-line.xml");
    std::fs::write(&path, xml).unwrap();
    let (r, _) = read(path.to_str().unwrap());
    let got: Vec<String> = r.unwrap().iter().map(|r| r.position.to_string()).collect();
    assert_eq!(got, want);
}

#[test]
fn sitemap_raw_ampersand_is_an_error_with_line_and_column() {
    let (r, _) = read(fixture("raw-amp.xml").to_str().unwrap());
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::XmlEscape);
    let (line, col) = e.location.unwrap();
    assert_eq!(line, 4);
    // The '&' of "?a=1&b=2" is the 37th byte of line 4.
    assert_eq!(col, 37, "{e}");
    assert!(e.message.contains("&amp;"), "{e}");
}

#[test]
fn sitemap_billion_laughs_is_refused() {
    let (r, _) = read(fixture("billion-laughs.xml").to_str().unwrap());
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::XmlDtdRefused);
    assert_eq!(e.location.map(|l| l.0), Some(2));
}

#[test]
fn sitemap_syntax_error_has_a_location() {
    let (r, _) = read(fixture("broken.xml").to_str().unwrap());
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::XmlSyntax);
    assert_eq!(e.location.map(|l| l.0), Some(4), "{e}");
}

#[test]
fn sitemap_rejects_other_xml() {
    let (r, _) = read(&format!("sitemap:{}", fixture("rss.xml").display()));
    assert_eq!(r.unwrap_err().kind, SourceErrorKind::NotASitemap);
}

#[test]
fn sitemap_index_follows_local_children_gzip_and_skips_itself() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["index.xml", "wp-sitemap-posts-post-1.xml"] {
        std::fs::copy(fixture(name), dir.path().join(name)).unwrap();
    }
    let page = std::fs::read(fixture("wp-sitemap-posts-page-1.xml")).unwrap();
    std::fs::write(
        dir.path().join("wp-sitemap-posts-page-1.xml.gz"),
        gzip(&page),
    )
    .unwrap();
    let (r, catalog) = read(dir.path().join("index.xml").to_str().unwrap());
    let records = r.unwrap();
    assert_eq!(
        urls(&records),
        [
            "https://example.com/hello-world/",
            "https://example.com/%e6%9d%b1%e4%ba%ac/",
            "https://example.com/運営者情報/",
        ]
    );
    assert_eq!(records[0].kind(), Some("post"));
    assert_eq!(records[2].kind(), Some("page"));
    assert_eq!(kinds(catalog.findings()), ["sitemap-already-visited"]);
    assert_eq!(catalog.sources().len(), 3);
}

#[test]
fn sitemap_index_depth_limit() {
    let dir = tempfile::tempdir().unwrap();
    // a.xml -> b.xml -> c.xml (a urlset): depth 2.
    let index = |child: &str| {
        format!(
            "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\
             <sitemap><loc>https://example.com/{child}</loc></sitemap></sitemapindex>"
        )
    };
    std::fs::write(dir.path().join("a.xml"), index("b.xml")).unwrap();
    std::fs::write(dir.path().join("b.xml"), index("c.xml")).unwrap();
    std::fs::write(
        dir.path().join("c.xml"),
        "<urlset><url><loc>https://example.com/deep</loc></url></urlset>",
    )
    .unwrap();
    let a = dir.path().join("a.xml");
    let (r, catalog) = read_with(
        Reader::new().max_depth(1).allow_empty(),
        a.to_str().unwrap(),
    );
    assert!(r.unwrap().is_empty());
    assert_eq!(kinds(catalog.findings()), ["sitemap-too-deep"]);
    let (r, _) = read_with(Reader::new().max_depth(2), a.to_str().unwrap());
    assert_eq!(urls(&r.unwrap()), ["https://example.com/deep"]);
}

#[test]
fn sitemap_gzip_bomb_is_capped() {
    let dir = tempfile::tempdir().unwrap();
    let mut xml = b"<urlset><url><loc>https://example.com/a</loc></url>".to_vec();
    xml.extend(std::iter::repeat_n(b' ', 8 * 1024 * 1024));
    xml.extend_from_slice(b"</urlset>");
    let packed = gzip(&xml);
    assert!(packed.len() < 64 * 1024);
    let path = dir.path().join("bomb.xml.gz");
    std::fs::write(&path, packed).unwrap();
    let (r, _) = read_with(Reader::new().max_bytes(1024 * 1024), path.to_str().unwrap());
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::TooLarge, "{e}");
    let (r, _) = read_with(
        Reader::new().max_bytes(16 * 1024 * 1024),
        path.to_str().unwrap(),
    );
    assert_eq!(r.unwrap().len(), 1);
}

#[test]
fn sitemap_over_50000_urls_is_a_finding_not_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    let mut xml = String::from("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for i in 0..50_001 {
        xml.push_str(&format!(
            "<url><loc>https://example.com/p/{i}</loc></url>\n"
        ));
    }
    xml.push_str("</urlset>\n");
    let path = dir.path().join("big.xml");
    std::fs::write(&path, xml).unwrap();
    let (r, catalog) = read(path.to_str().unwrap());
    let records = r.unwrap();
    assert_eq!(records.len(), 50_001);
    assert_eq!(
        records[50_000].position.to_string(),
        "line 50002, column 11"
    );
    assert_eq!(kinds(catalog.findings()), ["sitemap-too-many-urls"]);
}

#[test]
fn wordpress_error_body_is_not_an_array() {
    let (r, _) = read(&format!("wp:{}", fixture("wp-error.json").display()));
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::WpNotAnArray);
    assert!(e.message.contains("rest_no_route"), "{e}");
}

#[test]
fn wordpress_link_null_and_missing_are_findings() {
    let (r, catalog) = read(fixture("wp-link-null.json").to_str().unwrap());
    let records = r.unwrap();
    assert_eq!(
        urls(&records),
        [
            "https://example.com/%e9%81%8b/",
            "https://example.com/tag/a/"
        ]
    );
    assert_eq!(records[0].kind(), Some("page"));
    assert_eq!(records[0].position.to_string(), "/1/link");
    assert_eq!(records[1].kind(), Some("post_tag"));
    assert_eq!(
        kinds(catalog.findings()),
        // A `.json` file is told WordPress by its bytes, and that is said.
        [
            "format-detected",
            "wp-item-without-link",
            "wp-item-without-link"
        ]
    );
    assert!(catalog.findings()[1].message.contains("null"));
}

#[test]
fn csv_with_bom_crlf_and_quoted_newlines() {
    let (r, catalog) = read(&format!("csv:{}#url", fixture("bom-crlf.csv").display()));
    let records = r.unwrap();
    assert_eq!(
        urls(&records),
        ["https://example.com/a", "https://example.com/b?x=1,2"]
    );
    // Record 1 starts on line 2 and spans two lines; record 2 starts on line 4.
    assert_eq!(records[0].position.to_string(), "line 2");
    assert_eq!(records[1].position.to_string(), "line 4");
    // The byte order mark is said (the one rule on what surrounds an input); the CRs of the
    // CRLF line ends are line ends, not whitespace around a URL.
    assert_eq!(kinds(catalog.findings()), ["bom-removed", "csv-empty-cell"]);
}

#[test]
fn csv_column_detected_by_header_name() {
    let (r, _) = read(fixture("bom-crlf.csv").to_str().unwrap());
    assert_eq!(r.unwrap().len(), 2);
}

#[test]
fn csv_missing_header_is_an_error_naming_the_headers() {
    let (r, _) = read(&format!("csv:{}#link", fixture("bom-crlf.csv").display()));
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::CsvColumn);
    assert!(e.message.contains("title, url"), "{e}");
}

#[test]
fn tsv_headless_by_index() {
    let (r, _) = read(&format!("tsv:{}#2", fixture("headless.tsv").display()));
    assert_eq!(
        urls(&r.unwrap()),
        ["https://example.com/one", "https://example.com/two"]
    );
}

#[test]
fn text_with_bom_crlf_blank_lines_and_comments() {
    let (r, _) = read(fixture("list.txt").to_str().unwrap());
    let records = r.unwrap();
    assert_eq!(
        urls(&records),
        ["https://example.com/a", "https://example.com/b"]
    );
    assert_eq!(records[1].position.to_string(), "line 4");
}

/// URLs with their positions.
type Listed = Vec<(String, String)>;

/// Lines of every shape a line-at-a-time reading would give: the reference for the block
/// reader.
fn reference_lines(text: &str) -> Listed {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    text.split('\n')
        .enumerate()
        .filter_map(|(i, l)| {
            let url = l.trim();
            (!url.is_empty() && !url.starts_with('#'))
                .then(|| (url.to_string(), format!("line {}", i + 1)))
        })
        .collect()
}

/// Reads `text` as a text file, as records one by one and as blocks of lines.
fn read_text_both_ways(text: &[u8]) -> (Listed, Listed, Catalog) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("list.txt");
    std::fs::write(&path, text).unwrap();
    let spec = format!("text:{}", path.display());
    let (r, _) = read(&spec);
    let one: Listed = r
        .unwrap()
        .into_iter()
        .map(|r| (r.url, r.position.to_string()))
        .collect();
    /// A sink that lists what it gets; when it recycles, it hands the blocks' texts back to
    /// be read over (and garbage the first time).
    struct Collect<'a> {
        listed: &'a mut Listed,
        recycle: Option<Vec<Vec<u8>>>,
    }
    impl urlkit_sources::RecordSink for Collect<'_> {
        fn record(&mut self, r: Record) {
            self.listed.push((r.url, r.position.to_string()));
        }
        fn lines(&mut self, block: urlkit_sources::LineBlock) {
            let (text, records) = block.into_parts();
            for r in records {
                self.listed
                    .push((text[r.url].to_string(), format!("line {}", r.line)));
            }
            if let Some(texts) = &mut self.recycle {
                texts.push(text.into_bytes());
            }
        }
        fn spare(&mut self) -> Vec<u8> {
            match &mut self.recycle {
                Some(texts) => texts.pop().unwrap_or_else(|| vec![b'\n'; 1 << 20]),
                None => Vec::new(),
            }
        }
    }
    let spec = SourceSpec::parse(&spec).unwrap();
    let (mut blocks, mut recycled) = (Vec::new(), Vec::new());
    let mut reader = Reader::new();
    let mut sink = Collect {
        listed: &mut blocks,
        recycle: None,
    };
    reader.read_to(&spec, &mut sink).unwrap();
    let mut sink = Collect {
        listed: &mut recycled,
        recycle: Some(Vec::new()),
    };
    Reader::new().read_to(&spec, &mut sink).unwrap();
    assert!(recycled == blocks, "blocks read over recycled buffers");
    (one, blocks, reader.into_catalog())
}

#[test]
fn text_blocks_split_lines_across_reads_like_one_line_at_a_time() {
    // More than one block (4 MiB), with lines of every shape, one of them longer than a block.
    let mut text = String::from("\u{FEFF}  https://example.com/first \r\n");
    let shapes = [
        "https://example.com/%e9%81%8b/{i}\n",
        "\n",
        "# comment {i}\n",
        "\thttps://example.com/ログイン/{i}\u{3000}\r\n",
        "   \r\n",
        "https://example.com/q?x={i}\n",
    ];
    let mut i = 0;
    while text.len() < 9 << 20 {
        text.push_str(&shapes[i % shapes.len()].replace("{i}", &i.to_string()));
        i += 1;
        if i == 70_000 {
            text.push_str(&format!(
                "https://example.com/{}\n",
                "long".repeat(1_200_000)
            ));
        }
    }
    text.push_str("https://example.com/last-without-newline");
    let (one, blocks, catalog) = read_text_both_ways(text.as_bytes());
    let expected = reference_lines(&text);
    assert_eq!(one.len(), expected.len());
    assert!(one == expected, "one record at a time");
    assert!(blocks == expected, "blocks of lines");
    assert_eq!(catalog.sources()[0].records, expected.len() as u64);
    assert_eq!(
        catalog.sources()[0].kinds,
        vec![(None, expected.len() as u64)]
    );
}

#[test]
fn text_invalid_utf8_is_located_in_any_block() {
    let mut text = Vec::new();
    for i in 0..200_000 {
        text.extend_from_slice(format!("https://example.com/{i}\n").as_bytes());
    }
    text.extend_from_slice(b"https://example.com/ok\nhttps://example.com/\xE9bad\n");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("list.txt");
    std::fs::write(&path, &text).unwrap();
    let (r, catalog) = read(&format!("text:{}", path.display()));
    let records = r.unwrap();
    // The bad line is a finding at its line and column; the lines around it are read.
    assert_eq!(records.len(), 200_001);
    assert_eq!(records.last().unwrap().url, "https://example.com/ok");
    let f = &catalog.findings()[0];
    assert_eq!(
        (f.kind.name(), f.effect),
        ("text-invalid-utf8", Effect::Skipped)
    );
    assert_eq!(f.position, Some(Position::Line(200_002)));
    assert!(f.message.contains("column 21"), "{}", f.message);
    assert!(catalog.skipped_any());
}

#[test]
fn text_invalid_utf8_line_does_not_stop_the_lines_after_it() {
    let (r, catalog) =
        read_text(b"https://example.com/a\nhttps://example.com/\xE9\nhttps://example.com/c\n");
    assert_eq!(
        urls(&r.unwrap()),
        ["https://example.com/a", "https://example.com/c"]
    );
    assert_eq!(
        kinds(catalog.findings()),
        ["text-invalid-utf8", "text-invalid-utf8-lines"]
    );
    assert_eq!(catalog.findings()[1].message, "1 line was not valid UTF-8");
}

#[test]
fn text_prose_lines_are_findings_not_urls() {
    let text = b"# Example site\n\nThis folder holds a saved copy of the site.\nhttps://example.com/a\nREADME.md\n/relative/path\nhttps://example.com/b c\nmailto:a@example.com\n";
    let (r, catalog) = read_text(text);
    assert_eq!(
        urls(&r.unwrap()),
        ["https://example.com/a", "mailto:a@example.com"]
    );
    let skipped: Vec<String> = catalog
        .findings()
        .iter()
        .filter(|f| f.effect == Effect::Skipped && f.position.is_some())
        .map(|f| format!("{}: {}", f.position.as_ref().unwrap(), f.message))
        .collect();
    assert_eq!(
        skipped,
        [
            "line 3: not a URL (it has a blank inside); not joined",
            "line 5: not a URL (it has no scheme (like https:)); not joined",
            "line 6: not a URL (it has no scheme (like https:)); not joined",
            "line 7: not a URL (it has a blank inside); not joined",
        ]
    );
    assert_eq!(
        catalog.findings().last().unwrap().message,
        "4 lines were not URLs"
    );
}

#[test]
fn text_prose_findings_are_listed_up_to_a_limit_and_counted() {
    let text: String = (0..250).map(|i| format!("word{i}\n")).collect();
    let (r, catalog) = read_text(text.as_bytes());
    assert!(r.unwrap().is_empty());
    assert_eq!(catalog.findings().len(), 101);
    assert_eq!(
        catalog.findings()[100].message,
        "250 lines were not URLs (the first 100 are listed)"
    );
}

fn read_text(text: &[u8]) -> (Result<Vec<Record>, SourceError>, Catalog) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("list.txt");
    std::fs::write(&path, text).unwrap();
    read_with(
        Reader::new().allow_empty(),
        &format!("text:{}", path.display()),
    )
}

#[test]
fn json_pointer_with_wildcard() {
    let (r, _) = read(&format!(
        "json:{}#/data/*/url",
        fixture("items.json").display()
    ));
    let records = r.unwrap();
    assert_eq!(
        urls(&records),
        ["https://example.com/a", "https://example.com/b"]
    );
    assert_eq!(records[1].position.to_string(), "/data/1/url");
}

#[test]
fn json_lines_with_pointer() {
    let (r, _) = read(&format!(
        "json:{}#/page/url",
        fixture("items.jsonl").display()
    ));
    let records = r.unwrap();
    assert_eq!(
        urls(&records),
        ["https://example.com/a", "https://example.com/b"]
    );
    assert_eq!(records[1].position.to_string(), "line 3 /page/url");
}

#[test]
fn urls_are_refused_without_a_fetcher() {
    let (r, _) = read("sitemap:https://example.com/sitemap.xml");
    assert_eq!(r.unwrap_err().kind, SourceErrorKind::HttpDisabled);
}

/// Makes a FIFO at `path` and writes `data` into it from a thread (which blocks until the
/// reader opens it).
fn fifo_with(path: &Path, data: Vec<u8>) -> std::thread::JoinHandle<()> {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo failed");
    let path = path.to_owned();
    std::thread::spawn(move || {
        let mut f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        // The reader may stop early on an error; a closed pipe is its business.
        let _ = f.write_all(&data);
    })
}

#[test]
fn fifo_text_source_is_read_once_and_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("list");
    let text: String = (0..1000)
        .map(|i| format!("https://example.com/page/{i:04}/with-some-length\n"))
        .collect();
    assert!(text.len() > 3 * 8192);
    let writer = fifo_with(&path, text.into_bytes());
    let spec = path.to_str().unwrap();
    assert_eq!(
        SourceSpec::parse(spec).unwrap().format,
        None,
        "parsing reads nothing"
    );
    let (r, catalog) = read(spec);
    writer.join().unwrap();
    let records = r.unwrap();
    assert_eq!(records.len(), 1000);
    assert_eq!(
        records[0].url,
        "https://example.com/page/0000/with-some-length"
    );
    assert_eq!(records[999].position.to_string(), "line 1000");
    assert_eq!(catalog.sources()[0].format, urlkit_sources::Format::Text);
}

#[test]
fn fifo_sitemap_is_detected_from_its_first_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("from-a-process");
    let mut xml = String::from(
        "<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for i in 0..500 {
        xml.push_str(&format!("<url><loc>https://example.com/{i}</loc></url>\n"));
    }
    xml.push_str("</urlset>\n");
    let writer = fifo_with(&path, gzip(xml.as_bytes()));
    let (r, catalog) = read(path.to_str().unwrap());
    writer.join().unwrap();
    assert_eq!(r.unwrap().len(), 500);
    assert_eq!(catalog.sources()[0].format, urlkit_sources::Format::Sitemap);
}

#[test]
fn fifo_csv_with_extension_is_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("list.csv");
    let mut csv = String::from("title,url\n");
    for i in 0..1000 {
        csv.push_str(&format!("Title {i},https://example.com/{i}\n"));
    }
    let writer = fifo_with(&path, csv.into_bytes());
    let (r, _) = read(path.to_str().unwrap());
    writer.join().unwrap();
    let records = r.unwrap();
    assert_eq!(records.len(), 1000);
    assert_eq!(records[0].position.to_string(), "line 2");
}

const CUT_SITEMAP: &str = "<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url><loc>https://example.com/a</loc></url>\n<url><loc>https://example.com/b</loc></url>\n<url><loc>https://exam";

fn read_bytes(name: &str, bytes: &[u8]) -> (Result<Vec<Record>, SourceError>, Catalog) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    read(path.to_str().unwrap())
}

#[test]
fn sitemap_cut_inside_a_loc_is_truncated_with_the_count_read() {
    let (r, _) = read_bytes("sitemap.xml", CUT_SITEMAP.as_bytes());
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::XmlTruncated, "{e}");
    assert!(e.message.contains("2 URLs were read before the cut"), "{e}");
}

#[test]
fn sitemap_cut_inside_a_tag_or_after_an_entry_is_truncated() {
    for cut in [
        &CUT_SITEMAP[..CUT_SITEMAP.len() - 18],
        &CUT_SITEMAP[..CUT_SITEMAP.len() - 24],
        "<urlset><url><loc>https://example.com/a</loc></url>\n",
    ] {
        let (r, _) = read_bytes("sitemap.xml", cut.as_bytes());
        let e = r.unwrap_err();
        assert_eq!(e.kind, SourceErrorKind::XmlTruncated, "{cut:?}: {e}");
    }
}

#[test]
fn sitemap_gzip_of_truncated_xml_is_truncated() {
    let (r, _) = read_bytes("sitemap.xml.gz", &gzip(CUT_SITEMAP.as_bytes()));
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::XmlTruncated, "{e}");
}

#[test]
fn sitemap_cut_gzip_stream_is_truncated() {
    let full = format!("{CUT_SITEMAP}ple.com/c</loc></url>\n</urlset>\n");
    let zipped = gzip(full.as_bytes());
    let (r, _) = read_bytes("sitemap.xml.gz", &zipped[..zipped.len() - 12]);
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::XmlTruncated, "{e}");
}

/// Answers every URL with a body that stops where `body` stops.
struct CutBody(&'static str);

impl urlkit_sources::Fetcher for CutBody {
    fn get(&self, url: &str) -> Result<urlkit_sources::Response, urlkit_sources::FetchError> {
        Ok(urlkit_sources::Response::new(
            200,
            url,
            Vec::new(),
            Box::new(self.0.as_bytes()),
        ))
    }
}

#[test]
fn sitemap_response_that_stops_mid_document_is_truncated() {
    let fetcher = CutBody(CUT_SITEMAP);
    let (r, _) = read_with(
        Reader::new().fetcher(&fetcher),
        "https://example.com/sitemap.xml",
    );
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::XmlTruncated, "{e}");
    assert!(e.message.contains("2 URLs were read"), "{e}");
}

#[test]
fn sitemap_invalid_utf8_loc_is_one_rule_in_text_and_cdata() {
    let xml = b"<urlset>\n<url><loc>https://example.com/\xE9</loc></url>\n<url><loc><![CDATA[https://example.com/\xE9]]></loc></url>\n<url><loc>https://example.com/ok</loc></url>\n</urlset>\n";
    let (r, catalog) = read_bytes("sitemap.xml", xml);
    assert_eq!(urls(&r.unwrap()), ["https://example.com/ok"]);
    let found: Vec<_> = catalog
        .findings()
        .iter()
        .map(|f| (f.kind.name(), f.effect, f.position.clone()))
        .collect();
    assert_eq!(
        found,
        [
            (
                "sitemap-invalid-utf8",
                Effect::Skipped,
                Some(Position::Line(2))
            ),
            (
                "sitemap-invalid-utf8",
                Effect::Skipped,
                Some(Position::Line(3))
            ),
        ]
    );
}

#[test]
fn wordpress_out_of_range_number_in_an_unused_field_is_read() {
    let json = br#"[{"id": 1e999, "link": "https://example.com/a/", "type": "post", "meta": {"n": -1e400, "x": [1, 2]}},
 {"link": "https://example.com/b/", "taxonomy": "category", "count": 123456789012345678901234567890}]"#;
    let (r, catalog) = read_bytes("posts.json", json);
    let records = r.unwrap();
    assert_eq!(
        urls(&records),
        ["https://example.com/a/", "https://example.com/b/"]
    );
    assert_eq!(records[0].kind(), Some("post"));
    assert_eq!(records[1].kind(), Some("category"));
    assert_eq!(records[1].position.to_string(), "/1/link");
    assert_eq!(
        catalog.sources()[0].format,
        urlkit_sources::Format::WordPress
    );
}

#[test]
fn wordpress_items_that_are_not_objects_or_have_empty_links_are_findings() {
    let json = br#"[{"link": "https://example.com/a/"}, 3, {"link": ""}, {"link": {"href": "x"}}]"#;
    let (r, catalog) = read_bytes("posts.json", json);
    assert_eq!(urls(&r.unwrap()), ["https://example.com/a/"]);
    let messages: Vec<&str> = catalog
        .findings()
        .iter()
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "read as WordPress REST API responses, told by its first bytes: it is a JSON array \
             whose first items have \"link\" (a prefix such as wp: says it)",
            "item 1 has no \"link\" member; skipped",
            "item 2 has a \"link\" that is not a non-empty string; skipped",
            "item 3 has a \"link\" that is not a non-empty string; skipped",
        ]
    );
}

/// A fetched response past the cap is an error, never a shorter list; the same records in a
/// plain local file are the user's own and read whole.
#[test]
fn a_response_over_the_cap_is_an_error_not_a_shorter_list() {
    let mut xml = String::from("<urlset>");
    for i in 0..2000 {
        xml.push_str(&format!("<url><loc>https://example.com/{i}/</loc></url>"));
    }
    xml.push_str("</urlset>");
    let fetcher = CutBody(Box::leak(xml.into_boxed_str()));
    let (r, _) = read_with(
        Reader::new().fetcher(&fetcher).max_bytes(10_000),
        "https://example.com/sitemap.xml",
    );
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::TooLarge, "{e}");
    let mut json = String::from("[");
    for i in 0..2000 {
        json.push_str(&format!("{{\"link\": \"https://example.com/{i}/\"}},"));
    }
    json.push_str("{\"link\": \"https://example.com/last/\"}]");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("posts.json");
    std::fs::write(&path, &json).unwrap();
    let (r, _) = read_with(Reader::new().max_bytes(10_000), path.to_str().unwrap());
    assert_eq!(r.unwrap().len(), 2001);
}

/// Issue 34 item 4: the cap is a guard against what compression or a server can make of a
/// few bytes; a plain list on disk larger than it is read whole, and its gzip is still capped.
#[test]
fn a_plain_local_list_larger_than_the_cap_is_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for i in 0..100_000 {
        text.push_str(&format!("https://example.com/%E8%A8%98%E4%BA%8B/{i}/\n"));
    }
    assert!(text.len() > 4 * 1024 * 1024);
    let plain = dir.path().join("list.txt");
    std::fs::write(&plain, &text).unwrap();
    let (r, _) = read_with(
        Reader::new().max_bytes(1024 * 1024),
        plain.to_str().unwrap(),
    );
    assert_eq!(r.unwrap().len(), 100_000);
    let packed = dir.path().join("list.txt.gz");
    std::fs::write(&packed, gzip(text.as_bytes())).unwrap();
    let (r, _) = read_with(
        Reader::new().max_bytes(1024 * 1024),
        packed.to_str().unwrap(),
    );
    assert_eq!(r.unwrap_err().kind, SourceErrorKind::TooLarge);
}

#[test]
fn json_lines_bad_record_is_a_finding_and_the_rest_is_read() {
    let jsonl = b"{\"url\": \"https://example.com/a\"}\n{\"url\": \"https://exa\n{\"url\": \"https://example.com/c\", \"n\": 1}\n\n\"https://example.com/d\"\n";
    let (r, catalog) = read_bytes("list.jsonl", jsonl);
    let records = r.unwrap();
    assert_eq!(
        urls(&records),
        [
            "https://example.com/a",
            "https://example.com/c",
            "https://example.com/d"
        ]
    );
    assert_eq!(records[2].position.to_string(), "line 5 /");
    let f = &catalog.findings()[0];
    assert_eq!(
        (f.kind.name(), f.effect),
        ("json-line-invalid", Effect::Skipped)
    );
    assert_eq!(f.position, Some(Position::Line(2)));
    assert_eq!(catalog.findings()[1].message, "1 line was not JSON");
}

#[test]
fn json_document_is_streamed_with_the_pointer_and_defaults() {
    let doc = br#"{"meta": {"url": "https://example.com/not-this"}, "data": [
        {"href": "https://example.com/h", "url": "https://example.com/u", "big": 1e999},
        {"link": "https://example.com/l"}, "https://example.com/s", {"url": 3}, {"none": 1}]}"#;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("doc.json");
    std::fs::write(&file, doc).unwrap();
    let path = |p: &str| format!("json:{}#{p}", file.display());
    let (r, _) = read(&path("/data"));
    let records = r.unwrap();
    assert_eq!(
        urls(&records),
        [
            "https://example.com/u",
            "https://example.com/l",
            "https://example.com/s"
        ]
    );
    let positions: Vec<String> = records.iter().map(|r| r.position.to_string()).collect();
    assert_eq!(positions, ["/data/0/url", "/data/1/link", "/data/2"]);
    let (r, _) = read(&path("/data/1/link"));
    assert_eq!(urls(&r.unwrap()), ["https://example.com/l"]);
    let (r, catalog) = read_with(Reader::new().allow_empty(), &path("/nothing/*"));
    assert!(r.unwrap().is_empty());
    assert_eq!(kinds(catalog.findings()), ["json-no-urls"]);
    let (r, _) = read(&path("/nothing/*"));
    assert_eq!(r.unwrap_err().kind, SourceErrorKind::Empty);
}

#[test]
fn json_document_syntax_error_is_located() {
    let (r, _) = read_bytes(
        "doc.json",
        b"{\"data\": [\n  {\"url\": \"https://example.com/a\"},\n  {\"url\" \"x\"}\n]}\n",
    );
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::JsonSyntax);
    assert_eq!(e.location.map(|l| l.0), Some(3), "{e}");
}

#[test]
fn csv_permalink_header_is_the_url_column_not_the_title() {
    let csv = "title,permalink\nA,https://example.com/料金プラン/\n".as_bytes();
    let (r, catalog) = read_bytes("t.csv", csv);
    assert_eq!(urls(&r.unwrap()), ["https://example.com/料金プラン/"]);
    assert!(catalog.findings().is_empty());
}

#[test]
fn csv_column_chosen_by_content_is_said() {
    let csv = b"title,page,note\nA,https://example.com/a,x\nB,https://example.com/b,https://example.com/n\nC,,y\n";
    let (r, catalog) = read_bytes("t.csv", csv);
    assert_eq!(
        urls(&r.unwrap()),
        ["https://example.com/a", "https://example.com/b"]
    );
    let f = &catalog.findings()[0];
    assert_eq!(
        (f.kind.name(), f.effect),
        ("csv-column-chosen", Effect::Guessed)
    );
    assert_eq!(
        f.message,
        "URLs read from column 2 ('page'): no header names a URL column, and 2 of its first 3 \
         cells are absolute URLs (the first row is a header)"
    );
}

#[test]
fn csv_without_a_url_column_is_an_error() {
    let (r, _) = read_bytes("t.csv", b"title,slug\nA,about\nB,contact\n");
    let e = r.unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::CsvColumn);
    assert!(e.message.starts_with("no column holds URLs"), "{e}");
    assert!(e.message.contains("the header row has: title, slug"), "{e}");
}

#[test]
fn csv_column_after_a_hash_without_the_prefix() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.csv");
    std::fs::write(&path, "title,page\nA,https://example.com/a\n").unwrap();
    let (r, catalog) = read(&format!("{}#page", path.display()));
    assert_eq!(urls(&r.unwrap()), ["https://example.com/a"]);
    assert!(catalog.findings().is_empty(), "named, not guessed");
}

/// "料金" in Shift_JIS (cp932).
const SJIS_RYOUKIN: &[u8] = b"\x97\xbf\x8b\xe0";

fn sjis_csv() -> Vec<u8> {
    let mut csv = b"url,type\nhttps://example.com/a,page\nhttps://example.com/".to_vec();
    csv.extend_from_slice(SJIS_RYOUKIN);
    csv.extend_from_slice(b"/,page\nhttps://example.com/c,");
    csv.extend_from_slice(SJIS_RYOUKIN);
    csv.extend_from_slice(b"\n");
    csv
}

#[test]
fn csv_shift_jis_cell_is_a_finding_naming_cp932_and_the_rest_is_read() {
    let (r, catalog) = read_bytes("t.csv", &sjis_csv());
    let records = r.unwrap();
    assert_eq!(
        urls(&records),
        ["https://example.com/a", "https://example.com/c"]
    );
    assert_eq!(records[1].kind(), None);
    let f = &catalog.findings()[0];
    assert_eq!(
        (f.kind.name(), f.effect),
        ("csv-invalid-utf8", Effect::Skipped)
    );
    assert_eq!(f.position, Some(Position::Line(3)));
    assert!(f.message.contains("--encoding cp932"), "{}", f.message);
}

#[test]
fn csv_read_with_encoding_cp932() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.csv");
    std::fs::write(&path, sjis_csv()).unwrap();
    let cp932 = urlkit_sources::encoding_for_name("cp932").unwrap();
    let (r, catalog) = read_with(Reader::new().encoding(cp932), path.to_str().unwrap());
    let records = r.unwrap();
    assert_eq!(
        urls(&records),
        [
            "https://example.com/a",
            "https://example.com/料金/",
            "https://example.com/c"
        ]
    );
    assert_eq!(records[2].kind(), Some("料金"));
    assert!(catalog.findings().is_empty());
}

#[test]
fn text_read_with_encoding_euc_jp_and_malformed_bytes_stay_findings() {
    // "料金" in EUC-JP, then a byte that EUC-JP cannot start a character with.
    let text =
        b"https://example.com/\xce\xc1\xb6\xe2/\nhttps://example.com/\x80\nhttps://example.com/z\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("list.txt");
    std::fs::write(&path, text).unwrap();
    let euc = urlkit_sources::encoding_for_name("euc-jp").unwrap();
    let (r, catalog) = read_with(Reader::new().encoding(euc), path.to_str().unwrap());
    assert_eq!(
        urls(&r.unwrap()),
        ["https://example.com/料金/", "https://example.com/z"]
    );
    assert_eq!(catalog.findings()[0].position, Some(Position::Line(2)));
}

#[test]
fn text_not_utf8_names_the_likely_encoding() {
    let mut text = b"https://example.com/".to_vec();
    text.extend_from_slice(SJIS_RYOUKIN);
    text.push(b'\n');
    let (_, catalog) = read_text(&text);
    assert!(
        catalog.findings()[0].message.contains("--encoding cp932"),
        "{}",
        catalog.findings()[0].message
    );
}

#[test]
fn csv_with_100000_distinct_types_counts_each() {
    let mut csv = String::from("url,type\n");
    for i in 0..100_000 {
        csv.push_str(&format!("https://example.com/{i},type-{i}\n"));
    }
    let (r, catalog) = read_bytes("t.csv", csv.as_bytes());
    let records = r.unwrap();
    assert_eq!(records.len(), 100_000);
    assert_eq!(records[99_999].kind(), Some("type-99999"));
    let kinds = &catalog.sources()[0].kinds;
    assert_eq!(kinds.len(), 100_000);
    assert!(kinds.iter().all(|(_, n)| *n == 1));
}

#[test]
fn a_saved_users_export_is_typed_user() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("users.json");
    std::fs::write(
        &path,
        r#"[{"id":1,"name":"admin","link":"https://example.com/author/admin/","slug":"admin","avatar_urls":{"24":"https://secure.gravatar.com/avatar/x?s=24"}},
           {"id":2,"name":"山田","link":"https://example.com/author/%e5%b1%b1%e7%94%b0/","avatar_urls":{}}]"#,
    )
    .unwrap();
    let (r, _) = read(&format!("wp:{}", path.display()));
    let records = r.unwrap();
    assert_eq!(records.len(), 2);
    assert!(
        records.iter().all(|r| r.kind() == Some("user")),
        "{records:?}"
    );
}
