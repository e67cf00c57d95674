//! The check every imported chunk passes before any row of it is read as text.
//!
//! An Arrow array that comes through the C data interface is whatever its producer wrote:
//! pyarrow's `Array.view(pa.string())` over binary data, `Array.from_buffers`, or a Feather
//! file read with pyarrow's defaults give `string` arrays whose bytes are not UTF-8, whose
//! offsets decrease or point past the values, or (`string_view`) whose views name buffers and
//! ranges that do not exist. arrow-rs imports them unchecked, and its accessors then hand out
//! `&str` over those bytes (undefined behaviour) or read out of bounds. This module checks, in
//! one pass per chunk, everything the bulk path relies on, and says where the first violation
//! is (row, and byte within the row) so that the door can raise it.
//!
//! What is checked is what reading the non-null rows needs, and what the Arrow format requires
//! of offsets:
//!
//! - `string` / `large_string`: the first offset is not negative, every offset is at least the
//!   one before it (null rows too: the format requires it), the last is within the values;
//!   every non-null row is UTF-8 that starts and ends at character boundaries;
//! - `string_view`: every non-null view's length and, for a view longer than 12 bytes, its
//!   buffer index, offset and length are within the data buffers, its prefix is the data's
//!   first four bytes, and its bytes are UTF-8.
//!
//! The sizes of the buffers themselves are the producer's word (the C data interface carries
//! none for a values buffer: its size is the last offset); the Python door asks pyarrow to
//! check its own arrays' buffer sizes first.
//!
//! # Rationale
//!
//! The UTF-8 of a `string` chunk is checked with one vector pass (`simdutf8`) over all the
//! bytes the rows span, then one byte per row for the boundaries: this is a hot path, and a
//! check per row would cost more than some operations. Only when that pass fails (or null
//! rows' bytes are not UTF-8) are rows checked one by one, to say which row it is. The bytes
//! of null rows are never read as text, so garbage there is accepted, as arrow-rs's own
//! validation accepts it when a chunk has nulls.
//!
//! Spec: <https://arrow.apache.org/docs/format/Columnar.html#variable-size-binary-layout>,
//! <https://arrow.apache.org/docs/format/Columnar.html#variable-size-binary-view-layout>

use std::fmt;

use arrow_array::{Array, GenericStringArray, OffsetSizeTrait, StringViewArray};
use arrow_buffer::NullBuffer;

/// What is wrong with an imported string chunk.
///
/// ```
/// use urlkit_arrow::Problem;
/// assert_eq!(Problem::NotUtf8.name(), "not-utf-8");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The row's bytes are not UTF-8 (the byte is where the first bad sequence starts).
    NotUtf8,
    /// The row starts at a negative offset.
    NegativeOffset,
    /// The row ends before it starts (its end offset is below its start offset).
    DecreasingOffset,
    /// The row ends past the values buffer.
    OffsetOutOfBounds,
    /// A view names a data buffer that the array does not have.
    ViewBufferIndex,
    /// A view's range passes the end of its data buffer.
    ViewOutOfBounds,
    /// A view's prefix is not the first four bytes of its data.
    ViewPrefix,
}

impl Problem {
    /// A kebab-case name, stable for tests and messages.
    pub const fn name(self) -> &'static str {
        match self {
            Problem::NotUtf8 => "not-utf-8",
            Problem::NegativeOffset => "negative-offset",
            Problem::DecreasingOffset => "decreasing-offset",
            Problem::OffsetOutOfBounds => "offset-out-of-bounds",
            Problem::ViewBufferIndex => "view-buffer-index",
            Problem::ViewOutOfBounds => "view-out-of-bounds",
            Problem::ViewPrefix => "view-prefix",
        }
    }
}

/// The first violation found in a chunk: the row (counted from the start of the chunk, or of
/// the whole input once [`Malformed::at_row`] has moved it), the byte within that row where it
/// is (for offsets and views: 0), and the offsets or view fields that show it.
///
/// ```
/// use urlkit_arrow::{check_chunk, Problem};
/// use arrow_array::StringArray;
/// let ok = StringArray::from(vec![Some("http://a/"), None]);
/// assert!(check_chunk(&ok).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// The row, counted from the first row of the input.
    pub row: usize,
    /// The byte within the row.
    pub byte: usize,
    /// What is wrong.
    pub problem: Problem,
    /// The values that show it (offsets, or a view's buffer, offset and length), for the
    /// message.
    pub detail: String,
}

impl Malformed {
    fn new(row: usize, byte: usize, problem: Problem, detail: String) -> Malformed {
        Malformed {
            row,
            byte,
            problem,
            detail,
        }
    }

    /// The same violation with its row counted from `base` rows earlier (the chunk's first row
    /// in the whole input).
    #[must_use]
    pub fn at_row(mut self, base: usize) -> Malformed {
        self.row += base;
        self
    }
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.problem {
            Problem::NotUtf8 => "is not UTF-8, which a string array must hold (read the column as binary, or repair its encoding first)",
            Problem::NegativeOffset => "starts at a negative offset",
            Problem::DecreasingOffset => "ends before it starts (the offsets decrease)",
            Problem::OffsetOutOfBounds => "ends past the array's values",
            Problem::ViewBufferIndex => "has a view that names a data buffer the array does not have",
            Problem::ViewOutOfBounds => "has a view that passes the end of its data buffer",
            Problem::ViewPrefix => "has a view whose prefix is not its data's first bytes",
        };
        write!(
            f,
            "malformed Arrow string array: row {}, byte {}: the row {what} ({})",
            self.row, self.byte, self.detail
        )
    }
}

impl std::error::Error for Malformed {}

/// Checks one imported chunk of a `string`, `large_string` or `string_view` array (other
/// types pass: the bulk path refuses them by type). See the module documentation for what is
/// checked.
///
/// ```
/// use arrow_array::{Array, StringArray, BinaryArray};
/// use urlkit_arrow::{check_chunk, Problem};
/// let bytes = BinaryArray::from(vec![&b"http://a/"[..], &b"\xff"[..]]);
/// // A `string` array over the same buffers, as `pyarrow.Array.view` makes one.
/// let data = bytes.to_data().into_builder().data_type(arrow_schema::DataType::Utf8);
/// // SAFETY: only for the example; the check is what makes such an array safe to read.
/// let strings = StringArray::from(unsafe { data.build_unchecked() });
/// let e = check_chunk(&strings).unwrap_err();
/// assert_eq!((e.row, e.byte, e.problem), (1, 0, Problem::NotUtf8));
/// ```
pub fn check_chunk(chunk: &dyn Array) -> Result<(), Malformed> {
    let any = chunk.as_any();
    if let Some(a) = any.downcast_ref::<GenericStringArray<i32>>() {
        check_offsets(a)
    } else if let Some(a) = any.downcast_ref::<GenericStringArray<i64>>() {
        check_offsets(a)
    } else if let Some(a) = any.downcast_ref::<StringViewArray>() {
        check_views(a)
    } else {
        Ok(())
    }
}

/// Whether `b` continues a UTF-8 sequence (so an offset at it cuts a character).
#[inline(always)]
fn is_continuation(b: u8) -> bool {
    (b as i8) < -64
}

fn is_null(nulls: Option<&NullBuffer>, row: usize) -> bool {
    nulls.is_some_and(|n| n.is_null(row))
}

/// The first row whose bytes are not UTF-8 on their own, with the byte where they stop being.
fn first_bad_row<'a>(
    rows: impl Iterator<Item = (usize, &'a [u8])>,
    nulls: Option<&NullBuffer>,
) -> Option<Malformed> {
    for (row, bytes) in rows {
        if is_null(nulls, row) {
            continue;
        }
        if let Err(e) = simdutf8::compat::from_utf8(bytes) {
            let at = e.valid_up_to();
            let shown = bytes.get(at..).unwrap_or_default();
            let shown: Vec<String> = shown.iter().take(4).map(|b| format!("{b:#04x}")).collect();
            return Some(Malformed::new(
                row,
                at,
                Problem::NotUtf8,
                format!("bytes {}", shown.join(" ")),
            ));
        }
    }
    None
}

fn check_offsets<O: OffsetSizeTrait>(a: &GenericStringArray<O>) -> Result<(), Malformed> {
    let offsets = a.value_offsets();
    let values = a.values().as_slice();
    let nulls = a.nulls();
    // A chunk of no rows reads nothing, whatever its one offset says.
    let Some(&first) = offsets.first().filter(|_| !a.is_empty()) else {
        return Ok(());
    };
    // Compared as i64: an i32 offset converts exactly, an i64 one is one.
    let wide = |o: O| {
        o.to_i64()
            .expect("invariant: an Arrow offset is an i32 or an i64")
    };
    if wide(first) < 0 {
        return Err(Malformed::new(
            0,
            0,
            Problem::NegativeOffset,
            format!("offset {}", wide(first)),
        ));
    }
    // The common case in one vectorizable sweep; the failing pair is looked for only then.
    if !offsets.windows(2).all(|w| w[0] <= w[1]) {
        let row = offsets
            .windows(2)
            .position(|w| w[0] > w[1])
            .expect("invariant: some pair decreases, as the sweep found");
        return Err(Malformed::new(
            row,
            0,
            Problem::DecreasingOffset,
            format!(
                "offsets {} then {}",
                wide(offsets[row]),
                wide(offsets[row + 1])
            ),
        ));
    }
    let last = *offsets.last().expect("invariant: offsets are not empty");
    // Non-negative and monotonic, so every offset is in 0..=last, which fits a usize.
    let (start, end) = (first.as_usize(), last.as_usize());
    if end > values.len() {
        let row = offsets
            .iter()
            .position(|o| o.as_usize() > values.len())
            .map_or(0, |p| p.saturating_sub(1));
        return Err(Malformed::new(
            row,
            0,
            Problem::OffsetOutOfBounds,
            format!("offset {end}, values of {} bytes", values.len()),
        ));
    }
    let row_bytes = |row: usize| {
        let (from, to) = (offsets[row].as_usize(), offsets[row + 1].as_usize());
        (row, &values[from..to])
    };
    let all = 0..a.len();
    // Rows of UTF-8 back to back are UTF-8, and a row is UTF-8 on its own iff it lies in
    // UTF-8 text and starts and ends at character boundaries. The spanned bytes' own ends are
    // boundaries when they pass, so a cut found at the last offset is a false alarm that the
    // row-by-row check below clears.
    let cut = |o: O| {
        values
            .get(o.as_usize())
            .is_some_and(|&b| is_continuation(b))
    };
    if simdutf8::basic::from_utf8(&values[start..end]).is_ok() {
        let cuts = match nulls {
            None => offsets.iter().any(|&o| cut(o)),
            Some(n) => all
                .clone()
                .any(|row| n.is_valid(row) && (cut(offsets[row]) || cut(offsets[row + 1]))),
        };
        if !cuts {
            return Ok(());
        }
    }
    match first_bad_row(all.map(row_bytes), nulls) {
        Some(e) => Err(e),
        // Only bytes of null rows, never read, are not UTF-8.
        None => Ok(()),
    }
}

/// Views longer than this keep their bytes in a data buffer; shorter ones inline.
const MAX_INLINE: u32 = 12;

/// Whether `bytes` are UTF-8, for the short text of one view: std's check, whose cost per
/// call is lower than the vector check's on texts of URL length (measured: about half on
/// Japanese slugs), and which tells ASCII a word at a time.
#[inline]
fn is_utf8(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok()
}

/// The high bit of each of a view's twelve inline bytes (bytes 4 to 15).
const INLINE_HIGH_BITS: u128 = 0x8080_8080_8080_8080_8080_8080 << 32;

fn check_views(a: &StringViewArray) -> Result<(), Malformed> {
    let views = a.views();
    let buffers = a.data_buffers();
    let nulls = a.nulls();
    for (row, &view) in views.iter().enumerate() {
        if is_null(nulls, row) {
            continue;
        }
        let len = view as u32;
        if len <= MAX_INLINE {
            // The padding after an inline text is zero, and zero is ASCII: twelve bytes of
            // ASCII are one test.
            if view & INLINE_HIGH_BITS == 0 {
                continue;
            }
            let bytes = view.to_le_bytes();
            let text = &bytes[4..4 + len as usize];
            if !is_utf8(text) {
                return Err(first_bad_row(std::iter::once((row, text)), None)
                    .expect("invariant: the bytes just failed the UTF-8 check"));
            }
            continue;
        }
        let (index, offset) = ((view >> 64) as u32, (view >> 96) as u32);
        let detail = || format!("buffer {index}, offset {offset}, length {len}");
        let Some(data) = buffers.get(index as usize) else {
            return Err(Malformed::new(
                row,
                0,
                Problem::ViewBufferIndex,
                format!("{}, {} data buffers", detail(), buffers.len()),
            ));
        };
        let range = (offset as usize)..(offset as usize).saturating_add(len as usize);
        let Some(text) = data.as_slice().get(range) else {
            return Err(Malformed::new(
                row,
                0,
                Problem::ViewOutOfBounds,
                format!("{}, buffer of {} bytes", detail(), data.len()),
            ));
        };
        let prefix = ((view >> 32) as u32).to_le_bytes();
        if text.get(..4) != Some(&prefix[..]) {
            return Err(Malformed::new(row, 0, Problem::ViewPrefix, detail()));
        }
        if !is_utf8(text) {
            return Err(first_bad_row(std::iter::once((row, text)), None)
                .expect("invariant: the bytes just failed the UTF-8 check"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
