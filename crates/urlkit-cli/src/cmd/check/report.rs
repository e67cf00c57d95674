//! The reports of `urlkit check`: text (counts per verdict, then every URL), JSON Lines (one
//! record per URL, docs/json.md), CSV (a row per URL and per variant) and Markdown.

use std::io::Write;

use urlkit_sources::check::{UrlCheck, VariantVerdict, Verdict};

use crate::cmd::CliError;
use crate::style::{escape_controls, Style};
use urlkit_records::table::{Align, Cell, Table};

pub(super) struct Report<'a> {
    /// Each URL's check, and whether it came from a sitemap.
    pub(super) checks: &'a [(UrlCheck, bool)],
    pub(super) threads: usize,
    /// Requests made and the budget.
    pub(super) budget: Option<(u64, u64)>,
    pub(super) style: Style,
}

/// How many URLs got each verdict, and how many spellings each variant verdict (only the
/// verdicts that occur).
type Counts = (Vec<(Verdict, usize)>, Vec<(VariantVerdict, usize)>);

fn rules(c: &UrlCheck) -> Vec<&'static str> {
    c.rules.iter().map(|r| r.name()).collect()
}

impl Report<'_> {
    fn counts(&self) -> Counts {
        let urls = Verdict::ALL
            .into_iter()
            .map(|v| {
                (
                    v,
                    self.checks.iter().filter(|(c, _)| c.verdict == v).count(),
                )
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        let variants = VariantVerdict::ALL
            .into_iter()
            .map(|v| {
                let n = self
                    .checks
                    .iter()
                    .flat_map(|(c, _)| &c.variants)
                    .filter(|x| x.verdict == v)
                    .count();
                (v, n)
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        (urls, variants)
    }

    /// Sitemap URLs, and those that are not their own canonical answering 200 directly.
    fn sitemap_counts(&self) -> (usize, usize) {
        let listed = self.checks.iter().filter(|(_, s)| *s).count();
        let bad = self
            .checks
            .iter()
            .filter(|(c, s)| *s && c.verdict != Verdict::Ok)
            .count();
        (listed, bad)
    }

    fn requests(&self) -> String {
        match self.budget {
            Some((used, limit)) if used >= limit => {
                format!("{used} requests (the budget; raise it with --max-requests)")
            }
            Some((used, _)) => format!("{used} requests"),
            None => String::new(),
        }
    }

    pub(super) fn text(&self, out: &mut impl Write) -> Result<(), CliError> {
        let s = &self.style;
        let (urls, variants) = self.counts();
        writeln!(
            out,
            "{} URLs checked, {} at a time, {}",
            self.checks.len(),
            self.threads,
            self.requests()
        )?;
        for (v, n) in &urls {
            writeln!(out, "  {:<34}{n:>6}", v.name())?;
        }
        if !variants.is_empty() {
            let total: usize = variants.iter().map(|(_, n)| n).sum();
            writeln!(out, "{total} variant spellings")?;
            for (v, n) in &variants {
                writeln!(out, "  {:<34}{n:>6}", v.name())?;
            }
        }
        let (listed, bad) = self.sitemap_counts();
        if listed > 0 {
            writeln!(
                out,
                "sitemap: {bad} of {listed} URLs are not their own canonical answering 200 \
                 without a redirect"
            )?;
        }
        for (c, _) in self.checks {
            let verdict = if c.verdict == Verdict::Ok {
                s.good(c.verdict.name())
            } else {
                s.error(c.verdict.name())
            };
            writeln!(out, "\n{verdict} {}", escape_controls(&c.url))?;
            writeln!(out, "    {}", escape_controls(&c.message))?;
            for h in &c.redirects {
                writeln!(out, "    {} -> {}", h.status, escape_controls(&h.location))?;
            }
            if let Some(canonical) = &c.canonical {
                let from = c
                    .canonical_from
                    .map(|f| f.name())
                    .expect("invariant: a canonical is read from a Link header or an element");
                writeln!(
                    out,
                    "    canonical ({from}): {}",
                    escape_controls(canonical)
                )?;
            }
            for n in &c.notes {
                writeln!(out, "    note: {}", escape_controls(n))?;
            }
            if c.head_truncated {
                writeln!(
                    out,
                    "    the HTML head did not end within --max-body bytes: no canonical seen"
                )?;
            }
            for v in &c.variants {
                let status = v.status.map_or("-".to_owned(), |s| s.to_string());
                let to = match v.location.as_deref() {
                    Some(l) => format!(" -> {}", escape_controls(l)),
                    None => String::new(),
                };
                writeln!(
                    out,
                    "    {:<14} {:<32} {status} {}{to}",
                    v.spelling.name(),
                    v.verdict.name(),
                    escape_controls(&v.url)
                )?;
            }
        }
        Ok(())
    }

    pub(super) fn json(&self, out: &mut impl Write) -> Result<(), CliError> {
        for (c, in_sitemap) in self.checks {
            urlkit_records::write_json_line(out, &record(c, *in_sitemap))?;
        }
        Ok(())
    }

    /// A row per URL and per variant (`--format csv`). A value a check lacks (no answer, no
    /// redirect, no canonical) is an empty cell: the verdict and message columns say why.
    fn rows_table(&self) -> Table {
        let mut t = Table::new(
            [
                "kind",
                "url",
                "spelling",
                "status",
                "location",
                "final",
                "canonical",
                "verdict",
                "level",
                "rules",
                "message",
            ]
            .map(|c| (c, Align::Left)),
        );
        let status = |s: Option<u16>| Cell::from(s.map(|s| s.to_string()));
        for (c, _) in self.checks {
            t.push([
                Cell::text("url"),
                Cell::text(c.url.as_str()),
                Cell::empty(),
                status(c.status),
                Cell::from(c.redirects.first().map(|h| h.location.as_str())),
                Cell::from(c.final_url.as_deref()),
                Cell::from(c.canonical.as_deref()),
                Cell::text(c.verdict.name()),
                Cell::from(c.level.map(|l| l.name())),
                Cell::text(rules(c).join(" ")),
                Cell::text(c.message.as_str()),
            ]);
            for v in &c.variants {
                t.push([
                    Cell::text("variant"),
                    Cell::text(v.url.as_str()),
                    Cell::text(v.spelling.name()),
                    status(v.status),
                    Cell::from(v.location.as_deref()),
                    Cell::empty(),
                    Cell::empty(),
                    Cell::text(v.verdict.name()),
                    Cell::empty(),
                    Cell::empty(),
                    Cell::text(v.message.as_str()),
                ]);
            }
        }
        t
    }

    pub(super) fn csv(&self, out: &mut impl Write) -> Result<(), CliError> {
        urlkit_records::csv::write_table(out, &self.rows_table())?;
        Ok(())
    }

    /// The verdict counts, the variant verdict counts, every URL, and the variants.
    fn markdown_tables(&self) -> [Option<Table>; 4] {
        let (urls, variants) = self.counts();
        let counts = |what: &str, unit: &str, rows: Vec<(&'static str, usize)>| {
            let mut t = Table::new([(what, Align::Left), (unit, Align::Right)]);
            for (v, n) in rows {
                t.push([Cell::text(v), Cell::text(n.to_string())]);
            }
            t
        };
        let verdicts = counts(
            "verdict",
            "URLs",
            urls.iter().map(|(v, n)| (v.name(), *n)).collect(),
        );
        let variant_verdicts = (!variants.is_empty()).then(|| {
            counts(
                "variant verdict",
                "spellings",
                variants.iter().map(|(v, n)| (v.name(), *n)).collect(),
            )
        });
        // As in the CSV, what a check lacks is an empty cell; the detail column says why.
        let mut each = Table::new([
            ("verdict", Align::Left),
            ("URL", Align::Left),
            ("status", Align::Right),
            ("redirects", Align::Left),
            ("canonical", Align::Left),
            ("detail", Align::Left),
        ]);
        for (c, _) in self.checks {
            let mut hops = Cell::empty();
            for (i, h) in c.redirects.iter().enumerate() {
                if i > 0 {
                    hops = hops.line_break();
                }
                hops = hops.and_text(format!("{} → {}", h.status, h.location));
            }
            each.push([
                Cell::text(c.verdict.name()),
                Cell::text(c.url.as_str()),
                Cell::from(c.status.map(|s| s.to_string())),
                hops,
                Cell::from(c.canonical.as_deref()),
                Cell::text(c.message.as_str()),
            ]);
        }
        let with_variants: Vec<&UrlCheck> = self
            .checks
            .iter()
            .map(|(c, _)| c)
            .filter(|c| !c.variants.is_empty())
            .collect();
        let spellings = (!with_variants.is_empty()).then(|| {
            let mut t = Table::new([
                ("URL", Align::Left),
                ("spelling", Align::Left),
                ("verdict", Align::Left),
                ("status", Align::Right),
                ("location", Align::Left),
            ]);
            for c in with_variants {
                for v in &c.variants {
                    t.push([
                        Cell::text(c.url.as_str()),
                        Cell::text(v.spelling.name()),
                        Cell::text(v.verdict.name()),
                        Cell::from(v.status.map(|s| s.to_string())),
                        Cell::from(v.location.as_deref()),
                    ]);
                }
            }
            t
        });
        [Some(verdicts), variant_verdicts, Some(each), spellings]
    }

    pub(super) fn markdown(&self, out: &mut impl Write) -> Result<(), CliError> {
        writeln!(out, "# Site check\n")?;
        writeln!(
            out,
            "{} URLs checked, {} at a time, {}.\n",
            self.checks.len(),
            self.threads,
            self.requests()
        )?;
        for (i, table) in self.markdown_tables().iter().flatten().enumerate() {
            if i > 0 {
                writeln!(out)?;
            }
            urlkit_records::markdown::write_table(out, table)?;
        }
        Ok(())
    }
}

/// The JSON record of one checked URL.
fn record(c: &UrlCheck, in_sitemap: bool) -> urlkit_records::check::Check {
    use urlkit_records::check::{Check, Hop, Meant, Variant};
    Check {
        canonical: c.canonical.clone(),
        canonical_status: c.canonical_status,
        canonical_from: c.canonical_from.map(|f| f.name()),
        final_url: c.final_url.clone(),
        head_truncated: c.head_truncated,
        in_sitemap,
        level: c.level.map(|l| l.name()),
        meant: c.meant.as_ref().map(|m| Meant {
            rule: m.rule,
            status: m.status,
            url: m.url.clone(),
        }),
        message: c.message.clone(),
        notes: c.notes.clone(),
        offsite: c.offsite,
        redirects: c
            .redirects
            .iter()
            .map(|h| Hop {
                location: h.location.clone(),
                status: h.status,
            })
            .collect(),
        request: c.request.clone(),
        rules: rules(c),
        status: c.status,
        url: c.url.clone(),
        variants: c
            .variants
            .iter()
            .map(|v| Variant {
                location: v.location.clone(),
                message: v.message.clone(),
                same_as: v.same_as.map(|s| s.name()),
                spelling: v.spelling.name(),
                status: v.status,
                url: v.url.clone(),
                verdict: v.verdict.name(),
            })
            .collect(),
        verdict: c.verdict.name(),
    }
}
