//! The reconciliation report: text, JSON Lines, CSV and Markdown.

use std::io::Write;

use urlkit::normalize::Level;
use urlkit_reconcile::near::Leftovers;
use urlkit_reconcile::{Occurrence, Reconciliation, Side};

use super::{Meta, OnlyArg, SideInput};
use crate::cmd::CliError;
use crate::style::{escape_controls, Style};
use urlkit_records::markdown;
use urlkit_records::reconcile::{
    Duplicate, Hint, Line, Matched, Occurrence as OccurrenceRecord, PairLive, SideSummary, Summary,
};
use urlkit_records::table::{Align, Cell, Table};

/// Entries a text report lists per section on a terminal; files and pipes get every entry.
const TERMINAL_ENTRIES: usize = 20;

/// How much of each list the text report shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fit {
    /// Every entry (a file, a pipe).
    Everything,
    /// At most [`TERMINAL_ENTRIES`] per section, then how many more.
    Terminal,
}

/// Whether the text report lists the extra URLs or only counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Extras {
    /// Listed, as the missing ones are.
    Listed,
    /// A count (`--fail-on missing`: the extras on a live site are expected).
    Counted,
}

/// Everything the report formats need.
pub(super) struct Report<'a> {
    pub(super) level: Level,
    pub(super) sides: [SideInput; 2],
    pub(super) done: &'a Reconciliation<Meta>,
    pub(super) style: Style,
    /// The missing and extra URLs and their near matches (none for `--only matched`).
    pub(super) leftovers: Option<Leftovers>,
    pub(super) fit: Fit,
    pub(super) extras: Extras,
    /// With `--verify`: per matched pair (in `done.matched()` order), what the live site
    /// answered for the left spelling of a pair matched only after normalization.
    pub(super) live: Option<Vec<Option<PairLive>>>,
}

impl Report<'_> {
    fn side(&self, side: Side) -> &SideInput {
        match side {
            Side::Left => &self.sides[0],
            Side::Right => &self.sides[1],
        }
    }

    /// `file:line`, `file#/3/link`, `file:2#/url`.
    /// The pairs `--verify` found the live site does not confirm: the left spelling, where it
    /// was, what the site answered, and the page it was matched with.
    fn text_unconfirmed(&self, out: &mut impl Write) -> Result<(), CliError> {
        let Some(live) = &self.live else {
            return Ok(());
        };
        let unconfirmed: Vec<_> = self
            .done
            .matched()
            .zip(live)
            .filter_map(|(p, l)| l.as_ref().filter(|l| !l.leads_to_page).map(|l| (p, l)))
            .collect();
        if unconfirmed.is_empty() {
            return Ok(());
        }
        let st = &self.style;
        writeln!(
            out,
            "\n{}",
            st.bold(&format!(
                "Matched after normalization, but not the page on the live site: {}",
                unconfirmed.len()
            ))
        )?;
        for (p, l) in unconfirmed {
            writeln!(
                out,
                "  {}  {}",
                escape_controls(&p.left.url()),
                st.dim(&escape_controls(&self.place(Side::Left, p.left.meta())))
            )?;
            writeln!(
                out,
                "    live: {}",
                escape_controls(&super::matrix::live_words(&l.answer))
            )?;
            writeln!(
                out,
                "    matched {} ({})",
                escape_controls(&p.right.url()),
                p.rules.join(", ")
            )?;
        }
        Ok(())
    }

    /// Whether a side was given more than one source: only then can its sources overlap,
    /// and the summary says how much they did.
    fn several_sources(&self) -> bool {
        self.sides.iter().any(|s| s.specs.len() > 1)
    }

    fn place(&self, side: Side, meta: &Meta) -> String {
        let name = self
            .side(side)
            .catalog
            .source(urlkit_sources::SourceId(meta.source()))
            .map(|s| s.name.as_str())
            .expect("invariant: a record's source is in its side's catalog");
        let tables = &self.side(side).tables;
        match (tables.line(meta), tables.pointer(meta), tables.column(meta)) {
            (0, Some(p), _) => format!("{name}#{p}"),
            (n, Some(p), _) => format!("{name}:{n}#{p}"),
            (n, None, Some(c)) => format!("{name}:{n}:{c}"),
            (n, None, None) => format!("{name}:{n}"),
        }
    }

    /// The content type of a record, when its source said.
    fn kind_of(&self, side: Side, meta: &Meta) -> Option<&str> {
        self.side(side).tables.kind(meta)
    }

    /// ` [type]` after a listed URL, when known.
    fn kind_suffix(&self, side: Side, meta: &Meta) -> String {
        match self.kind_of(side, meta) {
            Some(k) => format!(" [{k}]"),
            None => String::new(),
        }
    }

    /// The names of the extra fields of one side's records (`title`, `lastmod`, a CSV's
    /// other columns).
    fn fields(&self, side: Side) -> &[std::sync::Arc<str>] {
        &self.side(side).tables.fields
    }

    /// The record's value of each of its side's extra fields, in [`Report::fields`] order.
    fn extras(&self, side: Side, meta: &Meta) -> Vec<Option<&str>> {
        let tables = &self.side(side).tables;
        (0..tables.fields.len())
            .map(|f| tables.extra(meta, f))
            .collect()
    }

    /// Records per content type on one side (`None` last, as "untyped").
    fn kinds(&self, side: Side) -> Vec<(String, u64)> {
        self.side(side).catalog.records_by_kind()
    }

    fn list(&self, only: OnlyArg) -> Vec<(Side, Occurrence<'_, Meta>)> {
        let side = match only {
            OnlyArg::Missing => Side::Left,
            OnlyArg::Extra => Side::Right,
            OnlyArg::Matched => return Vec::new(),
        };
        self.done.only(side).map(|o| (side, o)).collect()
    }

    /// The near matches of entry `i` of `side`'s leftovers, as records.
    fn hints(&self, side: Side, i: usize) -> Option<Vec<Hint>> {
        let s = match side {
            Side::Left => 0,
            Side::Right => 1,
        };
        Hint::all_of(self.leftovers.as_ref()?, s, i)
    }

    /// A leftover's record, with its near matches.
    fn leftover_record(&self, side: Side, i: usize, o: &Occurrence<'_, Meta>) -> OccurrenceRecord {
        OccurrenceRecord {
            hints: self.hints(side, i),
            ..self.occ_record(side, o)
        }
    }

    /// Whether any leftover has a near match (the CSV and Markdown tables get the columns).
    fn any_hint(&self) -> bool {
        self.leftovers
            .as_ref()
            .is_some_and(|l| l.hints.iter().flatten().any(|h| !h.is_empty()))
    }

    pub(super) fn text(&self, out: &mut impl Write) -> Result<usize, CliError> {
        let s = self.done.summary();
        let st = self.style;
        writeln!(
            out,
            "{} {} vs {} (level {})",
            st.bold("reconcile"),
            escape_controls(&self.sides[0].specs.join(" + ")),
            escape_controls(&self.sides[1].specs.join(" + ")),
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
                write!(out, " ({})", escape_controls(&k.join(", ")))?;
            }
            writeln!(out)?;
            for src in self.side(side).catalog.sources() {
                writeln!(
                    out,
                    "         {} {}: {}",
                    src.format,
                    escape_controls(&src.name),
                    src.records
                )?;
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
        if self.several_sources() {
            writeln!(
                out,
                "in more than one source         left {}, right {}",
                s.left.overlap_records, s.right.overlap_records
            )?;
        }
        if s.left.invalid + s.right.invalid > 0 {
            writeln!(
                out,
                "no key at this level            left {}, right {}",
                s.left.invalid, s.right.invalid
            )?;
        }
        if let Some(live) = &self.live {
            let checked = live.iter().flatten().count();
            let confirmed = live.iter().flatten().filter(|l| l.leads_to_page).count();
            writeln!(
                out,
                "verified live (--verify)        {confirmed} of {checked} lead to the matched page"
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
            if only == OnlyArg::Extra && self.extras == Extras::Counted {
                writeln!(
                    out,
                    "  {}",
                    st.dim("not listed with --fail-on missing (--only extra lists them)")
                )?;
                continue;
            }
            let shown = match self.fit {
                Fit::Terminal => TERMINAL_ENTRIES,
                Fit::Everything => usize::MAX,
            };
            for (i, (side, o)) in list.iter().enumerate().take(shown) {
                self.text_entry(out, *side, i, o)?;
            }
            if list.len() > shown {
                let name = match only {
                    OnlyArg::Missing => "missing",
                    _ => "extra",
                };
                writeln!(
                    out,
                    "  … and {} more (--only {name} lists them)",
                    crate::style::grouped((list.len() - shown) as u64)
                )?;
            }
        }
        self.text_unconfirmed(out)?;
        for (side, overlap) in [
            (Side::Left, false),
            (Side::Right, false),
            (Side::Left, true),
            (Side::Right, true),
        ] {
            let (dups, title): (Vec<_>, _) = if overlap {
                let title = "In more than one source of";
                (self.done.overlaps(side).collect(), title)
            } else {
                (self.done.duplicates(side).collect(), "Duplicates in")
            };
            if dups.is_empty() {
                continue;
            }
            writeln!(
                out,
                "\n{}",
                st.bold(&format!("{title} {}: {}", side.name(), dups.len()))
            )?;
            for d in dups {
                writeln!(out, "  {} x{}", escape_controls(&d.first.url()), d.count)?;
                for o in std::iter::once(&d.first).chain(&d.others) {
                    writeln!(
                        out,
                        "    {}  {}",
                        escape_controls(&o.url()),
                        st.dim(&escape_controls(&self.place(side, o.meta())))
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
                    escape_controls(&i.error.to_string())
                )?;
            }
        }
        let findings: Vec<(Side, String)> = [Side::Left, Side::Right]
            .into_iter()
            .flat_map(|side| {
                let cat = &self.side(side).catalog;
                cat.findings().iter().map(move |f| {
                    let name = cat
                        .source(f.source)
                        .map(|s| s.name.as_str())
                        .expect("invariant: a finding is about a source of its catalog");
                    let at = match &f.position {
                        Some(p) => format!(" ({p})"),
                        None => String::new(),
                    };
                    (side, format!("{name}{at}: {}", f.message))
                })
            })
            .collect();
        if !findings.is_empty() {
            writeln!(out, "\n{}", st.bold("Notes"))?;
            for (side, f) in findings {
                writeln!(out, "  {}: {}", side.name(), escape_controls(&f))?;
            }
        }
        Ok(s.only_left + s.only_right)
    }

    /// One missing or extra URL of the text report: where it was, how people read it, and
    /// the other side's URLs that are probably the same page.
    fn text_entry(
        &self,
        out: &mut impl Write,
        side: Side,
        i: usize,
        o: &Occurrence<'_, Meta>,
    ) -> Result<(), CliError> {
        let st = self.style;
        let url = o.url();
        writeln!(
            out,
            "  {}  {}{}",
            escape_controls(&url),
            st.dim(&escape_controls(&self.place(side, o.meta()))),
            escape_controls(&self.kind_suffix(side, o.meta()))
        )?;
        if let Some(iri) = readable(&url) {
            writeln!(
                out,
                "    {}",
                st.dim(&format!("= {}", escape_controls(&iri)))
            )?;
        }
        for h in self.hints(side, i).unwrap_or_default() {
            writeln!(
                out,
                "    probably {}  {}",
                escape_controls(&h.url),
                st.dim(&format!("({})", escape_controls(&hint_reasons(&h))))
            )?;
        }
        Ok(())
    }

    pub(super) fn text_only(&self, out: &mut impl Write, only: OnlyArg) -> Result<usize, CliError> {
        if only == OnlyArg::Matched {
            let mut n = 0;
            for p in self.done.matched() {
                n += 1;
                let rules = rule_list(&p.rules);
                writeln!(
                    out,
                    "{}\t{}\t{rules}",
                    escape_controls(&p.left.url()),
                    escape_controls(&p.right.url())
                )?;
            }
            return Ok(n);
        }
        let list = self.list(only);
        for (_, o) in &list {
            writeln!(out, "{}", escape_controls(&o.url()))?;
        }
        Ok(list.len())
    }

    fn occ_record(&self, side: Side, o: &Occurrence<'_, Meta>) -> OccurrenceRecord {
        let url = o.url();
        let fields: std::collections::BTreeMap<String, String> = self
            .fields(side)
            .iter()
            .zip(self.extras(side, o.meta()))
            .filter_map(|(f, v)| Some((f.to_string(), v?.to_owned())))
            .collect();
        OccurrenceRecord {
            hints: None,
            fields: (!fields.is_empty()).then_some(fields),
            index: None,
            iri: readable(&url),
            key: o.key().to_owned(),
            source: Some(self.place(side, o.meta())),
            kind: self.kind_of(side, o.meta()).map(str::to_owned),
            url: url.into_owned(),
        }
    }

    pub(super) fn json(
        &self,
        out: &mut impl Write,
        only: Option<OnlyArg>,
    ) -> Result<usize, CliError> {
        let mut n = 0;
        let mut line = |line: &Line| urlkit_records::write_json_line(out, line);
        if only.is_none() {
            line(&Line::summary(self.summary_record()))?;
        }
        if matches!(only, None | Some(OnlyArg::Missing)) {
            for (i, (side, o)) in self.list(OnlyArg::Missing).into_iter().enumerate() {
                n += 1;
                line(&Line::missing(self.leftover_record(side, i, &o)))?;
            }
        }
        if matches!(only, None | Some(OnlyArg::Extra)) {
            for (i, (side, o)) in self.list(OnlyArg::Extra).into_iter().enumerate() {
                n += 1;
                line(&Line::extra(self.leftover_record(side, i, &o)))?;
            }
        }
        if matches!(only, None | Some(OnlyArg::Matched)) {
            for (i, p) in self.done.matched().enumerate() {
                if only.is_some() {
                    n += 1;
                }
                let live = self.live.as_ref().and_then(|l| l.get(i).cloned().flatten());
                line(&Line::Matched(Box::new(
                    Matched::new(
                        p.is_exact(),
                        self.occ_record(Side::Left, &p.left),
                        self.occ_record(Side::Right, &p.right),
                        p.rules.clone(),
                    )
                    .with_live(live),
                )))?;
            }
        }
        if only.is_none() {
            for side in [Side::Left, Side::Right] {
                for d in self.done.duplicates(side) {
                    let all = std::iter::once(&d.first)
                        .chain(&d.others)
                        .map(|o| self.occ_record(side, o))
                        .collect();
                    line(&Line::Duplicate(Duplicate::new(side.name(), d.count, all)))?;
                }
                for d in self.done.overlaps(side) {
                    let all = std::iter::once(&d.first)
                        .chain(&d.others)
                        .map(|o| self.occ_record(side, o))
                        .collect();
                    line(&Line::Duplicate(Duplicate::overlap(
                        side.name(),
                        d.count,
                        all,
                    )))?;
                }
            }
        }
        Ok(n)
    }

    fn summary_record(&self) -> Summary {
        let s = self.done.summary();
        let side = |side: Side| {
            let input = self.side(side);
            SideSummary::new(s.side(side), &input.catalog, &input.specs)
        };
        Summary::new(self.level, s, side(Side::Left), side(Side::Right))
    }

    /// The pairs and one-sided URLs as one table (`--format csv`): fixed columns, then each
    /// side's extra fields, so that the fixed ones keep their places whatever the sources are.
    fn rows_table(&self, only: Option<OnlyArg>) -> (Table, usize) {
        let mut t = Table::new(
            [
                "status",
                "left_url",
                "left_iri",
                "left_source",
                "left_type",
                "right_url",
                "right_iri",
                "right_source",
                "right_type",
                "rules",
            ]
            .map(|c| (c, Align::Left)),
        );
        for side in [Side::Left, Side::Right] {
            for f in self.fields(side) {
                t.column(format!("{}_{f}", side.name()), Align::Left);
            }
        }
        // The near matches go last, and only when there are any: a report without them keeps
        // its columns.
        let hinted = self.any_hint();
        if hinted {
            t.column("hint", Align::Left);
            t.column("hint_reasons", Align::Left);
        }
        let hint_cells = |side: Side, i: usize| -> [Cell; 2] {
            match self.hints(side, i).and_then(|h| h.into_iter().next()) {
                Some(h) => [Cell::text(h.url.clone()), Cell::text(hint_reasons(&h))],
                None => Default::default(),
            }
        };
        // The four cells of one side's occurrence (empty for the side a row lacks).
        let occ = |side: Side, o: Option<&Occurrence<'_, Meta>>| -> [Cell; 4] {
            match o {
                Some(o) => {
                    let url = o.url();
                    [
                        Cell::text(url.as_ref()),
                        Cell::from(readable(&url)),
                        Cell::text(self.place(side, o.meta())),
                        Cell::from(self.kind_of(side, o.meta())),
                    ]
                }
                None => Default::default(),
            }
        };
        // The extra fields of a pair (or of one side, the other's left empty).
        let extras = |left: Option<&Occurrence<'_, Meta>>, right: Option<&Occurrence<'_, Meta>>| {
            let mut cells = Vec::new();
            for (side, o) in [(Side::Left, left), (Side::Right, right)] {
                match o {
                    Some(o) => {
                        cells.extend(self.extras(side, o.meta()).into_iter().map(Cell::from))
                    }
                    None => cells.extend((0..self.fields(side).len()).map(|_| Cell::empty())),
                }
            }
            cells
        };
        let mut n = 0;
        if matches!(only, None | Some(OnlyArg::Missing)) {
            for (i, (side, o)) in self.list(OnlyArg::Missing).into_iter().enumerate() {
                n += 1;
                let mut row = vec![Cell::text("missing")];
                row.extend(occ(side, Some(&o)));
                row.extend(occ(Side::Right, None));
                row.push(Cell::empty());
                row.extend(extras(Some(&o), None));
                if hinted {
                    row.extend(hint_cells(side, i));
                }
                t.push(row);
            }
        }
        if matches!(only, None | Some(OnlyArg::Extra)) {
            for (i, (side, o)) in self.list(OnlyArg::Extra).into_iter().enumerate() {
                n += 1;
                let mut row = vec![Cell::text("extra")];
                row.extend(occ(Side::Left, None));
                row.extend(occ(side, Some(&o)));
                row.push(Cell::empty());
                row.extend(extras(None, Some(&o)));
                if hinted {
                    row.extend(hint_cells(side, i));
                }
                t.push(row);
            }
        }
        if matches!(only, None | Some(OnlyArg::Matched)) {
            for p in self.done.matched() {
                if only.is_some() {
                    n += 1;
                }
                let mut row = vec![Cell::text("matched")];
                row.extend(occ(Side::Left, Some(&p.left)));
                row.extend(occ(Side::Right, Some(&p.right)));
                row.push(Cell::text(rule_list(&p.rules)));
                row.extend(extras(Some(&p.left), Some(&p.right)));
                t.push(row);
            }
        }
        (t, n)
    }

    pub(super) fn csv(
        &self,
        out: &mut impl Write,
        only: Option<OnlyArg>,
    ) -> Result<usize, CliError> {
        let (table, n) = self.rows_table(only);
        urlkit_records::csv::write_table(out, &table)?;
        Ok(n)
    }

    /// The counts per side (`--format markdown`'s first table).
    fn counts_table(&self) -> Table {
        let s = self.done.summary();
        let mut t = Table::new([
            ("", Align::Left),
            ("left", Align::Right),
            ("right", Align::Right),
        ]);
        let row =
            |name: &str, l: String, r: String| [Cell::text(name), Cell::text(l), Cell::text(r)];
        t.push(row(
            "sources",
            self.sides[0].specs.join(", "),
            self.sides[1].specs.join(", "),
        ));
        t.push(row(
            "records",
            s.left.records.to_string(),
            s.right.records.to_string(),
        ));
        t.push(row(
            "distinct",
            s.left.distinct.to_string(),
            s.right.distinct.to_string(),
        ));
        t.push(row(
            "duplicates",
            s.left.duplicate_records.to_string(),
            s.right.duplicate_records.to_string(),
        ));
        if self.several_sources() {
            t.push(row(
                "in more than one source",
                s.left.overlap_records.to_string(),
                s.right.overlap_records.to_string(),
            ));
        }
        t.push(row(
            "only on this side",
            s.only_left.to_string(),
            s.only_right.to_string(),
        ));
        t
    }

    /// The URLs only one side has (`missing` or `extra`), with their side's extra fields.
    fn one_side_table(&self, list: &[(Side, Occurrence<'_, Meta>)], side: Side) -> Table {
        let mut t = Table::new([
            ("URL", Align::Left),
            ("readable", Align::Left),
            ("source", Align::Left),
            ("type", Align::Left),
        ]);
        for f in self.fields(side) {
            t.column(f.to_string(), Align::Left);
        }
        let hinted = self.any_hint();
        if hinted {
            t.column("probably", Align::Left);
        }
        for (i, (side, occ)) in list.iter().enumerate() {
            let url = occ.url();
            let mut row = vec![
                Cell::text(url.as_ref()),
                Cell::from(readable(&url)),
                Cell::text(self.place(*side, occ.meta())),
                Cell::from(self.kind_of(*side, occ.meta())),
            ];
            row.extend(self.extras(*side, occ.meta()).into_iter().map(Cell::from));
            if hinted {
                let mut cell = Cell::empty();
                for (k, h) in self.hints(*side, i).unwrap_or_default().iter().enumerate() {
                    if k > 0 {
                        cell = cell.line_break();
                    }
                    cell = cell
                        .code(h.url.clone())
                        .and_text(format!(" ({})", hint_reasons(h)));
                }
                row.push(cell);
            }
            t.push(row);
        }
        t
    }

    /// The matched pairs (`--only matched --format markdown`).
    fn matched_table(&self) -> Table {
        let mut t = Table::new([
            ("left", Align::Left),
            ("right", Align::Left),
            ("readable", Align::Left),
            ("rules", Align::Left),
        ]);
        for side in [Side::Left, Side::Right] {
            for f in self.fields(side) {
                t.column(format!("{}_{f}", side.name()), Align::Left);
            }
        }
        for p in self.done.matched() {
            let (left, right) = (p.left.url(), p.right.url());
            let mut row = vec![
                Cell::text(left.as_ref()),
                Cell::text(right.as_ref()),
                Cell::from(readable(&left).or_else(|| readable(&right))),
                Cell::text(rule_list(&p.rules)),
            ];
            for (side, o) in [(Side::Left, &p.left), (Side::Right, &p.right)] {
                row.extend(self.extras(side, o.meta()).into_iter().map(Cell::from));
            }
            t.push(row);
        }
        t
    }

    pub(super) fn markdown(
        &self,
        out: &mut impl Write,
        only: Option<OnlyArg>,
    ) -> Result<usize, CliError> {
        let s = self.done.summary();
        if only.is_none() {
            writeln!(out, "# Reconciliation (level {})\n", self.level.name())?;
            markdown::write_table(out, &self.counts_table())?;
            writeln!(
                out,
                "\nMatched: **{}** ({} exactly, {} after normalization)\n",
                s.matched(),
                s.matched_exact,
                s.matched_normalized
            )?;
            if !s.rule_counts.is_empty() {
                let mut rules = Table::new([("rule", Align::Left), ("pairs", Align::Right)]);
                for (r, n) in &s.rule_counts {
                    rules.push([Cell::text(*r), Cell::text(n.to_string())]);
                }
                markdown::write_table(out, &rules)?;
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
                let side = match o {
                    OnlyArg::Extra => Side::Right,
                    _ => Side::Left,
                };
                markdown::write_table(out, &self.one_side_table(&list, side))?;
                writeln!(out)?;
            }
        }
        if only == Some(OnlyArg::Matched) {
            let table = self.matched_table();
            n += table.rows.len();
            markdown::write_table(out, &table)?;
        }
        Ok(n)
    }
}

use urlkit_records::reconcile::readable;

/// A hint's reasons in words, joined: `equal at loose (trailing-slash)`.
fn hint_reasons(h: &Hint) -> String {
    let texts: Vec<&str> = h.reasons.iter().map(|r| r.text.as_str()).collect();
    texts.join("; ")
}

/// The rules that made a pair equal, written the same way in every format: their names
/// joined by `,`, or `exact` for byte-identical URLs.
fn rule_list(rules: &[&str]) -> String {
    if rules.is_empty() {
        "exact".to_owned()
    } else {
        rules.join(",")
    }
}
