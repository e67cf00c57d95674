//! The one Markdown escaper: what a table cell of any report holds.

use std::io::{self, Write};

use crate::table::{Align, Cell, Piece, Table};
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

/// A cell's Markdown: text pieces through [`cell`], code pieces as code spans.
///
/// ```
/// use urlkit_records::{markdown::cell_markdown, table::Cell};
/// assert_eq!(cell_markdown(&Cell::text("changed to ").code("a+b")), "changed to `a+b`");
/// assert_eq!(cell_markdown(&Cell::of_code("a|b")), "a\\|b");
/// ```
///
/// # Rationale
///
/// Inside a code span a backslash is literal and a backtick ends the span, while a table still
/// splits at an unescaped `|`: code that holds `|`, `\\` or a backtick is written as escaped
/// text instead, which reads the same and can never break its cell.
pub fn cell_markdown(c: &Cell) -> String {
    c.pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => cell(t),
            Piece::Code(t) if t.is_empty() || t.contains(['|', '\\', '`']) => cell(t),
            Piece::Code(t) => format!("`{}`", escape_controls(t)),
            Piece::Break => "<br>".to_owned(),
        })
        .collect()
}

/// Writes `table` as a GitHub Flavored Markdown table: the heading row, the alignment row,
/// then one row per row, every cell through [`cell_markdown`].
///
/// ```
/// use urlkit_records::table::{Align, Table};
/// let mut t = Table::new([("verdict", Align::Left), ("URLs", Align::Right)]);
/// t.push(["a|b".into(), "3".into()]);
/// let mut out = Vec::new();
/// urlkit_records::markdown::write_table(&mut out, &t).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "| verdict | URLs |\n|---|---:|\n| a\\|b | 3 |\n");
/// ```
pub fn write_table(out: &mut impl Write, table: &Table) -> io::Result<()> {
    // An empty heading (the label column of a two-sided table) is written `| |`.
    let heading: String = table
        .columns
        .iter()
        .map(|c| match cell(&c.name) {
            name if name.is_empty() => " |".to_owned(),
            name => format!(" {name} |"),
        })
        .collect();
    writeln!(out, "|{heading}")?;
    let rule: String = table
        .columns
        .iter()
        .map(|c| match c.align {
            Align::Left => "---|",
            Align::Right => "---:|",
        })
        .collect();
    writeln!(out, "|{rule}")?;
    for row in &table.rows {
        let cells: Vec<String> = (0..table.columns.len())
            .map(|i| row.get(i).map(cell_markdown).unwrap_or_default())
            .collect();
        writeln!(out, "| {} |", cells.join(" | "))?;
    }
    Ok(())
}
