//! `content_disposition`, `parse_content_disposition`, `base64_encode` and `base64_decode`:
//! the header and Base64 helpers, as `urlkit content-disposition` and `urlkit base64` give
//! them.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use urlkit::base64::{Alphabet, Base64, Padding};
use urlkit::content_disposition::{build_with, parse, Disposition, Fallback};

use crate::errors::{located, unknown, warn, Class, Warning};

/// The `Content-Disposition` value for a file called `filename`: `filename="..."` (the
/// fallback for recipients that do not read `filename*`) first, then `filename*=UTF-8''...`
/// when the name is not printable ASCII (RFC 6266, RFC 8187).
///
/// `disposition` is `"attachment"` or `"inline"`; `fallback=` gives the plain name yourself
/// (ISO-8859-1 without control characters, else `ValueError`); without it urlkit derives one
/// (accents dropped, other characters as `_`, `download` when nothing is left). What the
/// value asks of the sender (quoted-pairs, a non-ASCII fallback) is issued as a
/// `urlkit.HeaderWarning`.
#[pyfunction]
#[pyo3(signature = (filename, disposition="attachment", *, fallback=None))]
pub fn content_disposition(
    py: Python<'_>,
    filename: &str,
    disposition: &str,
    fallback: Option<&str>,
) -> PyResult<String> {
    let disposition = match disposition {
        "attachment" => Disposition::Attachment,
        "inline" => Disposition::Inline,
        other => return Err(unknown("disposition", other, &["attachment", "inline"])),
    };
    let fallback = fallback.map_or(Fallback::Derived, Fallback::Given);
    let built = build_with(filename, disposition, fallback)
        .map_err(|e| PyValueError::new_err(format!("fallback= {e} (at byte {})", e.offset())))?;
    for n in &built.notes {
        warn(py, Warning::Header, n.name(), 0, n.message())?;
    }
    Ok(built.value)
}

/// Reads a `Content-Disposition` value: a dict with `filename` (`filename*` preferred, RFC
/// 6266 §4.3), `fallback` (the plain `filename`), `disposition`, `charset`, `language` and
/// the other `params`. A malformed value raises `urlkit.DecodeError` with its kind and byte
/// offset.
#[pyfunction]
pub fn parse_content_disposition<'py>(py: Python<'py>, value: &str) -> PyResult<Bound<'py, PyAny>> {
    let cd = parse(value).map_err(|e| {
        located(
            py,
            Class::Decode,
            e.kind().name(),
            e.offset(),
            e.description(),
        )
    })?;
    crate::records::to_py(py, &urlkit_records::header::Fields::from(&cd))
}

fn alphabet_named(name: &str) -> PyResult<Alphabet> {
    match name {
        "base64" => Ok(Alphabet::Standard),
        "base64url" => Ok(Alphabet::UrlSafe),
        other => Err(unknown("alphabet", other, &["base64", "base64url"])),
    }
}

fn padding_named(pad: bool) -> Padding {
    if pad {
        Padding::Pad
    } else {
        Padding::Omit
    }
}

/// Base64 of `data` (a `str` is encoded as UTF-8): `alphabet="base64"` (RFC 4648 §4) or
/// `"base64url"` (§5), with `=` padding unless `pad=False`.
#[pyfunction]
#[pyo3(signature = (data, alphabet="base64", *, pad=true))]
pub fn base64_encode(
    data: crate::codec::TextOrBytes,
    alphabet: &str,
    pad: bool,
) -> PyResult<String> {
    let codec = Base64::new(alphabet_named(alphabet)?, padding_named(pad));
    Ok(codec.encode(data.as_bytes()))
}

/// Decodes Base64 to `bytes`. `mode="strict"` (the default) takes exactly RFC 4648 with
/// `alphabet` and `pad`; `mode="lenient"` takes what people paste (either alphabet, padding
/// optional, whitespace ignored, extra bits ignored) and issues a `urlkit.Base64Warning`
/// saying what it accepted. A text that cannot be read raises `urlkit.DecodeError` with its
/// kind (`missing-padding`, `invalid-character`, ...) and byte offset.
#[pyfunction]
#[pyo3(signature = (text, alphabet="base64", *, pad=true, mode="strict"))]
pub fn base64_decode<'py>(
    py: Python<'py>,
    text: &str,
    alphabet: &str,
    pad: bool,
    mode: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let fail = |e: urlkit::base64::Base64Error| {
        located(py, Class::Decode, e.kind().name(), e.offset(), &e.message())
    };
    let bytes = match mode {
        "strict" => Base64::new(alphabet_named(alphabet)?, padding_named(pad))
            .decode(text)
            .map_err(fail)?,
        "lenient" => {
            let l = Base64::decode_lenient(text).map_err(fail)?;
            if !l.accepted.is_empty() {
                let list: Vec<String> = l.accepted.iter().map(|a| a.message()).collect();
                let message = format!("read leniently: {}", list.join(", "));
                warn(py, Warning::Base64, l.accepted[0].name(), 0, &message)?;
            }
            l.bytes
        }
        other => return Err(unknown("mode", other, &["strict", "lenient"])),
    };
    Ok(PyBytes::new(py, &bytes))
}
