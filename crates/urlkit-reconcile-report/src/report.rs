//! The reconciliation report: text, JSON Lines, CSV and Markdown.

use std::io::Write;

mod records;

use urlkit::normalize::Level;
use urlkit_reconcile::near::Leftovers;
use urlkit_reconcile::{Occurrence, Reconciliation, Side};

use crate::{Meta, SideInput};
use urlkit_records::check::Live;
use urlkit_records::reconcile::{readable, Hint, Occurrence as OccurrenceRecord, PairLive};
use urlkit_records::text::{escape_controls, grouped, Style};

/// Entries a text report lists per section on a terminal; files and pipes get every entry.
const TERMINAL_ENTRIES: usize = 20;

/// Which list a report gives alone (`urlkit reconcile --only`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Only {
    /// The left side's URLs the right side lacks.
    Missing,
    /// The right side's URLs the left side lacks.
    Extra,
    /// The pairs.
    Matched,
}

/// `404 not-found`, `200 redirects (answered by https://...)`: a live answer in words (a
/// `--matrix` page's, a `--verify` pair's).
///
/// ```
/// use urlkit_records::check::Live;
/// let live = Live {
///     final_url: None,
///     status: Some(404),
///     url: "https://example.com/gone".into(),
///     verdict: "not-found",
/// };
/// assert_eq!(urlkit_reconcile_report::live_words(&live), "404 not-found");
/// ```
pub fn live_words(l: &Live) -> String {
    let status = l.status.map(|s| format!("{s} ")).unwrap_or_default();
    match &l.final_url {
        Some(f) if *f != l.url => format!("{status}{} (answered by {f})", l.verdict),
        _ => format!("{status}{}", l.verdict),
    }
}

/// How much of each list the text report shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// Every entry (a file, a pipe).
    Everything,
    /// At most 20 entries per section, then how many more.
    Terminal,
}

/// Whether the text report lists the extra URLs or only counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extras {
    /// Listed, as the missing ones are.
    Listed,
    /// A count (`--fail-on missing`: the extras on a live site are expected).
    Counted,
}

/// Everything the report formats need.
pub struct Report<'a> {
    pub level: Level,
    pub sides: [SideInput; 2],
    pub done: &'a Reconciliation<Meta>,
    pub style: Style,
    /// The missing and extra URLs and their near matches (none for `--only matched`).
    pub leftovers: Option<Leftovers>,
    pub fit: Fit,
    pub extras: Extras,
    /// With `--verify`: per matched pair (in `done.matched()` order), what the live site
    /// answered for the left spelling of a pair matched only after normalization.
    pub live: Option<Vec<Option<PairLive>>>,
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
    fn text_unconfirmed(&self, out: &mut impl Write) -> Result<(), std::io::Error> {
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
            writeln!(out, "    live: {}", escape_controls(&live_words(&l.answer)))?;
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

    fn list(&self, only: Only) -> Vec<(Side, Occurrence<'_, Meta>)> {
        let side = match only {
            Only::Missing => Side::Left,
            Only::Extra => Side::Right,
            Only::Matched => return Vec::new(),
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

    pub fn text(&self, out: &mut impl Write) -> Result<usize, std::io::Error> {
        self.text_sides(out)?;
        self.text_counts(out)?;
        self.text_leftovers(out)?;
        self.text_unconfirmed(out)?;
        self.text_duplicates(out)?;
        self.text_invalid(out)?;
        self.text_findings(out)?;
        let s = self.done.summary();
        Ok(s.only_left + s.only_right)
    }

    /// The text report's title and each side's records, by source.
    fn text_sides(&self, out: &mut impl Write) -> Result<(), std::io::Error> {
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
        Ok(())
    }

    /// The text report's counts: matched (by rule), missing, extra, duplicates.
    fn text_counts(&self, out: &mut impl Write) -> Result<(), std::io::Error> {
        let s = self.done.summary();
        let st = self.style;
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
        Ok(())
    }

    /// The text report's missing and extra URLs.
    fn text_leftovers(&self, out: &mut impl Write) -> Result<(), std::io::Error> {
        let st = self.style;
        for (title, only) in [
            ("Only in left (missing from right)", Only::Missing),
            ("Only in right (extra)", Only::Extra),
        ] {
            let list = self.list(only);
            if list.is_empty() {
                continue;
            }
            writeln!(out, "\n{}", st.bold(&format!("{title}: {}", list.len())))?;
            if only == Only::Extra && self.extras == Extras::Counted {
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
                    Only::Missing => "missing",
                    _ => "extra",
                };
                writeln!(
                    out,
                    "  … and {} more (--only {name} lists them)",
                    grouped((list.len() - shown) as u64)
                )?;
            }
        }
        Ok(())
    }

    /// The text report's duplicates and overlaps, each side.
    fn text_duplicates(&self, out: &mut impl Write) -> Result<(), std::io::Error> {
        let st = self.style;
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
        Ok(())
    }

    /// The text report's URLs without a key at the level.
    fn text_invalid(&self, out: &mut impl Write) -> Result<(), std::io::Error> {
        let st = self.style;
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
        Ok(())
    }

    /// The text report's notes: what the readers said of each source.
    fn text_findings(&self, out: &mut impl Write) -> Result<(), std::io::Error> {
        let st = self.style;
        let findings: Vec<(Side, String)> = [Side::Left, Side::Right]
            .into_iter()
            .flat_map(|side| {
                let cat = &self.side(side).catalog;
                cat.findings().iter().map(move |f| {
                    let name = cat
                        .source(f.source)
                        .map(|s| s.name.as_str())
                        .expect("invariant: a finding is about a source of its catalog");
                    (side, f.said_of(name))
                })
            })
            .collect();
        if !findings.is_empty() {
            writeln!(out, "\n{}", st.bold("Notes"))?;
            for (side, f) in findings {
                writeln!(out, "  {}: {}", side.name(), escape_controls(&f))?;
            }
        }
        Ok(())
    }

    /// One missing or extra URL of the text report: where it was, how people read it, and
    /// the other side's URLs that are probably the same page.
    fn text_entry(
        &self,
        out: &mut impl Write,
        side: Side,
        i: usize,
        o: &Occurrence<'_, Meta>,
    ) -> Result<(), std::io::Error> {
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

    pub fn text_only(&self, out: &mut impl Write, only: Only) -> Result<usize, std::io::Error> {
        if only == Only::Matched {
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
}

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
