//! The `urlkit` Python package's native module, `urlkit._urlkit` (DESIGN §9).
//!
//! A thin layer: every answer comes from the `urlkit` library, with the same names and
//! semantics as the library and the CLI. Functions that loop over many items release the GIL
//! (`Python::detach`). The Python package (`python/urlkit/`) adds the exception classes, the
//! Arrow conversions back to the caller's library, and the Spark, DuckDB and Polars modules.
//!
//! ```python
//! import urlkit
//! assert urlkit.key("https://example.com/%e9%81%8b/") == urlkit.key("https://example.com/運/")
//! ```

#![forbid(unsafe_code)]

mod build;
mod bulk;
mod codec;
mod compare;
mod errors;
mod headers;
mod input;
mod lint;
mod options;
mod parse;
mod reconcile;
mod records;
mod repair;

use pyo3::prelude::*;

/// The native module. Its functions are re-exported by `urlkit/__init__.py`.
#[pymodule]
fn _urlkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(codec::encode, m)?)?;
    m.add_function(wrap_pyfunction!(codec::decode, m)?)?;
    m.add_function(wrap_pyfunction!(codec::flavors, m)?)?;
    m.add_function(wrap_pyfunction!(headers::content_disposition, m)?)?;
    m.add_function(wrap_pyfunction!(headers::parse_content_disposition, m)?)?;
    m.add_function(wrap_pyfunction!(headers::base64_encode, m)?)?;
    m.add_function(wrap_pyfunction!(headers::base64_decode, m)?)?;
    m.add_function(wrap_pyfunction!(compare::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(compare::key, m)?)?;
    m.add_function(wrap_pyfunction!(compare::compare, m)?)?;
    m.add_class::<compare::Comparison>()?;
    m.add_class::<compare::Difference>()?;
    m.add_function(wrap_pyfunction!(parse::parse, m)?)?;
    m.add_function(wrap_pyfunction!(build::build, m)?)?;
    m.add_function(wrap_pyfunction!(build::encode_query, m)?)?;
    m.add_function(wrap_pyfunction!(lint::lint, m)?)?;
    m.add_function(wrap_pyfunction!(lint::lint_list, m)?)?;
    m.add_function(wrap_pyfunction!(lint::fix, m)?)?;
    m.add_function(wrap_pyfunction!(lint::rules, m)?)?;
    m.add_function(wrap_pyfunction!(repair::repair, m)?)?;
    m.add_function(wrap_pyfunction!(repair::repair_list, m)?)?;
    m.add_function(wrap_pyfunction!(reconcile::reconcile, m)?)?;
    m.add_class::<bulk::Op>()?;
    m.add_function(wrap_pyfunction!(bulk::op_key, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::op_normalize, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::op_encode, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::op_decode, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::map_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::map_list, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::values_buffer_address, m)?)?;
    Ok(())
}
