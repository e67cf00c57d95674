//! The streaming join: records in, one slot per distinct key.
//!
//! Keys and the URLs worth keeping live in two append-only text arenas; the index is a hash
//! table of slot numbers. A record costs no allocation of its own, and the memory is the
//! distinct keys' text plus a fixed size per slot.

use urlkit::normalize::Keys;

use super::arena::{ShardArenas, Span, MAX_SHARDS};
use super::index::Index;
use super::keyer::{KeyError, Keyer};
use super::keying::{join_runs, KeyContext, Run, KEY_PART};
use super::outcome::{DupExample, InvalidRecord, Reconciliation};
use super::spelling::{PackedSpelling, ResolvedSpelling, Transform};
use super::{Batch, Side};

/// How many duplicates of one key on one side are kept as examples; the rest are only counted,
/// so memory stays proportional to the number of distinct keys.
const DUPLICATE_EXAMPLES: u32 = 3;

/// Shards per thread: with more shards than threads, a thread that is slowed down leaves its
/// share of a batch's joining to the others.
const SHARDS_PER_THREAD: usize = 4;

/// Below this many records a batch is keyed on the calling thread: spawning costs more.
const PARALLEL_THRESHOLD: usize = 4096;

/// One occurrence kept: how its URL is written (most often a transform of its key, with no
/// text of its own), and the caller's metadata.
pub(crate) struct Occ<M> {
    pub(crate) url: PackedSpelling,
    pub(crate) meta: M,
}

/// Everything known about one distinct key.
pub(crate) struct Slot<M> {
    /// The number of the record that brought the key (lists follow this order).
    pub(crate) seq: u64,
    pub(crate) key: Span,
    pub(crate) first: [Option<Occ<M>>; 2],
    pub(crate) count: [u32; 2],
    /// Whether the first occurrences on the two sides are byte-identical (set when the second
    /// of them arrives, while its text is at hand: deciding it after the join would read two
    /// URLs from all over memory per pair, on one thread).
    pub(crate) exact: bool,
    /// Per side, the source of the last record of the key (see `Batch::with_source`).
    pub(crate) last_source: [u8; 2],
    /// Per side, whether one source repeats the key ([`REPEATED`]) and whether another
    /// source has it too ([`OVERLAPS`]), shifted by the side's index. (These three fields fit
    /// in what was padding: a slot is no larger for them, which is why a source number is a
    /// byte.)
    pub(crate) repeats: u8,
}

/// [`Slot::repeats`]: a source has the key more than once.
pub(crate) const REPEATED: u8 = 0b01;
/// [`Slot::repeats`]: more than one source has the key.
pub(crate) const OVERLAPS: u8 = 0b10;

impl<M> Slot<M> {
    /// Whether `side` has the key more than once in one source.
    pub(crate) fn is_repeated(&self, side: Side) -> bool {
        self.repeats & (REPEATED << (2 * side.index())) != 0
    }

    /// Whether more than one source of `side` has the key.
    pub(crate) fn overlaps(&self, side: Side) -> bool {
        self.repeats & (OVERLAPS << (2 * side.index())) != 0
    }
}

/// Reconciles two lists of URLs by their keys.
///
/// Add every record of the left side, then every record of the right side (the order of the
/// lists in the report follows the order of first appearance), then [`Reconciler::finish`].
///
/// ```
/// use urlkit_reconcile::{Keyer, KeyError, MatchRules, Reconciler, Side};
/// struct Exact;
/// impl Keyer for Exact {
///     fn key_into(&self, url: &str, out: &mut String) -> Result<(), KeyError> {
///         out.push_str(url);
///         Ok(())
///     }
///     fn rules(&self, _: &str, _: &str, _: &mut MatchRules) {}
/// }
/// let mut r = Reconciler::new(&Exact).threads(2);
/// r.add_batch(Side::Left, [("/a", 1), ("/a", 2)].into_iter().collect());
/// r.add(Side::Right, "/a", 3);
/// let s = r.finish().summary().clone();
/// assert_eq!((s.matched_exact, s.left.duplicate_keys, s.left.duplicate_records), (1, 1, 1));
/// ```
pub struct Reconciler<'k, M> {
    pub(crate) ctx: KeyContext<'k>,
    pub(crate) threads: usize,
    /// The keys are split by hash into several shards per thread, so that joining runs on all
    /// threads too (each shard is joined by one thread at a time; no locks).
    pub(crate) shards: Vec<Shard<M>>,
    pub(crate) records: [usize; 2],
    /// The key of [`Reconciler::add`]'s record, and the keyer's keying object.
    scratch: String,
    keys: Option<Keys>,
}

/// The part of the join that owns the keys whose hash falls in it.
pub(crate) struct Shard<M> {
    index: Index,
    pub(crate) store: ShardArenas,
    pub(crate) slots: Vec<Slot<M>>,
    pub(crate) dups: Vec<DupExample<M>>,
    pub(crate) invalid: Vec<(u64, InvalidRecord)>,
    /// Per side, the records whose key an earlier source of the side had (the first of the
    /// key in their own source).
    pub(crate) overlap_records: [usize; 2],
}

impl<M> Shard<M> {
    /// Makes room for about `keys` more distinct keys.
    pub(crate) fn reserve(&mut self, keys: usize) {
        self.index.reserve(keys);
        self.slots.reserve(keys);
    }

    /// The first stage of prefetching for a record whose key has `hash`: its index entry.
    pub(crate) fn prefetch_entry(&self, hash: u64) {
        self.index.prefetch(hash);
    }

    /// The second stage (the entry is in cache by now): the slot it points to.
    pub(crate) fn prefetch_slot(&self, hash: u64) {
        if let Some(slot) = self.slot_of(hash) {
            // A slot spans two cache lines: the key's span and the counts at one end, the
            // occurrences across.
            crate::prefetch::prefetch(&slot.key);
            crate::prefetch::prefetch(&slot.first[1]);
        }
    }

    /// The last stage (the slot is in cache by now): the key's text, and the other side's
    /// first URL when it may be spelled like this one (`url_len` bytes).
    pub(crate) fn prefetch_text(&self, hash: u64, side: Side, url_len: usize) {
        let Some(slot) = self.slot_of(hash) else {
            return;
        };
        self.store.prefetch_key(slot.key);
        // A transform of the key has no text but the key's.
        let other = slot.first[side.other().index()].as_ref();
        if let Some(u) = other.and_then(|o| o.url.text()) {
            if u.len() == url_len {
                self.store.prefetch_url(u);
            }
        }
    }

    /// The slot that the index most likely holds for `hash`.
    fn slot_of(&self, hash: u64) -> Option<&Slot<M>> {
        self.index
            .candidate(hash)
            .and_then(|id| self.slots.get(id as usize))
    }

    fn new(n: u32) -> Shard<M> {
        Shard {
            index: Index::default(),
            store: ShardArenas::new(n),
            slots: Vec::new(),
            dups: Vec::new(),
            invalid: Vec::new(),
            overlap_records: [0, 0],
        }
    }

    /// Adds a keyed record. `key` is the invalid-URL key (`INVALID_KEY_PREFIX` + URL) when
    /// `error` says there is no key; `hash` is the key's; `seq` numbers the record; `url` is
    /// how it is written (a transform of the key, or text: see `spelling`); `source` is the
    /// number of the record's source on its `side`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn insert(
        &mut self,
        (side, source): (Side, u8),
        seq: u64,
        key: &str,
        hash: u64,
        url: ResolvedSpelling<'_>,
        meta: M,
        error: Option<KeyError>,
    ) {
        let (store, slots) = (&self.store, &self.slots);
        // The index compares 32 bits of the hash first, so a key is read from the arena only
        // when it is almost surely the one.
        let found = self.index.find(hash, |id| {
            slots
                .get(id as usize)
                .is_some_and(|s| s.key.len() == key.len() && store.key(s.key) == key)
        });
        let id = match found {
            Some(id) => id,
            None => {
                // The index keeps `id + 1` in 32 bits: 4 billion keys in one shard would take
                // hundreds of gigabytes of arenas before this is reached.
                let id = u32::try_from(self.slots.len())
                    .expect("invariant: a shard holds fewer than 2^32 - 1 distinct keys");
                let span = self.store.push_key(key);
                self.slots.push(Slot {
                    seq,
                    key: span,
                    first: [None, None],
                    count: [0, 0],
                    exact: false,
                    last_source: [0, 0],
                    repeats: 0,
                });
                self.index.insert(hash);
                id
            }
        };
        if let Some(error) = error {
            // The record is still joined, by its exact text (see `INVALID_KEY_PREFIX`).
            let record = InvalidRecord {
                side,
                url: url.url(key).into(),
                error,
            };
            self.invalid.push((seq, record));
        }
        self.place(id, (side, source), url, meta);
    }

    /// Counts a record written `url` in slot `id`, and keeps it if it is the first of its
    /// side or one of the first duplicates.
    fn place(&mut self, id: u32, (side, source): (Side, u8), url: ResolvedSpelling<'_>, meta: M) {
        let s = side.index();
        let Shard {
            slots,
            store,
            dups,
            overlap_records,
            ..
        } = self;
        let Some(slot) = slots.get_mut(id as usize) else {
            return;
        };
        slot.count[s] = slot.count[s].saturating_add(1);
        let is_first = slot.first[s].is_none();
        if !is_first {
            // A source's records come one after another: the side's last record of the key
            // is from this source exactly when this source had the key before.
            if slot.last_source[s] == source {
                slot.repeats |= REPEATED << (2 * s);
            } else {
                slot.repeats |= OVERLAPS << (2 * s);
                overlap_records[s] += 1;
            }
        }
        slot.last_source[s] = source;
        if !is_first && slot.count[s] > DUPLICATE_EXAMPLES + 1 {
            return;
        }
        if is_first {
            // The first occurrence on this side: whether it is spelled exactly as the other
            // side's first (decided now, while its text is at hand), and if it is, it shares
            // that spelling instead of a copy of its own. The classification is a function of
            // the URL and the key, so transforms compare by their kind alone.
            let mut shared = None;
            if let Some(other) = &slot.first[1 - s] {
                slot.exact = match (url, other.url.text()) {
                    (ResolvedSpelling::Transform(t), None) => other.url.transform() == Some(t),
                    // Lengths first: a spelling of another length is not read from memory.
                    (ResolvedSpelling::Text(url), Some(u)) => {
                        u.len() == url.len() && store.url(u) == url
                    }
                    _ => false,
                };
                if slot.exact {
                    shared = Some(other.url);
                }
            }
            let url = shared.unwrap_or_else(|| store.spell(url));
            slot.first[s] = Some(Occ { url, meta });
        } else {
            dups.push(DupExample {
                slot: id,
                side,
                url: store.spell(url),
                meta,
            });
        }
    }
}

impl<'k, M: Send + Sync> Reconciler<'k, M> {
    /// An empty reconciler that keys URLs with `keyer`, on the calling thread only.
    pub fn new(keyer: &'k dyn Keyer) -> Reconciler<'k, M> {
        Reconciler {
            ctx: KeyContext::new(keyer, 1),
            threads: 1,
            shards: vec![Shard::new(0)],
            records: [0, 0],
            scratch: String::new(),
            keys: keyer.keys(),
        }
    }

    /// Keys and joins large batches ([`Reconciler::add_batch`], [`Reconciler::feed`]) and
    /// explains matched pairs on up to `n` threads (scoped: none outlives the call). The
    /// result does not depend on `n`.
    #[must_use]
    pub fn threads(mut self, n: usize) -> Reconciler<'k, M> {
        self.threads = n.max(1);
        if self.shards.iter().all(|s| s.slots.is_empty()) {
            // Several shards per thread, taken by whichever thread is free (see `feed`).
            let shards = match self.threads {
                1 => 1,
                t => t.saturating_mul(SHARDS_PER_THREAD).min(MAX_SHARDS),
            };
            let n = u32::try_from(shards).unwrap_or(1);
            self.shards = (0..n).map(Shard::new).collect();
            self.ctx.shards = self.shards.len();
        }
        self
    }

    /// Makes room for about `keys` more distinct keys, so that the join does not grow its
    /// tables while they arrive: a hint for a caller that can estimate them (from the size
    /// of its inputs, say). Lists larger than the hint still work.
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options};
    /// use urlkit_reconcile::{LevelKeyer, Reconciler, Side};
    /// let keyer = LevelKeyer::new(Options::new(Level::Safe));
    /// let mut r = Reconciler::new(&keyer);
    /// r.reserve(1000);
    /// r.add(Side::Left, "https://example.com/", ());
    /// assert_eq!(r.distinct_keys(), 1);
    /// ```
    pub fn reserve(&mut self, keys: usize) {
        let per_shard = keys / self.shards.len().max(1) + 1;
        for shard in &mut self.shards {
            shard.reserve(per_shard);
        }
    }

    /// How many records were added to `side` so far.
    pub fn records(&self, side: Side) -> usize {
        self.records[side.index()]
    }

    /// How many distinct keys were seen so far (on either side).
    pub fn distinct_keys(&self) -> usize {
        self.shards.iter().map(|s| s.slots.len()).sum()
    }

    fn next_seq(&mut self, side: Side) -> u64 {
        self.records[side.index()] += 1;
        (self.records[0] + self.records[1]) as u64
    }

    /// Adds one record.
    pub fn add(&mut self, side: Side, url: &str, meta: M) {
        let mut key = std::mem::take(&mut self.scratch);
        let (hash, error) = self.ctx.key_and_hash(url, &mut self.keys, &mut key);
        let seq = self.next_seq(side);
        let shard = self.ctx.shard_of(hash);
        if let Some(sh) = self.shards.get_mut(shard) {
            let url = match Transform::of(url, &key) {
                Some(t) => ResolvedSpelling::Transform(t),
                None => ResolvedSpelling::Text(url),
            };
            sh.insert((side, 0), seq, &key, hash, url, meta, error);
        }
        self.scratch = key;
    }

    /// Adds many records, keying and joining them on several threads when the batch is large.
    /// To read the next batch while this one is keyed and joined, use [`Reconciler::feed`].
    pub fn add_batch(&mut self, side: Side, batch: Batch<M>) {
        if batch.len() < PARALLEL_THRESHOLD {
            self.add_batch_inline(side, batch);
        } else {
            self.feed(|feeder| feeder.add_batch(side, batch));
        }
    }

    /// Keys and joins a batch on the calling thread; gives back its text buffer.
    pub(crate) fn add_batch_inline(&mut self, side: Side, batch: Batch<M>) -> String {
        let n = batch.len();
        let first_seq = (self.records[0] + self.records[1]) as u64 + 1;
        self.records[side.index()] += n;
        let Batch {
            text,
            spans,
            metas,
            source,
        } = batch;
        let mut runs: Vec<Vec<Run<M>>> = (0..self.shards.len()).map(|_| Vec::new()).collect();
        let mut metas = metas.into_iter();
        for from in (0..n).step_by(KEY_PART) {
            let to = (from + KEY_PART).min(n);
            let part = metas.by_ref().take(to - from);
            let keyed = self
                .ctx
                .key_part(&text, &spans, from..to, part, (first_seq, source));
            for (all, run) in runs.iter_mut().zip(keyed) {
                all.push(run);
            }
        }
        for (shard, runs) in self.shards.iter_mut().zip(runs) {
            join_runs(shard, side, runs);
        }
        text
    }

    /// Joins the two sides, explains every matched pair, and returns the result.
    pub fn finish(self) -> Reconciliation<M> {
        let keyer = self.ctx.keyer;
        self.join(Some(keyer))
    }

    /// Joins the two sides without explaining the pairs: [`crate::Pair::rules`] and
    /// [`crate::Summary::rule_counts`] stay empty. For when only the lists of what
    /// is missing or extra are wanted: explaining costs a full comparison per pair whose
    /// spellings differ, more than keying and joining them.
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options};
    /// use urlkit_reconcile::{LevelKeyer, Reconciler, Side};
    /// let keyer = LevelKeyer::new(Options::new(Level::Safe));
    /// let mut r = Reconciler::new(&keyer);
    /// r.add(Side::Left, "http://a/%e3%81%82", ());
    /// r.add(Side::Right, "http://a/あ", ());
    /// let done = r.finish_without_rules();
    /// assert_eq!(done.summary().matched_normalized, 1);
    /// assert!(done.summary().rule_counts.is_empty());
    /// ```
    pub fn finish_without_rules(self) -> Reconciliation<M> {
        self.join(None)
    }

    fn join(self, explainer: Option<&dyn Keyer>) -> Reconciliation<M> {
        Reconciliation::build(explainer, self.threads, self.shards, self.records)
    }
}
