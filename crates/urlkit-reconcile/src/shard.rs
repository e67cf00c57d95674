//! A shard of the join: the keys whose hash falls in it, each key's slot (its first
//! occurrence on each side and the counts), the duplicates kept as examples and the records
//! without a key. The engine fills the shards; the outcome reads them.

use super::arena::{ShardArenas, Span};
use super::index::Index;
use super::keyer::KeyError;
use super::spelling::{PackedSpelling, ResolvedSpelling};
use super::Side;

/// How many duplicates of one key on one side are kept as examples; the rest are only counted,
/// so memory stays proportional to the number of distinct keys.
const DUPLICATE_EXAMPLES: u32 = 3;

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

/// A duplicate kept as an example (see [`DUPLICATE_EXAMPLES`]).
pub(crate) struct DupExample<M> {
    pub(crate) slot: u32,
    pub(crate) side: Side,
    pub(crate) url: PackedSpelling,
    pub(crate) meta: M,
}

/// A record whose URL had no key at the level.
pub(crate) struct InvalidRecord {
    pub(crate) side: Side,
    pub(crate) url: Box<str>,
    pub(crate) error: KeyError,
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

    pub(crate) fn new(n: u32) -> Shard<M> {
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
