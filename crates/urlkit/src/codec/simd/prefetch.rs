//! A cache hint: ask the processor to bring a value's cache line in, without waiting for it.
//!
//! The reconcile join looks up keys in tables far larger than the caches; it hints the lines
//! the records a little ahead will read. A plain load would do the same, but it holds its
//! place in the processor's reorder window until memory answers, so a few missed loads in a
//! row stop the work of the records in between; a prefetch retires at once. It lives here
//! because this is the one module allowed `unsafe`.

/// Hints that `data`'s cache line will be read soon. It changes nothing the program can
/// observe, only when the memory is loaded; a no-op off x86_64. (Crate-private, so its use is
/// shown in `reconcile::keying::join_runs` rather than in a doc test.)
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
