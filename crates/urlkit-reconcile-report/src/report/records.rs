//! The report's record forms: JSON Lines, CSV and Markdown, built as rows from the shared
//! records of urlkit-records.

use std::io::Write;

use urlkit_reconcile::{Occurrence, Side};
use urlkit_records::markdown;
use urlkit_records::reconcile::{
    readable, Duplicate, Line, Matched, Occurrence as OccurrenceRecord, SideSummary, Summary,
};
use urlkit_records::table::{Align, Cell, Table};

use super::{hint_reasons, rule_list, Only, Report};
use crate::Meta;

impl Report<'_> {
    pub(super) fn occ_record(&self, side: Side, o: &Occurrence<'_, Meta>) -> OccurrenceRecord {
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

    pub fn json(&self, out: &mut impl Write, only: Option<Only>) -> Result<usize, std::io::Error> {
        let mut n = 0;
        let mut line = |line: &Line| urlkit_records::write_json_line(out, line);
        if only.is_none() {
            line(&Line::summary(self.summary_record()))?;
        }
        if matches!(only, None | Some(Only::Missing)) {
            for (i, (side, o)) in self.list(Only::Missing).into_iter().enumerate() {
                n += 1;
                line(&Line::missing(self.leftover_record(side, i, &o)))?;
            }
        }
        if matches!(only, None | Some(Only::Extra)) {
            for (i, (side, o)) in self.list(Only::Extra).into_iter().enumerate() {
                n += 1;
                line(&Line::extra(self.leftover_record(side, i, &o)))?;
            }
        }
        if matches!(only, None | Some(Only::Matched)) {
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
    fn rows_table(&self, only: Option<Only>) -> (Table, usize) {
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
        let mut n = 0;
        for (kind, status) in [(Only::Missing, "missing"), (Only::Extra, "extra")] {
            if only.is_some_and(|o| o != kind) {
                continue;
            }
            for (i, (side, o)) in self.list(kind).into_iter().enumerate() {
                n += 1;
                let (left, right) = match kind {
                    Only::Missing => (Some(&o), None),
                    _ => (None, Some(&o)),
                };
                let mut row = vec![Cell::text(status)];
                row.extend(self.occurrence_cells(Side::Left, left));
                row.extend(self.occurrence_cells(Side::Right, right));
                row.push(Cell::empty());
                row.extend(self.extra_cells(left, right));
                if hinted {
                    row.extend(self.hint_cells(side, i));
                }
                t.push(row);
            }
        }
        if matches!(only, None | Some(Only::Matched)) {
            for p in self.done.matched() {
                if only.is_some() {
                    n += 1;
                }
                let mut row = vec![Cell::text("matched")];
                row.extend(self.occurrence_cells(Side::Left, Some(&p.left)));
                row.extend(self.occurrence_cells(Side::Right, Some(&p.right)));
                row.push(Cell::text(rule_list(&p.rules)));
                row.extend(self.extra_cells(Some(&p.left), Some(&p.right)));
                t.push(row);
            }
        }
        (t, n)
    }

    /// The near-match cells of the `i`th leftover of `side` (empty without one).
    fn hint_cells(&self, side: Side, i: usize) -> [Cell; 2] {
        match self.hints(side, i).and_then(|h| h.into_iter().next()) {
            Some(h) => [Cell::text(h.url.clone()), Cell::text(hint_reasons(&h))],
            None => Default::default(),
        }
    }

    /// The four cells of one side's occurrence (empty for the side a row lacks).
    fn occurrence_cells(&self, side: Side, o: Option<&Occurrence<'_, Meta>>) -> [Cell; 4] {
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
    }

    /// The extra fields of a pair (or of one side, the other's left empty).
    fn extra_cells(
        &self,
        left: Option<&Occurrence<'_, Meta>>,
        right: Option<&Occurrence<'_, Meta>>,
    ) -> Vec<Cell> {
        let mut cells = Vec::new();
        for (side, o) in [(Side::Left, left), (Side::Right, right)] {
            match o {
                Some(o) => cells.extend(self.extras(side, o.meta()).into_iter().map(Cell::from)),
                None => cells.extend((0..self.fields(side).len()).map(|_| Cell::empty())),
            }
        }
        cells
    }

    pub fn csv(&self, out: &mut impl Write, only: Option<Only>) -> Result<usize, std::io::Error> {
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

    pub fn markdown(
        &self,
        out: &mut impl Write,
        only: Option<Only>,
    ) -> Result<usize, std::io::Error> {
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
            ("Only in left (missing from right)", Only::Missing),
            ("Only in right (extra)", Only::Extra),
        ] {
            if only.is_some_and(|x| x != o) {
                continue;
            }
            let list = self.list(o);
            n += list.len();
            writeln!(out, "## {title}: {}\n", list.len())?;
            if !list.is_empty() {
                let side = match o {
                    Only::Extra => Side::Right,
                    _ => Side::Left,
                };
                markdown::write_table(out, &self.one_side_table(&list, side))?;
                writeln!(out)?;
            }
        }
        if only == Some(Only::Matched) {
            let table = self.matched_table();
            n += table.rows.len();
            markdown::write_table(out, &table)?;
        }
        Ok(n)
    }
}
