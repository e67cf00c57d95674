//! `parse`: a URL's components as RFC 3986 and as a browser (WHATWG) see them, the record of
//! `urlkit parse --json`.

use pyo3::prelude::*;

use crate::errors::{located, Class};
use crate::records::to_py;

/// The record of `urlkit parse --json URL`: `rfc3986` (the strict reading, or why it rejects
/// the URL and the Appendix B split), `whatwg` (the `URL` object's attributes, or why a
/// browser rejects it), the path `segments` and query `params` a server reads, and the
/// `findings` where the two disagree. A URL that neither accepts raises `urlkit.UrlError`.
#[pyfunction]
pub fn parse<'py>(py: Python<'py>, url: &str) -> PyResult<Bound<'py, PyAny>> {
    // Read as the CLI reads it: a byte order mark at the start removed, whitespace kept (the
    // record says what each parser makes of it).
    let url = crate::input::text(py, url)?;
    match urlkit_records::parse::build(url.to_owned(), url, None) {
        Ok(record) => to_py(py, &record),
        Err(f) => Err(located(
            py,
            Class::Url,
            &f.kind,
            f.offset.unwrap_or(0),
            &f.message,
        )),
    }
}
