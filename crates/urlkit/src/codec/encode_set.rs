//! [`EncodeSet`]: which of the 256 byte values a percent-encoder escapes.

use core::fmt;

/// A set of byte values that a percent-encoder writes as `%XX`.
///
/// The set covers all 256 byte values, not only ASCII: a byte in the set is encoded, a byte
/// outside it is written as it is. This is the WHATWG notion of a
/// [percent-encode set](https://url.spec.whatwg.org/#percent-encode-sets), extended from code
/// points to bytes so that one table serves UTF-8 text, legacy-charset bytes and raw binary.
///
/// Sets are plain values (32 bytes, `Copy`). They are built at compile time from readable
/// character lists with `const fn`s, and can equally be built at run time (from a user's
/// `--safe` option, say): nothing requires `'static`.
///
/// # Example
///
/// ```
/// use urlkit::codec::EncodeSet;
///
/// // Encode everything except ASCII letters and digits.
/// const ALNUM_ONLY: EncodeSet = EncodeSet::ALL
///     .remove_range(b'a', b'z')
///     .remove_range(b'A', b'Z')
///     .remove_range(b'0', b'9');
/// assert!(ALNUM_ONLY.contains(b'-'));
/// assert!(!ALNUM_ONLY.contains(b'q'));
/// assert!(ALNUM_ONLY.contains(0xE6));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct EncodeSet {
    bits: [u64; 4],
}

impl EncodeSet {
    /// The empty set: nothing is encoded.
    ///
    /// ```
    /// use urlkit::codec::EncodeSet;
    /// assert!(EncodeSet::EMPTY.is_empty());
    /// ```
    pub const EMPTY: EncodeSet = EncodeSet { bits: [0; 4] };

    /// Every byte value is encoded.
    ///
    /// ```
    /// use urlkit::codec::EncodeSet;
    /// assert_eq!(EncodeSet::ALL.len(), 256);
    /// ```
    pub const ALL: EncodeSet = EncodeSet {
        bits: [u64::MAX; 4],
    };

    /// The 128 non-ASCII byte values `0x80..=0xFF`.
    ///
    /// Every named set of this crate contains them: RFC 3986 §2.5 and the WHATWG URL Standard
    /// both write non-ASCII data as percent-encoded UTF-8 bytes.
    ///
    /// ```
    /// use urlkit::codec::EncodeSet;
    /// assert!(EncodeSet::NON_ASCII.contains(0x80) && !EncodeSet::NON_ASCII.contains(0x7F));
    /// ```
    pub const NON_ASCII: EncodeSet = EncodeSet {
        bits: [0, 0, u64::MAX, u64::MAX],
    };

    /// The bytes of the character table's classes `class` (bits of `uri::chars`): how the
    /// RFC 3986 sets are built, so that a grammar class is written once.
    pub(crate) const fn of_class(class: u8) -> EncodeSet {
        let mut set = EncodeSet::EMPTY;
        let mut b = 0;
        while b < 256 {
            if crate::uri::chars::class_of(b as u8) & class != 0 {
                set = set.add(b as u8);
            }
            b += 1;
        }
        set
    }

    /// Returns the set with `byte` added.
    ///
    /// ```
    /// use urlkit::codec::EncodeSet;
    /// assert!(EncodeSet::EMPTY.add(b'/').contains(b'/'));
    /// ```
    #[must_use]
    pub const fn add(self, byte: u8) -> EncodeSet {
        let mut bits = self.bits;
        bits[(byte >> 6) as usize] |= 1u64 << (byte & 63);
        EncodeSet { bits }
    }

    /// Returns the set with `byte` removed.
    ///
    /// ```
    /// use urlkit::codec::{sets::COMPONENT};
    /// // Like Python's quote(s, safe='/'): keep '/'.
    /// assert!(!COMPONENT.remove(b'/').contains(b'/'));
    /// ```
    #[must_use]
    pub const fn remove(self, byte: u8) -> EncodeSet {
        let mut bits = self.bits;
        bits[(byte >> 6) as usize] &= !(1u64 << (byte & 63));
        EncodeSet { bits }
    }

    /// Returns the set with every byte of `bytes` added; `b"<>\"` reads as the list it is.
    ///
    /// ```
    /// use urlkit::codec::EncodeSet;
    /// let set = EncodeSet::EMPTY.add_all(b"<>\"");
    /// assert!(set.contains(b'"') && set.len() == 3);
    /// ```
    #[must_use]
    pub const fn add_all(self, bytes: &[u8]) -> EncodeSet {
        let mut set = self;
        let mut i = 0;
        while i < bytes.len() {
            set = set.add(bytes[i]);
            i += 1;
        }
        set
    }

    /// Returns the set with every byte of `bytes` removed.
    ///
    /// ```
    /// use urlkit::codec::sets::UNRESERVED;
    /// let keep_path = UNRESERVED.remove_all(b"/:@");
    /// assert!(!keep_path.contains(b':') && keep_path.contains(b'?'));
    /// ```
    #[must_use]
    pub const fn remove_all(self, bytes: &[u8]) -> EncodeSet {
        let mut set = self;
        let mut i = 0;
        while i < bytes.len() {
            set = set.remove(bytes[i]);
            i += 1;
        }
        set
    }

    /// Returns the set with every byte from `first` to `last` (inclusive) added.
    ///
    /// ```
    /// use urlkit::codec::EncodeSet;
    /// assert_eq!(EncodeSet::EMPTY.add_range(b'0', b'9').len(), 10);
    /// ```
    #[must_use]
    pub const fn add_range(self, first: u8, last: u8) -> EncodeSet {
        let mut set = self;
        let mut b = first as u16;
        while b <= last as u16 {
            set = set.add(b as u8);
            b += 1;
        }
        set
    }

    /// Returns the set with every byte from `first` to `last` (inclusive) removed.
    ///
    /// ```
    /// use urlkit::codec::EncodeSet;
    /// assert!(!EncodeSet::ALL.remove_range(b'a', b'z').contains(b'q'));
    /// ```
    #[must_use]
    pub const fn remove_range(self, first: u8, last: u8) -> EncodeSet {
        let mut set = self;
        let mut b = first as u16;
        while b <= last as u16 {
            set = set.remove(b as u8);
            b += 1;
        }
        set
    }

    /// The bytes in either set.
    ///
    /// ```
    /// use urlkit::codec::EncodeSet;
    /// let set = EncodeSet::EMPTY.add(b'a').union(EncodeSet::EMPTY.add(b'b'));
    /// assert_eq!(set.len(), 2);
    /// ```
    #[must_use]
    pub const fn union(self, other: EncodeSet) -> EncodeSet {
        EncodeSet {
            bits: [
                self.bits[0] | other.bits[0],
                self.bits[1] | other.bits[1],
                self.bits[2] | other.bits[2],
                self.bits[3] | other.bits[3],
            ],
        }
    }

    /// The bytes in both sets.
    ///
    /// ```
    /// use urlkit::codec::sets::{PATH, QUERY};
    /// // PATH extends QUERY, so their intersection is QUERY.
    /// assert_eq!(PATH.intersection(QUERY), QUERY);
    /// ```
    #[must_use]
    pub const fn intersection(self, other: EncodeSet) -> EncodeSet {
        EncodeSet {
            bits: [
                self.bits[0] & other.bits[0],
                self.bits[1] & other.bits[1],
                self.bits[2] & other.bits[2],
                self.bits[3] & other.bits[3],
            ],
        }
    }

    /// The bytes of `self` that are not in `other`.
    ///
    /// ```
    /// use urlkit::codec::sets::{PATH, QUERY};
    /// assert_eq!(PATH.difference(QUERY).iter().collect::<Vec<_>>(), b"?^`{}".to_vec());
    /// ```
    #[must_use]
    pub const fn difference(self, other: EncodeSet) -> EncodeSet {
        self.intersection(other.complement())
    }

    /// Every byte not in the set.
    ///
    /// ```
    /// use urlkit::codec::EncodeSet;
    /// assert_eq!(EncodeSet::NON_ASCII.complement().len(), 128);
    /// ```
    #[must_use]
    pub const fn complement(self) -> EncodeSet {
        EncodeSet {
            bits: [!self.bits[0], !self.bits[1], !self.bits[2], !self.bits[3]],
        }
    }

    /// Whether `byte` is encoded by this set.
    ///
    /// ```
    /// use urlkit::codec::sets::FRAGMENT;
    /// assert!(FRAGMENT.contains(b' ') && !FRAGMENT.contains(b'#'));
    /// ```
    #[inline]
    pub const fn contains(&self, byte: u8) -> bool {
        (self.bits[(byte >> 6) as usize] >> (byte & 63)) & 1 == 1
    }

    /// Whether the set leaves every non-ASCII byte encoded, so that its output is pure ASCII.
    ///
    /// ```
    /// use urlkit::codec::{EncodeSet, sets::PATH};
    /// assert!(PATH.encodes_all_non_ascii());
    /// assert!(!PATH.difference(EncodeSet::NON_ASCII).encodes_all_non_ascii());
    /// ```
    pub const fn encodes_all_non_ascii(&self) -> bool {
        self.bits[2] == u64::MAX && self.bits[3] == u64::MAX
    }

    /// The number of byte values in the set.
    ///
    /// ```
    /// use urlkit::codec::sets::UNRESERVED;
    /// // 256 byte values minus the 66 unreserved characters.
    /// assert_eq!(UNRESERVED.len(), 190);
    /// ```
    pub const fn len(&self) -> usize {
        (self.bits[0].count_ones()
            + self.bits[1].count_ones()
            + self.bits[2].count_ones()
            + self.bits[3].count_ones()) as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use urlkit::codec::EncodeSet;
    /// assert!(EncodeSet::EMPTY.is_empty() && !EncodeSet::ALL.is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The set as a 256-entry lookup table (`true` = encode), the fastest form to test bytes.
    ///
    /// ```
    /// use urlkit::codec::sets::QUERY;
    /// let table = QUERY.to_table();
    /// assert!(table[b'#' as usize] && !table[b'?' as usize]);
    /// ```
    pub const fn to_table(&self) -> [bool; 256] {
        let mut table = [false; 256];
        let mut b = 0usize;
        while b < 256 {
            table[b] = self.contains(b as u8);
            b += 1;
        }
        table
    }

    /// An iterator over the byte values in the set, in increasing order.
    ///
    /// ```
    /// use urlkit::codec::EncodeSet;
    /// let set = EncodeSet::EMPTY.add_all(b"ba");
    /// assert_eq!(set.iter().collect::<Vec<_>>(), b"ab".to_vec());
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0u8..=255).filter(move |&b| self.contains(b))
    }
}

impl Default for EncodeSet {
    fn default() -> Self {
        EncodeSet::EMPTY
    }
}

impl fmt::Debug for EncodeSet {
    /// Shows the printable ASCII bytes of the set literally and the others as ranges of hex.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut printable = String::new();
        for b in 0x21u8..0x7F {
            if self.contains(b) {
                printable.push(b as char);
            }
        }
        let controls = (0u8..=0x20).filter(|&b| self.contains(b)).count();
        let high = (0x7Fu8..=0xFF).filter(|&b| self.contains(b)).count();
        f.debug_struct("EncodeSet")
            .field("printable", &printable)
            .field("controls_and_space", &controls)
            .field("del_and_non_ascii", &high)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_remove_round_trip_every_byte() {
        for b in 0u8..=255 {
            let s = EncodeSet::EMPTY.add(b);
            assert!(s.contains(b));
            assert_eq!(s.len(), 1);
            assert_eq!(s.remove(b), EncodeSet::EMPTY);
            assert!(!EncodeSet::ALL.remove(b).contains(b));
            assert_eq!(EncodeSet::ALL.remove(b).len(), 255);
        }
    }

    #[test]
    fn ranges_and_algebra() {
        let digits = EncodeSet::EMPTY.add_range(b'0', b'9');
        assert_eq!(digits.len(), 10);
        assert_eq!(digits.complement().len(), 246);
        assert_eq!(digits.union(EncodeSet::NON_ASCII).len(), 138);
        assert_eq!(digits.intersection(EncodeSet::NON_ASCII), EncodeSet::EMPTY);
        assert_eq!(EncodeSet::ALL.difference(digits), digits.complement());
        assert_eq!(EncodeSet::EMPTY.add_range(0, 255), EncodeSet::ALL);
        assert!(EncodeSet::ALL.encodes_all_non_ascii());
        assert!(!EncodeSet::ALL.remove(0xFF).encodes_all_non_ascii());
        let table = digits.to_table();
        assert_eq!(table.iter().filter(|&&t| t).count(), 10);
        assert_eq!(digits.iter().collect::<Vec<_>>(), b"0123456789".to_vec());
    }
}
