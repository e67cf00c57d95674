//! The types that the kernel dispatch (`codec::kernel`) and the vector kernels
//! (`codec::simd`) share: the [`KernelLevel`], a byte set as nibble tables, and the byte
//! classes of the key writer's classifying pass with the marks it writes. A leaf: it imports
//! neither, so that neither imports the other back.

use std::fmt;

/// The instruction set the codec's kernels may use; each level includes the ones before it.
///
/// [`kernel_level`](crate::codec::kernel_level) says which one this CPU and this build run; benchmarks report it, since
/// the ratios they show hold for that level.
///
/// ```
/// use urlkit::codec::{kernel_level, KernelLevel};
/// assert!(kernel_level() >= KernelLevel::Scalar);
/// assert_eq!(KernelLevel::Avx2.name(), "avx2");
/// ```
///
/// Spec: <https://www.intel.com/content/www/us/en/docs/intrinsics-guide/index.html>
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KernelLevel {
    /// The portable scalar code (the reference; every architecture, and every build without
    /// the `simd` feature).
    Scalar,
    /// SSE2, the x86_64 baseline: byte searches.
    Sse2,
    /// SSSE3 (`pshufb`) and POPCNT: byte-set tests and the decoder's compaction too.
    Ssse3,
    /// AVX2, BMI1, BMI2, LZCNT and POPCNT (x86-64-v3): 32 bytes per step.
    Avx2,
    /// AVX-512 F, BW, VL and VBMI2 besides AVX2 (x86-64-v4 and byte compress/expand):
    /// 64 bytes per step, and masked loads for short inputs.
    Avx512,
}

impl KernelLevel {
    /// Every level, lowest first.
    pub const ALL: [KernelLevel; 5] = [
        KernelLevel::Scalar,
        KernelLevel::Sse2,
        KernelLevel::Ssse3,
        KernelLevel::Avx2,
        KernelLevel::Avx512,
    ];

    /// The level's name in lowercase, as benchmarks and tests print it.
    ///
    /// ```
    /// use urlkit::codec::KernelLevel;
    /// assert_eq!(KernelLevel::Avx512.name(), "avx512");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            KernelLevel::Scalar => "scalar",
            KernelLevel::Sse2 => "sse2",
            KernelLevel::Ssse3 => "ssse3",
            KernelLevel::Avx2 => "avx2",
            KernelLevel::Avx512 => "avx512",
        }
    }

    /// The highest level there is: the cap that caps nothing.
    pub(crate) const TOP: KernelLevel = KernelLevel::Avx512;

    /// Every level up to `self`, lowest first: what the property tests compare.
    #[cfg(test)]
    pub(crate) fn up_to(self) -> impl Iterator<Item = KernelLevel> {
        KernelLevel::ALL.into_iter().filter(move |l| *l <= self)
    }
}

impl fmt::Display for KernelLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a byte set does with the 128 non-ASCII bytes, which the nibble tables do not cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NonAscii {
    /// All are in the set: the sign bit (`pmovmskb`) flags them.
    All,
    /// None is in the set.
    None,
    /// Some are: the vector test is not exact, the scalar table is used.
    Mixed,
}

/// A byte set as two 16-byte tables for the nibble lookup: an ASCII byte `b` is in the set iff
/// `lo[b & 15] & hi[b >> 4] != 0` (row `r` of the 8 ASCII high nibbles is bit `r`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NibbleSet {
    pub(crate) lo: [u8; 16],
    pub(crate) hi: [u8; 16],
    pub(crate) non_ascii: NonAscii,
}

impl NibbleSet {
    /// The tables for the bytes `b` with `table[b] != 0`.
    pub(crate) const fn new(table: &[u8; 256]) -> NibbleSet {
        let mut lo = [0u8; 16];
        let mut hi = [0u8; 16];
        let mut r = 0;
        while r < 8 {
            hi[r] = 1 << r;
            let mut l = 0;
            while l < 16 {
                if table[r * 16 + l] != 0 {
                    lo[l] |= 1 << r;
                }
                l += 1;
            }
            r += 1;
        }
        let mut count = 0;
        let mut b = 128;
        while b < 256 {
            if table[b] != 0 {
                count += 1;
            }
            b += 1;
        }
        let non_ascii = match count {
            0 => NonAscii::None,
            128 => NonAscii::All,
            _ => NonAscii::Mixed,
        };
        NibbleSet { lo, hi, non_ascii }
    }
}

/// The classes of bytes the key writer's one classifying pass marks, besides the fixed
/// delimiters `?`, `#`, `/` and `.` (RFC 3986 §3): the bytes after the authority that the
/// writer acts on (`stop`: escapes, bytes it escapes, bytes it refuses), and those that end a
/// plain lowercase host (`host_end`). Each set is held twice: as nibble tables for the vector
/// kernels, and in `table` (one bit per class) for the scalar reference.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KeyClasses {
    pub(crate) stop: NibbleSet,
    pub(crate) host_end: NibbleSet,
    /// Per byte value: [`Marks::STOP`], [`Marks::HOST_END`], [`Marks::QUERY_OR_FRAGMENT`],
    /// [`Marks::SLASH`], [`Marks::DOT`].
    pub(crate) table: [u8; 256],
}

impl KeyClasses {
    /// The classes of the bytes `b` with `stop[b] != 0` and with `host_end[b] != 0`. Both
    /// sets must hold all the non-ASCII bytes or none (the nibble tables are then exact).
    pub(crate) const fn new(stop: &[u8; 256], host_end: &[u8; 256]) -> KeyClasses {
        let mut table = [0u8; 256];
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            let mut v = 0;
            if stop[b] != 0 {
                v |= Marks::STOP;
            }
            if host_end[b] != 0 {
                v |= Marks::HOST_END;
            }
            if c == b'?' || c == b'#' {
                v |= Marks::QUERY_OR_FRAGMENT;
            }
            if c == b'/' {
                v |= Marks::SLASH;
            }
            if c == b'.' {
                v |= Marks::DOT;
            }
            table[b] = v;
            b += 1;
        }
        let classes = KeyClasses {
            stop: NibbleSet::new(stop),
            host_end: NibbleSet::new(host_end),
            table,
        };
        assert!(
            !matches!(classes.stop.non_ascii, NonAscii::Mixed)
                && !matches!(classes.host_end.non_ascii, NonAscii::Mixed),
            "a key class holds all the non-ASCII bytes or none"
        );
        classes
    }
}

/// What the classifying pass found in one 64-byte block of a URL: bit `i` of each mask is
/// byte `64 k + i` of block `k` (bits past the URL's end are 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Marks {
    /// [`KeyClasses::stop`] bytes.
    pub(crate) stop: u64,
    /// [`KeyClasses::host_end`] bytes.
    pub(crate) host_end: u64,
    /// `?` and `#`.
    pub(crate) query_or_fragment: u64,
    /// `/`.
    pub(crate) slash: u64,
    /// `.`.
    pub(crate) dot: u64,
}

impl Marks {
    /// The bits of [`KeyClasses::table`].
    pub(crate) const STOP: u8 = 1;
    pub(crate) const HOST_END: u8 = 2;
    pub(crate) const QUERY_OR_FRAGMENT: u8 = 4;
    pub(crate) const SLASH: u8 = 8;
    pub(crate) const DOT: u8 = 16;

    /// The marks of up to 64 `bytes` by the scalar reference: one table look-up per byte.
    pub(crate) fn of_block(classes: &KeyClasses, bytes: &[u8]) -> Marks {
        debug_assert!(bytes.len() <= 64);
        let mut m = Marks::default();
        for (i, &b) in bytes.iter().enumerate() {
            let c = u64::from(classes.table[b as usize]);
            m.stop |= (c & 1) << i;
            m.host_end |= (c >> 1 & 1) << i;
            m.query_or_fragment |= (c >> 2 & 1) << i;
            m.slash |= (c >> 3 & 1) << i;
            m.dot |= (c >> 4 & 1) << i;
        }
        m
    }

    /// These marks with every mask moved down by `k` bits (the bytes of a chunk loaded `k`
    /// bytes before the position it stands for) and up by `at` (its place in the block).
    #[inline(always)]
    #[cfg_attr(
        any(not(feature = "simd"), not(target_arch = "x86_64")),
        allow(dead_code)
    )]
    pub(crate) fn placed(self, down: u32, at: u32) -> Marks {
        let f = |m: u64| (m >> down) << at;
        Marks {
            stop: f(self.stop),
            host_end: f(self.host_end),
            query_or_fragment: f(self.query_or_fragment),
            slash: f(self.slash),
            dot: f(self.dot),
        }
    }

    /// Both marks in one.
    #[inline(always)]
    #[cfg_attr(
        any(not(feature = "simd"), not(target_arch = "x86_64")),
        allow(dead_code)
    )]
    pub(crate) fn union(self, o: Marks) -> Marks {
        Marks {
            stop: self.stop | o.stop,
            host_end: self.host_end | o.host_end,
            query_or_fragment: self.query_or_fragment | o.query_or_fragment,
            slash: self.slash | o.slash,
            dot: self.dot | o.dot,
        }
    }

    /// Only the bits of `live`.
    #[inline(always)]
    #[cfg_attr(
        any(not(feature = "simd"), not(target_arch = "x86_64")),
        allow(dead_code)
    )]
    pub(crate) fn masked(self, live: u64) -> Marks {
        Marks {
            stop: self.stop & live,
            host_end: self.host_end & live,
            query_or_fragment: self.query_or_fragment & live,
            slash: self.slash & live,
            dot: self.dot & live,
        }
    }
}
