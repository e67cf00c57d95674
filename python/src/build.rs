//! `build`: a URL from a base and components, each encoded once with its own set, as
//! `urlkit build --json` reports it.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use urlkit::build::{QueryFlavor, QueryStyle};
use urlkit_records::Record;

use crate::errors::{located, Class};

/// The `urlkit.UrlError` of a failed build: its kind, its offset in the base (`None` when the
/// failure is in a component, which the base does not hold) and its message.
fn failure(py: Python<'_>, f: &urlkit_records::Failure) -> PyErr {
    match f.offset {
        Some(offset) => located(py, Class::Url, &f.kind, offset, &f.message),
        None => {
            let made = py
                .import("urlkit._errors")
                .and_then(|m| m.getattr("UrlError"))
                .and_then(|c| c.call1((f.kind.as_str(), py.None(), f.message.as_str())));
            match made {
                Ok(value) => PyErr::from_value(value),
                Err(import_error) => import_error,
            }
        }
    }
}
use crate::records::to_py;

/// The record of `urlkit build --json BASE --segment S... --param K=V... --set-param K=V...
/// --remove-param K... --fragment F --query-style STYLE`: a dict with `input` (the base), `uri`
/// (ASCII, every component encoded once with its set), `iri` (readable), `output` (the URI),
/// `ok`, and `browser_rewrite` when `set_params` / `remove_params` edit a query that a
/// browser's `url.searchParams` would write differently (the URL it would write). Each
/// segment is data (a `/` in it is encoded); each param is `"key=value"` (no `=`: an empty
/// value). A base that is not a URL raises `urlkit.UrlError` with its kind and offset; a
/// segment no URL can hold (`..`) raises `ValueError`. `query_style` is `form` (default),
/// `rfc3986` or a builder flavor that writes the whole query as another language's builder
/// does (`python.urlencode`, `python.urlencode.quote`, `php.http_build_query`,
/// `php.http_build_query.rfc3986`, `go.Values.Encode`, `js.URLSearchParams`,
/// `ruby.URI.encode_www_form`, `java.URLEncoder`); an unknown name raises `ValueError` with the
/// list.
#[pyfunction]
#[pyo3(signature = (base, segments=Vec::new(), params=Vec::new(), fragment=None, *, query_style="form", set_params=Vec::new(), remove_params=Vec::new()))]
#[allow(clippy::too_many_arguments)]
pub fn build<'py>(
    py: Python<'py>,
    base: &str,
    segments: Vec<String>,
    params: Vec<String>,
    fragment: Option<&str>,
    query_style: &str,
    set_params: Vec<String>,
    remove_params: Vec<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let style = QueryStyle::from_name(query_style).ok_or_else(|| {
        let names: Vec<&str> = QueryStyle::ALL
            .iter()
            .map(|s| s.name())
            .chain(QueryFlavor::ALL.iter().map(|f| f.name()))
            .collect();
        PyValueError::new_err(format!(
            "unknown query_style {query_style:?}; use one of {}",
            names.join(", ")
        ))
    })?;
    let base = crate::input::url(py, base)?;
    let edits = urlkit_records::build::Edits {
        segments,
        params,
        set_params,
        remove_params,
        fragment: fragment.map(str::to_owned),
        query_style: style,
        ..urlkit_records::build::Edits::default()
    };
    match urlkit_records::build::record(base, &edits) {
        Ok(Record::Ok(built)) => to_py(py, &built),
        Ok(Record::Failed(failed)) => Err(failure(py, &failed.error)),
        Err(message) => Err(PyValueError::new_err(message)),
    }
}

/// The query string another language's builder writes for `pairs` (without the `?`), byte for
/// byte: `as_` is a builder flavor (`python.urlencode`, `python.urlencode.quote`,
/// `php.http_build_query`, `php.http_build_query.rfc3986`, `go.Values.Encode`,
/// `js.URLSearchParams`, `ruby.URI.encode_www_form`, `java.URLEncoder`), as `urlkit build
/// --query-style` takes it. Go sorts by key; PHP gathers a repeated key into one array
/// (`k%5B0%5D=1&k%5B1%5D=2`); the others keep the order given. An unknown name raises
/// `ValueError` with the list.
#[pyfunction]
#[pyo3(signature = (pairs, *, as_))]
pub fn encode_query(pairs: Vec<(String, String)>, as_: &str) -> PyResult<String> {
    let flavor = QueryFlavor::from_name(as_).ok_or_else(|| {
        let names: Vec<&str> = QueryFlavor::ALL.iter().map(|f| f.name()).collect();
        PyValueError::new_err(format!(
            "unknown builder flavor {as_:?}; use one of {}",
            names.join(", ")
        ))
    })?;
    Ok(flavor.serialize(&pairs))
}
