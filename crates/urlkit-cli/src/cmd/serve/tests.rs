//! The API of `urlkit serve`, in process: the server on 127.0.0.1:0, every endpoint with good
//! input, bad input and an oversized body, and each answer checked against the record the
//! command's `--json` builds.

use serde_json::{json, Value};
use urlkit::codec::DecodeMode;
use urlkit::normalize::{Level, Options};

use crate::cmd;

struct Api {
    server: urlkit_web::Server,
    agent: ureq::Agent,
}

impl Api {
    fn start() -> Api {
        let server = urlkit_web::Server::start(0, super::endpoints()).expect("bound");
        let agent = ureq::AgentBuilder::new()
            .timeout(std::time::Duration::from_secs(60))
            .build();
        Api { server, agent }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.server.addr())
    }

    /// POSTs `body` as JSON; the status and the parsed answer.
    fn post_raw(&self, path: &str, content_type: &str, body: &[u8]) -> (u16, Value) {
        let answer = self
            .agent
            .post(&self.url(path))
            .set("Content-Type", content_type)
            .send_bytes(body);
        let response = match answer {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("{path}: {e}"),
        };
        let status = response.status();
        let text = response.into_string().expect("a text body");
        (status, serde_json::from_str(&text).expect("a JSON body"))
    }

    fn post(&self, name: &str, body: Value) -> (u16, Value) {
        self.post_raw(
            &format!("/api/{name}"),
            "application/json",
            body.to_string().as_bytes(),
        )
    }
}

fn kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().expect("an error kind")
}

#[test]
fn the_page_and_its_assets_are_served_with_a_strict_policy() {
    let api = Api::start();
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let r = api.agent.get(&api.url(path)).call().expect("served");
        assert_eq!(r.status(), 200, "{path}");
        assert!(
            r.content_type().starts_with(kind),
            "{path}: {}",
            r.content_type()
        );
        let csp = r.header("content-security-policy").expect("a CSP");
        assert!(csp.contains("default-src 'none'") && csp.contains("connect-src 'self'"));
    }
    let page = api.agent.get(&api.url("/")).call().expect("served");
    let html = page.into_string().expect("text");
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "the page names no other host"
    );
}

#[test]
fn unknown_paths_methods_and_hosts_are_json_errors() {
    let api = Api::start();
    let (status, v) = api.post("nope", json!({}));
    assert_eq!((status, kind(&v)), (404, "unknown-endpoint"));
    assert!(v["error"]["endpoints"]
        .as_array()
        .expect("listed")
        .contains(&json!("table")));
    let r = api.agent.get(&api.url("/api/table")).call();
    let Err(ureq::Error::Status(405, r)) = r else {
        panic!("GET on an endpoint must be 405")
    };
    let v: Value = serde_json::from_str(&r.into_string().expect("text")).expect("JSON");
    assert_eq!(kind(&v), "method-not-allowed");
    let r = api
        .agent
        .get(&api.url("/"))
        .set("Host", "evil.example:80")
        .call();
    let Err(ureq::Error::Status(403, r)) = r else {
        panic!("another Host must be refused")
    };
    let v: Value = serde_json::from_str(&r.into_string().expect("text")).expect("JSON");
    assert_eq!(kind(&v), "wrong-host");
}

#[test]
fn bad_bodies_are_400_415_and_413() {
    let api = Api::start();
    let (s, v) = api.post_raw("/api/table", "application/json", b"{\"text\":");
    assert_eq!((s, kind(&v)), (400, "bad-json"));
    let (s, v) = api.post_raw("/api/table", "application/json", b"[1,2]");
    assert_eq!((s, kind(&v)), (400, "not-an-object"));
    let (s, v) = api.post_raw("/api/table", "text/plain", b"{\"text\":\"a\"}");
    assert_eq!((s, kind(&v)), (415, "not-json"));
    let (s, v) = api.post("table", json!({}));
    assert_eq!((s, kind(&v)), (400, "missing-field"));
    let (s, v) = api.post("table", json!({"text": 3}));
    assert_eq!((s, kind(&v)), (400, "wrong-type"));
    let (s, v) = api.post("table", json!({"text": "x".repeat(20_000)}));
    assert_eq!((s, kind(&v)), (413, "text-too-long"));
    let big = format!("{{\"text\":\"{}\"}}", "x".repeat(70 * 1024));
    for name in [
        "table", "explain", "decode", "compare", "parse", "build", "qr",
    ] {
        let (s, v) = api.post_raw(&format!("/api/{name}"), "application/json", big.as_bytes());
        assert_eq!((s, kind(&v)), (413, "body-too-large"), "{name}");
        assert_eq!(v["error"]["limit"], 64 * 1024, "{name}");
    }
    let (s, v) = api.post("compare", json!({"a": "x:", "b": "y:", "level": "tight"}));
    assert_eq!((s, kind(&v)), (400, "unknown-value"));
}

#[test]
fn permalinks_round_trip_through_urlkit_form_encoding() {
    let api = Api::start();
    let fields = json!({"p": "encode", "text": "a b&c=d/e?f#g+h~!'()*日本"});
    let (s, v) = api.post("permalink", json!({ "fields": fields }));
    assert_eq!(s, 200);
    let fragment = v["fragment"].as_str().expect("fragment");
    assert_eq!(
        fragment,
        "p=encode&text=a+b%26c%3Dd%2Fe%3Ff%23g%2Bh%7E%21%27%28%29*%E6%97%A5%E6%9C%AC"
    );
    let (s, v) = api.post("permalink", json!({ "fragment": fragment }));
    assert_eq!(s, 200);
    assert_eq!(v["fields"], fields);
    let (s, v) = api.post("permalink", json!({}));
    assert_eq!((s, kind(&v)), (400, "missing-field"));
}

#[test]
fn table_and_explain_answer_with_the_cli_records() {
    let api = Api::start();
    let text = cmd::table::SEED_INPUT;
    let (s, v) = api.post("table", json!({ "text": text }));
    assert_eq!(s, 200);
    assert_eq!(v, json!(urlkit_records::flavors::table_record(text)));
    assert!(v["flavors"].as_array().expect("rows").len() > 20);
    let (s, v) = api.post("explain", json!({"text": "a b/運"}));
    assert_eq!(s, 200);
    assert_eq!(v, json!(urlkit_records::codec::Explain::new("a b/運")));
    assert_eq!(v["output"]["characters"][4]["utf8"], "E9 81 8B");
}

#[test]
fn decode_shows_three_modes_and_errors_at_their_offset() {
    let api = Api::start();
    let (s, v) = api.post("decode", json!({"text": "a+b%zz%E9%81%8B"}));
    assert_eq!(s, 200);
    assert_eq!(
        v["strict"],
        json!(urlkit_records::codec::decode_record(
            "a+b%zz%E9%81%8B",
            DecodeMode::Strict
        ))
    );
    assert_eq!(v["strict"]["ok"], false);
    assert_eq!(v["strict"]["error"]["offset"], 3);
    assert_eq!(v["lenient"]["output"], "a+b%zz運");
    assert_eq!(v["form"]["output"], "a b%zz運");
}

#[test]
fn repair_reads_shift_jis_with_its_evidence() {
    let api = Api::start();
    let url = "https://example.com/?q=%8AO%91%95%95s%97%C7";
    let (s, v) = api.post("repair", json!({ "url": url }));
    assert_eq!(s, 200);
    assert_eq!(v["verdict"], "repaired");
    assert_eq!(v["charset"], "Shift_JIS");
    assert!(!v["candidates"][0]["evidence"]
        .as_array()
        .expect("evidence")
        .is_empty());
    let (s, v) = api.post("repair", json!({"url": "http://[::1"}));
    assert_eq!(s, 422);
    assert_eq!(v["ok"], false);
}

#[test]
fn compare_says_equal_at_safe_with_the_rules() {
    let api = Api::start();
    let a = "https://example.com/%e9%81%8b%e5%96%b6%e8%80%85%e6%83%85%e5%a0%b1/";
    let b = "https://example.com/運営者情報/";
    let (s, v) = api.post("compare", json!({"a": a, "b": b}));
    assert_eq!(s, 200);
    assert_eq!(
        v,
        json!(urlkit_records::compare::record(
            a,
            b,
            &Options::new(Level::Safe)
        ))
    );
    assert_eq!(v["equal"], true);
    assert_eq!(v["lowest_equal_level"], "safe");
    assert_eq!(v["rules"], json!(["hex-case", "iri-to-uri"]));
    let (s, v) = api.post(
        "compare",
        json!({"a": "http://a/b%2Fc", "b": "http://a/b/c", "level": "loose"}),
    );
    assert_eq!(s, 200);
    assert_eq!(v["equal"], false);
    assert_eq!(v["difference"]["component"], "path");
    let (s, v) = api.post("compare", json!({"a": "http://[::1", "b": "http://a/"}));
    assert_eq!(s, 422);
    assert_eq!(v["level"], "safe");
    assert!(v["error"]["offset"].is_number());
}

#[test]
fn parse_shows_both_readings_and_their_disagreements() {
    let api = Api::start();
    let url = "http://example.com\\path";
    let (s, v) = api.post("parse", json!({ "url": url }));
    assert_eq!(s, 200);
    assert!(!v["findings"].as_array().expect("findings").is_empty());
    let (s, v) = api.post("parse", json!({"url": "http://[::1"}));
    assert_eq!((s, kind(&v)), (422, "invalid-url"));
}

#[test]
fn lint_finds_spans_and_fixes_and_limits_the_list() {
    let api = Api::start();
    let urls = ["https://example.com/%e9%81%8b", "https://example.com/ok"];
    let (s, v) = api.post("lint", json!({ "urls": urls }));
    assert_eq!(s, 200);
    let finding = &v["records"][0]["findings"][0];
    assert_eq!(finding["rule"], "lowercase-hex");
    assert!(finding["span"]["start"].is_number());
    let (s, v) = api.post("lint-rule", json!({"rule": "lowercase-hex"}));
    assert_eq!(s, 200);
    assert!(v["doc"].as_str().expect("doc").contains("lowercase"));
    let (s, v) = api.post("lint-rule", json!({"rule": "no-such-rule"}));
    assert_eq!((s, kind(&v)), (404, "unknown-rule"));
    let (s, v) = api.post("lint-fix", json!({"url": urls[0]}));
    assert_eq!(s, 200);
    assert_eq!(v["output"], "https://example.com/%E9%81%8B");
    let many: Vec<String> = (0..1001).map(|i| format!("https://e.x/{i}")).collect();
    let (s, v) = api.post("lint", json!({ "urls": many }));
    assert_eq!((s, kind(&v)), (413, "too-many-items"));
    let (s, v) = api.post("lint", json!({"urls": ["a"], "select": "no-such"}));
    assert_eq!((s, kind(&v)), (400, "unknown-rule"));
}

#[test]
fn build_and_roundtrip_answer_with_the_cli_records() {
    let api = Api::start();
    let body = json!({"base": "https://日本語.jp", "segments": ["パス"], "params": ["k=a b"], "fragment": "f"});
    let (s, v) = api.post("build", body);
    assert_eq!(s, 200);
    assert_eq!(
        v,
        json!(urlkit_records::build::record(
            "https://日本語.jp",
            &urlkit_records::build::Edits {
                segments: vec!["パス".into()],
                params: vec!["k=a b".into()],
                fragment: Some("f".into()),
                ..urlkit_records::build::Edits::default()
            }
        )
        .expect("valid"))
    );
    assert_eq!(
        v["uri"],
        "https://xn--wgv71a119e.jp/%E3%83%91%E3%82%B9?k=a+b#f"
    );
    assert_eq!(v["iri"], "https://日本語.jp/パス?k=a+b#f");
    let (s, v) = api.post(
        "build",
        json!({"base": "https://a.example", "segments": [".."], "params": []}),
    );
    assert_eq!((s, kind(&v)), (400, "invalid-value"));
    let (s, v) = api.post(
        "build",
        json!({"base": "no scheme", "segments": [], "params": []}),
    );
    assert_eq!(s, 422);
    assert_eq!(v["ok"], false);
    let (s, v) = api.post("roundtrip", json!({"values": ["C++"]}));
    assert_eq!(s, 200);
    assert_eq!(
        v["records"],
        json!(urlkit_records::flavors::roundtrip_records(&["C++"]))
    );
    let (s, v) = api.post("roundtrip", json!({"values": []}));
    assert_eq!((s, kind(&v)), (400, "empty-list"));
    let (s, v) = api.post("roundtrip", json!({"values": vec!["a"; 9]}));
    assert_eq!((s, kind(&v)), (413, "too-many-items"));
}

#[test]
fn qr_content_disposition_and_base64() {
    let api = Api::start();
    let (s, v) = api.post("qr", json!({"text": "https://example.com/"}));
    assert_eq!(s, 200);
    assert!(v["svg"].as_str().expect("svg").starts_with("<?xml"));
    let (s, v) = api.post("qr", json!({"text": ""}));
    assert_eq!((s, kind(&v)), (422, "empty-input"));
    let (s, v) = api.post("encode", json!({"text": "%E6%97%A5"}));
    assert_eq!(
        (s, v["warnings"][0]["kind"].as_str()),
        (200, Some("already-encoded"))
    );
    assert_eq!(v, json!(urlkit_records::codec::encode_record("%E6%97%A5")));
    let (s, v) = api.post("convert", json!({"text": "%E6%89%8B"}));
    assert_eq!(s, 200);
    assert_eq!(
        v,
        json!(urlkit_records::codec::Convert::new(
            "%E6%89%8B",
            &urlkit::convert::readings("%E6%89%8B")
        ))
    );
    assert_eq!(v["readings"][0]["output"], json!("手"));
    let (s, v) = api.post("content-disposition", json!({"text": "報告書.pdf"}));
    assert_eq!(s, 200);
    assert_eq!(
        v,
        json!(urlkit_records::header::record(
            "報告書.pdf",
            Some(urlkit::content_disposition::Disposition::Attachment),
            None
        ))
    );
    assert!(v["output"]
        .as_str()
        .expect("value")
        .contains("filename*=UTF-8''"));
    let (s, v) = api.post(
        "content-disposition",
        json!({"text": "attachment; filename*=bad", "mode": "parse"}),
    );
    assert_eq!(s, 422);
    assert_eq!(v["ok"], false);
    let (s, v) = api.post("base64", json!({"text": "??>", "alphabet": "url"}));
    assert_eq!((s, v["output"].as_str()), (200, Some("Pz8-")));
    let (s, v) = api.post("base64", json!({"text": "Zm9v YmFy", "way": "decode"}));
    assert_eq!(s, 422);
    assert_eq!(v["error"]["offset"], 4);
}

#[test]
fn reconcile_reads_pasted_lists_and_writes_the_cli_reports() {
    let api = Api::start();
    let left = "https://example.com/%E9%81%8B%E5%96%B6/\nhttps://example.com/about/\n";
    let right = "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.com/運営/</loc></url></urlset>";
    let (s, v) = api.post("reconcile", json!({"left": left, "right": right}));
    assert_eq!(s, 200, "{v}");
    let text = v["report"].as_str().expect("text");
    assert!(text.contains("only in left (missing)          1"), "{text}");
    assert!(text.contains("https://example.com/about/"));
    let (s, v) = api.post(
        "reconcile",
        json!({"left": left, "right": right, "format": "csv"}),
    );
    assert_eq!(s, 200);
    let csv = v["report"].as_str().expect("csv");
    assert!(csv.starts_with("status,left_url"), "{csv}");
    assert!(csv.contains("missing,https://example.com/about/"));
    let (s, v) = api.post(
        "reconcile",
        json!({"left": left, "right": right, "format": "markdown"}),
    );
    assert_eq!(s, 200);
    assert!(v["report"].as_str().expect("md").contains("| "));
    let many = "https://e.x/a\n".repeat(200_001);
    let (s, v) = api.post("reconcile", json!({"left": many, "right": "https://e.x/"}));
    assert_eq!((s, kind(&v)), (413, "too-many-lines"));
    let (s, v) = api.post(
        "reconcile",
        json!({"left": "a", "right": "b", "level": "x"}),
    );
    assert_eq!((s, kind(&v)), (400, "unknown-value"));
}

#[test]
fn reconcile_answers_a_pasted_100000_line_list() {
    let api = Api::start();
    let left: String = (0..100_000)
        .map(|i| format!("https://example.com/%e9%81%8b/{i}\n"))
        .collect();
    let right: String = (0..100_000)
        .filter(|i| i % 1000 != 0)
        .map(|i| format!("https://example.com/運/{i}\n"))
        .collect();
    let (s, v) = api.post("reconcile", json!({"left": left, "right": right}));
    assert_eq!(s, 200);
    let text = v["report"].as_str().expect("text");
    assert!(
        text.contains("only in left (missing)          100\n"),
        "{text}"
    );
}

/// The page's Reconcile panel (issue 25 item 4, case 6): a chosen file's name tells its
/// format and names it in the report; the records are those of `--json`; a list that gives
/// no URL is a typed error with its side; a sitemap index given as text fetches nothing.
#[test]
fn reconcile_reads_named_lists_by_name_and_content() {
    let api = Api::start();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/wordpress-site");
    let csv = std::fs::read_to_string(format!("{root}/local-list.csv")).expect("example");
    let wp = std::fs::read_to_string(format!("{root}/wp-json/posts.json")).expect("example");
    let (s, v) = api.post(
        "reconcile",
        json!({"left": csv, "right": wp, "left_name": "local-list.csv", "right_name": "posts.json", "format": "json"}),
    );
    assert_eq!(s, 200, "{v}");
    assert!(!v.to_string().contains("paste.invalid"), "{v}");
    let records = v["records"].as_array().expect("records");
    let summary = &records[0]["summary"];
    assert_eq!(summary["left"]["sources"][0]["format"], "csv");
    assert_eq!(summary["right"]["sources"][0]["format"], "wp");
    assert_eq!(
        (summary["only_left"].as_u64(), summary["matched"].as_u64()),
        (Some(10), Some(6))
    );
    let first = &records[1];
    assert_eq!(first["type"], "missing");
    assert_eq!(first["left"]["source"], "local-list.csv:8");
    assert_eq!(first["left"]["fields"]["title"], "運営者情報");
    assert_eq!(first["left"]["iri"], "https://example.com/運営者情報/");
    // Named .txt, the same bytes are lines of text (none of which is a URL): the name
    // decides, as a path's extension does for the command.
    let (s, v) = api.post(
        "reconcile",
        json!({"left": csv, "right": wp, "left_name": "list.txt", "format": "json"}),
    );
    assert_eq!((s, kind(&v)), (422, "unreadable-list"), "{v}");
    assert_eq!(
        (&v["error"]["side"], &v["error"]["reason"]),
        (&json!("left"), &json!("empty"))
    );
    // Pasted text without a name: `left`, told by content.
    let (s, v) = api.post(
        "reconcile",
        json!({"left": csv, "right": wp, "format": "csv"}),
    );
    assert_eq!(s, 200, "{v}");
    let report = v["report"].as_str().expect("csv");
    assert!(report.contains(",left:8,page,"), "{report}");
    let (s, v) = api.post("reconcile", json!({"left": csv, "right": "# nothing\n"}));
    assert_eq!((s, kind(&v)), (422, "unreadable-list"), "{v}");
    assert_eq!(
        (&v["error"]["side"], &v["error"]["reason"]),
        (&json!("right"), &json!("empty"))
    );
    let index = "<?xml version=\"1.0\"?><sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><sitemap><loc>http://127.0.0.1:9/a.xml</loc></sitemap></sitemapindex>";
    let (s, v) = api.post(
        "reconcile",
        json!({"left": csv, "right": index, "format": "json"}),
    );
    // Nothing fetched, so the index gives no URL.
    assert_eq!((s, kind(&v)), (422, "unreadable-list"), "{v}");
    let (s, v) = api.post(
        "reconcile",
        json!({"left": csv, "right": wp, "left_name": "a\u{7}.csv"}),
    );
    assert_eq!((s, kind(&v)), (400, "invalid-value"), "{v}");
}
