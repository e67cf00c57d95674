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
    let url = crate::input::url(py, url)?;
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
    let url = crate::input::url(py, url)?;
    urlkit::normalize::key(url, &options).map_err(|e| url_error(py, &e))
}

/// Where two URLs really differ: the component and the byte offset in each.
#[pyclass(frozen, module = "urlkit", get_all)]
#[derive(Clone, Debug)]
pub struct Difference {
    /// The component (`"scheme"`, `"host"`, `"path"`, ...).
    pub component: String,
    /// The byte offset in the first URL.
    pub offset_a: usize,
    /// The byte offset in the second URL.
    pub offset_b: usize,
    /// What differs, in words.
    pub message: String,
}

#[pymethods]
impl Difference {
    fn __repr__(&self) -> String {
        format!(
            "Difference(component={:?}, offset_a={}, offset_b={}, message={:?})",
            self.component, self.offset_a, self.offset_b, self.message
        )
    }
}

/// The verdict of `compare`: whether the URLs are equal at the asked level, the lowest level
/// at which they are, the rules that made them equal, and where they differ.
#[pyclass(frozen, module = "urlkit", get_all)]
#[derive(Clone, Debug)]
pub struct Comparison {
    /// Equal at the asked level.
    pub equal: bool,
    /// The asked level's name.
    pub level: String,
    /// The lowest level of the ladder at which they are equal, or `None`.
    pub lowest_equal_level: Option<String>,
    /// The names of the rules that made them equal (`"hex-case"`, `"iri-to-uri"`, ...).
    pub rules: Vec<String>,
    /// Where they really differ, when they are not equal.
    pub difference: Option<Difference>,
    /// Whether a browser (WHATWG URL) sees them as the same URL; `None` when either is not a
    /// WHATWG URL.
    pub whatwg_equal: Option<bool>,
}

#[pymethods]
impl Comparison {
    fn __bool__(&self) -> bool {
        self.equal
    }

    fn __repr__(&self) -> String {
        let opt_str =
            |v: &Option<String>| v.as_ref().map_or("None".to_owned(), |s| format!("{s:?}"));
        let opt_bool = |v: Option<bool>| match v {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        let rules: Vec<String> = self.rules.iter().map(|r| format!("{r:?}")).collect();
        let difference = self
            .difference
            .as_ref()
            .map_or("None".to_owned(), Difference::__repr__);
        format!(
            "Comparison(equal={}, level={:?}, lowest_equal_level={}, rules=[{}], difference={}, whatwg_equal={})",
            if self.equal { "True" } else { "False" },
            self.level,
            opt_str(&self.lowest_equal_level),
            rules.join(", "),
            difference,
            opt_bool(self.whatwg_equal)
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
    let (a, b) = (crate::input::url(py, a)?, crate::input::url(py, b)?);
    match urlkit::compare::compare(a, b, &options) {
        Ok(c) => Ok(Comparison {
            equal: c.equal,
            level: c.level.name().to_owned(),
            lowest_equal_level: c.lowest_equal_level.map(|l| l.name().to_owned()),
            rules: c.rules.iter().map(|r| r.name().to_owned()).collect(),
            difference: c.difference.map(|d| Difference {
                component: d.component.name().to_owned(),
                offset_a: d.offset_a,
                offset_b: d.offset_b,
                message: d.message,
            }),
            whatwg_equal: c.whatwg_equal,
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
