//! The bulk path over Arrow arrays as a hostile producer makes them: any offsets, any bytes,
//! any views, built unchecked as the C data interface imports them.
//!
//! Input: a header byte (the type, whether there is a validity bitmap, how the chunk is
//! sliced), a row count, then bytes that become the offsets or the views, and the rest the
//! values. Offsets are mostly small steps (so that the interesting cases, a step back or a
//! step into the middle of a character, are near each other), sometimes raw 32-bit values.
//!
//! Laws: the bulk path refuses a chunk (a `Malformed` error) exactly when the check does;
//! never when arrow-rs's own full validation accepts the chunk; and when it accepts, each
//! output row is the operation applied to the row's bytes as a naive reading of the format
//! gives them (a null row stays null). Out-of-bounds reads are the sanitizer's to catch.
#![allow(unsafe_code)]

use arrow_array::{make_array, Array, ArrayRef, GenericStringArray, StringViewArray};
use arrow_buffer::Buffer;
use arrow_data::ArrayData;
use arrow_schema::DataType;
use urlkit::codec::DecodeMode;
use urlkit::normalize::{Level, Options};
use urlkit_arrow::{check_chunk, map_chunks, ChunkError, Operation, Reasons, Scratch};

/// Bytes taken from the front of the input, zeros once it is used up.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }
}

/// What the naive reading gives for each row: `None` for a null row.
type Rows = Vec<Option<Vec<u8>>>;

/// A chunk, and its rows as the naive reading gives them when the format holds (`None` when
/// the naive reading finds it broken).
fn build(data: &[u8]) -> Option<(ArrayRef, Option<Rows>)> {
    let mut input = Bytes(data);
    let header = input.byte();
    let rows = usize::from(input.byte() % 24);
    let with_nulls = header & 0x04 != 0;
    let valid: Vec<bool> = {
        let (a, b, c) = (input.byte(), input.byte(), input.byte());
        let bits = u32::from_le_bytes([a, b, c, 0]);
        (0..rows)
            .map(|r| !with_nulls || bits >> r & 1 == 1)
            .collect()
    };
    let nulls = with_nulls.then(|| Buffer::from_iter(valid.iter().copied()));
    match header % 3 {
        0 | 1 => {
            let large = header % 3 == 1;
            let mut offsets: Vec<i64> = Vec::with_capacity(rows + 1);
            let mut at = 0i64;
            for _ in 0..=rows {
                let b = input.byte();
                at = match b >> 6 {
                    // A raw value (negative, huge, anything a 32-bit offset holds).
                    3 => i64::from(input.u32() as i32),
                    // A step back.
                    2 => at - i64::from(b & 0x0f),
                    _ => at + i64::from(b & 0x3f),
                };
                offsets.push(at);
            }
            let values = input.0;
            let (data_type, buffer) = if large {
                (DataType::LargeUtf8, Buffer::from_slice_ref(&offsets))
            } else {
                let narrow: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
                offsets = narrow.iter().map(|&o| i64::from(o)).collect();
                (DataType::Utf8, Buffer::from_slice_ref(&narrow))
            };
            // SAFETY: the buffers are real, of the sizes the type needs for `rows` rows; their
            // content is unchecked on purpose, as an imported array's is.
            let array = make_array(unsafe {
                ArrayData::builder(data_type)
                    .len(rows)
                    .add_buffer(buffer)
                    .add_buffer(Buffer::from_slice_ref(values))
                    .null_bit_buffer(nulls)
                    .build_unchecked()
            });
            Some((array, naive_offsets(&offsets, values, &valid)))
        }
        _ => {
            let mut views = Vec::with_capacity(rows);
            let mut raw = Vec::with_capacity(rows);
            for _ in 0..rows {
                let b = input.byte();
                let len = match b >> 6 {
                    3 => input.u32(),
                    _ => u32::from(b & 0x1f),
                };
                let (index, offset) = (u32::from(input.byte() % 3), u32::from(input.byte()));
                let prefix_ok = input.byte() & 1 == 0;
                raw.push((len, index, offset, prefix_ok));
            }
            let values = input.0;
            let half = values.len() / 2;
            let buffers: [&[u8]; 2] = [values, &values[half..]];
            let mut naive: Option<Rows> = Some(Vec::with_capacity(rows));
            for (row, &(len, index, offset, prefix_ok)) in raw.iter().enumerate() {
                let mut v = [0u8; 16];
                v[..4].copy_from_slice(&len.to_le_bytes());
                let bytes: Option<Vec<u8>> = if len <= 12 {
                    let from = (offset as usize).min(values.len());
                    let inline: Vec<u8> =
                        values[from..].iter().copied().take(len as usize).collect();
                    let inline = if inline.len() == len as usize {
                        inline
                    } else {
                        vec![b'a'; len as usize]
                    };
                    v[4..4 + inline.len()].copy_from_slice(&inline);
                    Some(inline)
                } else {
                    let found = buffers.get(index as usize).and_then(|b| {
                        b.get(offset as usize..(offset as usize).checked_add(len as usize)?)
                    });
                    let mut prefix = [0u8; 4];
                    if let Some(f) = found {
                        prefix.copy_from_slice(&f[..4]);
                    }
                    if !prefix_ok {
                        prefix[0] ^= 0x20;
                    }
                    v[4..8].copy_from_slice(&prefix);
                    v[8..12].copy_from_slice(&index.to_le_bytes());
                    v[12..].copy_from_slice(&offset.to_le_bytes());
                    found.filter(|_| prefix_ok).map(<[u8]>::to_vec)
                };
                views.push(u128::from_le_bytes(v));
                naive = naive.and_then(|mut rows_so_far| {
                    if !valid[row] {
                        rows_so_far.push(None);
                        return Some(rows_so_far);
                    }
                    let b = bytes?;
                    std::str::from_utf8(&b).ok()?;
                    rows_so_far.push(Some(b));
                    Some(rows_so_far)
                });
            }
            let mut builder = ArrayData::builder(DataType::Utf8View)
                .len(rows)
                .add_buffer(Buffer::from_slice_ref(&views))
                .null_bit_buffer(nulls);
            for b in buffers {
                builder = builder.add_buffer(Buffer::from_slice_ref(b));
            }
            // SAFETY: as above: real buffers, unchecked content.
            let array = make_array(unsafe { builder.build_unchecked() });
            Some((array, naive))
        }
    }
}

/// The naive reading of a `string` / `large_string` chunk's rows.
fn naive_offsets(offsets: &[i64], values: &[u8], valid: &[bool]) -> Option<Rows> {
    // No row, nothing to read.
    if valid.is_empty() {
        return Some(Vec::new());
    }
    if *offsets.first()? < 0 || offsets.windows(2).any(|w| w[0] > w[1]) {
        return None;
    }
    let mut rows = Vec::with_capacity(valid.len());
    for (w, &ok) in offsets.windows(2).zip(valid) {
        let bytes = values.get(usize::try_from(w[0]).ok()?..usize::try_from(w[1]).ok()?)?;
        if !ok {
            rows.push(None);
            continue;
        }
        std::str::from_utf8(bytes).ok()?;
        rows.push(Some(bytes.to_vec()));
    }
    Some(rows)
}

/// The output rows of one mapped chunk.
fn output_rows(out: &ArrayRef) -> Vec<Option<String>> {
    let any = out.as_any();
    if let Some(a) = any.downcast_ref::<GenericStringArray<i32>>() {
        a.iter().map(|v| v.map(str::to_owned)).collect()
    } else if let Some(a) = any.downcast_ref::<GenericStringArray<i64>>() {
        a.iter().map(|v| v.map(str::to_owned)).collect()
    } else if let Some(a) = any.downcast_ref::<StringViewArray>() {
        a.iter().map(|v| v.map(str::to_owned)).collect()
    } else {
        panic!("the output has the input's type, not {}", out.data_type())
    }
}

/// The law of the `arrow_bulk` target.
pub fn arrow_bulk(data: &[u8]) {
    let Some((array, naive)) = build(data) else {
        return;
    };
    let checked = check_chunk(array.as_ref());
    assert_eq!(
        checked.is_ok(),
        naive.is_some(),
        "the check ({checked:?}) and the naive reading disagree"
    );
    if array.to_data().validate_full().is_ok() {
        assert!(
            checked.is_ok(),
            "arrow-rs accepts what the check refuses: {checked:?}"
        );
    }
    // The whole chunk and a slice of it, as two chunks of one input.
    let cut = array.len() / 3;
    let chunks = [array.clone(), array.slice(cut, array.len() - cut)];
    let ops = [
        Operation::Key(Options::new(Level::Safe)),
        Operation::Decode(DecodeMode::Strict),
    ];
    for op in &ops {
        match map_chunks(&chunks, op, 2, Reasons::Keep) {
            Err(ChunkError::Malformed(m)) => {
                assert!(checked.is_err(), "refused an array the check accepts: {m}");
                assert!(m.row < array.len() * 2, "row {} past the input", m.row);
            }
            Err(e) => panic!("a chunk of a string type gives no other error: {e:?}"),
            Ok((out, _)) => {
                let naive = naive
                    .as_ref()
                    .expect("invariant: the check and the reading agree");
                let mut scratch = Scratch::default();
                let expected: Vec<Option<String>> = naive
                    .iter()
                    .map(|row| {
                        let text = std::str::from_utf8(row.as_ref()?).expect("checked above");
                        op.apply(text, &mut scratch).ok()?;
                        Some(scratch.out().to_owned())
                    })
                    .collect();
                assert_eq!(output_rows(&out[0]), expected);
                assert_eq!(output_rows(&out[1]), expected[cut..]);
            }
        }
    }
}
