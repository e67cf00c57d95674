//! `urlkit compare`: are two URLs the same, at which level, by which rules, and if not,
//! where exactly do they differ.

use std::io::Write;

use urlkit::compare::{compare, CompareError, Comparison, Side};
use urlkit::normalize::Options;

use super::normalize::{failure, LevelArgs};
use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content, Item, Origin};
use urlkit_records::compare::report;
use urlkit_records::Record;

const AFTER_HELP: &str = "\
Prints the verdict at the asked level (default safe), the lowest level at which the two are
equal, the rules that made them equal, whether a browser sees them as the same, and when
they differ, the component and the byte in each where they really differ. Levels and loose
switches are those of `urlkit normalize --help`. With no URL, each stdin line holds a pair
separated by a tab, and each pair gets one line: verdict, lowest equal level, rules, and
where they differ (component@byte_in_A:byte_in_B), separated by tabs.

Exit status: 0 equal at the asked level, 1 different (or a bad input), 2 usage error.

Examples:
  urlkit compare 'https://example.com/%E9%81%8B/' 'https://example.com/運/'
      equal at safe, by iri-to-uri
  urlkit compare 'http://a/b%2Fc' 'http://a/b/c'           different at every level
  urlkit compare --level normal '/a/./b/../c' '/a/c'       equal at normal, by dot-segments
  urlkit compare --level loose --loose-off query-order 'http://a/?x=1&y=2' 'http://a/?y=2&x=1'
  paste a.txt b.txt | urlkit compare --json                one JSON object per pair";

/// Arguments of `urlkit compare`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    #[command(flatten)]
    level: LevelArgs,
    /// The two URLs; with none, stdin lines of `A<TAB>B`.
    #[arg(value_name = "URL", num_args = 0..=2)]
    urls: Vec<String>,
}

/// Runs `urlkit compare`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let options = args.level.options();
    let level = options.level().name();
    let mut out = ctx.output();
    let style = out.style;
    let mut differ = 0usize;
    if args.urls.len() == 1 {
        return Err(CliError::Usage(
            "compare takes two URLs (or none, to read A<TAB>B pairs from stdin)".into(),
        ));
    }
    let pairs_from_args = args.urls.len() == 2;
    let mut one = |item: Item<'_>, a: &str, b: &str, out: &mut crate::records::Output| match compare(
        a, b, &options,
    ) {
        Ok(c) => {
            if !c.equal {
                differ += 1;
            }
            if out.is_json() {
                out.json_line(&compare_record(&item, &c, a, b))
            } else if !pairs_from_args {
                out.ok(&one_line(&c), || compare_record(&item, &c, a, b))
            } else {
                let text = report(&c, a, b, &style);
                // The report spans several lines: written as is, not as a one-line record.
                out.writer().write_all(text.as_bytes())
            }
        }
        Err(e) => {
            let (located, f) = located(&e, a, b, &item);
            out.fail_at_level(&located, &f, level)
        }
    };
    if args.urls.len() == 2 {
        let (a, b) = (&args.urls[0], &args.urls[1]);
        let joined = format!("{a} {b}");
        let item = Item {
            origin: Origin::Arg(1),
            bytes: joined.as_bytes(),
        };
        one(item, a, b, &mut out)?;
    } else {
        for_each_input(&[], Content::Url, &ctx.err_style(), |item| {
            let text = match item.text() {
                Ok(t) => t.to_owned(),
                Err(f) => return out.fail_at_level(&item, &f, level),
            };
            let Some((a, b)) = text.split_once('\t') else {
                let f = crate::records::Failure::new(
                    "not-a-pair",
                    "expected two URLs separated by a tab",
                );
                return out.fail_at_level(&item, &f, level);
            };
            one(item, a, b, &mut out)
        })?;
    }
    let failures = out.failures();
    out.finish()?;
    Ok(Status::from_count(failures + differ))
}

/// The input a comparison error is about, and the failure located in it: for two arguments
/// the argument itself, for a stdin line the offset in the whole line.
fn located<'a>(
    e: &CompareError,
    a: &'a str,
    b: &'a str,
    item: &Item<'a>,
) -> (Item<'a>, crate::records::Failure) {
    let mut f = failure(&e.error);
    f.message = format!("{} ({})", f.message, e.side.name());
    let (bytes, origin) = match (e.side, item.origin.clone()) {
        (Side::A, Origin::Arg(_)) => (a.as_bytes(), Origin::Arg(1)),
        (Side::B, Origin::Arg(_)) => (b.as_bytes(), Origin::Arg(2)),
        (Side::A, o) => (a.as_bytes(), o),
        (Side::B, o) => {
            if let Some(off) = f.offset.as_mut() {
                *off += a.len() + 1;
            }
            (item.bytes, o)
        }
    };
    (Item { origin, bytes }, f)
}

/// `urlkit compare --json A B` at `options`, for `urlkit serve`.
pub fn record(a: &str, b: &str, options: &Options) -> Record<urlkit_records::compare::Compare> {
    let joined = format!("{a} {b}");
    let item = Item {
        origin: Origin::Arg(1),
        bytes: joined.as_bytes(),
    };
    match compare(a, b, options) {
        Ok(c) => Record::Ok(compare_record(&item, &c, a, b)),
        Err(e) => {
            let (located, f) = located(&e, a, b, &item);
            Record::Failed(located.failed(f).level(options.level().name()))
        }
    }
}

fn verdict(c: &Comparison) -> &'static str {
    if c.equal {
        "equal"
    } else {
        "different"
    }
}

/// One tab-separated line per stdin pair: verdict, lowest equal level, rules, difference.
fn one_line(c: &Comparison) -> String {
    let lowest = c.lowest_equal_level.map_or("-", |l| l.name());
    let rules: Vec<&str> = c.rules.iter().map(|r| r.name()).collect();
    let rules = if rules.is_empty() {
        "-".to_owned()
    } else {
        rules.join(",")
    };
    let diff = c.difference.as_ref().map_or("-".to_owned(), |d| {
        format!("{}@{}:{}", d.component, d.offset_a, d.offset_b)
    });
    format!("{}\t{lowest}\t{rules}\t{diff}", verdict(c))
}

/// The JSON record of one comparison.
fn compare_record(
    item: &Item<'_>,
    c: &Comparison,
    a: &str,
    b: &str,
) -> urlkit_records::compare::Compare {
    urlkit_records::compare::Compare::build(item.display(), a, b, c)
}
