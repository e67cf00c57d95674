//! Lint rules for URLs (DESIGN §5): a URL is parsed once into a [`Context`], every selected
//! rule reads it, and each finding is a [`Diagnostic`] with a byte span, the component, a
//! sentence that stands alone, the evidence, and a fix marked safe, unsafe or display-only.
//! Rules live one per file under `lint/rules/`; [`rules()`] lists them with their stable codes.
//!
//! ```
//! use urlkit::lint::{check, Severity};
//! let found = check("https://example.com/%e6%97%a5/a+b");
//! let names: Vec<&str> = found.iter().map(|d| d.rule).collect();
//! assert!(names.contains(&"lowercase-hex") && names.contains(&"plus-in-path"));
//! assert!(check("https://example.com/tag/%E3%83%AD%E3%82%B0/").is_empty());
//! ```

use std::fmt;

use prefilter::Prefilter;

mod byte_classes;
mod context;
mod diagnostic;
mod id;
mod list;
pub use rules::parser_disagreement;
mod precedence;
mod prefilter;
mod registry;
pub(crate) mod rules;
mod select;
mod tally;
mod trigger;

pub use context::{Context, Escape, Param};
pub use diagnostic::{Applicability, Diagnostic, Evidence, Fix, Severity};
pub use list::ListLinter;
pub use registry::{Family, RuleDoc, RuleInfo, Scope, SecurityInfo, RESERVED};
pub use select::{Selection, SelectionError};
pub use tally::ListFinding;

/// Every rule, in code order (list-level rules included).
///
/// ```
/// use urlkit::lint::rules;
/// let all = rules();
/// assert!(all.iter().any(|r| r.name == "parser-disagreement" && r.code == "U0401"));
/// assert!(all.windows(2).all(|w| w[0].code < w[1].code));
/// ```
pub fn rules() -> Vec<&'static RuleInfo> {
    let mut all: Vec<&'static RuleInfo> = rules::URL_RULES
        .iter()
        .map(|r| r.info)
        .chain(rules::LIST_RULES.iter().map(|r| r.info))
        .collect();
    all.sort_by_key(|r| r.code);
    all
}

/// The rule of that code, name or alias (an alias names the first rule that lists it).
///
/// ```
/// use urlkit::lint::rule;
/// assert_eq!(rule("U0402").unwrap().name, "encoded-dot-segment");
/// assert_eq!(rule("invalid-reverse-solidus").unwrap().name, "backslash");
/// assert!(rule("no-such-rule").is_none());
/// ```
pub fn rule(key: &str) -> Option<&'static RuleInfo> {
    let all = rules();
    all.iter()
        .find(|r| r.code.eq_ignore_ascii_case(key) || r.name == key)
        .or_else(|| all.iter().find(|r| r.aliases.contains(&key)))
        .copied()
}

/// Runs the default rules (every family but style) on `input`; findings ordered by span.
///
/// ```
/// use urlkit::lint::check;
/// assert_eq!(check("http://a/%2e%2e/b")[0].rule, "encoded-dot-segment");
/// ```
pub fn check(input: &str) -> Vec<Diagnostic> {
    lint(input, &Selection::default())
}

/// Runs the rules of `selection` on one URL; findings ordered by span, the more specific
/// rule kept where two cover the same bytes.
///
/// ```
/// use urlkit::lint::{lint, Selection};
/// let style = Selection::parse(&["style"], &[]).unwrap();
/// assert_eq!(lint("https://a/My_Page", &style).len(), 3);
/// ```
pub fn lint(input: &str, selection: &Selection) -> Vec<Diagnostic> {
    lint_context(&Context::new(input), selection)
}

/// The selected per-URL rules over one reading.
fn lint_context(cx: &Context<'_>, selection: &Selection) -> Vec<Diagnostic> {
    lint_context_with(cx, selection, Prefilter::Skip)
}

/// The selected per-URL rules over one reading, skipping those that cannot fire on it unless
/// `prefilter` says to run them all.
fn lint_context_with(
    cx: &Context<'_>,
    selection: &Selection,
    prefilter: Prefilter,
) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for r in prefilter::to_run(cx, selection.bits(), prefilter) {
        (r.check)(cx, &mut found);
    }
    finish(found)
}

/// Runs the rules of `selection` on a list: per-URL rules on each, list-level rules over the
/// whole (one finding per host and rarer kind, on its first URL: see [`ListLinter`]). One
/// result per input, in input order.
///
/// ```
/// use urlkit::lint::{lint_list, Selection};
/// let found = lint_list(&["https://a/%E6%97%A5", "https://a/%e6%9c%ac", "https://a/%E8%AA%9E"], &Selection::default());
/// assert!(found[1].iter().any(|d| d.rule == "mixed-forms"));
/// assert!(found[0].is_empty());
/// ```
pub fn lint_list(inputs: &[&str], selection: &Selection) -> Vec<Vec<Diagnostic>> {
    let mut list = ListLinter::new(selection);
    let mut found: Vec<Vec<Diagnostic>> = inputs
        .iter()
        .enumerate()
        .map(|(i, s)| list.lint(s, i))
        .collect();
    for f in list.finish() {
        let out = &mut found[f.at];
        out.push(f.diagnostic);
        out.sort_by(|a, b| {
            (a.span.start, a.span.end, a.code).cmp(&(b.span.start, b.span.end, b.code))
        });
    }
    found
}

fn finish(mut found: Vec<Diagnostic>) -> Vec<Diagnostic> {
    precedence::resolve(&mut found);
    found.sort_by(|a, b| {
        (a.span.start, a.span.end, a.code).cmp(&(b.span.start, b.span.end, b.code))
    });
    found
}

/// Which fixes `--fix` applies.
///
/// ```
/// use urlkit::lint::{fix, FixLevel, Selection};
/// let sel = Selection::default();
/// assert_eq!(fix("https://a/%e6%97%a5", &sel, FixLevel::Safe), "https://a/%E6%97%A5");
/// assert_eq!(fix("https://a/a+b", &sel, FixLevel::Safe), "https://a/a+b");
/// assert_eq!(fix("https://a/a+b", &sel, FixLevel::Unsafe), "https://a/a%2Bb");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixLevel {
    /// Only fixes that never change the resource.
    Safe,
    /// Unsafe fixes too (never display-only ones).
    Unsafe,
}

impl FixLevel {
    fn allows(self, a: Applicability) -> bool {
        match a {
            Applicability::Safe => true,
            Applicability::Unsafe => self == FixLevel::Unsafe,
            Applicability::DisplayOnly => false,
        }
    }
}

/// `input` with the fixes of `level` applied, until none is left (a fix can reveal another:
/// a decoded `%7E` next to lowercase hex), at most a few rounds.
///
/// # Rationale
///
/// Overlapping fixes are not merged: the first (by span) is applied and the others wait for
/// the next round, where the rules run again on the new text. So each round only applies
/// fixes made for the text it changes.
pub fn fix(input: &str, selection: &Selection, level: FixLevel) -> String {
    let mut text = input.to_owned();
    for _ in 0..4 {
        let found = lint(&text, selection);
        let mut fixes: Vec<&Fix> = found
            .iter()
            .filter_map(|d| d.fix.as_ref())
            .filter(|f| level.allows(f.applicability))
            .collect();
        if fixes.is_empty() {
            break;
        }
        fixes.sort_by_key(|f| (f.span.start, f.span.end));
        let mut chosen: Vec<&Fix> = Vec::new();
        for f in fixes {
            if chosen
                .last()
                .is_none_or(|last| last.span.end <= f.span.start)
            {
                chosen.push(f);
            }
        }
        let mut next = text.clone();
        for f in chosen.iter().rev() {
            match f.apply(&next) {
                Some(applied) => next = applied,
                None => unreachable!("invariant: a rule's fix spans characters of its input"),
            }
        }
        if next == text {
            break;
        }
        text = next;
    }
    text
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}..{}: {} {} {}",
            self.span.start, self.span.end, self.code, self.rule, self.message
        )
    }
}
