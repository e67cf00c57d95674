//! Arrays as a careless or hostile producer makes them (built unchecked, as the C data
//! interface imports them), against the check and against a naive reading of the format.
#![allow(unsafe_code)]

use std::sync::Arc;

use arrow_array::{make_array, Array, ArrayRef};
use arrow_buffer::Buffer;
use arrow_data::ArrayData;
use arrow_schema::DataType;
use proptest::prelude::*;

use super::*;

/// A `string` or `large_string` array of `offsets` over `values`, `valid` rows (all when
/// `None`), unchecked as an import is.
fn offsets_array(large: bool, offsets: &[i64], values: &[u8], valid: Option<&[bool]>) -> ArrayRef {
    let len = offsets.len() - 1;
    let (data_type, offsets) = if large {
        (DataType::LargeUtf8, Buffer::from_slice_ref(offsets))
    } else {
        let narrow: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
        (DataType::Utf8, Buffer::from_slice_ref(&narrow))
    };
    let nulls = valid.map(|v| Buffer::from_iter(v.iter().copied()));
    // SAFETY: the buffers are real allocations of the sizes the type needs for `len` rows;
    // what they hold is left unchecked on purpose, as an imported array's is.
    let data = unsafe {
        ArrayData::builder(data_type)
            .len(len)
            .add_buffer(offsets)
            .add_buffer(Buffer::from_slice_ref(values))
            .null_bit_buffer(nulls)
            .build_unchecked()
    };
    make_array(data)
}

fn strings(offsets: &[i64], values: &[u8]) -> ArrayRef {
    offsets_array(false, offsets, values, None)
}

/// A view of `len` bytes inline.
fn inline(bytes: &[u8]) -> u128 {
    let mut v = [0u8; 16];
    v[..4].copy_from_slice(&(bytes.len() as u32).to_le_bytes());
    v[4..4 + bytes.len()].copy_from_slice(bytes);
    u128::from_le_bytes(v)
}

/// A view of `len` bytes at `offset` of buffer `index`, with `prefix`.
fn long(len: u32, prefix: &[u8; 4], index: u32, offset: u32) -> u128 {
    let mut v = [0u8; 16];
    v[..4].copy_from_slice(&len.to_le_bytes());
    v[4..8].copy_from_slice(prefix);
    v[8..12].copy_from_slice(&index.to_le_bytes());
    v[12..].copy_from_slice(&offset.to_le_bytes());
    u128::from_le_bytes(v)
}

fn views_array(views: &[u128], buffers: &[&[u8]], valid: Option<&[bool]>) -> ArrayRef {
    let mut builder = ArrayData::builder(DataType::Utf8View)
        .len(views.len())
        .add_buffer(Buffer::from_slice_ref(views))
        .null_bit_buffer(valid.map(|v| Buffer::from_iter(v.iter().copied())));
    for b in buffers {
        builder = builder.add_buffer(Buffer::from_slice_ref(b));
    }
    // SAFETY: as in `offsets_array`: real buffers, unchecked content.
    make_array(unsafe { builder.build_unchecked() })
}

fn problem(a: &ArrayRef) -> Option<(usize, usize, Problem)> {
    check_chunk(a.as_ref())
        .err()
        .map(|e| (e.row, e.byte, e.problem))
}

#[test]
fn well_formed_arrays_pass() {
    let text = "http://a/運営/é".as_bytes();
    for large in [false, true] {
        let n = text.len() as i64;
        assert_eq!(problem(&offsets_array(large, &[0, 9, n], text, None)), None);
        assert_eq!(problem(&offsets_array(large, &[0], b"", None)), None);
        assert_eq!(problem(&offsets_array(large, &[0, 0, 0], b"", None)), None);
        let sliced = offsets_array(large, &[0, 9, 9, n], text, Some(&[true, false, true]));
        assert_eq!(problem(&sliced), None);
        assert_eq!(problem(&sliced.slice(1, 2)), None);
    }
    let data: &[u8] = b"http://example.com/long";
    let views = [inline(b"short"), long(23, b"http", 0, 0), inline(b"")];
    assert_eq!(problem(&views_array(&views, &[data], None)), None);
}

#[test]
fn bytes_that_are_not_utf_8() {
    // `pa.array([b'\xff']).view(pa.string())`.
    assert_eq!(
        problem(&strings(&[0, 1], b"\xff")),
        Some((0, 0, Problem::NotUtf8))
    );
    // The byte is the row's, not the buffer's.
    let values = b"http://a/http://b/\xe9\x81";
    assert_eq!(
        problem(&strings(&[0, 9, 20], values)),
        Some((1, 9, Problem::NotUtf8))
    );
    // Rows that cut a character in two, each half alone.
    let e = "é".as_bytes();
    assert_eq!(
        problem(&strings(&[0, 1, 2], e)),
        Some((0, 0, Problem::NotUtf8))
    );
    assert_eq!(
        problem(&strings(&[0, 0, 1, 2], e)),
        Some((1, 0, Problem::NotUtf8))
    );
    // A slice counts its rows from its start.
    let a = strings(&[0, 3, 4, 5], b"abc\xffd");
    assert_eq!(problem(&a.slice(1, 2)), Some((0, 0, Problem::NotUtf8)));
    assert_eq!(problem(&a.slice(2, 1)), None);
    assert_eq!(
        problem(&views_array(&[inline(b"ok"), inline(b"a\xc3")], &[], None)),
        Some((1, 1, Problem::NotUtf8))
    );
    let data: &[u8] = b"http://example.com/\xff";
    assert_eq!(
        problem(&views_array(&[long(20, b"http", 0, 0)], &[data], None)),
        Some((0, 19, Problem::NotUtf8))
    );
}

#[test]
fn null_rows_are_never_read() {
    let a = offsets_array(
        false,
        &[0, 3, 4, 5],
        b"abc\xffd",
        Some(&[true, false, true]),
    );
    assert_eq!(problem(&a), None);
    let views = [inline(b"ok"), long(99, b"zzzz", 7, 1 << 30)];
    assert_eq!(
        problem(&views_array(&views, &[], Some(&[true, false]))),
        None
    );
    // But offsets must never decrease, null or not: the format says so.
    let a = offsets_array(false, &[0, 3, 1, 5], b"abcde", Some(&[true, false, true]));
    assert_eq!(problem(&a), Some((1, 0, Problem::DecreasingOffset)));
}

#[test]
fn offsets_that_decrease_or_leave_the_values() {
    for large in [false, true] {
        let a = offsets_array(large, &[0, 5, 2], b"http:", None);
        assert_eq!(problem(&a), Some((1, 0, Problem::DecreasingOffset)));
        let a = offsets_array(large, &[-4, 1], b"http:", None);
        assert_eq!(problem(&a), Some((0, 0, Problem::NegativeOffset)));
        let a = offsets_array(large, &[0, 2, 9], b"http:", None);
        assert_eq!(problem(&a), Some((1, 0, Problem::OffsetOutOfBounds)));
    }
    // An i32 offset past i32::MAX is negative.
    let a = offsets_array(false, &[0, 1, 1 << 31], b"h", None);
    assert_eq!(problem(&a), Some((1, 0, Problem::DecreasingOffset)));
}

#[test]
fn a_chunk_of_no_rows_reads_nothing() {
    // Its one offset is never used (a fuzz input: `row 0` of a chunk that has none).
    assert_eq!(problem(&strings(&[-4], b"")), None);
    assert_eq!(problem(&strings(&[0, 5, 2], b"http:").slice(2, 0)), None);
}

#[test]
fn views_that_leave_their_buffers() {
    let data: &[u8] = b"http://example.com/";
    let bad_index = [inline(b"ok"), long(19, b"http", 1, 0)];
    assert_eq!(
        problem(&views_array(&bad_index, &[data], None)),
        Some((1, 0, Problem::ViewBufferIndex))
    );
    let past_end = [long(19, b"ttp:", 0, 1)];
    assert_eq!(
        problem(&views_array(&past_end, &[data], None)),
        Some((0, 0, Problem::ViewOutOfBounds))
    );
    let huge = [long(u32::MAX, b"http", 0, u32::MAX)];
    assert_eq!(
        problem(&views_array(&huge, &[data], None)),
        Some((0, 0, Problem::ViewOutOfBounds))
    );
    let prefix = [long(19, b"HTTP", 0, 0)];
    assert_eq!(
        problem(&views_array(&prefix, &[data], None)),
        Some((0, 0, Problem::ViewPrefix))
    );
}

#[test]
fn the_message_names_the_row_and_the_byte() {
    let e = check_chunk(strings(&[0, 2, 4], b"ok\xc3(").as_ref()).unwrap_err();
    let e = e.at_row(10);
    assert_eq!(
        e.to_string(),
        "malformed Arrow string array: row 11, byte 0: the row is not UTF-8, which a string \
         array must hold (read the column as binary, or repair its encoding first) (bytes 0xc3 0x28)"
    );
}

/// The naive reading of the format: what the check must accept exactly.
fn naive_offsets(offsets: &[i64], values: &[u8], valid: &[bool], large: bool) -> Option<Problem> {
    let offsets: Vec<i64> = if large {
        offsets.to_vec()
    } else {
        offsets.iter().map(|&o| i64::from(o as i32)).collect()
    };
    if offsets[0] < 0 {
        return Some(Problem::NegativeOffset);
    }
    if offsets.windows(2).any(|w| w[0] > w[1]) {
        return Some(Problem::DecreasingOffset);
    }
    if *offsets.last()? as usize > values.len() {
        return Some(Problem::OffsetOutOfBounds);
    }
    for (row, w) in offsets.windows(2).enumerate() {
        if valid[row] && std::str::from_utf8(&values[w[0] as usize..w[1] as usize]).is_err() {
            return Some(Problem::NotUtf8);
        }
    }
    None
}

fn byte() -> impl Strategy<Value = u8> {
    // Mostly ASCII and the pieces of "é" and "運", so that characters are cut and joined.
    prop_oneof![
        4 => b'a'..=b'c',
        1 => Just(0xc3u8),
        1 => Just(0xa9u8),
        1 => Just(0xe9u8),
        1 => Just(0x81u8),
        1 => Just(0x8bu8),
        1 => any::<u8>(),
    ]
}

proptest! {
    #[test]
    fn the_check_is_the_naive_reading(
        values in proptest::collection::vec(byte(), 0..24),
        steps in proptest::collection::vec(-2i64..5, 1..8),
        start in -1i64..3,
        valid in proptest::collection::vec(proptest::bool::weighted(0.8), 8),
        large in any::<bool>(),
        with_nulls in any::<bool>(),
    ) {
        let mut offsets = vec![start];
        for s in &steps {
            offsets.push(offsets.last().copied().unwrap_or(0) + s);
        }
        let rows = steps.len();
        let valid: Vec<bool> = if with_nulls { valid[..rows].to_vec() } else { vec![true; rows] };
        let a = offsets_array(large, &offsets, &values, with_nulls.then_some(&valid[..]));
        let got = check_chunk(a.as_ref()).err().map(|e| e.problem);
        prop_assert_eq!(got, naive_offsets(&offsets, &values, &valid, large));
        // Whatever arrow-rs's own full validation accepts, the check accepts too.
        if a.to_data().validate_full().is_ok() {
            prop_assert_eq!(got, None);
        }
        if got.is_none() {
            // And then every non-null row reads as the text it is.
            let a = a.as_any();
            if let Some(s) = a.downcast_ref::<GenericStringArray<i32>>() {
                for row in (0..rows).filter(|&r| valid[r]) {
                    let (f, t) = (offsets[row] as usize, offsets[row + 1] as usize);
                    prop_assert_eq!(s.value(row).as_bytes(), &values[f..t]);
                }
            }
        }
    }

    #[test]
    fn views_are_the_naive_reading(
        data in proptest::collection::vec(byte(), 0..40),
        raw in proptest::collection::vec((0u32..30, 0u32..3, 0u32..30, any::<bool>(), any::<bool>()), 1..6),
    ) {
        let buffers: [&[u8]; 2] = [&data, &data[data.len() / 2..]];
        let mut views = Vec::new();
        let mut expect = None;
        for (row, &(len, index, offset, right_prefix, valid)) in raw.iter().enumerate() {
            let buffer = buffers.get(index as usize);
            let bytes = buffer.and_then(|b| b.get(offset as usize..(offset + len) as usize));
            let view = if len <= 12 {
                let inline_bytes: Vec<u8> = data.iter().copied().cycle().take(len as usize).collect();
                if valid && expect.is_none() && std::str::from_utf8(&inline_bytes).is_err() {
                    expect = Some(Problem::NotUtf8);
                }
                inline(&inline_bytes)
            } else {
                let mut prefix = [0u8; 4];
                if let Some(b) = bytes {
                    prefix.copy_from_slice(&b[..4]);
                }
                if !right_prefix {
                    prefix[0] ^= 1;
                }
                if valid && expect.is_none() {
                    expect = match (buffer, bytes) {
                        (None, _) => Some(Problem::ViewBufferIndex),
                        (Some(_), None) => Some(Problem::ViewOutOfBounds),
                        (Some(_), Some(_)) if !right_prefix => Some(Problem::ViewPrefix),
                        (Some(_), Some(b)) if std::str::from_utf8(b).is_err() => Some(Problem::NotUtf8),
                        _ => None,
                    };
                }
                long(len, &prefix, index, offset)
            };
            views.push(view);
            let _ = row;
        }
        let valid: Vec<bool> = raw.iter().map(|r| r.4).collect();
        let a = views_array(&views, &buffers, Some(&valid));
        let got = check_chunk(a.as_ref()).err().map(|e| e.problem);
        prop_assert_eq!(got, expect);
        if a.to_data().validate_full().is_ok() {
            prop_assert_eq!(got, None);
        }
    }
}

#[test]
fn arrays_of_other_types_pass_to_be_refused_by_type() {
    let ints: ArrayRef = Arc::new(arrow_array::Int32Array::from(vec![1, 2]));
    assert_eq!(problem(&ints), None);
}
