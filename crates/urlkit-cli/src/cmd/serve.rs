//! `urlkit serve`: the local page (crates/urlkit-web), whose API answers with the records of
//! the commands' `--json`, built by the same functions.

use std::io::Write;

use super::{CliError, CmdResult, Ctx, Status};

#[cfg(test)]
mod tests;

const AFTER_HELP: &str = "\
Serves a page on http://127.0.0.1:PORT/ (this machine only) with panels for encode, decode,
compare, lint, build and round trip, reconcile, Content-Disposition and Base64. Every answer
comes from the same code as the commands; the page and its assets are inside the binary and
load nothing from elsewhere. Stop it with Ctrl-C.

Examples:
  urlkit serve                 on port 8790
  urlkit serve --port 0 --open any free port, opened in the browser";

/// Arguments of `urlkit serve`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The port on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = 8790)]
    port: u16,
    /// Open the page in the default browser (xdg-open, open or start).
    #[arg(long)]
    open: bool,
}

/// The page's endpoints: urlkit-api's, the WebAssembly module's too.
pub fn endpoints() -> Vec<urlkit_web::Endpoint> {
    urlkit_api::endpoints()
}

/// Runs `urlkit serve`.
pub fn run(args: &Args, _ctx: &Ctx) -> CmdResult {
    let server = urlkit_web::Server::start(args.port, endpoints())
        .map_err(|e| CliError::Read(format!("cannot listen on 127.0.0.1:{}: {e}", args.port)))?;
    let url = format!("http://{}/", server.addr());
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "urlkit serve: {url}  (Ctrl-C stops it)")?;
        out.flush()?;
    }
    if args.open {
        open(&url);
    }
    server.wait()?;
    Ok(Status::Clean)
}

/// Asks the desktop to open `url`; says so when it cannot.
fn open(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    match std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        Ok(_) => {}
        Err(e) => eprintln!("urlkit: warning: could not run {opener} to open {url}: {e}"),
    }
}
