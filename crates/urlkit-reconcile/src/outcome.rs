//! The result of a reconciliation: the summary, the matched pairs with their rules, what is
//! only on one side, the duplicates and the URLs that had no key.

use std::borrow::Cow;
use std::cmp::Reverse;
use std::collections::binary_heap::{BinaryHeap, PeekMut};
use std::fmt;
use std::sync::atomic::Ordering;

use super::arena::Arenas;
use super::keyer::{KeyError, Keyer};
use super::rules::{MatchRule, MatchRules};
use super::shard::{DupExample, InvalidRecord, Occ, Shard, Slot};
use super::spelling::{PackedSpelling, ResolvedSpelling};
use super::Side;

/// Counts for one side.
///
/// ```
/// use urlkit::normalize::{Level, Options};
/// use urlkit_reconcile::{LevelKeyer, Reconciler, Side};
/// let keyer = LevelKeyer::new(Options::new(Level::Safe));
/// let mut r = Reconciler::new(&keyer);
/// let left = ["https://a.example/%e9", "https://a.example/%E9", "https://a.example/b"];
/// r.add_batch(Side::Left, left.iter().map(|u| (u.to_string(), ())).collect());
/// let done = r.finish();
/// let c = &done.summary().left;
/// assert_eq!((c.records, c.distinct, c.duplicate_records), (3, 2, 1));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideCounts {
    /// Records read.
    pub records: usize,
    /// Distinct keys among them.
    pub distinct: usize,
    /// Keys that one source of this side has more than once.
    pub duplicate_keys: usize,
    /// Records beyond the first of their key in their own source.
    pub duplicate_records: usize,
    /// Keys that more than one source of this side has (see `Batch::with_source`).
    pub overlap_keys: usize,
    /// Records whose key an earlier source of this side had (the first of the key in their
    /// own source): `records - distinct = duplicate_records + overlap_records`.
    pub overlap_records: usize,
    /// Records whose URL had no key at the level (joined by exact text only).
    pub invalid: usize,
}

/// The counts of a reconciliation.
///
/// ```
/// use urlkit::normalize::{Level, Options};
/// use urlkit_reconcile::{LevelKeyer, Reconciler, Side};
/// let keyer = LevelKeyer::new(Options::new(Level::Safe));
/// let mut r = Reconciler::new(&keyer);
/// r.add_batch(Side::Left, vec![("https://a.example/%e9".to_string(), ())].into_iter().collect());
/// r.add_batch(Side::Right, vec![("https://a.example/%E9".to_string(), ())].into_iter().collect());
/// let done = r.finish();
/// let s = done.summary();
/// assert_eq!((s.matched_exact, s.matched_normalized), (0, 1));
/// assert!(s.is_complete_match());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The left side.
    pub left: SideCounts,
    /// The right side.
    pub right: SideCounts,
    /// Keys on both sides whose first occurrences are byte-identical.
    pub matched_exact: usize,
    /// Keys on both sides whose first occurrences differ in spelling.
    pub matched_normalized: usize,
    /// For the pairs matched after normalization: how many needed each rule, most used first.
    pub rule_counts: Vec<(&'static str, usize)>,
    /// Keys only on the left ("missing" from the right).
    pub only_left: usize,
    /// Keys only on the right ("extra").
    pub only_right: usize,
}

impl SideCounts {
    /// The counts of a side that read `records` records, `overlap_records` of them overlaps
    /// (the tally counted every record beyond the first of its key as a duplicate).
    fn with_records(&self, records: usize, overlap_records: usize) -> SideCounts {
        SideCounts {
            records,
            duplicate_records: self.duplicate_records.saturating_sub(overlap_records),
            overlap_records,
            ..self.clone()
        }
    }
}

impl Summary {
    /// Whether every key is on both sides.
    pub fn is_complete_match(&self) -> bool {
        self.only_left == 0 && self.only_right == 0
    }

    /// Keys on both sides.
    pub fn matched(&self) -> usize {
        self.matched_exact + self.matched_normalized
    }

    /// The counts of `side`.
    pub fn side(&self, side: Side) -> &SideCounts {
        match side {
            Side::Left => &self.left,
            Side::Right => &self.right,
        }
    }

    /// Keys only on `side`.
    pub fn only(&self, side: Side) -> usize {
        match side {
            Side::Left => self.only_left,
            Side::Right => self.only_right,
        }
    }
}

/// One record as the reconciliation remembers it: its URL, its key and its metadata.
pub struct Occurrence<'a, M> {
    url: ResolvedSpelling<'a>,
    key: &'a str,
    meta: &'a M,
}

impl<'a, M> Occurrence<'a, M> {
    fn new(store: &'a Arenas, key: &'a str, url: PackedSpelling, meta: &'a M) -> Occurrence<'a, M> {
        Occurrence {
            url: url.resolve(store),
            key,
            meta,
        }
    }

    fn first(store: &'a Arenas, key: &'a str, occ: &'a Occ<M>) -> Occurrence<'a, M> {
        Occurrence::new(store, key, occ.url, &occ.meta)
    }

    /// The URL as it was written in its source: borrowed when the reconciliation kept its
    /// text, built from the key when it kept only how the URL writes its key (most URLs are
    /// their key with lowercase hex, or with raw non-ASCII, and keeping their text would take
    /// most of the memory).
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options};
    /// use urlkit_reconcile::{LevelKeyer, Reconciler, Side};
    /// let keyer = LevelKeyer::new(Options::new(Level::Safe));
    /// let mut r = Reconciler::new(&keyer);
    /// r.add(Side::Left, "http://a/%e3%81%82", ());
    /// r.add(Side::Left, "http://A/x", ());
    /// let done = r.finish();
    /// let urls: Vec<String> = done.only_left().map(|o| o.url().into_owned()).collect();
    /// assert_eq!(urls, ["http://a/%e3%81%82", "http://A/x"]);
    /// ```
    pub fn url(&self) -> Cow<'a, str> {
        self.url.url(self.key)
    }

    /// Its key at the level (a URL with no key has a private one; see [`Invalid`]).
    pub fn key(&self) -> &'a str {
        self.key
    }

    /// What the caller attached to the record (where it came from).
    pub fn meta(&self) -> &'a M {
        self.meta
    }
}

impl<M: fmt::Debug> fmt::Debug for Occurrence<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Occurrence")
            .field("url", &self.url())
            .field("key", &self.key)
            .field("meta", &self.meta)
            .finish()
    }
}

/// A key present on both sides: the first occurrence on each, and the rules that made them
/// match (empty when they are byte-identical).
#[derive(Debug)]
pub struct Pair<'a, M> {
    /// The first occurrence on the left.
    pub left: Occurrence<'a, M>,
    /// The first occurrence on the right.
    pub right: Occurrence<'a, M>,
    /// Names of the rules that made them match; empty for an exact match.
    pub rules: Vec<&'static str>,
}

impl<M> Pair<'_, M> {
    /// Whether the two spellings are byte-identical.
    pub fn is_exact(&self) -> bool {
        let (l, r) = (&self.left, &self.right);
        if l.key == r.key {
            // Of one key, two URLs are the same bytes iff they are spelled the same (see
            // `ResolvedSpelling`): nothing to build.
            l.url == r.url
        } else {
            l.url() == r.url()
        }
    }
}

/// A key that occurs more than once on one side.
#[derive(Debug)]
pub struct Duplicate<'a, M> {
    /// The side it repeats on.
    pub side: Side,
    /// How many records of that side have this key.
    pub count: usize,
    /// The first occurrence.
    pub first: Occurrence<'a, M>,
    /// The next few occurrences (at most 3 are remembered; `count` has the total).
    pub others: Vec<Occurrence<'a, M>>,
}

/// A record whose URL had no key at the level, and why.
#[derive(Debug)]
pub struct Invalid<'a> {
    /// Its side.
    pub side: Side,
    /// The URL as the input wrote it.
    pub url: &'a str,
    /// Why it has no key.
    pub error: &'a KeyError,
}

/// The result of [`crate::Reconciler::finish`].
///
/// Lists come in order of first appearance: left-only keys in the left's order, right-only
/// keys in the right's order.
///
/// ```
/// use urlkit::normalize::Rule;
/// use urlkit_reconcile::{Keyer, KeyError, MatchRule, MatchRules, Reconciler, Side};
/// struct Lower;
/// impl Keyer for Lower {
///     fn key_into(&self, url: &str, out: &mut String) -> Result<(), KeyError> {
///         out.push_str(&url.to_ascii_lowercase());
///         Ok(())
///     }
///     fn rules(&self, _: &str, _: &str, out: &mut MatchRules) {
///         out.insert(MatchRule::Ladder(Rule::HostCase));
///     }
/// }
/// let mut r = Reconciler::new(&Lower);
/// r.add(Side::Left, "/A", ());
/// r.add(Side::Right, "/a", ());
/// r.add(Side::Right, "/b", ());
/// let done = r.finish();
/// let pair = done.matched().next().unwrap();
/// assert_eq!((&*pair.left.url(), &*pair.right.url(), pair.rules.clone()), ("/A", "/a", vec!["host-case"]));
/// assert_eq!(done.only(Side::Right).map(|o| o.url()).collect::<Vec<_>>(), ["/b"]);
/// ```
pub struct Reconciliation<M> {
    store: Arenas,
    /// Each shard's slots.
    slots: Vec<Vec<Slot<M>>>,
    /// Every slot (shard, index), in order of first appearance: the global slot numbers.
    order: Vec<(u32, u32)>,
    /// Per slot: the rules that explain its pair (empty for a slot that is no inexact pair).
    rule_sets: Vec<MatchRules>,
    dups: Vec<DupExample<M>>,
    invalid: Vec<InvalidRecord>,
    summary: Summary,
}

impl<M: Send + Sync> Reconciliation<M> {
    pub(crate) fn build(
        explainer: Option<&dyn Keyer>,
        threads: usize,
        shards: Vec<Shard<M>>,
        records: [usize; 2],
    ) -> Reconciliation<M> {
        let mut arenas = Vec::with_capacity(shards.len());
        let mut slots = Vec::with_capacity(shards.len());
        let mut shard_dups = Vec::with_capacity(shards.len());
        let mut invalid: Vec<(u64, InvalidRecord)> = Vec::new();
        let mut overlap_records = [0usize; 2];
        for shard in shards {
            overlap_records[0] += shard.overlap_records[0];
            overlap_records[1] += shard.overlap_records[1];
            arenas.push(shard.store);
            slots.push(shard.slots);
            shard_dups.push(shard.dups);
            invalid.extend(shard.invalid);
        }
        let store = Arenas(arenas);
        invalid.sort_by_key(|(seq, _)| *seq);
        let invalid: Vec<InvalidRecord> = invalid.into_iter().map(|(_, r)| r).collect();
        // One pass over each shard's slots (a million of them are far larger than the
        // caches), the shards on several threads: the counts, which add up.
        let tally = count_shards(&slots, threads);
        let order = order_by_seq(&slots);
        let mut summary = Summary {
            left: tally.sides[0].with_records(records[0], overlap_records[0]),
            right: tally.sides[1].with_records(records[1], overlap_records[1]),
            only_left: tally.only[0],
            only_right: tally.only[1],
            ..Summary::default()
        };
        let matched = tally.matched;
        let dups = renumber_dups(shard_dups, &slots, &order);
        // The pairs that matched only after normalization, in report order: only explaining
        // needs them one by one.
        let inexact = match explainer {
            Some(_) => inexact_pairs(&slots, &order),
            None => Vec::new(),
        };
        let rule_sets = match explainer {
            Some(keyer) => explain(keyer, threads, &store, &slots, &order, &inexact),
            None => vec![MatchRules::default(); order.len()],
        };
        for rec in &invalid {
            match rec.side {
                Side::Left => summary.left.invalid += 1,
                Side::Right => summary.right.invalid += 1,
            }
        }
        summary.matched_normalized = tally.inexact;
        summary.matched_exact = matched - tally.inexact;
        summary.rule_counts = rule_counts(&inexact, &rule_sets);
        Reconciliation {
            store,
            slots,
            order,
            rule_sets,
            dups,
            invalid,
            summary,
        }
    }
}

/// Each shard's duplicates with their slot renumbered to its place in report order, sorted by
/// side and place.
fn renumber_dups<M>(
    shard_dups: Vec<Vec<DupExample<M>>>,
    slots: &[Vec<Slot<M>>],
    order: &[(u32, u32)],
) -> Vec<DupExample<M>> {
    let mut dups: Vec<DupExample<M>> = Vec::new();
    if shard_dups.iter().all(|d| d.is_empty()) {
        return dups;
    }
    // Global numbers of each shard's slots, to renumber the duplicates.
    let mut global: Vec<Vec<u32>> = slots.iter().map(|s| vec![0; s.len()]).collect();
    for (g, &(sh, id)) in order.iter().enumerate() {
        if let Some(x) = global
            .get_mut(sh as usize)
            .and_then(|v| v.get_mut(id as usize))
        {
            *x = u32::try_from(g)
                .expect("invariant: fewer than 2^32 distinct keys (see Shard::insert)");
        }
    }
    for (sh, list) in shard_dups.into_iter().enumerate() {
        for mut d in list {
            d.slot = global
                .get(sh)
                .and_then(|v| v.get(d.slot as usize))
                .copied()
                .expect("invariant: a duplicate names a slot of its own shard");
            dups.push(d);
        }
    }
    dups.sort_by_key(|d| (d.side.index(), d.slot));
    dups
}

/// The places (in report order) of the pairs that matched only after normalization: only
/// explaining needs them one by one.
fn inexact_pairs<M>(slots: &[Vec<Slot<M>>], order: &[(u32, u32)]) -> Vec<usize> {
    order
        .iter()
        .enumerate()
        .filter(|&(_, &(sh, id))| {
            slots
                .get(sh as usize)
                .and_then(|v| v.get(id as usize))
                .is_some_and(|slot| {
                    slot.first[0].is_some() && slot.first[1].is_some() && !slot.exact
                })
        })
        .map(|(i, _)| i)
        .collect()
}

/// How many inexact pairs each rule explains, most first (then by name), rules of none left
/// out.
fn rule_counts(inexact: &[usize], rule_sets: &[MatchRules]) -> Vec<(&'static str, usize)> {
    let mut counts = [0usize; MatchRule::ALL.len()];
    for &i in inexact {
        let set = *rule_sets
            .get(i)
            .expect("invariant: every slot has its rule set (one per slot, in order)");
        for (rule, c) in MatchRule::ALL.iter().zip(&mut counts) {
            if set.contains(*rule) {
                *c += 1;
            }
        }
    }
    let mut rule_counts: Vec<(&'static str, usize)> = MatchRule::ALL
        .iter()
        .zip(counts)
        .filter(|&(_, n)| n > 0)
        .map(|(rule, n)| (rule.name(), n))
        .collect();
    rule_counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    rule_counts
}

impl<M> Reconciliation<M> {
    /// How many records, keys, matches and rules each side had.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    fn slot(&self, i: usize) -> Option<&Slot<M>> {
        let (sh, id) = *self.order.get(i)?;
        self.slots.get(sh as usize)?.get(id as usize)
    }

    /// Every slot with its global number, in order of first appearance.
    fn slots_in_order(&self) -> impl Iterator<Item = (usize, &Slot<M>)> + '_ {
        (0..self.order.len()).filter_map(move |i| self.slot(i).map(|s| (i, s)))
    }

    fn key(&self, i: usize) -> &str {
        let slot = self
            .slot(i)
            .expect("invariant: i numbers a slot in order of first appearance");
        self.store.key(slot.key)
    }

    /// Every key on both sides, with the first occurrence on each side and the rules.
    pub fn matched(&self) -> impl Iterator<Item = Pair<'_, M>> + '_ {
        self.slots_in_order()
            .filter_map(move |(i, slot)| match &slot.first {
                [Some(l), Some(r)] => {
                    let key = self.key(i);
                    let rules = self
                        .rule_sets
                        .get(i)
                        .expect("invariant: every slot has its rule set (one per slot, in order)")
                        .iter()
                        .map(MatchRule::name)
                        .collect();
                    Some(Pair {
                        left: Occurrence::first(&self.store, key, l),
                        right: Occurrence::first(&self.store, key, r),
                        rules,
                    })
                }
                _ => None,
            })
    }

    /// The keys only on `side`: with [`Side::Left`], what is missing from the right.
    pub fn only(&self, side: Side) -> impl Iterator<Item = Occurrence<'_, M>> + '_ {
        let (s, o) = (side.index(), side.other().index());
        self.slots_in_order()
            .filter_map(move |(i, slot)| match (&slot.first[s], &slot.first[o]) {
                (Some(occ), None) => Some(Occurrence::first(&self.store, self.key(i), occ)),
                _ => None,
            })
    }

    /// The keys only on the left: what is missing from the right.
    pub fn only_left(&self) -> impl Iterator<Item = Occurrence<'_, M>> + '_ {
        self.only(Side::Left)
    }

    /// The keys that one source of `side` has more than once.
    pub fn duplicates(&self, side: Side) -> impl Iterator<Item = Duplicate<'_, M>> + '_ {
        self.repeated(side, move |slot| slot.is_repeated(side))
    }

    /// The keys that more than one source of `side` has (see `Batch::with_source`): the
    /// sources overlap there. A key may be both an overlap and a duplicate.
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options};
    /// use urlkit_reconcile::{Batch, LevelKeyer, Reconciler, Side};
    /// let keyer = LevelKeyer::new(Options::new(Level::Safe));
    /// let mut r = Reconciler::new(&keyer);
    /// let a: Batch<u32> = [("https://a.example/x", 1)].into_iter().collect();
    /// let b: Batch<u32> = [("https://A.example/x", 2)].into_iter().collect();
    /// r.add_batch(Side::Left, a);
    /// r.add_batch(Side::Left, b.with_source(1));
    /// let done = r.finish();
    /// let o: Vec<_> = done.overlaps(Side::Left).collect();
    /// assert_eq!((o.len(), o[0].count, *o[0].others[0].meta()), (1, 2, 2));
    /// assert_eq!(done.duplicates(Side::Left).count(), 0);
    /// ```
    pub fn overlaps(&self, side: Side) -> impl Iterator<Item = Duplicate<'_, M>> + '_ {
        self.repeated(side, move |slot| slot.overlaps(side))
    }

    /// The keys of `side` that `keep` selects among those it has more than once.
    fn repeated<'s>(
        &'s self,
        side: Side,
        keep: impl Fn(&Slot<M>) -> bool + 's,
    ) -> impl Iterator<Item = Duplicate<'s, M>> + 's {
        let s = side.index();
        self.slots_in_order().filter_map(move |(i, slot)| {
            let first = slot.first[s].as_ref()?;
            if slot.count[s] < 2 || !keep(slot) {
                return None;
            }
            let key = self.key(i);
            let from = self
                .dups
                .partition_point(|d| (d.side.index(), d.slot as usize) < (s, i));
            let others = self.dups[from..]
                .iter()
                .take_while(|d| d.side == side && d.slot as usize == i)
                .map(|d| Occurrence::new(&self.store, key, d.url, &d.meta))
                .collect();
            Some(Duplicate {
                side,
                count: slot.count[s] as usize,
                first: Occurrence::first(&self.store, key, first),
                others,
            })
        })
    }

    /// The records whose URL had no key at the level, in the order they were added.
    pub fn invalid(&self) -> impl Iterator<Item = Invalid<'_>> + '_ {
        self.invalid.iter().map(|r| Invalid {
            side: r.side,
            url: &r.url,
            error: &r.error,
        })
    }
}

/// The rules of every inexact pair (`inexact` numbers them in `order`), one set per slot.
fn explain<M: Send + Sync>(
    keyer: &dyn Keyer,
    threads: usize,
    store: &Arenas,
    slots: &[Vec<Slot<M>>],
    order: &[(u32, u32)],
    inexact: &[usize],
) -> Vec<MatchRules> {
    let run = |part: &[usize]| -> Vec<(usize, MatchRules)> {
        let mut out = Vec::with_capacity(part.len());
        // The URLs that are transforms of their key are built here, into buffers reused for
        // every pair.
        let mut scratch = (String::new(), String::new());
        for &i in part {
            let Some(slot) = order
                .get(i)
                .and_then(|&(sh, id)| slots.get(sh as usize)?.get(id as usize))
            else {
                continue;
            };
            let key = store.key(slot.key);
            let [Some(l), Some(r)] = &slot.first else {
                continue;
            };
            let mut rules = MatchRules::default();
            keyer.rules(
                l.url.resolve(store).url_in(key, &mut scratch.0),
                r.url.resolve(store).url_in(key, &mut scratch.1),
                &mut rules,
            );
            out.push((i, rules));
        }
        out
    };
    let threads = if inexact.len() < PARALLEL_EXPLAIN {
        1
    } else {
        threads.max(1)
    };
    let chunk = inexact.len().div_ceil(threads).max(1);
    let parts: Vec<Vec<(usize, MatchRules)>> = if threads == 1 {
        vec![run(inexact)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = inexact
                .chunks(chunk)
                .map(|part| scope.spawn(move || run(part)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        })
    };
    let mut sets = vec![MatchRules::default(); order.len()];
    for (i, rules) in parts.into_iter().flatten() {
        if let Some(set) = sets.get_mut(i) {
            *set = rules;
        }
    }
    sets
}

/// Below this many inexact pairs, explaining them on the calling thread is cheaper.
const PARALLEL_EXPLAIN: usize = 2048;

/// What one pass over the slots counts: per side, and across the sides.
#[derive(Default)]
struct Tally {
    sides: [SideCounts; 2],
    only: [usize; 2],
    matched: usize,
    inexact: usize,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        for (a, b) in self.sides.iter_mut().zip(&o.sides) {
            a.distinct += b.distinct;
            a.duplicate_keys += b.duplicate_keys;
            a.duplicate_records += b.duplicate_records;
            a.overlap_keys += b.overlap_keys;
        }
        self.only[0] += o.only[0];
        self.only[1] += o.only[1];
        self.matched += o.matched;
        self.inexact += o.inexact;
    }

    fn count<M>(&mut self, slot: &Slot<M>) {
        for (s, counts) in self.sides.iter_mut().enumerate() {
            let n = slot.count[s] as usize;
            if n > 0 {
                counts.distinct += 1;
            }
            if n > 1 {
                // The records beyond the first; those that are overlaps are taken out once
                // the shards' counts of them are added (`SideCounts::with_records`).
                counts.duplicate_records += n - 1;
                let side = if s == 0 { Side::Left } else { Side::Right };
                counts.duplicate_keys += usize::from(slot.is_repeated(side));
                counts.overlap_keys += usize::from(slot.overlaps(side));
            }
        }
        match (&slot.first[0], &slot.first[1]) {
            (Some(_), None) => self.only[0] += 1,
            (None, Some(_)) => self.only[1] += 1,
            (Some(_), Some(_)) => {
                self.matched += 1;
                if !slot.exact {
                    self.inexact += 1;
                }
            }
            (None, None) => {}
        }
    }
}

/// Counts every shard's slots; the shards are shared out among `threads` threads.
fn count_shards<M: Sync>(slots: &[Vec<Slot<M>>], threads: usize) -> Tally {
    let run = |list: &Vec<Slot<M>>| {
        let mut tally = Tally::default();
        for slot in list {
            tally.count(slot);
        }
        tally
    };
    let total: usize = slots.iter().map(Vec::len).sum();
    let threads = if total < PARALLEL_COUNT {
        1
    } else {
        threads.max(1)
    };
    let parts: Vec<Tally> = if threads == 1 {
        slots.iter().map(run).collect()
    } else {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let worker = || {
            let mut tally = Tally::default();
            loop {
                let sh = next.fetch_add(1, Ordering::Relaxed);
                let Some(list) = slots.get(sh) else {
                    return tally;
                };
                tally.add(&run(list));
            }
        };
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(worker)).collect();
            let mut all = vec![worker()];
            for h in helpers {
                all.push(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
            }
            all
        })
    };
    let mut tally = Tally::default();
    for part in &parts {
        tally.add(part);
    }
    tally
}

/// Below this many slots, counting them on the calling thread is cheaper.
const PARALLEL_COUNT: usize = 1 << 16;

/// The slots of every shard in order of first appearance: a merge of the shards by `seq`,
/// the number of the record that brought each slot's key. A shard joins its records in
/// record order, so its slots are in `seq` order already; the merge keeps one head per shard
/// in a heap, and so needs memory for the shards, not for the records (the crate's "memory
/// grows with the number of distinct keys").
fn order_by_seq<M>(slots: &[Vec<Slot<M>>]) -> Vec<(u32, u32)> {
    let total = slots.iter().map(Vec::len).sum();
    let mut out = Vec::with_capacity(total);
    let shard_number =
        |sh: usize| u32::try_from(sh).expect("invariant: at most MAX_SHARDS (256) shards");
    // (seq of the head, shard, the head's index in its shard), smallest seq on top.
    let mut heads: BinaryHeap<Reverse<(u64, u32, u32)>> = slots
        .iter()
        .enumerate()
        .filter_map(|(sh, list)| Some(Reverse((list.first()?.seq, shard_number(sh), 0))))
        .collect();
    while let Some(mut head) = heads.peek_mut() {
        let Reverse((seq, sh, id)) = *head;
        out.push((sh, id));
        let next = id
            .checked_add(1)
            .expect("invariant: a shard holds fewer than 2^32 - 1 distinct keys");
        match slots
            .get(sh as usize)
            .and_then(|list| list.get(next as usize))
        {
            Some(slot) => {
                debug_assert!(slot.seq > seq, "a shard's slots are in record order");
                *head = Reverse((slot.seq, sh, next));
            }
            None => {
                PeekMut::pop(head);
            }
        }
    }
    out
}
