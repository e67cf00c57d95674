//! `urlkit reconcile` against a live WordPress-like site on 127.0.0.1 (std::net only, an
//! ephemeral port, a bounded server thread): the report says which types were read and how
//! many items each, through pagination, and the two truly missing pages are the only ones
//! listed.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Command;

fn items(field: &str, kind: &str, prefix: &str, range: std::ops::Range<usize>) -> String {
    let v: Vec<String> = range
        .map(|i| {
            format!(
                "{{\"id\":{i},\"link\":\"http://site.test/{prefix}{i}/\",\"{field}\":\"{kind}\"}}"
            )
        })
        .collect();
    format!("[{}]", v.join(","))
}

fn answer(
    target: &str,
    hits: &mut std::collections::HashMap<String, usize>,
) -> (u16, String, Option<usize>) {
    let n = {
        let e = hits.entry(target.to_string()).or_default();
        *e += 1;
        *e
    };
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let page: usize = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("page="))
        .and_then(|p| p.parse().ok())
        .unwrap_or(1);
    let past = (400, r#"{"code":"rest_post_invalid_page_number","message":"past the end","data":{"status":400}}"#.to_string(), None);
    match path {
        "/wp-json/wp/v2/types" => (200, r#"{"post":{"rest_base":"posts"},"page":{"rest_base":"pages"},"attachment":{"rest_base":"media"},"recipe":{"rest_base":"recipes","rest_namespace":"food/v1"}}"#.into(), None),
        "/wp-json/wp/v2/taxonomies" => (200, r#"{"category":{"rest_base":"categories"},"post_tag":{"rest_base":"tags"}}"#.into(), None),
        "/wp-json/wp/v2/posts" if page <= 2 => (200, items("type", "post", "%e8%a8%98%e4%ba%8b-", (page - 1) * 100..(page * 100).min(150)), Some(2)),
        "/wp-json/wp/v2/pages" if page == 1 => (200, items("type", "page", "page-", 0..5), None),
        "/wp-json/wp/v2/categories" => (200, items("taxonomy", "category", "category/c", 0..2), Some(1)),
        "/wp-json/wp/v2/tags" if n == 1 => (429, "slow down".into(), None),
        "/wp-json/wp/v2/tags" => (200, items("taxonomy", "post_tag", "tag/t", 0..3), Some(1)),
        "/wp-json/food/v1/recipes" => (200, items("type", "recipe", "recipes/r", 0..4), Some(1)),
        _ => past,
    }
}

fn serve() -> (String, std::thread::JoinHandle<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let handle = std::thread::spawn(move || {
        let mut hits = std::collections::HashMap::new();
        for stream in listener.incoming().take(200) {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            if reader.read_line(&mut line).is_err() {
                continue;
            }
            loop {
                let mut h = String::new();
                if reader.read_line(&mut h).unwrap_or(0) == 0 || h == "\r\n" {
                    break;
                }
            }
            let target = line.split(' ').nth(1).unwrap_or("/").to_string();
            if target == "/__stop" {
                break;
            }
            let (status, body, pages) = answer(&target, &mut hits);
            let mut head = format!("HTTP/1.1 {status} X\r\nContent-Length: {}\r\nConnection: close\r\nRetry-After: 0\r\n", body.len());
            if let Some(p) = pages {
                head.push_str(&format!("X-WP-TotalPages: {p}\r\n"));
            }
            if target.starts_with("/wp-json/wp/v2/posts?") {
                head.push_str("X-WP-Total: 150\r\n");
            }
            head.push_str("\r\n");
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(body.as_bytes());
        }
    });
    (base, handle)
}

#[test]
fn live_site_report_counts_every_type_and_lists_only_the_truly_missing() {
    let (base, server) = serve();
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    // The local list: every post in uppercase hex or raw Japanese, the pages, and two pages
    // that are gone.
    let mut text = String::new();
    for i in 0..150 {
        if i % 2 == 0 {
            text.push_str(&format!("http://site.test/%E8%A8%98%E4%BA%8B-{i}/\n"));
        } else {
            text.push_str(&format!("http://site.test/記事-{i}/\n"));
        }
    }
    for i in 0..5 {
        text.push_str(&format!("http://site.test/page-{i}/\n"));
    }
    text.push_str("http://site.test/page-gone-1/\nhttp://site.test/page-gone-2/\n");
    std::fs::write(&list, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(["reconcile", "--only", "missing"])
        .arg(format!("text:{}", list.display()))
        .arg(format!("wp:{base}"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "http://site.test/page-gone-1/\nhttp://site.test/page-gone-2/\n"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(["reconcile"])
        .arg(format!("text:{}", list.display()))
        .arg(format!("wp:{base}"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    for want in [
        "right  164 records, 164 distinct (category 2, page 5, post 150, post_tag 3, recipe 4)",
        "post: 150 items in 2 pages",
        "page: 5 items in 1 page",
        "recipe: 4 items in 1 page",
        "category: 2 items in 1 page",
        "post_tag: 3 items in 1 page",
        "only in left (missing)          2",
        "only in right (extra)           9",
        "hex-case                    150",
        "iri-to-uri                  75",
    ] {
        assert!(report.contains(want), "missing {want:?} in:\n{report}");
    }
    // A bare URL not named like a sitemap is read as a WordPress site, and that is said.
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(["reconcile", "--only", "missing"])
        .arg(format!("text:{}", list.display()))
        .arg(&base)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            ": read as a WordPress site (its REST API): the URL is not named like a sitemap"
        ),
        "{stderr}"
    );
    assert_eq!(
        stderr.matches("read as a WordPress site").count(),
        1,
        "{stderr}"
    );
    // stderr is a pipe here: the fetching progress (pages per collection) is not drawn, and
    // no `\r` or escape sequence reaches the log.
    assert!(!stderr.contains("fetching"), "{stderr}");
    assert!(!stderr.contains(['\r', '\x1b']), "{stderr:?}");
    let _ = TcpStream::connect(base.trim_start_matches("http://"))
        .and_then(|mut s| s.write_all(b"GET /__stop HTTP/1.1\r\n\r\n"));
    server.join().unwrap();
}

/// Runs `urlkit reconcile --only missing LIST wp:BASE` with stderr on a pseudo-terminal and
/// `TERM` set to `term`; returns what reached the terminal.
fn reconcile_on_a_terminal(base: &str, list: &std::path::Path, term: &str) -> String {
    use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};
    use std::io::Read;
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("ptsname");
    let slave = std::fs::File::options()
        .read(true)
        .write(true)
        .open(name.to_str().expect("a path"))
        .expect("open the terminal side");
    let mut terminal = std::fs::File::from(master);
    let (tx, rx) = std::sync::mpsc::channel();
    let mut reader = terminal.try_clone().expect("dup");
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let status = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(["reconcile", "--only", "missing"])
        .arg(format!("text:{}", list.display()))
        .arg(format!("wp:{base}"))
        .stdout(std::process::Stdio::null())
        .stderr(slave)
        .env("NO_COLOR", "1")
        .env("TERM", term)
        .status()
        .expect("urlkit runs");
    assert_eq!(status.code(), Some(1));
    // Everything urlkit wrote is in the terminal's buffer by now.
    terminal.write_all(b"").expect("the terminal is open");
    let mut seen = Vec::new();
    while let Ok(chunk) = rx.recv_timeout(std::time::Duration::from_millis(500)) {
        seen.extend_from_slice(&chunk);
    }
    String::from_utf8_lossy(&seen).into_owned()
}

#[test]
fn fetching_a_live_site_shows_progress_on_a_terminal_unless_term_is_dumb() {
    let (base, server) = serve();
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(&list, "http://site.test/page-gone-1/\n").unwrap();
    let drawn = reconcile_on_a_terminal(&base, &list, "xterm");
    // The post collection has 150 items in 2 pages; X-WP-Total gives the bar its total.
    assert!(drawn.contains("fetching post: "), "{drawn:?}");
    assert!(drawn.contains("/150 items"), "{drawn:?}");
    let dumb = reconcile_on_a_terminal(&base, &list, "dumb");
    assert!(!dumb.contains("fetching"), "{dumb:?}");
    let _ = TcpStream::connect(base.trim_start_matches("http://"))
        .and_then(|mut s| s.write_all(b"GET /__stop HTTP/1.1\r\n\r\n"));
    server.join().unwrap();
}
