//! When a rule can fire ([`Trigger`]): what each rule declares next to its entry in the table
//! of rules, and what the prefilter reads to skip the rules that cannot.

use super::byte_classes::ByteClasses;
use super::Context;

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
