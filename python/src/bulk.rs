//! The bulk path (DESIGN §9): one operation over an Arrow string array, zero-copy in (the C
//! data interface hands over the caller's buffers), one builder out, the GIL released while
//! the rows are computed. Plain Python lists take the same operations.
//!
//! A row that fails (a URL that cannot be keyed, a malformed escape in strict decoding) is a
//! null in the result, and its reason is kept: the Python layer returns it, raises it, or drops
//! it as the caller asked (`errors=`), so no failure is silently lost unless asked for.

use std::sync::Arc;

use arrow_array::builder::{GenericStringBuilder, StringViewBuilder, UInt64Builder};
use arrow_array::{
    Array, ArrayRef, GenericStringArray, OffsetSizeTrait, StringViewArray, StructArray,
};
use arrow_buffer::{NullBuffer, NullBufferBuilder};
use arrow_schema::{DataType, Field, Fields};
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};
use urlkit::codec::{decode_bytes_to_str, DecodeMode, Encoder};
use urlkit::flavor::{Direction, Flavor, Input, Params};
use urlkit::normalize::{Form, Keys, Options};

use crate::codec::{decode_mode, set_encoder};
use crate::errors::unknown;
use crate::options::{form, level_options};
use crate::values::{concat_on_threads, string_array, values_buffer};

/// Why one row failed: the library's kind name, the byte offset, the message.
#[derive(Clone, Debug)]
struct Failure {
    kind: &'static str,
    offset: usize,
    message: String,
}

/// What to do to each row.
#[derive(Clone, Debug)]
enum Operation {
    Key(Options),
    Normalize(Options, Form),
    Encode(Box<Encoder>),
    EncodeAs(Flavor, Params),
    Decode(DecodeMode),
}

/// What one loop over many rows reuses from row to row: the keying object of the key
/// operation (made at the first row; its scratch space grows once per longest URL, not once
/// per row) and, for outputs that copy each row in (string views), the row's result.
#[derive(Default)]
struct Scratch {
    keys: Option<Keys>,
    out: String,
}

impl Operation {
    /// Appends the row's result to `out`, which is left as it was on a failure.
    fn append(
        &self,
        input: &str,
        keys: &mut Option<Keys>,
        out: &mut String,
    ) -> Result<(), Failure> {
        match self {
            Operation::Key(options) => {
                let keys = keys.get_or_insert_with(|| Keys::new(*options));
                keys.key_append(input, out).map_err(|e| Failure {
                    kind: e.kind().name(),
                    offset: e.offset(),
                    message: e.to_string(),
                })
            }
            Operation::Normalize(options, to) => {
                let s = urlkit::normalize::normalize(input, options, *to).map_err(|e| Failure {
                    kind: e.kind().name(),
                    offset: e.offset(),
                    message: e.to_string(),
                })?;
                out.push_str(&s);
                Ok(())
            }
            Operation::Encode(encoder) => {
                encoder.encode_bytes_into(input.as_bytes(), out);
                Ok(())
            }
            Operation::EncodeAs(flavor, params) => {
                let s = flavor
                    .encode_with(Input::Text(input), params)
                    .map_err(|e| Failure {
                        kind: e.kind().name(),
                        offset: e.offset(),
                        message: e.message().to_owned(),
                    })?;
                out.push_str(&s);
                Ok(())
            }
            Operation::Decode(mode) => {
                let s = decode_bytes_to_str(input.as_bytes(), *mode).map_err(|e| Failure {
                    kind: e.kind().name(),
                    offset: e.offset(),
                    message: e.to_string(),
                })?;
                out.push_str(&s);
                Ok(())
            }
        }
    }

    /// The row's result in `scratch.out` (cleared first).
    fn apply(&self, input: &str, scratch: &mut Scratch) -> Result<(), Failure> {
        let Scratch { keys, out } = scratch;
        out.clear();
        self.append(input, keys, out)
    }
}

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

/// The failed rows of one output array: (row, failure).
type Failures = Vec<(usize, Failure)>;

/// The results of a run of rows of a Utf8 or LargeUtf8 array: every row's result in one
/// values buffer, where each row ends (after a leading zero), and which rows are null.
struct Rows<O> {
    values: String,
    ends: Vec<O>,
    nulls: Option<NullBuffer>,
}

impl<O: OffsetSizeTrait> Rows<O> {
    fn into_array(self) -> ArrayRef {
        Arc::new(string_array(self.values, self.ends, self.nulls))
    }
}

/// The message for results that pass the offsets' limit at `row`.
fn over_limit<O: OffsetSizeTrait>(row: usize) -> String {
    format!(
        "the results pass the {}-byte limit of this string type at row {row}: cast the input \
         to large_string",
        O::MAX_OFFSET
    )
}

/// Applies `op` to every row of a Utf8 or LargeUtf8 array, each result written straight
/// into one values buffer (sized for the input's bytes), with no copy per row.
fn offset_rows<O: OffsetSizeTrait>(
    input: &GenericStringArray<O>,
    op: &Operation,
    base_row: usize,
    failures: &mut Failures,
) -> Result<Rows<O>, String> {
    // The bytes of these rows (a slice's `value_data` is its whole parent's).
    let offsets = input.value_offsets();
    let (Some(first), Some(last)) = (offsets.first(), offsets.last()) else {
        unreachable!("invariant: an Arrow offsets buffer holds at least one offset");
    };
    let bytes = last.as_usize() - first.as_usize();
    let mut values = values_buffer(bytes);
    let mut ends = Vec::with_capacity(input.len() + 1);
    ends.push(O::usize_as(0));
    let mut nulls = NullBufferBuilder::new(input.len());
    let mut keys = None;
    for row in 0..input.len() {
        if input.is_null(row) {
            nulls.append_null();
        } else {
            match op.append(input.value(row), &mut keys, &mut values) {
                Ok(()) => nulls.append_non_null(),
                Err(f) => {
                    failures.push((base_row + row, f));
                    nulls.append_null();
                }
            }
        }
        if values.len() > O::MAX_OFFSET {
            return Err(over_limit::<O>(base_row + row));
        }
        ends.push(O::usize_as(values.len()));
    }
    Ok(Rows {
        values,
        ends,
        nulls: nulls.finish(),
    })
}

/// The runs of rows of consecutive slices as one: the values copied into one buffer on one
/// thread per run (each copy lands on fresh pages, so the copies share the page faults), the
/// ends shifted by the bytes before them. `first_rows[k]` is the absolute first row of run k.
fn join_rows<O: OffsetSizeTrait>(
    parts: Vec<Rows<O>>,
    first_rows: &[usize],
) -> Result<Rows<O>, String> {
    let rows: usize = parts.iter().map(|p| p.ends.len() - 1).sum();
    let mut ends = Vec::with_capacity(rows + 1);
    ends.push(O::usize_as(0));
    let mut nulls = NullBufferBuilder::new(rows);
    let mut base = 0usize;
    for (part, &first) in parts.iter().zip(first_rows) {
        for (k, end) in part.ends.iter().enumerate().skip(1) {
            let end = base + end.as_usize();
            if end > O::MAX_OFFSET {
                return Err(over_limit::<O>(first + k - 1));
            }
            ends.push(O::usize_as(end));
        }
        match &part.nulls {
            Some(n) => nulls.append_buffer(n),
            None => nulls.append_n_non_nulls(part.ends.len() - 1),
        }
        base += part.values.len();
    }
    let pieces: Vec<&str> = parts.iter().map(|p| p.values.as_str()).collect();
    Ok(Rows {
        values: concat_on_threads(&pieces),
        ends,
        nulls: nulls.finish(),
    })
}

fn map_offsets<O: OffsetSizeTrait>(
    input: &GenericStringArray<O>,
    op: &Operation,
    base_row: usize,
    failures: &mut Failures,
) -> Result<ArrayRef, String> {
    offset_rows(input, op, base_row, failures).map(Rows::into_array)
}

fn map_view(
    input: &StringViewArray,
    op: &Operation,
    base_row: usize,
    failures: &mut Failures,
) -> ArrayRef {
    let mut builder = StringViewBuilder::with_capacity(input.len());
    let mut scratch = Scratch::default();
    for row in 0..input.len() {
        if input.is_null(row) {
            builder.append_null();
            continue;
        }
        match op.apply(input.value(row), &mut scratch) {
            Ok(()) => builder.append_value(&scratch.out),
            Err(f) => {
                failures.push((base_row + row, f));
                builder.append_null();
            }
        }
    }
    Arc::new(builder.finish())
}

/// What went wrong with a whole chunk (not a row).
enum ChunkError {
    NotStrings(DataType),
    Overflow(String),
}

fn map_chunk(
    chunk: &ArrayRef,
    op: &Operation,
    base_row: usize,
    failures: &mut Failures,
) -> Result<ArrayRef, ChunkError> {
    let any = chunk.as_any();
    if let Some(a) = any.downcast_ref::<GenericStringArray<i32>>() {
        map_offsets(a, op, base_row, failures).map_err(ChunkError::Overflow)
    } else if let Some(a) = any.downcast_ref::<GenericStringArray<i64>>() {
        map_offsets(a, op, base_row, failures).map_err(ChunkError::Overflow)
    } else if let Some(a) = any.downcast_ref::<StringViewArray>() {
        Ok(map_view(a, op, base_row, failures))
    } else {
        Err(ChunkError::NotStrings(chunk.data_type().clone()))
    }
}

/// The failures as an Arrow struct array `{kind, offset, message}` parallel to the rows:
/// null where the row succeeded.
fn failure_array(len: usize, failures: &Failures) -> ArrayRef {
    let mut kinds = GenericStringBuilder::<i32>::new();
    let mut offsets = UInt64Builder::with_capacity(len);
    let mut messages = GenericStringBuilder::<i32>::new();
    let mut valid = Vec::with_capacity(len);
    let mut next = failures.iter().peekable();
    for row in 0..len {
        match next.peek() {
            Some((r, f)) if *r == row => {
                kinds.append_value(f.kind);
                offsets.append_value(f.offset as u64);
                messages.append_value(&f.message);
                valid.push(true);
                next.next();
            }
            _ => {
                kinds.append_null();
                offsets.append_null();
                messages.append_null();
                valid.push(false);
            }
        }
    }
    let fields = Fields::from(vec![
        Field::new("kind", DataType::Utf8, true),
        Field::new("offset", DataType::UInt64, true),
        Field::new("message", DataType::Utf8, true),
    ]);
    let arrays: Vec<ArrayRef> = vec![
        Arc::new(kinds.finish()),
        Arc::new(offsets.finish()),
        Arc::new(messages.finish()),
    ];
    Arc::new(StructArray::new(fields, arrays, Some(valid.into())))
}

/// Whether the reasons of failed rows are kept (`errors="return"` / `"raise"`) or only the
/// nulls (`errors="null"`, where building a parallel struct array of a million rows would be
/// work nobody reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reasons {
    Keep,
    Drop,
}

impl Reasons {
    fn from_name(name: &str) -> PyResult<Reasons> {
        match name {
            "keep" => Ok(Reasons::Keep),
            "drop" => Ok(Reasons::Drop),
            other => Err(unknown("reasons mode", other, &["keep", "drop"])),
        }
    }
}

/// Rows per thread below which a chunk is not split (starting a thread costs more).
const ROWS_PER_THREAD: usize = 16 * 1024;

/// `op` over one chunk, on `threads` threads: the chunk is cut into that many slices (no
/// copy), each mapped on its own thread, and the results joined into one array, so that a
/// chunk stays one chunk (a string or large_string chunk's results are copied into place on
/// the threads too; a string_view chunk's are concatenated by Arrow).
fn map_chunk_threads(
    chunk: &ArrayRef,
    op: &Operation,
    base_row: usize,
    failures: &mut Failures,
    threads: usize,
) -> Result<ArrayRef, ChunkError> {
    let n = threads.min(chunk.len() / ROWS_PER_THREAD).max(1);
    if n == 1 {
        return map_chunk(chunk, op, base_row, failures);
    }
    let any = chunk.as_any();
    if let Some(a) = any.downcast_ref::<GenericStringArray<i32>>() {
        return offsets_on_threads(a, op, base_row, failures, n);
    }
    if let Some(a) = any.downcast_ref::<GenericStringArray<i64>>() {
        return offsets_on_threads(a, op, base_row, failures, n);
    }
    let parts = on_slices(chunk.len(), n, |start, len, mine| {
        map_chunk(&chunk.slice(start, len), op, base_row + start, mine)
    });
    let mut arrays = Vec::with_capacity(n);
    for (_, part) in parts {
        let (array, mine) = part?;
        failures.extend(mine);
        arrays.push(array);
    }
    let refs: Vec<&dyn Array> = arrays.iter().map(|a| a.as_ref()).collect();
    arrow_select::concat::concat(&refs).map_err(|e| ChunkError::Overflow(e.to_string()))
}

/// The row a slice starts at, and its result with the failures it recorded.
type SliceOutcome<T, E> = (usize, Result<(T, Failures), E>);

/// `len` rows cut into `n` consecutive slices, and `work(start, rows, failures)` run on each
/// slice on a thread of its own; the results in slice order, each with the row its slice
/// starts at and the failures it recorded (joined by the caller in that order, so row order
/// holds).
fn on_slices<T: Send, E: Send>(
    len: usize,
    n: usize,
    work: impl Fn(usize, usize, &mut Failures) -> Result<T, E> + Sync,
) -> Vec<SliceOutcome<T, E>> {
    let per = len.div_ceil(n);
    let work = &work;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..n)
            .map(|i| {
                let start = (i * per).min(len);
                let rows = per.min(len - start);
                let handle = scope.spawn(move || {
                    let mut mine = Vec::new();
                    work(start, rows, &mut mine).map(|t| (t, mine))
                });
                (start, handle)
            })
            .collect();
        handles
            .into_iter()
            .map(|(start, h)| {
                (
                    start,
                    h.join().expect("invariant: mapping rows does not panic"),
                )
            })
            .collect()
    })
}

/// A Utf8 or LargeUtf8 chunk on `n` threads: each slice's rows into a buffer of its own,
/// then one buffer filled on `n` threads again ([`join_rows`]).
fn offsets_on_threads<O: OffsetSizeTrait>(
    input: &GenericStringArray<O>,
    op: &Operation,
    base_row: usize,
    failures: &mut Failures,
    n: usize,
) -> Result<ArrayRef, ChunkError> {
    let parts = on_slices(input.len(), n, |start, len, mine| {
        offset_rows(&input.slice(start, len), op, base_row + start, mine)
    });
    let mut runs = Vec::with_capacity(n);
    let mut first_rows = Vec::with_capacity(n);
    for (start, part) in parts {
        let (rows, mine) = part.map_err(ChunkError::Overflow)?;
        failures.extend(mine);
        runs.push(rows);
        first_rows.push(base_row + start);
    }
    join_rows(runs, &first_rows)
        .map(Rows::into_array)
        .map_err(ChunkError::Overflow)
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
    let reasons = Reasons::from_name(reasons)?;
    let single = matches!(array, AnyArray::Array(_));
    let (chunks, field) = array.into_chunked_array()?.into_inner();
    let operation = op.op.clone();
    let computed = py.detach(move || {
        let mut failures = Vec::new();
        let mut out = Vec::with_capacity(chunks.len());
        let mut base = 0usize;
        for chunk in &chunks {
            out.push(map_chunk_threads(
                chunk,
                &operation,
                base,
                &mut failures,
                threads,
            )?);
            base += chunk.len();
        }
        let errors = (reasons == Reasons::Keep && !failures.is_empty())
            .then(|| failure_array(base, &failures));
        Ok((out, errors))
    });
    let (out, errors) = computed.map_err(|e| match e {
        ChunkError::NotStrings(t) => PyTypeError::new_err(format!(
            "expected an Arrow string array (string, large_string or string_view), got {t}"
        )),
        ChunkError::Overflow(message) => PyOverflowError::new_err(message),
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

/// One row's failure as Python sees it: `(row, kind, offset, message)`.
type RowFailure = (usize, &'static str, usize, String);

/// Applies `op` to a list of `str` (or `None`) and returns `(results, failures)`: `None` for
/// `None` input and for failed rows, and the failures as `(row, kind, offset, message)`.
#[pyfunction]
pub fn map_list(
    py: Python<'_>,
    op: &Op,
    items: Vec<Option<String>>,
) -> (Vec<Option<String>>, Vec<RowFailure>) {
    let operation = op.op.clone();
    py.detach(move || {
        let mut failures = Vec::new();
        let mut scratch = Scratch::default();
        let results = items
            .iter()
            .enumerate()
            .map(|(row, item)| {
                let text = item.as_deref()?;
                match operation.apply(text, &mut scratch) {
                    Ok(()) => Some(scratch.out.clone()),
                    Err(f) => {
                        failures.push((row, f.kind, f.offset, f.message));
                        None
                    }
                }
            })
            .collect();
        (results, failures)
    })
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
