//! WPT URL conformance of `urlkit::whatwg`, one named test per vector, on the verbatim files
//! in `testdata/`:
//!
//! - `wpt_urltestdata::NNNN`, `ada_extra_urltestdata::NNNN`: `new URL(input, base)` and every
//!   attribute (url-constructor.any.js); failures must fail, also as a base
//!   (failure.html), and `relativeTo` inputs must parse against such bases.
//! - `wpt_setters::ATTR::NNNN`, `ada_extra_setters::ATTR::NNNN`: setters_tests.json.
//! - `wpt_toascii::NNNN`: toascii.json through the URL parser and the `host` and `hostname`
//!   setters (toascii.window.js).
//! - `wpt_idna_v2::NNNN`: IdnaTestV2.json through the URL parser (IdnaTestV2.window.js).
//!
//! NNNN is the index of the vector in its file (comments included), so a case can be found
//! and run by name. Known divergences: `wpt_url.expected-failures`.

mod expected_failures;
mod wpt_support;

use serde_json::Value;
use urlkit::whatwg::Url;
use wpt_support::{load, load_lenient, same, str_of, trials, Check};

const NON_OPAQUE_PATH_BASE: &str = "http://example.org/foo/bar";
const OPAQUE_PATH_BASE: &str = "sc:opaque";

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let mut checks: Vec<(String, Check)> = Vec::new();
    urltestdata(&mut checks, "wpt_urltestdata", "wpt/urltestdata.json");
    urltestdata(
        &mut checks,
        "ada_extra_urltestdata",
        "ada/ada_extra_urltestdata.json",
    );
    setters(&mut checks, "wpt_setters", "wpt/setters_tests.json");
    setters(
        &mut checks,
        "ada_extra_setters",
        "ada/ada_extra_setters_tests.json",
    );
    toascii(&mut checks);
    idna_v2(&mut checks);
    let trials = trials(checks, "wpt_url.expected-failures");
    libtest_mimic::run(&args, trials).exit();
}

/// The attribute `name` of `url` as the JavaScript API returns it.
fn attr(url: &Url, name: &str) -> Option<String> {
    Some(match name {
        "href" => url.href().to_owned(),
        "protocol" => url.protocol().to_owned(),
        "username" => url.username().to_owned(),
        "password" => url.password().to_owned(),
        "host" => url.host().to_owned(),
        "hostname" => url.hostname().to_owned(),
        "port" => url.port().to_owned(),
        "pathname" => url.pathname().to_owned(),
        "search" => url.search().to_owned(),
        "hash" => url.hash().to_owned(),
        "origin" => url.origin(),
        _ => return None,
    })
}

const ATTRS: [&str; 11] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash", "origin",
];

fn urltestdata(checks: &mut Vec<(String, Check)>, suite: &str, file: &str) {
    let data = load(file);
    let cases = data.as_array().expect("an array");
    for (i, case) in cases.iter().enumerate() {
        if case.is_string() {
            continue; // a comment, not a vector
        }
        let case = case.clone();
        checks.push((
            format!("{suite}::{i:04}"),
            Box::new(move || check_url_case(&case)),
        ));
    }
}

fn check_url_case(case: &Value) -> Result<(), String> {
    let input = str_of(case, "input").ok_or("no input")?;
    let base = str_of(case, "base");
    let parsed = Url::parse(input, base);
    if case.get("failure").and_then(Value::as_bool) == Some(true) {
        if let Ok(url) = parsed {
            return Err(format!("parsed as {:?}, expected failure", url.href()));
        }
        if base.is_none() {
            // failure.html: what fails with no base also fails as a base.
            if let Ok(url) = Url::parse("about:blank", Some(input)) {
                return Err(format!(
                    "usable as a base (about:blank against it gave {:?})",
                    url.href()
                ));
            }
        }
        match str_of(case, "relativeTo") {
            None => {}
            Some(rel) => {
                // "Parses against a base": one whose scheme is the input's own, when the
                // input starts with one (`https:@/x` is relative only to an https base).
                let non_opaque = match input.split_once(':') {
                    Some((scheme, _))
                        if !scheme.is_empty()
                            && scheme
                                .bytes()
                                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)) =>
                    {
                        format!("{scheme}://example.org/foo/bar")
                    }
                    _ => NON_OPAQUE_PATH_BASE.to_owned(),
                };
                let bases: Vec<&str> = match rel {
                    "non-opaque-path-base" => vec![&non_opaque],
                    "any-base" => vec![&non_opaque, OPAQUE_PATH_BASE],
                    other => return Err(format!("unknown relativeTo {other:?}")),
                };
                for b in bases {
                    if Url::parse(input, Some(b)).is_err() {
                        return Err(format!("relativeTo {rel}: does not parse against {b:?}"));
                    }
                }
            }
        }
        return Ok(());
    }
    let url = parsed.map_err(|e| format!("failed to parse: {e}"))?;
    for name in ATTRS {
        if let Some(want) = str_of(case, name) {
            let got = attr(&url, name).ok_or("unknown attribute")?;
            same(name, &got, want)?;
        }
    }
    if let Some(want) = str_of(case, "searchParams") {
        let got = urlkit::whatwg::UrlSearchParams::parse(url.search()).to_string();
        same("searchParams", &got, want)?;
    }
    Ok(())
}

fn setters(checks: &mut Vec<(String, Check)>, suite: &str, file: &str) {
    let data = load(file);
    let groups = data.as_object().expect("an object");
    for (setter, cases) in groups {
        if setter == "comment" {
            continue;
        }
        for (i, case) in cases.as_array().expect("an array").iter().enumerate() {
            let case = case.clone();
            let setter = setter.clone();
            checks.push((
                format!("{suite}::{setter}::{i:04}"),
                Box::new(move || check_setter_case(&setter, &case)),
            ));
        }
    }
}

fn apply_setter(url: &mut Url, setter: &str, value: &str) -> Result<(), String> {
    // The JavaScript setters ignore refusals, and so do the WPT expectations.
    let _ = match setter {
        "href" => url.set_href(value),
        "protocol" => url.set_protocol(value),
        "username" => url.set_username(value),
        "password" => url.set_password(value),
        "host" => url.set_host(value),
        "hostname" => url.set_hostname(value),
        "port" => url.set_port(value),
        "pathname" => url.set_pathname(value),
        "search" => {
            url.set_search(value);
            Ok(())
        }
        "hash" => {
            url.set_hash(value);
            Ok(())
        }
        other => return Err(format!("unknown setter {other:?}")),
    };
    Ok(())
}

fn check_setter_case(setter: &str, case: &Value) -> Result<(), String> {
    let href = str_of(case, "href").ok_or("no href")?;
    let value = str_of(case, "new_value").ok_or("no new_value")?;
    let mut url = Url::parse(href, None).map_err(|e| format!("href does not parse: {e}"))?;
    apply_setter(&mut url, setter, value)?;
    let expected = case
        .get("expected")
        .and_then(Value::as_object)
        .ok_or("no expected")?;
    for (name, want) in expected {
        let want = want.as_str().ok_or("expected value is not a string")?;
        let got = attr(&url, name).ok_or_else(|| format!("unknown attribute {name}"))?;
        same(name, &got, want)?;
    }
    Ok(())
}

fn toascii(checks: &mut Vec<(String, Check)>) {
    let data = load("wpt/toascii.json");
    for (i, case) in data.as_array().expect("an array").iter().enumerate() {
        if case.is_string() {
            continue;
        }
        let case = case.clone();
        checks.push((
            format!("wpt_toascii::{i:04}"),
            Box::new(move || check_toascii_case(&case)),
        ));
    }
}

/// toascii.window.js: through `new URL("https://" + input + "/x")`, then through the `host`
/// and `hostname` setters of `https://x/x` (a refused value leaves `x`).
fn check_toascii_case(case: &Value) -> Result<(), String> {
    let input = str_of(case, "input").ok_or("no input")?;
    let output = str_of(case, "output");
    check_host_through_url(input, output)?;
    for setter in ["host", "hostname"] {
        let mut url = Url::parse("https://x/x", None).map_err(|e| e.to_string())?;
        apply_setter(&mut url, setter, input)?;
        let got = attr(&url, setter).ok_or("attribute")?;
        same(&format!("{setter} setter"), &got, output.unwrap_or("x"))?;
    }
    Ok(())
}

fn check_host_through_url(input: &str, output: Option<&str>) -> Result<(), String> {
    let parsed = Url::parse(&format!("https://{input}/x"), None);
    match (parsed, output) {
        (Err(_), None) => Ok(()),
        (Ok(url), None) => Err(format!("parsed as {:?}, expected failure", url.href())),
        (Err(e), Some(_)) => Err(format!("failed: {e}")),
        (Ok(url), Some(want)) => {
            same("host", url.host(), want)?;
            same("hostname", url.hostname(), want)?;
            same("pathname", url.pathname(), "/x")?;
            same("href", url.href(), &format!("https://{want}/x"))
        }
    }
}

fn idna_v2(checks: &mut Vec<(String, Check)>) {
    let (data, lone) = load_lenient("wpt/IdnaTestV2.json");
    for (i, case) in data.as_array().expect("an array").iter().enumerate() {
        if case.is_string() {
            continue;
        }
        let case = case.clone();
        let input = str_of(&case, "input").unwrap_or_default().to_owned();
        let not_scalar = lone.contains(&input);
        checks.push((
            format!("wpt_idna_v2::{i:04}"),
            Box::new(move || {
                let output = str_of(&case, "output");
                if not_scalar && output.is_some() {
                    // Such an input is not a scalar value string: a browser replaces each
                    // lone surrogate by U+FFFD, which no valid domain contains.
                    return Err("a lone-surrogate input cannot have a valid output".into());
                }
                check_host_through_url(&input, output)
            }),
        ));
    }
}
