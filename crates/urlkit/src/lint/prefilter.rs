//! Which rules can fire on a URL, known before any of them runs: one pass over the URL's
//! bytes sums up which classes of byte it holds ([`super::byte_classes::ByteClasses`]), and each
//! rule declares the classes it needs ([`Trigger`]). A rule whose classes are all absent cannot report anything
//! and is not run: real lists are mostly clean, so most rules never look at most URLs.
//!
//! # Rationale
//!
//! Skipping must never change a result: a trigger names a class only when the rule's check
//! provably returns nothing without a byte of it (each rule's file says why next to its
//! entry in the table of rules), and a test runs every rule on a large corpus with and
//! without the skipping and compares the findings.

use super::id::{RuleBits, RuleId};
use super::rules::URL_RULES;
use super::trigger::Trigger;
use super::Context;

/// The triggers of [`URL_RULES`] as rule sets, built once at compile time: per URL, the rules
/// that can fire are a few ORs of sets, and only those are visited.
struct Plan {
    /// The rules that always run.
    always: RuleBits,
    /// The rules with a test of their own ([`Trigger::When`]).
    tested: RuleBits,
    /// For each byte class (by bit), the rules it can make fire.
    by_class: [RuleBits; 16],
    /// The index in [`URL_RULES`] of each rule id.
    slot: [u8; RuleId::SLOTS],
}

static PLAN: Plan = plan();

const fn plan() -> Plan {
    let mut p = Plan {
        always: RuleBits::EMPTY,
        tested: RuleBits::EMPTY,
        by_class: [RuleBits::EMPTY; 16],
        slot: [u8::MAX; RuleId::SLOTS],
    };
    let mut i = 0;
    while i < URL_RULES.len() {
        let r = &URL_RULES[i];
        p.slot[r.id.index()] = i as u8;
        match r.trigger {
            Trigger::Always => p.always = p.always.with(r.id),
            Trigger::When(_) => p.tested = p.tested.with(r.id),
            Trigger::Any(classes) => {
                let mut bit = 0;
                while bit < 16 {
                    if classes.bits() & (1 << bit) != 0 {
                        p.by_class[bit] = p.by_class[bit].with(r.id);
                    }
                    bit += 1;
                }
            }
        }
        i += 1;
    }
    p
}

/// The rules of `selected` to run on `cx`, in code order: with [`Prefilter::Skip`], those
/// whose trigger allows them.
pub(crate) fn to_run<'r>(
    cx: &'r Context<'_>,
    selected: RuleBits,
    prefilter: Prefilter,
) -> impl Iterator<Item = &'static super::rules::UrlRule> + 'r {
    let candidates = match prefilter {
        Prefilter::RunAll => selected,
        Prefilter::Skip => {
            let mut bits = PLAN.always.or(PLAN.tested);
            let mut classes = cx.classes().bits();
            while classes != 0 {
                bits = bits.or(PLAN.by_class[classes.trailing_zeros() as usize]);
                classes &= classes - 1;
            }
            bits.and(selected)
        }
    };
    candidates.iter().filter_map(move |id| {
        let r = URL_RULES.get(usize::from(PLAN.slot[id.index()]))?;
        let run = prefilter == Prefilter::RunAll || !PLAN.tested.has(id) || r.trigger.can_fire(cx);
        run.then_some(r)
    })
}

/// Whether rules are skipped on the URLs their trigger rules out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Prefilter {
    /// Run only the rules that can fire (what linting does).
    Skip,
    /// Run every selected rule (the oracle the tests compare [`Prefilter::Skip`] against).
    #[cfg_attr(not(test), allow(dead_code))]
    RunAll,
}

#[cfg(test)]
mod tests;
