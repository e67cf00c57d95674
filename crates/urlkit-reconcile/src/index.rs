//! The join's hash index: key hash to slot number, in one flat array of 8-byte entries.
//!
//! A million distinct keys make an index, slots and key text far larger than the caches, so a
//! lookup is a chain of cache misses (index entry, slot, key text). hashbrown hides where an
//! entry lives; this index does not, so the join can prefetch the entries (and through them
//! the slots and key text) of the records a little ahead of the one it is inserting, so that
//! the real lookup finds everything in cache. Linear probing over a power-of-two table at most half
//! full; no deletion.

/// An entry: the top 32 bits of the key's hash (most mismatches end there) over the slot
/// number plus one (`0`: empty).
type Entry = u64;

/// Key hash to slot number.
#[derive(Default)]
pub(crate) struct Index {
    table: Vec<Entry>,
    /// The full hash of every slot's key, by slot number: growing needs it.
    hashes: Vec<u64>,
}

/// The smallest table allocated.
const MIN_CAPACITY: usize = 1024;

fn tag(hash: u64) -> u64 {
    hash >> 32
}

impl Index {
    fn mask(&self) -> usize {
        self.table.len().wrapping_sub(1)
    }

    /// Where the probe for `hash` starts (the low bits: the shard was chosen by high ones).
    fn home(&self, hash: u64) -> usize {
        hash as usize & self.mask()
    }

    /// The slot whose key has `hash` and for which `is_key` says yes.
    pub(crate) fn find(&self, hash: u64, mut is_key: impl FnMut(u32) -> bool) -> Option<u32> {
        if self.table.is_empty() {
            return None;
        }
        let mask = self.mask();
        let mut pos = self.home(hash);
        loop {
            let e = *self
                .table
                .get(pos)
                .expect("invariant: a probe position is masked to the non-empty table");
            if e == 0 {
                return None;
            }
            if e >> 32 == tag(hash) {
                let id = (e as u32).wrapping_sub(1);
                if is_key(id) {
                    return Some(id);
                }
            }
            pos = (pos + 1) & mask;
        }
    }

    /// The first slot on the probe path of `hash` whose tag matches: almost always the one
    /// [`Index::find`] will return, for prefetching.
    pub(crate) fn candidate(&self, hash: u64) -> Option<u32> {
        let mask = self.mask();
        let mut pos = self.home(hash);
        for _ in 0..self.table.len() {
            let e = *self
                .table
                .get(pos)
                .expect("invariant: a probe position is masked to the non-empty table");
            if e == 0 {
                return None;
            }
            if e >> 32 == tag(hash) {
                return Some((e as u32).wrapping_sub(1));
            }
            pos = (pos + 1) & mask;
        }
        None
    }

    /// Hints the cache line where the probe for `hash` starts.
    pub(crate) fn prefetch(&self, hash: u64) {
        if let Some(e) = self.table.get(self.home(hash)) {
            crate::prefetch::prefetch(e);
        }
    }

    /// Indexes the next slot (numbered by how many were indexed before) under `hash`; the caller has checked
    /// that no slot has its key.
    pub(crate) fn insert(&mut self, hash: u64) {
        if (self.hashes.len() + 1) * 2 > self.table.len() {
            self.grow();
        }
        let id = self.hashes.len();
        self.hashes.push(hash);
        self.place(hash, id);
    }

    fn place(&mut self, hash: u64, id: usize) {
        let mask = self.mask();
        let mut pos = self.home(hash);
        while self.table.get(pos).is_some_and(|&e| e != 0) {
            pos = (pos + 1) & mask;
        }
        if let Some(e) = self.table.get_mut(pos) {
            *e = tag(hash) << 32 | (id as u64 + 1);
        }
    }

    /// Makes room for `additional` more keys without growing again.
    pub(crate) fn reserve(&mut self, additional: usize) {
        let keys = self.hashes.len().saturating_add(additional);
        if keys.saturating_mul(2) > self.table.len() {
            self.hashes.reserve(additional);
            self.rebuild(keys.saturating_mul(2).next_power_of_two());
        }
    }

    fn grow(&mut self) {
        self.rebuild((self.table.len() * 2).max(MIN_CAPACITY));
    }

    /// Places every key again in a table of `capacity` entries.
    fn rebuild(&mut self, capacity: usize) {
        let capacity = capacity.max(MIN_CAPACITY);
        // Zeroed by writing, not by asking the system for zeroed memory: the join reads
        // entries ahead of writing them, and a page first read is mapped to the shared zero
        // page, then copied on the first write, and that remapping interrupts every other core
        // running this process to flush its translation cache.
        // (`vec![0; n]` and iterators of zeros become `calloc`, which maps the zero page.)
        #[allow(clippy::slow_vector_initialization)]
        {
            let mut table = Vec::with_capacity(capacity);
            table.resize(capacity, 0);
            self.table = table;
        }
        let hashes = std::mem::take(&mut self.hashes);
        for (id, &hash) in hashes.iter().enumerate() {
            self.place(hash, id);
        }
        self.hashes = hashes;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_was_inserted_through_collisions_and_growth() {
        let mut index = Index::default();
        // Equal low bits (one probe chain) and equal tags (the predicate decides).
        let hash = |i: u64| (i % 7) << 32 | (i % 3) << 20;
        for i in 0..5000u64 {
            assert_eq!(index.find(hash(i), |id| u64::from(id) == i), None);
            index.insert(hash(i));
        }
        assert_eq!(index.hashes.len(), 5000);
        for i in 0..5000u64 {
            assert_eq!(index.find(hash(i), |id| u64::from(id) == i), Some(i as u32));
        }
        assert_eq!(index.find(1 << 40, |_| true), None);
    }

    #[test]
    fn reserving_keeps_what_is_indexed_and_makes_room() {
        let mut index = Index::default();
        let hash = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for i in 0..100u64 {
            index.insert(hash(i));
        }
        index.reserve(10_000);
        let capacity = index.table.len();
        assert!(capacity >= 2 * 10_100);
        for i in 100..10_100u64 {
            index.insert(hash(i));
        }
        assert_eq!(
            index.table.len(),
            capacity,
            "no growth within the reservation"
        );
        for i in 0..10_100u64 {
            assert_eq!(index.find(hash(i), |id| u64::from(id) == i), Some(i as u32));
        }
    }
}
