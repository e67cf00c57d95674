//! The pool gives what one thread gives, in the same order, whatever the batch sizes and the
//! number of threads; it waits for its threads and ends when a thread or the caller panics.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::Duration;

use super::super::{Batch, KeyError, Keyer, LevelKeyer, Reconciler, Reconciliation, Side};
use urlkit::normalize::{Level, Options};

const SAFE: LevelKeyer = LevelKeyer::new(Options::new(Level::Safe));

/// Record `i` of a side: pages written three ways, some repeated, some invalid.
fn spell(i: usize, page: usize) -> String {
    match i % 7 {
        0 => format!("https://example.com/記事/{page}"),
        1 | 4 => format!("https://example.com/%E8%A8%98%E4%BA%8B/{page}"),
        2 | 5 => format!("https://example.com/%e8%a8%98%e4%ba%8b/{page}"),
        3 => format!("https://EXAMPLE.com/%e8%a8%98%e4%ba%8b/{page}"),
        // No key at `safe`: joined by its exact text only.
        _ => format!("https://example.com/%zz/{}", page % 50),
    }
}

/// Batch sizes around the part size, so that parts and batches end everywhere.
const SIZES: [usize; 8] = [1, 4095, 4096, 4097, 9000, 3, 12_000, 700];

fn batches(side: Side, records: usize) -> Vec<Batch<usize>> {
    let page = |i: usize| match side {
        Side::Left => i % 20_000,
        Side::Right => (i + 5_000) % 27_000,
    };
    let mut out = Vec::new();
    let mut i = 0;
    for size in SIZES.iter().cycle() {
        if i >= records {
            break;
        }
        let to = (i + size).min(records);
        out.push((i..to).map(|k| (spell(k, page(k)), k)).collect());
        i = to;
    }
    out
}

fn reconcile(threads: usize) -> Reconciliation<usize> {
    let mut r = Reconciler::new(&SAFE).threads(threads);
    r.feed(|feeder| {
        feeder.reserve(1_000);
        for side in [Side::Left, Side::Right] {
            for batch in batches(side, 40_000) {
                feeder.add_batch(side, batch);
            }
        }
        assert_eq!(
            (feeder.records(Side::Left), feeder.records(Side::Right)),
            (40_000, 40_000)
        );
    });
    r.finish()
}

/// Everything the result lists, with the metadata, in order.
fn listing(r: &Reconciliation<usize>) -> Vec<String> {
    let mut out = vec![format!("{:?}", r.summary())];
    for p in r.matched() {
        out.push(format!(
            "pair {} {} {} {} {:?}",
            p.left.url(),
            p.left.meta(),
            p.right.url(),
            p.right.meta(),
            p.rules
        ));
    }
    for side in [Side::Left, Side::Right] {
        for o in r.only(side) {
            out.push(format!("only {side:?} {} {}", o.url(), o.meta()));
        }
        for d in r.duplicates(side) {
            let others: Vec<String> = d
                .others
                .iter()
                .map(|o| format!("{} {}", o.url(), o.meta()))
                .collect();
            out.push(format!(
                "dup {side:?} {} {} x{} {others:?}",
                d.first.url(),
                d.first.meta(),
                d.count
            ));
        }
    }
    for i in r.invalid() {
        out.push(format!(
            "invalid {:?} {} {}",
            i.side,
            i.url,
            i.error.kind().name()
        ));
    }
    out
}

/// Asserts that two listings are equal, showing the first line where they differ (they are
/// too long to print whole).
fn same(got: &[String], want: &[String], threads: usize) {
    let first = got.iter().zip(want).position(|(g, w)| g != w);
    assert_eq!(
        (got.len(), first.map(|i| (&got[i], &want[i]))),
        (want.len(), None),
        "{threads} threads"
    );
}

#[test]
fn the_pool_gives_what_one_thread_gives() {
    let one = listing(&reconcile(1));
    let s = reconcile(1);
    let s = s.summary();
    // The case is not trivial: pairs of both kinds, both one-sided lists, duplicates and
    // invalid records on both sides.
    assert!(s.matched_exact > 0 && s.matched_normalized > 0);
    assert!(s.only_left > 0 && s.only_right > 0);
    assert!(s.left.duplicate_records > 0 && s.right.duplicate_records > 0);
    assert!(s.left.invalid > 0 && s.right.invalid > 0);
    for threads in [2, 3, 5] {
        same(&listing(&reconcile(threads)), &one, threads);
    }
}

#[test]
fn add_batch_of_any_size_gives_what_one_thread_gives() {
    let run = |threads: usize| {
        let mut r = Reconciler::new(&SAFE).threads(threads);
        for side in [Side::Left, Side::Right] {
            for batch in batches(side, 30_000) {
                r.add_batch(side, batch);
            }
        }
        listing(&r.finish())
    };
    same(&run(4), &run(1), 4);
}

#[test]
fn texts_of_keyed_batches_come_back() {
    for threads in [1, 2] {
        let mut r: Reconciler<'_, usize> = Reconciler::new(&SAFE).threads(threads);
        let spare = r.feed(|feeder| {
            let mut text = String::with_capacity(1 << 16);
            text.push_str("https://example.com/a\n");
            let mut batch = Batch::from_text(text);
            assert!(batch.push_range(0..21, 0));
            feeder.add_batch(Side::Left, batch);
            // The pool hands the text back once the batch is keyed, which takes a moment.
            for _ in 0..5_000 {
                if let Some(text) = feeder.spare_text() {
                    return Some(text);
                }
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            None
        });
        let spare = spare.expect("the batch's text comes back");
        assert!(spare.capacity() >= 1 << 16, "{threads} threads");
        assert_eq!(r.distinct_keys(), 1);
    }
}

/// A keyer that panics on one URL.
struct Fragile;

impl Keyer for Fragile {
    fn key_into(&self, url: &str, out: &mut String) -> Result<(), KeyError> {
        assert!(url != "boom", "the keyer failed");
        out.push_str(url);
        Ok(())
    }

    fn rules(&self, _: &str, _: &str, _: &mut crate::MatchRules) {}
}

/// Runs `f` on a thread of its own and returns its result, or fails the test when it has not
/// ended within a minute: a pool that waits forever for a thread that panicked would hang
/// the run otherwise. The bound is a deadlock detector, not a duration under test.
fn ends_within_a_minute<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        // The receiver is gone only when the test has already failed.
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the pool did not end within a minute: it waits for a thread that is gone")
}

#[test]
fn a_panic_in_a_thread_reaches_the_caller() {
    assert!(ends_within_a_minute(panic_in_a_thread).is_err());
}

fn panic_in_a_thread() -> Result<(), Box<dyn std::any::Any + Send>> {
    let mut r: Reconciler<'_, usize> = Reconciler::new(&Fragile).threads(2);
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        r.feed(|feeder| {
            for k in 0..20 {
                let mut batch: Batch<usize> =
                    (0..5_000).map(|i| (format!("/{k}/{i}"), i)).collect();
                if k == 3 {
                    batch.push("boom", 0);
                }
                feeder.add_batch(Side::Left, batch);
            }
        })
    }));
    outcome.map(drop)
}

#[test]
fn a_panic_while_feeding_ends_the_threads() {
    assert!(ends_within_a_minute(panic_while_feeding).is_err());
}

fn panic_while_feeding() -> Result<(), Box<dyn std::any::Any + Send>> {
    let mut r: Reconciler<'_, usize> = Reconciler::new(&SAFE).threads(2);
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        r.feed(|feeder| {
            let batch: Batch<usize> = (0..20_000)
                .map(|i| (format!("https://example.com/{i}"), i))
                .collect();
            feeder.add_batch(Side::Left, batch);
            panic!("the reading failed");
        })
    }));
    outcome.map(drop)
}

/// Three sources of one side, each with repeats of its own and pages the others have too;
/// the counts of duplicates and overlaps against a count made here, record by record, and
/// the same with the pool's threads.
#[test]
fn overlaps_of_sources_are_told_from_duplicates_within_one() {
    use std::collections::{HashMap, HashSet};
    // Source `s` lists pages `s * 300 ..` for 1,000 records, every fifth one twice: each
    // source shares 700 pages with the next, and repeats its own.
    let record = |s: usize, i: usize| 300 * s + if i % 5 == 4 { i - 1 } else { i } % 1_000;
    // Spelled any of the six ways that key alike (not the seventh, which has no key).
    let spelled = |s: usize, i: usize| spell((s + i) % 6, record(s, i));
    let mut want = (0usize, 0usize, HashSet::new(), HashSet::new());
    let mut seen: HashMap<String, (usize, usize)> = HashMap::new(); // key -> (last source, n)
    for s in 0..3 {
        for i in 0..1_000 {
            let key = format!("page {}", record(s, i));
            match seen.get_mut(&key) {
                None => {
                    seen.insert(key, (s, 1));
                }
                Some((last, _)) if *last == s => {
                    want.0 += 1;
                    want.2.insert(key);
                }
                Some(last) => {
                    last.0 = s;
                    want.1 += 1;
                    want.3.insert(key);
                }
            }
        }
    }
    assert!(want.0 > 100 && want.1 > 100, "both kinds occur: {want:?}");
    for threads in [1, 2, 3] {
        let mut r = Reconciler::new(&SAFE).threads(threads);
        r.feed(|feeder| {
            for s in 0..3 {
                // Each source in several batches, as a reader gives them.
                for chunk in (0..1_000).collect::<Vec<_>>().chunks(SIZES[s + 1].min(400)) {
                    let batch: Batch<usize> = chunk.iter().map(|&i| (spelled(s, i), i)).collect();
                    feeder.add_batch(Side::Left, batch.with_source(s as u8));
                }
            }
        });
        let done = r.finish();
        let c = &done.summary().left;
        assert_eq!(
            (c.duplicate_records, c.overlap_records),
            (want.0, want.1),
            "{threads} threads"
        );
        assert_eq!(
            (c.duplicate_keys, c.overlap_keys),
            (want.2.len(), want.3.len()),
            "{threads} threads"
        );
        assert_eq!(
            c.records,
            c.distinct + c.duplicate_records + c.overlap_records
        );
        assert_eq!(done.duplicates(Side::Left).count(), want.2.len());
        assert_eq!(done.overlaps(Side::Left).count(), want.3.len());
    }
}

/// The fields that tell overlaps from duplicates live in what was a slot's padding.
#[test]
fn a_slot_is_no_larger_for_the_sources() {
    // seq (8), key span (12), two occurrences of a 12-byte metadata (the CLI's) with their
    // spellings (2 x 24), counts (8), then `exact`, the sources and the flags (3 of 3 bytes).
    assert_eq!(
        std::mem::size_of::<super::super::shard::Slot<[u32; 3]>>(),
        80
    );
}
