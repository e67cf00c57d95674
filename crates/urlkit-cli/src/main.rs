//! The `urlkit` command: a thin layer over the `urlkit` library (DESIGN §6).
//!
//! Every command reads its arguments, or stdin one item per line when there are none, and
//! writes one record per input in input order (`--json` for JSON Lines). Exit codes: 0 all
//! good / equal / no findings; 1 differences, findings or bad lines; 2 usage or I/O error. A
//! closed pipe (`| head`) exits 0 quietly.

mod cmd;
mod records;
mod style;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::cmd::{CliError, Ctx, Status};
use crate::style::ColorChoice;

const EXAMPLES: &str = "\
Examples:
  urlkit encode '東京 カフェ'                  %E6%9D%B1%E4%BA%AC%20%E3%82%AB%E3%83%95%E3%82%A7
  urlkit encode --set form '東京 カフェ'       %E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7
  urlkit decode '%e9%81%8b%e5%96%b6'          運営
  urlkit explain 'a b/運'                     character by character, set by set
  cat urls.txt | urlkit decode --json         one JSON object per line

Exit status: 0 all good, 1 differences / findings / bad lines, 2 usage or I/O error.";

/// URL percent-encoding, normalization and comparison that is correct, explains itself, and
/// is fast.
#[derive(Parser, Debug)]
#[command(name = "urlkit", version, about, after_help = EXAMPLES, propagate_version = true)]
struct Cli {
    /// Print JSON Lines: one object per input, with "input", "ok" and the result.
    #[arg(long, global = true)]
    json: bool,
    /// When to use colours (NO_COLOR in the environment turns "auto" off).
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Percent-encode text with a named set or another language's encoder.
    Encode(cmd::encode::Args),
    /// Percent-decode text: strict (default), lenient (WHATWG) or form.
    Decode(cmd::decode::Args),
    /// Show, character by character, what each encode set keeps or encodes.
    Explain(cmd::explain::Args),
    /// One input through every language's encoder, side by side.
    Table(cmd::table::Args),
    /// List the foreign encoders and decoders urlkit reproduces.
    Flavors(cmd::flavors::Args),
    /// Build or parse a Content-Disposition header value (RFC 6266, RFC 8187).
    #[command(name = "content-disposition")]
    ContentDisposition(cmd::content_disposition::Args),
    /// Base64 and base64url (RFC 4648 §4, §5).
    Base64(cmd::base64::Args),
    /// Normalize URLs at a level of the comparison ladder.
    Normalize(cmd::normalize::Args),
    /// Print the comparison key of each URL at a level, for joining lists.
    Key(cmd::key::Args),
    /// Compare two URLs and explain the verdict.
    Compare(cmd::compare::Args),
    /// Show a URL's components as RFC 3986 and as a browser (WHATWG) see them.
    Parse(cmd::parse::Args),
    /// Match URL lists (sitemaps, WordPress, CSV, text) and report what is truly missing.
    Reconcile(cmd::reconcile::Args),
    /// Check a live site's URLs: status, redirects, declared canonical, spelling variants.
    Check(cmd::check::Args),
    /// Print a shell completion script.
    Completions(cmd::completions::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let ctx = Ctx::new(cli.json, cli.color);
    let result = match &cli.command {
        Command::Encode(a) => cmd::encode::run(a, &ctx),
        Command::Decode(a) => cmd::decode::run(a, &ctx),
        Command::Explain(a) => cmd::explain::run(a, &ctx),
        Command::Table(a) => cmd::table::run(a, &ctx),
        Command::Flavors(a) => cmd::flavors::run(a, &ctx),
        Command::ContentDisposition(a) => cmd::content_disposition::run(a, &ctx),
        Command::Base64(a) => cmd::base64::run(a, &ctx),
        Command::Normalize(a) => cmd::normalize::run(a, &ctx),
        Command::Key(a) => cmd::key::run(a, &ctx),
        Command::Compare(a) => cmd::compare::run(a, &ctx),
        Command::Parse(a) => cmd::parse::run(a, &ctx),
        Command::Reconcile(a) => cmd::reconcile::run(a, &ctx),
        Command::Check(a) => cmd::check::run(a, &ctx),
        Command::Completions(a) => cmd::completions::run::<Cli>(a, &ctx),
    };
    match result {
        Ok(Status::Clean) => ExitCode::SUCCESS,
        Ok(Status::Findings) => ExitCode::from(1),
        Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            let style = style::Style::detect(cli.color, true);
            eprintln!("{}: {e}", style.error("urlkit"));
            ExitCode::from(2)
        }
    }
}
