//! Placeholder: this command is being built (see the issue tracker).

use super::{CliError, CmdResult, Ctx};

/// Arguments (not yet defined).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Inputs.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Runs the command.
pub fn run(args: &Args, _ctx: &Ctx) -> CmdResult {
    let _ = &args.rest;
    Err(CliError::Usage("this command is not built yet".into()))
}
