//! urlkit-reconcile: the bulk join of URL lists by their comparison keys (DESIGN §1), over
//! the pure `urlkit` library. This crate is the one that starts threads.
//!
//! Matching two lists of URLs by their comparison keys: what is on both sides, what is truly
//! missing from one, which entries repeat, and for every matched pair the rules that made it
//! match.
//!
//! The engine is pure and generic: it takes a [`Keyer`] (the key of a URL at a level of the
//! comparison ladder, DESIGN §4, and the rules that explain an equality) and any metadata `M`
//! per record (where the URL came from). Records stream in with [`Reconciler::add`],
//! [`Reconciler::add_batch`], or [`Reconciler::feed`], which keys and joins batches on a pool
//! of threads while the caller reads the next ones; memory grows with the number of
//! *distinct keys*, not with the number of records: a key remembers its first occurrence on
//! each side, a count, and a few examples of its duplicates.
//!
//! ```
//! use urlkit::normalize::Rule;
//! use urlkit_reconcile::{Keyer, KeyError, MatchRule, MatchRules, Reconciler, Side};
//!
//! /// A toy keyer for the example: ASCII case of the hex digits does not matter.
//! struct HexCase;
//! impl Keyer for HexCase {
//!     fn key_into(&self, url: &str, out: &mut String) -> Result<(), KeyError> {
//!         out.push_str(&url.to_ascii_uppercase());
//!         Ok(())
//!     }
//!     fn rules(&self, _left: &str, _right: &str, out: &mut MatchRules) {
//!         out.insert(MatchRule::Ladder(Rule::HexCase));
//!     }
//! }
//!
//! let mut r = Reconciler::new(&HexCase);
//! r.add(Side::Left, "/%E9%81%8B/", "list:1");
//! r.add(Side::Left, "/gone/", "list:2");
//! r.add(Side::Right, "/%e9%81%8b/", "api:1");
//! let done = r.finish();
//! let s = done.summary();
//! assert_eq!((s.matched_normalized, s.only_left, s.only_right), (1, 1, 0));
//! assert_eq!(done.only_left().next().unwrap().url(), "/gone/");
//! assert_eq!(s.rule_counts, vec![("hex-case", 1)]);
//! ```

mod arena;
mod batch;
mod engine;
mod index;
mod keyer;
mod keying;
pub mod matrix;
pub mod near;
mod outcome;
mod pipeline;
mod prefetch;
mod rules;
mod shard;
mod spelling;

pub use batch::Batch;
pub use engine::Reconciler;
pub use keyer::{KeyError, Keyer, LevelKeyer, WHATWG_RULE};
pub use outcome::{Duplicate, Invalid, Occurrence, Pair, Reconciliation, SideCounts, Summary};
pub use pipeline::Feeder;
pub use rules::{MatchRule, MatchRules};

/// One of the two lists being reconciled.
///
/// ```
/// use urlkit_reconcile::Side;
/// assert_eq!(Side::Left.other(), Side::Right);
/// assert_eq!(Side::Right.name(), "right");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The list that is expected to be complete (the reference: "missing" means missing here
    /// from the right).
    Left,
    /// The list compared against it.
    Right,
}

impl Side {
    /// The opposite side.
    pub const fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    /// `"left"` or `"right"`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    pub(crate) const fn index(self) -> usize {
        match self {
            Side::Left => 0,
            Side::Right => 1,
        }
    }
}
