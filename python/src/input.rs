//! The input policy of the Python door, the CLI's: URLs trimmed by the one rule
//! (`urlkit_sources::trim`), a foreign function named by its bare name read as the one flavor
//! that has it, and each of those said, as the CLI says it in a note, through Python's
//! `warnings` as a `urlkit.SourceWarning`.

use std::ffi::CString;

use pyo3::prelude::*;
use urlkit::flavor::{Direction, Flavor, FlavorName};
use urlkit_sources::{trim_str, Content};

use crate::errors::unknown;

/// At most this many warnings about removed whitespace per call, then one count (the CLI's
/// rule for the notes of one run).
const TRIM_WARNINGS: usize = 3;

/// Issues `message` as a `urlkit.SourceWarning` (at the caller's line: two frames up, past
/// the package's Python wrapper when there is one).
pub fn warn(py: Python<'_>, message: &str) -> PyResult<()> {
    let category = py.import("urlkit._errors")?.getattr("SourceWarning")?;
    // A NUL in a URL would end the C string early: shown as the CLI shows controls.
    let text =
        CString::new(message.replace('\0', "\\x00")).expect("invariant: NUL bytes were replaced");
    PyErr::warn(py, &category, &text, 2)
}

/// `url` without what surrounds it (a byte order mark, whitespace), said when something was.
pub fn url<'a>(py: Python<'_>, url: &'a str) -> PyResult<&'a str> {
    let (kept, t) = trim_str(url, Content::Url);
    if t.bom {
        warn(py, urlkit_sources::BOM_REMOVED)?;
    }
    if let Some(what) = t.describe(url.as_bytes()) {
        warn(py, &what)?;
    }
    Ok(kept)
}

/// Free text without a byte order mark at its start (the one policy for text: spaces are
/// data and stay), said when there was one.
pub fn text<'a>(py: Python<'_>, text: &'a str) -> PyResult<&'a str> {
    let (kept, t) = trim_str(text, Content::Text);
    if t.bom {
        warn(py, urlkit_sources::BOM_REMOVED)?;
    }
    Ok(kept)
}

/// Bytes without a byte order mark at their start, said when there was one.
pub fn bytes<'a>(py: Python<'_>, bytes: &'a [u8]) -> PyResult<&'a [u8]> {
    let t = urlkit_sources::trim(bytes, true, Content::Text);
    if t.bom {
        warn(py, urlkit_sources::BOM_REMOVED)?;
    }
    Ok(&bytes[t.kept])
}

/// Every URL of a list trimmed as [`url`] trims one; the first few removals said one by one
/// (with their index), the rest counted.
pub fn urls<'a>(py: Python<'_>, urls: &'a [String]) -> PyResult<Vec<&'a str>> {
    let mut trimmed = 0;
    let mut out = Vec::with_capacity(urls.len());
    for (i, u) in urls.iter().enumerate() {
        let (kept, t) = trim_str(u, Content::Url);
        if let Some(what) = t.describe(u.as_bytes()) {
            trimmed += 1;
            if trimmed <= TRIM_WARNINGS {
                warn(py, &format!("item {i}: {what}"))?;
            }
        } else if t.bom {
            warn(py, &format!("item {i}: {}", urlkit_sources::BOM_REMOVED))?;
        }
        out.push(kept);
    }
    if trimmed > TRIM_WARNINGS {
        warn(
            py,
            &format!(
                "removed the whitespace around {trimmed} URLs in all ({} not listed)",
                trimmed - TRIM_WARNINGS
            ),
        )?;
    }
    Ok(out)
}

/// The flavor `name` names among those of `direction`: its full name, or the bare function
/// name only one flavor has (said, as the CLI's `--as` says it).
pub fn flavor(py: Python<'_>, name: &str, direction: Direction) -> PyResult<Flavor> {
    let names = || -> Vec<&'static str> {
        Flavor::ALL
            .iter()
            .filter(|f| f.direction() == direction)
            .map(|f| f.name())
            .collect()
    };
    let what = match direction {
        Direction::Encode => "encoder",
        Direction::Decode => "decoder",
    };
    match Flavor::lookup(name, direction) {
        FlavorName::Exact(f) => Ok(f),
        FlavorName::Alias(f) => {
            warn(py, &format!("as_='{name}' is read as {}", f.name()))?;
            Ok(f)
        }
        FlavorName::Ambiguous(several) => {
            let list: Vec<&str> = several.iter().map(|f| f.name()).collect();
            Err(pyo3::exceptions::PyValueError::new_err(format!(
                "ambiguous {what} '{name}': did you mean {}?",
                list.join(" or ")
            )))
        }
        FlavorName::OtherDirection(_) | FlavorName::Unknown => Err(unknown(what, name, &names())),
    }
}
