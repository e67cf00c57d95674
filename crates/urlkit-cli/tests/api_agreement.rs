//! Every door gives the same answer: each endpoint of the web API (`urlkit_api::call`, which
//! `urlkit serve` and the WebAssembly page both answer with) gives the record that the CLI's
//! `--json` prints for the same input.

mod support;

use serde_json::{json, Value};

/// The CLI's records for `args` (JSON Lines), parsed.
fn cli(args: &[&str]) -> Vec<Value> {
    let out = support::run(args, b"");
    String::from_utf8(out.stdout)
        .expect("the CLI writes UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The one record of `args`.
fn cli_one(args: &[&str]) -> Value {
    let mut all = cli(args);
    assert_eq!(all.len(), 1, "{args:?}");
    all.remove(0)
}

fn api(name: &str, body: Value) -> (u16, Value) {
    urlkit_api::call(name, body.to_string().as_bytes())
}

#[test]
fn codec_endpoints_answer_as_the_commands() {
    for text in ["a b&c=d/e?f#g+h~!'()*日本", "100%", "%E9%81%8B%zz+x"] {
        assert_eq!(
            api("table", json!({ "text": text })).1,
            cli_one(&["table", "--json", text])
        );
        assert_eq!(
            api("explain", json!({ "text": text })).1,
            cli_one(&["explain", "--json", text])
        );
        let (_, decoded) = api("decode", json!({ "text": text }));
        for mode in ["strict", "lenient", "form"] {
            assert_eq!(
                decoded[mode],
                cli_one(&["decode", "--json", "--mode", mode, text]),
                "{mode} {text}"
            );
        }
        for (way, flag) in [("encode", None), ("decode", Some("--decode"))] {
            let mut args = vec!["base64", "--json"];
            args.extend(flag);
            args.push(text);
            assert_eq!(
                api("base64", json!({ "text": text, "way": way })).1,
                cli_one(&args),
                "{way} {text}"
            );
        }
    }
    for name in ["報告書.pdf", "a\"b.txt"] {
        let (_, built) = api("content-disposition", json!({ "text": name }));
        assert_eq!(built, cli_one(&["content-disposition", "--json", name]));
    }
    let value = "attachment; filename*=UTF-8''%E2%82%AC.txt";
    let (_, parsed) = api(
        "content-disposition",
        json!({ "text": value, "mode": "parse" }),
    );
    assert_eq!(
        parsed,
        cli_one(&["content-disposition", "--json", "--parse", value])
    );
}

#[test]
fn url_endpoints_answer_as_the_commands() {
    for url in [
        "https://example.com/?q=%8AO%91%95%95s%97%C7",
        "http://example.com\\path",
        "http://0x7f.1/",
        "http://[::1",
    ] {
        assert_eq!(
            api("repair", json!({ "url": url })).1,
            cli_one(&["repair", "--json", url]),
            "{url}"
        );
        assert_eq!(
            api("parse", json!({ "url": url })).1,
            cli_one(&["parse", "--json", url]),
            "{url}"
        );
    }
    for (a, b, level) in [
        (
            "https://example.com/%e9%81%8b/",
            "https://example.com/運/",
            "safe",
        ),
        ("http://a/b%2Fc", "http://a/b/c", "loose"),
        ("http://[::1", "http://a/", "safe"),
        ("http://a/", "http://a/%zz", "normal"),
    ] {
        let (_, ours) = api("compare", json!({ "a": a, "b": b, "level": level }));
        assert_eq!(
            ours,
            cli_one(&["compare", "--json", "--level", level, a, b]),
            "{a} {b}"
        );
    }
    let urls = [
        "https://example.com/%e9%81%8b",
        "https://example.com/ok",
        "https://a/%E6%97%A5",
    ];
    let (_, linted) = api("lint", json!({ "urls": urls }));
    let mut args = vec!["lint", "--json"];
    args.extend(urls);
    assert_eq!(linted["records"], json!(cli(&args)));
    let (_, built) = api(
        "build",
        json!({"base": "https://日本語.jp", "segments": ["パス"], "params": ["k=a b"], "fragment": "f"}),
    );
    assert_eq!(
        built,
        cli_one(&[
            "build",
            "--json",
            "https://日本語.jp",
            "--segment",
            "パス",
            "--param",
            "k=a b",
            "--fragment",
            "f"
        ])
    );
    for style in [
        "rfc3986",
        "go.Values.Encode",
        "php.http_build_query",
        "java.URLEncoder",
    ] {
        let params = ["b=x~y", "a=1 2", "b=*"];
        let (_, built) = api(
            "build",
            json!({"base": "https://a/?z=%20", "segments": [], "params": params, "query_style": style}),
        );
        let mut args = vec![
            "build",
            "--json",
            "https://a/?z=%20",
            "--query-style",
            style,
        ];
        for p in &params {
            args.extend(["--param", p]);
        }
        assert_eq!(built, cli_one(&args), "{style}");
    }
    // The browser-rewrite note, at both doors.
    let (_, noted) = api(
        "build",
        json!({"base": "https://example.com/?q=a%20b&x", "segments": [], "params": ["p=1"],
               "set_params": ["tag=C++"], "remove_params": ["x"]}),
    );
    assert_eq!(
        noted,
        cli_one(&[
            "build",
            "--json",
            "https://example.com/?q=a%20b&x",
            "--param",
            "p=1",
            "--set-param",
            "tag=C++",
            "--remove-param",
            "x"
        ])
    );
    assert_eq!(
        noted["browser_rewrite"],
        json!("https://example.com/?q=a+b&tag=C%2B%2B&p=1")
    );
    let (status, refused) = api(
        "build",
        json!({"base": "https://a/", "segments": [], "params": [], "query_style": "go.values.encode"}),
    );
    assert_eq!(
        (status, &refused["error"]["kind"]),
        (400, &json!("unknown-value"))
    );
    let (_, cells) = api("roundtrip", json!({ "values": ["C++", "a b"] }));
    assert_eq!(
        cells["records"],
        json!(cli(&["roundtrip", "--json", "C++", "a b"]))
    );
}
