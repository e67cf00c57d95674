//! `urlkit man`: the manual page, generated from the same clap definition as `--help`.

use std::io::Write;

use super::{CmdResult, Ctx, Status};

/// Arguments of `urlkit man`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  urlkit man > urlkit.1 && man ./urlkit.1")]
pub struct Args {}

/// Writes the roff manual page of the command `C` (with a section per subcommand).
pub fn run<C: clap::CommandFactory>(_args: &Args, ctx: &Ctx) -> CmdResult {
    let cmd = C::command();
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut page)?;
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        // Each subcommand's options, under its own title (`.SH "urlkit encode"`).
        writeln!(page, ".SH \"urlkit {}\"", sub.get_name())?;
        if let Some(about) = sub.get_about() {
            writeln!(page, "{}", roff_text(&about.to_string()))?;
        }
        clap_mangen::Man::new(sub.clone()).render_options_section(&mut page)?;
    }
    let mut out = crate::records::Stdout::new(ctx.line_buffered);
    out.write_all(&page)?;
    out.flush()?;
    Ok(Status::Clean)
}

/// Text for a roff paragraph: a leading `.` or `'` would be read as a request.
fn roff_text(text: &str) -> String {
    let escaped = text.replace('\\', "\\e");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}
