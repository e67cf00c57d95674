//! `repair` and `repair_list`: charset repair, as `urlkit repair --json` reports it.

use pyo3::prelude::*;
use pyo3::types::PyList;
use urlkit::charset::repair::Repair;
use urlkit::charset::repair::{repair as repair_one, repair_list as repair_many};
use urlkit::uri::ParseError;

use crate::errors::{located, Class};
use crate::records::to_py;

fn parse_error(py: Python<'_>, e: &ParseError) -> PyErr {
    located(
        py,
        Class::Url,
        e.kind().name(),
        e.offset(),
        &format!("not a URL: {e}"),
    )
}

/// One repair as `urlkit repair --json` writes it.
fn report<'py>(py: Python<'py>, url: &str, r: &Repair) -> PyResult<Bound<'py, PyAny>> {
    to_py(py, &urlkit_records::repair::Repair::new(url, r))
}

/// Repairs one URL written in a legacy charset or through Latin-1 mojibake.
#[pyfunction]
pub fn repair<'py>(py: Python<'py>, url: &str) -> PyResult<Bound<'py, PyAny>> {
    let url = crate::input::url(py, url)?;
    let r = py.detach(|| repair_one(url));
    match r {
        Ok(r) => report(py, url, &r),
        Err(e) => Err(parse_error(py, &e)),
    }
}

/// Repairs a list, each host's confident readings helping its doubtful ones (as
/// `urlkit repair` does over its whole input). One item per input, in input order: the
/// report, or the `urlkit.UrlError` of a URL that does not parse (returned, not raised, so
/// that one bad line does not hide the others' answers).
#[pyfunction]
pub fn repair_list<'py>(py: Python<'py>, urls: Vec<String>) -> PyResult<Bound<'py, PyList>> {
    let refs = crate::input::urls(py, &urls)?;
    let results = py.detach(|| repair_many(&refs));
    let out = PyList::empty(py);
    for (url, r) in refs.iter().zip(&results) {
        match r {
            Ok(r) => out.append(report(py, url, r)?)?,
            Err(e) => out.append(parse_error(py, e).into_value(py))?,
        }
    }
    Ok(out)
}
