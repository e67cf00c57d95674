//! Near matches at scale: N x N generated URLs where 10,000 left entries are respelled
//! (a missing trailing slash, WordPress's `-2`, one character edited, NFD). The reconciliation
//! leaves each respelled entry and its partner over; the hints must give every respelled entry
//! its true partner first, and the bench prints what they add to the reconciliation's time.
//! A second measurement indexes a whole side and asks for every entry of the other: a million
//! leftovers.
//!
//! `cargo bench -p urlkit-reconcile --bench near` (URLKIT_BENCH_N sets N, default 1,000,000).

#[path = "../../urlkit/benches/support/mod.rs"]
mod support;

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use support::{encode_non_ascii, Rng};
use unicode_normalization::UnicodeNormalization;
use urlkit::normalize::{Level, Options};
use urlkit_reconcile::near::Near;
use urlkit_reconcile::{LevelKeyer, Reconciler, Side};

/// Words with voiced kana, so that NFD respells every slug.
const WORDS: [&str; 12] = [
    "ブログ",
    "データ",
    "ガイド",
    "デザイン",
    "ログイン",
    "ダウンロード",
    "ビジネス",
    "グルメ",
    "ゲーム",
    "ドラマ",
    "バッグ",
    "ジャズ",
];
const SECTIONS: [&str; 4] = ["blog", "tag", "category", "page"];
const RESPELLED: usize = 10_000;

fn token(rng: &mut Rng) -> String {
    (0..6)
        .map(|_| char::from(b'a' + rng.below(26) as u8))
        .collect()
}

/// `count` distinct raw page URLs.
fn pages(count: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let mut seen = HashSet::with_capacity(count);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let url = format!(
            "https://example.com/{}/{}-{}-{}/",
            SECTIONS[rng.below(SECTIONS.len())],
            WORDS[rng.below(WORDS.len())],
            WORDS[rng.below(WORDS.len())],
            token(&mut rng)
        );
        if seen.insert(url.clone()) {
            out.push(url);
        }
    }
    out
}

/// The respelling of kind `kind` of a raw page URL.
fn respell(url: &str, kind: usize, rng: &mut Rng) -> String {
    match kind {
        0 => url.trim_end_matches('/').to_owned(),
        1 => format!("{}-2/", url.trim_end_matches('/')),
        2 => {
            // One letter of the token replaced by another.
            let at = url.len() - 2 - rng.below(6);
            let old = url.as_bytes()[at];
            let new = b'a' + ((old - b'a') as usize + 1 + rng.below(25)) as u8 % 26;
            let mut s = url.to_owned();
            s.replace_range(at..at + 1, &char::from(new).to_string());
            s
        }
        _ => url.nfd().collect(),
    }
}

fn main() {
    support::print_kernel_level();
    let n: usize = std::env::var("URLKIT_BENCH_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let right = pages(n, 29);
    let pages_set: HashSet<&str> = right.iter().map(String::as_str).collect();
    let mut left = encode_non_ascii(&right, true);
    let mut rng = Rng::new(31);
    let mut partner_of: HashMap<String, (String, usize)> = HashMap::with_capacity(RESPELLED);
    let stride = n / RESPELLED.min(n);
    for k in 0..RESPELLED.min(n) {
        let i = k * stride;
        // A respelling that is another page of the list is no respelling: edit again.
        let raw = loop {
            let r = respell(&right[i], k % 4, &mut rng);
            if !pages_set.contains(r.as_str()) {
                break r;
            }
        };
        let respelled = encode_non_ascii(&[raw], true).remove(0);
        partner_of.insert(respelled.clone(), (right[i].clone(), k % 4));
        left[i] = respelled;
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let options = Options::new(Level::Safe);
    let keyer = LevelKeyer::new(options);

    let start = Instant::now();
    let mut r = Reconciler::new(&keyer).threads(cores);
    r.add_batch(Side::Left, left.iter().map(|u| (u.clone(), ())).collect());
    r.add_batch(Side::Right, right.iter().map(|u| (u.clone(), ())).collect());
    let done = r.finish();
    let joined = start.elapsed();
    let missing: Vec<String> = done
        .only(Side::Left)
        .map(|o| o.url().into_owned())
        .collect();
    let extra: Vec<String> = done
        .only(Side::Right)
        .map(|o| o.url().into_owned())
        .collect();

    let start = Instant::now();
    let near = Near::new(&extra, &options);
    let hints: Vec<_> = missing.iter().map(|m| near.hints(m, 3)).collect();
    let hinted = start.elapsed();

    let mut right_first = [0usize; 4];
    let mut wrong = Vec::new();
    for (m, h) in missing.iter().zip(&hints) {
        let (truth, kind) = &partner_of[m];
        match h.first() {
            Some(first) if &extra[first.partner] == truth => right_first[*kind] += 1,
            _ => wrong.push(m),
        }
    }
    println!(
        "{n} x {n} URLs, {RESPELLED} respelled: {} missing, {} extra",
        missing.len(),
        extra.len()
    );
    println!(
        "true partner first: {} of {} (slash {}, -N {}, one edit {}, NFD {})",
        missing.len() - wrong.len(),
        missing.len(),
        right_first[0],
        right_first[1],
        right_first[2],
        right_first[3]
    );
    let missing_set: HashSet<&String> = missing.iter().collect();
    for (respelled, (truth, _)) in partner_of
        .iter()
        .filter(|(r, _)| !missing_set.contains(r))
        .take(5)
    {
        println!("  respelled but matched: {respelled} (from {truth})");
    }
    for m in wrong.iter().take(5) {
        println!("  no true first hint: {m}");
    }
    println!(
        "reconcile {:.3} s ({cores} threads), hints {:.3} s: +{:.1}%",
        joined.as_secs_f64(),
        hinted.as_secs_f64(),
        100.0 * hinted.as_secs_f64() / joined.as_secs_f64()
    );

    // A million leftovers on each side: the whole right side indexed, and as many other pages
    // of the same site asked for.
    let others = encode_non_ascii(&pages(n, 37), true);
    let start = Instant::now();
    let whole = Near::new(&right, &options);
    let built = start.elapsed();
    let found: usize = others.iter().map(|l| whole.hints(l, 3).len()).sum();
    println!(
        "{n} leftovers a side: index in {:.3} s, {n} lookups in {:.3} s ({found} hints)",
        built.as_secs_f64(),
        (start.elapsed() - built).as_secs_f64()
    );
    assert!(
        wrong.is_empty(),
        "every respelled entry gets its true partner first"
    );
    assert_eq!(missing.len(), RESPELLED.min(n));
}
