//! What a rule is: its code, name, family, level, doc, aliases; and the codes reserved for
//! rules that live elsewhere.

use std::ops::Range;

use super::context::Context;
use super::diagnostic::{Diagnostic, Severity};

/// The family a rule belongs to (DESIGN §5).
///
/// ```
/// use urlkit::lint::Family;
/// assert_eq!(Family::Security.name(), "security");
/// assert_eq!(Family::from_name("style"), Some(Family::Style));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// The URL is malformed.
    Correctness,
    /// Different software reads or writes it differently.
    Interoperability,
    /// It can be used to bypass a check or leak data.
    Security,
    /// Legal but inconsistent or surprising (off unless selected).
    Style,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 4] = [
        Family::Correctness,
        Family::Interoperability,
        Family::Security,
        Family::Style,
    ];

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

    /// The family of that name.
    ///
    /// ```
    /// use urlkit::lint::Family;
    /// assert_eq!(Family::from_name("security"), Some(Family::Security));
    /// ```
    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// What a rule looks at: one URL, or the whole list.
///
/// ```
/// use urlkit::lint::{rule, Scope};
/// assert_eq!(rule("mixed-forms").unwrap().scope, Scope::List);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// One URL at a time.
    Url,
    /// The whole input, to find inconsistencies between URLs.
    List,
}

/// The CWE and GitHub security-severity of a security rule.
///
/// ```
/// use urlkit::lint::rule;
/// let s = rule("encoded-dot-segment").unwrap().security.unwrap();
/// assert_eq!(s.cwe, 22);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SecurityInfo {
    /// The CWE number (<https://cwe.mitre.org/>).
    pub cwe: u32,
    /// GitHub code scanning's `security-severity`, 0.0 to 10.0 (CVSS-like).
    pub severity: f32,
}

/// A rule's doc, in the fixed shape: What it does / Why it matters / Example / Use instead /
/// Fix safety / References.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RuleDoc {
    /// What it does.
    pub what: &'static str,
    /// Why it matters.
    pub why: &'static str,
    /// A URL the rule reports (a test checks that it does).
    pub example: &'static str,
    /// The URL to write instead (a test checks that the rule does not report it).
    pub use_instead: &'static str,
    /// What the fix does and whether it may change the resource.
    pub fix_safety: &'static str,
    /// Specifications and reports.
    pub references: &'static [&'static str],
}

/// What a rule is.
///
/// ```
/// use urlkit::lint::{rule, Family, Severity};
/// let r = rule("U0201").unwrap();
/// assert_eq!((r.name, r.family, r.level), ("lowercase-hex", Family::Interoperability, Severity::Warning));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RuleInfo {
    /// Stable code: `U`, the family's two digits (01 correctness, 02 interoperability, 03
    /// style, 04 security), a number. Never reused.
    pub code: &'static str,
    /// Kebab-case name.
    pub name: &'static str,
    /// Family.
    pub family: Family,
    /// Default level.
    pub level: Severity,
    /// One line: what it finds.
    pub summary: &'static str,
    /// One URL, or the whole list.
    pub scope: Scope,
    /// The WHATWG URL Standard validation errors this rule covers, accepted as its aliases.
    pub aliases: &'static [&'static str],
    /// CWE and security-severity, for security rules.
    pub security: Option<SecurityInfo>,
    /// The doc.
    pub doc: RuleDoc,
}

impl RuleInfo {
    /// A finding of this rule on `span` of the URL in `cx` (its component found from the
    /// span), without evidence or fix.
    pub(crate) fn diagnostic(
        &'static self,
        cx: &Context<'_>,
        span: Range<usize>,
        message: String,
    ) -> Diagnostic {
        Diagnostic {
            rule: self.name,
            code: self.code,
            severity: self.level,
            component: cx.component_at(span.start),
            span,
            message,
            evidence: Vec::new(),
            fix: None,
        }
    }

    /// Whether the rule runs without being selected: every family but style.
    ///
    /// ```
    /// use urlkit::lint::rule;
    /// assert!(rule("nul").unwrap().on_by_default());
    /// assert!(!rule("uppercase-path").unwrap().on_by_default());
    /// ```
    pub fn on_by_default(&self) -> bool {
        self.family != Family::Style
    }

    /// The doc as text, in its fixed shape (what `urlkit lint --explain` prints).
    ///
    /// ```
    /// use urlkit::lint::rule;
    /// let text = rule("nul").unwrap().explain();
    /// assert!(text.starts_with("U0403 nul (security, error)"));
    /// assert!(text.contains("\n## Why it matters\n"));
    /// ```
    pub fn explain(&self) -> String {
        let d = &self.doc;
        let mut s = format!(
            "{} {} ({}, {})\n{}\n",
            self.code,
            self.name,
            self.family.name(),
            self.level.name(),
            self.summary
        );
        if self.scope == Scope::List {
            s.push_str("Looks at the whole input list.\n");
        }
        if !self.aliases.is_empty() {
            s.push_str(&format!(
                "Aliases (WHATWG validation errors): {}\n",
                self.aliases.join(", ")
            ));
        }
        if let Some(sec) = self.security {
            s.push_str(&format!(
                "CWE-{}, security-severity {:.1}\n",
                sec.cwe, sec.severity
            ));
        }
        s.push_str(&format!("\n## What it does\n{}\n", d.what));
        s.push_str(&format!("\n## Why it matters\n{}\n", d.why));
        s.push_str(&format!("\n## Example\n{}\n", d.example));
        s.push_str(&format!("\n## Use instead\n{}\n", d.use_instead));
        s.push_str(&format!("\n## Fix safety\n{}\n", d.fix_safety));
        s.push_str("\n## References\n");
        for r in d.references {
            s.push_str(&format!("- {r}\n"));
        }
        s
    }
}

/// Codes and names held for rules that are not in this build: no other rule may take them.
/// Empty today: U0207 `latin1-mojibake` and U0208 `legacy-charset`, held here until the
/// charset repair existed, are rules now (and win over `invalid-utf8` on the same bytes).
///
/// ```
/// use urlkit::lint::{rule, RESERVED};
/// assert!(RESERVED.is_empty());
/// assert_eq!(rule("U0207").unwrap().name, "latin1-mojibake");
/// ```
pub const RESERVED: &[(&str, &str)] = &[];
