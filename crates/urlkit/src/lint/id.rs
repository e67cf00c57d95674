//! A rule's number: its stable code read as a small integer, so that a set of rules is one bit
//! set and a table over rules is an array, and no step of a lint compares codes as strings.

/// The number of a rule: `(family - 1) * 32 + number` for the code `U<family><number>`
/// (`U0101` is 1, `U0201` is 33, `U0401` is 97). Codes are never reused, so neither are ids;
/// their order is the order of the codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct RuleId(u8);

impl RuleId {
    /// How many ids there can be: four families of 32 numbers.
    pub(crate) const SLOTS: usize = 128;

    /// The id of the rule whose code is `code`.
    ///
    /// # Panics
    ///
    /// When `code` is not `U`, a family `01`-`04` and a number below 32: a rule's code is a
    /// literal of its file, every one is read in a constant (the rule tables) and checked by a
    /// test, so this never happens at run time.
    pub(crate) const fn of_code(code: &str) -> RuleId {
        let b = code.as_bytes();
        assert!(
            b.len() == 5 && b[0] == b'U',
            "a rule code is U and four digits"
        );
        let family = digit(b[1]) * 10 + digit(b[2]);
        let number = digit(b[3]) * 10 + digit(b[4]);
        assert!(family >= 1 && family <= 4, "rule families are 01 to 04");
        assert!(number < 32, "a family has at most 32 rules");
        RuleId((family - 1) * 32 + number)
    }

    /// Its place in a table of [`RuleId::SLOTS`] entries.
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The value of an ASCII digit.
const fn digit(c: u8) -> u8 {
    assert!(c.is_ascii_digit(), "a rule code is U and four digits");
    c - b'0'
}

/// A set of rules, one bit per [`RuleId`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct RuleBits(u128);

impl RuleBits {
    /// No rule.
    pub(crate) const EMPTY: RuleBits = RuleBits(0);

    /// Whether `id` is in the set.
    #[inline]
    pub(crate) const fn has(self, id: RuleId) -> bool {
        self.0 & (1 << id.0) != 0
    }

    /// The set with `id`.
    #[inline]
    pub(crate) const fn with(self, id: RuleId) -> RuleBits {
        RuleBits(self.0 | 1 << id.0)
    }

    /// The set without `id`.
    pub(crate) const fn without(self, id: RuleId) -> RuleBits {
        RuleBits(self.0 & !(1 << id.0))
    }

    /// The rules in both sets.
    #[inline]
    pub(crate) const fn and(self, other: RuleBits) -> RuleBits {
        RuleBits(self.0 & other.0)
    }

    /// The rules in either set.
    #[inline]
    pub(crate) const fn or(self, other: RuleBits) -> RuleBits {
        RuleBits(self.0 | other.0)
    }

    /// Whether the set is empty.
    #[inline]
    pub(crate) const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The ids in the set, in code order.
    pub(crate) fn iter(self) -> impl Iterator<Item = RuleId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let at = bits.trailing_zeros();
            bits &= bits - 1;
            // `at` < 128: it fits a `u8`.
            Some(RuleId(at as u8))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules;

    #[test]
    fn ids_are_distinct_and_in_code_order() {
        let all = rules();
        let ids: Vec<RuleId> = all.iter().map(|r| RuleId::of_code(r.code)).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
        assert_eq!(RuleId::of_code("U0101").index(), 1);
        assert_eq!(RuleId::of_code("U0401").index(), 97);
    }

    #[test]
    fn bits() {
        let a = RuleId::of_code("U0101");
        let b = RuleId::of_code("U0431");
        let s = RuleBits::EMPTY.with(b).with(a);
        assert!(s.has(a) && s.has(b) && !s.without(a).has(a));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![a, b]);
        assert!(s.and(RuleBits::EMPTY.with(a)).has(a));
        assert!(RuleBits::EMPTY.is_empty() && !s.is_empty());
        assert_eq!(RuleBits::EMPTY.or(s), s);
    }
}
