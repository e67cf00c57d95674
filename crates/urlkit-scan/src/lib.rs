//! `urlkit scan`'s engine: finds URL comparison and encoding mistakes in Python,
//! JavaScript/TypeScript, PHP and Go source.
//!
//! Source text and its [`Language`] go in, [`Finding`]s come out; nothing here reads a file.
//! The source is parsed with tree-sitter and its grammars, so that a comparison, a call and a
//! string are told apart as the language's own parser tells them (not by a regular expression
//! over lines). The rules ([`rules`]) are the checklist of a blog post about Japanese slugs
//! that did not match (`%E3` against `%e3` against raw text): compare URLs only through one
//! shared normalizer, write that normalizer once, do not build a comparison key by decoding,
//! encode each component with the encoder made for it, and encode raw text before a request.
//!
//! Spec: RFC 3986 section 6.2.2 (<https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>).
//!
//! ```
//! use urlkit_scan::{scan, Language};
//! let found = scan("if post['link'] == url:\n    pass\n", Language::Python)
//!     .expect("Python parses");
//! assert_eq!(found[0].code, "S001");
//! assert_eq!((found[0].line, found[0].column), (1, 4));
//! ```

mod calls;
mod check;
mod names;
mod project;
mod record;
mod rules;
mod source;
mod syntax;

pub use project::{scan_project, FileFinding};
pub use record::record;
pub use rules::{rule, rules, RuleDoc, RuleInfo};
pub use source::SourceFile;

/// A source language `scan` reads.
///
/// ```
/// use urlkit_scan::Language;
/// assert_eq!(Language::from_path("app/views.py"), Some(Language::Python));
/// assert_eq!(Language::from_path("README.md"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// Python (`.py`, `.pyi`).
    Python,
    /// JavaScript (`.js`, `.mjs`, `.cjs`, `.jsx`).
    JavaScript,
    /// TypeScript (`.ts`, `.mts`, `.cts`).
    TypeScript,
    /// TypeScript with JSX (`.tsx`).
    Tsx,
    /// PHP (`.php`, with its `<?php` tags).
    Php,
    /// Go (`.go`).
    Go,
}

impl Language {
    /// Every language, in the order their names are listed.
    pub const ALL: [Language; 6] = [
        Language::Python,
        Language::JavaScript,
        Language::TypeScript,
        Language::Tsx,
        Language::Php,
        Language::Go,
    ];

    /// The language a file name's extension names, if `scan` reads it.
    ///
    /// ```
    /// use urlkit_scan::Language;
    /// assert_eq!(Language::from_path("src/a.tsx"), Some(Language::Tsx));
    /// ```
    pub fn from_path(path: &str) -> Option<Language> {
        let ext = path.rsplit_once('.')?.1.to_ascii_lowercase();
        Some(match ext.as_str() {
            "py" | "pyi" => Language::Python,
            "js" | "mjs" | "cjs" | "jsx" => Language::JavaScript,
            "ts" | "mts" | "cts" => Language::TypeScript,
            "tsx" => Language::Tsx,
            "php" => Language::Php,
            "go" => Language::Go,
            _ => return None,
        })
    }

    /// The language's name as the CLI and the page take it (`python`, `javascript`, ...).
    ///
    /// ```
    /// assert_eq!(urlkit_scan::Language::Go.name(), "go");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::JavaScript => "javascript",
            Language::TypeScript => "typescript",
            Language::Tsx => "tsx",
            Language::Php => "php",
            Language::Go => "go",
        }
    }

    /// The language of a name given by [`Language::name`] (or `js`, `ts`, `py`).
    ///
    /// ```
    /// use urlkit_scan::Language;
    /// assert_eq!(Language::from_name("js"), Some(Language::JavaScript));
    /// ```
    pub fn from_name(name: &str) -> Option<Language> {
        match name.to_ascii_lowercase().as_str() {
            "py" => Some(Language::Python),
            "js" => Some(Language::JavaScript),
            "ts" => Some(Language::TypeScript),
            n => Language::ALL.into_iter().find(|l| l.name() == n),
        }
    }
}

/// One finding: where, which rule, what, and the urlkit command that shows the evidence.
///
/// ```
/// use urlkit_scan::{scan, Language};
/// let f = &scan("fetch(encodeURIComponent(url));", Language::JavaScript).expect("parses")[0];
/// assert_eq!(f.rule, "component-encoder-on-url");
/// assert!(f.evidence.starts_with("urlkit encode"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The rule's stable code (`S001`).
    pub code: &'static str,
    /// The rule's kebab-case name.
    pub rule: &'static str,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in Unicode code points.
    pub column: usize,
    /// The bytes of the source it is about.
    pub span: std::ops::Range<usize>,
    /// A sentence that stands alone.
    pub message: String,
    /// A urlkit command line whose output shows why (`urlkit compare --explain A B`).
    pub evidence: String,
}

/// Why a source could not be scanned.
///
/// ```
/// let e = urlkit_scan::ScanError::Unparsed;
/// assert!(e.to_string().contains("parse"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScanError {
    /// The parser gave no tree (it was cancelled or its language did not load).
    Unparsed,
}

impl std::fmt::Display for ScanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScanError::Unparsed => f.write_str("the parser gave no syntax tree"),
        }
    }
}

impl std::error::Error for ScanError {}

/// Scans one source as a project of one file: every rule, [`Finding`]s in source order.
///
/// A part the parser could not read (a syntax error) is skipped by tree-sitter's error
/// recovery; [`scan_project`] says how many such parts each file has.
///
/// ```
/// use urlkit_scan::{scan, Language};
/// let ok = "from urllib.parse import quote\nurlopen('https://example.com/' + quote(slug) + '/')\n";
/// assert!(scan(ok, Language::Python).expect("parses").is_empty());
/// ```
pub fn scan(source: &str, language: Language) -> Result<Vec<Finding>, ScanError> {
    let files = [SourceFile {
        name: "",
        source,
        language,
    }];
    let out = scan_project(&files)?;
    Ok(out.findings.into_iter().map(|f| f.finding).collect())
}
