//! A project: every file parsed, the normalization routines found across them (rule S002),
//! then each file's own checks.

use std::collections::{HashMap, HashSet};

use tree_sitter::{Node, Parser, Tree};

use crate::check::{self, Routine};
use crate::names::normalizer_name;
use crate::source::SourceFile;
use crate::syntax::{self, line_col, preorder, Src};
use crate::{Finding, Language, ScanError};

/// A finding and the index of its file in the slice given to [`scan_project`].
///
/// ```
/// use urlkit_scan::{scan_project, Language, SourceFile};
/// let files = [SourceFile { name: "a.js", source: "if (a.href === link) {}", language: Language::JavaScript }];
/// let out = scan_project(&files).expect("parses");
/// assert_eq!(out.findings[0].file, 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileFinding {
    /// Index into the files given.
    pub file: usize,
    /// The finding.
    pub finding: Finding,
}

/// What a project scan found.
///
/// ```
/// use urlkit_scan::{scan_project, Language, SourceFile};
/// let files = [SourceFile { name: "a.py", source: "def f(:\n", language: Language::Python }];
/// let out = scan_project(&files).expect("a tree, with an error in it");
/// assert_eq!(out.syntax_errors.len(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProjectScan {
    /// Every finding, by file, then by position.
    pub findings: Vec<FileFinding>,
    /// Parts the parser could not read and skipped: (file index, line, column), from 1.
    pub syntax_errors: Vec<(usize, usize, usize)>,
}

pub(crate) fn ts_language(lang: Language) -> tree_sitter::Language {
    match lang {
        Language::Python => tree_sitter_python::LANGUAGE.into(),
        Language::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
        Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        Language::Tsx => tree_sitter_typescript::LANGUAGE_TSX.into(),
        Language::Php => tree_sitter_php::LANGUAGE_PHP.into(),
        Language::Go => tree_sitter_go::LANGUAGE.into(),
    }
}

fn has_percent_pattern(text: &str) -> bool {
    text.match_indices('%').any(|(i, _)| {
        let rest = text.get(i + 1..).unwrap_or("");
        let rest = rest.strip_prefix('(').unwrap_or(rest);
        rest.starts_with('[')
            && rest
                .get(..12.min(rest.len()))
                .is_some_and(|r| r.contains("0-9") || r.contains("a-f") || r.contains("A-F"))
    })
}

/// The normalization routines of one file.
fn routines(src: &Src, file: usize, root: Node) -> Vec<Routine> {
    let mut out = Vec::new();
    for n in preorder(root) {
        let Some(f) = syntax::function(src, n) else {
            continue;
        };
        let body = preorder(f.body);
        let pattern = body.iter().any(|b| {
            (syntax::is_string(*b) || b.kind() == "regex") && has_percent_pattern(src.t(*b))
        });
        let calls = body.iter().any(|b| syntax::call(src, *b).is_some());
        if !(pattern || (normalizer_name(&f.name) && calls)) {
            continue;
        }
        let mentions = body
            .iter()
            .filter_map(|b| syntax::name_of(src, *b))
            .filter(|m| *m != f.name)
            .collect();
        out.push(Routine {
            file,
            name: f.name,
            node_id: f.node.id(),
            span: f.node.start_byte()..f.node.end_byte(),
            name_at: syntax::strip(f.node).start_byte(),
            mentions,
        });
    }
    out
}

/// Scans the files of one project: every rule, each file's findings in source order.
///
/// Rule S002 (several normalization routines) looks at all files together; the other rules
/// look at one file at a time, knowing the names of the project's normalization routines.
///
/// ```
/// use urlkit_scan::{scan_project, Language, SourceFile};
/// let a = "def normalize_url(u):\n    return u.upper()\n";
/// let b = "def canonicalize(u):\n    return u.lower()\n";
/// let files = [
///     SourceFile { name: "a.py", source: a, language: Language::Python },
///     SourceFile { name: "b.py", source: b, language: Language::Python },
/// ];
/// let out = scan_project(&files).expect("parses");
/// assert_eq!(out.findings.iter().filter(|f| f.finding.code == "S002").count(), 2);
/// ```
pub fn scan_project(files: &[SourceFile]) -> Result<ProjectScan, ScanError> {
    let mut trees: Vec<Tree> = Vec::with_capacity(files.len());
    let mut parsers: HashMap<Language, Parser> = HashMap::new();
    for f in files {
        let parser = match parsers.entry(f.language) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                let mut p = Parser::new();
                p.set_language(&ts_language(f.language))
                    .map_err(|_| ScanError::Unparsed)?;
                e.insert(p)
            }
        };
        trees.push(parser.parse(f.source, None).ok_or(ScanError::Unparsed)?);
    }
    let mut out = ProjectScan::default();
    let mut all: Vec<Routine> = Vec::new();
    for (i, (f, t)) in files.iter().zip(&trees).enumerate() {
        let src = Src {
            text: f.source,
            lang: f.language,
        };
        all.extend(routines(&src, i, t.root_node()));
        for n in preorder(t.root_node()) {
            if n.is_error() || n.is_missing() {
                let (l, c) = line_col(f.source, n.start_byte());
                out.syntax_errors.push((i, l, c));
            }
        }
    }
    // A routine that another one calls (or holds) is part of that one, not a second one.
    let mentioned: HashSet<&str> = all
        .iter()
        .flat_map(|r| r.mentions.iter().map(String::as_str))
        .collect();
    let nested = |r: &Routine| {
        all.iter().any(|o| {
            o.file == r.file
                && o.span != r.span
                && o.span.start <= r.span.start
                && r.span.end <= o.span.end
        })
    };
    let roots: Vec<&Routine> = all
        .iter()
        .filter(|r| !mentioned.contains(r.name.as_str()) && !nested(r))
        .collect();
    let names: HashSet<String> = all.iter().map(|r| r.name.clone()).collect();
    let root_names: HashSet<String> = roots.iter().map(|r| r.name.clone()).collect();
    for (i, (f, t)) in files.iter().zip(&trees).enumerate() {
        let src = Src {
            text: f.source,
            lang: f.language,
        };
        let routine_ids: HashSet<usize> = all
            .iter()
            .filter(|r| r.file == i)
            .map(|r| r.node_id)
            .collect();
        let mut found = check::file(&src, t.root_node(), &names, &root_names, &routine_ids);
        if roots.len() > 1 {
            for r in roots.iter().filter(|r| r.file == i) {
                found.push(check::several(&src, r, &roots, files));
            }
        }
        found.sort_by_key(|f| (f.span.start, f.code));
        found.dedup_by(|a, b| a.code == b.code && a.span == b.span);
        out.findings.extend(
            found
                .into_iter()
                .map(|finding| FileFinding { file: i, finding }),
        );
    }
    Ok(out)
}
