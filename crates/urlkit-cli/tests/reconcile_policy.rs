//! `urlkit reconcile` under a hostile or endless site on 127.0.0.1 (a server the test starts
//! and stops): a redirect to `file:///etc/passwd` is an error with a message (exit 2), not a
//! crash; the request budget and the sitemap limit end a fan-out with a finding and an exit
//! status that does not claim a complete match; timeouts and retries are settable.

#[path = "../../urlkit-sources/tests/support/server.rs"]
mod server;

use std::process::{Command, Output};

use server::{serve, Reply};

fn urlkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn fan_out() -> server::Server {
    serve(|r| match r.path() {
        "/passwd.xml" => Reply::redirect(302, "file:///etc/passwd"),
        "/index.xml" => {
            let locs: String = (0..50)
                .map(|i| format!("<sitemap><loc>child-{i}.xml</loc></sitemap>"))
                .collect();
            Reply::new(200, format!("<sitemapindex>{locs}</sitemapindex>"))
        }
        "/slow.xml" => Reply::new(200, "<urlset/>").delayed(std::time::Duration::from_secs(2)),
        p => Reply::new(
            200,
            format!("<urlset><url><loc>http://site.test{p}</loc></url></urlset>"),
        ),
    })
}

#[test]
fn a_redirect_to_a_local_file_is_an_error_not_a_crash() {
    let s = fan_out();
    // An empty stdin on the left (allowed): the right side's error is the one reported.
    let out = urlkit(&[
        "reconcile",
        "--allow-empty",
        "-",
        &format!("sitemap:{}/passwd.xml", s.base),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "{}/passwd.xml: HTTP 302 to file:///etc/passwd: only http and https redirects are followed",
            s.base
        )),
        "{err}"
    );
    assert_eq!(s.log(), ["/passwd.xml"]);
}

#[test]
fn budgets_end_a_fan_out_with_a_finding_and_exit_1() {
    let s = fan_out();
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(
        &list,
        "http://site.test/child-0.xml\nhttp://site.test/child-1.xml\n",
    )
    .unwrap();
    let list = format!("text:{}", list.display());
    let index = format!("sitemap:{}/index.xml", s.base);
    let out = urlkit(&["reconcile", "--max-requests", "3", &list, &index]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains("the request budget (3 requests) is spent; raise it with --max-requests"),
        "{report}"
    );
    // Both local URLs were found, but the site was not read to its end.
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert_eq!(s.log().len(), 3);
    let out = urlkit(&["reconcile", "--max-sitemaps", "4", &list, &index]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains("4 sitemaps read, the limit (raise it with --max-sitemaps)"),
        "{report}"
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(s.log().len(), 3 + 4);
}

#[test]
fn timeouts_and_retries_are_settable() {
    let s = fan_out();
    let slow = format!("sitemap:{}/slow.xml", s.base);
    let out = urlkit(&[
        "reconcile",
        "--timeout",
        "0.3",
        "--retries",
        "1",
        "--allow-empty",
        "-",
        &slow,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("(after 2 attempts)"), "{err}");
    assert_eq!(s.hits("/slow.xml"), 2);
    let out = urlkit(&["reconcile", "--timeout", "0", "-", &slow]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("--timeout must be a positive number of seconds, not 0"));
}
