//! Scanning helpers for the codec's hot loops: word-at-a-time tests (SWAR: SIMD within a
//! register) in safe code, where eight bytes are loaded as one `u64` and tested together.
//! The vector kernels are in `codec/simd/` (one directory per architecture), chosen in
//! `codec/kernel/`.

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The eight bytes at `input[i..i + 8]` as a little-endian word; the caller checks the bounds.
#[inline(always)]
pub(crate) fn word_at(input: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&input[i..i + 8]);
    u64::from_le_bytes(w)
}

/// High bit set in each byte of `x` that is zero. Bits above the lowest flagged byte may be
/// false positives (borrows), so only the lowest one is meaningful: which is all callers use.
#[inline(always)]
const fn zero_bytes(x: u64) -> u64 {
    x.wrapping_sub(LO) & !x & HI
}

/// Flags the bytes of `word` equal to `byte` (lowest flag exact).
#[inline(always)]
pub(crate) const fn eq_mask(word: u64, byte: u8) -> u64 {
    zero_bytes(word ^ (LO * byte as u64))
}

/// The index in the word (0..8) of the lowest flagged byte of a non-zero mask.
#[inline(always)]
pub(crate) const fn first_flag(mask: u64) -> usize {
    (mask.trailing_zeros() / 8) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_flag_is_exact() {
        // Every placement of the needle among bytes that provoke borrows (needle + 1, 0x00,
        // 0x80, 0xFF): the lowest flag is the first needle, whatever comes after it.
        for needle in [b'%', b'+', 0u8, 0xFF] {
            for at in 0..8 {
                for filler in [
                    needle.wrapping_add(1),
                    needle.wrapping_sub(1),
                    0,
                    0x80,
                    0xFF,
                ] {
                    if filler == needle {
                        continue;
                    }
                    let mut bytes = [filler; 8];
                    bytes[at] = needle;
                    for later in at + 1..8 {
                        let mut b = bytes;
                        b[later] = needle;
                        let mask = eq_mask(u64::from_le_bytes(b), needle);
                        assert_eq!(first_flag(mask), at);
                    }
                    let mask = eq_mask(u64::from_le_bytes(bytes), needle);
                    assert_eq!(first_flag(mask), at);
                }
                assert_eq!(
                    eq_mask(u64::from_le_bytes([needle.wrapping_add(1); 8]), needle),
                    0
                );
            }
        }
    }
}
