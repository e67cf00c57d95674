//! `normalize`, `key` and `compare`: the comparison ladder (DESIGN §4).

use pyo3::prelude::*;
use urlkit::compare::Side;
use urlkit::normalize::NormalizeError;

use crate::errors::{located, Class};
use crate::options::{form, level_options};

/// The Python exception for a URL that cannot be normalized or keyed.
pub fn url_error(py: Python<'_>, e: &NormalizeError) -> PyErr {
    let message = e.to_string();
    located(py, Class::Url, e.kind().name(), e.offset(), &message)
}

/// Normalizes `url` at `level` (`"exact"`, `"safe"`, `"normal"`, `"loose"`, `"whatwg"`), as
/// an ASCII URI (`to="uri"`, the key) or a readable IRI (`to="iri"`).
#[pyfunction]
#[pyo3(signature = (url, level="safe", *, to="uri", loose_off=Vec::new(), loose_on=Vec::new()))]
pub fn normalize(
    py: Python<'_>,
    url: &str,
    level: &str,
    to: &str,
    loose_off: Vec<String>,
    loose_on: Vec<String>,
) -> PyResult<String> {
    let options = level_options(level, &loose_off, &loose_on)?;
    urlkit::normalize::normalize(url, &options, form(to)?).map_err(|e| url_error(py, &e))
}

/// The comparison key of `url` at `level`: two URLs are equal at a level exactly when their
/// keys are, so keys can be computed once and joined.
#[pyfunction]
#[pyo3(signature = (url, level="safe", *, loose_off=Vec::new(), loose_on=Vec::new()))]
pub fn key(
    py: Python<'_>,
    url: &str,
    level: &str,
    loose_off: Vec<String>,
    loose_on: Vec<String>,
) -> PyResult<String> {
    let options = level_options(level, &loose_off, &loose_on)?;
    urlkit::normalize::key(url, &options).map_err(|e| url_error(py, &e))
}

/// Where two URLs really differ: the component and the byte offset in each (the `difference`
/// of `urlkit compare --json`).
#[pyclass(frozen, module = "urlkit")]
#[derive(Clone, Debug)]
pub struct Difference {
    record: urlkit_records::compare::Difference,
}

#[pymethods]
impl Difference {
    /// The component (`"scheme"`, `"host"`, `"path"`, ...).
    #[getter]
    fn component(&self) -> &str {
        &self.record.component
    }

    /// The byte offset in the first URL.
    #[getter]
    fn offset_a(&self) -> usize {
        self.record.offset_a
    }

    /// The byte offset in the second URL.
    #[getter]
    fn offset_b(&self) -> usize {
        self.record.offset_b
    }

    /// What differs, in words.
    #[getter]
    fn message(&self) -> &str {
        &self.record.message
    }

    fn __repr__(&self) -> String {
        let d = &self.record;
        format!(
            "Difference(component={:?}, offset_a={}, offset_b={}, message={:?})",
            d.component, d.offset_a, d.offset_b, d.message
        )
    }
}

/// The verdict of `compare`: whether the URLs are equal at the asked level, the lowest level
/// at which they are, the rules that made them equal, and where they differ. It holds the
/// record of `urlkit compare --json` (`to_dict()` gives it whole).
#[pyclass(frozen, module = "urlkit")]
#[derive(Clone, Debug)]
pub struct Comparison {
    record: urlkit_records::compare::Compare,
}

#[pymethods]
impl Comparison {
    /// Equal at the asked level.
    #[getter]
    fn equal(&self) -> bool {
        self.record.equal
    }

    /// The asked level's name.
    #[getter]
    fn level(&self) -> &str {
        self.record.level
    }

    /// The lowest level of the ladder at which they are equal, or `None`.
    #[getter]
    fn lowest_equal_level(&self) -> Option<&str> {
        self.record.lowest_equal_level
    }

    /// The names of the rules that made them equal (`"hex-case"`, `"iri-to-uri"`, ...).
    #[getter]
    fn rules(&self) -> Vec<&str> {
        self.record.rules.clone()
    }

    /// Where they really differ, when they are not equal.
    #[getter]
    fn difference(&self) -> Option<Difference> {
        self.record
            .difference
            .clone()
            .map(|record| Difference { record })
    }

    /// Whether a browser (WHATWG URL) sees them as the same URL; `None` when either is not a
    /// WHATWG URL.
    #[getter]
    fn whatwg_equal(&self) -> Option<bool> {
        self.record.whatwg_equal
    }

    /// The verdict explained in words, as `urlkit compare A B` prints it.
    #[getter]
    fn report(&self) -> &str {
        &self.record.report
    }

    /// `"A is NFC, B is NFD"` when the two differ only by Unicode normalization, else `None`.
    #[getter]
    fn unicode_normalization(&self) -> Option<&str> {
        self.record.unicode_normalization.as_deref()
    }

    /// The record of `urlkit compare --json A B`, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::records::to_py(py, &self.record)
    }

    fn __bool__(&self) -> bool {
        self.record.equal
    }

    fn __repr__(&self) -> String {
        let r = &self.record;
        let opt_str = |v: Option<&str>| v.map_or("None".to_owned(), |s| format!("{s:?}"));
        let opt_bool = |v: Option<bool>| match v {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        let rules: Vec<String> = r.rules.iter().map(|r| format!("{r:?}")).collect();
        let difference = self
            .difference()
            .as_ref()
            .map_or("None".to_owned(), Difference::__repr__);
        format!(
            "Comparison(equal={}, level={:?}, lowest_equal_level={}, rules=[{}], difference={}, whatwg_equal={})",
            if r.equal { "True" } else { "False" },
            r.level,
            opt_str(r.lowest_equal_level),
            rules.join(", "),
            difference,
            opt_bool(r.whatwg_equal)
        )
    }
}

/// Compares two URLs at `level` and explains the verdict (see `Comparison`).
///
/// A URL that cannot be keyed raises `urlkit.UrlError`; its `side` attribute says which
/// (`"A"` or `"B"`).
#[pyfunction]
#[pyo3(signature = (a, b, level="safe", *, loose_off=Vec::new(), loose_on=Vec::new()))]
pub fn compare(
    py: Python<'_>,
    a: &str,
    b: &str,
    level: &str,
    loose_off: Vec<String>,
    loose_on: Vec<String>,
) -> PyResult<Comparison> {
    let options = level_options(level, &loose_off, &loose_on)?;
    match urlkit::compare::compare(a, b, &options) {
        Ok(c) => Ok(Comparison {
            record: urlkit_records::compare::Compare::build(format!("{a} {b}"), a, b, &c),
        }),
        Err(e) => {
            let err = url_error(py, &e.error);
            let side = match e.side {
                Side::A => "A",
                Side::B => "B",
            };
            err.value(py).setattr("side", side)?;
            Err(err)
        }
    }
}
