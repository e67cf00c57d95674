//! Which rules can fire on a URL, known before any of them runs: one pass over the URL's
//! bytes sums up which classes of byte it holds ([`ByteClasses`]), and each rule declares the
//! classes it needs ([`Trigger`]). A rule whose classes are all absent cannot report anything
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
use super::Context;
use crate::uri::chars::{class_of, UNWISE};

/// A set of byte classes: which kinds of byte a URL holds (one bit per class).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ByteClasses(u16);

impl ByteClasses {
    /// `%`.
    pub(crate) const PERCENT: ByteClasses = ByteClasses(1);
    /// A byte of a non-ASCII character.
    pub(crate) const NON_ASCII: ByteClasses = ByteClasses(1 << 1);
    /// A space.
    pub(crate) const SPACE: ByteClasses = ByteClasses(1 << 2);
    /// A C0 control or DEL (NUL, CR and LF included).
    pub(crate) const CONTROL: ByteClasses = ByteClasses(1 << 3);
    /// `+`.
    pub(crate) const PLUS: ByteClasses = ByteClasses(1 << 4);
    /// `\`.
    pub(crate) const BACKSLASH: ByteClasses = ByteClasses(1 << 5);
    /// `@`.
    pub(crate) const AT: ByteClasses = ByteClasses(1 << 6);
    /// An ASCII uppercase letter.
    pub(crate) const UPPER: ByteClasses = ByteClasses(1 << 7);
    /// `_`.
    pub(crate) const UNDERSCORE: ByteClasses = ByteClasses(1 << 8);
    /// The printable ASCII RFC 3986 leaves out of every component but the space:
    /// `"` `<` `>` `^` `` ` `` `{` `|` `}` ([`crate::uri::chars::UNWISE`]).
    pub(crate) const UNWISE: ByteClasses = ByteClasses(1 << 9);
    /// `#`.
    pub(crate) const HASH: ByteClasses = ByteClasses(1 << 10);
    /// `;`.
    pub(crate) const SEMICOLON: ByteClasses = ByteClasses(1 << 11);
    /// `(`.
    pub(crate) const PAREN: ByteClasses = ByteClasses(1 << 12);
    /// `[` or `]`.
    pub(crate) const BRACKET: ByteClasses = ByteClasses(1 << 13);

    /// Both sets.
    pub(crate) const fn or(self, other: ByteClasses) -> ByteClasses {
        ByteClasses(self.0 | other.0)
    }

    /// Whether the two sets share a class.
    #[inline]
    pub(crate) const fn any(self, of: ByteClasses) -> bool {
        self.0 & of.0 != 0
    }

    /// The classes of the bytes of `input`, in one pass.
    pub(crate) fn of(input: &[u8]) -> ByteClasses {
        // Four accumulators, so the OR of one byte does not wait for the previous one.
        let mut acc = [0u16; 4];
        let mut chunks = input.chunks_exact(4);
        for c in &mut chunks {
            acc[0] |= TABLE[c[0] as usize];
            acc[1] |= TABLE[c[1] as usize];
            acc[2] |= TABLE[c[2] as usize];
            acc[3] |= TABLE[c[3] as usize];
        }
        for &b in chunks.remainder() {
            acc[0] |= TABLE[b as usize];
        }
        ByteClasses(acc[0] | acc[1] | acc[2] | acc[3])
    }
}

/// The classes of one byte. Every class but `%`, `#` and non-ASCII bytes is a byte outside
/// `unreserved / sub-delims / ":" / "@" / "/" / "?"` or one of those few that a rule looks for.
const fn classes_of(c: u8) -> u16 {
    let rfc = class_of(c);
    let mut v = 0;
    if c == b'%' {
        v |= ByteClasses::PERCENT.0;
    }
    if c >= 0x80 {
        v |= ByteClasses::NON_ASCII.0;
    }
    if c == b' ' {
        v |= ByteClasses::SPACE.0;
    }
    if c < 0x20 || c == 0x7F {
        v |= ByteClasses::CONTROL.0;
    }
    if c == b'+' {
        v |= ByteClasses::PLUS.0;
    }
    if c == b'\\' {
        v |= ByteClasses::BACKSLASH.0;
    }
    if c == b'@' {
        v |= ByteClasses::AT.0;
    }
    if c.is_ascii_uppercase() {
        v |= ByteClasses::UPPER.0;
    }
    if c == b'_' {
        v |= ByteClasses::UNDERSCORE.0;
    }
    if rfc & UNWISE != 0 && c != b' ' {
        v |= ByteClasses::UNWISE.0;
    }
    if c == b'#' {
        v |= ByteClasses::HASH.0;
    }
    if c == b';' {
        v |= ByteClasses::SEMICOLON.0;
    }
    if c == b'(' {
        v |= ByteClasses::PAREN.0;
    }
    if c == b'[' || c == b']' {
        v |= ByteClasses::BRACKET.0;
    }
    v
}

/// The bytes outside `unreserved / sub-delims / ":" / "@" / "/" / "?"` that are not `%` or
/// `#`: with none of these, a URL is printable ASCII that every component's grammar allows,
/// but for `%` escapes, a second `#` and the host's own rules.
pub(crate) const NOT_PLAIN: ByteClasses = ByteClasses::NON_ASCII
    .or(ByteClasses::SPACE)
    .or(ByteClasses::CONTROL)
    .or(ByteClasses::BACKSLASH)
    .or(ByteClasses::UNWISE)
    .or(ByteClasses::BRACKET);

static TABLE: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = classes_of(b as u8);
        b += 1;
    }
    t
};

/// When a rule can fire.
#[derive(Clone, Copy)]
pub(crate) enum Trigger {
    /// On any URL (the rule reads parts that no byte class rules out, and cheaply).
    Always,
    /// Only on a URL that holds a byte of one of these classes.
    Any(ByteClasses),
    /// Only when this test, cheaper than the rule and true whenever it can fire, holds.
    When(fn(&Context<'_>) -> bool),
}

impl Trigger {
    /// Whether the rule can fire on `cx`.
    #[inline]
    pub(crate) fn can_fire(self, cx: &Context<'_>) -> bool {
        match self {
            Trigger::Always => true,
            Trigger::Any(classes) => cx.classes().any(classes),
            Trigger::When(test) => test(cx),
        }
    }
}

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
                    if classes.0 & (1 << bit) != 0 {
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
            let mut classes = cx.classes().0;
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

/// Whether `host` may end in a number to the WHATWG host parser (and so be read as IPv4):
/// its last label, after one trailing `.`, is empty, all digits, or `0x` and hex digits. An
/// ASCII host without `%` that does not is a domain to a browser, spelled as written but for
/// case.
///
/// Spec: <https://url.spec.whatwg.org/#ends-in-a-number-checker>
pub(crate) fn may_end_in_a_number(host: &str) -> bool {
    let body = host.strip_suffix('.').unwrap_or(host);
    let last = body.rsplit('.').next().unwrap_or(body).as_bytes();
    if last.is_empty() || last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    matches!(last, [b'0', b'x' | b'X', rest @ ..] if rest.iter().all(u8::is_ascii_hexdigit))
}

#[cfg(test)]
mod tests;
