//! `urlkit reconcile --matrix SRC SRC...`: one row per distinct page across every source,
//! with how each source spells it, and the patterns of presence summed up.

use std::io::{IsTerminal, Write};

use urlkit_reconcile::matrix::{Matrix, Pattern, Role};
use urlkit_reconcile::Keyer;
use urlkit_records::presence::{
    PresenceInvalid, PresenceLine, PresencePage, PresencePattern, PresenceSource,
};
use urlkit_records::table::{Align, Cell, Table};
use urlkit_records::{csv, markdown};
use urlkit_sources::{Format, Reader, Record, RecordSink, SourceSpec};

use super::{as_dyn, keyer, reader_for, say, Args, FormatArg};
use crate::cmd::{CliError, CmdResult, Ctx, Status};
use crate::style::escape_controls;

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
        sources.push(Source {
            name: text.clone(),
            role: role_of(format),
            records,
        });
    }
    progress.finish();
    for u in &unkeyed {
        eprintln!(
            "{}: warning: source {} ({}): {} has no key at level {}: {}; it is in no row",
            err_style.error("urlkit"),
            u.source + 1,
            escape_controls(&u.position),
            escape_controls(&u.url),
            args.level.level.name(),
            escape_controls(&u.error)
        );
    }
    let format = if ctx.json {
        FormatArg::Json
    } else {
        args.format
    };
    let roles: Vec<Role> = sources.iter().map(|s| s.role).collect();
    let report = Presence {
        sources: &sources,
        patterns: matrix.patterns(&roles),
        matrix: &matrix,
        unkeyed: &unkeyed,
        level: args.level.level.name(),
    };
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
    // A page missing from some source is what the matrix shows, not a failure; input that
    // gave no row is.
    Ok(Status::from_count(unkeyed.len()))
}

/// The matrix and what it was read from, for the writers.
struct Presence<'a> {
    sources: &'a [Source],
    matrix: &'a Matrix,
    patterns: Vec<Pattern>,
    unkeyed: &'a [Unkeyed],
    level: &'static str,
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
        let mut t = Table::new(columns);
        for row in self.matrix.rows() {
            let mut cells = vec![
                Cell::of_code(row.key.to_string()),
                Cell::text(in_sources(&row.sources())),
            ];
            cells.extend(row.spellings.iter().map(|s| match s {
                Some(s) => Cell::of_code(s.to_string()),
                None => Cell::empty(),
            }));
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
        let limit = if terminal { TERMINAL_ROWS } else { usize::MAX };
        writeln!(out, "\npages")?;
        for row in self.matrix.rows().iter().take(limit) {
            writeln!(
                out,
                "  {}  in {}",
                escape_controls(&row.key),
                in_sources(&row.sources())
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
                super::report::thousands(rows - limit)
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
        for row in self.matrix.rows() {
            line(&PresenceLine::Page(PresencePage {
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

/// `1, 3`: the 1-based numbers of sources.
fn in_sources(sources: &[usize]) -> String {
    let names: Vec<String> = sources.iter().map(|s| (s + 1).to_string()).collect();
    names.join(", ")
}
