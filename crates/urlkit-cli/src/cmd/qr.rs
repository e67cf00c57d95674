//! `urlkit qr`: a URL's QR code, drawn on the terminal.

use std::io::Write;

use super::{CliError, CmdResult, Ctx, Status};

/// Arguments of `urlkit qr`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Draws the QR code (error correction level M) with half blocks, light on a dark terminal.
The text is encoded as given: build the URL first (urlkit build) for an encoded URI.

Examples:
  urlkit qr https://example.com/%E9%81%8B%E5%96%B6/
  urlkit qr \"$(urlkit build https://日本語.jp --segment パス)\"")]
pub struct Args {
    /// The URL (or any text).
    #[arg(value_name = "URL")]
    url: String,
}

/// Runs `urlkit qr`.
pub fn run(args: &Args, _ctx: &Ctx) -> CmdResult {
    let art = urlkit_web::qr::terminal(&args.url).map_err(|e| CliError::Usage(e.to_string()))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{art}")?;
    out.flush()?;
    Ok(Status::Clean)
}
