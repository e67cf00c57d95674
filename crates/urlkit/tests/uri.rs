//! `uri`: RFC 3986 §5.4 reference resolution, §5.2.4 `remove_dot_segments`, CPython's
//! `urljoin` calls and Go's `net/url` resolve tables, one named test per vector.

mod expected_failures;
mod normalize_harness;

use libtest_mimic::Arguments;
use normalize_harness::{load, string_list, text, Suite};
use urlkit::uri::{parse, remove_dot_segments, resolve_str, Resolution};

fn check_eq(got: &str, want: &str) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("got {got:?}, want {want:?}"))
    }
}

fn rfc3986(trials: &mut Vec<libtest_mimic::Trial>) {
    let data = load("rfc3986/reference_resolution.json");
    let base = data["base"].as_str().unwrap().to_owned();
    let mut suite = Suite::new("rfc3986_reference_resolution.txt");
    let mut n = 0;
    for group in ["normal", "abnormal"] {
        for case in data[group].as_array().unwrap() {
            n += 1;
            let reference = case["reference"].as_str().unwrap().to_owned();
            let want = case["expected"].as_str().unwrap().to_owned();
            let alternatives: Vec<String> = string_list(&case["alternatives"]);
            let b = base.clone();
            suite.case(format!("rfc3986_reference_resolution::{n:04}"), move || {
                let got =
                    resolve_str(&b, &reference, Resolution::Strict).map_err(|e| e.to_string())?;
                check_eq(&got, &want)?;
                for alt in &alternatives {
                    let got = resolve_str(&b, &reference, Resolution::BackwardCompatible)
                        .map_err(|e| e.to_string())?;
                    check_eq(&got, alt)?;
                }
                Ok(())
            });
        }
    }
    trials.extend(suite.finish("rfc3986_reference_resolution"));

    let data = load("rfc3986/remove_dot_segments.json");
    let mut suite = Suite::new("rfc3986_remove_dot_segments.txt");
    for (i, case) in data["cases"].as_array().unwrap().iter().enumerate() {
        let input = case["input"].as_str().unwrap().to_owned();
        let want = case["output"].as_str().unwrap().to_owned();
        suite.case(
            format!("rfc3986_remove_dot_segments::{:04}", i + 1),
            move || check_eq(&remove_dot_segments(&input), &want),
        );
    }
    trials.extend(suite.finish("rfc3986_remove_dot_segments"));
}

fn cpython(trials: &mut Vec<libtest_mimic::Trial>) {
    let data = load("cpython/urllib_parse_calls.json");
    let mut suite = Suite::new("cpython_urljoin.txt");
    let calls = data["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["function"] == "urljoin");
    for (i, call) in calls.enumerate() {
        let base = text(&call["args"][0]);
        let reference = text(&call["args"][1]);
        let want = call.get("result").and_then(text);
        let no_fragments = call["kwargs"].get("allow_fragments")
            == Some(&serde_json::Value::Bool(false))
            || call["args"].get(2) == Some(&serde_json::Value::Bool(false));
        suite.case(format!("cpython_urljoin::{:04}", i + 1), move || {
            let (Some(base), Some(reference)) = (base, reference) else {
                return Err("arguments are not text".into());
            };
            let want = want.ok_or("urljoin raised")?;
            if no_fragments {
                return Err("allow_fragments=False has no RFC 3986 reading".into());
            }
            // urljoin reads `http:g` against an http base as relative: RFC 3986 §5.4.2's
            // backward-compatible reading.
            let got = resolve_str(&base, &reference, Resolution::BackwardCompatible)
                .map_err(|e| e.to_string())?;
            check_eq(&got, &want)
        });
    }
    trials.extend(suite.finish("cpython_urljoin"));
}

fn go(trials: &mut Vec<libtest_mimic::Trial>) {
    let data = load("go/net_url_resolve.json");
    let tables = &data["tables"];
    let mut suite = Suite::new("go_net_url_resolve.txt");
    for (i, case) in tables["resolveReferenceTests"]["cases"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let base = case["base"].as_str().unwrap().to_owned();
        let rel = case["rel"].as_str().unwrap().to_owned();
        let want = case["expected"].as_str().unwrap().to_owned();
        suite.case(format!("go_resolve_reference::{:04}", i + 1), move || {
            let got = resolve_str(&base, &rel, Resolution::Strict).map_err(|e| e.to_string())?;
            check_eq(&got, &want)
        });
    }
    for (i, case) in tables["resolvePathTests"]["cases"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        // Go's resolvePath works on the paths of URLs with an authority: give both one.
        let base = format!(
            "s://h/{}",
            case["base"].as_str().unwrap().trim_start_matches('/')
        );
        let rel = case["ref"].as_str().unwrap().to_owned();
        let want = case["expected"].as_str().unwrap().to_owned();
        suite.case(format!("go_resolve_path::{:04}", i + 1), move || {
            let got = resolve_str(&base, &rel, Resolution::Strict).map_err(|e| e.to_string())?;
            let u = parse(&got).map_err(|e| e.to_string())?;
            check_eq(u.path(), &want)
        });
    }
    for (i, case) in tables["joinPathTests"]["cases"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let base = case["base"].as_str().unwrap().to_owned();
        let elems: Vec<String> = string_list(&case["elem"]);
        let want = case["out"].as_str().unwrap_or("").to_owned();
        suite.case(format!("go_join_path::{:04}", i + 1), move || {
            // JoinPath(base, elem...) read as RFC 3986: each element a path segment appended
            // to the base path, then dot segments removed.
            let u = match parse(&base) {
                Ok(u) => u,
                Err(_) if want.is_empty() => return Ok(()),
                Err(e) => return Err(e.to_string()),
            };
            let mut path = u.path().to_owned();
            for e in &elems {
                if !path.ends_with('/') {
                    path.push('/');
                }
                path.push_str(e.trim_start_matches('/'));
            }
            let path = remove_dot_segments(&path);
            let got =
                urlkit::uri::recompose(u.scheme(), u.authority(), &path, u.query(), u.fragment());
            if want.is_empty() {
                return match parse(&got) {
                    Err(_) => Ok(()),
                    Ok(_) => Err(format!("Go expects an error; we give {got:?}")),
                };
            }
            check_eq(&got, &want)
        });
    }
    trials.extend(suite.finish("go_net_url_resolve"));
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    rfc3986(&mut trials);
    cpython(&mut trials);
    go(&mut trials);
    libtest_mimic::run(&args, trials).exit();
}
