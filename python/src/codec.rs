//! `encode`, `decode` and `flavors`: the codec and the foreign-function catalogue.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use urlkit::codec::sets::NamedSet;
use urlkit::codec::{
    decode_bytes_to_str, decoded_delimiters, DecodeMode, DecodedDelimiters, EncodeWarning,
    EncodeWarningKind, Encoder, HexCase,
};
use urlkit::flavor::{Decoded, Direction, Flavor, Input, Params};

use crate::errors::{located, unknown, warn, Class, Warning};

/// Text given as `str` (encoded as UTF-8) or as `bytes` (taken as they are).
#[derive(FromPyObject)]
pub enum TextOrBytes {
    /// A `str`.
    Text(String),
    /// A `bytes` or `bytearray`.
    Bytes(Vec<u8>),
}

impl TextOrBytes {
    /// The same input without a byte order mark at its start (said as a warning), as every
    /// door reads free text.
    pub fn without_bom(self, py: Python<'_>) -> PyResult<TextOrBytes> {
        Ok(match self {
            TextOrBytes::Text(s) => TextOrBytes::Text(crate::input::text(py, &s)?.to_owned()),
            TextOrBytes::Bytes(b) => TextOrBytes::Bytes(crate::input::bytes(py, &b)?.to_vec()),
        })
    }

    /// The bytes: a `str` as UTF-8.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            TextOrBytes::Text(s) => s.as_bytes(),
            TextOrBytes::Bytes(b) => b,
        }
    }

    fn flavor_input(&self) -> Input<'_> {
        match self {
            TextOrBytes::Text(s) => Input::Text(s),
            TextOrBytes::Bytes(b) => match std::str::from_utf8(b) {
                Ok(s) => Input::Text(s),
                Err(_) => Input::Bytes(b),
            },
        }
    }
}

/// The encoder for `set=`, `safe=` and `hex=`, as `urlkit encode` builds it.
pub fn set_encoder(set: &str, safe: Option<&str>, hex: &str) -> PyResult<Encoder> {
    let named = NamedSet::from_name(set).ok_or_else(|| {
        let names: Vec<&str> = NamedSet::ALL.iter().map(|s| s.name()).collect();
        unknown("set", set, &names)
    })?;
    let mut encoder = named.encoder();
    if let Some(safe) = safe {
        if let Some(c) = safe.chars().find(|c| !c.is_ascii()) {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "safe= takes ASCII characters only; '{c}' is not (non-ASCII text is always \
                 encoded as UTF-8 bytes)"
            )));
        }
        let kept = encoder.set().remove_all(safe.as_bytes());
        encoder = Encoder::new(kept).space(encoder.space_mode());
    }
    match hex {
        "upper" => Ok(encoder),
        "lower" => Ok(encoder.hex(HexCase::Lower)),
        other => Err(unknown("hex case", other, &["upper", "lower"])),
    }
}

/// The decode mode named `mode`.
pub fn decode_mode(mode: &str) -> PyResult<DecodeMode> {
    DecodeMode::from_name(mode).ok_or_else(|| {
        let names: Vec<&str> = DecodeMode::ALL.iter().map(|m| m.name()).collect();
        unknown("mode", mode, &names)
    })
}

fn flavor_named(py: Python<'_>, name: &str, direction: Direction) -> PyResult<Flavor> {
    crate::input::flavor(py, name, direction)
}

fn python_params(flavor: Flavor, safe: Option<&str>) -> PyResult<Params> {
    let mut params = Params::default();
    if let Some(s) = safe {
        if flavor.name().starts_with("python.") {
            params = params.safe(s);
        } else {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "safe= is Python's argument; {} takes none",
                flavor.name()
            )));
        }
    }
    Ok(params)
}

/// Percent-encodes `text` with a named set (`set=`), or as another language's encoder does
/// (`as_=`, e.g. `"python.quote"`, `"js.encodeURIComponent"`).
///
/// `safe=` keeps more ASCII characters (with `python.*` flavors, Python's own `safe`);
/// `hex="lower"` writes `%e9` instead of `%E9`; `once=True` keeps valid `%XX` escapes as they
/// are and encodes only the rest (idempotent). Text that is already percent-encoded, or a
/// whole URL given as one component, is said as a `urlkit.EncodeWarning` (the result is
/// still returned).
#[pyfunction]
#[pyo3(signature = (text, set="unreserved", *, as_=None, safe=None, hex="upper", once=false))]
pub fn encode(
    py: Python<'_>,
    text: TextOrBytes,
    set: &str,
    as_: Option<&str>,
    safe: Option<&str>,
    hex: &str,
    once: bool,
) -> PyResult<String> {
    let text = text.without_bom(py)?;
    if let Some(name) = as_ {
        if set != "unreserved" || hex != "upper" || once {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "as_= names a foreign encoder: set=, hex= and once= do not apply to it",
            ));
        }
        let flavor = flavor_named(py, name, Direction::Encode)?;
        let params = python_params(flavor, safe)?;
        let out = flavor
            .encode_with(text.flavor_input(), &params)
            .map_err(|e| located(py, Class::Flavor, e.kind().name(), e.offset(), e.message()))?;
        warn_encode(py, &flavor.encode_warnings(text.as_bytes()))?;
        return Ok(out);
    }
    let encoder = set_encoder(set, safe, hex)?;
    let mut warnings = encoder.warnings(text.as_bytes());
    let out = if once {
        warnings.retain(|w| w.kind() != EncodeWarningKind::AlreadyEncoded);
        encoder.encode_once_bytes(text.as_bytes()).into_owned()
    } else {
        encoder.encode_bytes(text.as_bytes()).into_owned()
    };
    warn_encode(py, &warnings)?;
    Ok(out)
}

/// An encode warning in Python's words: the library's sentence and what to use instead.
pub fn encode_warning_message(w: &EncodeWarning) -> String {
    let remedy = match w.kind() {
        EncodeWarningKind::AlreadyEncoded => {
            "pass once=True to keep the escapes, or use urlkit.normalize for a URL"
        }
        EncodeWarningKind::WholeUrl => {
            "encode each component on its own; urlkit.normalize respells a URL"
        }
        _ => "",
    };
    format!("{} — {remedy}", w.message())
}

fn warn_encode(py: Python<'_>, warnings: &[EncodeWarning]) -> PyResult<()> {
    for w in warnings {
        warn(
            py,
            Warning::Encode,
            w.kind().name(),
            w.offset(),
            &encode_warning_message(w),
        )?;
    }
    Ok(())
}

fn warn_delimiters(py: Python<'_>, found: Option<DecodedDelimiters>) -> PyResult<()> {
    match found {
        Some(d) => warn(py, Warning::Decode, "decoded-delimiter", 0, &d.message()),
        None => Ok(()),
    }
}

/// Percent-decodes `text`: `mode="strict"` (a malformed `%` or bytes that are not UTF-8 raise
/// `urlkit.DecodeError` with the kind and the byte offset), `"lenient"` (WHATWG) or `"form"`
/// (`+` is a space); or as another language's decoder does (`as_=`, e.g. `"python.unquote"`).
///
/// A foreign decoder that yields bytes (PHP, Go, Ruby, Perl) returns `bytes`; one that yields
/// UTF-16 with lone surrogates (JavaScript, Java) returns a `str` holding those surrogates.
/// When decoding turns escaped delimiters of a URL, a path or a query into real ones
/// (`/a%2Fb/` becomes `/a/b/`), a `urlkit.DecodeWarning` says which.
#[pyfunction]
#[pyo3(signature = (text, mode="strict", *, as_=None))]
pub fn decode<'py>(
    py: Python<'py>,
    text: TextOrBytes,
    mode: &str,
    as_: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let text = text.without_bom(py)?;
    if let Some(name) = as_ {
        if mode != "strict" {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "as_= names a foreign decoder: mode= does not apply to it",
            ));
        }
        let flavor = flavor_named(py, name, Direction::Decode)?;
        let decoded = flavor
            .decode_with(text.flavor_input(), &Params::default())
            .map_err(|e| located(py, Class::Flavor, e.kind().name(), e.offset(), e.message()))?;
        warn_delimiters(py, flavor.decoded_delimiters(text.as_bytes()))?;
        return decoded_to_python(py, decoded);
    }
    let mode = decode_mode(mode)?;
    match decode_bytes_to_str(text.as_bytes(), mode) {
        Ok(s) => {
            warn_delimiters(py, decoded_delimiters(text.as_bytes()))?;
            Ok(PyString::new(py, &s).into_any())
        }
        Err(e) => {
            let message = e.to_string();
            Err(located(
                py,
                Class::Decode,
                e.kind().name(),
                e.offset(),
                &message,
            ))
        }
    }
}

fn decoded_to_python(py: Python<'_>, decoded: Decoded) -> PyResult<Bound<'_, PyAny>> {
    match decoded {
        Decoded::Text(s) => Ok(PyString::new(py, &s).into_any()),
        Decoded::Bytes(b) => Ok(PyBytes::new(py, &b).into_any()),
        Decoded::Utf16(units) => {
            // Python's str holds lone surrogates; decoding the UTF-16 with `surrogatepass`
            // keeps every unit, where a Rust String could not.
            let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
            PyBytes::new(py, &bytes).call_method1("decode", ("utf-16-le", "surrogatepass"))
        }
    }
}

/// Every foreign encoder and decoder urlkit reproduces (`urlkit flavors --json`): a list of
/// dicts with `name`, `direction` (`"encode"` or `"decode"`), `keeps`, `checked_against` and
/// `spec`.
#[pyfunction]
pub fn flavors(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let all: Vec<urlkit_records::flavors::FlavorInfo> = Flavor::ALL
        .into_iter()
        .map(urlkit_records::flavors::FlavorInfo::from)
        .collect();
    crate::records::to_py(py, &all)
}
