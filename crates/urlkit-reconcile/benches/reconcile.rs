//! Reconciling two lists in process: urlkit's engine (keys at `safe`, on 1 thread and on all
//! cores) against what a Rust user would write instead (percent-decode both sides with the
//! `percent-encoding` crate, then a `HashSet` join). The end-to-end comparison with Python on
//! 1,000,000 x 1,000,000 URLs is `bench/reconcile.sh`.
//!
//! `cargo bench -p urlkit-reconcile --bench reconcile` (URLKIT_BENCH_N sets the list size, default
//! 200,000).

#[path = "../../urlkit/benches/support/mod.rs"]
mod support;

use std::collections::HashSet;
use std::hint::black_box;

use support::{budget, encode_non_ascii, japanese_raw, measure, report, Rng, Row};
use urlkit::normalize::{Level, Options};
use urlkit_reconcile::{LevelKeyer, Reconciler, Side};

fn main() {
    support::print_kernel_level();
    let n: usize = std::env::var("URLKIT_BENCH_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200_000);
    // The same pages on both sides in mixed forms; 1% only on each side.
    let raw = japanese_raw(n + n / 100);
    let upper = encode_non_ascii(&raw, true);
    let lower = encode_non_ascii(&raw, false);
    let mut rng = Rng::new(3);
    let pick = |i: usize, rng: &mut Rng| -> String {
        match rng.below(3) {
            0 => raw[i].clone(),
            1 => upper[i].clone(),
            _ => lower[i].clone(),
        }
    };
    let left: Vec<String> = (0..n).map(|i| pick(i, &mut rng)).collect();
    let right: Vec<String> = (n / 100..n + n / 100).map(|i| pick(i, &mut rng)).collect();
    let bytes: usize = left.iter().chain(&right).map(String::len).sum();
    let keyer = LevelKeyer::new(Options::new(Level::Safe));
    let cores = std::thread::available_parallelism().map_or(1, usize::from);

    let engine = |threads: usize| {
        let mut r = Reconciler::new(&keyer).threads(threads);
        r.add_batch(Side::Left, left.iter().map(|u| (u.clone(), ())).collect());
        r.add_batch(Side::Right, right.iter().map(|u| (u.clone(), ())).collect());
        let done = r.finish();
        done.summary().only_left
    };
    let naive = || {
        let decode = |u: &String| {
            percent_encoding::percent_decode_str(u)
                .decode_utf8_lossy()
                .into_owned()
        };
        let l: HashSet<String> = left.iter().map(decode).collect();
        let r: HashSet<String> = right.iter().map(decode).collect();
        l.difference(&r).count()
    };
    assert_eq!(engine(1), naive(), "both must find the same missing pages");
    let b = budget();
    let rows = vec![
        Row {
            name: format!("urlkit Reconciler, {cores} threads"),
            time: measure(b, || black_box(engine(cores))),
        },
        Row {
            name: "urlkit Reconciler, 1 thread".into(),
            time: measure(b, || black_box(engine(1))),
        },
        Row {
            name: "percent_decode + HashSet (no rules)".into(),
            time: measure(b, naive),
        },
    ];
    report(
        &format!("reconcile {n} x {n} mixed-form Japanese URLs (keys, join, rules)"),
        bytes,
        &rows,
    );
}
