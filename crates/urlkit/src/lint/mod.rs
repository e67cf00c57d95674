//! Lint rules for URLs, one file per rule (DESIGN §5). A rule reads the raw text (and the
//! parsed components) and returns [`Diagnostic`]s: what is wrong, where (a byte span), how
//! bad, and a fix when one is safe.
//!
//! ```
//! use urlkit::lint::{check, Severity};
//! let found = check("http://0x7f.1/");
//! assert_eq!(found[0].rule, "parser-disagreement");
//! assert_eq!(found[0].severity, Severity::Warning);
//! assert!(check("https://example.com/a").is_empty());
//! ```

use std::fmt;
use std::ops::Range;

pub mod parser_disagreement;

/// How much a finding matters.
///
/// ```
/// use urlkit::lint::Severity;
/// assert_eq!(Severity::Warning.name(), "warning");
/// assert!(Severity::Error > Severity::Warning);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing; nothing breaks.
    Info,
    /// Likely to break somewhere, or to be read differently by different software.
    Warning,
    /// Wrong: some conforming software will reject it or misread it.
    Error,
}

impl Severity {
    /// The stable lowercase name.
    ///
    /// ```
    /// use urlkit::lint::Severity;
    /// assert_eq!(Severity::Error.name(), "error");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The family a rule belongs to (DESIGN §5).
///
/// ```
/// use urlkit::lint::Family;
/// assert_eq!(Family::Security.name(), "security");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// The URL is malformed.
    Correctness,
    /// Different software reads or writes it differently.
    Interoperability,
    /// It can be used to bypass a check or leak data.
    Security,
    /// Legal but inconsistent or surprising.
    Style,
}

impl Family {
    /// The stable lowercase name.
    ///
    /// ```
    /// use urlkit::lint::Family;
    /// assert_eq!(Family::Style.name(), "style");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Family::Correctness => "correctness",
            Family::Interoperability => "interoperability",
            Family::Security => "security",
            Family::Style => "style",
        }
    }
}

/// What a rule is: its name, stable code, family and default severity.
///
/// ```
/// use urlkit::lint::parser_disagreement::RULE;
/// assert_eq!((RULE.name, RULE.code), ("parser-disagreement", "U0401"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleInfo {
    /// Kebab-case name.
    pub name: &'static str,
    /// Stable code (`U` + family digit + number).
    pub code: &'static str,
    /// Family.
    pub family: Family,
    /// Default severity.
    pub severity: Severity,
    /// One line: what it finds.
    pub summary: &'static str,
}

/// A replacement that makes a finding go away without changing what the URL means.
///
/// ```
/// use urlkit::lint::Fix;
/// let fix = Fix { span: 0..4, replacement: "https".into() };
/// assert_eq!(fix.apply("http://a/"), "https://a/");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The bytes to replace.
    pub span: Range<usize>,
    /// What to put there.
    pub replacement: String,
}

impl Fix {
    /// `input` with the fix applied.
    ///
    /// ```
    /// use urlkit::lint::Fix;
    /// assert_eq!(Fix { span: 1..1, replacement: "/".into() }.apply("a"), "a/");
    /// ```
    pub fn apply(&self, input: &str) -> String {
        let mut out = String::with_capacity(input.len() + self.replacement.len());
        out.push_str(input.get(..self.span.start).unwrap_or(input));
        out.push_str(&self.replacement);
        out.push_str(input.get(self.span.end..).unwrap_or(""));
        out
    }
}

/// One finding of one rule.
///
/// ```
/// use urlkit::lint::check;
/// let d = &check("http://a\\b/")[0];
/// assert_eq!((d.rule, d.code, d.span.clone()), ("parser-disagreement", "U0401", 8..9));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The rule's name.
    pub rule: &'static str,
    /// The rule's stable code.
    pub code: &'static str,
    /// How much it matters.
    pub severity: Severity,
    /// The bytes of the input it is about.
    pub span: Range<usize>,
    /// What is wrong, in a sentence.
    pub message: String,
    /// A safe replacement, when there is one.
    pub fix: Option<Fix>,
}

/// Every rule, in code order.
///
/// ```
/// use urlkit::lint::RULES;
/// assert!(RULES.iter().any(|r| r.name == "parser-disagreement"));
/// ```
pub const RULES: &[RuleInfo] = &[parser_disagreement::RULE];

/// Runs every rule on `input` and returns the findings, ordered by span.
///
/// ```
/// use urlkit::lint::check;
/// assert_eq!(check("http://a/%2e%2e/b").len(), 1);
/// ```
pub fn check(input: &str) -> Vec<Diagnostic> {
    let mut found = parser_disagreement::check(input, None);
    found.sort_by_key(|d| (d.span.start, d.span.end));
    found
}
