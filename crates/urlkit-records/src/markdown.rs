//! The one Markdown escaper: what a table cell of any report holds.

use crate::text::escape_controls;

/// A Markdown table cell (GitHub Flavored Markdown): control characters escaped as in every
/// text form (a source's text never reaches a terminal or a renderer raw), then backslashes
/// and `|` escaped, so that a cell is never split and never un-escapes the text it shows.
///
/// ```
/// assert_eq!(urlkit_records::markdown::cell("a|b\\c\n"), "a\\|b\\\\c\\\\x0A");
/// ```
pub fn cell(text: &str) -> String {
    escape_controls(text)
        .replace('\\', "\\\\")
        .replace('|', "\\|")
}
