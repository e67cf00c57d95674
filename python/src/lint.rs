//! `lint`, `lint_list` and `fix`: the findings of `urlkit lint --json`, with the same shape.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use urlkit::lint::{fix as lint_fix, lint as lint_one, lint_list as lint_many};
use urlkit::lint::{Diagnostic, FixLevel, Selection};

use crate::errors::unknown;

/// The rules that run: the defaults plus `select` minus `ignore` (codes, names, aliases,
/// families or `all`; words may be comma-separated), as `--select` / `--ignore` read them.
fn selection(select: &[String], ignore: &[String]) -> PyResult<Selection> {
    let select: Vec<&str> = select.iter().map(String::as_str).collect();
    let ignore: Vec<&str> = ignore.iter().map(String::as_str).collect();
    Selection::parse(&select, &ignore).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn span<'py>(py: Python<'py>, r: &std::ops::Range<usize>) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("start", r.start)?;
    d.set_item("end", r.end)?;
    Ok(d)
}

/// One finding as `urlkit lint --json` writes it (`fix` only when the rule has one).
fn finding<'py>(py: Python<'py>, d: &Diagnostic) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("rule", d.rule)?;
    out.set_item("code", d.code)?;
    out.set_item("level", d.severity.name())?;
    out.set_item("span", span(py, &d.span)?)?;
    out.set_item("component", d.component.to_string())?;
    out.set_item("message", &d.message)?;
    let evidence = PyList::empty(py);
    for e in &d.evidence {
        let item = PyDict::new(py);
        item.set_item("label", e.label)?;
        item.set_item("value", &e.value)?;
        evidence.append(item)?;
    }
    out.set_item("evidence", evidence)?;
    if let Some(f) = &d.fix {
        let fix = PyDict::new(py);
        fix.set_item("applicability", f.applicability.name())?;
        fix.set_item("span", span(py, &f.span)?)?;
        fix.set_item("replacement", &f.replacement)?;
        out.set_item("fix", fix)?;
    }
    Ok(out)
}

fn findings<'py>(py: Python<'py>, found: &[Diagnostic]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for d in found {
        out.append(finding(py, d)?)?;
    }
    Ok(out)
}

/// The findings of the selected rules on one URL, ordered by span.
#[pyfunction]
#[pyo3(signature = (url, select=Vec::new(), ignore=Vec::new()))]
pub fn lint<'py>(
    py: Python<'py>,
    url: &str,
    select: Vec<String>,
    ignore: Vec<String>,
) -> PyResult<Bound<'py, PyList>> {
    let selection = selection(&select, &ignore)?;
    findings(py, &lint_one(url, &selection))
}

/// The findings on each URL of a list, the list-level rules (`mixed-forms`, ...) included:
/// one list per input, in input order. The GIL is released while the rules run.
#[pyfunction]
#[pyo3(signature = (urls, select=Vec::new(), ignore=Vec::new()))]
pub fn lint_list<'py>(
    py: Python<'py>,
    urls: Vec<String>,
    select: Vec<String>,
    ignore: Vec<String>,
) -> PyResult<Bound<'py, PyList>> {
    let selection = selection(&select, &ignore)?;
    let found = py.detach(|| {
        let refs: Vec<&str> = urls.iter().map(String::as_str).collect();
        lint_many(&refs, &selection)
    });
    let out = PyList::empty(py);
    for f in &found {
        out.append(findings(py, f)?)?;
    }
    Ok(out)
}

/// `url` with the fixes of the selected rules applied (`urlkit lint --fix`): `fixes="safe"`
/// (never changes the resource) or `"unsafe"` (`--unsafe-fixes`).
#[pyfunction]
#[pyo3(signature = (url, fixes="safe", select=Vec::new(), ignore=Vec::new()))]
pub fn fix(url: &str, fixes: &str, select: Vec<String>, ignore: Vec<String>) -> PyResult<String> {
    let level = match fixes {
        "safe" => FixLevel::Safe,
        "unsafe" => FixLevel::Unsafe,
        other => return Err(unknown("fix level", other, &["safe", "unsafe"])),
    };
    Ok(lint_fix(url, &selection(&select, &ignore)?, level))
}

/// Every lint rule, in code order (`urlkit lint --list`): `code`, `name`, `family`, `level`,
/// `scope` (`"url"` or `"list"`), `summary`, `aliases`, `on_by_default`.
#[pyfunction]
pub fn rules(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    for r in urlkit::lint::rules() {
        let d = PyDict::new(py);
        d.set_item("code", r.code)?;
        d.set_item("name", r.name)?;
        d.set_item("family", r.family.name())?;
        d.set_item("level", r.level.name())?;
        d.set_item(
            "scope",
            match r.scope {
                urlkit::lint::Scope::Url => "url",
                urlkit::lint::Scope::List => "list",
            },
        )?;
        d.set_item("summary", r.summary)?;
        d.set_item("aliases", r.aliases.to_vec())?;
        d.set_item("on_by_default", r.on_by_default())?;
        out.append(d)?;
    }
    Ok(out)
}
