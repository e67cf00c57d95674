//! The engine against a naive oracle: a `HashMap` from key to the first occurrence and the
//! count on each side, built one record at a time with `urlkit::normalize::key` (DESIGN §7:
//! every fast path against a naive oracle). The lists are generated from a few pages, each
//! respelled (hex case, raw or escaped characters, host case, default port), so that keys
//! repeat within a side and across; invalid lines (a malformed escape, a control character)
//! are mixed in, and a few of them repeat too.

use std::collections::HashMap;

use proptest::prelude::*;
use urlkit::normalize::{key, Level, Options};
use urlkit_reconcile::{LevelKeyer, Reconciler, Side};

/// What the oracle remembers of a key.
#[derive(Default)]
struct Entry {
    /// The first occurrence on each side: its URL and its number in the list.
    first: [Option<(String, usize)>; 2],
    count: [usize; 2],
}

/// The naive model: keys in order of first appearance, and what each one saw.
#[derive(Default)]
struct Model {
    order: Vec<String>,
    entries: HashMap<String, Entry>,
    invalid: Vec<(Side, String)>,
}

fn index(side: Side) -> usize {
    match side {
        Side::Left => 0,
        Side::Right => 1,
    }
}

impl Model {
    fn add(&mut self, side: Side, url: &str, meta: usize, options: &Options) {
        // A URL without a key joins by its exact text only: a key no valid URL has.
        let k = match key(url, options) {
            Ok(k) => k,
            Err(_) => {
                self.invalid.push((side, url.to_owned()));
                format!("invalid:{url}")
            }
        };
        let entry = self.entries.entry(k.clone()).or_insert_with(|| {
            self.order.push(k);
            Entry::default()
        });
        let s = index(side);
        entry.count[s] += 1;
        entry.first[s].get_or_insert_with(|| (url.to_owned(), meta));
    }

    fn in_order(&self) -> impl Iterator<Item = &Entry> + '_ {
        self.order.iter().map(|k| &self.entries[k])
    }
}

/// One of a few pages, respelled.
fn url() -> impl Strategy<Value = String> {
    const PAGES: [&str; 5] = ["運営", "a~b", "お問い合わせ", "x%2Fy", ""];
    const INVALID: [&str; 3] = [
        "http://a/%zz",
        "http://a/\u{1}b",
        "https://example.com/%E9%8",
    ];
    let host = prop::sample::select(vec!["example.com", "EXAMPLE.com", "example.com:443"]);
    let valid = (host, 0..PAGES.len(), 0..4u8).prop_map(|(host, page, form)| {
        let mut path = String::new();
        for c in PAGES[page].chars() {
            let mut buf = [0u8; 4];
            let bytes = c.encode_utf8(&mut buf).as_bytes();
            match form {
                // `%` of the page's own escapes, and ASCII, stay as they are.
                _ if c.is_ascii() && c != '~' => path.push(c),
                0 => path.push(c),
                1 => bytes
                    .iter()
                    .for_each(|b| path.push_str(&format!("%{b:02X}"))),
                2 => bytes
                    .iter()
                    .for_each(|b| path.push_str(&format!("%{b:02x}"))),
                _ => bytes
                    .iter()
                    .for_each(|b| path.push_str(&format!("%{b:02X}").to_lowercase())),
            }
        }
        format!("https://{host}/{path}")
    });
    prop_oneof![
        6 => valid,
        1 => prop::sample::select(INVALID.to_vec()).prop_map(str::to_owned),
    ]
}

fn check(left: &[String], right: &[String], level: Level, threads: usize) {
    let options = Options::new(level);
    let keyer = LevelKeyer::new(options);
    let mut model = Model::default();
    let mut r = Reconciler::new(&keyer).threads(threads);
    // Records one at a time on the left, as a batch on the right: both ways of adding.
    for (i, u) in left.iter().enumerate() {
        model.add(Side::Left, u, i, &options);
        r.add(Side::Left, u, i);
    }
    for (i, u) in right.iter().enumerate() {
        model.add(Side::Right, u, i, &options);
    }
    r.add_batch(Side::Right, right.iter().cloned().zip(0..).collect());
    let done = r.finish();
    let s = done.summary();

    for side in [Side::Left, Side::Right] {
        let i = index(side);
        let c = s.side(side);
        let seen: Vec<&Entry> = model.in_order().filter(|e| e.count[i] > 0).collect();
        assert_eq!(c.records, [left.len(), right.len()][i], "{side:?} records");
        assert_eq!(c.distinct, seen.len(), "{side:?} distinct");
        let dups: Vec<&&Entry> = seen.iter().filter(|e| e.count[i] > 1).collect();
        assert_eq!(c.duplicate_keys, dups.len(), "{side:?} duplicate keys");
        assert_eq!(c.duplicate_records, c.records - c.distinct);
        let invalid = model.invalid.iter().filter(|(s, _)| *s == side).count();
        assert_eq!(c.invalid, invalid, "{side:?} invalid");

        // The keys only on this side, in order of first appearance, with their first URL.
        let only: Vec<(String, usize)> = model
            .in_order()
            .filter(|e| e.count[i] > 0 && e.count[1 - i] == 0)
            .filter_map(|e| e.first[i].clone())
            .collect();
        let got: Vec<(String, usize)> = done
            .only(side)
            .map(|o| (o.url().into_owned(), *o.meta()))
            .collect();
        assert_eq!(got, only, "only {side:?}");
        assert_eq!(s.only(side), only.len());

        let want: Vec<(usize, String, usize)> = dups
            .iter()
            .filter_map(|e| e.first[i].clone().map(|(u, m)| (e.count[i], u, m)))
            .collect();
        let got: Vec<(usize, String, usize)> = done
            .duplicates(side)
            .map(|d| (d.count, d.first.url().into_owned(), *d.first.meta()))
            .collect();
        assert_eq!(got, want, "duplicates {side:?}");
    }

    // Matched keys: both first occurrences, and whether they are byte-identical.
    let matched: Vec<((String, usize), (String, usize))> = model
        .in_order()
        .filter_map(|e| Some((e.first[0].clone()?, e.first[1].clone()?)))
        .collect();
    let got: Vec<((String, usize), (String, usize))> = done
        .matched()
        .map(|p| {
            (
                (p.left.url().into_owned(), *p.left.meta()),
                (p.right.url().into_owned(), *p.right.meta()),
            )
        })
        .collect();
    assert_eq!(got, matched, "matched");
    let exact = matched.iter().filter(|(l, r)| l.0 == r.0).count();
    assert_eq!(s.matched_exact, exact);
    assert_eq!(s.matched_normalized, matched.len() - exact);

    let invalid: Vec<(Side, String)> = done.invalid().map(|v| (v.side, v.url.to_owned())).collect();
    assert_eq!(invalid, model.invalid, "invalid");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_engine_agrees_with_a_hash_map(
        left in prop::collection::vec(url(), 0..60),
        right in prop::collection::vec(url(), 0..60),
        level in prop::sample::select(vec![Level::Exact, Level::Safe, Level::Normal]),
        threads in 1..4usize,
    ) {
        check(&left, &right, level, threads);
    }
}

#[test]
fn the_oracle_meets_duplicates_invalid_lines_and_both_sides() {
    // The generator's cases, pinned: a duplicate on each side, a repeated invalid line, a
    // pair equal only at `safe`, a key on one side only.
    let left = [
        "https://example.com/%E9%81%8B%E5%96%B6",
        "https://example.com/%e9%81%8b%e5%96%b6",
        "http://a/%zz",
        "http://a/%zz",
        "https://example.com/a~b",
    ]
    .map(str::to_owned);
    let right = [
        "https://EXAMPLE.com/運営",
        "http://a/%zz",
        "https://example.com:443/x%2Fy",
        "https://example.com/x%2Fy",
    ]
    .map(str::to_owned);
    for level in [Level::Exact, Level::Safe] {
        for threads in [1, 2] {
            check(&left, &right, level, threads);
        }
    }
}
