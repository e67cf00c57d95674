//! The rules that explain a match, and sets of them sized by type.

use urlkit::normalize::Rule;

/// A rule that explains why two URLs with the same key are equal: a named rule of the ladder
/// (DESIGN §4), or the browser's serialization, which explains a pair at `--level whatwg`
/// that no named rule does.
///
/// ```
/// use urlkit::normalize::Rule;
/// use urlkit_reconcile::MatchRule;
/// assert_eq!(MatchRule::Ladder(Rule::HexCase).name(), "hex-case");
/// assert_eq!(MatchRule::WhatwgSerialization.name(), "whatwg-serialization");
/// assert_eq!(MatchRule::ALL.len(), Rule::ALL.len() + 1);
/// ```
///
/// # Rationale
///
/// A closed type rather than a rule's name: the engine keeps the rules of every matched pair
/// as a [`MatchRules`] of one bit per rule, so a keyer cannot name more rules than the set
/// holds and no rule is ever left out of [`crate::Summary::rule_counts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchRule {
    /// A named rule of the comparison ladder ([`urlkit::compare::lowest_equal_level`]).
    Ladder(Rule),
    /// Equal only as a browser serializes them (the WHATWG URL Standard's serializer,
    /// <https://url.spec.whatwg.org/#url-serializing>).
    WhatwgSerialization,
}

/// How many rules there are: the ladder's and the browser's serialization.
const COUNT: usize = Rule::ALL.len() + 1;

// A set holds every rule: one bit each in its `u32`.
const _: () = assert!(COUNT <= u32::BITS as usize);

impl MatchRule {
    /// Every rule, in ladder order, the browser's serialization last.
    pub const ALL: [MatchRule; COUNT] = {
        let mut all = [MatchRule::WhatwgSerialization; COUNT];
        let mut i = 0;
        while i < Rule::ALL.len() {
            all[i] = MatchRule::Ladder(Rule::ALL[i]);
            i += 1;
        }
        all
    };

    /// The stable kebab-case name: the ladder rule's ([`Rule::name`]), or
    /// [`crate::WHATWG_RULE`].
    pub const fn name(self) -> &'static str {
        match self {
            MatchRule::Ladder(r) => r.name(),
            MatchRule::WhatwgSerialization => crate::WHATWG_RULE,
        }
    }

    /// Its place in [`MatchRule::ALL`]: its bit in a [`MatchRules`].
    const fn bit(self) -> u32 {
        match self {
            MatchRule::Ladder(r) => {
                let mut i = 0;
                while i < Rule::ALL.len() {
                    if Rule::ALL[i] as u32 == r as u32 {
                        return 1 << i;
                    }
                    i += 1;
                }
                panic!("invariant: Rule::ALL lists every rule")
            }
            MatchRule::WhatwgSerialization => 1 << (COUNT - 1),
        }
    }
}

/// A set of [`MatchRule`]s, one bit each: what a [`crate::Keyer`] says explains a pair, and
/// what the engine keeps per matched key (4 bytes).
///
/// ```
/// use urlkit::normalize::Rule;
/// use urlkit_reconcile::{MatchRule, MatchRules};
/// let mut set = MatchRules::default();
/// set.insert(MatchRule::Ladder(Rule::IriToUri));
/// set.insert(MatchRule::Ladder(Rule::HexCase));
/// set.insert(MatchRule::Ladder(Rule::HexCase));
/// let names: Vec<&str> = set.iter().map(MatchRule::name).collect();
/// assert_eq!(names, ["hex-case", "iri-to-uri"]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MatchRules(u32);

impl MatchRules {
    /// Adds `rule` (again: no change).
    pub fn insert(&mut self, rule: MatchRule) {
        self.0 |= rule.bit();
    }

    /// Whether `rule` is in the set.
    pub const fn contains(self, rule: MatchRule) -> bool {
        self.0 & rule.bit() != 0
    }

    /// Whether the set has no rule.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Its rules, in the order of [`MatchRule::ALL`].
    pub fn iter(self) -> impl Iterator<Item = MatchRule> {
        MatchRule::ALL
            .into_iter()
            .filter(move |r| self.contains(*r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_has_its_own_bit_and_the_set_holds_them_all() {
        let mut all = MatchRules::default();
        for (i, r) in MatchRule::ALL.iter().enumerate() {
            assert_eq!(r.bit(), 1 << i, "{}", r.name());
            all.insert(*r);
        }
        assert_eq!(all.iter().collect::<Vec<_>>(), MatchRule::ALL);
        let names: std::collections::HashSet<&str> =
            MatchRule::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(names.len(), MatchRule::ALL.len(), "the names are distinct");
    }
}
