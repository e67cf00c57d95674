//! The streaming join: records in, one slot per distinct key.
//!
//! Keys and the URLs worth keeping live in two append-only text arenas; the index is a hash
//! table of slot numbers. A record costs no allocation of its own, and the memory is the
//! distinct keys' text plus a fixed size per slot.

use std::hash::BuildHasher;

use super::arena::{Span, Store, MAX_SHARDS};
use super::index::Index;
use super::keyer::{KeyError, Keyer};
use super::outcome::{DupExample, InvalidRecord, Reconciliation};
use super::spelling::{Spelling, Transform};
use super::Side;

/// How many duplicates of one key on one side are kept as examples; the rest are only counted,
/// so memory stays proportional to the number of distinct keys.
const DUPLICATE_EXAMPLES: u32 = 3;

/// How many records ahead of the one being inserted the join loads what it will read.
const AHEAD: usize = 16;

/// Shards per thread: with more shards than threads, a thread that is slowed down leaves its
/// share of a batch's joining to the others.
const SHARDS_PER_THREAD: usize = 4;

/// Below this many records a batch is keyed on the calling thread: spawning costs more.
const PARALLEL_THRESHOLD: usize = 4096;

/// Prefix of the key given to a URL that has no key at the level: such URLs can still match a
/// byte-identical URL on the other side, and never anything else (keys at `safe` and above
/// are printable ASCII, so they never start with NUL).
const INVALID_KEY_PREFIX: char = '\0';

/// One occurrence kept: how its URL is written (most often a transform of its key, with no
/// text of its own), and the caller's metadata.
pub(crate) struct Occ<M> {
    pub(crate) url: Spelling,
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
}

/// Records to add at once: their URLs as ranges of one string, and their metadata.
///
/// ```
/// use urlkit::reconcile::Batch;
/// let mut b = Batch::new();
/// b.push("https://example.com/a", 1);
/// let c: Batch<u32> = [("https://example.com/b", 2)].into_iter().collect();
/// assert_eq!((b.len(), c.len()), (1, 1));
/// // Records read into a buffer keep it: the URLs are ranges of it, not copies.
/// let mut d = Batch::from_text(" https://example.com/c\nhttps://example.com/d\n".to_string());
/// d.reserve(2);
/// assert!(d.push_range(1..22, 3) && d.push_range(23..44, 4));
/// assert!(!d.push_range(40..50, 5));
/// assert_eq!(d.len(), 2);
/// ```
pub struct Batch<M> {
    text: String,
    spans: Vec<(usize, usize)>,
    metas: Vec<M>,
}

impl<M> Default for Batch<M> {
    fn default() -> Self {
        Batch::new()
    }
}

impl<M> Batch<M> {
    /// An empty batch.
    pub fn new() -> Batch<M> {
        Batch::from_text(String::new())
    }

    /// An empty batch over `text`, whose URLs [`Batch::push_range`] adds.
    pub fn from_text(text: String) -> Batch<M> {
        Batch {
            text,
            spans: Vec::new(),
            metas: Vec::new(),
        }
    }

    /// Adds a record.
    pub fn push(&mut self, url: &str, meta: M) {
        let start = self.text.len();
        self.text.push_str(url);
        self.spans.push((start, self.text.len()));
        self.metas.push(meta);
    }

    /// Makes room for `additional` more records (their metadata and where their URLs are).
    pub fn reserve(&mut self, additional: usize) {
        self.spans.reserve(additional);
        self.metas.reserve(additional);
    }

    /// Adds a record whose URL is `range` of the batch's text; `false` (and nothing added)
    /// when that is not a run of whole characters of it.
    #[must_use]
    pub fn push_range(&mut self, range: std::ops::Range<usize>, meta: M) -> bool {
        if self.text.get(range.clone()).is_none() {
            return false;
        }
        self.spans.push((range.start, range.end));
        self.metas.push(meta);
        true
    }

    /// How many records it holds.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    fn url(&self, i: usize) -> &str {
        self.spans
            .get(i)
            .and_then(|&(from, to)| self.text.get(from..to))
            .unwrap_or("")
    }
}

impl<S: AsRef<str>, M> FromIterator<(S, M)> for Batch<M> {
    fn from_iter<I: IntoIterator<Item = (S, M)>>(iter: I) -> Self {
        let mut b = Batch::new();
        for (url, meta) in iter {
            b.push(url.as_ref(), meta);
        }
        b
    }
}

/// Reconciles two lists of URLs by their keys.
///
/// Add every record of the left side, then every record of the right side (the order of the
/// lists in the report follows the order of first appearance), then [`Reconciler::finish`].
///
/// ```
/// use urlkit::reconcile::{Keyer, KeyError, Reconciler, Side};
/// struct Exact;
/// impl Keyer for Exact {
///     fn key_into(&self, url: &str, out: &mut String) -> Result<(), KeyError> {
///         out.push_str(url);
///         Ok(())
///     }
///     fn rules(&self, _: &str, _: &str, _: &mut Vec<&'static str>) {}
/// }
/// let mut r = Reconciler::new(&Exact).threads(2);
/// r.add_batch(Side::Left, [("/a", 1), ("/a", 2)].into_iter().collect());
/// r.add(Side::Right, "/a", 3);
/// let s = r.finish().summary().clone();
/// assert_eq!((s.matched_exact, s.left.duplicate_keys, s.left.duplicate_records), (1, 1, 1));
/// ```
pub struct Reconciler<'k, M> {
    keyer: &'k dyn Keyer,
    threads: usize,
    // foldhash is several times faster than SipHash on URL-length keys and is seeded per
    // process, so crafted lists cannot force collisions predictably.
    hasher: foldhash::fast::RandomState,
    /// The keys are split by hash into one shard per thread, so that joining runs on all
    /// threads too (each owns its shard; no locks).
    shards: Vec<Shard<M>>,
    records: [usize; 2],
    scratch: String,
}

/// The part of the join that owns the keys whose hash falls in it.
pub(crate) struct Shard<M> {
    index: Index,
    pub(crate) store: Store,
    pub(crate) slots: Vec<Slot<M>>,
    pub(crate) dups: Vec<DupExample<M>>,
    pub(crate) invalid: Vec<(u64, InvalidRecord)>,
}

impl<M> Shard<M> {
    fn new(n: u32) -> Shard<M> {
        Shard {
            index: Index::default(),
            store: Store::new(n),
            slots: Vec::new(),
            dups: Vec::new(),
            invalid: Vec::new(),
        }
    }

    /// Adds a keyed record. `key` is the invalid-URL key (`INVALID_KEY_PREFIX` + URL) when
    /// `error` says there is no key; `hash` is the key's; `seq` numbers the record.
    #[allow(clippy::too_many_arguments)]
    fn insert(
        &mut self,
        side: Side,
        seq: u64,
        key: &str,
        hash: u64,
        url: &str,
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
                let id = u32::try_from(self.slots.len()).unwrap_or(u32::MAX);
                let span = self.store.push_key(key);
                self.slots.push(Slot {
                    seq,
                    key: span,
                    first: [None, None],
                    count: [0, 0],
                    exact: false,
                });
                self.index.insert(hash);
                id
            }
        };
        if let Some(error) = error {
            // The record is still joined, by its exact text (see `INVALID_KEY_PREFIX`).
            let record = InvalidRecord {
                side,
                url: url.into(),
                error,
            };
            self.invalid.push((seq, record));
        }
        self.place(id, side, url, key, meta);
    }

    /// Loads what inserting a record whose key has `hash` will most likely read (its slot,
    /// its key text, the other side's first URL), for prefetching: the sum is a checksum
    /// nobody reads.
    fn touch_slot(&self, hash: u64, side: Side, url_len: usize) -> u64 {
        let Some(slot) = self
            .index
            .candidate(hash)
            .and_then(|id| self.slots.get(id as usize))
        else {
            return 0;
        };
        let key = self.store.key(slot.key).as_bytes();
        let mut sum = u64::from(slot.count[side.index()]);
        sum += u64::from(key.first().copied().unwrap_or(0))
            + u64::from(key.last().copied().unwrap_or(0));
        // The other side's first URL is read only if it is text that may be spelled the same
        // (a transform of the key has no text but the key's).
        let other = slot.first[side.other().index()].as_ref();
        if let Some(u) = other.and_then(|o| o.url.text()) {
            if u.len() != url_len {
                return sum;
            }
            sum += u64::from(self.store.url(u).as_bytes().first().copied().unwrap_or(0));
        }
        sum
    }

    /// Counts a record of `url`, whose key is `key`, in slot `id`, and keeps it if it is the
    /// first of its side or one of the first duplicates.
    fn place(&mut self, id: u32, side: Side, url: &str, key: &str, meta: M) {
        let s = side.index();
        let Shard {
            slots, store, dups, ..
        } = self;
        let Some(slot) = slots.get_mut(id as usize) else {
            return;
        };
        slot.count[s] = slot.count[s].saturating_add(1);
        let is_first = slot.first[s].is_none();
        if !is_first && slot.count[s] > DUPLICATE_EXAMPLES + 1 {
            return;
        }
        let transform = Transform::of(url, key);
        if is_first {
            // The first occurrence on this side: whether it is spelled exactly as the other
            // side's first (decided now, while its text is at hand), and if it is, it shares
            // that spelling instead of a copy of its own. The classification is a function of
            // the URL and the key, so transforms compare by their kind alone.
            let mut shared = None;
            if let Some(other) = &slot.first[1 - s] {
                slot.exact = match (transform, other.url.text()) {
                    (Some(t), None) => other.url.transform() == Some(t),
                    // Lengths first: a spelling of another length is not read from memory.
                    (None, Some(u)) => u.len() == url.len() && store.url(u) == url,
                    _ => false,
                };
                if slot.exact {
                    shared = Some(other.url);
                }
            }
            let url = shared.unwrap_or_else(|| store.spell(url, transform));
            slot.first[s] = Some(Occ { url, meta });
        } else {
            dups.push(DupExample {
                slot: id,
                side,
                url: store.spell(url, transform),
                meta,
            });
        }
    }
}

impl<'k, M: Send + Sync> Reconciler<'k, M> {
    /// An empty reconciler that keys URLs with `keyer`, on the calling thread only.
    pub fn new(keyer: &'k dyn Keyer) -> Reconciler<'k, M> {
        Reconciler {
            keyer,
            threads: 1,
            hasher: foldhash::fast::RandomState::default(),
            shards: vec![Shard::new(0)],
            records: [0, 0],
            scratch: String::new(),
        }
    }

    /// Keys large batches ([`Reconciler::add_batch`]) and explains matched pairs on up to `n`
    /// threads (scoped: none outlives the call). The result does not depend on `n`.
    #[must_use]
    pub fn threads(mut self, n: usize) -> Reconciler<'k, M> {
        self.threads = n.max(1);
        if self.shards.iter().all(|s| s.slots.is_empty()) {
            // Several shards per thread, taken by whichever thread is free (see `add_batch`).
            let shards = match self.threads {
                1 => 1,
                t => t.saturating_mul(SHARDS_PER_THREAD).min(MAX_SHARDS),
            };
            let n = u32::try_from(shards).unwrap_or(1);
            self.shards = (0..n).map(Shard::new).collect();
        }
        self
    }

    /// Makes room for about `keys` more distinct keys, so that the join does not grow its
    /// tables while they arrive: a hint for a caller that can estimate them (from the size
    /// of its inputs, say). Lists larger than the hint still work.
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options};
    /// use urlkit::reconcile::{LevelKeyer, Reconciler, Side};
    /// let keyer = LevelKeyer::new(Options::new(Level::Safe));
    /// let mut r = Reconciler::new(&keyer);
    /// r.reserve(1000);
    /// r.add(Side::Left, "https://example.com/", ());
    /// assert_eq!(r.distinct_keys(), 1);
    /// ```
    pub fn reserve(&mut self, keys: usize) {
        let per_shard = keys / self.shards.len().max(1) + 1;
        for shard in &mut self.shards {
            shard.index.reserve(per_shard);
            shard.slots.reserve(per_shard);
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

    fn shard_of(&self, hash: u64) -> usize {
        // The high bits: the table uses the low ones.
        ((hash >> 40) % self.shards.len() as u64) as usize
    }

    fn next_seq(&mut self, side: Side) -> u64 {
        self.records[side.index()] += 1;
        (self.records[0] + self.records[1]) as u64
    }

    /// Writes the key of `url` over `key` and returns the key's hash and the keying error: a
    /// URL without a key is keyed by its exact text behind [`INVALID_KEY_PREFIX`], so that it
    /// still joins.
    fn key_and_hash(&self, url: &str, key: &mut String) -> (u64, Option<KeyError>) {
        key.clear();
        let error = self.keyer.key_into(url, key).err();
        if error.is_some() {
            key.clear();
            key.push(INVALID_KEY_PREFIX);
            key.push_str(url);
        }
        (self.hasher.hash_one(key.as_bytes()), error)
    }

    /// Adds one record.
    pub fn add(&mut self, side: Side, url: &str, meta: M) {
        let mut key = std::mem::take(&mut self.scratch);
        let (hash, error) = self.key_and_hash(url, &mut key);
        let seq = self.next_seq(side);
        let shard = self.shard_of(hash);
        if let Some(sh) = self.shards.get_mut(shard) {
            sh.insert(side, seq, &key, hash, url, meta, error);
        }
        self.scratch = key;
    }

    /// Adds many records, keying and joining them on several threads when the batch is large.
    pub fn add_batch(&mut self, side: Side, batch: Batch<M>) {
        self.add_batch_returning_text(side, batch);
    }

    /// [`Reconciler::add_batch`], giving back the batch's text buffer (still holding the
    /// batch's text): a reader can read its next block over it instead of into fresh memory
    /// (which the system must zero page by page).
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options};
    /// use urlkit::reconcile::{Batch, LevelKeyer, Reconciler, Side};
    /// let keyer = LevelKeyer::new(Options::new(Level::Safe));
    /// let mut r: Reconciler<'_, ()> = Reconciler::new(&keyer);
    /// let mut batch = Batch::from_text(String::from("https://example.com/a\n"));
    /// assert!(batch.push_range(0..21, ()));
    /// let text = r.add_batch_returning_text(Side::Left, batch);
    /// assert_eq!(text, "https://example.com/a\n");
    /// assert_eq!(r.records(Side::Left), 1);
    /// ```
    pub fn add_batch_returning_text(&mut self, side: Side, batch: Batch<M>) -> String {
        let n = batch.len();
        let threads = if n < PARALLEL_THRESHOLD {
            1
        } else {
            self.threads
        };
        let parts = self.key_batch(&batch, threads);
        let first_seq = (self.records[0] + self.records[1]) as u64 + 1;
        self.records[side.index()] += n;
        // Hand each record's metadata to the shard that owns its key, in record order.
        let nshards = self.shards.len();
        let mut routed: Vec<Vec<M>> = (0..nshards).map(|_| Vec::new()).collect();
        let mut metas = batch.metas.into_iter();
        for part in &parts {
            for &shard in &part.shard_of {
                let Some(meta) = metas.next() else { break };
                if let Some(r) = routed.get_mut(shard as usize) {
                    r.push(meta);
                }
            }
        }
        let parts = &parts;
        let run = move |(sh, shard, metas): (usize, &mut Shard<M>, Vec<M>)| {
            let runs = || parts.iter().filter_map(move |p| p.runs.get(sh));
            // Each record's key hash and URL length, for the loads ahead.
            let mut hashes: Vec<(u64, usize)> =
                Vec::with_capacity(runs().map(|r| r.records.len()).sum());
            hashes.extend(runs().flat_map(|r| {
                let mut from = 0;
                r.records.iter().map(move |rec| {
                    let len = match rec.same {
                        true => rec.key_end.saturating_sub(from),
                        false => rec.url_end.saturating_sub(rec.key_end),
                    };
                    from = rec.url_end;
                    (rec.hash, len)
                })
            }));
            let ahead = |from: usize| hashes.get(from..).unwrap_or(&[]).iter().take(AHEAD);
            let mut touched = 0u64;
            let mut metas = metas.into_iter();
            let mut n = 0;
            for run in runs() {
                let mut errors = run.errors.iter().peekable();
                let mut from = 0;
                for (k, rec) in run.records.iter().enumerate() {
                    // A software pipeline of plain loads: the index entries of the records
                    // two groups ahead, and the slots and text that the entries of the next
                    // group (loaded one group ago) point to. The loads are independent, so
                    // they overlap instead of costing a cache miss each, one after the other.
                    if n % AHEAD == 0 {
                        for &(h, _) in ahead(n + 2 * AHEAD) {
                            touched = touched.wrapping_add(shard.index.touch(h));
                        }
                        for &(h, len) in ahead(n + AHEAD) {
                            touched = touched.wrapping_add(shard.touch_slot(h, side, len));
                        }
                    }
                    n += 1;
                    let key = run.text.get(from..rec.key_end).unwrap_or("");
                    let url = match rec.same {
                        true => key,
                        false => run.text.get(rec.key_end..rec.url_end).unwrap_or(""),
                    };
                    from = rec.url_end;
                    let error = errors.next_if(|(at, _)| *at == k).map(|(_, e)| e.clone());
                    let Some(meta) = metas.next() else { break };
                    shard.insert(
                        side,
                        first_seq + rec.index as u64,
                        key,
                        rec.hash,
                        url,
                        meta,
                        error,
                    );
                }
            }
            std::hint::black_box(touched);
        };
        let work: Vec<(usize, &mut Shard<M>, Vec<M>)> = self
            .shards
            .iter_mut()
            .zip(routed)
            .enumerate()
            .map(|(sh, (shard, metas))| (sh, shard, metas))
            .collect();
        if threads == 1 {
            work.into_iter().for_each(run);
        } else {
            run_on_threads(threads, work, run);
        }
        batch.text
    }

    /// The keys of a batch in parts of [`KEY_PART`] records, computed on `threads` threads
    /// (each takes the next part when it is done with one).
    fn key_batch(&self, batch: &Batch<M>, threads: usize) -> Vec<KeyedPart> {
        let n = batch.len();
        let nparts = n.div_ceil(KEY_PART).max(1);
        let part = |p: usize| {
            let from = p * KEY_PART;
            self.key_part(batch, from..(from + KEY_PART).min(n))
        };
        if threads == 1 {
            return (0..nparts).map(part).collect();
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        let worker = || {
            let mut done = Vec::new();
            loop {
                let p = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if p >= nparts {
                    return done;
                }
                done.push((p, part(p)));
            }
        };
        let mut done: Vec<(usize, KeyedPart)> = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(worker)).collect();
            let mut all = worker();
            for h in helpers {
                all.extend(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
            }
            all
        });
        done.sort_unstable_by_key(|(p, _)| *p);
        done.into_iter().map(|(_, keys)| keys).collect()
    }

    /// Keys the records of `range` and sorts them into one run per shard.
    fn key_part(&self, batch: &Batch<M>, range: std::ops::Range<usize>) -> KeyedPart {
        let nshards = self.shards.len();
        // Each shard gets about its share of the part: room for that and a little more, for
        // the keys and the URLs that differ from them (most growth then copies nothing).
        let text: usize = batch
            .spans
            .get(range.clone())
            .unwrap_or_default()
            .iter()
            .map(|&(from, to)| to.saturating_sub(from))
            .sum();
        let share = |total: usize| total / nshards + total / (4 * nshards) + 64;
        let mut out = KeyedPart {
            runs: (0..nshards)
                .map(|_| Run {
                    text: String::with_capacity(share(text * 2)),
                    records: Vec::with_capacity(share(range.len())),
                    errors: Vec::new(),
                })
                .collect(),
            shard_of: Vec::with_capacity(range.len()),
        };
        let mut key = String::new();
        for i in range {
            let url = batch.url(i);
            let (hash, error) = self.key_and_hash(url, &mut key);
            let shard = self.shard_of(hash);
            out.shard_of.push(u16::try_from(shard).unwrap_or(u16::MAX));
            let Some(run) = out.runs.get_mut(shard) else {
                continue;
            };
            if let Some(e) = error {
                run.errors.push((run.records.len(), e));
            }
            // The key, then the URL when it differs: what the shard will read, side by side.
            run.text.push_str(&key);
            let key_end = run.text.len();
            let same = key == url;
            if !same {
                run.text.push_str(url);
            }
            run.records.push(RunRecord {
                index: i,
                hash,
                key_end,
                url_end: run.text.len(),
                same,
            });
        }
        out
    }

    /// Joins the two sides, explains every matched pair, and returns the result.
    pub fn finish(self) -> Reconciliation<M> {
        let keyer = self.keyer;
        self.join(Some(keyer))
    }

    /// Joins the two sides without explaining the pairs: [`crate::reconcile::Pair::rules`] and
    /// [`crate::reconcile::Summary::rule_counts`] stay empty. For when only the lists of what
    /// is missing or extra are wanted: explaining costs a full comparison per pair whose
    /// spellings differ, more than keying and joining them.
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options};
    /// use urlkit::reconcile::{LevelKeyer, Reconciler, Side};
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

/// Runs `run` on every job, on `threads` threads (this one and helpers).
fn run_on_threads<J: Send>(threads: usize, work: Vec<J>, run: impl Fn(J) + Sync) {
    // The shards are taken by whichever thread is free: more shards than threads, so one
    // thread slowed down (by the reader, or another process) does not hold the others.
    let queue = std::sync::Mutex::new(work);
    let take = || queue.lock().ok().and_then(|mut q| q.pop());
    let worker = || {
        while let Some(job) = take() {
            run(job);
        }
    };
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(worker)).collect();
        worker();
        for h in helpers {
            h.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        }
    });
}

/// A part of a batch, keyed: its records sorted into one run per shard, and the shard of each
/// record in batch order (to hand the metadata out in the same order).
struct KeyedPart {
    runs: Vec<Run>,
    shard_of: Vec<u16>,
}

/// The records of one part of a batch that one shard owns, their keys and URLs copied side by
/// side while they are in cache: the shard then reads them in one sequential sweep instead of
/// picking its records out of the whole batch.
#[derive(Default)]
struct Run {
    /// Each record's key, then its URL when that differs, back to back.
    text: String,
    records: Vec<RunRecord>,
    /// The errors of records that have no key, by their number in the run.
    errors: Vec<(usize, KeyError)>,
}

/// One record of a [`Run`]: its key ends at `key_end` (it starts where the previous record
/// ends), its URL is the key (`same`) or runs from `key_end` to `url_end`.
struct RunRecord {
    index: usize,
    hash: u64,
    key_end: usize,
    url_end: usize,
    same: bool,
}

/// Records per part of a batch keyed at once: small enough that the threads share the work of
/// a batch evenly, large enough that taking a part costs nothing.
const KEY_PART: usize = 4096;
