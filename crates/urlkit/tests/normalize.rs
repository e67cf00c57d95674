//! `normalize` and `compare` against RFC 3986 §6.2 and the normalizer libraries' own test
//! suites (python-rfc3986, url-normalize, purell, w3lib `canonicalize_url`, normalize-url,
//! Safe Browsing), one named test per vector; plus the real-URL sample (idempotence, keys
//! agree with `compare`) and a million dot segments.
//!
//! A normalizer case "input -> output" is checked as: our key of the input equals our key of
//! the library's output, at the level and switches that match the library's documented
//! options (a library may write a different but equivalent form).

mod expected_failures;
mod normalize_harness;

use libtest_mimic::{Arguments, Trial};
use normalize_harness::{load, string_list, testdata, text, Suite};
use serde_json::Value;
use urlkit::compare::compare;
use urlkit::normalize::{key, normalize, Form, Level, LooseRule, Options, Rule};
use urlkit::uri::{remove_dot_segments, resolve_str, Resolution};

/// The loose switch of `rule`, which the peers' flags name.
fn switch(rule: Rule) -> LooseRule {
    LooseRule::new(rule).expect("invariant: the peers' flags name rules of the loose rung")
}

/// Equal keys at `o`.
fn equivalent(o: &Options, a: &str, b: &str) -> Result<(), String> {
    let ka = key(a, o).map_err(|e| format!("{a:?}: {e}"))?;
    let kb = key(b, o).map_err(|e| format!("{b:?}: {e}"))?;
    if ka == kb {
        Ok(())
    } else {
        Err(format!("keys differ at {}: {ka:?} vs {kb:?}", o.level()))
    }
}

fn uri_ref(v: &Value) -> Option<String> {
    v.get("$uri_reference")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .or_else(|| text(v))
}

fn rfc3986_equivalences(trials: &mut Vec<Trial>) {
    let data = load("rfc3986/normalization_equivalences.json");
    let mut suite = Suite::new("rfc3986_normalization.txt");
    for (i, case) in data["cases"].as_array().unwrap().iter().enumerate() {
        let case = case.clone();
        suite.case(format!("rfc3986_normalization::{:04}", i + 1), move || {
            let o = Options::new(Level::Normal);
            let strs = |k: &str| string_list(&case[k]);
            let eq = strs("equivalent");
            for w in eq.windows(2) {
                equivalent(&o, &w[0], &w[1])?;
            }
            if let Some(nf) = case["normal_form"].as_str() {
                let got = key(&eq[0], &o).map_err(|e| e.to_string())?;
                if got != nf {
                    return Err(format!("normal form {got:?}, RFC says {nf:?}"));
                }
            }
            let ne = strs("not_equivalent");
            for w in ne.windows(2) {
                if equivalent(&o, &w[0], &w[1]).is_ok() {
                    return Err(format!("{:?} and {:?} must differ", w[0], w[1]));
                }
            }
            Ok(())
        });
    }
    trials.extend(suite.finish("rfc3986_normalization"));
}

fn python_rfc3986(trials: &mut Vec<Trial>) {
    let data = load("python-rfc3986/calls.json");
    let mut suite = Suite::new("python_rfc3986.txt");
    let mut n = 0;
    for call in data["cases"].as_array().unwrap() {
        let f = call["function"].as_str().unwrap_or("");
        let args: Vec<Option<String>> = call["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(uri_ref)
            .collect();
        let result = call.get("result").cloned();
        let raises = call
            .get("raises")
            .and_then(Value::as_str)
            .map(str::to_owned);
        let check: Box<dyn FnOnce() -> Result<(), String> + Send> = match f {
            // normalize_uri / URIReference.normalize: RFC 3986 §6.2.2 (case, hex case, dot
            // segments) = our `normal`.
            "URIReference.normalize" | "normalize_uri" => Box::new(move || {
                let input = args[0].clone().ok_or("no input")?;
                let want = result.as_ref().and_then(uri_ref).ok_or("no result")?;
                equivalent(&Options::new(Level::Normal), &input, &want)
            }),
            "URIMixin.normalized_equality" => Box::new(move || {
                let (a, b) = (
                    args[0].clone().ok_or("no a")?,
                    args[1].clone().ok_or("no b")?,
                );
                let want = result
                    .as_ref()
                    .and_then(Value::as_bool)
                    .ok_or("no result")?;
                let got = compare(&a, &b, &Options::new(Level::Normal))
                    .map(|c| c.equal)
                    .map_err(|e| e.to_string())?;
                if got == want {
                    Ok(())
                } else {
                    Err(format!("equal at normal: {got}, library: {want}"))
                }
            }),
            "remove_dot_segments" => Box::new(move || {
                let input = args[0].clone().ok_or("no input")?;
                let want = result.as_ref().and_then(text).ok_or("no result")?;
                let got = remove_dot_segments(&input);
                if got == want {
                    Ok(())
                } else {
                    Err(format!("got {got:?}, want {want:?}"))
                }
            }),
            // resolve_with(reference, base, strict=False): RFC 3986 §5.2 with the
            // backward-compatible reading (the library's default is not strict).
            "URIMixin.resolve_with" => Box::new(move || {
                let reference = args[0].clone().ok_or("no reference")?;
                let base = args[1].clone().ok_or("no base")?;
                let got = resolve_str(&base, &reference, Resolution::BackwardCompatible);
                match (got, result.as_ref().and_then(uri_ref), &raises) {
                    // The library normalizes what it resolves; compare at `normal`.
                    (Ok(g), Some(w), _) => equivalent(&Options::new(Level::Normal), &g, &w),
                    (Err(_), _, Some(_)) => Ok(()),
                    (Ok(g), None, Some(r)) => Err(format!("library raises {r}; we give {g:?}")),
                    (Err(e), _, None) => Err(e.to_string()),
                    (Ok(g), None, None) => Err(format!("no result; we give {g:?}")),
                }
            }),
            _ => continue,
        };
        n += 1;
        suite.case(format!("python_rfc3986::{n:04}"), check);
    }
    trials.extend(suite.finish("python_rfc3986"));
}

fn url_normalize(trials: &mut Vec<Trial>) {
    let data = load("url-normalize/calls.json");
    let mut suite = Suite::new("url_normalize.txt");
    let calls = data["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["function"] == "url_normalize");
    for (i, call) in calls.enumerate() {
        let input = text(&call["args"][0]);
        let want = call.get("result").and_then(text);
        let filter = call["kwargs"].get("filter_params") == Some(&Value::Bool(true));
        suite.case(format!("url_normalize::{:04}", i + 1), move || {
            // url_normalize: case, IDN, default port, dot segments, encoding of unsafe
            // characters = our `normal`; filter_params drops parameters = tracking-params.
            let mut o = Options::new(Level::Normal);
            if filter {
                o = o.loose_on(switch(Rule::TrackingParams));
            }
            equivalent(&o, &input.ok_or("no input")?, &want.ok_or("no result")?)
        });
    }
    trials.extend(suite.finish("url_normalize"));
}

fn purell_options(flags: &[String], sets: &Value) -> Options {
    fn expand(f: &str, sets: &Value, out: &mut Vec<String>) {
        match sets[f].as_array() {
            Some(members) => members
                .iter()
                .filter_map(Value::as_str)
                .for_each(|m| expand(m, sets, out)),
            None => out.push(f.to_owned()),
        }
    }
    let mut atoms = Vec::new();
    flags.iter().for_each(|f| expand(f, sets, &mut atoms));
    let mut level = Level::Safe;
    let mut on = Vec::new();
    for a in &atoms {
        match a.as_str() {
            "FlagRemoveDotSegments" => level = level.max(Level::Normal),
            "FlagRemoveTrailingSlash" | "FlagAddTrailingSlash" => {
                on.push(switch(Rule::TrailingSlash))
            }
            "FlagRemoveDirectoryIndex" => on.push(switch(Rule::IndexPage)),
            "FlagRemoveFragment" => on.push(switch(Rule::Fragment)),
            "FlagForceHTTP" => on.push(switch(Rule::Scheme)),
            "FlagRemoveWWW" | "FlagAddWWW" => on.push(switch(Rule::Www)),
            "FlagSortQuery" => on.push(switch(Rule::QueryOrder)),
            _ => {}
        }
    }
    on.into_iter().fold(Options::new(level), Options::loose_on)
}

fn purell(trials: &mut Vec<Trial>) {
    let data = load("purell/cases.json");
    let sets = data["_meta"]["flag_sets"].clone();
    let mut suite = Suite::new("purell.txt");
    for (i, case) in data["cases"].as_array().unwrap().iter().enumerate() {
        let flags: Vec<String> = case["flags"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect();
        let o = purell_options(&flags, &sets);
        let input = text(&case["input"]).or_else(|| {
            case["input"]
                .get("$bytes_hex")
                .and_then(Value::as_str)
                .map(str::to_owned)
        });
        let want = text(&case["expected"]);
        suite.case(format!("purell::{:04}", i + 1), move || {
            equivalent(
                &o,
                &input.ok_or("input is not UTF-8")?,
                &want.ok_or("no result")?,
            )
        });
    }
    trials.extend(suite.finish("purell"));
}

fn w3lib(trials: &mut Vec<Trial>) {
    let data = load("w3lib/calls.json");
    let mut suite = Suite::new("w3lib_canonicalize_url.txt");
    let calls = data["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["function"] == "canonicalize_url");
    for (i, call) in calls.enumerate() {
        let input = text(&call["args"][0]).or_else(|| parse_result(&call["args"][0]));
        let want = call.get("result").and_then(text);
        let keep_fragments = call["kwargs"].get("keep_fragments") == Some(&Value::Bool(true));
        suite.case(format!("w3lib_canonicalize_url::{:04}", i + 1), move || {
            // canonicalize_url: sorted query, spaces as '+', hex case, fragment dropped
            // = `safe` + query-order + plus-space (+ fragment unless keep_fragments).
            let mut o = Options::new(Level::Safe)
                .loose_on(switch(Rule::QueryOrder))
                .loose_on(switch(Rule::PlusSpace));
            if !keep_fragments {
                o = o.loose_on(switch(Rule::Fragment));
            }
            equivalent(&o, &input.ok_or("no input")?, &want.ok_or("no result")?)
        });
    }
    trials.extend(suite.finish("w3lib_canonicalize_url"));
}

/// A Python `urllib.parse.ParseResult` recomposed (`urlunparse`).
fn parse_result(v: &Value) -> Option<String> {
    let f = v.get("fields")?;
    let get = |k: &str| f.get(k).and_then(Value::as_str).unwrap_or("");
    let mut s = format!("{}://{}{}", get("scheme"), get("netloc"), get("path"));
    for (sep, k) in [(";", "params"), ("?", "query"), ("#", "fragment")] {
        if !get(k).is_empty() {
            s.push_str(sep);
            s.push_str(get(k));
        }
    }
    Some(s)
}

fn normalize_url(trials: &mut Vec<Trial>) {
    let data = load("normalize-url/calls.json");
    let mut suite = Suite::new("normalize_url.txt");
    for (i, call) in data["cases"].as_array().unwrap().iter().enumerate() {
        let input = text(&call["args"][0]);
        let opts = call["args"].get(1).cloned().unwrap_or(Value::Null);
        let want = call.get("result").and_then(text);
        let throws = call.get("throws").is_some();
        suite.case(format!("normalize_url::{:04}", i + 1), move || {
            // Defaults: stripWWW, removeTrailingSlash, sortQueryParameters, utm_* removed;
            // stripHash, removeDirectoryIndex, forceHttp(s) off.
            let flag =
                |k: &str, default: bool| opts.get(k).and_then(Value::as_bool).unwrap_or(default);
            let mut o = Options::new(Level::Loose);
            let switches = [
                (switch(Rule::Www), flag("stripWWW", true)),
                (
                    switch(Rule::TrailingSlash),
                    flag("removeTrailingSlash", true),
                ),
                (switch(Rule::QueryOrder), flag("sortQueryParameters", true)),
                (
                    switch(Rule::TrackingParams),
                    opts.get("removeQueryParameters") != Some(&Value::Bool(false)),
                ),
                (switch(Rule::Fragment), flag("stripHash", false)),
                (
                    switch(Rule::IndexPage),
                    opts.get("removeDirectoryIndex")
                        .is_some_and(|v| v != &Value::Bool(false)),
                ),
                (
                    switch(Rule::Scheme),
                    flag("forceHttp", false) || flag("forceHttps", false),
                ),
                (switch(Rule::PlusSpace), false),
                (switch(Rule::SubDelims), false),
            ];
            for (r, on) in switches {
                o = if on { o.loose_on(r) } else { o.loose_off(r) };
            }
            let input = input.ok_or("no input")?;
            if throws {
                return match key(&input, &o) {
                    Err(_) => Ok(()),
                    Ok(k) => Err(format!("normalize-url throws; our key is {k:?}")),
                };
            }
            equivalent(&o, &input, &want.ok_or("no result")?)
        });
    }
    trials.extend(suite.finish("normalize_url"));
}

fn safebrowsing(trials: &mut Vec<Trial>) {
    let data = load("safebrowsing/canonicalization.json");
    let mut suite = Suite::new("safebrowsing.txt");
    let cases = data["tables"]["TestCanonicalURL"]["cases"]
        .as_array()
        .unwrap();
    for (i, case) in cases.iter().enumerate() {
        let input = case["url"].as_str().unwrap_or("").to_owned();
        let want = case["output"].as_str().unwrap_or("").to_owned();
        let fail = case["fail"].as_bool().unwrap_or(false);
        suite.case(
            format!("safebrowsing_canonical_url::{:04}", i + 1),
            move || {
                // canonicalURL: fragment dropped, dot segments resolved = `normal` + fragment.
                let o = Options::new(Level::Normal).loose_on(switch(Rule::Fragment));
                if fail {
                    return match key(&input, &o) {
                        Err(_) => Ok(()),
                        Ok(k) => Err(format!("Safe Browsing rejects it; our key is {k:?}")),
                    };
                }
                equivalent(&o, &input, &want)
            },
        );
    }
    trials.extend(suite.finish("safebrowsing"));
}

/// The deterministic sample of the real URL lists in `testdata/urls-sample/`.
fn url_sample(trials: &mut Vec<Trial>) {
    let dir = testdata().join("urls-sample");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    for path in files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
    {
        let name = path
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .replace('-', "_");
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<String> = text
            .lines()
            .map(str::to_owned)
            .filter(|l| !l.is_empty())
            .collect();
        let l2 = lines.clone();
        trials.push(Trial::test(
            format!("urls_sample::{name}::idempotent"),
            move || {
                for level in [Level::Safe, Level::Normal, Level::Loose] {
                    let o = Options::new(level);
                    for l in &l2 {
                        if let Ok(k) = key(l, &o) {
                            let again = key(&k, &o).map_err(|e| format!("{k:?}: {e}"))?;
                            if again != k {
                                return Err(
                                    format!("{l:?} at {level}: {k:?} then {again:?}").into()
                                );
                            }
                            let iri = normalize(l, &o, Form::Iri).map_err(|e| e.to_string())?;
                            if key(&iri, &o).map_err(|e| e.to_string())? != k {
                                return Err(
                                    format!("{l:?}: IRI form {iri:?} has another key").into()
                                );
                            }
                        }
                    }
                }
                Ok(())
            },
        ));
        trials.push(Trial::test(
            format!("urls_sample::{name}::keys_agree_with_compare"),
            move || {
                // Every line against its neighbour and against a lightly respelled copy of itself.
                for level in [Level::Safe, Level::Normal, Level::Loose] {
                    let o = Options::new(level);
                    for (i, a) in lines.iter().enumerate() {
                        let respelled = a.replacen("http", "HTTP", 1).replace("%2f", "%2F");
                        for b in [&lines[(i + 1) % lines.len()], &respelled] {
                            let (Ok(ka), Ok(kb)) = (key(a, &o), key(b, &o)) else {
                                continue;
                            };
                            let c = compare(a, b, &o).map_err(|e| e.to_string())?;
                            if c.equal != (ka == kb) {
                                return Err(format!(
                                    "{a:?} vs {b:?} at {level}: compare says {}, keys say {}",
                                    c.equal,
                                    ka == kb
                                )
                                .into());
                            }
                        }
                    }
                }
                Ok(())
            },
        ));
    }
}

fn million_dot_segments(trials: &mut Vec<Trial>) {
    trials.push(Trial::test("dot_segments::one_million", || {
        let mut url = String::from("http://a/b");
        for _ in 0..500_000 {
            url.push_str("/c/..");
        }
        for _ in 0..500_000 {
            url.push_str("/.");
        }
        url.push_str("/d");
        let k = key(&url, &Options::new(Level::Normal)).map_err(|e| e.to_string())?;
        if k != "http://a/b/d" {
            return Err(
                format!("got {} bytes starting {:?}", k.len(), &k[..k.len().min(40)]).into(),
            );
        }
        let deep: String = "/x".repeat(1_000_000) + &"/..".repeat(999_999);
        let got = remove_dot_segments(&deep);
        if got != "/x/" {
            return Err(format!("deep: got {} bytes", got.len()).into());
        }
        Ok(())
    }));
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    rfc3986_equivalences(&mut trials);
    python_rfc3986(&mut trials);
    url_normalize(&mut trials);
    purell(&mut trials);
    w3lib(&mut trials);
    normalize_url(&mut trials);
    safebrowsing(&mut trials);
    url_sample(&mut trials);
    million_dot_segments(&mut trials);
    libtest_mimic::run(&args, trials).exit();
}
