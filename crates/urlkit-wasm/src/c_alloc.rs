//! The C allocator of the module: one allocator, Rust's, for Rust, ada's C++, wasi-libc and
//! tree-sitter's C.
//!
//! ada-url (C++) allocates with `operator new`, which calls libc's `malloc`. Linked from
//! wasi-libc, that `malloc` is a dlmalloc whose first call takes every byte from
//! `__heap_base` to the current end of linear memory as its own heap (`sbrk(0) -
//! __heap_base`). On `wasm32-unknown-unknown`, Rust's allocator has grown the memory and put
//! its blocks there before ada's first `new`: both allocators then hand out the same bytes,
//! and ada's strings are overwritten (docs/wasm.md has the evidence). So wasi-libc's
//! `dlmalloc.o` must stay out of the link: every one of its symbols that anything references
//! is defined without it.
//!
//! `malloc`, `calloc`, `realloc` and `free` come from the `tree-sitter` crate, which defines
//! them for this target on Rust's global allocator (its `wasm_allocator.rs`) for its own C
//! and the grammars'; a second definition here would not link. This file defines the rest
//! of `dlmalloc.o`'s names on top of those four.
//!
//! # Rationale
//! tree-sitter's blocks are aligned to 8 bytes, not to C's `max_align_t` (16 on wasm32).
//! Nothing the module links allocates a type aligned to more than 8 (ada's strings and
//! integers, musl's `atexit` table, tree-sitter's trees), and a request for more is refused
//! (a null pointer, which `operator new` turns into an abort) rather than served misaligned.
#![allow(unsafe_code)]

use std::ffi::c_void;
use std::ptr::null_mut;

/// The alignment of every block of tree-sitter's `malloc`.
const BLOCK_ALIGN: usize = 8;

/// WASI's `EINVAL` and `ENOMEM`, returned by `posix_memalign`.
const EINVAL: i32 = 28;
const ENOMEM: i32 = 48;

extern "C" {
    // tree-sitter's, on Rust's global allocator.
    fn malloc(size: usize) -> *mut c_void;
    fn calloc(count: usize, size: usize) -> *mut c_void;
    fn free(p: *mut c_void);
}

/// Whether a block of tree-sitter's `malloc` satisfies `align`.
fn servable(align: usize) -> bool {
    align.is_power_of_two() && align <= BLOCK_ALIGN
}

/// C11 `aligned_alloc`: null for an alignment above [`BLOCK_ALIGN`] (see the module's
/// rationale).
#[no_mangle]
pub extern "C" fn aligned_alloc(align: usize, size: usize) -> *mut c_void {
    if !servable(align) {
        return null_mut();
    }
    // SAFETY: tree-sitter's `malloc` accepts any size.
    unsafe { malloc(size) }
}

/// POSIX `posix_memalign`: `EINVAL` for an alignment above [`BLOCK_ALIGN`].
///
/// # Safety
/// `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn posix_memalign(out: *mut *mut c_void, align: usize, size: usize) -> i32 {
    if !servable(align) || align % std::mem::size_of::<usize>() != 0 {
        return EINVAL;
    }
    // SAFETY: tree-sitter's `malloc` accepts any size.
    let p = unsafe { malloc(size) };
    if p.is_null() {
        return ENOMEM;
    }
    // SAFETY: the caller passes a writable `void **`.
    unsafe { out.write(p) };
    0
}

/// musl's internal names, which `atexit` (the C++ static destructors' registration) calls:
/// left undefined, they would pull wasi-libc's `dlmalloc.o` back in.
#[no_mangle]
pub extern "C" fn __libc_malloc(size: usize) -> *mut c_void {
    // SAFETY: tree-sitter's `malloc` accepts any size.
    unsafe { malloc(size) }
}

/// See [`__libc_malloc`].
#[no_mangle]
pub extern "C" fn __libc_calloc(count: usize, size: usize) -> *mut c_void {
    // SAFETY: tree-sitter's `calloc` checks `count * size` for overflow.
    unsafe { calloc(count, size) }
}

/// See [`__libc_malloc`].
///
/// # Safety
/// `p` is null or a live block of `malloc`'s family.
#[no_mangle]
pub unsafe extern "C" fn __libc_free(p: *mut c_void) {
    // SAFETY: as the caller promises.
    unsafe { free(p) }
}

/// C `vfprintf`, as tree-sitter's `fprintf` is: no I/O (the module has no stream to write
/// to), nothing written.
///
/// libc++abi's `abort_message` and libc++'s `verbose_abort` call it before aborting. Left
/// undefined, it would pull wasi-libc's `vfprintf.o`, whose `__fwritex` brings `fwrite.o`,
/// which defines `fwrite` a second time beside tree-sitter's.
#[no_mangle]
pub extern "C" fn vfprintf(
    _stream: *mut c_void,
    _format: *const c_void,
    _args: *mut c_void,
) -> i32 {
    0
}

/// musl's internal `__fwritex`, behind `fputwc` (libc++'s wide-character streams): written
/// here with no I/O, as tree-sitter's `fwrite` is, so that wasi-libc's `fwrite.o` (which
/// defines it beside a second `fwrite`) stays out of the link.
#[no_mangle]
pub extern "C" fn __fwritex(_bytes: *const u8, len: usize, _stream: *mut c_void) -> usize {
    len
}
