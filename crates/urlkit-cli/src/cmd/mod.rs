//! One module per subcommand; each parses its own arguments and calls the library.

use std::fmt;
use std::io;

use crate::style::{ColorChoice, Style};

pub mod base64;
pub mod build;
#[cfg(feature = "http")]
pub mod check;
pub mod compare;
pub mod completions;
pub mod content_disposition;
pub mod convert;
pub mod decode;
pub mod dedupe;
pub mod encode;
pub mod explain;
pub mod flavors;
pub mod key;
pub mod lint;
mod lint_sarif;
mod lint_text;
pub mod man;
#[cfg(not(all(feature = "serve", feature = "http")))]
pub mod missing;
pub mod normalize;
pub mod parse;
#[cfg(feature = "serve")]
pub mod qr;
pub mod reconcile;
pub mod repair;
pub mod roundtrip;
#[cfg(feature = "scan")]
pub mod scan;
#[cfg(feature = "serve")]
pub mod serve;
pub mod table;
pub mod values;

/// What every command gets besides its own arguments.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    /// `--json`
    pub json: bool,
    /// `--color`
    pub color: ColorChoice,
    /// Flush stdout after each record: stdout is a terminal, or `--line-buffered`.
    pub line_buffered: bool,
}

impl Ctx {
    /// The context of one invocation.
    pub fn new(json: bool, color: ColorChoice, line_buffered: bool) -> Ctx {
        use std::io::IsTerminal;
        Ctx {
            json,
            color,
            line_buffered: line_buffered || io::stdout().is_terminal(),
        }
    }

    /// Colours for stdout.
    pub fn out_style(&self) -> Style {
        crate::style::detect(self.color, false)
    }

    /// Colours for stderr.
    pub fn err_style(&self) -> Style {
        crate::style::detect(self.color, true)
    }

    /// The record writer for this invocation.
    pub fn output(&self) -> crate::records::Output {
        crate::records::Output::new(
            self.json,
            self.line_buffered,
            self.out_style(),
            self.err_style(),
        )
    }
}

/// How a command ended when it could run: exit 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// All good, equal, no findings: exit 0.
    Clean,
    /// Differences, findings or bad lines: exit 1.
    Findings,
}

impl Status {
    /// `Findings` when `n` inputs failed or differed, else `Clean`.
    pub fn from_count(n: usize) -> Status {
        if n == 0 {
            Status::Clean
        } else {
            Status::Findings
        }
    }
}

/// A command that could not run: exit 2 (or 0 quietly for a closed pipe).
#[derive(Debug)]
pub enum CliError {
    /// stdout was closed by the reader (`| head`).
    BrokenPipe,
    /// Reading or writing failed.
    Io(io::Error),
    /// The arguments do not make sense together.
    Usage(String),
    /// A source could not be read (a file, a site): the message names it.
    Read(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::BrokenPipe => write!(f, "broken pipe"),
            CliError::Io(e) => write!(f, "I/O error: {e}"),
            CliError::Usage(m) | CliError::Read(m) => write!(f, "{m}"),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::BrokenPipe
        } else {
            CliError::Io(e)
        }
    }
}

/// The result of a command.
pub type CmdResult = Result<Status, CliError>;
