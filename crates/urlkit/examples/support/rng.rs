//! The deterministic generator of the corpus examples: the same corpora on every machine, so
//! that a differential check's failure can be replayed from its seed.

/// xorshift64* (Vigna, "An experimental exploration of Marsaglia's xorshift generators"): small,
/// and the same on every machine. The state must not be zero.
pub struct Rng(pub u64);

#[allow(dead_code)] // each example uses its own share of the draws
impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A value in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// A value in `lo..=hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below(u64::from(hi - lo + 1)) as u32
    }
    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}
