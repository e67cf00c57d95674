//! One operation over the chunks of an Arrow string array: every chunk checked
//! ([`crate::check_chunk`]) before a row of it is read, each row's result written straight into
//! one values buffer, large chunks cut into slices mapped on threads of their own.

use std::sync::Arc;

use arrow_array::builder::{GenericStringBuilder, StringViewBuilder, UInt64Builder};
use arrow_array::{
    Array, ArrayRef, GenericStringArray, OffsetSizeTrait, StringViewArray, StructArray,
};
use arrow_buffer::{NullBuffer, NullBufferBuilder};
use arrow_schema::{DataType, Field, Fields};

use crate::check::{check_chunk, Malformed};
use crate::op::{Failures, Operation, Scratch};
use crate::values::{concat_on_threads, string_array, values_buffer};

/// What went wrong with a whole chunk (not with a row).
#[derive(Debug)]
pub enum ChunkError {
    /// The chunk is not a string array.
    NotStrings(DataType),
    /// The results pass the offsets' limit of the string type (the message says where).
    Overflow(String),
    /// The chunk breaks the Arrow format (its row counted from the whole input's first).
    Malformed(Malformed),
}

impl From<Malformed> for ChunkError {
    fn from(m: Malformed) -> ChunkError {
        ChunkError::Malformed(m)
    }
}

/// Whether the reasons of failed rows are kept, or only the nulls (building a parallel struct
/// array of a million rows would be work nobody reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reasons {
    /// A struct array `{kind, offset, message}` parallel to the rows.
    Keep,
    /// Nulls only.
    Drop,
}

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

/// The error for results that pass the offsets' limit at `row`.
fn over_limit<O: OffsetSizeTrait>(row: usize) -> ChunkError {
    ChunkError::Overflow(format!(
        "the results pass the {}-byte limit of this string type at row {row}: cast the input \
         to large_string",
        O::MAX_OFFSET
    ))
}

/// Checks a Utf8 or LargeUtf8 array, then applies `op` to every row, each result written
/// straight into one values buffer (sized for the input's bytes), with no copy per row.
fn offset_rows<O: OffsetSizeTrait>(
    input: &GenericStringArray<O>,
    op: &Operation,
    base_row: usize,
    failures: &mut Failures,
) -> Result<Rows<O>, ChunkError> {
    check_chunk(input).map_err(|m| m.at_row(base_row))?;
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
) -> Result<Rows<O>, ChunkError> {
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

/// Checks a string_view array, then applies `op` to every row.
fn map_view(
    input: &StringViewArray,
    op: &Operation,
    base_row: usize,
    failures: &mut Failures,
) -> Result<ArrayRef, ChunkError> {
    check_chunk(input).map_err(|m| m.at_row(base_row))?;
    let mut builder = StringViewBuilder::with_capacity(input.len());
    let mut scratch = Scratch::default();
    for row in 0..input.len() {
        if input.is_null(row) {
            builder.append_null();
            continue;
        }
        match op.apply(input.value(row), &mut scratch) {
            Ok(()) => builder.append_value(scratch.out()),
            Err(f) => {
                failures.push((base_row + row, f));
                builder.append_null();
            }
        }
    }
    Ok(Arc::new(builder.finish()))
}

fn map_chunk(
    chunk: &ArrayRef,
    op: &Operation,
    base_row: usize,
    failures: &mut Failures,
) -> Result<ArrayRef, ChunkError> {
    let any = chunk.as_any();
    if let Some(a) = any.downcast_ref::<GenericStringArray<i32>>() {
        offset_rows(a, op, base_row, failures).map(Rows::into_array)
    } else if let Some(a) = any.downcast_ref::<GenericStringArray<i64>>() {
        offset_rows(a, op, base_row, failures).map(Rows::into_array)
    } else if let Some(a) = any.downcast_ref::<StringViewArray>() {
        map_view(a, op, base_row, failures)
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

/// Rows per thread below which a chunk is not split (starting a thread costs more).
const ROWS_PER_THREAD: usize = 16 * 1024;

/// `op` over one chunk, on `threads` threads: the chunk is cut into that many slices (no
/// copy), each checked and mapped on its own thread, and the results joined into one array,
/// so that a chunk stays one chunk (a string or large_string chunk's results are copied into
/// place on the threads too; a string_view chunk's are concatenated by Arrow). Checking the
/// slices is checking the chunk: consecutive slices share the offset between them.
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
        let (rows, mine) = part?;
        failures.extend(mine);
        runs.push(rows);
        first_rows.push(base_row + start);
    }
    join_rows(runs, &first_rows).map(Rows::into_array)
}

/// What [`map_chunks`] gives: one output chunk per input chunk, and the failures as a struct
/// array `{kind, offset, message}` parallel to all the rows (`None` when no row failed or the
/// reasons were dropped).
pub type Mapped = (Vec<ArrayRef>, Option<ArrayRef>);

/// Applies `op` to every row of `chunks` (of `string`, `large_string` or `string_view`
/// arrays), each chunk checked first: null input and failed rows give null output, and each
/// output chunk has its input chunk's type and length. `threads` > 1 maps each large chunk on
/// that many threads (the result is the same).
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, ArrayRef, StringArray};
/// use urlkit::normalize::{Level, Options};
/// use urlkit_arrow::{map_chunks, Operation, Reasons};
/// let input: ArrayRef = Arc::new(StringArray::from(vec![Some("HTTP://A/%7e"), None, Some("http://a/%zz")]));
/// let (out, failures) = map_chunks(&[input], &Operation::Key(Options::new(Level::Safe)), 1, Reasons::Keep).unwrap();
/// let keys = out[0].as_any().downcast_ref::<StringArray>().unwrap();
/// assert_eq!(keys.iter().collect::<Vec<_>>(), [Some("http://a/~"), None, None]);
/// assert_eq!(failures.unwrap().null_count(), 2);
/// ```
pub fn map_chunks(
    chunks: &[ArrayRef],
    op: &Operation,
    threads: usize,
    reasons: Reasons,
) -> Result<Mapped, ChunkError> {
    let mut failures = Vec::new();
    let mut out = Vec::with_capacity(chunks.len());
    let mut base = 0usize;
    for chunk in chunks {
        out.push(map_chunk_threads(chunk, op, base, &mut failures, threads)?);
        base += chunk.len();
    }
    let errors =
        (reasons == Reasons::Keep && !failures.is_empty()).then(|| failure_array(base, &failures));
    Ok((out, errors))
}
