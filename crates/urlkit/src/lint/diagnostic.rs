//! What a rule reports: a [`Diagnostic`] with its span, component, evidence and fix.

use std::fmt;
use std::ops::Range;

use crate::uri::Place;

/// How much a finding matters (SARIF `level`).
///
/// ```
/// use urlkit::lint::Severity;
/// assert_eq!(Severity::Warning.name(), "warning");
/// assert!(Severity::Error > Severity::Warning && Severity::Warning > Severity::Note);
/// assert_eq!(Severity::from_name("note"), Some(Severity::Note));
/// ```
///
/// Spec: <https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html#_Toc34317648>
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing; nothing breaks.
    Note,
    /// Likely to break somewhere, or to be read differently by different software.
    Warning,
    /// Wrong: some conforming software will reject it or misread it.
    Error,
}

impl Severity {
    /// The stable lowercase name, as SARIF spells the level.
    ///
    /// ```
    /// use urlkit::lint::Severity;
    /// assert_eq!(Severity::Error.name(), "error");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// The level of that name.
    ///
    /// ```
    /// use urlkit::lint::Severity;
    /// assert_eq!(Severity::from_name("error"), Some(Severity::Error));
    /// assert_eq!(Severity::from_name("info"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Severity> {
        [Severity::Note, Severity::Warning, Severity::Error]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether applying a fix can change which resource the URL names.
///
/// ```
/// use urlkit::lint::Applicability;
/// assert_eq!(Applicability::DisplayOnly.name(), "display-only");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Applicability {
    /// Never changes which resource the URL names (the URLs are equal at the `safe` level).
    Safe,
    /// May change it: a human decides (`--unsafe-fixes`).
    Unsafe,
    /// A readable form to show, never to write back (`--fix` never applies it).
    DisplayOnly,
}

impl Applicability {
    /// The stable kebab-case name.
    ///
    /// ```
    /// use urlkit::lint::Applicability;
    /// assert_eq!(Applicability::Safe.name(), "safe");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
            Applicability::DisplayOnly => "display-only",
        }
    }
}

/// A replacement of some bytes of the input.
///
/// ```
/// use urlkit::lint::{Applicability, Fix};
/// let fix = Fix { span: 0..4, replacement: "https".into(), applicability: Applicability::Unsafe };
/// assert_eq!(fix.apply("http://a/").as_deref(), Some("https://a/"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The bytes to replace.
    pub span: Range<usize>,
    /// What to put there.
    pub replacement: String,
    /// Whether it may change what the URL names.
    pub applicability: Applicability,
}

impl Fix {
    /// `input` with the fix applied, or `None` when the span is not a character range of
    /// `input` (a fix made for another text).
    ///
    /// ```
    /// use urlkit::lint::{Applicability, Fix};
    /// let fix = Fix { span: 1..1, replacement: "/".into(), applicability: Applicability::Safe };
    /// assert_eq!(fix.apply("a").as_deref(), Some("a/"));
    /// assert_eq!(fix.apply(""), None);
    /// ```
    pub fn apply(&self, input: &str) -> Option<String> {
        let head = input.get(..self.span.start)?;
        let tail = input.get(self.span.end..)?;
        Some(format!("{head}{}{tail}", self.replacement))
    }
}

/// One piece of evidence for a finding: what the bytes decode to, a candidate reading.
///
/// ```
/// use urlkit::lint::Evidence;
/// let e = Evidence::new("decoded", "E6 97 A5");
/// assert_eq!(e.to_string(), "decoded: E6 97 A5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evidence {
    /// What this is (`decoded`, `reads as`, `candidate`, ...).
    pub label: &'static str,
    /// The evidence itself.
    pub value: String,
}

impl Evidence {
    /// Evidence labelled `label`.
    ///
    /// ```
    /// use urlkit::lint::Evidence;
    /// assert_eq!(Evidence::new("reads as", "本").value, "本");
    /// ```
    pub fn new(label: &'static str, value: impl Into<String>) -> Evidence {
        Evidence {
            label,
            value: value.into(),
        }
    }
}

impl fmt::Display for Evidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.label, self.value)
    }
}

/// One finding of one rule.
///
/// ```
/// use urlkit::lint::check;
/// use urlkit::uri::{Component, Place};
/// let d = &check("http://a\\b/")[0];
/// assert_eq!((d.rule, d.code, d.span.clone()), ("backslash", "U0411", 8..9));
/// assert_eq!(d.component, Place::In(Component::Host));
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
    /// Where they are: a component, a query parameter, or the whole URL.
    pub component: Place,
    /// What is wrong, in a sentence that stands alone and names the offending text.
    pub message: String,
    /// What the finding rests on.
    pub evidence: Vec<Evidence>,
    /// A replacement, when there is one.
    pub fix: Option<Fix>,
}
