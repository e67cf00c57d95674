//! `repair` and `repair_list`: charset repair, as `urlkit repair --json` reports it.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use urlkit::charset::repair::{repair as repair_one, repair_list as repair_many};
use urlkit::charset::repair::{Action, Candidate, Repair, Step};
use urlkit::uri::ParseError;

use crate::errors::{located, Class};

fn parse_error(py: Python<'_>, e: &ParseError) -> PyErr {
    located(
        py,
        Class::Url,
        e.kind().name(),
        e.offset(),
        &format!("not a URL: {e}"),
    )
}

fn step<'py>(py: Python<'py>, s: &Step) -> PyResult<Bound<'py, PyDict>> {
    let o = PyDict::new(py);
    o.set_item("action", s.action.name())?;
    o.set_item("component", s.place.to_string())?;
    let span = PyDict::new(py);
    span.set_item("start", s.span.start)?;
    span.set_item("end", s.span.end)?;
    o.set_item("span", span)?;
    if let Some(c) = s.charset {
        o.set_item("charset", c)?;
    }
    match s.action {
        Action::UndoMojibake { layer } => o.set_item("layer", layer)?,
        Action::BrokenUtf8(kind) => o.set_item("defect", kind.name())?,
        _ => {}
    }
    o.set_item("before", &s.before)?;
    o.set_item("after", &s.after)?;
    if !s.note.is_empty() {
        o.set_item("note", &s.note)?;
    }
    o.set_item("message", s.to_string())?;
    Ok(o)
}

fn candidate<'py>(py: Python<'py>, c: &Candidate) -> PyResult<Bound<'py, PyDict>> {
    let o = PyDict::new(py);
    o.set_item("charset", c.charset)?;
    o.set_item("same_as", &c.same_as)?;
    o.set_item("score", c.score)?;
    o.set_item("kept", c.kept)?;
    o.set_item("texts", &c.texts)?;
    o.set_item("output", &c.output)?;
    let evidence = PyList::empty(py);
    for e in &c.evidence {
        let item = PyDict::new(py);
        item.set_item("points", e.points)?;
        item.set_item("reason", &e.reason)?;
        evidence.append(item)?;
    }
    o.set_item("evidence", evidence)?;
    Ok(o)
}

/// One repair as `urlkit repair --json` writes it, without the record's `input`/`ok`.
fn report<'py>(py: Python<'py>, r: &Repair) -> PyResult<Bound<'py, PyDict>> {
    let o = PyDict::new(py);
    o.set_item("output", &r.output)?;
    o.set_item("verdict", r.verdict.name())?;
    if let Some(c) = r.charset {
        o.set_item("charset", c)?;
    }
    let steps = PyList::empty(py);
    for s in &r.steps {
        steps.append(step(py, s)?)?;
    }
    o.set_item("steps", steps)?;
    let candidates = PyList::empty(py);
    for c in &r.candidates {
        candidates.append(candidate(py, c)?)?;
    }
    o.set_item("candidates", candidates)?;
    Ok(o)
}

/// Repairs one URL written in a legacy charset or through Latin-1 mojibake.
#[pyfunction]
pub fn repair<'py>(py: Python<'py>, url: &str) -> PyResult<Bound<'py, PyDict>> {
    let url = crate::input::url(py, url)?;
    let r = py.detach(|| repair_one(url));
    match r {
        Ok(r) => report(py, &r),
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
    for r in &results {
        match r {
            Ok(r) => out.append(report(py, r)?)?,
            Err(e) => out.append(parse_error(py, e).into_value(py))?,
        }
    }
    Ok(out)
}
