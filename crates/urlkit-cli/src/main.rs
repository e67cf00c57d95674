//! The `urlkit` command: a thin layer over the `urlkit` library (DESIGN §6).
//!
//! Every command reads its arguments, or stdin one item per line when there are none, and
//! writes one record per input in input order (`--json` for JSON Lines). Exit codes: 0 all
//! good / equal / no findings; 1 differences, findings or bad lines; 2 usage or I/O error. A
//! closed pipe (`| head`) exits 0 quietly.

#![forbid(unsafe_code)]

mod cmd;
mod diag;
#[macro_use]
mod input;
mod progress;
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

/// What `urlkit --help` says of `serve` and `qr` in a build without the `serve` feature.
#[cfg(not(feature = "serve"))]
const MISSING_SERVE: &str =
    "Not in this build: needs the `serve` feature (the local page, QR codes; docs/install.md)";
/// What `urlkit --help` says of `scan` in a build without the `scan` feature.
#[cfg(not(feature = "scan"))]
const MISSING_SCAN: &str =
    "Not in this build: needs the `scan` feature (tree-sitter and its grammars; docs/install.md)";
/// What `urlkit --help` says of `check` in a build without the `http` feature.
#[cfg(not(feature = "http"))]
const MISSING_HTTP: &str =
    "Not in this build: needs the `http` feature (live sites over HTTP(S); docs/install.md)";

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
    /// Write each record at once, even when stdout is not a terminal (it is then written in
    /// blocks, which is faster).
    #[arg(long, global = true)]
    line_buffered: bool,
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
    /// One input read every way (percent-decoded, encoded, Base64, legacy charsets), each
    /// marked plausible or not.
    Convert(cmd::convert::Args),
    /// Normalize URLs at a level of the comparison ladder.
    Normalize(cmd::normalize::Args),
    /// Print the comparison key of each URL at a level, for joining lists.
    Key(cmd::key::Args),
    /// One line per distinct URL (by key), with its first spelling and its count.
    Dedupe(cmd::dedupe::Args),
    /// Compare two URLs and explain the verdict.
    Compare(cmd::compare::Args),
    /// Name every encoding mistake and hazard of each URL, with its span and fix.
    Lint(cmd::lint::Args),
    /// Find URL comparison and encoding mistakes in Python, JavaScript/TypeScript, PHP and Go
    /// source (the checklist: one shared normalizer, no decode-then-compare, encode per component).
    #[cfg(feature = "scan")]
    Scan(cmd::scan::Args),
    #[cfg(not(feature = "scan"))]
    #[command(about = MISSING_SCAN)]
    Scan(cmd::missing::Args),
    /// Show a URL's components as RFC 3986 and as a browser (WHATWG) see them.
    Parse(cmd::parse::Args),
    /// Match URL lists (sitemaps, WordPress, CSV, text) and report what is truly missing.
    // First in `urlkit --help`: it is the job most users come for.
    #[command(display_order = 0)]
    Reconcile(cmd::reconcile::Args),
    /// Build a URL from unencoded components, or edit URLs, each value encoded once.
    Build(cmd::build::Args),
    /// Which encoder -> decoder pairs give awkward values back, which change or reject them.
    Roundtrip(cmd::roundtrip::Args),
    /// Repair URLs written in a legacy charset (Shift_JIS, EUC-JP, GBK, ...) or through
    /// Latin-1 mojibake; ambiguous readings are left unchanged.
    Repair(cmd::repair::Args),
    /// Serve a local page (127.0.0.1 only) with every panel: encode, decode, compare, lint,
    /// build, round trip, Content-Disposition, Base64.
    #[cfg(feature = "serve")]
    Serve(cmd::serve::Args),
    #[cfg(not(feature = "serve"))]
    #[command(about = MISSING_SERVE)]
    Serve(cmd::missing::Args),
    /// Draw a URL's QR code on the terminal.
    #[cfg(feature = "serve")]
    Qr(cmd::qr::Args),
    #[cfg(not(feature = "serve"))]
    #[command(about = MISSING_SERVE)]
    Qr(cmd::missing::Args),
    /// Check a live site's URLs: status, redirects, declared canonical, spelling variants.
    #[cfg(feature = "http")]
    Check(cmd::check::Args),
    #[cfg(not(feature = "http"))]
    #[command(about = MISSING_HTTP)]
    Check(cmd::missing::Args),
    /// Print a shell completion script.
    Completions(cmd::completions::Args),
    /// Print the manual page (roff), generated from this help.
    Man(cmd::man::Args),
}

fn main() -> ExitCode {
    diag::check_stderr();
    let cli = Cli::parse();
    let err_style = style::detect(cli.color, true);
    if !stdout_is_open() {
        diag::error(&err_style, "stdout is closed (or is /dev/null opened read-write): there is nowhere to write the output");
        return ExitCode::from(2);
    }
    let ctx = Ctx::new(cli.json, cli.color, cli.line_buffered);
    let result = match &cli.command {
        Command::Encode(a) => cmd::encode::run(a, &ctx),
        Command::Decode(a) => cmd::decode::run(a, &ctx),
        Command::Explain(a) => cmd::explain::run(a, &ctx),
        Command::Table(a) => cmd::table::run(a, &ctx),
        Command::Flavors(a) => cmd::flavors::run(a, &ctx),
        Command::ContentDisposition(a) => cmd::content_disposition::run(a, &ctx),
        Command::Base64(a) => cmd::base64::run(a, &ctx),
        Command::Convert(a) => cmd::convert::run(a, &ctx),
        Command::Normalize(a) => cmd::normalize::run(a, &ctx),
        Command::Key(a) => cmd::key::run(a, &ctx),
        Command::Dedupe(a) => cmd::dedupe::run(a, &ctx),
        Command::Compare(a) => cmd::compare::run(a, &ctx),
        Command::Parse(a) => cmd::parse::run(a, &ctx),
        Command::Lint(a) => cmd::lint::run(a, &ctx),
        #[cfg(feature = "scan")]
        Command::Scan(a) => cmd::scan::run(a, &ctx),
        #[cfg(not(feature = "scan"))]
        Command::Scan(a) => cmd::missing::run("scan", "scan", a),
        Command::Reconcile(a) => cmd::reconcile::run(a, &ctx),
        Command::Build(a) => cmd::build::run(a, &ctx),
        Command::Roundtrip(a) => cmd::roundtrip::run(a, &ctx),
        Command::Repair(a) => cmd::repair::run(a, &ctx),
        #[cfg(feature = "http")]
        Command::Check(a) => cmd::check::run(a, &ctx),
        #[cfg(not(feature = "http"))]
        Command::Check(a) => cmd::missing::run("check", "http", a),
        #[cfg(feature = "serve")]
        Command::Serve(a) => cmd::serve::run(a, &ctx),
        #[cfg(not(feature = "serve"))]
        Command::Serve(a) => cmd::missing::run("serve", "serve", a),
        #[cfg(feature = "serve")]
        Command::Qr(a) => cmd::qr::run(a, &ctx),
        #[cfg(not(feature = "serve"))]
        Command::Qr(a) => cmd::missing::run("qr", "serve", a),
        Command::Completions(a) => cmd::completions::run::<Cli>(a, &ctx),
        Command::Man(a) => cmd::man::run::<Cli>(a, &ctx),
    };
    let code = match result {
        Ok(Status::Clean) => 0,
        Ok(Status::Findings) => 1,
        Err(CliError::BrokenPipe) => 0,
        Err(e) => {
            diag::error(&err_style, &e);
            2
        }
    };
    // A message that could not be written (stderr closed or full) is an I/O error: the exit
    // status must not claim that everything was said.
    if diag::lost() {
        return ExitCode::from(2);
    }
    ExitCode::from(code)
}

/// Whether fd 1 was open: writes to a closed stdout would vanish without an error.
fn stdout_is_open() -> bool {
    diag::was_open(&std::io::stdout())
}
