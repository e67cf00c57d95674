//! `urlkit reconcile` on a FIFO, as `urlkit reconcile <(cat list.txt) list.txt` gives it: the
//! source is read once, whole (its format detected from the bytes read, not by reading its
//! head twice).

use std::io::Write;
use std::process::Command;

fn fifo_with(path: &std::path::Path, data: Vec<u8>) -> std::thread::JoinHandle<()> {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo failed");
    let path = path.to_owned();
    std::thread::spawn(move || {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .expect("the FIFO opens for writing");
        // urlkit may stop early on an error; the test then fails on its output.
        let _ = f.write_all(&data);
    })
}

fn run(dir: &std::path::Path, fifo_data: Vec<u8>, other: &str) -> (i32, String, String) {
    let fifo = dir.join("from-a-process");
    let writer = fifo_with(&fifo, fifo_data);
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(["reconcile", fifo.to_str().unwrap(), other])
        .output()
        .expect("urlkit runs");
    writer.join().expect("the writer ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_text_list_through_a_fifo_loses_no_record() {
    let dir = tempfile::tempdir().unwrap();
    let text: String = (0..1000)
        .map(|i| format!("https://example.com/page/{i:04}/a-slug-of-some-length\n"))
        .collect();
    let list = dir.path().join("list.txt");
    std::fs::write(&list, &text).unwrap();
    let (code, stdout, stderr) = run(dir.path(), text.into_bytes(), list.to_str().unwrap());
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("left   1000 records, 1000 distinct"),
        "{stdout}"
    );
    assert!(stdout.contains("text "), "read as text: {stdout}");
}

#[test]
fn a_sitemap_through_a_fifo_is_read_as_a_sitemap() {
    let dir = tempfile::tempdir().unwrap();
    let mut xml = String::from(
        "<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut text = String::new();
    for i in 0..1000 {
        xml.push_str(&format!(
            "  <url><loc>https://example.com/page/{i:04}/</loc></url>\n"
        ));
        text.push_str(&format!("https://example.com/page/{i:04}/\n"));
    }
    xml.push_str("</urlset>\n");
    let list = dir.path().join("list.txt");
    std::fs::write(&list, &text).unwrap();
    let (code, stdout, stderr) = run(dir.path(), xml.into_bytes(), list.to_str().unwrap());
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("left   1000 records, 1000 distinct"),
        "{stdout}"
    );
    assert!(stdout.contains("sitemap "), "read as a sitemap: {stdout}");
}
