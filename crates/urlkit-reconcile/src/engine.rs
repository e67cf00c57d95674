//! The streaming join: records in, one slot per distinct key.
//!
//! Keys and the URLs worth keeping live in two append-only text arenas; the index is a hash
//! table of slot numbers. A record costs no allocation of its own, and the memory is the
//! distinct keys' text plus a fixed size per slot.

use urlkit::normalize::Keys;

use super::arena::MAX_SHARDS;
use super::keyer::Keyer;
use super::keying::{join_runs, KeyContext, Run, KEY_PART};
use super::outcome::Reconciliation;
use super::shard::Shard;
use super::spelling::{ResolvedSpelling, Transform};
use super::{Batch, Side};

/// Shards per thread: with more shards than threads, a thread that is slowed down leaves its
/// share of a batch's joining to the others.
const SHARDS_PER_THREAD: usize = 4;

/// Below this many records a batch is keyed on the calling thread: spawning costs more.
const PARALLEL_THRESHOLD: usize = 4096;

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
