//! `urlkit reconcile`: match two URL lists (sitemaps, WordPress, CSV, text, JSON) by their
//! comparison keys and report what is truly missing, what is extra, what repeats, and why each
//! pair matched.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::sync::Arc;

use serde_json::{json, Value};
use urlkit::normalize::{normalize, Form, Level, Options};
use urlkit::reconcile::{Batch, Keyer, LevelKeyer, Occurrence, Reconciler, Reconciliation, Side};
use urlkit_sources::{Catalog, HttpFetcher, Position, Reader, SourceSpec};

use super::{CliError, CmdResult, Ctx, Status};
use crate::style::{escape_controls, Style};

const AFTER_HELP: &str = "\
Sources (LEFT, RIGHT, --left, --right):
  sitemap:FILE|URL        sitemaps.org <urlset> or <sitemapindex> (followed), gzip or not
  wp:FILE|DIR|BASEURL     WordPress REST API: saved JSON arrays (a file, or a folder of them),
                          or a live site: every public post type and taxonomy, all pages
  csv:FILE#COLUMN         CSV column by header name or 1-based number (tsv: for tabs)
  text:FILE               one URL a line
  json:FILE#/POINTER      JSON or JSON Lines; '*' in the pointer means every element
  -                       stdin (text)
  A bare path or URL is detected: .xml/.xml.gz sitemap, .csv, .tsv, .json, .jsonl, a folder of
  .json files is WordPress, an http(s) URL is a sitemap if it looks like one, else a
  WordPress site. Several --left (or --right) sources merge into one side.

Levels (--level): exact, safe [default], normal, loose, whatwg (see `urlkit compare --help`).
  safe treats as the same: hex case (%e3 = %E3), raw non-ASCII vs its UTF-8 escapes
  (/tag/ログイン/ = /tag/%E3%83%AD...), host and scheme case, default ports; it never decodes
  %2F or other reserved characters.

Exit status: 0 when every URL on each side has a match on the other (whatever --only
prints), 1 when something is missing or extra, 2 when a source cannot be read.

Examples:
  urlkit reconcile examples/wordpress-site/local-list.csv examples/wordpress-site/wp-json
  urlkit reconcile --only missing list.txt https://example.com/wp-sitemap.xml
  urlkit reconcile --left wp:https://example.com --right sitemap:sitemap.xml.gz
  urlkit reconcile --format markdown csv:a.csv#url b.txt > report.md
  urlkit reconcile --format csv --only matched old.txt new.txt";

/// Arguments of `urlkit reconcile`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The left source (the reference: "missing" means missing from the right).
    #[arg(value_name = "LEFT")]
    left_pos: Option<String>,
    /// The right source.
    #[arg(value_name = "RIGHT")]
    right_pos: Option<String>,
    /// A left source (repeatable: the sources merge).
    #[arg(long = "left", value_name = "SRC")]
    left: Vec<String>,
    /// A right source (repeatable: the sources merge).
    #[arg(long = "right", value_name = "SRC")]
    right: Vec<String>,
    /// The comparison level.
    #[arg(long, value_enum, default_value_t = LevelArg::Safe)]
    level: LevelArg,
    /// Report format (--json means --format json).
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Print only one list: what is only in LEFT (missing), only in RIGHT (extra), or the
    /// matched pairs with their rules.
    #[arg(long, value_enum)]
    only: Option<OnlyArg>,
    /// Follow sitemap indexes at most this deep.
    #[arg(long, default_value_t = 5, value_name = "N")]
    max_depth: usize,
    /// Refuse any one file or response larger than this many (inflated) bytes.
    #[arg(long, default_value_t = 256 * 1024 * 1024, value_name = "BYTES")]
    max_bytes: u64,
}

/// `--level` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LevelArg {
    Exact,
    Safe,
    Normal,
    Loose,
    Whatwg,
}

impl LevelArg {
    fn name(self) -> &'static str {
        match self {
            LevelArg::Exact => "exact",
            LevelArg::Safe => "safe",
            LevelArg::Normal => "normal",
            LevelArg::Loose => "loose",
            LevelArg::Whatwg => "whatwg",
        }
    }
}

/// `--format` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FormatArg {
    Text,
    Json,
    Csv,
    Markdown,
}

/// `--only` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum OnlyArg {
    Missing,
    Extra,
    Matched,
}

/// Where a record came from: its source (in its side's catalog), position and type.
struct Meta {
    source: u32,
    position: Position,
    kind: Option<Arc<str>>,
}

/// Records are handed to the engine in batches this large, so keys are computed on all cores
/// while memory stays bounded by the distinct keys.
const BATCH: usize = 64 * 1024;

/// The progress line appears on a terminal after this many records, and is updated this often.
const PROGRESS_EVERY: usize = 100_000;

/// One side once read.
struct SideInput {
    specs: Vec<String>,
    catalog: Catalog,
}

/// Runs `urlkit reconcile`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let (left, right) = sides(args)?;
    let format = if ctx.json {
        FormatArg::Json
    } else {
        args.format
    };
    let keyer = keyer(args.level)?;
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut engine: Reconciler<'_, Meta> = Reconciler::new(keyer.as_ref()).threads(threads);
    let fetcher = HttpFetcher::new();
    let progress = std::io::stderr().is_terminal();
    let left = read_side(&mut engine, Side::Left, &left, args, &fetcher, progress)?;
    let right = read_side(&mut engine, Side::Right, &right, args, &fetcher, progress)?;
    // Lists of missing or extra URLs need no explanations, which cost a comparison per pair.
    let done = match args.only {
        Some(OnlyArg::Missing | OnlyArg::Extra) => engine.finish_without_rules(),
        _ => engine.finish(),
    };
    let report = Report {
        level: args.level,
        sides: [left, right],
        done: &done,
        style: ctx.out_style(),
    };
    let mut output = ctx.output();
    let out = output.writer();
    let listed = match (format, args.only) {
        (FormatArg::Text, None) => report.text(out)?,
        (FormatArg::Text, Some(only)) => report.text_only(out, only)?,
        (FormatArg::Json, only) => report.json(out, only)?,
        (FormatArg::Csv, only) => report.csv(out, only)?,
        (FormatArg::Markdown, only) => report.markdown(out, only)?,
    };
    output.finish()?;
    // The lists are for reading; the verdict is always the whole reconciliation's.
    let _ = listed;
    let status = if done.summary().is_complete_match() {
        Status::Clean
    } else {
        Status::Findings
    };
    // The process ends here: freeing a million keys one by one would only delay the exit.
    std::mem::forget(report);
    std::mem::forget(done);
    Ok(status)
}

fn sides(args: &Args) -> Result<(Vec<String>, Vec<String>), CliError> {
    let mut left = args.left.clone();
    let mut right = args.right.clone();
    match (&args.left_pos, &args.right_pos) {
        (Some(l), Some(r)) => {
            left.insert(0, l.clone());
            right.insert(0, r.clone());
        }
        (Some(one), None) => {
            if left.is_empty() {
                left.push(one.clone());
            } else {
                right.insert(0, one.clone());
            }
        }
        _ => {}
    }
    if left.is_empty() || right.is_empty() {
        return Err(CliError::Usage(
            "reconcile needs a left and a right source: `urlkit reconcile LEFT RIGHT` or \
             --left SRC --right SRC (see --help)"
                .into(),
        ));
    }
    if left.iter().chain(&right).filter(|s| is_stdin(s)).count() > 1 {
        return Err(CliError::Usage(
            "stdin ('-') can be only one of the sources".into(),
        ));
    }
    Ok((left, right))
}

fn is_stdin(spec: &str) -> bool {
    spec == "-" || spec.ends_with(":-") || spec.contains(":-#")
}

/// The keyer for a level.
fn keyer(level: LevelArg) -> Result<Box<dyn Keyer>, CliError> {
    let level = Level::from_name(level.name())
        .ok_or_else(|| CliError::Usage(format!("unknown level '{}'", level.name())))?;
    Ok(Box::new(LevelKeyer::new(Options::new(level))))
}

/// Reads one side's sources into the engine. Reading runs on this thread while another
/// keys and joins the previous batches, so parsing the input and keying overlap.
fn read_side(
    engine: &mut Reconciler<'_, Meta>,
    side: Side,
    specs: &[String],
    args: &Args,
    fetcher: &HttpFetcher,
    progress: bool,
) -> Result<SideInput, CliError> {
    let mut reader = Reader::new()
        .fetcher(fetcher)
        .max_depth(args.max_depth)
        .max_bytes(args.max_bytes);
    let read = std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::sync_channel::<Batch<Meta>>(2);
        let joiner = scope.spawn(move || {
            let mut seen = 0usize;
            for batch in rx {
                seen += batch.len();
                engine.add_batch(side, batch);
                if progress && seen >= PROGRESS_EVERY && seen % PROGRESS_EVERY < BATCH {
                    eprint!("\r{}: {seen} records read…", side.name());
                }
            }
            if progress && seen >= PROGRESS_EVERY {
                eprint!("\r\x1b[2K");
            }
        });
        let mut batch: Batch<Meta> = Batch::new();
        let mut result = Ok(());
        for text in specs {
            let spec = match SourceSpec::parse(text) {
                Ok(spec) => spec,
                Err(e) => {
                    result = Err(CliError::Usage(e.to_string()));
                    break;
                }
            };
            let mut sink = |r: urlkit_sources::Record| {
                let meta = Meta {
                    source: r.source.0,
                    position: r.position,
                    kind: r.kind,
                };
                batch.push(&r.url, meta);
                if batch.len() == BATCH {
                    // A send fails only when the joiner is gone, which its join reports.
                    let _ = tx.send(std::mem::take(&mut batch));
                }
            };
            if let Err(e) = reader.read(&spec, &mut sink) {
                result = Err(CliError::Usage(e.to_string()));
                break;
            }
        }
        let _ = tx.send(batch);
        drop(tx);
        joiner
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        result
    });
    read?;
    Ok(SideInput {
        specs: specs.to_vec(),
        catalog: reader.into_catalog(),
    })
}

/// Everything the report formats need.
struct Report<'a> {
    level: LevelArg,
    sides: [SideInput; 2],
    done: &'a Reconciliation<Meta>,
    style: Style,
}

impl Report<'_> {
    fn side(&self, side: Side) -> &SideInput {
        match side {
            Side::Left => &self.sides[0],
            Side::Right => &self.sides[1],
        }
    }

    /// `file:line`, `file#/3/link`, `file:2#/url`.
    fn place(&self, side: Side, meta: &Meta) -> String {
        let name = self
            .side(side)
            .catalog
            .source(urlkit_sources::SourceId(meta.source))
            .map_or("?", |s| s.name.as_str());
        match &meta.position {
            Position::Line(n) => format!("{name}:{n}"),
            Position::Pointer(p) => format!("{name}#{p}"),
            Position::LinePointer(n, p) => format!("{name}:{n}#{p}"),
        }
    }

    /// Records per content type on one side (`None` last, as "untyped").
    fn kinds(&self, side: Side) -> Vec<(String, u64)> {
        let mut by: BTreeMap<String, u64> = BTreeMap::new();
        let mut untyped = 0;
        for s in self.side(side).catalog.sources() {
            for (k, n) in &s.kinds {
                match k {
                    Some(k) => *by.entry(k.to_string()).or_default() += n,
                    None => untyped += n,
                }
            }
        }
        let mut v: Vec<(String, u64)> = by.into_iter().collect();
        if untyped > 0 && !v.is_empty() {
            v.push(("untyped".into(), untyped));
        }
        v
    }

    fn list(&self, only: OnlyArg) -> Vec<(Side, Occurrence<'_, Meta>)> {
        let side = match only {
            OnlyArg::Missing => Side::Left,
            OnlyArg::Extra => Side::Right,
            OnlyArg::Matched => return Vec::new(),
        };
        self.done.only(side).map(|o| (side, o)).collect()
    }

    fn text(&self, out: &mut impl Write) -> Result<usize, CliError> {
        let s = self.done.summary();
        let st = self.style;
        writeln!(
            out,
            "{} {} vs {} (level {})",
            st.bold("reconcile"),
            self.sides[0].specs.join(" + "),
            self.sides[1].specs.join(" + "),
            self.level.name()
        )?;
        writeln!(out)?;
        for side in [Side::Left, Side::Right] {
            let c = s.side(side);
            write!(
                out,
                "{:<6} {} records, {} distinct",
                side.name(),
                c.records,
                c.distinct
            )?;
            let kinds = self.kinds(side);
            if !kinds.is_empty() {
                let k: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
                write!(out, " ({})", k.join(", "))?;
            }
            writeln!(out)?;
            for src in self.side(side).catalog.sources() {
                writeln!(out, "         {} {}: {}", src.format, src.name, src.records)?;
            }
        }
        writeln!(out)?;
        writeln!(
            out,
            "matched                         {}",
            st.good(&s.matched().to_string())
        )?;
        writeln!(out, "  exactly                       {}", s.matched_exact)?;
        writeln!(
            out,
            "  after normalization           {}",
            s.matched_normalized
        )?;
        for (rule, n) in &s.rule_counts {
            writeln!(out, "    {rule:<28}{n}")?;
        }
        let missing = s.only_left.to_string();
        let extra = s.only_right.to_string();
        let paint = |n: usize, t: &str| if n == 0 { st.good(t) } else { st.error(t) };
        writeln!(
            out,
            "only in left (missing)          {}",
            paint(s.only_left, &missing)
        )?;
        writeln!(
            out,
            "only in right (extra)           {}",
            paint(s.only_right, &extra)
        )?;
        writeln!(
            out,
            "duplicates                      left {}, right {}",
            s.left.duplicate_records, s.right.duplicate_records
        )?;
        if s.left.invalid + s.right.invalid > 0 {
            writeln!(
                out,
                "no key at this level            left {}, right {}",
                s.left.invalid, s.right.invalid
            )?;
        }
        for (title, only) in [
            ("Only in left (missing from right)", OnlyArg::Missing),
            ("Only in right (extra)", OnlyArg::Extra),
        ] {
            let list = self.list(only);
            if list.is_empty() {
                continue;
            }
            writeln!(out, "\n{}", st.bold(&format!("{title}: {}", list.len())))?;
            for (side, o) in &list {
                writeln!(
                    out,
                    "  {}  {}{}",
                    escape_controls(o.url()),
                    st.dim(&self.place(*side, o.meta())),
                    kind_suffix(o.meta())
                )?;
                if let Some(iri) = readable(o.url()) {
                    writeln!(
                        out,
                        "    {}",
                        st.dim(&format!("= {}", escape_controls(&iri)))
                    )?;
                }
            }
        }
        for side in [Side::Left, Side::Right] {
            let dups: Vec<_> = self.done.duplicates(side).collect();
            if dups.is_empty() {
                continue;
            }
            writeln!(
                out,
                "\n{}",
                st.bold(&format!("Duplicates in {}: {}", side.name(), dups.len()))
            )?;
            for d in dups {
                writeln!(out, "  {} x{}", escape_controls(d.first.url()), d.count)?;
                for o in std::iter::once(&d.first).chain(&d.others) {
                    writeln!(
                        out,
                        "    {}  {}",
                        escape_controls(o.url()),
                        st.dim(&self.place(side, o.meta()))
                    )?;
                }
            }
        }
        let invalid: Vec<_> = self.done.invalid().collect();
        if !invalid.is_empty() {
            writeln!(
                out,
                "\n{}",
                st.bold(&format!(
                    "No key at level {} (matched by exact text only): {}",
                    self.level.name(),
                    invalid.len()
                ))
            )?;
            for i in invalid {
                writeln!(
                    out,
                    "  {} {}: {}",
                    i.side.name(),
                    escape_controls(i.url),
                    i.error
                )?;
            }
        }
        let findings: Vec<(Side, String)> = [Side::Left, Side::Right]
            .into_iter()
            .flat_map(|side| {
                let cat = &self.side(side).catalog;
                cat.findings().iter().map(move |f| {
                    let name = cat.source(f.source).map_or("?", |s| s.name.as_str());
                    let at = f
                        .position
                        .as_ref()
                        .map(|p| format!(" ({p})"))
                        .unwrap_or_default();
                    (side, format!("{name}{at}: {}", f.message))
                })
            })
            .collect();
        if !findings.is_empty() {
            writeln!(out, "\n{}", st.bold("Notes"))?;
            for (side, f) in findings {
                writeln!(out, "  {}: {f}", side.name())?;
            }
        }
        Ok(s.only_left + s.only_right)
    }

    fn text_only(&self, out: &mut impl Write, only: OnlyArg) -> Result<usize, CliError> {
        if only == OnlyArg::Matched {
            let mut n = 0;
            for p in self.done.matched() {
                n += 1;
                let rules = if p.rules.is_empty() {
                    "exact".to_owned()
                } else {
                    p.rules.join(",")
                };
                writeln!(
                    out,
                    "{}\t{}\t{rules}",
                    escape_controls(p.left.url()),
                    escape_controls(p.right.url())
                )?;
            }
            return Ok(n);
        }
        let list = self.list(only);
        for (_, o) in &list {
            writeln!(out, "{}", escape_controls(o.url()))?;
        }
        Ok(list.len())
    }

    fn occ_json(&self, side: Side, o: &Occurrence<'_, Meta>) -> Value {
        json!({
            "url": o.url(),
            "iri": readable(o.url()),
            "key": o.key(),
            "source": self.place(side, o.meta()),
            "type": o.meta().kind.as_deref(),
        })
    }

    fn json(&self, out: &mut impl Write, only: Option<OnlyArg>) -> Result<usize, CliError> {
        let mut n = 0;
        let line = |out: &mut dyn Write, v: Value| -> Result<(), CliError> {
            serde_json::to_writer(&mut *out, &v).map_err(std::io::Error::other)?;
            out.write_all(b"\n")?;
            Ok(())
        };
        if only.is_none() {
            line(out, self.summary_json())?;
        }
        if matches!(only, None | Some(OnlyArg::Missing)) {
            for (side, o) in self.list(OnlyArg::Missing) {
                n += 1;
                line(
                    out,
                    json!({"status": "missing", "left": self.occ_json(side, &o)}),
                )?;
            }
        }
        if matches!(only, None | Some(OnlyArg::Extra)) {
            for (side, o) in self.list(OnlyArg::Extra) {
                n += 1;
                line(
                    out,
                    json!({"status": "extra", "right": self.occ_json(side, &o)}),
                )?;
            }
        }
        if matches!(only, None | Some(OnlyArg::Matched)) {
            for p in self.done.matched() {
                if only.is_some() {
                    n += 1;
                }
                line(
                    out,
                    json!({
                        "status": "matched",
                        "exact": p.is_exact(),
                        "rules": p.rules,
                        "left": self.occ_json(Side::Left, &p.left),
                        "right": self.occ_json(Side::Right, &p.right),
                    }),
                )?;
            }
        }
        if only.is_none() {
            for side in [Side::Left, Side::Right] {
                for d in self.done.duplicates(side) {
                    let all: Vec<Value> = std::iter::once(&d.first)
                        .chain(&d.others)
                        .map(|o| self.occ_json(side, o))
                        .collect();
                    line(
                        out,
                        json!({"status": "duplicate", "side": side.name(), "count": d.count, "occurrences": all}),
                    )?;
                }
            }
        }
        Ok(n)
    }

    fn summary_json(&self) -> Value {
        let s = self.done.summary();
        let side = |side: Side| {
            let c = s.side(side);
            let input = self.side(side);
            let sources: Vec<Value> = input
                .catalog
                .sources()
                .iter()
                .map(|src| json!({"name": src.name, "format": src.format.name(), "records": src.records}))
                .collect();
            let kinds: serde_json::Map<String, Value> = self
                .kinds(side)
                .into_iter()
                .map(|(k, n)| (k, Value::from(n)))
                .collect();
            let findings: Vec<Value> = input
                .catalog
                .findings()
                .iter()
                .map(|f| {
                    json!({
                        "kind": f.kind,
                        "source": input.catalog.source(f.source).map(|s| s.name.clone()),
                        "position": f.position.as_ref().map(ToString::to_string),
                        "message": f.message,
                    })
                })
                .collect();
            json!({
                "specs": input.specs,
                "records": c.records,
                "distinct": c.distinct,
                "duplicate_keys": c.duplicate_keys,
                "duplicate_records": c.duplicate_records,
                "invalid": c.invalid,
                "types": kinds,
                "sources": sources,
                "findings": findings,
            })
        };
        let rules: serde_json::Map<String, Value> = s
            .rule_counts
            .iter()
            .map(|(r, n)| ((*r).to_owned(), Value::from(*n)))
            .collect();
        json!({
            "summary": {
                "level": self.level.name(),
                "left": side(Side::Left),
                "right": side(Side::Right),
                "matched": s.matched(),
                "matched_exact": s.matched_exact,
                "matched_normalized": s.matched_normalized,
                "rules": rules,
                "only_left": s.only_left,
                "only_right": s.only_right,
            }
        })
    }

    fn csv(&self, out: &mut impl Write, only: Option<OnlyArg>) -> Result<usize, CliError> {
        writeln!(
            out,
            "status,left_url,left_source,left_type,right_url,right_source,right_type,rules"
        )?;
        let mut n = 0;
        let cell = |t: &str| -> String {
            if t.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", t.replace('"', "\"\""))
            } else {
                t.to_owned()
            }
        };
        let occ = |side: Side, o: Option<&Occurrence<'_, Meta>>| -> String {
            match o {
                Some(o) => format!(
                    "{},{},{}",
                    cell(o.url()),
                    cell(&self.place(side, o.meta())),
                    cell(o.meta().kind.as_deref().unwrap_or(""))
                ),
                None => ",,".into(),
            }
        };
        if matches!(only, None | Some(OnlyArg::Missing)) {
            for (side, o) in self.list(OnlyArg::Missing) {
                n += 1;
                writeln!(
                    out,
                    "missing,{},{},",
                    occ(side, Some(&o)),
                    occ(Side::Right, None)
                )?;
            }
        }
        if matches!(only, None | Some(OnlyArg::Extra)) {
            for (side, o) in self.list(OnlyArg::Extra) {
                n += 1;
                writeln!(
                    out,
                    "extra,{},{},",
                    occ(Side::Left, None),
                    occ(side, Some(&o))
                )?;
            }
        }
        if matches!(only, None | Some(OnlyArg::Matched)) {
            for p in self.done.matched() {
                if only.is_some() {
                    n += 1;
                }
                let rules = if p.rules.is_empty() {
                    "exact".to_owned()
                } else {
                    p.rules.join(" ")
                };
                writeln!(
                    out,
                    "matched,{},{},{}",
                    occ(Side::Left, Some(&p.left)),
                    occ(Side::Right, Some(&p.right)),
                    cell(&rules)
                )?;
            }
        }
        Ok(n)
    }

    fn markdown(&self, out: &mut impl Write, only: Option<OnlyArg>) -> Result<usize, CliError> {
        let s = self.done.summary();
        let md = |t: &str| t.replace('|', "\\|");
        if only.is_none() {
            writeln!(out, "# Reconciliation (level {})\n", self.level.name())?;
            writeln!(out, "| | left | right |\n|---|---:|---:|")?;
            writeln!(
                out,
                "| sources | {} | {} |",
                md(&self.sides[0].specs.join(", ")),
                md(&self.sides[1].specs.join(", "))
            )?;
            writeln!(
                out,
                "| records | {} | {} |",
                s.left.records, s.right.records
            )?;
            writeln!(
                out,
                "| distinct | {} | {} |",
                s.left.distinct, s.right.distinct
            )?;
            writeln!(
                out,
                "| duplicates | {} | {} |",
                s.left.duplicate_records, s.right.duplicate_records
            )?;
            writeln!(
                out,
                "| only on this side | {} | {} |",
                s.only_left, s.only_right
            )?;
            writeln!(
                out,
                "\nMatched: **{}** ({} exactly, {} after normalization)\n",
                s.matched(),
                s.matched_exact,
                s.matched_normalized
            )?;
            if !s.rule_counts.is_empty() {
                writeln!(out, "| rule | pairs |\n|---|---:|")?;
                for (r, n) in &s.rule_counts {
                    writeln!(out, "| `{r}` | {n} |")?;
                }
                writeln!(out)?;
            }
        }
        let mut n = 0;
        for (title, o) in [
            ("Only in left (missing from right)", OnlyArg::Missing),
            ("Only in right (extra)", OnlyArg::Extra),
        ] {
            if only.is_some_and(|x| x != o) {
                continue;
            }
            let list = self.list(o);
            n += list.len();
            writeln!(out, "## {title}: {}\n", list.len())?;
            if !list.is_empty() {
                writeln!(out, "| URL | source | type |\n|---|---|---|")?;
                for (side, occ) in &list {
                    writeln!(
                        out,
                        "| {} | {} | {} |",
                        md(occ.url()),
                        md(&self.place(*side, occ.meta())),
                        occ.meta().kind.as_deref().unwrap_or("")
                    )?;
                }
                writeln!(out)?;
            }
        }
        if only == Some(OnlyArg::Matched) {
            writeln!(out, "| left | right | rules |\n|---|---|---|")?;
            for p in self.done.matched() {
                n += 1;
                let rules = if p.rules.is_empty() {
                    "exact".to_owned()
                } else {
                    p.rules.join(", ")
                };
                writeln!(
                    out,
                    "| {} | {} | {} |",
                    md(p.left.url()),
                    md(p.right.url()),
                    rules
                )?;
            }
        }
        Ok(n)
    }
}

/// The URL as people read it (escapes of non-ASCII shown as characters), when that differs.
fn readable(url: &str) -> Option<String> {
    normalize(url, &Options::new(Level::Safe), Form::Iri)
        .ok()
        .filter(|iri| iri != url && !iri.is_ascii())
}

fn kind_suffix(meta: &Meta) -> String {
    meta.kind
        .as_deref()
        .map(|k| format!(" [{k}]"))
        .unwrap_or_default()
}
