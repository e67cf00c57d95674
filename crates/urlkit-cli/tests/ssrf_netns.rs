//! No fetch that a remote document chose reaches an address class the user's own start was not
//! in (issue 24, item 1). The test runs itself again inside a network namespace and a mount
//! namespace of its own (`unshare --net --mount`, iproute2's `ip`): there a "public" site
//! (`public.test`, 93.184.215.14, and `www.public.test`, which resolves to 127.0.0.1 through a
//! private `/etc/hosts`) lists, links to and redirects to a server on each loopback,
//! link-local, private, 6to4 and NAT64 address, all on port 80, spelled every way a URL can
//! name them. Every such server counts what it was asked; after `reconcile` of a public
//! sitemap index, `check` of a public sitemap and of a public WordPress site, and
//! `check --variants` of a public page, each count is 0. Then the user's own starts in those
//! classes reach them, and a start in one class reaches no other.
//!
//! Creating the namespaces needs root (or CAP_SYS_ADMIN); when that fails the test fails and
//! says so.

#[path = "../../urlkit-sources/tests/support/server.rs"]
mod server;
mod support;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::process::{Command, Output};

use server::{serve_on, Reply, Server};

const INNER: &str = "URLKIT_SSRF_NETNS_INNER";
const NAME: &str = "remote_documents_never_reach_a_class_the_start_was_not_in";

/// The public site.
const PUBLIC: &str = "93.184.215.14";

/// Every non-public server: its socket address, its class, and the spellings of URLs that
/// name it (all but the first are other ways to write the same address).
const INTERNAL: [(&str, &str, &[&str]); 10] = [
    (
        "127.0.0.1:80",
        "loopback",
        &[
            "127.0.0.1",
            "2130706433",
            "0x7f.1",
            "[::ffff:127.0.0.1]",
            "0177.0.0.1",
            "www.public.test",
        ],
    ),
    ("[::1]:80", "loopback", &["[::1]"]),
    ("10.1.2.3:80", "private", &["10.1.2.3", "167838211"]),
    ("169.254.169.254:80", "link-local", &["169.254.169.254"]),
    (
        "[2002:7f00:1::1]:80",
        "loopback (6to4)",
        &["[2002:7f00:1::1]"],
    ),
    (
        "[2002:a01:203::1]:80",
        "private (6to4)",
        &["[2002:a01:203::1]"],
    ),
    (
        "[64:ff9b::7f00:1]:80",
        "loopback (NAT64)",
        &["[64:ff9b::7f00:1]", "[64:ff9b::127.0.0.1]"],
    ),
    (
        "[64:ff9b:1::a9fe:a9fe]:80",
        "link-local (local-use NAT64, /96)",
        &["[64:ff9b:1::a9fe:a9fe]"],
    ),
    (
        "[64:ff9b:1:7f00:0:100::]:80",
        "loopback (local-use NAT64, /48)",
        &["[64:ff9b:1:7f00:0:100::]"],
    ),
    (
        "[::7f00:1]:80",
        "loopback (IPv4-compatible)",
        &["[::127.0.0.1]"],
    ),
];

/// Every URL (with `path`) that names a non-public server.
fn internal_urls(path: &str) -> Vec<String> {
    INTERNAL
        .iter()
        .flat_map(|(_, _, hosts)| hosts.iter().map(move |h| format!("http://{h}{path}")))
        .collect()
}

fn urlset(urls: &[String]) -> Reply {
    let locs: String = urls
        .iter()
        .map(|u| format!("<url><loc>{u}</loc></url>"))
        .collect();
    Reply::new(200, format!("<urlset>{locs}</urlset>")).header("Content-Type", "application/xml")
}

fn index(urls: &[String]) -> Reply {
    let locs: String = urls
        .iter()
        .map(|u| format!("<sitemap><loc>{u}</loc></sitemap>"))
        .collect();
    Reply::new(200, format!("<sitemapindex>{locs}</sitemapindex>"))
        .header("Content-Type", "application/xml")
}

fn page() -> Reply {
    Reply::html("<!doctype html><html><head><title>x</title></head><body></body></html>")
}

/// The public site: a sitemap index and a sitemap listing every internal spelling, a
/// WordPress REST API linking to them, redirects to them, and a page whose `www.` spelling
/// resolves to loopback.
fn public_site(r: &server::Request) -> Reply {
    let path = r.path();
    if let Some(n) = path.strip_prefix("/redirect/") {
        let urls = internal_urls("/listed/redirected");
        return match n.parse::<usize>().ok().and_then(|n| urls.get(n)) {
            Some(to) => Reply::redirect(302, to.clone()),
            None => Reply::new(404, ""),
        };
    }
    match path {
        "/index.xml" => {
            let mut children = internal_urls("/listed/child.xml");
            children.push(format!("http://{PUBLIC}/child.xml"));
            index(&children)
        }
        "/child.xml" => urlset(&[format!("http://{PUBLIC}/page/")]),
        "/urls.xml" => urlset(&internal_urls("/listed/check")),
        "/redirects.xml" => {
            let n = internal_urls("").len();
            urlset(
                &(0..n)
                    .map(|i| format!("http://public.test/redirect/{i}"))
                    .collect::<Vec<_>>(),
            )
        }
        "/wp-json/wp/v2/types" => Reply::new(200, r#"{"page":{"rest_base":"pages"}}"#)
            .header("Content-Type", "application/json"),
        "/wp-json/wp/v2/taxonomies" => {
            Reply::new(200, "{}").header("Content-Type", "application/json")
        }
        "/wp-json/wp/v2/pages" => {
            let items: Vec<String> = internal_urls("/listed/wp-page/")
                .iter()
                .enumerate()
                .map(|(i, link)| {
                    format!(
                        r#"{{"id":{i},"link":"{link}","type":"page","title":{{"rendered":"p"}}}}"#
                    )
                })
                .collect();
            Reply::new(200, format!("[{}]", items.join(",")))
                .header("Content-Type", "application/json")
                .header("X-WP-Total", items.len().to_string())
                .header("X-WP-TotalPages", "1")
        }
        "/page/" => page(),
        _ => Reply::new(404, ""),
    }
}

/// An internal server: a sitemap for the user's own starts, a page for everything else.
fn internal_site(r: &server::Request) -> Reply {
    match r.path() {
        "/own/urls.xml" => urlset(&internal_urls("/own/listed")),
        "/listed/child.xml" => urlset(&["http://127.0.0.1/listed/from-child".to_owned()]),
        _ => page(),
    }
}

fn urlkit(args: &[&str]) -> Output {
    let out = support::urlkit().args(args).output().expect("urlkit runs");
    eprintln!(
        "$ urlkit {}\nexit {:?}\n{}{}",
        args.join(" "),
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Requests each internal server saw for targets starting with `prefix`.
fn counts(servers: &[(&str, &str, Server)], prefix: &str) -> BTreeMap<String, usize> {
    servers
        .iter()
        .map(|(addr, class, s)| (format!("{addr} ({class})"), s.hits(prefix)))
        .collect()
}

fn inner() {
    let public = serve_on(format!("{PUBLIC}:80").parse().unwrap(), public_site);
    let servers: Vec<(&str, &str, Server)> = INTERNAL
        .iter()
        .map(|(addr, class, _)| {
            let at: SocketAddr = addr.parse().unwrap();
            (*addr, *class, serve_on(at, internal_site))
        })
        .collect();
    let http = ["--retries", "0", "--timeout", "5", "--connect-timeout", "2"];
    let with = |args: &[&str]| -> Vec<String> {
        args.iter()
            .chain(http.iter())
            .map(|s| s.to_string())
            .collect()
    };
    let run = |args: &[&str]| {
        let args = with(args);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        urlkit(&refs)
    };

    // 1. Remote documents choose the URLs: a sitemap index's children, the URLs a sitemap
    // and a WordPress site list (then checked), redirects, and a `www.` spelling.
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let empty = format!("text:{}", empty.display());
    // Every child is refused, so neither side gives a URL: allowed, to see the findings.
    let reconcile = run(&[
        "reconcile",
        "--allow-empty",
        "sitemap:http://public.test/index.xml",
        &empty,
    ]);
    let listed = run(&["check", "--json", "sitemap:http://public.test/urls.xml"]);
    let redirected = run(&[
        "check",
        "--follow-offsite",
        "sitemap:http://public.test/redirects.xml",
    ]);
    let wordpress = run(&["check", "wp:http://public.test/"]);
    let variants = run(&["check", "--variants", "--json", "http://public.test/page/"]);
    let seen = counts(&servers, "/listed");
    eprintln!("requests each internal server saw from what remote documents chose: {seen:#?}");
    assert!(
        seen.values().all(|n| *n == 0),
        "a remote document made urlkit reach an internal address: {seen:#?}"
    );
    // Each run asked for what it should have and said why it went no further.
    let stderr = String::from_utf8_lossy(&reconcile.stderr);
    assert_eq!(
        reconcile.status.code(),
        Some(1),
        "findings, not an abort: {stderr}"
    );
    assert_eq!(
        stderr.matches(": refused: ").count(),
        internal_urls("").len(),
        "each internal child is refused, said once: {stderr}"
    );
    assert_eq!(public.hits("/child.xml"), 1, "the public child is read");
    for out in [&listed, &redirected, &wordpress, &variants] {
        assert_eq!(out.status.code(), Some(1));
    }
    assert_eq!(public.hits("/redirect/"), internal_urls("").len());
    assert_eq!(public.hits("/wp-json/wp/v2/pages"), 1);
    let stdout = String::from_utf8_lossy(&variants.stdout);
    assert!(stdout.contains("www-added"), "{stdout}");
    assert!(
        stdout.contains("refused: www.public.test:80 resolves to 127.0.0.1 (loopback)"),
        "{stdout}"
    );
    // Every listed spelling was asked for (and refused): the test covered them all.
    let report = String::from_utf8_lossy(&listed.stdout).into_owned();
    for url in internal_urls("/listed/check") {
        assert!(
            report.contains(&format!("\"url\":\"{url}\"")),
            "{url} in {report}"
        );
    }
    assert_eq!(
        report.matches("http-address-refused").count(),
        internal_urls("").len(),
        "{report}"
    );

    // 2. The user's own start in a class reaches it, and only it.
    for (addr, class, s) in &servers {
        let host = INTERNAL
            .iter()
            .find(|(a, _, _)| a == addr)
            .map(|(_, _, hosts)| hosts[0])
            .unwrap();
        let out = run(&["check", &format!("http://{host}/own/page")]);
        assert_eq!(out.status.code(), Some(0), "{addr} ({class})");
        assert_eq!(
            s.hits("/own/page"),
            1,
            "{addr} ({class}): the user's own URL"
        );
    }
    // A private start's sitemap lists every internal spelling: only the private server (the
    // start's class) and the public one may be asked.
    let out = run(&["check", "sitemap:http://10.1.2.3/own/urls.xml"]);
    assert_eq!(out.status.code(), Some(1));
    let own = counts(&servers, "/own/listed");
    eprintln!("requests after a private start: {own:#?}");
    for ((addr, class, s), (_, _, spellings)) in servers.iter().zip(INTERNAL) {
        let expected = if class.starts_with("private") {
            spellings.len()
        } else {
            0
        };
        assert_eq!(
            s.hits("/own/listed"),
            expected,
            "{addr} ({class}): {own:#?}"
        );
    }
}

/// Runs `inner` in namespaces of its own: a network namespace where this test may give
/// itself any address, and a mount namespace for its own `/etc/hosts`.
#[test]
fn remote_documents_never_reach_a_class_the_start_was_not_in() {
    if std::env::var_os(INNER).is_some() {
        return inner();
    }
    let dir = tempfile::tempdir().unwrap();
    let hosts = dir.path().join("hosts");
    std::fs::write(
        &hosts,
        format!(
            "127.0.0.1 localhost\n::1 localhost\n{PUBLIC} public.test\n127.0.0.1 www.public.test\n"
        ),
    )
    .unwrap();
    let mut setup = String::from("set -e\nip link set lo up\n");
    for (addr, _, _) in INTERNAL.iter().skip(2) {
        let at: SocketAddr = addr.parse().unwrap();
        let prefix = if at.is_ipv4() { 32 } else { 128 };
        setup.push_str(&format!("ip addr add {}/{prefix} dev lo\n", at.ip()));
    }
    setup.push_str(&format!("ip addr add {PUBLIC}/32 dev lo\n"));
    setup.push_str(&format!("mount --bind '{}' /etc/hosts\n", hosts.display()));
    setup.push_str("exec \"$@\"\n");
    let exe = std::env::current_exe().unwrap();
    let out = Command::new("unshare")
        .args(["--net", "--mount", "--", "sh", "-c", &setup, "sh"])
        .arg(&exe)
        .args(["--exact", NAME, "--nocapture", "--test-threads", "1"])
        .env(INNER, "1")
        .output();
    let out = match out {
        Ok(out) => out,
        Err(e) => panic!("cannot run unshare (util-linux) to create a network namespace: {e}"),
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !stdout.contains("running 1 test") {
        panic!(
            "cannot create the network namespace this test needs (`unshare --net --mount` and \
             iproute2's `ip` as root or with CAP_SYS_ADMIN): exit {:?}\n{stderr}",
            out.status.code()
        );
    }
    // Shown with --nocapture: what each server saw.
    eprintln!("{stderr}");
    assert!(
        out.status.success(),
        "inside the namespace:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("test result: ok. 1 passed"), "{stdout}");
}
