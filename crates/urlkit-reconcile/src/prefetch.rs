//! A cache hint: ask the processor to bring a value's cache line in, without waiting for it.
//!
//! The join looks up keys in tables far larger than the caches; it hints the lines the
//! records a little ahead will read (see `keying::join_runs`). A plain load would do the
//! same, but it holds its place in the processor's reorder window until memory answers, so a
//! few missed loads in a row stop the work of the records in between; a prefetch retires at
//! once.
//!
//! # Rationale
//!
//! This is the only module of the crate allowed `unsafe`: the hint is a `core::arch`
//! intrinsic, and safe Rust has no portable spelling of it. Its one `unsafe` block carries a
//! `// SAFETY:` comment.
#![allow(unsafe_code)]

/// Hints that `data`'s cache line will be read soon. It changes nothing the program can
/// observe, only when the memory is loaded; a no-op off x86_64.
#[inline(always)]
pub(crate) fn prefetch<T: ?Sized>(data: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let p = (data as *const T).cast::<i8>();
        // SAFETY: a prefetch never faults and reads nothing the program sees; the address is
        // a live reference's anyway. SSE (which has `prefetcht0`) is in the x86_64 baseline.
        #[allow(unused_unsafe)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(p)
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = data;
}

#[cfg(test)]
mod tests {
    use super::prefetch;

    #[test]
    fn a_hint_changes_nothing_observable() {
        let values = vec![1u64, 2, 3];
        prefetch(&values[1]);
        prefetch(values.as_slice());
        prefetch("text");
        assert_eq!(values, [1, 2, 3]);
    }
}
