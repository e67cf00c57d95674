//! A source that cannot be fetched is an I/O error (exit 2, `error:` once) that names its URL
//! once, in `reconcile` and in `check`; a URL `check` cannot fetch is a finding that names it
//! once too. Against a loopback port nothing listens on: no request leaves 127.0.0.1.

use std::net::TcpListener;
use std::process::Command;

/// A loopback URL nothing listens on (the port was just free).
fn closed_port_url(path: &str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let addr = listener.local_addr().expect("its address");
    drop(listener);
    format!("http://{addr}{path}")
}

fn urlkit(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .env("NO_COLOR", "1")
        .output()
        .expect("urlkit runs");
    (
        out.status.code().expect("an exit code"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn reconcile_with_an_unreachable_sitemap_is_an_io_error_naming_it_once() {
    let url = closed_port_url("/sitemap.xml");
    let right = format!("sitemap:{url}");
    let (code, stdout, stderr) = urlkit(&[
        "reconcile",
        "--retries",
        "0",
        "examples/wordpress-site/extra-list.txt",
        &right,
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.starts_with(&format!("error: {url}: ")), "{stderr}");
    assert_eq!(stderr.matches(&url).count(), 1, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one message: {stderr}");
}

#[test]
fn check_with_an_unreachable_source_is_an_io_error_naming_it_once() {
    let url = closed_port_url("/sitemap.xml");
    let source = format!("sitemap:{url}");
    let (code, _, stderr) = urlkit(&["check", "--retries", "0", &source]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.starts_with(&format!("error: {url}: ")), "{stderr}");
    assert_eq!(stderr.matches(&url).count(), 1, "{stderr}");
}

#[test]
fn check_names_a_url_it_cannot_fetch_once() {
    let url = closed_port_url("/page");
    let (code, stdout, stderr) = urlkit(&["check", "--retries", "0", &url]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stdout.matches(&url).count(), 1, "{stdout}");
    assert!(stdout.contains("Connection Failed"), "{stdout}");
}
