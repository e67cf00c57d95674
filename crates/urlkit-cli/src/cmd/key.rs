//! `urlkit key`: the comparison key of each URL, one per line, for joining huge lists with
//! standard tools.

use urlkit::normalize::Keys;

use super::normalize::{failure, LevelArgs};
use super::{CmdResult, Ctx, Status};
use crate::records::{for_each_url_input, Content};
use urlkit_records::compare::Leveled;

const AFTER_HELP: &str = concat!(
    "\
Two URLs are equal at a level exactly when their keys at that level are equal, so keys can
be computed once per line and joined with sort, join, uniq or a database. Levels and loose
switches are those of `urlkit normalize --help`.

Examples:
  urlkit key 'https://example.com/運営者情報/'
      https://example.com/%E9%81%8B%E5%96%B6%E8%80%85%E6%83%85%E5%A0%B1/
  urlkit key --level normal 'HTTP://a/b/../c'          http://a/c
  urlkit key < sitemap.txt | sort -u > keys.txt        one key per input line, in order
  paste <(urlkit key < a.txt) a.txt | sort             join lists on the key",
    crate::input::sources_help!()
);

/// Arguments of `urlkit key`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    #[command(flatten)]
    level: LevelArgs,
    /// URLs; stdin, one per line, when none is given.
    #[arg(value_name = "URL")]
    urls: Vec<String>,
    #[command(flatten)]
    sources: crate::input::SourceArgs,
}

/// Runs `urlkit key`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let options = args.level.options();
    let level = options.level().name();
    let mut out = ctx.output();
    let (mut keys, mut buf) = (Keys::new(options), String::with_capacity(256));
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
            match keys.key_into(text, &mut buf) {
                Ok(()) => out.ok(&buf, || Leveled::new(item.display(), level, buf.as_str())),
                Err(e) => out.fail_at_level(&item, &failure(&e), level),
            }
        },
    )?;
    let failures = out.finish()?;
    Ok(Status::from_count(failures))
}
