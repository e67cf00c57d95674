//! Every dict and list this module returns is a shared record (`urlkit-records`, the types
//! the CLI's `--json` and the web API write) converted by pythonize: no shape is written here.

use pyo3::prelude::*;
use serde::Serialize;

/// `record` as the Python value it serializes to: a struct or map as a `dict`, a sequence as
/// a `list`, `None` for a null.
pub fn to_py<'py>(py: Python<'py>, record: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, record)?)
}
