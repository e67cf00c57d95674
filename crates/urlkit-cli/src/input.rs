//! The CLI's door to the one input model (`urlkit_sources::Inputs`): the inputs of every
//! command, in order; what the model says about them (a removed BOM or whitespace, a format
//! told by content, a line that gave no URL) on stderr as notes and warnings.
//!
//! Inputs are the command's arguments, or stdin one item per line when there are none. The
//! commands that take URLs also read files and sources (`urlkit lint urls.txt`,
//! `urlkit key sitemap:wp-sitemap.xml`, `urlkit normalize csv:list.csv#url`), and stdin in
//! the format its first bytes tell.

use std::io;

use urlkit_records::Failed;
pub use urlkit_sources::{Content, Origin};
use urlkit_sources::{Effect, InputError, Inputs, Notice};

use crate::cmd::CliError;
use crate::records::Failure;
use crate::style::Style;

/// One input item: raw bytes (stdin and files need not be UTF-8) and where it came from.
pub struct Item<'a> {
    /// Where it came from.
    pub origin: Origin,
    /// The raw bytes, without the line terminator, the BOM or (for URLs) the whitespace
    /// around them.
    pub bytes: &'a [u8],
}

impl Item<'_> {
    /// The input as text, or an error located at the first byte that is not UTF-8.
    pub fn text(&self) -> Result<&str, Failure> {
        // The vector check first (most lines are UTF-8, and short: the standard library's
        // check costs several times more per line); the standard one says where it breaks.
        if let Ok(text) = simdutf8::basic::from_utf8(self.bytes) {
            return Ok(text);
        }
        std::str::from_utf8(self.bytes).map_err(|e| {
            Failure::at(
                "invalid-utf8-input",
                e.valid_up_to(),
                "the input is not valid UTF-8",
            )
        })
    }

    /// The input as text for display, with invalid UTF-8 replaced.
    pub fn display(&self) -> String {
        String::from_utf8_lossy(self.bytes).into_owned()
    }

    /// The record of this input failing: `"line"` when it came from a line (of stdin or a
    /// file), `"source"` when it came from a file or source.
    pub fn failed(&self, failure: Failure) -> Failed {
        let mut record = Failed::new(self.display(), failure);
        if let Some(n) = self.origin.line() {
            record = record.line(n as usize);
        }
        if let Some(name) = self.origin.source() {
            record = record.source(name);
        }
        record
    }
}

/// The arguments of the commands that read sources.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SourceArgs {
    /// Read a file or source that gives no URL (an empty export, a wrong path inside a
    /// folder) as an empty list; by default it is an error (exit 2).
    #[arg(long)]
    pub allow_empty: bool,
}

/// What the URL commands say about reading files and sources, at the end of their `--help`
/// (a macro, so that `concat!` can append it to each command's own text).
macro_rules! sources_help {
    () => {
        "

Inputs: URLs as arguments, or stdin one per line. A bare argument without a scheme that names
a file is read as that file (said on stderr); sources name their format: text:FILE,
csv:FILE#COLUMN, tsv:FILE#COLUMN, sitemap:FILE|URL, wp:FILE|DIR|URL, json:FILE#/POINTER, and
- for stdin. Stdin that holds a sitemap, WordPress JSON, JSON or a CSV with a URL column is
read as such (said; text:- reads it as lines). A source names its encoding:
csv:list.csv?encoding=cp932 (text, CSV and TSV; JSON is UTF-8, XML says its own). A source
that gives no URL is an error unless --allow-empty."
    };
}
pub(crate) use sources_help;

/// Calls `f` on every input, in order: the arguments, or stdin's lines when there are none.
/// `content` decides what is removed around each input; each removal is said on stderr.
pub fn for_each_input(
    args: &[String],
    content: Content,
    err_style: &Style,
    f: impl FnMut(Item<'_>) -> io::Result<()>,
) -> Result<(), CliError> {
    run(Inputs::new(content), args, err_style, f)
}

/// [`for_each_input`] for a command that takes URLs: files and sources are read too
/// ([`Inputs::read_sources`]).
pub fn for_each_url_input(
    args: &[String],
    content: Content,
    sources: &SourceArgs,
    err_style: &Style,
    f: impl FnMut(Item<'_>) -> io::Result<()>,
) -> Result<(), CliError> {
    let mut inputs = Inputs::new(content).read_sources();
    // Without the `http` feature there is no fetcher: a source given by URL is then the
    // readers' `http-disabled` error, which names the feature.
    #[cfg(feature = "http")]
    let fetcher = urlkit_sources::HttpFetcher::new();
    #[cfg(feature = "http")]
    {
        inputs = inputs.fetcher(&fetcher);
    }
    if sources.allow_empty {
        inputs = inputs.allow_empty();
    }
    run(inputs, args, err_style, f)
}

fn run(
    inputs: Inputs<'_>,
    args: &[String],
    err_style: &Style,
    mut f: impl FnMut(Item<'_>) -> io::Result<()>,
) -> Result<(), CliError> {
    let mut say = |n: Notice| say(err_style, &n);
    let mut each = |item: urlkit_sources::Item<'_>| {
        f(Item {
            origin: item.origin,
            bytes: item.bytes,
        })
    };
    inputs.each(args, &mut say, &mut each).map_err(|e| match e {
        InputError::Io(e) => CliError::from(e),
        InputError::Source(e) => CliError::Read(e.to_string()),
    })
}

/// A notice of the input model on stderr: a warning for input that gave no record, else a
/// note.
pub fn say(err_style: &Style, notice: &Notice) {
    match notice.effect {
        Effect::Skipped => crate::diag::warning(err_style, &notice.message),
        _ => crate::diag::note(err_style, &notice.message),
    }
}

/// `text` trimmed as a URL by the one rule ([`urlkit_sources::trim`]), what was removed said
/// on stderr about `place` (`argument 1`, `line 3 (B)`), for a command that splits an input
/// into URLs itself (`compare`'s pairs).
pub fn trim_url<'a>(text: &'a str, place: &str, err_style: &Style) -> &'a str {
    let (kept, t) = urlkit_sources::trim_str(text, Content::Url);
    if let Some(what) = t.describe(text.as_bytes()) {
        crate::diag::note(err_style, format_args!("{place}: {what}"));
    }
    kept
}

/// Whether the demo input of `table` and `roundtrip` is shown: no argument and stdin a
/// terminal (a person exploring). Piped stdin is the input, read as lines.
pub fn shows_demo(args: &[String]) -> bool {
    use std::io::IsTerminal;
    args.is_empty() && io::stdin().is_terminal()
}

/// Stdin's lines as text (a BOM removed), for `roundtrip`, which needs every value before it
/// answers: a line that is not UTF-8 is warned about and left out; none at all is said.
pub fn stdin_values(err_style: &Style) -> Result<Vec<String>, CliError> {
    let mut values = Vec::new();
    for_each_input(&[], Content::Text, err_style, |item| {
        match item.text() {
            Ok(text) => values.push(text.to_owned()),
            Err(f) => crate::diag::warning(
                err_style,
                format_args!("{}: {}; left out", item.origin.describe(), f.message),
            ),
        }
        Ok(())
    })?;
    if values.is_empty() {
        say_no_input(err_style);
    }
    Ok(values)
}

/// The note of a demo command given an empty stdin.
pub fn say_no_input(err_style: &Style) {
    crate::diag::note(
        err_style,
        "stdin holds no line: nothing to show (the demo input is shown when stdin is a terminal)",
    );
}
