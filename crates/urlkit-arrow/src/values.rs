//! The values buffer of an output string array, and the array made from it.
//!
//! A bulk call writes every row's result straight into one buffer sized for the input (80 MB
//! for a million URLs). Two costs of that buffer are not the rows' work, and both are cut here:
//! the kernel backs fresh memory one 4 KiB page fault at a time (asked for 2 MiB pages
//! instead, where the kernel has them), and building the Arrow array would check again, byte
//! by byte, the UTF-8 that every appended `&str` already is.
//!
//! Spec: <https://arrow.apache.org/docs/format/Columnar.html#variable-size-binary-layout>

#![allow(unsafe_code)]

use arrow_array::{GenericStringArray, OffsetSizeTrait};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer};

/// An empty buffer with room for `capacity` bytes, its large middle backed by huge pages
/// where the kernel grants them.
pub(crate) fn values_buffer(capacity: usize) -> String {
    let values = String::with_capacity(capacity);
    advise_huge_pages(values.as_ptr(), values.capacity());
    values
}

/// `pieces` joined into one string, each copied on a thread of its own into its part of one
/// buffer: the buffer is fresh memory (zeroed by the kernel on first touch, not by a pass
/// here), so the copies also share its page faults.
pub(crate) fn concat_on_threads(pieces: &[&str]) -> String {
    let total = pieces.iter().map(|p| p.len()).sum();
    // `vec![0; n]` asks the allocator for zeroed memory: for a buffer this large, fresh pages
    // that no one writes until the copies do.
    let mut bytes = vec![0u8; total];
    advise_huge_pages(bytes.as_ptr(), bytes.len());
    std::thread::scope(|scope| {
        let mut rest = bytes.as_mut_slice();
        for piece in pieces {
            let (mine, tail) = std::mem::take(&mut rest).split_at_mut(piece.len());
            rest = tail;
            scope.spawn(move || mine.copy_from_slice(piece.as_bytes()));
        }
    });
    debug_assert!(std::str::from_utf8(&bytes).is_ok());
    // SAFETY: `bytes` is the concatenation of `&str`s, and UTF-8 followed by UTF-8 is UTF-8.
    unsafe { String::from_utf8_unchecked(bytes) }
}

#[cfg(target_os = "linux")]
fn advise_huge_pages(ptr: *const u8, len: usize) {
    const HUGE: usize = 2 << 20;
    // A buffer of a few huge pages gains nothing worth a system call.
    if len < 4 * HUGE {
        return;
    }
    let start = (ptr as usize).next_multiple_of(HUGE);
    let end = (ptr as usize + len) / HUGE * HUGE;
    if end > start {
        // SAFETY: [start, end) lies inside the allocation of `len` bytes at `ptr`, which this
        // thread owns; MADV_HUGEPAGE changes only how the kernel backs those pages, never
        // their contents or validity. Its result is not checked: where it fails (a kernel
        // without transparent huge pages) the pages are ordinary ones, as without the call.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_ptr: *const u8, _len: usize) {}

/// The string array of `values` split at `ends` (one end per row, after a leading zero).
///
/// The caller guarantees (debug builds check) that `ends` starts at 0, never decreases, ends
/// at `values.len()`, and that each end is where a `&str` appended to `values` ended.
pub(crate) fn string_array<O: OffsetSizeTrait>(
    values: String,
    ends: Vec<O>,
    nulls: Option<NullBuffer>,
) -> GenericStringArray<O> {
    debug_assert!(ends.first().is_some_and(|o| o.as_usize() == 0));
    debug_assert!(ends.windows(2).all(|w| w[0] <= w[1]));
    debug_assert_eq!(ends.last().map(|o| o.as_usize()), Some(values.len()));
    debug_assert!(ends.iter().all(|o| values.is_char_boundary(o.as_usize())));
    debug_assert!(nulls.as_ref().is_none_or(|n| n.len() + 1 == ends.len()));
    // SAFETY: `values` is a `String`, so valid UTF-8, and every end is a char boundary
    // (each is the length of `values` after a whole `&str` was appended); the ends start at
    // zero, never decrease and stop at the values' length, which is within `O`'s range (the
    // caller checks the limit before pushing an end); there is one null bit per row.
    unsafe {
        GenericStringArray::<O>::new_unchecked(
            OffsetBuffer::new_unchecked(ends.into()),
            Buffer::from_vec(values.into_bytes()),
            nulls,
        )
    }
}
