//! GitHub Actions workflow commands (`::error file=…,line=…::message`): the annotation a
//! finding becomes in a workflow's log and on a pull request's diff, and its one escaper.
//!
//! Spec: <https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions>

use std::io::Write;

/// The level of an annotation: the workflow commands `error`, `warning` and `notice`.
///
/// ```
/// use urlkit_records::github::Level;
/// assert_eq!(Level::Notice.command(), "notice");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// `::error`.
    Error,
    /// `::warning`.
    Warning,
    /// `::notice`.
    Notice,
}

impl Level {
    /// The workflow command's name.
    pub const fn command(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Notice => "notice",
        }
    }
}

/// One annotation: where (the file, when there is one; the line; the columns, 1-based) and
/// what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Annotation<'a> {
    /// Its level.
    pub level: Level,
    /// The file it is in; `None` for standard input and arguments (no made-up file name).
    pub file: Option<&'a str>,
    /// The line, 1-based.
    pub line: usize,
    /// The first column, 1-based.
    pub col: usize,
    /// The column after the last, 1-based.
    pub end_column: usize,
    /// The title.
    pub title: &'a str,
    /// The message.
    pub message: &'a str,
}

/// Writes `a` as one workflow command line, its values escaped.
///
/// ```
/// use urlkit_records::github::{write_annotation, Annotation, Level};
/// let a = Annotation { level: Level::Warning, file: Some("a,b.txt"), line: 3, col: 1,
///                      end_column: 4, title: "U1 x:y", message: "50% off\nnow" };
/// let mut out = Vec::new();
/// write_annotation(&mut out, &a).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(),
///            "::warning file=a%2Cb.txt,line=3,col=1,endColumn=4,title=U1 x%3Ay::50%25 off%0Anow\n");
/// ```
pub fn write_annotation(out: &mut impl Write, a: &Annotation<'_>) -> std::io::Result<()> {
    let file = a
        .file
        .map_or(String::new(), |f| format!("file={},", property(f)));
    writeln!(
        out,
        "::{} {file}line={},col={},endColumn={},title={}::{}",
        a.level.command(),
        a.line,
        a.col,
        a.end_column,
        property(a.title),
        data(a.message)
    )
}

/// A command's message: `%`, CR and LF escaped (else a line break would end the command and
/// start another).
///
/// ```
/// assert_eq!(urlkit_records::github::data("a%\r\nb"), "a%25%0D%0Ab");
/// ```
pub fn data(t: &str) -> String {
    t.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A command's property value: what [`data`] escapes, and `:` and `,` (which end a value).
///
/// ```
/// assert_eq!(urlkit_records::github::property("a:b,c"), "a%3Ab%2Cc");
/// ```
pub fn property(t: &str) -> String {
    data(t).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The writer on a fixed input, every field and escape at once.
    #[test]
    fn annotations_are_written_as_workflow_commands() {
        let mut out = Vec::new();
        for (level, file) in [
            (Level::Error, Some("dir/list,1.txt")),
            (Level::Warning, None),
            (Level::Notice, Some("a:b")),
        ] {
            let a = Annotation {
                level,
                file,
                line: 12,
                col: 8,
                end_column: 11,
                title: "U0203 percent-lowercase",
                message: "escape %e9 in lowercase:\r\nwrite %E9",
            };
            write_annotation(&mut out, &a).expect("a Vec takes every write");
        }
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            "::error file=dir/list%2C1.txt,line=12,col=8,endColumn=11,title=U0203 \
             percent-lowercase::escape %25e9 in lowercase:%0D%0Awrite %25E9\n\
             ::warning line=12,col=8,endColumn=11,title=U0203 percent-lowercase::escape %25e9 \
             in lowercase:%0D%0Awrite %25E9\n\
             ::notice file=a%3Ab,line=12,col=8,endColumn=11,title=U0203 percent-lowercase::\
             escape %25e9 in lowercase:%0D%0Awrite %25E9\n"
        );
    }
}
