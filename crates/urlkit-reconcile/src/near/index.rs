//! A sorted table of 64-bit probes with a bucket index over their top bits: the near-match
//! index without a hash map's overhead per entry, and a lookup that touches one or two cache
//! lines of rows (a million leftovers give some twenty million one-deletion rows).

use std::hash::BuildHasher;

/// A hashed lookup value. Lookups only find candidates: every hint is checked on the entries.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Probe(u64);

fn hasher() -> foldhash::fast::FixedState {
    foldhash::fast::FixedState::with_seed(0x7572_6c6b_6974)
}

impl Probe {
    /// The probe of a whole text (a key).
    pub(super) fn text(text: &str) -> Probe {
        Probe(hasher().hash_one(text))
    }

    /// The probe of a slug under the parent path numbered `parent`.
    pub(super) fn within(parent: u32, slug: &str) -> Probe {
        Probe(hasher().hash_one((parent, slug)))
    }
}

/// Probes and the entries they came from, sorted once built.
pub(super) struct Table {
    rows: Vec<(Probe, u32)>,
    /// `starts[b]`: the first row whose probe's top `bits` bits are `b` (one more at the end).
    starts: Vec<u32>,
    bits: u32,
}

impl Table {
    pub(super) fn with_capacity(n: usize) -> Table {
        Table {
            rows: Vec::with_capacity(n),
            starts: Vec::new(),
            bits: 0,
        }
    }

    pub(super) fn push(&mut self, probe: Probe, id: u32) {
        self.rows.push((probe, id));
    }

    /// Sorts the rows (an entry that gave the same probe twice is kept once) and indexes
    /// them by their top bits, about eight rows a bucket.
    pub(super) fn seal(&mut self) {
        self.rows.sort_unstable();
        self.rows.dedup();
        self.rows.shrink_to_fit();
        self.bits = (self.rows.len() / 8).max(1).ilog2().min(24);
        let buckets = 1usize << self.bits;
        self.starts = Vec::with_capacity(buckets + 1);
        let mut row = 0;
        for b in 0..buckets {
            while row < self.rows.len() && self.bucket(self.rows[row].0) < b {
                row += 1;
            }
            self.starts
                .push(u32::try_from(row).expect("invariant: fewer than 2^32 rows"));
        }
        self.starts
            .push(u32::try_from(self.rows.len()).expect("invariant: fewer than 2^32 rows"));
    }

    fn bucket(&self, probe: Probe) -> usize {
        if self.bits == 0 {
            0
        } else {
            (probe.0 >> (64 - self.bits)) as usize
        }
    }

    /// The entries that gave `probe`.
    pub(super) fn get(&self, probe: Probe) -> impl Iterator<Item = &u32> + '_ {
        let b = self.bucket(probe);
        let (lo, hi) = match (self.starts.get(b), self.starts.get(b + 1)) {
            (Some(&lo), Some(&hi)) => (lo as usize, hi as usize),
            _ => (0, 0),
        };
        let rows = &self.rows[lo..hi];
        let start = rows.partition_point(|(p, _)| *p < probe);
        rows[start..]
            .iter()
            .take_while(move |(p, _)| *p == probe)
            .map(|(_, id)| id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bucket index against a plain scan, for every size up to a few buckets' worth.
    #[test]
    fn lookups_equal_a_scan() {
        for n in [0u32, 1, 7, 8, 9, 100, 1000] {
            let mut t = Table::with_capacity(n as usize);
            for i in 0..n {
                t.push(Probe::text(&(i % 97).to_string()), i);
            }
            t.seal();
            for k in 0..120u32 {
                let p = Probe::text(&k.to_string());
                let got: Vec<u32> = t.get(p).copied().collect();
                let want: Vec<u32> = (0..n).filter(|i| i % 97 == k).collect();
                assert_eq!(got, want, "n {n}, key {k}");
            }
        }
    }
}
