//! The one input model (issue 25): per-source encodings, JSON in UTF-8 and XML as it declares
//! itself whatever the reader's encoding, empty sources, the one trim said, and the inputs of
//! a line command (arguments, files named by bare arguments, source specs).

use urlkit_sources::{
    encoding_for_name, Content, Effect, Inputs, Origin, Position, Reader, Record, SourceErrorKind,
    SourceSpec,
};

fn write(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_owned()
}

fn read<'f>(reader: Reader<'f>, spec: &str) -> (Result<Vec<Record>, SourceErrorKind>, Reader<'f>) {
    let mut reader = reader;
    let mut out = Vec::new();
    let spec = SourceSpec::parse(spec).unwrap();
    let r = reader.read(&spec, &mut |r| out.push(r)).map(|()| out);
    (r.map_err(|e| e.kind), reader)
}

fn cp932() -> &'static urlkit_sources::Encoding {
    encoding_for_name("cp932").unwrap()
}

#[test]
fn the_readers_encoding_reaches_csv_but_not_json_or_xml() {
    let dir = tempfile::tempdir().unwrap();
    let csv = write(
        &dir,
        "list.csv",
        &"url\nhttps://a.example/料金/\n".encode_sjis(),
    );
    let json = write(
        &dir,
        "items.json",
        "[{\"link\": \"https://a.example/料金/\", \"title\": \"料金\"}]".as_bytes(),
    );
    let xml = write(
        &dir,
        "sitemap.xml",
        "<urlset><url><loc>https://a.example/料金/</loc></url></urlset>".as_bytes(),
    );
    for spec in [&csv, &json, &xml] {
        let (r, reader) = read(Reader::new().encoding(cp932()), spec);
        assert_eq!(
            r.unwrap()[0].url,
            "https://a.example/料金/",
            "{spec} read with the reader's cp932"
        );
        let said: Vec<&str> = reader
            .catalog()
            .findings()
            .iter()
            .filter(|f| f.kind.name() == "encoding-not-applied")
            .map(|f| f.message.as_str())
            .collect();
        assert_eq!(said.len(), usize::from(spec != &csv), "{spec}: {said:?}");
    }
}

#[test]
fn an_encoding_named_for_a_json_or_xml_source_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let json = write(&dir, "items.json", b"[\"https://a.example/\"]");
    let (r, _) = read(Reader::new(), &format!("{json}?encoding=cp932"));
    assert_eq!(r.unwrap_err(), SourceErrorKind::Spec);
    let e = SourceSpec::parse(&format!("{json}?encoding=klingon")).unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::Spec);
    assert!(e.message.contains("cp932"), "{e}");
}

#[test]
fn a_source_names_its_own_encoding_over_the_readers() {
    let dir = tempfile::tempdir().unwrap();
    let sjis = write(&dir, "sjis.txt", &"https://a.example/料金/\n".encode_sjis());
    let (r, _) = read(
        Reader::new().encoding(encoding_rs::EUC_JP),
        &format!("text:{sjis}?encoding=cp932"),
    );
    assert_eq!(r.unwrap()[0].url, "https://a.example/料金/");
}

#[test]
fn xml_follows_its_declaration() {
    let dir = tempfile::tempdir().unwrap();
    let mut xml = b"<?xml version='1.0' encoding='Shift_JIS'?>\n<urlset><url><loc>".to_vec();
    xml.extend("https://a.example/料金/".encode_sjis());
    xml.extend(b"</loc></url></urlset>");
    let xml = write(&dir, "sitemap.xml", &xml);
    let (r, reader) = read(Reader::new(), &xml);
    assert_eq!(r.unwrap()[0].url, "https://a.example/料金/");
    let kinds: Vec<&str> = reader
        .catalog()
        .findings()
        .iter()
        .map(|f| f.kind.name())
        .collect();
    assert_eq!(kinds, ["sitemap-encoding-declared"]);
    let bad = write(
        &dir,
        "bad.xml",
        b"<?xml version='1.0' encoding='klingon'?><urlset/>",
    );
    assert_eq!(
        read(Reader::new(), &bad).0.unwrap_err(),
        SourceErrorKind::Encoding
    );
}

#[test]
fn a_source_with_no_record_is_an_error_unless_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let empty_folder = dir.path().join("wp");
    std::fs::create_dir(&empty_folder).unwrap();
    write(&dir, "wp/posts.json", b"[]");
    let specs = [
        write(&dir, "empty.txt", b""),
        write(&dir, "comments.txt", b"# nothing yet\n\n"),
        write(&dir, "header.csv", b"url,title\n"),
        format!("wp:{}", empty_folder.display()),
        write(&dir, "sitemap.xml", b"<urlset></urlset>"),
    ];
    for spec in &specs {
        assert_eq!(
            read(Reader::new(), spec).0.unwrap_err(),
            SourceErrorKind::Empty,
            "{spec}"
        );
        assert!(read(Reader::new().allow_empty(), spec)
            .0
            .unwrap()
            .is_empty());
    }
}

#[test]
fn whitespace_around_urls_is_removed_and_said_by_every_reader() {
    let dir = tempfile::tempdir().unwrap();
    let specs = [
        write(&dir, "list.txt", b" https://a.example/\t\n"),
        write(&dir, "list.csv", b"url\n\" https://a.example/ \"\n"),
        write(&dir, "list.json", b"[\" https://a.example/\"]"),
    ];
    for spec in &specs {
        let (r, reader) = read(Reader::new(), spec);
        assert_eq!(r.unwrap()[0].url, "https://a.example/", "{spec}");
        let told: Vec<_> = reader
            .catalog()
            .findings()
            .iter()
            .filter(|f| f.effect == Effect::Told)
            .map(|f| f.kind.name())
            .collect();
        assert_eq!(told, ["whitespace-removed"], "{spec}");
    }
}

/// The inputs of a line command, as `urlkit key ARGS...` reads them.
fn inputs(args: &[&str]) -> (Vec<(Origin, String)>, Vec<String>) {
    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    let (mut items, mut notes) = (Vec::new(), Vec::new());
    Inputs::new(Content::Url)
        .read_sources()
        .each(&args, &mut |n| notes.push(n.message), &mut |item| {
            items.push((
                item.origin,
                String::from_utf8_lossy(item.bytes).into_owned(),
            ));
            Ok(())
        })
        .unwrap();
    (items, notes)
}

#[test]
fn a_bare_argument_that_names_a_file_is_that_file_and_a_url_is_a_url() {
    let dir = tempfile::tempdir().unwrap();
    let list = write(
        &dir,
        "urls.txt",
        b"https://a.example/1\n\n https://a.example/2\n",
    );
    let (items, notes) = inputs(&["https://a.example/arg", &list]);
    let got: Vec<(Option<u64>, &str)> = items.iter().map(|(o, u)| (o.line(), u.as_str())).collect();
    assert_eq!(
        got,
        [
            (None, "https://a.example/arg"),
            (Some(1), "https://a.example/1"),
            (Some(2), ""),
            (Some(3), "https://a.example/2"),
        ]
    );
    assert_eq!(items[1].0.source(), Some(list.as_str()));
    assert!(notes[0].contains("names a file"), "{notes:?}");
    assert!(notes[1].ends_with("line 3: removed the whitespace around the URL (U+0020 before)"));
}

#[test]
fn source_specs_give_their_records_with_their_positions() {
    let dir = tempfile::tempdir().unwrap();
    let csv = write(
        &dir,
        "links.csv",
        b"title,permalink\nA,https://a.example/a\n",
    );
    let json = write(
        &dir,
        "x.json",
        b"{\"items\": [{\"url\": \"https://a.example/j\"}]}",
    );
    let (items, _) = inputs(&[
        &format!("csv:{csv}#permalink"),
        &format!("json:{json}#/items/*"),
    ]);
    let got: Vec<(&str, Position)> = items
        .iter()
        .map(|(o, u)| match o {
            Origin::Source { position, .. } => (u.as_str(), position.clone()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        got,
        [
            ("https://a.example/a", Position::Line(2)),
            (
                "https://a.example/j",
                Position::Pointer("/items/0/url".into())
            ),
        ]
    );
}

#[test]
fn a_file_that_gives_no_url_is_an_error_for_a_line_command_too() {
    let dir = tempfile::tempdir().unwrap();
    let empty = write(&dir, "empty.txt", b"");
    let args = vec![empty];
    let e = Inputs::new(Content::Url)
        .read_sources()
        .each(&args, &mut |_| {}, &mut |_| Ok(()))
        .unwrap_err();
    match e {
        urlkit_sources::InputError::Source(e) => assert_eq!(e.kind, SourceErrorKind::Empty),
        other => panic!("{other:?}"),
    }
    assert!(Inputs::new(Content::Url)
        .read_sources()
        .allow_empty()
        .each(&args, &mut |_| {}, &mut |_| Ok(()))
        .is_ok());
}

/// Shift_JIS bytes of a string.
trait Sjis {
    fn encode_sjis(&self) -> Vec<u8>;
}

impl Sjis for str {
    fn encode_sjis(&self) -> Vec<u8> {
        encoding_rs::SHIFT_JIS.encode(self).0.into_owned()
    }
}

/// The items `args` give when stdin is `stdin`, each its URL and its line (None: no line).
fn with_stdin(args: &[&str], stdin: &'static [u8]) -> Vec<(Option<u64>, String)> {
    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    let mut items = Vec::new();
    Inputs::new(Content::Url)
        .read_sources()
        .each_with_stdin(&args, Box::new(stdin), &mut |_| {}, &mut |item| {
            let url = String::from_utf8_lossy(item.bytes).into_owned();
            items.push((item.origin.line(), url));
            Ok(())
        })
        .unwrap();
    items
}

#[test]
fn stdin_named_with_a_prefix_is_read_from_the_one_stdin_reader_as_dash_is() {
    // Issue 25: `text:-` read the process's stdin while `-` read the stdin given in its
    // place; both read the one stdin reader now, line by line alike.
    let stdin = b" https://a.example/1\nhttps://a.example/2\n";
    let lines = vec![
        (Some(1), "https://a.example/1".to_owned()),
        (Some(2), "https://a.example/2".to_owned()),
    ];
    assert_eq!(with_stdin(&["-"], stdin), lines);
    assert_eq!(with_stdin(&["text:-"], stdin), lines);
    // Another format named for stdin reads it too.
    let csv = b"url\nhttps://a.example/c\n";
    assert_eq!(
        with_stdin(&["csv:-"], csv),
        [(Some(2), "https://a.example/c".to_owned())]
    );
}
