//! `parse`: a URL's components as RFC 3986 and as a browser (WHATWG) see them.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use urlkit::uri::Component;
use urlkit::whatwg::Url;

/// The URL's components, read twice: `{"rfc3986": {...} | None, "whatwg": {...} | None}`.
///
/// The RFC 3986 reading maps each component name to its raw text and byte span
/// (`{"scheme": {"text": "https", "start": 0, "end": 5}, ...}`; absent components are
/// `None`); `error` is set instead when RFC 3986 rejects the text. The WHATWG reading has the
/// `URL` object's attributes (`href`, `protocol`, `hostname`, `pathname`, ...), or is `None`
/// when a browser would reject the URL.
#[pyfunction]
pub fn parse<'py>(py: Python<'py>, url: &str) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    let rfc = PyDict::new(py);
    match urlkit::uri::parse(url) {
        Ok(u) => {
            for c in Component::ALL {
                match (u.get(c), u.range(c)) {
                    (Some(text), Some(range)) => {
                        let part = PyDict::new(py);
                        part.set_item("text", text)?;
                        part.set_item("start", range.start)?;
                        part.set_item("end", range.end)?;
                        rfc.set_item(c.name(), part)?;
                    }
                    _ => rfc.set_item(c.name(), py.None())?,
                }
            }
            out.set_item("rfc3986", rfc)?;
        }
        Err(e) => {
            let err = PyDict::new(py);
            err.set_item("kind", e.kind().name())?;
            err.set_item("offset", e.offset())?;
            err.set_item("message", e.to_string())?;
            rfc.set_item("error", err)?;
            out.set_item("rfc3986", rfc)?;
        }
    }
    match Url::parse(url, None) {
        Ok(w) => {
            let d = PyDict::new(py);
            d.set_item("href", w.href())?;
            d.set_item("protocol", w.protocol())?;
            d.set_item("username", w.username())?;
            d.set_item("password", w.password())?;
            d.set_item("host", w.host())?;
            d.set_item("hostname", w.hostname())?;
            d.set_item("host_kind", w.host_kind().name())?;
            d.set_item("port", w.port())?;
            d.set_item("pathname", w.pathname())?;
            d.set_item("search", w.search())?;
            d.set_item("hash", w.hash())?;
            d.set_item("origin", w.origin())?;
            out.set_item("whatwg", d)?;
        }
        Err(_) => out.set_item("whatwg", py.None())?,
    }
    Ok(out)
}
