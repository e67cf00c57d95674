//! `urlkit normalize`: each URL normalized at a level of the comparison ladder, as a URI or
//! an IRI. Also holds the level and loose-switch options `key` and `compare` share.

use urlkit::normalize::{normalize, Form, Level, LooseRule, NormalizeError, Options};

use super::{CmdResult, Ctx, Status};
use crate::records::{for_each_url_input, Content, Failure};
use urlkit_records::compare::Leveled;

const AFTER_HELP: &str = concat!(
    "\
Levels (--level), each containing the ones before it:
  exact   identical bytes
  safe    case of scheme and host, hex case, escaped unreserved characters, raw non-ASCII vs
          its UTF-8 %XX, IDNA, IPv6 spelling, default port, empty http(s) path [default]
  normal  + '.' and '..' segments (literal or %2E) removed
  loose   + the switches below, each can be turned off with --loose-off (or on at a lower
          level with --loose-on): fragment, trailing-slash, scheme (http = https), www,
          index-page, query-order, tracking-params, plus-space, sub-delims
  whatwg  what a browser makes of it (WHATWG URL Standard)

Examples:
  urlkit normalize 'HTTP://Example.COM:80/%7e'             http://example.com/~
  urlkit normalize --to iri 'https://example.com/%e9%81%8b'  https://example.com/運
  urlkit normalize --level normal '/a/./b/../c'            /a/c
  urlkit normalize --level loose --loose-off query-order 'http://www.a.com/x/?b=1&a=2'
  cat urls.txt | urlkit normalize --json                   one JSON object per line",
    crate::input::sources_help!()
);

/// The level and loose switches, shared by `normalize`, `key` and `compare`.
#[derive(clap::Args, Debug, Clone)]
pub struct LevelArgs {
    /// The level: exact, safe, normal, loose or whatwg.
    #[arg(long, default_value = "safe", value_parser = super::values::named::<Level>(), value_name = "LEVEL")]
    pub level: Level,
    /// Loose switches to turn off (comma-separated).
    #[arg(long, value_delimiter = ',', value_parser = super::values::named::<LooseRule>(), value_name = "RULE,...")]
    pub loose_off: Vec<LooseRule>,
    /// Loose switches to turn on, at any level (comma-separated).
    #[arg(long, value_delimiter = ',', value_parser = super::values::named::<LooseRule>(), value_name = "RULE,...")]
    pub loose_on: Vec<LooseRule>,
}

impl LevelArgs {
    /// The library options these arguments ask for.
    pub fn options(&self) -> Options {
        let mut o = Options::new(self.level);
        for r in &self.loose_on {
            o = o.loose_on(*r);
        }
        for r in &self.loose_off {
            o = o.loose_off(*r);
        }
        o
    }
}

/// The located failure for a normalization error.
pub fn failure(e: &NormalizeError) -> Failure {
    Failure::at(e.kind().name(), e.offset(), e.kind().message())
}

/// Output form of `--to`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum FormArg {
    /// ASCII, uppercase hex (the comparison key).
    Uri,
    /// Readable: escapes of non-ASCII characters shown as characters, U-label hosts.
    Iri,
}

/// Arguments of `urlkit normalize`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    #[command(flatten)]
    level: LevelArgs,
    /// Output form.
    #[arg(long, value_enum, default_value_t = FormArg::Uri)]
    to: FormArg,
    /// URLs; stdin, one per line, when none is given.
    #[arg(value_name = "URL")]
    urls: Vec<String>,
    #[command(flatten)]
    sources: crate::input::SourceArgs,
}

/// Runs `urlkit normalize`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let options = args.level.options();
    let level = options.level().name();
    let form = match args.to {
        FormArg::Uri => Form::Uri,
        FormArg::Iri => Form::Iri,
    };
    let mut out = ctx.output();
    for_each_url_input(
        &args.urls,
        Content::Url,
        &args.sources,
        &ctx.err_style(),
        |item| {
            let text = match item.text() {
                Ok(t) => t,
                Err(f) => return out.fail_at_level(&item, &f, level),
            };
            match normalize(text, &options, form) {
                Ok(s) => out.ok(&s, || Leveled::new(item.display(), level, s.as_str())),
                Err(e) => out.fail_at_level(&item, &failure(&e), level),
            }
        },
    )?;
    let failures = out.finish()?;
    Ok(Status::from_count(failures))
}
