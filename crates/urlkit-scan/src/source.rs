//! What a scan reads: one source file of a project.

use crate::Language;

/// One source file of a project: its name (as findings should print it), text and language.
///
/// ```
/// let f = urlkit_scan::SourceFile { name: "a.py", source: "x = 1\n", language: urlkit_scan::Language::Python };
/// assert_eq!(f.name, "a.py");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SourceFile<'a> {
    /// The name findings refer to the file by.
    pub name: &'a str,
    /// Its text.
    pub source: &'a str,
    /// Its language.
    pub language: Language,
}
