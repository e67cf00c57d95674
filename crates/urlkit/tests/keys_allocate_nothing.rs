//! `Keys::key_into` allocates nothing on the fast path once its output buffer has held the
//! longest key (issue: a fresh scratch space per call cost a third of its instructions): a
//! counting allocator wraps the system's for this test binary, and keying the real-list
//! samples and generated Japanese-slug URLs, at every kernel level this CPU has, must not
//! reach it.
//!
//! A global allocator is an `unsafe` trait: this file is the one place outside the vector
//! kernels that needs `unsafe`, and its two blocks only forward to the system allocator.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use urlkit::codec::{kernel_level, KernelLevel};
use urlkit::normalize::{Keys, Level, Options};

/// The system allocator, counting each thread's allocations (the tests run on threads of
/// their own; a thread-local `Cell` with a `const` initializer allocates nothing itself).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// The allocations this thread has made so far.
fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

fn count() {
    ALLOCATIONS.with(|c| c.set(c.get() + 1));
}

// SAFETY: every method forwards to `System` with the caller's own arguments, so it keeps
// `System`'s guarantees; the counter is a thread-local `Cell` that no allocation depends on.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` requires.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout` (every allocation here is).
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: as `GlobalAlloc::realloc` requires, forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The URLs: the real-list samples of `testdata/urls-sample` and Japanese slugs, raw and
/// lowercase-escaped.
fn urls() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/urls-sample");
    let mut urls = Vec::new();
    for name in ["kasztp", "userbait", "node-files", "isaacs-files"] {
        let text = std::fs::read_to_string(format!("{dir}/{name}.txt")).expect("sample list");
        urls.extend(text.lines().filter(|l| !l.is_empty()).map(str::to_owned));
    }
    for (i, slug) in ["運営者情報", "ログインできない", "東京-カフェ"]
        .iter()
        .enumerate()
    {
        urls.push(format!("https://example.com/blog/{slug}-{i}/"));
        urls.push(format!(
            "https://example.com/tag/%e6%9d%b1%e4%ba%ac/{slug}?q=a b"
        ));
    }
    urls
}

/// The real-list samples: nearly every URL is of the one-pass writer's form and keys with no
/// allocation; the few it leaves to the full parse (a port, an uppercase host, a dot
/// segment, a malformed escape) may allocate. Before the keying object kept its scratch
/// space, every call allocated.
#[test]
fn real_urls_key_without_allocating() {
    let urls = urls();
    for level in KernelLevel::ALL
        .into_iter()
        .filter(|l| *l <= kernel_level())
    {
        for preset in [Level::Safe, Level::Normal] {
            let mut keys = Keys::new(Options::new(preset)).kernel(level);
            let mut out = String::with_capacity(4096);
            for u in &urls {
                let _ = keys.key_into(u, &mut out);
            }
            let allocating = urls
                .iter()
                .filter(|u| {
                    let before = allocations();
                    let _ = keys.key_into(u, &mut out);
                    allocations() != before
                })
                .count();
            assert!(
                allocating * 50 <= urls.len(),
                "{allocating} of {} URLs allocate at {preset}, {level}",
                urls.len()
            );
        }
    }
}

#[test]
fn common_urls_key_without_one_allocation() {
    let common = [
        "https://example.com/",
        "https://example.com/a/b?q=1#f",
        "https://example.com/%e9%81%8b/%E5%96%B6?x=%7e%41",
        "https://example.com/tag/ログインできない/",
        "file:///C:/a%7e/%e9%81%8b?x#y",
    ];
    let long = format!("https://example.com/{}", "%e9%81%8b-ログ-".repeat(100));
    for level in KernelLevel::ALL
        .into_iter()
        .filter(|l| *l <= kernel_level())
    {
        let mut keys = Keys::new(Options::default()).kernel(level);
        assert_eq!(keys.kernel_level(), level);
        let mut out = String::with_capacity(8192);
        // The first long URL grows the scratch space once.
        keys.key_into(&long, &mut out).expect("a key");
        let before = allocations();
        for u in common.iter().copied().chain([long.as_str()]) {
            keys.key_into(u, &mut out).expect("a key");
        }
        assert_eq!(allocations(), before, "at {level}");
    }
}
