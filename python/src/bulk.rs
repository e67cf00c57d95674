//! The bulk path (DESIGN §9): one operation over an Arrow string array, zero-copy in (the C
//! data interface hands over the caller's buffers), one builder out, the GIL released while
//! the rows are computed. Plain Python lists take the same operations. The work is
//! `urlkit-arrow`'s, which checks every imported chunk before it reads a row of it: an array
//! that breaks the Arrow format (bytes that are not UTF-8 in a string array, offsets that
//! decrease, views past their buffers) raises `ValueError` with the row and byte.
//!
//! A row that fails (a URL that cannot be keyed, a malformed escape in strict decoding) is a
//! null in the result, and its reason is kept: the Python layer returns it, raises it, or drops
//! it as the caller asked (`errors=`), so no failure is silently lost unless asked for.

use std::sync::Arc;

use arrow_array::{Array, GenericStringArray};
use arrow_schema::Field;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};
use urlkit::flavor::{Direction, Params};
use urlkit_arrow::{map_chunks, ChunkError, Operation, Reasons, Scratch};
use urlkit_records::{Failure, RowFailure};

use crate::codec::{decode_mode, set_encoder};
use crate::errors::unknown;
use crate::options::{form, level_options};
use crate::records::to_py;

/// An operation prepared once from Python's arguments and applied to many rows.
#[pyclass(frozen, module = "urlkit._urlkit")]
pub struct Op {
    op: Operation,
}

/// The key operation (`urlkit.keys`).
#[pyfunction]
#[pyo3(signature = (level="safe", loose_off=Vec::new(), loose_on=Vec::new()))]
pub fn op_key(level: &str, loose_off: Vec<String>, loose_on: Vec<String>) -> PyResult<Op> {
    let options = level_options(level, &loose_off, &loose_on)?;
    Ok(Op {
        op: Operation::Key(options),
    })
}

/// The normalize operation (`urlkit.normalize_many`).
#[pyfunction]
#[pyo3(signature = (level="safe", to="uri", loose_off=Vec::new(), loose_on=Vec::new()))]
pub fn op_normalize(
    level: &str,
    to: &str,
    loose_off: Vec<String>,
    loose_on: Vec<String>,
) -> PyResult<Op> {
    let options = level_options(level, &loose_off, &loose_on)?;
    Ok(Op {
        op: Operation::Normalize(options, form(to)?),
    })
}

/// The encode operation (`urlkit.encode_many`): a named set, or a foreign encoder.
#[pyfunction]
#[pyo3(signature = (set="unreserved", as_=None, safe=None, hex="upper"))]
pub fn op_encode(
    py: Python<'_>,
    set: &str,
    as_: Option<&str>,
    safe: Option<&str>,
    hex: &str,
) -> PyResult<Op> {
    if let Some(name) = as_ {
        // The one lookup (full names, and bare names said), as `encode` and the CLI do.
        let flavor = crate::input::flavor(py, name, Direction::Encode)?;
        let mut params = Params::default();
        if let Some(s) = safe {
            params = params.safe(s);
        }
        return Ok(Op {
            op: Operation::EncodeAs(flavor, params),
        });
    }
    Ok(Op {
        op: Operation::Encode(Box::new(set_encoder(set, safe, hex)?)),
    })
}

/// The decode operation (`urlkit.decode_many`).
#[pyfunction]
#[pyo3(signature = (mode="strict"))]
pub fn op_decode(mode: &str) -> PyResult<Op> {
    Ok(Op {
        op: Operation::Decode(decode_mode(mode)?),
    })
}

/// `reasons="keep"` (the failures' reasons as a struct array) or `"drop"` (nulls only).
fn reasons_named(name: &str) -> PyResult<Reasons> {
    match name {
        "keep" => Ok(Reasons::Keep),
        "drop" => Ok(Reasons::Drop),
        other => Err(unknown("reasons mode", other, &["keep", "drop"])),
    }
}

/// Applies `op` to an Arrow string array (`string`, `large_string`, `string_view`; a chunked
/// array or stream too) and returns `(result, failures)`: the result has the input's type
/// and chunking (an Array for an array, a ChunkedArray for a stream), nulls for null input
/// and for failed rows; `failures` is a struct array `{kind, offset, message}` per row (one
/// chunk), null where the row succeeded, or `None` when no row failed or `reasons="drop"`.
/// `threads` > 1 maps each large chunk on that many threads (the result is the same).
#[pyfunction]
#[pyo3(signature = (op, array, reasons="keep", threads=1))]
pub fn map_arrow(
    py: Python<'_>,
    op: &Op,
    array: AnyArray,
    reasons: &str,
    threads: usize,
) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    let reasons = reasons_named(reasons)?;
    let single = matches!(array, AnyArray::Array(_));
    let (chunks, field) = array.into_chunked_array()?.into_inner();
    let operation = op.op.clone();
    let computed = py.detach(move || map_chunks(&chunks, &operation, threads, reasons));
    let (out, errors) = computed.map_err(|e| match e {
        ChunkError::NotStrings(t) => PyTypeError::new_err(format!(
            "expected an Arrow string array (string, large_string or string_view), got {t}"
        )),
        ChunkError::Overflow(message) => PyOverflowError::new_err(message),
        ChunkError::Malformed(m) => PyValueError::new_err(m.to_string()),
    })?;
    let data_type = field.data_type().clone();
    let out_field = Arc::new(Field::new(field.name(), data_type, true));
    let result = if single {
        let array = out.into_iter().next().ok_or_else(|| {
            PyTypeError::new_err("invariant: one input array gives one output array")
        })?;
        PyArray::try_new(array, out_field)
            .map_err(|e| PyTypeError::new_err(e.to_string()))?
            .into_pyobject(py)?
            .into_any()
            .unbind()
    } else {
        PyChunkedArray::try_new(out, out_field)?
            .into_pyobject(py)?
            .into_any()
            .unbind()
    };
    let errors = match errors {
        Some(e) => PyArray::from_array_ref(e)
            .into_pyobject(py)?
            .into_any()
            .unbind(),
        None => py.None(),
    };
    Ok((result, errors))
}

/// What [`map_list`] returns: a result per row, and the failed rows' records as dicts.
type ListResults = (Vec<Option<String>>, Vec<Py<PyAny>>);

/// Applies `op` to a list of `str` (or `None`) and returns `(results, failures)`: `None` for
/// `None` input and for failed rows, and the failures as dicts `{kind, message, offset, row}`
/// (the shared [`RowFailure`] record).
#[pyfunction]
pub fn map_list(py: Python<'_>, op: &Op, items: Vec<Option<String>>) -> PyResult<ListResults> {
    let operation = op.op.clone();
    let (results, failures) = py.detach(move || {
        let mut failures = Vec::new();
        let mut scratch = Scratch::default();
        let results: Vec<Option<String>> = items
            .iter()
            .enumerate()
            .map(|(row, item)| {
                let text = item.as_deref()?;
                match operation.apply(text, &mut scratch) {
                    Ok(()) => Some(scratch.out().to_owned()),
                    Err(f) => {
                        let error = Failure::at(f.kind, f.offset, f.message);
                        failures.push(RowFailure::new(row, error));
                        None
                    }
                }
            })
            .collect();
        (results, failures)
    });
    let failures = failures
        .iter()
        .map(|f| Ok(to_py(py, f)?.unbind()))
        .collect::<PyResult<_>>()?;
    Ok((results, failures))
}

/// The address of the values buffer of a `string` or `large_string` array as this module
/// receives it: equal to the caller's buffer address when the import copied nothing (the
/// zero-copy test compares it with `pyarrow.Array.buffers()[2].address`).
#[pyfunction]
pub fn values_buffer_address(array: PyArray) -> PyResult<usize> {
    let (array, _) = array.into_inner();
    let any = array.as_any();
    if let Some(a) = any.downcast_ref::<GenericStringArray<i32>>() {
        Ok(a.values().as_ptr() as usize)
    } else if let Some(a) = any.downcast_ref::<GenericStringArray<i64>>() {
        Ok(a.values().as_ptr() as usize)
    } else {
        Err(PyTypeError::new_err(
            "expected a string or large_string array",
        ))
    }
}
