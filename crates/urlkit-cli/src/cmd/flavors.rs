//! `urlkit flavors`: the foreign encoders and decoders urlkit reproduces, and the pieces the
//! `--as FLAVOR` options of `encode` and `decode` share.

use std::io::Write;

use urlkit::flavor::{Flavor, FlavorError, Input, Language, Params, PyEncoding, PyErrors};

use super::{CliError, CmdResult, Ctx, Status};
use crate::records::Failure;
use urlkit_records::flavors::direction_name;

const AFTER_HELP: &str = "\
Each flavor is checked input by input against the real runtime named in the last column
(scripts/checks/flavors.sh: 2,100 seeded inputs per flavor, outputs and errors).

Examples:
  urlkit flavors                               the list
  urlkit flavors --json | jq -r .name          names only
  urlkit encode --as go.PathEscape 'a/b&c'     a%2Fb&c
  urlkit decode --as java.URLDecoder '%'       the IllegalArgumentException, exit 1";

/// Arguments of `urlkit flavors`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {}

/// Python's `encoding` and `errors`, for `--as python.*`.
#[derive(clap::Args, Debug, Default)]
pub struct PyArgs {
    /// Python's `encoding` (utf-8, latin-1, ascii), with --as python.*.
    #[arg(long, value_name = "CODEC", value_parser = parse_encoding)]
    encoding: Option<PyEncoding>,
    /// Python's `errors` (strict, replace, ignore, xmlcharrefreplace), with --as python.*.
    #[arg(long, value_name = "HANDLER", value_parser = parse_errors)]
    errors: Option<PyErrors>,
}

impl PyArgs {
    /// Whether either option was given.
    pub fn is_set(&self) -> bool {
        self.encoding.is_some() || self.errors.is_some()
    }
}

fn parse_encoding(name: &str) -> Result<PyEncoding, String> {
    PyEncoding::from_name(name).ok_or_else(|| {
        format!("unsupported encoding '{name}'; urlkit reproduces utf-8, latin-1 and ascii")
    })
}

fn parse_errors(name: &str) -> Result<PyErrors, String> {
    PyErrors::from_name(name).ok_or_else(|| {
        format!("unknown error handler '{name}'; use strict, replace, ignore or xmlcharrefreplace")
    })
}

/// The flavor parameters from the options; Python's only apply to Python flavors.
pub fn python_params(flavor: Flavor, safe: Option<&str>, py: &PyArgs) -> Result<Params, CliError> {
    let mut params = Params::default();
    if flavor.language() != Language::Python {
        if safe.is_some() || py.is_set() {
            return Err(CliError::Usage(format!(
                "--safe, --encoding and --errors are Python's arguments; {} takes none",
                flavor.name()
            )));
        }
        return Ok(params);
    }
    if let Some(s) = safe {
        params = params.safe(s);
    }
    if let Some(e) = py.encoding {
        params = params.encoding(e);
    }
    if let Some(e) = py.errors {
        params = params.errors(e);
    }
    Ok(params)
}

/// An input line as a flavor input: text when it is UTF-8, else the raw bytes.
pub fn flavor_input(bytes: &[u8]) -> Input<'_> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Input::Text(s),
        Err(_) => Input::Bytes(bytes),
    }
}

/// The CLI form of a flavor's failure: the original's message, located.
pub fn flavor_failure(e: &FlavorError) -> Failure {
    Failure::at(e.kind().name(), e.offset(), e.message())
}

/// Runs `urlkit flavors`.
pub fn run(_args: &Args, ctx: &Ctx) -> CmdResult {
    let mut out = ctx.output();
    let style = out.style;
    if out.is_json() {
        for f in Flavor::ALL {
            out.json_line(&urlkit_records::flavors::FlavorInfo::from(f))?;
        }
    } else {
        let width = Flavor::ALL
            .iter()
            .map(|f| f.name().len())
            .max()
            .unwrap_or(0);
        let keeps = Flavor::ALL
            .iter()
            .map(|f| f.keeps().chars().count())
            .max()
            .unwrap_or(0);
        let w = out.writer();
        for f in Flavor::ALL {
            writeln!(
                w,
                "{}  {}  {:<keeps$}  {}",
                style.bold(&format!("{:<width$}", f.name())),
                direction_name(f.direction()),
                f.keeps(),
                style.dim(f.checked_against())
            )?;
        }
    }
    out.finish()?;
    Ok(Status::Clean)
}
