//! `lint`, `lint_list` and `fix`: the findings of `urlkit lint --json`, with the same shape.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use urlkit::lint::{fix as lint_fix, lint as lint_one, lint_list as lint_many};
use urlkit::lint::{Diagnostic, FixLevel, Selection};

use urlkit_records::lint::{Finding, RuleInfo};

use crate::errors::unknown;
use crate::records::to_py;

/// The rules that run: the defaults plus `select` minus `ignore` (codes, names, aliases,
/// families or `all`; words may be comma-separated), as `--select` / `--ignore` read them.
fn selection(select: &[String], ignore: &[String]) -> PyResult<Selection> {
    let select: Vec<&str> = select.iter().map(String::as_str).collect();
    let ignore: Vec<&str> = ignore.iter().map(String::as_str).collect();
    Selection::parse(&select, &ignore).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The findings as `urlkit lint --json` writes them.
fn findings<'py>(py: Python<'py>, found: &[Diagnostic]) -> PyResult<Bound<'py, PyAny>> {
    let records: Vec<Finding> = found.iter().map(Finding::from).collect();
    to_py(py, &records)
}

/// The findings of the selected rules on one URL, ordered by span.
#[pyfunction]
#[pyo3(signature = (url, select=Vec::new(), ignore=Vec::new()))]
pub fn lint<'py>(
    py: Python<'py>,
    url: &str,
    select: Vec<String>,
    ignore: Vec<String>,
) -> PyResult<Bound<'py, PyAny>> {
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
pub fn rules(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let all: Vec<RuleInfo> = urlkit::lint::rules()
        .into_iter()
        .map(RuleInfo::from)
        .collect();
    to_py(py, &all)
}
