//! Failures as the Python exception classes of `urlkit/_errors.py`: each carries the error's
//! kind (the library's kebab-case name) and the byte offset in the input.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Which exception class of `urlkit._errors` a failure is raised as.
#[derive(Clone, Copy, Debug)]
pub enum Class {
    /// A percent-decoding failure (`urlkit.DecodeError`).
    Decode,
    /// A URL that cannot be normalized or keyed (`urlkit.UrlError`).
    Url,
    /// A foreign function's own failure, reproduced (`urlkit.FlavorError`).
    Flavor,
}

impl Class {
    const fn name(self) -> &'static str {
        match self {
            Class::Decode => "DecodeError",
            Class::Url => "UrlError",
            Class::Flavor => "FlavorError",
        }
    }
}

/// A failure located at `offset` bytes into the input.
pub fn located(py: Python<'_>, class: Class, kind: &str, offset: usize, message: &str) -> PyErr {
    let made = py
        .import("urlkit._errors")
        .and_then(|m| m.getattr(class.name()))
        .and_then(|c| c.call1((kind, offset, message)));
    match made {
        Ok(value) => PyErr::from_value(value),
        // The package's own module failed to import: say so rather than lose the error.
        Err(import_error) => import_error,
    }
}

/// A wrong argument (an unknown set, level or flavor name): a plain `ValueError` that lists
/// the valid names.
pub fn unknown(what: &str, given: &str, valid: &[&str]) -> PyErr {
    PyValueError::new_err(format!(
        "unknown {what} '{given}'; the {what}s are: {}",
        valid.join(", ")
    ))
}

/// Which warning class of `urlkit._errors` a warning is issued as.
#[derive(Clone, Copy, Debug)]
pub enum Warning {
    /// An encoder's input was already encoded, or a whole URL (`urlkit.EncodeWarning`).
    Encode,
    /// Decoding turned escaped delimiters into real ones (`urlkit.DecodeWarning`).
    Decode,
    /// A header value asks something of its sender (`urlkit.HeaderWarning`).
    Header,
    /// A lenient Base64 reading accepted more than RFC 4648 (`urlkit.Base64Warning`).
    Base64,
}

impl Warning {
    const fn name(self) -> &'static str {
        match self {
            Warning::Encode => "EncodeWarning",
            Warning::Decode => "DecodeWarning",
            Warning::Header => "HeaderWarning",
            Warning::Base64 => "Base64Warning",
        }
    }
}

/// Issues a warning (`warnings.warn`) of `class` carrying `kind`, `offset` and `message`,
/// attributed to the caller's line.
pub fn warn(
    py: Python<'_>,
    class: Warning,
    kind: &str,
    offset: usize,
    message: &str,
) -> PyResult<()> {
    let value = py
        .import("urlkit._errors")?
        .getattr(class.name())?
        .call1((kind, offset, message))?;
    py.import("warnings")?
        .call_method1("warn", (value, py.None(), 1))?;
    Ok(())
}
