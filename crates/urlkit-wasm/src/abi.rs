//! The module's exports: byte buffers in, one JSON answer out (the glue is `js/urlkit.js`).
//!
//! The page writes the endpoint's name and the request body into buffers it got from
//! [`urlkit_alloc`], calls [`urlkit_call`] (which returns the HTTP status the server would
//! have sent) and reads the answer at [`urlkit_answer_ptr`] / [`urlkit_answer_len`] until
//! its next call.
#![allow(unsafe_code)]

use std::cell::RefCell;

thread_local! {
    /// The last answer: the module is single-threaded, its caller reads it before calling
    /// again.
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// What the last panic said: the profile aborts (a trap), and the glue reads this before
    /// it starts a fresh instance.
    static PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

extern "C" {
    /// The C++ static constructors (ada's), gathered by the linker.
    fn __wasm_call_ctors();
}

/// Runs the C++ static constructors once, before the first call, and keeps a panic's
/// message for the glue.
///
/// Calling `__wasm_call_ctors` here also keeps `wasm-ld` from wrapping every export in a
/// constructor and destructor run of its own, which it does when nothing calls it.
fn initialize() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let said = info.to_string();
            PANIC.with(|p| {
                if let Ok(mut p) = p.try_borrow_mut() {
                    *p = said;
                }
            });
        }));
        // SAFETY: the linker-made constructor list, run once, before ada is used.
        unsafe { __wasm_call_ctors() }
    });
}

/// A buffer of `len` bytes for the caller to fill.
#[no_mangle]
pub extern "C" fn urlkit_alloc(len: usize) -> *mut u8 {
    let mut buffer = std::mem::ManuallyDrop::new(Vec::<u8>::with_capacity(len.max(1)));
    buffer.as_mut_ptr()
}

/// Frees a buffer of [`urlkit_alloc`].
///
/// # Safety
/// `ptr` and `len` are those of a buffer from [`urlkit_alloc`], freed once.
#[no_mangle]
pub unsafe extern "C" fn urlkit_free(ptr: *mut u8, len: usize) {
    // SAFETY: rebuilds the `Vec` that `urlkit_alloc` leaked, with its capacity.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Answers one request: the endpoint's name and its JSON body, each `(ptr, len)` in
/// buffers of [`urlkit_alloc`]; returns the status.
///
/// # Safety
/// Both ranges are readable and initialized (written by the caller).
#[no_mangle]
pub unsafe extern "C" fn urlkit_call(
    name_ptr: *const u8,
    name_len: usize,
    body_ptr: *const u8,
    body_len: usize,
) -> u32 {
    initialize();
    // SAFETY: the caller wrote both ranges.
    let (name, body) = unsafe {
        (
            std::slice::from_raw_parts(name_ptr, name_len),
            std::slice::from_raw_parts(body_ptr, body_len),
        )
    };
    let (status, answer) = crate::call(name, body);
    ANSWER.with(|a| *a.borrow_mut() = answer);
    u32::from(status)
}

/// Where the last answer is.
#[no_mangle]
pub extern "C" fn urlkit_answer_ptr() -> *const u8 {
    ANSWER.with(|a| a.borrow().as_ptr())
}

/// How long the last answer is.
#[no_mangle]
pub extern "C" fn urlkit_answer_len() -> usize {
    ANSWER.with(|a| a.borrow().len())
}

/// Where the last panic's message is (empty: none).
#[no_mangle]
pub extern "C" fn urlkit_panic_ptr() -> *const u8 {
    PANIC.with(|p| p.borrow().as_ptr())
}

/// How long the last panic's message is.
#[no_mangle]
pub extern "C" fn urlkit_panic_len() -> usize {
    PANIC.with(|p| p.borrow().len())
}
