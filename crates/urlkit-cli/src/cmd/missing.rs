//! The commands a build leaves out with its cargo features (`--no-default-features`, see
//! docs/install.md): they stay in `urlkit --help`, marked, and running one is an error that
//! names the feature it needs (exit 2), never an unknown command or a silent no-op.

use super::{CliError, CmdResult};

/// Whatever was given to a command this build leaves out, taken as it is: the error is then
/// the missing feature, not the arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    given: Vec<String>,
}

/// The error of `urlkit NAME ...` in a build without `feature`.
pub fn run(name: &str, feature: &str, _args: &Args) -> CmdResult {
    Err(CliError::Usage(format!(
        "`urlkit {name}` needs the `{feature}` feature, which this build of urlkit leaves out \
         (it was built with --no-default-features): build it with its default features, \
         `cargo install --path crates/urlkit-cli --locked` (see docs/install.md)"
    )))
}
