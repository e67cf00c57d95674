//! The known parser-differential patterns, one named test each
//! (`parser_disagreement::<pattern>`): what each model sees and which components the
//! `parser-disagreement` rule reports.

use libtest_mimic::{Arguments, Failed, Trial};
use urlkit::lint::parser_disagreement::{check, side_by_side};

/// (name, input, base, components reported, host RFC 3986 splits out, host a browser sees).
/// `None` for a host: that model rejects the URL (for RFC 3986: no authority in the split).
type Case = (
    &'static str,
    &'static str,
    Option<&'static str>,
    &'static [&'static str],
    Option<&'static str>,
    Option<&'static str>,
);

const CASES: &[Case] = &[
    // Orange Tsai's "A New Era of SSRF": a space in the userinfo; other parsers see 1.1.1.1
    // or 3.3.3.3, RFC 3986 rejects the space, a browser sees 2.2.2.2.
    (
        "userinfo_space_three_hosts",
        "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/",
        None,
        &["accept"],
        Some("2.2.2.2"),
        Some("2.2.2.2"),
    ),
    (
        "backslash_in_host",
        "http://a\\b/",
        None,
        &["accept"],
        Some("a\\b"),
        Some("a"),
    ),
    (
        "backslash_slashes",
        "http:\\\\evil.com",
        None,
        &["accept"],
        None,
        Some("evil.com"),
    ),
    (
        "backslash_in_path",
        "http://good.com\\@evil.com/",
        None,
        &["accept"],
        Some("evil.com"),
        Some("good.com"),
    ),
    (
        "tab_inside_host",
        "http://ex\tample.com/",
        None,
        &["accept"],
        Some("ex\tample.com"),
        Some("example.com"),
    ),
    (
        "newline_inside_path",
        "http://example.com/a\nb",
        None,
        &["accept"],
        Some("example.com"),
        Some("example.com"),
    ),
    (
        "cr_inside_scheme",
        "ht\rtp://example.com/",
        None,
        &["accept"],
        Some("example.com"),
        Some("example.com"),
    ),
    (
        "leading_space",
        " http://example.com/",
        None,
        &["accept"],
        Some("example.com"),
        Some("example.com"),
    ),
    (
        "leading_c0",
        "\u{1}http://example.com/",
        None,
        &["accept"],
        Some("example.com"),
        Some("example.com"),
    ),
    (
        "trailing_c0_and_space",
        "http://example.com/ \u{1f}",
        None,
        &["accept"],
        Some("example.com"),
        Some("example.com"),
    ),
    (
        "encoded_dot_dot_segment",
        "http://example.com/a/%2e%2e/b",
        None,
        &["path"],
        Some("example.com"),
        Some("example.com"),
    ),
    (
        "mixed_encoded_dot_segment",
        "http://example.com/a/b/.%2E/c",
        None,
        &["path"],
        Some("example.com"),
        Some("example.com"),
    ),
    (
        "encoded_dot_segment_only",
        "http://example.com/a/%2e/b",
        None,
        &["path"],
        Some("example.com"),
        Some("example.com"),
    ),
    (
        "literal_dot_segments_agree",
        "http://example.com/a/../b/./c",
        None,
        &[],
        Some("example.com"),
        Some("example.com"),
    ),
    (
        "ipv4_hex",
        "http://0x7f.0x1/",
        None,
        &["host"],
        Some("0x7f.0x1"),
        Some("127.0.0.1"),
    ),
    (
        "ipv4_octal",
        "http://0177.0.0.01/",
        None,
        &["host"],
        Some("0177.0.0.01"),
        Some("127.0.0.1"),
    ),
    (
        "ipv4_short",
        "http://127.1/",
        None,
        &["host"],
        Some("127.1"),
        Some("127.0.0.1"),
    ),
    (
        "ipv4_single_number",
        "http://2130706433/",
        None,
        &["host"],
        Some("2130706433"),
        Some("127.0.0.1"),
    ),
    (
        "ipv4_dotted_agree",
        "http://127.0.0.1/",
        None,
        &[],
        Some("127.0.0.1"),
        Some("127.0.0.1"),
    ),
    (
        "ipv4_non_special_is_opaque",
        "foo://0x7f.1/",
        None,
        &[],
        Some("0x7f.1"),
        Some("0x7f.1"),
    ),
    (
        "brackets_around_name",
        "http://[a.com]/",
        None,
        &[],
        Some("[a.com]"),
        None,
    ),
    (
        "brackets_around_ipv4",
        "http://[1.2.3.4]/",
        None,
        &[],
        Some("[1.2.3.4]"),
        None,
    ),
    (
        "brackets_ipvfuture",
        "http://[v1.x]/",
        None,
        &["accept"],
        Some("[v1.x]"),
        None,
    ),
    (
        "brackets_ipv6_agree",
        "http://[0:0::1]/",
        None,
        &[],
        Some("[0:0::1]"),
        Some("[::1]"),
    ),
    (
        "fullwidth_slash_in_host",
        "https://evil.com\u{ff0f}x.good.com/",
        None,
        &["accept"],
        Some("evil.com\u{ff0f}x.good.com"),
        None,
    ),
    (
        "fullwidth_question_in_host",
        "https://evil.com\u{ff1f}.good.com/",
        None,
        &["accept"],
        Some("evil.com\u{ff1f}.good.com"),
        None,
    ),
    (
        "fullwidth_hash_in_host",
        "https://evil.com\u{ff03}.good.com/",
        None,
        &["accept"],
        Some("evil.com\u{ff03}.good.com"),
        None,
    ),
    (
        "fullwidth_at_in_host",
        "https://good.com\u{ff20}evil.com/",
        None,
        &["accept"],
        Some("good.com\u{ff20}evil.com"),
        None,
    ),
    (
        "fullwidth_hash_in_userinfo_agree",
        "https://a.com\u{ff03}@b.com/",
        None,
        &[],
        Some("b.com"),
        Some("b.com"),
    ),
    (
        "two_at_signs",
        "http://user@good.com@evil.com/",
        None,
        &["accept"],
        Some("evil.com"),
        Some("evil.com"),
    ),
    (
        "at_in_password",
        "http://u:p@ss@evil.com/",
        None,
        &["accept"],
        Some("evil.com"),
        Some("evil.com"),
    ),
    (
        "iri_agrees",
        "https://例え.jp/運営?q=東京",
        None,
        &[],
        Some("例え.jp"),
        Some("xn--r8jz45g.jp"),
    ),
    (
        "spelling_only_agrees",
        "HTTP://Example.COM:80/%7euser/./x",
        None,
        &[],
        Some("Example.COM"),
        Some("example.com"),
    ),
    (
        "default_port_with_zeros_agrees",
        "https://a:0443/",
        None,
        &[],
        Some("a"),
        Some("a"),
    ),
    (
        "relative_without_base_both_reject",
        "/a/b",
        None,
        &[],
        None,
        None,
    ),
    (
        "relative_with_base_agrees",
        "../g",
        Some("http://a/b/c/d;p?q"),
        &[],
        Some("a"),
        Some("a"),
    ),
    (
        "file_localhost",
        "file://localhost/etc/passwd",
        None,
        &["host"],
        Some("localhost"),
        Some(""),
    ),
];

fn run(case: &Case) -> Result<(), Failed> {
    let (_, input, base, components, rfc_host, whatwg_host) = *case;
    let seen = side_by_side(input, base);
    let got: Vec<&str> = seen.differences.iter().map(|d| d.component()).collect();
    if got != components {
        return Err(format!("reported {got:?}, expected {components:?}: {seen:?}").into());
    }
    let split_host = seen.rfc3986_split.host.as_deref();
    let got_rfc_host = match &seen.rfc3986 {
        Ok(r) => r.host.as_deref(),
        Err(_) => split_host,
    };
    if got_rfc_host != rfc_host {
        return Err(format!("RFC 3986 host {got_rfc_host:?}, expected {rfc_host:?}").into());
    }
    let got_whatwg_host = seen.whatwg.as_ref().ok().map(|c| c.hostname.as_str());
    if got_whatwg_host != whatwg_host {
        return Err(format!("WHATWG host {got_whatwg_host:?}, expected {whatwg_host:?}").into());
    }
    let diagnostics = check(input, base);
    if diagnostics.len() != components.len() {
        return Err(format!(
            "{} diagnostics for {} differences",
            diagnostics.len(),
            components.len()
        )
        .into());
    }
    for d in &diagnostics {
        if d.span.end > input.len() || d.span.start > d.span.end || d.rule != "parser-disagreement"
        {
            return Err(format!("bad diagnostic {d:?}").into());
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let trials = CASES
        .iter()
        .map(|case| {
            Trial::test(format!("parser_disagreement::{}", case.0), move || {
                run(case)
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
