//! `urlkit reconcile --matrix SRC SRC...`: one row per distinct page across every source,
//! with how each source spells it, and the patterns of presence summed up.

use std::io::{IsTerminal, Write};

use urlkit_reconcile::matrix::{Matrix, Pattern, Role};
use urlkit_reconcile::Keyer;
use urlkit_records::check::Live;
use urlkit_records::presence::{
    PresenceInvalid, PresenceLine, PresencePage, PresencePattern, PresenceSource,
};
use urlkit_records::table::{Align, Cell, Table};
use urlkit_records::{csv, markdown};
use urlkit_sources::{is_http_url, Format, Location, Reader, Record, RecordSink, SourceSpec};

use super::{as_dyn, keyer, reader_for, say, Args, FormatArg};
use crate::cmd::{CliError, CmdResult, Ctx, Status};
use crate::style::escape_controls;
use urlkit_reconcile_report::live_words;

/// Pages a text report shows on a terminal; files and pipes get every page.
const TERMINAL_ROWS: usize = 20;

/// One source read: what it is and what it gave.
struct Source {
    name: String,
    role: Role,
    records: u64,
}

/// A URL without a key, kept to be said.
struct Unkeyed {
    source: usize,
    position: String,
    url: String,
    error: String,
}

struct MatrixSink<'a> {
    source: usize,
    matrix: &'a mut Matrix,
    keyer: &'a dyn Keyer,
    key: String,
    records: u64,
    unkeyed: &'a mut Vec<Unkeyed>,
}

impl RecordSink for MatrixSink<'_> {
    fn record(&mut self, r: Record) {
        self.records += 1;
        self.key.clear();
        match self.keyer.key_into(&r.url, &mut self.key) {
            Ok(()) => self.matrix.add(self.source, &self.key, &r.url),
            Err(e) => self.unkeyed.push(Unkeyed {
                source: self.source,
                position: r.position.to_string(),
                error: e.to_string(),
                url: r.url,
            }),
        }
    }
}

/// The role of a source, from the format it was read in.
fn role_of(format: Format) -> Role {
    match format {
        Format::WordPress => Role::Rest,
        Format::Sitemap => Role::Sitemap,
        _ => Role::List,
    }
}

/// Runs `reconcile --matrix`.
pub(super) fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let specs = &args.matrix;
    if args.left_pos.is_some() || !args.left.is_empty() || !args.right.is_empty() {
        return Err(CliError::Usage(
            "--matrix takes its sources as its own values (`urlkit reconcile --matrix A B C`); \
             LEFT, RIGHT, --left and --right are for two sides"
                .into(),
        ));
    }
    #[cfg(not(feature = "http"))]
    if args.verify {
        return Err(super::verify_needs_http());
    }
    let keyer = keyer(args.level.options());
    let fetcher = args.http.fetcher()?;
    // Each source is a start of its own, as each source of `reconcile` is.
    let starts: Vec<_> = specs.iter().map(|_| fetcher.new_start()).collect();
    let fetchers = as_dyn(&starts);
    let progress = crate::progress::Progress::new(crate::progress::enabled(), "records read");
    let tell = |step: urlkit_sources::FetchProgress<'_>| progress.fetched(step);
    let err_style = ctx.err_style();
    let mut matrix = Matrix::new(specs.len());
    let mut sources = Vec::with_capacity(specs.len());
    let mut unkeyed = Vec::new();
    // Per source: whether its URLs came from a fetched document (see `verify`).
    let mut fetched = Vec::with_capacity(specs.len());
    for (i, text) in specs.iter().enumerate() {
        let spec = SourceSpec::parse(text).map_err(|e| CliError::Usage(e.to_string()))?;
        let mut reader: Reader<'_> = reader_for(args, None, &tell);
        if let Some(f) = fetchers[i] {
            reader.use_fetcher(f);
        }
        let mut sink = MatrixSink {
            source: i,
            matrix: &mut matrix,
            keyer: keyer.as_ref(),
            key: String::new(),
            records: 0,
            unkeyed: &mut unkeyed,
        };
        let result = reader.read_to(&spec, &mut sink);
        let records = sink.records;
        // No report lists them after: every finding is said here, notes too (a users route
        // that a site closed, a redirect).
        let catalog = reader.catalog();
        say(
            catalog,
            catalog.findings().iter(),
            &format!("source {}", i + 1),
            &err_style,
        );
        result.map_err(|e| CliError::Read(e.to_string()))?;
        // A folder or an index reads several files of one format: the first names it.
        let format = reader
            .catalog()
            .sources()
            .first()
            .map(|s| s.format)
            .expect("invariant: a source that was read is in its catalog");
        fetched.push(
            matches!(spec.location, Location::Url(_))
                || catalog.sources().iter().any(|s| is_http_url(&s.name)),
        );
        sources.push(Source {
            name: text.clone(),
            role: role_of(format),
            records,
        });
    }
    progress.finish();
    say_unkeyed(&unkeyed, args.level.level.name(), &err_style);
    let format = if ctx.json {
        FormatArg::Json
    } else {
        args.format
    };
    let roles: Vec<Role> = sources.iter().map(|s| s.role).collect();
    #[cfg(feature = "http")]
    let live = if args.verify {
        let live = super::verify::verify(&matrix, &fetched, &starts, &fetcher);
        Some(live)
    } else {
        None
    };
    #[cfg(not(feature = "http"))]
    let live: Option<Vec<Option<Live>>> = {
        let _ = (&fetched, &starts);
        None
    };
    // A page that could not be requested is a finding: the run did not verify it.
    let unverified = live
        .iter()
        .flatten()
        .filter(|l| is_unverified(l.as_ref()))
        .count();
    let report = Presence {
        sources: &sources,
        patterns: matrix.patterns(&roles),
        matrix: &matrix,
        unkeyed: &unkeyed,
        level: args.level.level.name(),
        live: live.as_deref(),
    };
    write_presence(&report, format, args, ctx)?;
    // A page missing from some source is what the matrix shows, not a failure; input that
    // gave no row is.
    Ok(Status::from_count(unkeyed.len() + unverified))
}

/// Says on stderr each URL that has no key at the level, so is in no row.
fn say_unkeyed(unkeyed: &[Unkeyed], level: &str, err_style: &crate::style::Style) {
    for u in unkeyed {
        eprintln!(
            "{}: warning: source {} ({}): {} has no key at level {}: {}; it is in no row",
            err_style.error("urlkit"),
            u.source + 1,
            escape_controls(&u.position),
            escape_controls(&u.url),
            level,
            escape_controls(&u.error)
        );
    }
}

/// Writes the presence report in `format`.
fn write_presence(
    report: &Presence<'_>,
    format: FormatArg,
    args: &Args,
    ctx: &Ctx,
) -> Result<(), CliError> {
    let mut output = ctx.output();
    let out = output.writer();
    match format {
        FormatArg::Text => report.text(out, std::io::stdout().is_terminal())?,
        FormatArg::Json => report.json(out)?,
        FormatArg::Csv => {
            if args.bom {
                out.write_all("\u{FEFF}".as_bytes())?;
            }
            csv::write_table(out, &report.pages_table())?;
        }
        FormatArg::Markdown => report.markdown(out)?,
    }
    output.finish()?;
    Ok(())
}

/// Whether a page's live answer leaves it unverified: no answer (`error`: refused, a timeout,
/// a spent budget, a 5xx) or no request at all.
fn is_unverified(live: Option<&Live>) -> bool {
    live.is_none_or(|l| l.verdict == "error")
}

/// The matrix and what it was read from, for the writers.
struct Presence<'a> {
    sources: &'a [Source],
    matrix: &'a Matrix,
    patterns: Vec<Pattern>,
    unkeyed: &'a [Unkeyed],
    level: &'static str,
    /// With `--verify`: each row's live answer.
    live: Option<&'a [Option<Live>]>,
}

impl Presence<'_> {
    fn sources_table(&self) -> Table {
        let mut t = Table::new([
            ("", Align::Right),
            ("source", Align::Left),
            ("role", Align::Left),
            ("URLs", Align::Right),
            ("pages", Align::Right),
        ]);
        for (i, s) in self.sources.iter().enumerate() {
            t.push([
                Cell::text(format!("[{}]", i + 1)),
                Cell::of_code(s.name.clone()),
                Cell::text(s.role.name()),
                Cell::text(s.records.to_string()),
                Cell::text(self.matrix.pages_in(i).to_string()),
            ]);
        }
        t
    }

    fn patterns_table(&self) -> Table {
        let mut t = Table::new([
            ("pages", Align::Right),
            ("in", Align::Left),
            ("probably", Align::Left),
        ]);
        for p in &self.patterns {
            t.push([
                Cell::text(p.rows.to_string()),
                Cell::text(in_sources(&p.sources)),
                Cell::from(p.meaning),
            ]);
        }
        t
    }

    /// The pages: the key, the sources it is in, and each source's spelling (empty where it
    /// is absent), one column per source, as a spreadsheet reads it.
    fn pages_table(&self) -> Table {
        let mut columns = vec![
            ("page".to_owned(), Align::Left),
            ("in".to_owned(), Align::Left),
        ];
        columns.extend(
            self.sources
                .iter()
                .enumerate()
                .map(|(i, s)| (format!("[{}] {}", i + 1, s.name), Align::Left)),
        );
        if self.live.is_some() {
            columns.extend(
                ["live status", "verdict", "final URL"].map(|c| (c.to_owned(), Align::Left)),
            );
        }
        let mut t = Table::new(columns);
        for (r, row) in self.matrix.rows().iter().enumerate() {
            let mut cells = vec![
                Cell::of_code(row.key.to_string()),
                Cell::text(in_sources(&row.sources())),
            ];
            cells.extend(row.spellings.iter().map(|s| match s {
                Some(s) => Cell::of_code(s.to_string()),
                None => Cell::empty(),
            }));
            if let Some(live) = self.live {
                match live.get(r).and_then(Option::as_ref) {
                    Some(l) => cells.extend([
                        l.status
                            .map_or_else(Cell::empty, |s| Cell::text(s.to_string())),
                        Cell::text(l.verdict),
                        l.final_url
                            .as_ref()
                            .map_or_else(Cell::empty, |u| Cell::of_code(u.clone())),
                    ]),
                    None => {
                        cells.extend([Cell::empty(), Cell::text("not requested"), Cell::empty()])
                    }
                }
            }
            t.push(cells);
        }
        t
    }

    /// The text report: the sources, the patterns, then each page with the sources it is in
    /// and the spellings that differ from its key (on a terminal, the first
    /// [`TERMINAL_ROWS`] pages).
    fn text(&self, out: &mut impl Write, terminal: bool) -> Result<(), CliError> {
        let rows = self.matrix.rows().len();
        writeln!(
            out,
            "presence of {rows} distinct pages in {} sources (level {})",
            self.sources.len(),
            self.level
        )?;
        for (i, s) in self.sources.iter().enumerate() {
            writeln!(
                out,
                "  [{}] {} ({}): {} URLs, {} pages",
                i + 1,
                escape_controls(&s.name),
                s.role.name(),
                s.records,
                self.matrix.pages_in(i)
            )?;
        }
        writeln!(out, "\npatterns")?;
        for p in &self.patterns {
            let meaning = p.meaning.map(|m| format!(": {m}")).unwrap_or_default();
            writeln!(
                out,
                "  {:>7}  in {}{meaning}",
                p.rows,
                in_sources(&p.sources)
            )?;
        }
        if let Some(live) = self.live {
            writeln!(out, "\nlive (--verify)")?;
            for (verdict, n) in verdict_counts(live) {
                writeln!(out, "  {n:>7}  {verdict}")?;
            }
        }
        let limit = if terminal { TERMINAL_ROWS } else { usize::MAX };
        writeln!(out, "\npages")?;
        for (r, row) in self.matrix.rows().iter().enumerate().take(limit) {
            let live = match self.live.map(|l| l.get(r).and_then(Option::as_ref)) {
                None => String::new(),
                Some(None) => "  live: not requested".to_owned(),
                Some(Some(l)) => format!("  live: {}", live_words(l)),
            };
            writeln!(
                out,
                "  {}  in {}{}",
                escape_controls(&row.key),
                in_sources(&row.sources()),
                escape_controls(&live)
            )?;
            for (i, s) in row.spellings.iter().enumerate() {
                match s {
                    Some(s) if **s != *row.key => {
                        writeln!(out, "      [{}] {}", i + 1, escape_controls(s))?;
                    }
                    _ => {}
                }
            }
        }
        if rows > limit {
            writeln!(
                out,
                "  … and {} more (--format csv or a pipe lists them all)",
                crate::style::grouped((rows - limit) as u64)
            )?;
        }
        Ok(())
    }

    fn markdown(&self, out: &mut impl Write) -> Result<(), CliError> {
        writeln!(out, "# Presence (level {})\n", self.level)?;
        markdown::write_table(out, &self.sources_table())?;
        writeln!(out, "\n## Patterns\n")?;
        markdown::write_table(out, &self.patterns_table())?;
        writeln!(out, "\n## Pages\n")?;
        markdown::write_table(out, &self.pages_table())?;
        Ok(())
    }

    fn json(&self, out: &mut impl Write) -> Result<(), CliError> {
        let mut line = |l: &PresenceLine| urlkit_records::write_json_line(out, l);
        for (i, s) in self.sources.iter().enumerate() {
            line(&PresenceLine::Source(PresenceSource {
                index: i + 1,
                name: s.name.clone(),
                role: s.role.name(),
                records: s.records,
                pages: self.matrix.pages_in(i),
            }))?;
        }
        for p in &self.patterns {
            line(&PresenceLine::Pattern(PresencePattern {
                sources: p.sources.iter().map(|s| s + 1).collect(),
                pages: p.rows,
                meaning: p.meaning,
            }))?;
        }
        for (r, row) in self.matrix.rows().iter().enumerate() {
            line(&PresenceLine::Page(PresencePage {
                live: self.live.and_then(|l| l.get(r).cloned().flatten()),
                key: row.key.to_string(),
                sources: row.sources().iter().map(|s| s + 1).collect(),
                spellings: row
                    .spellings
                    .iter()
                    .map(|s| s.as_deref().map(str::to_owned))
                    .collect(),
            }))?;
        }
        for u in self.unkeyed {
            line(&PresenceLine::Invalid(PresenceInvalid {
                source: u.source + 1,
                position: u.position.clone(),
                url: u.url.clone(),
                error: u.error.clone(),
            }))?;
        }
        Ok(())
    }
}

/// How many pages got each verdict, in the order first seen; `not requested` last.
fn verdict_counts(live: &[Option<Live>]) -> Vec<(&'static str, usize)> {
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    for l in live {
        let verdict = l.as_ref().map_or("not requested", |l| l.verdict);
        match counts.iter_mut().find(|(v, _)| *v == verdict) {
            Some((_, n)) => *n += 1,
            None => counts.push((verdict, 1)),
        }
    }
    counts
}

/// `1, 3`: the 1-based numbers of sources.
fn in_sources(sources: &[usize]) -> String {
    let names: Vec<String> = sources.iter().map(|s| (s + 1).to_string()).collect();
    names.join(", ")
}
