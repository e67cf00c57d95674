//! The endpoints: each reads its fields and calls the record builder the CLI's command uses,
//! so that the page shows exactly what `--json` prints.

use serde_json::{json, Value};
use urlkit::base64::Alphabet;
use urlkit::build::{QueryFlavor, QueryStyle};
use urlkit::codec::DecodeMode;
use urlkit::content_disposition::Disposition;
use urlkit::lint::FixLevel;
use urlkit::normalize::{Form, Level, Options};
use urlkit_records as records;

use crate::request::{Answer, ApiError, Endpoint, Request};

/// A record as the answer: 200, or 422 when the one input given is bad (the record has
/// `"ok": false` and its `error`, as `--json` writes it).
fn record(r: &impl serde::Serialize) -> Answer {
    Answer::record(value(r))
}

/// A record as JSON.
fn value(r: &impl serde::Serialize) -> Value {
    serde_json::to_value(r).expect("invariant: records serialize to JSON")
}

/// The most URLs of one lint request.
pub const MAX_LINT_URLS: usize = 1000;

/// The most values of one round-trip request (each is 2 x encoders x decoders cells).
pub const MAX_ROUNDTRIP_VALUES: usize = 8;

/// The most segments or parameters of one build request.
pub const MAX_PARTS: usize = 64;

/// Every endpoint, by name (`qr` with the `qr` feature).
pub fn endpoints() -> Vec<Endpoint> {
    let all = vec![
        Endpoint::small("table", table),
        Endpoint::small("explain", explain),
        Endpoint::small("decode", decode),
        Endpoint::small("encode", encode),
        Endpoint::small("convert", convert),
        Endpoint::small("repair", repair),
        Endpoint::small("key", key),
        Endpoint::small("normalize", normalize),
        Endpoint::small("compare", compare),
        Endpoint::small("parse", parse),
        Endpoint::large("lint", lint),
        Endpoint::small("lint-rule", lint_rule),
        Endpoint::small("messages", messages),
        Endpoint::small("lint-fix", lint_fix),
        Endpoint::small("build", build),
        Endpoint::small("roundtrip", roundtrip),
        Endpoint::small("content-disposition", content_disposition),
        Endpoint::small("base64", base64),
        Endpoint::small("permalink", permalink),
        Endpoint::large("reconcile", crate::reconcile::reconcile),
    ];
    all.into_iter()
        .chain(qr_endpoint())
        .chain(scan_endpoint())
        .collect()
}

/// The most bytes of source code one scan request takes.
#[cfg(feature = "scan")]
pub const MAX_SCAN_BYTES: usize = 256 * 1024;

/// `scan`, with the `scan` feature.
#[cfg(feature = "scan")]
fn scan_endpoint() -> Option<Endpoint> {
    Some(Endpoint::large("scan", scan))
}

/// `scan`, with the `scan` feature.
#[cfg(not(feature = "scan"))]
fn scan_endpoint() -> Option<Endpoint> {
    None
}

/// `urlkit scan --json` on one pasted source: `{code, language?, file?}` (`language` one of
/// `python` (the default), `javascript`, `typescript`, `tsx`, `php`, `go`; `file` the name
/// the records give, `snippet` by default) gives `{"records": [...]}`.
#[cfg(feature = "scan")]
fn scan(r: &Request) -> Result<Answer, ApiError> {
    let code = r.text_up_to("code", MAX_SCAN_BYTES)?;
    let names: Vec<&str> = urlkit_scan::Language::ALL
        .iter()
        .map(|l| l.name())
        .collect();
    let name = r.choice("language", &names, "python")?;
    let language = urlkit_scan::Language::from_name(name)
        .expect("invariant: choice gave one of the languages' names");
    let file = match r.optional("file")? {
        Some(f) if !f.is_empty() => f,
        _ => "snippet",
    };
    let found = urlkit_scan::scan(code, language)
        .map_err(|e| ApiError::new(422, "unparsed", e.to_string()))?;
    let records: Vec<Value> = found
        .iter()
        .map(|f| value(&urlkit_scan::record(file, f)))
        .collect();
    Ok(Answer::ok(json!({ "records": records })))
}

/// `qr`, with the `qr` feature.
#[cfg(feature = "qr")]
fn qr_endpoint() -> Option<Endpoint> {
    Some(Endpoint::small("qr", crate::qr::endpoint))
}

/// `qr`, with the `qr` feature.
#[cfg(not(feature = "qr"))]
fn qr_endpoint() -> Option<Endpoint> {
    None
}

fn table(r: &Request) -> Result<Answer, ApiError> {
    Ok(record(&records::flavors::table_record(r.text("text")?)))
}

fn explain(r: &Request) -> Result<Answer, ApiError> {
    Ok(record(&records::codec::Explain::new(r.text("text")?)))
}

/// `urlkit encode --json --set component TEXT`: the component encoding and its warnings.
fn encode(r: &Request) -> Result<Answer, ApiError> {
    Ok(record(&records::codec::encode_record(text(
        r.text("text")?,
    ))))
}

/// `urlkit convert --json TEXT`: every reading of the text.
fn convert(r: &Request) -> Result<Answer, ApiError> {
    let text = r.text("text")?;
    Ok(record(&records::codec::Convert::new(
        text,
        &urlkit::convert::readings(text),
    )))
}

/// The three modes side by side: `{"strict", "lenient", "form"}`, each a `decode --json`
/// record (a bad input is a record with its error, not a bad request).
fn decode(r: &Request) -> Result<Answer, ApiError> {
    let text = text(r.text("text")?);
    let mut out = serde_json::Map::new();
    for (name, mode) in [
        ("strict", DecodeMode::Strict),
        ("lenient", DecodeMode::Lenient),
        ("form", DecodeMode::Form),
    ] {
        out.insert(
            name.into(),
            value(&records::codec::decode_record(text, mode)),
        );
    }
    Ok(Answer::ok(Value::Object(out)))
}

fn repair(r: &Request) -> Result<Answer, ApiError> {
    Ok(record(&repair_record(url(r.text("url")?))))
}

/// A text as every door reads one: without a byte order mark at its start (the one policy,
/// `urlkit_sources::trim_str` for free text).
fn text(text: &str) -> &str {
    urlkit_sources::trim_str(text, urlkit_sources::Content::Text).0
}

/// A URL as every door reads one: without a byte order mark and the whitespace around it
/// (`urlkit_sources::trim_str`, the CLI's and Python's one policy).
fn url(text: &str) -> &str {
    urlkit_sources::trim_str(text, urlkit_sources::Content::Url).0
}

fn level(r: &Request) -> Result<Options, ApiError> {
    let name = r.choice(
        "level",
        &["exact", "safe", "normal", "loose", "whatwg"],
        "safe",
    )?;
    let level = Level::from_name(name).expect("invariant: choice gave a level name");
    Ok(Options::new(level))
}

/// `urlkit key --json URL`: the key at `"level"` of the URL, trimmed by the one policy of
/// every door (`urlkit_sources::trim_str`).
fn key(r: &Request) -> Result<Answer, ApiError> {
    let options = level(r)?;
    Ok(record(&records::compare::leveled(
        r.text("url")?,
        &options,
        None,
    )))
}

/// `urlkit normalize --json [--to iri] URL`: the URL normalized at `"level"` to `"to"`
/// (`uri`, the default, or `iri`).
fn normalize(r: &Request) -> Result<Answer, ApiError> {
    let options = level(r)?;
    let form = match r.choice("to", &["uri", "iri"], "uri")? {
        "iri" => Form::Iri,
        _ => Form::Uri,
    };
    Ok(record(&records::compare::leveled(
        r.text("url")?,
        &options,
        Some(form),
    )))
}

fn compare(r: &Request) -> Result<Answer, ApiError> {
    let options = level(r)?;
    Ok(record(&records::compare::record(
        url(r.text("a")?),
        url(r.text("b")?),
        &options,
    )))
}

fn parse(r: &Request) -> Result<Answer, ApiError> {
    let url = text(r.text("url")?);
    Ok(record(&records::Record::from_result(
        url,
        records::parse::build(url.to_owned(), url, None),
    )))
}

fn lint(r: &Request) -> Result<Answer, ApiError> {
    let urls: Vec<&str> = r
        .list("urls", MAX_LINT_URLS)?
        .into_iter()
        .map(url)
        .collect();
    let select: Vec<&str> = match r.optional("select")? {
        Some(s) if !s.is_empty() => s.split(',').map(str::trim).collect(),
        _ => Vec::new(),
    };
    let records = lint_records(&urls, &select)
        .map_err(|m| ApiError::bad("unknown-rule", m).with("field", json!("select")))?;
    Ok(Answer::ok(json!({ "records": records })))
}

/// The page's language: `"lang"`, `en` (the default) or `ja`.
fn lang(r: &Request) -> Result<urlkit_l10n::Lang, ApiError> {
    let tags: Vec<&str> = urlkit_l10n::Lang::ALL.iter().map(|l| l.tag()).collect();
    let tag = r.choice("lang", &tags, "en")?;
    Ok(urlkit_l10n::Lang::from_tag(tag).expect("invariant: choice gave a language's tag"))
}

/// Every message of the page in `"lang"`: `{"lang", "messages": {id: text}}`.
fn messages(r: &Request) -> Result<Answer, ApiError> {
    let lang = lang(r)?;
    Ok(Answer::ok(
        json!({"lang": lang.tag(), "messages": urlkit_l10n::messages(lang)}),
    ))
}

/// A rule's doc, in `"lang"` (English: what `urlkit lint --explain` prints).
fn lint_rule(r: &Request) -> Result<Answer, ApiError> {
    let key = r.text("rule")?;
    let lang = lang(r)?;
    match urlkit::lint::rule(key) {
        Some(rule) => Ok(Answer::ok(
            json!({"rule": key, "doc": urlkit_l10n::explain(rule, lang)}),
        )),
        None => Err(ApiError::new(
            404,
            "unknown-rule",
            format!("no rule {key:?} (urlkit lint --list shows them)"),
        )),
    }
}

fn lint_fix(r: &Request) -> Result<Answer, ApiError> {
    let url = r.text("url")?;
    let level = match r.choice("fixes", &["safe", "unsafe"], "safe")? {
        "unsafe" => FixLevel::Unsafe,
        _ => FixLevel::Safe,
    };
    let selection =
        urlkit::lint::Selection::parse(&[], &[]).expect("invariant: the default selection parses");
    let fixed = urlkit::lint::fix(url, &selection, level);
    Ok(Answer::ok(json!({"input": url, "output": fixed})))
}

/// `urlkit build --json`: `{base, segments, params, set_params?, remove_params?, fragment?,
/// query_style?}`.
fn build(r: &Request) -> Result<Answer, ApiError> {
    let base = url(r.text("base")?);
    let owned = |items: Vec<&str>| items.into_iter().map(str::to_owned).collect::<Vec<_>>();
    let optional_list = |field: &str| match r.value(field) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(_) => r.list(field, MAX_PARTS).map(owned),
    };
    let styles: Vec<&str> = QueryStyle::ALL
        .iter()
        .map(|s| s.name())
        .chain(QueryFlavor::ALL.iter().map(|f| f.name()))
        .collect();
    let style = r.choice("query_style", &styles, "form")?;
    let edits = records::build::Edits {
        segments: owned(r.list("segments", MAX_PARTS)?),
        params: owned(r.list("params", MAX_PARTS)?),
        set_params: optional_list("set_params")?,
        remove_params: optional_list("remove_params")?,
        fragment: r.optional("fragment")?.map(str::to_owned),
        query_style: QueryStyle::from_name(style).expect("invariant: a name of the list above"),
        ..records::build::Edits::default()
    };
    match records::build::record(base, &edits) {
        Ok(built) => Ok(record(&built)),
        Err(message) => Err(ApiError::bad("invalid-value", message)),
    }
}

fn roundtrip(r: &Request) -> Result<Answer, ApiError> {
    let values = r.list("values", MAX_ROUNDTRIP_VALUES)?;
    if values.is_empty() {
        return Err(
            ApiError::bad("empty-list", "\"values\" needs at least one value")
                .with("field", json!("values")),
        );
    }
    Ok(Answer::ok(
        json!({ "records": records::flavors::roundtrip_records(&values) }),
    ))
}

fn content_disposition(r: &Request) -> Result<Answer, ApiError> {
    let text = r.text("text")?;
    let fallback = r.optional("fallback")?.filter(|f| !f.is_empty());
    let as_ = match r.choice("mode", &["attachment", "inline", "parse"], "attachment")? {
        "inline" => Some(Disposition::Inline),
        "parse" => None,
        _ => Some(Disposition::Attachment),
    };
    Ok(record(&records::header::record(text, as_, fallback)))
}

fn base64(r: &Request) -> Result<Answer, ApiError> {
    let text = r.text("text")?;
    let alphabet = match r.choice("alphabet", &["standard", "url"], "standard")? {
        "url" => Alphabet::UrlSafe,
        _ => Alphabet::Standard,
    };
    let way = match r.choice("way", &["encode", "decode"], "encode")? {
        "decode" => records::base64::Way::Decode,
        _ => records::base64::Way::Encode,
    };
    let reading = match r.choice("reading", &["strict", "lenient"], "strict")? {
        "lenient" => records::base64::ReadingMode::Lenient,
        _ => records::base64::ReadingMode::Strict,
    };
    Ok(record(&records::base64::record(
        text, alphabet, way, reading,
    )))
}

/// The most fields of a permalink.
pub const MAX_FIELDS: usize = 32;

/// A panel's state to and from the page URL's fragment, written with urlkit's own form
/// encoding: `{"fields": {k: v}}` gives `{"fragment": "k=v&..."}` (each key and value
/// encoded with the `form` set), `{"fragment"}` gives `{"fields"}` (form-decoded, leniently:
/// a hand-edited link still opens).
fn permalink(r: &Request) -> Result<Answer, ApiError> {
    use urlkit::codec::sets::NamedSet;
    if let Some(fragment) = r.optional("fragment")? {
        let mut fields = serde_json::Map::new();
        for piece in fragment.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = piece.split_once('=').unwrap_or((piece, ""));
            let decode = |s: &str| {
                urlkit::codec::decode_to_bytes(s.as_bytes(), DecodeMode::Form)
                    .map(|b| String::from_utf8_lossy(&b).into_owned())
            };
            match (decode(k), decode(v)) {
                (Ok(k), Ok(v)) => {
                    fields.insert(k, Value::String(v));
                }
                _ => {
                    return Err(ApiError::bad(
                        "bad-fragment",
                        format!("{piece:?} is not a form-encoded key=value"),
                    ))
                }
            }
        }
        return Ok(Answer::ok(json!({ "fields": fields })));
    }
    let fields = match r.value("fields") {
        Some(Value::Object(m)) if m.len() <= MAX_FIELDS => m,
        Some(Value::Object(_)) => {
            return Err(ApiError::new(
                413,
                "too-many-items",
                format!("at most {MAX_FIELDS} fields"),
            ))
        }
        _ => {
            return Err(ApiError::bad(
                "missing-field",
                "the request needs \"fields\" (an object of strings) or \"fragment\"",
            ))
        }
    };
    let form = NamedSet::Form.encoder();
    let mut pieces = Vec::new();
    for (k, v) in fields {
        let Value::String(v) = v else {
            return Err(ApiError::bad(
                "wrong-type",
                format!("field {k:?} is not a string"),
            ));
        };
        pieces.push(format!("{}={}", form.encode_str(k), form.encode_str(v)));
    }
    Ok(Answer::ok(json!({ "fragment": pieces.join("&") })))
}

/// `urlkit repair --json URL` for one URL.
fn repair_record(url: &str) -> records::Record<records::repair::Repair> {
    let result = urlkit::charset::repair::repair_list(&[url])
        .into_iter()
        .next()
        .expect("invariant: one result per input");
    match result {
        Ok(r) => records::Record::Ok(records::repair::Repair::new(url, &r)),
        Err(e) => records::Record::from_result(
            url,
            Err(records::Failure::at(
                e.kind().name(),
                e.offset(),
                format!("not a URL: {e}"),
            )),
        ),
    }
}

/// `urlkit lint --json` over a list of URLs (every default rule, plus `select`): one record
/// per URL, in order, the list-level rules included; a bad selection is its error.
fn lint_records(urls: &[&str], select: &[&str]) -> Result<Vec<records::lint::Lint>, String> {
    let selection = urlkit::lint::Selection::parse(select, &[]).map_err(|e| e.to_string())?;
    let found = urlkit::lint::lint_list(urls, &selection);
    Ok(urls
        .iter()
        .zip(found)
        .enumerate()
        .map(|(i, (url, found))| records::lint::Lint::new(*url, i + 1, &found))
        .collect())
}
