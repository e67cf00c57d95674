//! The reconciliation report: text, JSON Lines, CSV and Markdown.

use std::io::Write;

use urlkit::normalize::Level;
use urlkit_reconcile::{Occurrence, Reconciliation, Side};

use super::{Meta, OnlyArg, SideInput};
use crate::cmd::CliError;
use crate::style::{escape_controls, Style};
use urlkit_records::reconcile::{
    Duplicate, Line, Matched, Occurrence as OccurrenceRecord, SideSummary, Summary,
};

/// Everything the report formats need.
pub(super) struct Report<'a> {
    pub(super) level: Level,
    pub(super) sides: [SideInput; 2],
    pub(super) done: &'a Reconciliation<Meta>,
    pub(super) style: Style,
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
            .source(urlkit_sources::SourceId(meta.source()))
            .map(|s| s.name.as_str())
            .expect("invariant: a record's source is in its side's catalog");
        let tables = &self.side(side).tables;
        match (tables.line(meta), tables.pointer(meta)) {
            (0, Some(p)) => format!("{name}#{p}"),
            (n, Some(p)) => format!("{name}:{n}#{p}"),
            (n, None) => format!("{name}:{n}"),
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
                let url = o.url();
                writeln!(
                    out,
                    "  {}  {}{}",
                    escape_controls(&url),
                    st.dim(&escape_controls(&self.place(*side, o.meta()))),
                    escape_controls(&self.kind_suffix(*side, o.meta()))
                )?;
                if let Some(iri) = readable(&url) {
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
            for (side, o) in self.list(OnlyArg::Missing) {
                n += 1;
                line(&Line::missing(self.occ_record(side, &o)))?;
            }
        }
        if matches!(only, None | Some(OnlyArg::Extra)) {
            for (side, o) in self.list(OnlyArg::Extra) {
                n += 1;
                line(&Line::extra(self.occ_record(side, &o)))?;
            }
        }
        if matches!(only, None | Some(OnlyArg::Matched)) {
            for p in self.done.matched() {
                if only.is_some() {
                    n += 1;
                }
                line(&Line::Matched(Box::new(Matched::new(
                    p.is_exact(),
                    self.occ_record(Side::Left, &p.left),
                    self.occ_record(Side::Right, &p.right),
                    p.rules.clone(),
                ))))?;
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

    pub(super) fn csv(
        &self,
        out: &mut impl Write,
        only: Option<OnlyArg>,
    ) -> Result<usize, CliError> {
        // The sources' extra fields come after the fixed columns, so that these keep their
        // places whatever the sources are.
        let mut header = String::from(
            "status,left_url,left_iri,left_source,left_type,right_url,right_iri,right_source,right_type,rules",
        );
        for side in [Side::Left, Side::Right] {
            for f in self.fields(side) {
                header.push(',');
                header.push_str(&csv_cell(&format!("{}_{f}", side.name())));
            }
        }
        writeln!(out, "{header}")?;
        let mut n = 0;
        let cell = csv_cell;
        // The extra fields of a pair (or of one side, the other's left empty).
        let extras = |left: Option<&Occurrence<'_, Meta>>, right: Option<&Occurrence<'_, Meta>>| {
            let mut cells = String::new();
            for (side, o) in [(Side::Left, left), (Side::Right, right)] {
                let values = match o {
                    Some(o) => self.extras(side, o.meta()),
                    None => vec![None; self.fields(side).len()],
                };
                for v in values {
                    cells.push(',');
                    cells.push_str(&cell(or_empty(v)));
                }
            }
            cells
        };
        let occ = |side: Side, o: Option<&Occurrence<'_, Meta>>| -> String {
            match o {
                Some(o) => {
                    let url = o.url();
                    format!(
                        "{},{},{},{}",
                        cell(&url),
                        cell(or_empty(readable(&url).as_deref())),
                        cell(&self.place(side, o.meta())),
                        cell(or_empty(self.kind_of(side, o.meta())))
                    )
                }
                None => ",,,".into(),
            }
        };
        if matches!(only, None | Some(OnlyArg::Missing)) {
            for (side, o) in self.list(OnlyArg::Missing) {
                n += 1;
                writeln!(
                    out,
                    "missing,{},{},{}",
                    occ(side, Some(&o)),
                    occ(Side::Right, None),
                    extras(Some(&o), None)
                )?;
            }
        }
        if matches!(only, None | Some(OnlyArg::Extra)) {
            for (side, o) in self.list(OnlyArg::Extra) {
                n += 1;
                writeln!(
                    out,
                    "extra,{},{},{}",
                    occ(Side::Left, None),
                    occ(side, Some(&o)),
                    extras(None, Some(&o))
                )?;
            }
        }
        if matches!(only, None | Some(OnlyArg::Matched)) {
            for p in self.done.matched() {
                if only.is_some() {
                    n += 1;
                }
                let rules = rule_list(&p.rules);
                writeln!(
                    out,
                    "matched,{},{},{}{}",
                    occ(Side::Left, Some(&p.left)),
                    occ(Side::Right, Some(&p.right)),
                    cell(&rules),
                    extras(Some(&p.left), Some(&p.right))
                )?;
            }
        }
        Ok(n)
    }

    pub(super) fn markdown(
        &self,
        out: &mut impl Write,
        only: Option<OnlyArg>,
    ) -> Result<usize, CliError> {
        let s = self.done.summary();
        let md = |t: &str| markdown_cell(t);
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
                    writeln!(out, "| {r} | {n} |")?;
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
                let side = match o {
                    OnlyArg::Extra => Side::Right,
                    _ => Side::Left,
                };
                let fields = self.fields(side);
                let mut head = String::from("| URL | readable | source | type |");
                let mut rule = String::from("|---|---|---|---|");
                for f in fields {
                    head.push_str(&format!(" {} |", md(f)));
                    rule.push_str("---|");
                }
                writeln!(out, "{head}\n{rule}")?;
                for (side, occ) in &list {
                    let url = occ.url();
                    let mut row = format!(
                        "| {} | {} | {} | {} |",
                        md(&url),
                        md(or_empty(readable(&url).as_deref())),
                        md(&self.place(*side, occ.meta())),
                        md(or_empty(self.kind_of(*side, occ.meta())))
                    );
                    for v in self.extras(*side, occ.meta()) {
                        row.push_str(&format!(" {} |", md(or_empty(v))));
                    }
                    writeln!(out, "{row}")?;
                }
                writeln!(out)?;
            }
        }
        if only == Some(OnlyArg::Matched) {
            let mut head = String::from("| left | right | readable | rules |");
            let mut rule = String::from("|---|---|---|---|");
            for side in [Side::Left, Side::Right] {
                for f in self.fields(side) {
                    head.push_str(&format!(" {} |", md(&format!("{}_{f}", side.name()))));
                    rule.push_str("---|");
                }
            }
            writeln!(out, "{head}\n{rule}")?;
            for p in self.done.matched() {
                n += 1;
                let rules = rule_list(&p.rules);
                let (left, right) = (p.left.url(), p.right.url());
                let mut row = format!(
                    "| {} | {} | {} | {} |",
                    md(&left),
                    md(&right),
                    md(or_empty(
                        readable(&left).or_else(|| readable(&right)).as_deref()
                    )),
                    md(&rules)
                );
                for (side, o) in [(Side::Left, &p.left), (Side::Right, &p.right)] {
                    for v in self.extras(side, o.meta()) {
                        row.push_str(&format!(" {} |", md(or_empty(v))));
                    }
                }
                writeln!(out, "{row}")?;
            }
        }
        Ok(n)
    }
}

use urlkit_records::reconcile::readable;

/// The rules that made a pair equal, written the same way in every format: their names
/// joined by `,`, or `exact` for byte-identical URLs.
fn rule_list(rules: &[&str]) -> String {
    if rules.is_empty() {
        "exact".to_owned()
    } else {
        rules.join(",")
    }
}

/// A CSV cell (RFC 4180 quoting). A remote URL's control characters are written as `\xHH`,
/// as in every other format: a CSV is often looked at on a terminal, and a URL has no raw
/// controls.
fn csv_cell(text: &str) -> String {
    let t = escape_controls(text);
    if t.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", t.replace('"', "\"\""))
    } else {
        t.into_owned()
    }
}

/// A value a record may lack (its readable form, type or an extra field), as a table cell:
/// absent is an empty cell, which is what a reader of the table expects.
fn or_empty(value: Option<&str>) -> &str {
    value.unwrap_or_default()
}

/// A Markdown table cell: control characters escaped (a source's text never reaches a
/// terminal or a renderer raw), `|` and backslashes escaped.
fn markdown_cell(text: &str) -> String {
    escape_controls(text)
        .replace('\\', "\\\\")
        .replace('|', "\\|")
}
