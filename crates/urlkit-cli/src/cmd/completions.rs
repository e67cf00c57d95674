//! `urlkit completions SHELL`: print a completion script.

use std::io::Write;

use clap_complete::Shell;

use super::{CmdResult, Ctx, Status};

/// Arguments of `urlkit completions`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  urlkit completions bash > /etc/bash_completion.d/urlkit")]
pub struct Args {
    /// The shell to write the script for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Writes the completion script of the command `C` for the chosen shell.
pub fn run<C: clap::CommandFactory>(args: &Args, _ctx: &Ctx) -> CmdResult {
    let mut cmd = C::command();
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "urlkit", &mut buf);
    std::io::stdout().lock().write_all(&buf)?;
    Ok(Status::Clean)
}
