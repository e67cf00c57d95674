//! Word-at-a-time helpers for the codec's hot loops (SWAR: SIMD within a register), in safe
//! code: eight bytes are loaded as one `u64` and tested together.

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

/// The index of the first `a` or (when `b` is `Some`) `b` in `input[from..]`, absolute.
#[inline]
pub(crate) fn find(input: &[u8], from: usize, a: u8, b: Option<u8>) -> Option<usize> {
    let mut i = from;
    let n = input.len();
    // Two words per step: most URL text has no byte of interest at all.
    while i + 16 <= n {
        let w0 = word_at(input, i);
        let w1 = word_at(input, i + 8);
        let (m0, m1) = match b {
            Some(b) => (
                eq_mask(w0, a) | eq_mask(w0, b),
                eq_mask(w1, a) | eq_mask(w1, b),
            ),
            None => (eq_mask(w0, a), eq_mask(w1, a)),
        };
        if m0 != 0 {
            return Some(i + first_flag(m0));
        }
        if m1 != 0 {
            return Some(i + 8 + first_flag(m1));
        }
        i += 16;
    }
    // Fewer than 16 bytes left: at most two more word tests, the last one overlapping bytes
    // already seen (which hold no match, so its first flag is a new one).
    let mask = |w: u64| match b {
        Some(b) => eq_mask(w, a) | eq_mask(w, b),
        None => eq_mask(w, a),
    };
    if i + 8 <= n {
        let m = mask(word_at(input, i));
        if m != 0 {
            return Some(i + first_flag(m));
        }
        i += 8;
    }
    if i < n && n >= from + 8 {
        let m = mask(word_at(input, n - 8));
        return (m != 0).then(|| n - 8 + first_flag(m));
    }
    while i < n {
        let c = input[i];
        if c == a || Some(c) == b {
            return Some(i);
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_agrees_with_position_everywhere() {
        for len in 0..40 {
            for at in 0..=len {
                let mut v = vec![b'a'; len];
                if at < len {
                    v[at] = b'%';
                }
                // Put a byte just above '%' after it, to exercise borrow false positives.
                if at + 1 < len {
                    v[at + 1] = 0x26;
                }
                for from in 0..=len {
                    let expected = v[from..].iter().position(|&c| c == b'%').map(|p| p + from);
                    assert_eq!(find(&v, from, b'%', None), expected, "{len} {at} {from}");
                    assert_eq!(find(&v, from, b'%', Some(b'+')), expected);
                }
            }
        }
        assert_eq!(find(b"abcdefghijklmnop+%", 0, b'%', Some(b'+')), Some(16));
        assert_eq!(find(b"\x24\x25", 0, b'%', None), Some(1));
    }
}
