//! Why a hint was given, in the words the reports print.

use std::fmt;

use urlkit::normalize::{Level, Rule};

/// Which folding made two slugs equal.
///
/// ```
/// use urlkit_reconcile::near::Fold;
/// assert_eq!(Fold::Width.name(), "width");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fold {
    /// Unicode normalization: the same text in NFC and NFD (`が` as one code point or two).
    Nfc,
    /// Compatibility folding (NFKC): full-width and half-width forms (`ﾛｸﾞｲﾝ`, `ＡＢＣ`).
    Width,
    /// Letter case.
    Case,
}

impl Fold {
    /// The stable kebab-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Fold::Nfc => "nfc",
            Fold::Width => "width",
            Fold::Case => "case",
        }
    }
}

/// One reason for a [`super::Hint`].
///
/// ```
/// use urlkit::normalize::{Level, Rule};
/// use urlkit_reconcile::near::Reason;
/// let r = Reason::EqualAt { level: Level::Loose, rules: vec![Rule::Scheme, Rule::Www] };
/// assert_eq!(r.to_string(), "equal at loose (scheme, www)");
/// assert_eq!(r.name(), "equal-at-loose");
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6.2>
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// Equal at a higher rung of the ladder than the join's; `rules` are the ones above the
    /// join's level that were needed.
    EqualAt {
        /// The lowest rung at which the two are equal.
        level: Level,
        /// The rules needed there that the join did not apply.
        rules: Vec<Rule>,
    },
    /// The same last segment once folded.
    Folded(Fold),
    /// The same URL once its legacy-charset bytes or mojibake are read in this charset.
    Charset(&'static str),
    /// WordPress's numbered duplicate slug: `slug-3` next to `slug` or `slug-2`.
    NumberedSlug,
    /// The last segments differ by one character (inserted, removed or replaced).
    OneEdit,
}

impl Reason {
    /// The stable kebab-case name, for JSON and CSV.
    pub fn name(&self) -> &'static str {
        match self {
            Reason::EqualAt { level, .. } => match level {
                Level::Exact => "equal-at-exact",
                Level::Safe => "equal-at-safe",
                Level::Normal => "equal-at-normal",
                Level::Loose => "equal-at-loose",
                Level::Whatwg => "equal-at-whatwg",
            },
            Reason::Folded(fold) => fold.name(),
            Reason::Charset(_) => "charset",
            Reason::NumberedSlug => "numbered-slug",
            Reason::OneEdit => "one-edit",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::EqualAt { level, rules } if rules.is_empty() => write!(f, "equal at {level}"),
            Reason::EqualAt { level, rules } => {
                write!(f, "equal at {level} (")?;
                for (i, rule) in rules.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{}", rule.name())?;
                }
                f.write_str(")")
            }
            Reason::Folded(Fold::Nfc) => {
                f.write_str("the same slug in another Unicode form (NFC/NFD)")
            }
            Reason::Folded(Fold::Width) => {
                f.write_str("the same slug in full-width or half-width forms")
            }
            Reason::Folded(Fold::Case) => f.write_str("the same slug in another letter case"),
            Reason::Charset(charset) => write!(f, "the same slug read as {charset}"),
            Reason::NumberedSlug => f.write_str("WordPress's numbered duplicate slug (-N)"),
            Reason::OneEdit => f.write_str("the slug differs by one character"),
        }
    }
}
