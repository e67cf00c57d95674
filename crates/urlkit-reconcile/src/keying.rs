//! Keying a batch and joining it: the records of a part of a batch are keyed and sorted into
//! one run per shard, then each shard joins its runs in record order.
//!
//! The two steps are separate so that several threads can key parts while others join the
//! runs already keyed (see `pipeline`), and so that a shard reads its records in one
//! sequential sweep instead of picking them out of the whole batch.

use std::hash::BuildHasher;

use urlkit::normalize::Keys;

use super::keyer::{KeyError, Keyer};
use super::shard::Shard;
use super::spelling::{ResolvedSpelling, Transform};
use super::Side;

/// Prefix of the key given to a URL that has no key at the level: such URLs can still match a
/// byte-identical URL on the other side, and never anything else (keys at `safe` and above
/// are printable ASCII, so they never start with NUL).
const INVALID_KEY_PREFIX: char = '\0';

/// The distance, in records, between the stages of the join's prefetching (see `join_runs`).
const AHEAD: usize = 8;

/// Records per part of a batch keyed at once: small enough that the threads share the work of
/// a batch evenly, large enough that taking a part costs nothing.
pub(crate) const KEY_PART: usize = 4096;

/// What keying needs, shared by every thread that keys: the keyer, the hash of keys and how
/// many shards they are split into.
#[derive(Clone)]
pub(crate) struct KeyContext<'k> {
    pub(crate) keyer: &'k dyn Keyer,
    // foldhash is several times faster than SipHash on URL-length keys and is seeded per
    // process, so crafted lists cannot force collisions predictably.
    hasher: foldhash::fast::RandomState,
    pub(crate) shards: usize,
}

impl<'k> KeyContext<'k> {
    pub(crate) fn new(keyer: &'k dyn Keyer, shards: usize) -> KeyContext<'k> {
        KeyContext {
            keyer,
            hasher: foldhash::fast::RandomState::default(),
            shards: shards.max(1),
        }
    }

    /// The shard that owns a key of this hash.
    pub(crate) fn shard_of(&self, hash: u64) -> usize {
        // The high bits: the table uses the low ones.
        ((hash >> 40) % self.shards as u64) as usize
    }

    /// Writes the key of `url` over `key` (with the thread's `keys`, the keyer's
    /// [`Keyer::keys`], when it has them) and returns the key's hash and the keying error: a
    /// URL without a key is keyed by its exact text behind [`INVALID_KEY_PREFIX`], so that it
    /// still joins.
    pub(crate) fn key_and_hash(
        &self,
        url: &str,
        keys: &mut Option<Keys>,
        key: &mut String,
    ) -> (u64, Option<KeyError>) {
        key.clear();
        let keyed = match keys {
            Some(keys) => keys.key_append(url, key).map_err(KeyError::from),
            None => self.keyer.key_into(url, key),
        };
        let error = keyed.err();
        if error.is_some() {
            key.clear();
            key.push(INVALID_KEY_PREFIX);
            key.push_str(url);
        }
        (self.hasher.hash_one(key.as_bytes()), error)
    }

    /// Keys the records `range` of a batch (URLs as `spans` of `text`, metadata `metas` in
    /// the same order, the first numbered `first_seq`, all of source number `source` of their
    /// side) and sorts them into one run per shard.
    pub(crate) fn key_part<M>(
        &self,
        text: &str,
        spans: &[(usize, usize)],
        range: std::ops::Range<usize>,
        metas: impl IntoIterator<Item = M>,
        (first_seq, source): (u64, u8),
    ) -> Vec<Run<M>> {
        let spans = spans
            .get(range.clone())
            .expect("invariant: a part's range is within its batch");
        // Each shard gets about its share of the part: room for that and a little more, for
        // the keys and the URLs that differ from them (most growth then copies nothing).
        let bytes: usize = spans.iter().map(|&(f, t)| t.saturating_sub(f)).sum();
        let share = |total: usize| total / self.shards + total / (4 * self.shards) + 64;
        let mut runs: Vec<Run<M>> = (0..self.shards)
            .map(|_| Run {
                text: String::with_capacity(share(bytes * 2)),
                records: Vec::with_capacity(share(spans.len())),
                metas: Vec::with_capacity(share(spans.len())),
                errors: Vec::new(),
                source,
            })
            .collect();
        let (mut keys, mut key) = (self.keyer.keys(), String::new());
        for ((i, &(from, to)), meta) in (range.start..).zip(spans).zip(metas) {
            let url = text
                .get(from..to)
                .expect("invariant: a batch's spans are lines of its text");
            let (hash, error) = self.key_and_hash(url, &mut keys, &mut key);
            let run = runs
                .get_mut(self.shard_of(hash))
                .expect("invariant: shard_of is below the number of shards, one run each");
            if let Some(e) = error {
                run.errors.push((run.records.len(), e));
            }
            // The key, then the URL unless it is a transform of the key: what the shard will
            // read, side by side. Classifying here, while both are in cache and on every
            // thread, leaves the join only the lookups, and most URLs need no copy.
            run.text.push_str(&key);
            let key_end = run.text.len();
            let transform = Transform::of(url, &key);
            if transform.is_none() {
                run.text.push_str(url);
            }
            run.records.push(RunRecord {
                seq: first_seq + i as u64,
                hash,
                key_end,
                url_end: run.text.len(),
                transform,
            });
            run.metas.push(meta);
        }
        runs
    }
}

/// The records of one part of a batch that one shard owns, their keys and URLs copied side by
/// side while they are in cache.
pub(crate) struct Run<M> {
    /// Each record's key, then its URL when that differs, back to back.
    text: String,
    records: Vec<RunRecord>,
    metas: Vec<M>,
    /// The errors of records that have no key, by their number in the run.
    errors: Vec<(usize, KeyError)>,
    /// The source its records come from, on their side.
    source: u8,
}

impl<M> Run<M> {
    /// How many records it holds.
    pub(crate) fn len(&self) -> usize {
        self.records.len()
    }
}

/// One record of a [`Run`]: its key ends at `key_end` (it starts where the previous record
/// ends), its URL is a `transform` of the key or else runs from `key_end` to `url_end`.
struct RunRecord {
    seq: u64,
    hash: u64,
    key_end: usize,
    url_end: usize,
    transform: Option<Transform>,
}

/// Joins `runs` (of `side`, in record order) into `shard`.
pub(crate) fn join_runs<M>(shard: &mut Shard<M>, side: Side, runs: Vec<Run<M>>) {
    // Each record's key hash and the length of its URL's text (none for a transform of the
    // key, which is never spelled like a text), for the loads ahead.
    let mut ahead: Vec<(u64, usize)> = Vec::with_capacity(runs.iter().map(Run::len).sum());
    for run in &runs {
        ahead.extend(run.records.iter().map(|rec| {
            let len = match rec.transform {
                Some(_) => usize::MAX,
                None => rec.url_end.saturating_sub(rec.key_end),
            };
            (rec.hash, len)
        }));
    }
    // A software pipeline of prefetches, each stage reading only what the previous one
    // brought into cache: the index entry of the record `3 * AHEAD` ahead, the slot of the
    // one `2 * AHEAD` ahead (through its entry), the key text of the one `AHEAD` ahead
    // (through its slot). The real lookup then finds everything in cache, and no stage waits
    // for memory.
    let at = |i: usize| ahead.get(i).copied();
    let mut n = 0;
    for run in runs {
        let Run {
            text,
            records,
            metas,
            errors,
            source,
        } = run;
        let mut errors = errors.into_iter().peekable();
        let mut from = 0;
        for ((k, rec), meta) in records.iter().enumerate().zip(metas) {
            if let Some((h, _)) = at(n + 3 * AHEAD) {
                shard.prefetch_entry(h);
            }
            if let Some((h, _)) = at(n + 2 * AHEAD) {
                shard.prefetch_slot(h);
            }
            if let Some((h, len)) = at(n + AHEAD) {
                shard.prefetch_text(h, side, len);
            }
            n += 1;
            let key = text
                .get(from..rec.key_end)
                .expect("invariant: a run record's key ends where its key_end says");
            let url = match rec.transform {
                Some(t) => ResolvedSpelling::Transform(t),
                None => ResolvedSpelling::Text(
                    text.get(rec.key_end..rec.url_end)
                        .expect("invariant: a run record's URL follows its key"),
                ),
            };
            from = rec.url_end;
            let error = errors.next_if(|(at, _)| *at == k).map(|(_, e)| e);
            shard.insert((side, source), rec.seq, key, rec.hash, url, meta, error);
        }
    }
}
