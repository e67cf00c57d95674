//! The records of `lint`: one per input URL, its findings, and the rule list.

use serde::Serialize;
use urlkit::lint::Diagnostic;

use crate::envelope::True;

/// A byte range `[start, end)` of the input: `{"end", "start"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Span {
    /// One past the last byte.
    pub end: usize,
    /// The first byte.
    pub start: usize,
}

impl From<&std::ops::Range<usize>> for Span {
    fn from(r: &std::ops::Range<usize>) -> Span {
        Span {
            end: r.end,
            start: r.start,
        }
    }
}

/// What a rule decoded or weighed: `{"label", "value"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Evidence {
    /// `decoded`, `reads as`, `charset`, ...
    pub label: &'static str,
    /// Its value.
    pub value: String,
}

/// A finding's fix: `{"applicability", "replacement", "span"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fix {
    /// `safe`, `unsafe` or `display-only`.
    pub applicability: &'static str,
    /// The text that replaces the span.
    pub replacement: String,
    /// The bytes replaced.
    pub span: Span,
}

/// One finding of `urlkit lint --json` (docs/json.md, `$defs/finding`).
///
/// ```
/// let found = urlkit::lint::lint("http://a/%zz", &urlkit::lint::Selection::default());
/// let f = urlkit_records::lint::Finding::from(&found[0]);
/// assert_eq!(f.rule, "malformed-escape");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The rule's stable code (`U0101`).
    pub code: &'static str,
    /// The component (`path`, `query:NAME`, ...).
    pub component: String,
    /// What was decoded or weighed.
    pub evidence: Vec<Evidence>,
    /// The fix, when the rule has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<Fix>,
    /// `error`, `warning` or `note`.
    pub level: &'static str,
    /// A sentence that stands alone.
    pub message: String,
    /// The rule's kebab-case name.
    pub rule: &'static str,
    /// The bytes it is about.
    pub span: Span,
}

impl From<&Diagnostic> for Finding {
    fn from(d: &Diagnostic) -> Finding {
        Finding {
            code: d.code,
            component: d.component.to_string(),
            evidence: d
                .evidence
                .iter()
                .map(|e| Evidence {
                    label: e.label,
                    value: e.value.clone(),
                })
                .collect(),
            fix: d.fix.as_ref().map(|f| Fix {
                applicability: f.applicability.name(),
                replacement: f.replacement.clone(),
                span: Span::from(&f.span),
            }),
            level: d.severity.name(),
            message: d.message.clone(),
            rule: d.rule,
            span: Span::from(&d.span),
        }
    }
}

/// `urlkit lint --json` for one input: `{"findings", "input", "line", "ok"}` (no `output`).
///
/// ```
/// let r = urlkit_records::lint::Lint::new("http://a/", 1, &[]);
/// assert_eq!(
///     serde_json::to_string(&r).unwrap(),
///     r#"{"findings":[],"input":"http://a/","line":1,"ok":true}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lint {
    /// Ordered by span.
    pub findings: Vec<Finding>,
    /// The URL.
    pub input: String,
    /// The argument's or stdin line's number (or the position in the list).
    pub line: usize,
    /// `true`.
    pub ok: True,
    /// With `--fix`: the URL with the fixes applied (then `findings` are those left in it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// `"list"` on the records a streamed list ends with: the findings of the list rules
    /// (`mixed-forms`, `trailing-slash-mixed`) on a URL whose own record came before, known
    /// only once the whole list is read. Absent on a URL's own record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<&'static str>,
    /// The file or source the URL came from (`urlkit lint urls.txt`), when it came from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

impl Lint {
    /// The record of `input` (at `line`) with its diagnostics.
    pub fn new(input: impl Into<String>, line: usize, found: &[Diagnostic]) -> Lint {
        Lint {
            findings: found.iter().map(Finding::from).collect(),
            input: input.into(),
            line,
            ok: True,
            output: None,
            scope: None,
            source: None,
        }
    }

    /// The same record as one of a streamed list's last: the list rules' findings on that URL
    /// (`"scope": "list"`).
    ///
    /// ```
    /// let r = urlkit_records::lint::Lint::new("http://a/", 3, &[]).list_rules();
    /// assert_eq!(
    ///     serde_json::to_string(&r).unwrap(),
    ///     r#"{"findings":[],"input":"http://a/","line":3,"ok":true,"scope":"list"}"#
    /// );
    /// ```
    pub fn list_rules(mut self) -> Lint {
        self.scope = Some("list");
        self
    }

    /// The same record for `lint --fix`: `output` is the fixed URL, and the record's findings
    /// should be those that remain in it.
    pub fn fixed(mut self, output: String) -> Lint {
        self.output = Some(output);
        self
    }

    /// The same record, saying the file or source it came from.
    pub fn source(mut self, source: Option<String>) -> Lint {
        self.source = source;
        self
    }
}

/// One lint rule as `urlkit.rules()` lists it: `{"aliases", "code", "family", "level", "name",
/// "on_by_default", "scope", "summary"}`.
///
/// ```
/// let all: Vec<_> = urlkit::lint::rules().into_iter().map(urlkit_records::lint::RuleInfo::from).collect();
/// assert!(all.iter().any(|r| r.name == "malformed-escape"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleInfo {
    /// Other names it answers to (WHATWG validation-error names).
    pub aliases: Vec<&'static str>,
    /// The stable code.
    pub code: &'static str,
    /// `correctness`, `interoperability`, `security` or `style`.
    pub family: &'static str,
    /// Its default level.
    pub level: &'static str,
    /// The kebab-case name.
    pub name: &'static str,
    /// Whether it runs without `--select`.
    pub on_by_default: bool,
    /// `url` (one URL at a time) or `list` (the whole list).
    pub scope: &'static str,
    /// One line.
    pub summary: &'static str,
}

impl From<&urlkit::lint::RuleInfo> for RuleInfo {
    fn from(r: &urlkit::lint::RuleInfo) -> RuleInfo {
        RuleInfo {
            aliases: r.aliases.to_vec(),
            code: r.code,
            family: r.family.name(),
            level: r.level.name(),
            name: r.name,
            on_by_default: r.on_by_default(),
            scope: match r.scope {
                urlkit::lint::Scope::Url => "url",
                urlkit::lint::Scope::List => "list",
            },
            summary: r.summary,
        }
    }
}
