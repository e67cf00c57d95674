//! WPT `URLSearchParams` conformance of `urlkit::whatwg::UrlSearchParams` (and its link to
//! `Url`), one named test per vector, on the files in `testdata/wpt/`:
//!
//! - `wpt_urlsearchparams_traces::NNN`: every recorded `test()` of WPT's
//!   urlsearchparams-*.any.js and urlencoded-parser.any.js (urlsearchparams-traces.json),
//!   replayed step by step: each constructor, method call, property get/set and iterator step,
//!   with each recorded result compared.
//! - `wpt_urlsearchparams_sort::NN` (urlsearchparams-sort.json) and
//!   `wpt_urlsearchparams_constructor_init::NN` (urlsearchparams-constructor-init.json).
//!
//! Known divergences: `wpt_urlsearchparams.expected-failures`.

mod expected_failures;
mod wpt_support;

use std::collections::HashMap;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use urlkit::whatwg::{Url, UrlSearchParams};
use wpt_support::{load, str_of, trials, Check};

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let mut checks: Vec<(String, Check)> = Vec::new();
    traces(&mut checks);
    sort_cases(&mut checks);
    constructor_init_cases(&mut checks);
    let trials = trials(checks, "wpt_urlsearchparams.expected-failures");
    libtest_mimic::run(&args, trials).exit();
}

// --- an order-preserving JSON value (JS objects are ordered; serde_json's map is not) ------

#[derive(Clone, Debug, PartialEq)]
enum J {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl<'de> Deserialize<'de> for J {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<J, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = J;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("JSON")
            }
            fn visit_unit<E>(self) -> Result<J, E> {
                Ok(J::Null)
            }
            fn visit_bool<E>(self, b: bool) -> Result<J, E> {
                Ok(J::Bool(b))
            }
            fn visit_i64<E>(self, n: i64) -> Result<J, E> {
                Ok(J::Num(n as f64))
            }
            fn visit_u64<E>(self, n: u64) -> Result<J, E> {
                Ok(J::Num(n as f64))
            }
            fn visit_f64<E>(self, n: f64) -> Result<J, E> {
                Ok(J::Num(n))
            }
            fn visit_str<E>(self, s: &str) -> Result<J, E> {
                Ok(J::Str(s.to_owned()))
            }
            fn visit_string<E>(self, s: String) -> Result<J, E> {
                Ok(J::Str(s))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<J, A::Error> {
                let mut v = Vec::new();
                while let Some(x) = a.next_element()? {
                    v.push(x);
                }
                Ok(J::Arr(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<J, A::Error> {
                let mut v = Vec::new();
                while let Some((k, x)) = a.next_entry()? {
                    v.push((k, x));
                }
                Ok(J::Obj(v))
            }
        }
        d.deserialize_any(V)
    }
}

impl J {
    fn get(&self, key: &str) -> Option<&J> {
        match self {
            J::Obj(o) => o.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    fn str(&self) -> Option<&str> {
        match self {
            J::Str(s) => Some(s),
            _ => None,
        }
    }
    fn num(&self) -> Option<f64> {
        match self {
            J::Num(n) => Some(*n),
            _ => None,
        }
    }
    fn is_undefined(&self) -> bool {
        self.get("$undefined").is_some()
    }
    /// WebIDL USVString conversion of a recorded JavaScript value.
    fn usv(&self) -> Result<String, String> {
        match self {
            J::Str(s) => Ok(s.clone()),
            J::Null => Ok("null".into()),
            J::Bool(b) => Ok(b.to_string()),
            J::Num(n) if n.fract() == 0.0 && n.abs() < 1e15 => Ok(format!("{}", *n as i64)),
            J::Num(n) => Ok(n.to_string()),
            J::Obj(_) if self.is_undefined() => Ok("undefined".into()),
            J::Obj(_) => match self.get("$utf16") {
                Some(J::Arr(units)) => {
                    let units: Vec<u16> = units
                        .iter()
                        .map(|u| u.num().map(|n| n as u16).ok_or("bad code unit"))
                        .collect::<Result<_, _>>()?;
                    Ok(String::from_utf16_lossy(&units))
                }
                _ => Err(format!("cannot convert {self:?} to a string")),
            },
            J::Arr(_) => Err(format!("cannot convert {self:?} to a string")),
        }
    }
}

fn load_ordered(rel: &str) -> J {
    let path = wpt_support::testdata(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

// --- replay ---------------------------------------------------------------------------------

enum Obj {
    Params {
        params: UrlSearchParams,
        url: Option<i64>,
    },
    Url {
        url: Url,
        params: Option<i64>,
    },
}

#[derive(Default)]
struct World {
    objects: HashMap<i64, Obj>,
    /// iterator id -> (object id, next index): live, as WebIDL iterators are.
    iterators: HashMap<i64, (i64, usize)>,
}

impl World {
    fn params(&self, id: i64) -> Result<&UrlSearchParams, String> {
        match self.objects.get(&id) {
            Some(Obj::Params { params, .. }) => Ok(params),
            _ => Err(format!("object {id} is not a URLSearchParams")),
        }
    }

    fn url(&mut self, id: i64) -> Result<&mut Url, String> {
        match self.objects.get_mut(&id) {
            Some(Obj::Url { url, .. }) => Ok(url),
            _ => Err(format!("object {id} is not a URL")),
        }
    }

    /// Runs `f` on a list and, when the list belongs to a URL, writes it back to the URL's
    /// query (the standard's update steps).
    fn mutate(&mut self, id: i64, f: impl FnOnce(&mut UrlSearchParams)) -> Result<(), String> {
        let (snapshot, owner) = match self.objects.get_mut(&id) {
            Some(Obj::Params { params, url }) => {
                f(params);
                (params.clone(), *url)
            }
            _ => return Err(format!("object {id} is not a URLSearchParams")),
        };
        if let Some(u) = owner {
            snapshot.apply_to(self.url(u)?);
        }
        Ok(())
    }

    fn construct_params(&self, args: &[J]) -> Result<UrlSearchParams, String> {
        let Some(init) = args.first() else {
            return Ok(UrlSearchParams::new());
        };
        if init.is_undefined() {
            return Ok(UrlSearchParams::new());
        }
        match init {
            J::Arr(pairs) => sequence(pairs),
            J::Obj(_) => {
                if let Some(id) = init.get("$ref").and_then(J::num) {
                    return Ok(self.params(id as i64)?.clone());
                }
                if let Some(J::Arr(pairs)) = init.get("$FormData") {
                    return sequence(pairs);
                }
                if let Some(J::Obj(fields)) = init.get("$object") {
                    let entries: Vec<(J, J)> = match init
                        .get("$object")
                        .and_then(|o| o.get("$entries"))
                    {
                        Some(J::Arr(list)) => list
                            .iter()
                            .map(|e| match e {
                                J::Arr(kv) if kv.len() == 2 => Ok((kv[0].clone(), kv[1].clone())),
                                _ => Err("bad $entries".to_string()),
                            })
                            .collect::<Result<_, _>>()?,
                        _ => fields
                            .iter()
                            .map(|(k, v)| (J::Str(k.clone()), v.clone()))
                            .collect(),
                    };
                    return record(&entries);
                }
                if init.get("$function").is_some() {
                    return Err(
                        "a JavaScript function object as init cannot be replayed outside JS".into(),
                    );
                }
                Ok(UrlSearchParams::parse(&init.usv()?))
            }
            other => Ok(UrlSearchParams::parse(&other.usv()?)),
        }
    }
}

/// `sequence<sequence<USVString>>`: every inner sequence must have exactly two items.
fn sequence(pairs: &[J]) -> Result<UrlSearchParams, String> {
    let mut out = Vec::new();
    for p in pairs {
        match p {
            J::Arr(kv) if kv.len() == 2 => out.push((kv[0].usv()?, kv[1].usv()?)),
            _ => return Err("TypeError".into()),
        }
    }
    Ok(UrlSearchParams::from_pairs(out))
}

/// `record<USVString, USVString>`: keys converted, a repeated key keeps its first position
/// and takes the last value (WebIDL's ordered-map set).
fn record(entries: &[(J, J)]) -> Result<UrlSearchParams, String> {
    let mut out: Vec<(String, String)> = Vec::new();
    for (k, v) in entries {
        let (k, v) = (k.usv()?, v.usv()?);
        match out.iter_mut().find(|(n, _)| *n == k) {
            Some(slot) => slot.1 = v,
            None => out.push((k, v)),
        }
    }
    Ok(UrlSearchParams::from_pairs(out))
}

fn expect_eq(what: &str, got: J, want: &J) -> Result<(), String> {
    if &got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, expected {want:?}"))
    }
}

fn undefined() -> J {
    J::Obj(vec![("$undefined".into(), J::Bool(true))])
}

fn replay(steps: &[J]) -> Result<(), String> {
    let mut w = World::default();
    for (n, step) in steps.iter().enumerate() {
        replay_step(&mut w, step).map_err(|e| format!("step {n}: {e}"))?;
    }
    Ok(())
}

fn replay_step(w: &mut World, step: &J) -> Result<(), String> {
    let op = step.get("op").and_then(J::str).ok_or("no op")?;
    let id = step.get("id").and_then(J::num).map(|n| n as i64);
    let no_args = Vec::new();
    let args = match step.get("args") {
        Some(J::Arr(a)) => a,
        _ => &no_args,
    };
    match op {
        "assert" => Ok(()), // the recorded results below are what the assertions checked
        "new" => {
            let class = step.get("class").and_then(J::str).ok_or("no class")?;
            let throws = step.get("throws").is_some();
            let built: Result<Obj, String> = match class {
                "URLSearchParams" => w
                    .construct_params(args)
                    .map(|params| Obj::Params { params, url: None }),
                "URL" => {
                    let input = args.first().ok_or("no input")?.usv()?;
                    let base = match args.get(1) {
                        Some(b) if !b.is_undefined() => Some(b.usv()?),
                        _ => None,
                    };
                    Url::parse(&input, base.as_deref())
                        .map(|url| Obj::Url { url, params: None })
                        .map_err(|e| format!("TypeError: {e}"))
                }
                other => return Err(format!("unknown class {other}")),
            };
            match (built, throws) {
                (Ok(obj), false) => {
                    w.objects.insert(id.ok_or("no id")?, obj);
                    Ok(())
                }
                (Err(e), true) if e.starts_with("TypeError") => Ok(()),
                (Err(e), _) => Err(e),
                (Ok(_), true) => Err("constructed, expected a TypeError".into()),
            }
        }
        "call" => {
            let id = id.ok_or("no id")?;
            let method = step.get("method").and_then(J::str).ok_or("no method")?;
            let want = step.get("result").cloned().unwrap_or(J::Null);
            let arg = |i: usize| -> Result<String, String> {
                args.get(i).map(J::usv).unwrap_or(Ok("undefined".into()))
            };
            let optional = |i: usize| -> Result<Option<String>, String> {
                match args.get(i) {
                    None => Ok(None),
                    Some(v) if v.is_undefined() => Ok(None),
                    Some(v) => v.usv().map(Some),
                }
            };
            let got = match method {
                "toString" => match w.objects.get(&id) {
                    Some(Obj::Url { url, .. }) => J::Str(url.href().to_owned()),
                    _ => J::Str(w.params(id)?.to_string()),
                },
                "get" => {
                    let name = arg(0)?;
                    w.params(id)?
                        .get(&name)
                        .map_or(J::Null, |v| J::Str(v.to_owned()))
                }
                "getAll" => {
                    let name = arg(0)?;
                    J::Arr(
                        w.params(id)?
                            .get_all(&name)
                            .into_iter()
                            .map(|v| J::Str(v.to_owned()))
                            .collect(),
                    )
                }
                "has" => {
                    let name = arg(0)?;
                    let p = w.params(id)?;
                    J::Bool(match optional(1)? {
                        Some(v) => p.has_value(&name, &v),
                        None => p.has(&name),
                    })
                }
                "append" => {
                    let (n, v) = (arg(0)?, arg(1)?);
                    w.mutate(id, |p| p.append(&n, &v))?;
                    undefined()
                }
                "set" => {
                    let (n, v) = (arg(0)?, arg(1)?);
                    w.mutate(id, |p| p.set(&n, &v))?;
                    undefined()
                }
                "delete" => {
                    let n = arg(0)?;
                    match optional(1)? {
                        Some(v) => w.mutate(id, |p| p.delete_value(&n, &v))?,
                        None => w.mutate(id, |p| p.delete(&n))?,
                    }
                    undefined()
                }
                "sort" => {
                    w.mutate(id, UrlSearchParams::sort)?;
                    undefined()
                }
                "@@iterator" | "entries" => {
                    w.params(id)?;
                    let it = want
                        .get("$iterator")
                        .and_then(J::num)
                        .ok_or("no iterator id")?;
                    w.iterators.insert(it as i64, (id, 0));
                    want.clone()
                }
                other => {
                    return Err(format!(
                        "{other}() takes a JavaScript callback, which cannot be replayed"
                    ))
                }
            };
            expect_eq(method, got, &want)
        }
        "next" => {
            let it = step.get("iterator").and_then(J::num).ok_or("no iterator")? as i64;
            let (obj, index) = *w.iterators.get(&it).ok_or("unknown iterator")?;
            let want = step.get("value").cloned().unwrap_or(J::Null);
            let got = match w.params(obj)?.entry(index) {
                Some((n, v)) => J::Arr(vec![J::Str(n.to_owned()), J::Str(v.to_owned())]),
                None => undefined(),
            };
            w.iterators.insert(it, (obj, index + 1));
            expect_eq("next", got, &want)
        }
        "get" => {
            let id = id.ok_or("no id")?;
            let prop = step.get("prop").and_then(J::str).ok_or("no prop")?;
            let want = step.get("value").cloned().unwrap_or(J::Null);
            let got = match prop {
                "size" => J::Num(w.params(id)?.len() as f64),
                "search" => J::Str(w.url(id)?.search().to_owned()),
                "href" => J::Str(w.url(id)?.href().to_owned()),
                "searchParams" => {
                    let pid = want.get("$ref").and_then(J::num).ok_or("no $ref")? as i64;
                    let linked = match w.objects.get(&id) {
                        Some(Obj::Url { params, .. }) => *params,
                        _ => return Err(format!("object {id} is not a URL")),
                    };
                    match linked {
                        Some(existing) if existing == pid => {}
                        Some(existing) => {
                            return Err(format!(
                                "searchParams is object {existing}, recorded {pid}"
                            ))
                        }
                        None => {
                            let params = UrlSearchParams::of_url(w.url(id)?);
                            w.objects.insert(
                                pid,
                                Obj::Params {
                                    params,
                                    url: Some(id),
                                },
                            );
                            if let Some(Obj::Url { params, .. }) = w.objects.get_mut(&id) {
                                *params = Some(pid);
                            }
                        }
                    }
                    want.clone()
                }
                other => return Err(format!("unknown property {other}")),
            };
            expect_eq(prop, got, &want)
        }
        "set" => {
            let id = id.ok_or("no id")?;
            let prop = step.get("prop").and_then(J::str).ok_or("no prop")?;
            let value = step.get("value").ok_or("no value")?;
            match prop {
                "search" => {
                    let v = value.usv()?;
                    let url = w.url(id)?;
                    url.set_search(&v);
                    let fresh = UrlSearchParams::of_url(url);
                    let linked = match w.objects.get(&id) {
                        Some(Obj::Url { params, .. }) => *params,
                        _ => None,
                    };
                    if let Some(Obj::Params { params, .. }) =
                        linked.and_then(|p| w.objects.get_mut(&p))
                    {
                        *params = fresh;
                    }
                    Ok(())
                }
                other => Err(format!(
                    "setting {other} to a JavaScript function cannot be replayed"
                )),
            }
        }
        other => Err(format!("unknown op {other}")),
    }
}

fn traces(checks: &mut Vec<(String, Check)>) {
    let data = load_ordered("wpt/urlsearchparams-traces.json");
    let Some(J::Arr(tests)) = data.get("tests") else {
        panic!("no tests in urlsearchparams-traces.json")
    };
    for (i, t) in tests.iter().enumerate() {
        let steps = match t.get("steps") {
            Some(J::Arr(s)) => s.clone(),
            _ => panic!("test {i} has no steps"),
        };
        checks.push((
            format!("wpt_urlsearchparams_traces::{i:03}"),
            Box::new(move || replay(&steps)),
        ));
    }
}

fn pairs_of(v: &serde_json::Value) -> Vec<(String, String)> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| {
            let p = p.as_array()?;
            Some((
                p.first()?.as_str()?.to_owned(),
                p.get(1)?.as_str()?.to_owned(),
            ))
        })
        .collect()
}

fn owned_pairs(p: &UrlSearchParams) -> Vec<(String, String)> {
    p.iter()
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

fn sort_cases(checks: &mut Vec<(String, Check)>) {
    let data = load("wpt/urlsearchparams-sort.json");
    for (i, case) in data["cases"].as_array().expect("cases").iter().enumerate() {
        let case = case.clone();
        checks.push((
            format!("wpt_urlsearchparams_sort::{i:02}"),
            Box::new(move || {
                let input = str_of(&case, "input").ok_or("no input")?;
                let mut p = UrlSearchParams::parse(input);
                p.sort();
                let want = pairs_of(&case["output"]);
                let got = owned_pairs(&p);
                if got == want {
                    Ok(())
                } else {
                    Err(format!("got {got:?}, expected {want:?}"))
                }
            }),
        ));
    }
}

fn j_pairs(v: Option<&J>) -> Result<Vec<(J, J)>, String> {
    match v {
        Some(J::Arr(list)) => list
            .iter()
            .map(|e| match e {
                J::Arr(kv) if kv.len() == 2 => Ok((kv[0].clone(), kv[1].clone())),
                _ => Err(format!("not a pair: {e:?}")),
            })
            .collect(),
        _ => Err("not a list of pairs".into()),
    }
}

fn constructor_init_cases(checks: &mut Vec<(String, Check)>) {
    let data = load_ordered("wpt/urlsearchparams-constructor-init.json");
    let Some(J::Arr(cases)) = data.get("cases") else {
        panic!("no cases in urlsearchparams-constructor-init.json")
    };
    for (i, case) in cases.iter().enumerate() {
        let case = case.clone();
        checks.push((
            format!("wpt_urlsearchparams_constructor_init::{i:02}"),
            Box::new(move || {
                let input = case.get("input").ok_or("no input")?;
                let p = if let Some(r) = input.get("record") {
                    record(&j_pairs(Some(r))?)?
                } else if let Some(J::Arr(s)) = input.get("sequence") {
                    sequence(s)?
                } else {
                    return Err("unknown input kind".into());
                };
                let want: Vec<(String, String)> = j_pairs(case.get("output"))?
                    .iter()
                    .map(|(k, v)| Ok((k.usv()?, v.usv()?)))
                    .collect::<Result<_, String>>()?;
                let got = owned_pairs(&p);
                if got == want {
                    Ok(())
                } else {
                    Err(format!("got {got:?}, expected {want:?}"))
                }
            }),
        ));
    }
}
