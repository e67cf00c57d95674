//! The streaming join: records in, one slot per distinct key.

use std::collections::HashMap;

use super::keyer::{KeyError, Keyer};
use super::outcome::{DupExample, InvalidRecord, Reconciliation};
use super::Side;

/// How many duplicates of one key on one side are kept as examples; the rest are only counted,
/// so memory stays proportional to the number of distinct keys.
const DUPLICATE_EXAMPLES: u32 = 3;

/// Below this many records a batch is keyed on the calling thread: spawning costs more.
const PARALLEL_THRESHOLD: usize = 4096;

/// Prefix of the key given to a URL that has no key at the level: such URLs can still match a
/// byte-identical URL on the other side, and never anything else (keys at `safe` and above
/// are printable ASCII, so they never start with NUL).
const INVALID_KEY_PREFIX: char = '\0';

/// The first occurrence of a key on one side. `url` is `None` when the URL is its own key
/// (already normalized), which saves storing it twice.
pub(crate) struct Occ<M> {
    pub(crate) url: Option<Box<str>>,
    pub(crate) meta: M,
}

/// Everything known about one distinct key.
pub(crate) struct Slot<M> {
    pub(crate) first: [Option<Occ<M>>; 2],
    pub(crate) count: [u32; 2],
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
/// r.add_batch(Side::Left, vec![("/a".to_string(), 1), ("/a".to_string(), 2)]);
/// r.add(Side::Right, "/a", 3);
/// let s = r.finish().summary().clone();
/// assert_eq!((s.matched_exact, s.left.duplicate_keys, s.left.duplicate_records), (1, 1, 1));
/// ```
pub struct Reconciler<'k, M> {
    keyer: &'k dyn Keyer,
    threads: usize,
    index: HashMap<Box<str>, u32>,
    slots: Vec<Slot<M>>,
    dups: Vec<DupExample<M>>,
    invalid: Vec<InvalidRecord>,
    records: [usize; 2],
    scratch: String,
}

impl<'k, M: Send + Sync> Reconciler<'k, M> {
    /// An empty reconciler that keys URLs with `keyer`, on the calling thread only.
    pub fn new(keyer: &'k dyn Keyer) -> Reconciler<'k, M> {
        Reconciler {
            keyer,
            threads: 1,
            index: HashMap::new(),
            slots: Vec::new(),
            dups: Vec::new(),
            invalid: Vec::new(),
            records: [0, 0],
            scratch: String::new(),
        }
    }

    /// Keys large batches ([`Reconciler::add_batch`]) and explains matched pairs on up to `n`
    /// threads (scoped: none outlives the call). The result does not depend on `n`.
    #[must_use]
    pub fn threads(mut self, n: usize) -> Reconciler<'k, M> {
        self.threads = n.max(1);
        self
    }

    /// How many records were added to `side` so far.
    pub fn records(&self, side: Side) -> usize {
        self.records[side.index()]
    }

    /// How many distinct keys were seen so far (on either side).
    pub fn distinct_keys(&self) -> usize {
        self.slots.len()
    }

    /// Adds one record.
    pub fn add(&mut self, side: Side, url: &str, meta: M) {
        let mut key = std::mem::take(&mut self.scratch);
        key.clear();
        let error = self.keyer.key_into(url, &mut key).err();
        self.insert(side, &mut key, url, || url.into(), meta, error);
        self.scratch = key;
    }

    /// Adds many records, keying them on several threads when the batch is large.
    pub fn add_batch(&mut self, side: Side, batch: Vec<(String, M)>) {
        let keys = self.key_batch(&batch);
        let mut key = std::mem::take(&mut self.scratch);
        let mut errors = keys.errors.into_iter().peekable();
        let mut start = 0;
        for (i, ((url, meta), end)) in batch.into_iter().zip(keys.ends).enumerate() {
            key.clear();
            key.push_str(&keys.text[start..end]);
            start = end;
            let error = match errors.peek() {
                Some((at, _)) if *at == i => errors.next().map(|(_, e)| e),
                _ => None,
            };
            let url_ref: &str = &url;
            let owned = || url.clone().into_boxed_str();
            self.insert(side, &mut key, url_ref, owned, meta, error);
        }
        self.scratch = key;
    }

    /// The keys of a batch, concatenated, computed on up to `self.threads` threads.
    fn key_batch(&self, batch: &[(String, M)]) -> BatchKeys {
        let threads = if batch.len() < PARALLEL_THRESHOLD {
            1
        } else {
            self.threads
        };
        let keyer = self.keyer;
        let chunk = batch.len().div_ceil(threads).max(1);
        if threads == 1 {
            return key_chunk(keyer, batch, 0);
        }
        let parts: Vec<BatchKeys> = std::thread::scope(|scope| {
            let handles: Vec<_> = batch
                .chunks(chunk)
                .enumerate()
                .map(|(n, part)| scope.spawn(move || key_chunk(keyer, part, n * chunk)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        let mut all = BatchKeys::default();
        for part in parts {
            let base = all.text.len();
            all.text.push_str(&part.text);
            all.ends.extend(part.ends.into_iter().map(|e| e + base));
            all.errors.extend(part.errors);
        }
        all
    }

    fn insert(
        &mut self,
        side: Side,
        key: &mut String,
        url: &str,
        owned_url: impl FnOnce() -> Box<str>,
        meta: M,
        error: Option<KeyError>,
    ) {
        self.records[side.index()] += 1;
        if error.is_some() {
            key.clear();
            key.push(INVALID_KEY_PREFIX);
            key.push_str(url);
        }
        let id = match self.index.get(key.as_str()) {
            Some(&id) => id,
            None => {
                let id = u32::try_from(self.slots.len()).unwrap_or(u32::MAX);
                self.index.insert(key.as_str().into(), id);
                self.slots.push(Slot {
                    first: [None, None],
                    count: [0, 0],
                });
                id
            }
        };
        let url = if error.is_none() && key.as_str() == url {
            None
        } else {
            Some(owned_url())
        };
        if let Some(error) = error {
            // The record is still joined, by its exact text (see `INVALID_KEY_PREFIX`).
            self.invalid.push(InvalidRecord {
                side,
                url: url.clone().unwrap_or_default(),
                error,
            });
        }
        self.place(id, side, url, meta);
    }

    fn place(&mut self, id: u32, side: Side, url: Option<Box<str>>, meta: M) {
        let s = side.index();
        let Some(slot) = self.slots.get_mut(id as usize) else {
            return;
        };
        slot.count[s] = slot.count[s].saturating_add(1);
        if slot.first[s].is_none() {
            slot.first[s] = Some(Occ { url, meta });
        } else if slot.count[s] <= DUPLICATE_EXAMPLES + 1 {
            self.dups.push(DupExample {
                slot: id,
                side,
                url,
                meta,
            });
        }
    }

    /// Joins the two sides, explains every matched pair, and returns the result.
    pub fn finish(self) -> Reconciliation<M> {
        let mut keys: Vec<Box<str>> = vec![Box::from(""); self.slots.len()];
        for (key, id) in self.index {
            if let Some(k) = keys.get_mut(id as usize) {
                *k = key;
            }
        }
        Reconciliation::build(
            self.keyer,
            self.threads,
            keys,
            self.slots,
            self.dups,
            self.invalid,
            self.records,
        )
    }
}

/// Keys of a run of records: one string and where each key ends in it, plus the errors.
#[derive(Default)]
struct BatchKeys {
    text: String,
    ends: Vec<usize>,
    errors: Vec<(usize, KeyError)>,
}

fn key_chunk<M>(keyer: &dyn Keyer, part: &[(String, M)], first: usize) -> BatchKeys {
    let mut out = BatchKeys {
        text: String::with_capacity(part.iter().map(|(u, _)| u.len()).sum()),
        ends: Vec::with_capacity(part.len()),
        errors: Vec::new(),
    };
    let mut one = String::new();
    for (i, (url, _)) in part.iter().enumerate() {
        one.clear();
        if let Err(e) = keyer.key_into(url, &mut one) {
            out.errors.push((first + i, e));
            one.clear();
        }
        out.text.push_str(&one);
        out.ends.push(out.text.len());
    }
    out
}
