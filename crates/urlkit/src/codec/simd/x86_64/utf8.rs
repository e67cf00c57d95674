//! UTF-8 validation of inputs shorter than 64 bytes, written once over [`Vector`]: the
//! "lookup" algorithm of Keiser and Lemire (*Validating UTF-8 in less than one instruction
//! per byte*, 2021; the one `simdutf8` and simdjson run), on one zero-padded block.
//!
//! # Rationale
//!
//! `simdutf8` hands inputs shorter than 64 bytes to the standard library's scalar loop (and
//! its chunked validator spends more on set-up than on the check), while a decoded URL
//! component is that short: a Japanese slug is 30 to 60 bytes of three-byte sequences, where
//! the scalar loop takes a branch per character. The input is loaded with zeros after it
//! (masked at AVX-512), so a sequence cut short by the end is an error like any other (a zero
//! is never a continuation byte), and zeros are shifted in before it, so the first bytes'
//! predecessors are ASCII; the predecessors are shifted in the registers, not loaded again
//! from memory, where loads that straddle the copy's stores would wait for them.

use super::vector::{Avx2, Avx512, Ssse3, Vector, V128, V256, V512};

// The error classes of a byte pair (the previous byte and this one), one bit each; a pair is
// invalid when the three tables agree on a bit. After Keiser and Lemire, table 7.
const TOO_SHORT: u8 = 1 << 0; // a lead, then no continuation
const TOO_LONG: u8 = 1 << 1; // ASCII, then a continuation
const OVERLONG_3: u8 = 1 << 2; // E0 80..9F
const TOO_LARGE: u8 = 1 << 3; // F4 90..BF, F5..
const SURROGATE: u8 = 1 << 4; // ED A0..BF
const OVERLONG_2: u8 = 1 << 5; // C0, C1
const TOO_LARGE_1000: u8 = 1 << 6; // F5.. 80..8F
const OVERLONG_4: u8 = 1 << 6; // F0 80..8F
const TWO_CONTS: u8 = 1 << 7; // two continuations: an error unless a 3- or 4-byte lead is 2 or 3 back
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// By the previous byte's high nibble.
const BYTE_1_HIGH: [u8; 16] = [
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TOO_SHORT | OVERLONG_2,
    TOO_SHORT,
    TOO_SHORT | OVERLONG_3 | SURROGATE,
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
];

/// By the previous byte's low nibble.
const BYTE_1_LOW: [u8; 16] = [
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
    CARRY | OVERLONG_2,
    CARRY,
    CARRY,
    CARRY | TOO_LARGE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
];

/// By this byte's high nibble.
const BYTE_2_HIGH: [u8; 16] = [
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
];

/// The three lookup tables, as registers.
struct Tables<V> {
    byte_1_high: V,
    byte_1_low: V,
    byte_2_high: V,
}

/// Where the bytes of `input` (with the predecessors `prev`: 1, 2 and 3 bytes back) break
/// UTF-8: a bit per byte.
#[inline(always)]
fn errors<V: Vector>(isa: V::ShuffleIsa, t: &Tables<V>, input: V, prev: (V, V, V)) -> u64 {
    let base = V::base(isa);
    let (prev1, prev2, prev3) = prev;
    let (prev1_low, prev1_high) = prev1.nibbles();
    let special = t
        .byte_1_high
        .lookup(isa, prev1_high)
        .and(t.byte_1_low.lookup(isa, prev1_low))
        .and(t.byte_2_high.lookup(isa, input.nibbles().1));
    // A byte 2 after a three- or four-byte lead, or 3 after a four-byte one, must be a
    // continuation: there the pair of continuations is right and its bit flips.
    let third = prev2.saturating_sub(V::splat(base, 0xE0 - 0x80));
    let fourth = prev3.saturating_sub(V::splat(base, 0xF0 - 0x80));
    let must_continue = third.or(fourth).and(V::splat(base, 0x80));
    special.xor(must_continue).nonzero_bits()
}

/// Whether `bytes` (fewer than 64) are UTF-8, [`Vector::BYTES`] of them checked per step.
///
/// With masked loads, or for a short input, each step loads its bytes with zeros after them
/// and shifts each byte's predecessors in from the register before, up to the byte after the
/// last (a zero, where a sequence cut short is an error). Otherwise no byte is copied: whole
/// registers from the start, then the register that ends at the end (it overlaps the one
/// before; its predecessors are loaded from the input too), and the last three bytes say
/// whether the end cuts a sequence short.
#[inline(always)]
fn is_utf8<V: Vector>(isa: V::ShuffleIsa, bytes: &[u8]) -> bool {
    let base = V::base(isa);
    let t = Tables {
        byte_1_high: V::table(base, &BYTE_1_HIGH),
        byte_1_low: V::table(base, &BYTE_1_LOW),
        byte_2_high: V::table(base, &BYTE_2_HIGH),
    };
    let n = bytes.len();
    let mut before = V::splat(base, 0);
    let mut found = 0;
    let mut at = 0;
    if V::MASKED || n < V::BYTES + 3 {
        while at <= n {
            let input = V::load_prefix(base, bytes, at, (n - at).min(V::BYTES));
            found |= errors(isa, &t, input, input.predecessors(isa, before));
            before = input;
            at += V::BYTES;
        }
        return found == 0;
    }
    while at + V::BYTES <= n {
        let input = V::load(base, bytes, at);
        found |= errors(isa, &t, input, input.predecessors(isa, before));
        before = input;
        at += V::BYTES;
    }
    if at < n {
        let last = n - V::BYTES;
        let prev = (
            V::load(base, bytes, last - 1),
            V::load(base, bytes, last - 2),
            V::load(base, bytes, last - 3),
        );
        found |= errors(isa, &t, V::load(base, bytes, last), prev);
    }
    let cut_short = bytes[n - 1] >= 0xC0 || bytes[n - 2] >= 0xE0 || bytes[n - 3] >= 0xF0;
    found == 0 && !cut_short
}

/// [`is_utf8`] 16 bytes per step.
#[target_feature(enable = "ssse3,popcnt")]
pub(super) fn is_utf8_ssse3(isa: Ssse3, bytes: &[u8]) -> bool {
    is_utf8::<V128>(isa, bytes)
}

/// [`is_utf8`] 32 bytes per step.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,ssse3")]
pub(super) fn is_utf8_avx2(isa: Avx2, bytes: &[u8]) -> bool {
    is_utf8::<V256>(isa, bytes)
}

/// [`is_utf8`] in one step.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(super) fn is_utf8_avx512(isa: Avx512, bytes: &[u8]) -> bool {
    is_utf8::<V512>(isa, bytes)
}
