//! `urlkit dedupe`: one line per distinct URL (distinct by its key at a level), with its first
//! spelling and how often it occurs; lines that have no key are kept and flagged, never
//! dropped (`urlkit key | sort -u` would lose them).

use std::collections::HashMap;
use std::io::Write;

use urlkit::normalize::Keys;

use super::normalize::{failure, LevelArgs};
use super::{CmdResult, Ctx, Status};
use crate::records::{for_each_url_input, report_failure, Content, Failure, Origin};
use crate::style::escape_controls;
use urlkit_records::{compare::Dedupe, write_json_line, Failed};

const AFTER_HELP: &str = concat!(
    "\
Output, in the order each URL first appears: its count, a tab, and its first spelling. A line
that has no key at the level (not a URL, a malformed escape) is kept as it is, with '-' for
its count, and reported on stderr with its line and column. A summary goes to stderr:
\"2 distinct, 1 not URLs, from 4 lines\". Memory grows with the distinct URLs, not the lines.

Exit status: 0 when every line had a key, 1 when some had none, 2 on a usage or I/O error.

Examples:
  urlkit dedupe < urls.txt > distinct.txt
  urlkit dedupe --level normal < urls.txt        /a/./b and /a/b are one URL
  urlkit dedupe --json < urls.txt | jq -r 'select(.count > 1) | .input'",
    crate::input::sources_help!()
);

/// Arguments of `urlkit dedupe`.
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

/// One output line: a distinct key's first spelling and count, or a line with no key.
enum Entry {
    Distinct {
        first: String,
        origin: Origin,
        key: String,
        count: u64,
    },
    NoKey {
        text: String,
        origin: Origin,
        failure: Failure,
    },
}

/// The line of an input, of stdin or a file (an argument has none in the record).
fn stdin_line(origin: &Origin) -> Option<usize> {
    origin.line().map(|n| n as usize)
}

/// Runs `urlkit dedupe`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let options = args.level.options();
    let err_style = ctx.err_style();
    let mut entries: Vec<Entry> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut lines = 0u64;
    let (mut keys, mut buf) = (Keys::new(options), String::with_capacity(256));
    for_each_url_input(
        &args.urls,
        Content::Url,
        &args.sources,
        &err_style,
        |item| {
            lines += 1;
            let keyed = item
                .text()
                .and_then(|text| keys.key_into(text, &mut buf).map_err(|e| failure(&e)));
            match keyed {
                Ok(()) => match index.get(buf.as_str()) {
                    Some(&i) => {
                        if let Some(Entry::Distinct { count, .. }) = entries.get_mut(i) {
                            *count += 1;
                        }
                    }
                    None => {
                        index.insert(buf.clone(), entries.len());
                        entries.push(Entry::Distinct {
                            first: item.display(),
                            origin: item.origin,
                            key: buf.clone(),
                            count: 1,
                        });
                    }
                },
                Err(f) => {
                    report_failure(&err_style, &item, &f);
                    entries.push(Entry::NoKey {
                        text: item.display(),
                        origin: item.origin,
                        failure: f,
                    });
                }
            }
            Ok(())
        },
    )?;
    drop(index);
    let mut out = crate::records::Stdout::new(ctx.line_buffered);
    let level = options.level().name();
    let mut no_key = 0u64;
    for entry in &entries {
        match entry {
            Entry::Distinct {
                first,
                origin,
                key,
                count,
            } => {
                if ctx.json {
                    let record = Dedupe {
                        count: *count,
                        input: first.clone(),
                        level,
                        line: stdin_line(origin),
                        ok: urlkit_records::True,
                        output: key.clone(),
                    };
                    write_json_line(&mut out, &record)?;
                } else {
                    writeln!(out, "{count}\t{}", escape_controls(first))?;
                }
            }
            Entry::NoKey {
                text,
                origin,
                failure,
            } => {
                no_key += 1;
                if ctx.json {
                    let mut record = Failed::new(text.clone(), failure.clone()).level(level);
                    record.line = stdin_line(origin);
                    write_json_line(&mut out, &record)?;
                } else {
                    writeln!(out, "-\t{}", escape_controls(text))?;
                }
            }
        }
    }
    out.flush()?;
    let distinct = entries.len() as u64 - no_key;
    crate::diag::note(
        &err_style,
        format_args!(
            "{} distinct, {} not URLs, from {} lines (level {level})",
            crate::style::grouped(distinct),
            crate::style::grouped(no_key),
            crate::style::grouped(lines)
        ),
    );
    Ok(Status::from_count(no_key as usize))
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands_are_grouped() {
        assert_eq!(crate::style::grouped(0), "0");
        assert_eq!(crate::style::grouped(999), "999");
        assert_eq!(crate::style::grouped(1000), "1,000");
        assert_eq!(crate::style::grouped(109_061), "109,061");
        assert_eq!(crate::style::grouped(1_234_567), "1,234,567");
    }
}
