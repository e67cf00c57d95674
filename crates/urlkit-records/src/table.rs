//! Tables as data: a report builds its rows once, and each writer (CSV, Markdown, text) lays
//! them out with the one escaper of its format.

/// How a column's cells line up (Markdown `---:`, right-aligned numbers in text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Text.
    Left,
    /// Numbers.
    Right,
}

/// A column: its heading and alignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The heading (CSV header, Markdown heading row).
    pub name: String,
    /// How its cells line up.
    pub align: Align,
}

/// A piece of a cell: text, or code (a name or a value shown as written: a Markdown code
/// span, plain in CSV and text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Prose.
    Text(String),
    /// A name or value shown as written.
    Code(String),
    /// A line break inside the cell (`<br>` in Markdown, a space elsewhere).
    Break,
}

/// One cell: pieces of text and code, in order.
///
/// ```
/// use urlkit_records::table::Cell;
/// let c = Cell::text("changed to ").code("a+b");
/// assert_eq!(c.plain(), "changed to a+b");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// The pieces.
    pub pieces: Vec<Piece>,
}

impl Cell {
    /// An empty cell (a value a row lacks).
    pub fn empty() -> Cell {
        Cell::default()
    }

    /// A cell of text.
    pub fn text(text: impl Into<String>) -> Cell {
        Cell::empty().and_text(text)
    }

    /// A cell of code.
    pub fn of_code(code: impl Into<String>) -> Cell {
        Cell::empty().code(code)
    }

    /// The same cell with more text after it.
    pub fn and_text(mut self, text: impl Into<String>) -> Cell {
        let text = text.into();
        if !text.is_empty() {
            self.pieces.push(Piece::Text(text));
        }
        self
    }

    /// The same cell with code after it.
    pub fn code(mut self, code: impl Into<String>) -> Cell {
        self.pieces.push(Piece::Code(code.into()));
        self
    }

    /// The same cell with a line break after it.
    pub fn line_break(mut self) -> Cell {
        self.pieces.push(Piece::Break);
        self
    }

    /// The cell's text without markup (CSV, text).
    pub fn plain(&self) -> String {
        self.pieces
            .iter()
            .map(|p| match p {
                Piece::Text(t) | Piece::Code(t) => t.as_str(),
                Piece::Break => " ",
            })
            .collect()
    }
}

impl From<&str> for Cell {
    fn from(text: &str) -> Cell {
        Cell::text(text)
    }
}

impl From<String> for Cell {
    fn from(text: String) -> Cell {
        Cell::text(text)
    }
}

impl From<Option<&str>> for Cell {
    fn from(text: Option<&str>) -> Cell {
        text.map_or_else(Cell::empty, Cell::text)
    }
}

/// A table: columns and rows of cells (a row may be shorter than the columns: its missing
/// cells are empty).
///
/// ```
/// use urlkit_records::table::{Align, Table};
/// let mut t = Table::new([("verdict", Align::Left), ("URLs", Align::Right)]);
/// t.push(["ok".into(), "3".into()]);
/// assert_eq!(t.rows.len(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The columns.
    pub columns: Vec<Column>,
    /// The rows.
    pub rows: Vec<Vec<Cell>>,
}

impl Table {
    /// A table with these columns and no rows.
    pub fn new<S: Into<String>>(columns: impl IntoIterator<Item = (S, Align)>) -> Table {
        Table {
            columns: columns
                .into_iter()
                .map(|(name, align)| Column {
                    name: name.into(),
                    align,
                })
                .collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a column at the end.
    pub fn column(&mut self, name: impl Into<String>, align: Align) {
        self.columns.push(Column {
            name: name.into(),
            align,
        });
    }

    /// Adds a row.
    pub fn push(&mut self, row: impl IntoIterator<Item = Cell>) {
        self.rows.push(row.into_iter().collect());
    }
}

impl From<Option<String>> for Cell {
    fn from(text: Option<String>) -> Cell {
        text.map_or_else(Cell::empty, Cell::text)
    }
}
