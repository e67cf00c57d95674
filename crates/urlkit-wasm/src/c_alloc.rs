//! The C allocator of the module: `malloc` and its family, on Rust's global allocator.
//!
//! ada-url (C++) allocates with `operator new`, which calls libc's `malloc`. Linked from
//! wasi-libc, that `malloc` is a dlmalloc whose first call takes every byte from
//! `__heap_base` to the current end of linear memory as its own heap (`sbrk(0) -
//! __heap_base`). On `wasm32-unknown-unknown`, Rust's allocator has grown the memory and put
//! its blocks there before ada's first `new`: both allocators then hand out the same bytes,
//! and ada's strings are overwritten (docs/wasm.md has the evidence). Defining every symbol
//! of wasi-libc's `dlmalloc.o` here keeps that object out of the link, so the module has one
//! allocator, Rust's.
//!
//! Each block carries a header just below the pointer it returns: the requested size and
//! the alignment (at least 16, C's `max_align_t`), which `free` and `realloc` need to rebuild
//! the [`Layout`].
#![allow(unsafe_code)]

use std::alloc::{alloc, alloc_zeroed, dealloc, realloc as grow, Layout};
use std::ptr::null_mut;

const WORD: usize = std::mem::size_of::<usize>();

/// `malloc`'s alignment: `alignof(max_align_t)` on wasm32.
const MIN_ALIGN: usize = 16;

/// WASI's `EINVAL` and `ENOMEM`, returned by `posix_memalign`.
const EINVAL: i32 = 28;
const ENOMEM: i32 = 48;

/// The layout of a block of `size` bytes aligned to `align` (a power of two, at least
/// [`MIN_ALIGN`]), with `align` bytes of header room before it.
fn layout(size: usize, align: usize) -> Option<Layout> {
    Layout::from_size_align(size.checked_add(align)?, align).ok()
}

/// Writes the header of the block whose allocation starts at `base`; returns the pointer C
/// sees.
///
/// # Safety
/// `base` comes from allocating `layout(size, align)`.
unsafe fn finish(base: *mut u8, size: usize, align: usize) -> *mut u8 {
    // SAFETY: the allocation is `size + align` bytes long and `align >= 16 >= 2 * WORD`, so
    // `p - 2 * WORD .. p` lies inside it and is `WORD`-aligned (`p` is `align`-aligned).
    unsafe {
        let p = base.add(align);
        p.sub(2 * WORD).cast::<usize>().write(size);
        p.sub(WORD).cast::<usize>().write(align);
        p
    }
}

/// The size and alignment stored by [`finish`].
///
/// # Safety
/// `p` was returned by this module's `malloc` family and not freed.
unsafe fn header(p: *mut u8) -> (usize, usize) {
    // SAFETY: written by `finish` just below `p`.
    unsafe {
        (
            p.sub(2 * WORD).cast::<usize>().read(),
            p.sub(WORD).cast::<usize>().read(),
        )
    }
}

fn new_block(size: usize, align: usize, zeroed: bool) -> *mut u8 {
    let align = align.max(MIN_ALIGN);
    let Some(layout) = layout(size, align) else {
        return null_mut();
    };
    // SAFETY: `layout` has a non-zero size (`align` bytes of header at least).
    let base = unsafe {
        if zeroed {
            alloc_zeroed(layout)
        } else {
            alloc(layout)
        }
    };
    if base.is_null() {
        return base;
    }
    // SAFETY: `base` was just allocated with `layout(size, align)`.
    unsafe { finish(base, size, align) }
}

/// C `malloc`.
#[no_mangle]
pub extern "C" fn malloc(size: usize) -> *mut u8 {
    new_block(size, MIN_ALIGN, false)
}

/// C `calloc`: `None` on overflow of `count * size`.
#[no_mangle]
pub extern "C" fn calloc(count: usize, size: usize) -> *mut u8 {
    match count.checked_mul(size) {
        Some(total) => new_block(total, MIN_ALIGN, true),
        None => null_mut(),
    }
}

/// C11 `aligned_alloc`.
#[no_mangle]
pub extern "C" fn aligned_alloc(align: usize, size: usize) -> *mut u8 {
    if !align.is_power_of_two() {
        return null_mut();
    }
    new_block(size, align, false)
}

/// POSIX `posix_memalign`.
///
/// # Safety
/// `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn posix_memalign(out: *mut *mut u8, align: usize, size: usize) -> i32 {
    if !align.is_power_of_two() || align % WORD != 0 {
        return EINVAL;
    }
    let p = new_block(size, align, false);
    if p.is_null() {
        return ENOMEM;
    }
    // SAFETY: the caller passes a writable `void **`.
    unsafe { out.write(p) };
    0
}

/// C `free`.
///
/// # Safety
/// `p` is null or a live block of this module's `malloc` family.
#[no_mangle]
pub unsafe extern "C" fn free(p: *mut u8) {
    if p.is_null() {
        return;
    }
    // SAFETY: a live block: its header is there, and its allocation starts `align` bytes
    // below it with the layout rebuilt here.
    unsafe {
        let (size, align) = header(p);
        let layout = layout(size, align).expect("invariant: the layout was valid at malloc");
        dealloc(p.sub(align), layout);
    }
}

/// C `realloc`.
///
/// # Safety
/// `p` is null or a live block of this module's `malloc` family.
#[no_mangle]
pub unsafe extern "C" fn realloc(p: *mut u8, size: usize) -> *mut u8 {
    if p.is_null() {
        return malloc(size);
    }
    // SAFETY: a live block (see `free`); `grow` keeps its alignment and the header's place.
    unsafe {
        let (old, align) = header(p);
        let Some(new_total) = size.checked_add(align) else {
            return null_mut();
        };
        let layout = layout(old, align).expect("invariant: the layout was valid at malloc");
        let base = grow(p.sub(align), layout, new_total);
        if base.is_null() {
            return base;
        }
        finish(base, size, align)
    }
}

/// glibc's and musl's `malloc_usable_size`: the size asked for.
///
/// # Safety
/// `p` is null or a live block of this module's `malloc` family.
#[no_mangle]
pub unsafe extern "C" fn malloc_usable_size(p: *mut u8) -> usize {
    if p.is_null() {
        return 0;
    }
    // SAFETY: a live block.
    unsafe { header(p).0 }
}

/// musl's internal names, which `atexit` (the C++ static destructors' registration) calls:
/// left undefined, they would pull wasi-libc's `dlmalloc.o` back in.
#[no_mangle]
pub extern "C" fn __libc_malloc(size: usize) -> *mut u8 {
    malloc(size)
}

/// See [`__libc_malloc`].
#[no_mangle]
pub extern "C" fn __libc_calloc(count: usize, size: usize) -> *mut u8 {
    calloc(count, size)
}

/// See [`__libc_malloc`].
///
/// # Safety
/// As [`free`].
#[no_mangle]
pub unsafe extern "C" fn __libc_free(p: *mut u8) {
    // SAFETY: as `free`.
    unsafe { free(p) }
}
