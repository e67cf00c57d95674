//! Which rules run: the defaults (every family but style), plus `--select`, minus `--ignore`.

use std::fmt;

use super::id::{RuleBits, RuleId};
use super::{rules, Family, RuleInfo, RESERVED};

/// The set of rules that run.
///
/// ```
/// use urlkit::lint::{rule, Selection};
/// let s = Selection::parse(&["style", "U0406"], &["plus-in-path"]).unwrap();
/// assert!(s.contains(rule("uppercase-path").unwrap()));
/// assert!(!s.contains(rule("plus-in-path").unwrap()));
/// assert!(Selection::default().contains(rule("nul").unwrap()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    rules: RuleBits,
}

impl Default for Selection {
    fn default() -> Selection {
        Selection {
            rules: rules()
                .into_iter()
                .filter(|r| r.on_by_default())
                .fold(RuleBits::EMPTY, |s, r| s.with(RuleId::of_code(r.code))),
        }
    }
}

/// A `--select` or `--ignore` word that names no rule, alias or family.
///
/// ```
/// use urlkit::lint::Selection;
/// let e = Selection::parse(&["nope"], &[]).unwrap_err();
/// assert_eq!(e.to_string(), "unknown rule, alias or family \"nope\" (urlkit lint --list shows them)");
/// let typo = Selection::parse(&["lowercase-hexx"], &[]).unwrap_err();
/// assert!(typo.to_string().contains("did you mean \"lowercase-hex\"?"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectionError {
    /// The word.
    pub word: String,
}

impl fmt::Display for SelectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if RESERVED
            .iter()
            .any(|(c, n)| *c == self.word || *n == self.word)
        {
            return write!(
                f,
                "rule {:?} is reserved and not available in this build",
                self.word
            );
        }
        match suggestion(&self.word) {
            Some(near) => write!(
                f,
                "unknown rule, alias or family {:?}: did you mean {near:?}? (urlkit lint --list shows them)",
                self.word
            ),
            None => write!(
                f,
                "unknown rule, alias or family {:?} (urlkit lint --list shows them)",
                self.word
            ),
        }
    }
}

/// The known word nearest to `word` (rule name, code, alias, family or `all`) when it is
/// close enough to be a typo: at most a third of its letters changed (at least one).
fn suggestion(word: &str) -> Option<&'static str> {
    let lower = word.to_ascii_lowercase();
    let rules = rules();
    let words = rules
        .iter()
        .flat_map(|r| {
            [r.name, r.code]
                .into_iter()
                .chain(r.aliases.iter().copied())
        })
        .chain(Family::ALL.into_iter().map(|f| f.name()))
        .chain(["all"]);
    let limit = (word.chars().count() / 3).max(1);
    words
        .map(|w| (edit_distance(&lower, &w.to_ascii_lowercase()), w))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, w)| w)
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

impl std::error::Error for SelectionError {}

/// The rules a word names: `all`, a family, a code, a name, or a WHATWG alias (every rule
/// that lists it).
fn named(word: &str) -> Result<Vec<&'static RuleInfo>, SelectionError> {
    let all = rules();
    let found: Vec<&'static RuleInfo> = if word == "all" {
        all
    } else if let Some(f) = Family::from_name(word) {
        all.into_iter().filter(|r| r.family == f).collect()
    } else {
        all.into_iter()
            .filter(|r| {
                r.code.eq_ignore_ascii_case(word) || r.name == word || r.aliases.contains(&word)
            })
            .collect()
    };
    if found.is_empty() {
        Err(SelectionError {
            word: word.to_owned(),
        })
    } else {
        Ok(found)
    }
}

impl Selection {
    /// The defaults with the rules of `select` added and those of `ignore` removed. Each
    /// word is `all`, a family, a code, a name or an alias; words may be comma-separated.
    ///
    /// ```
    /// use urlkit::lint::{rule, Selection};
    /// let s = Selection::parse(&["invalid-credentials"], &["security"]).unwrap();
    /// assert!(!s.contains(rule("credentials-in-url").unwrap()));
    /// ```
    pub fn parse(select: &[&str], ignore: &[&str]) -> Result<Selection, SelectionError> {
        let mut s = Selection::default();
        let words = |list: &[&str]| -> Vec<String> {
            list.iter()
                .flat_map(|w| w.split(','))
                .map(|w| w.trim().to_owned())
                .filter(|w| !w.is_empty())
                .collect()
        };
        for w in words(select) {
            for r in named(&w)? {
                s.rules = s.rules.with(RuleId::of_code(r.code));
            }
        }
        for w in words(ignore) {
            for r in named(&w)? {
                s.rules = s.rules.without(RuleId::of_code(r.code));
            }
        }
        Ok(s)
    }

    /// Whether rule `r` runs.
    pub fn contains(&self, r: &RuleInfo) -> bool {
        self.has(RuleId::of_code(r.code))
    }

    /// The rules that run, as a set.
    #[inline]
    pub(crate) fn bits(&self) -> RuleBits {
        self.rules
    }

    /// Whether the rule of `id` runs: one bit test.
    #[inline]
    pub(crate) fn has(&self, id: RuleId) -> bool {
        self.rules.has(id)
    }
}
