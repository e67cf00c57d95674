//! The reports of `urlkit check`: text (counts per verdict, then every URL), JSON Lines (one
//! record per URL, docs/json.md), CSV (a row per URL and per variant) and Markdown.

use std::io::Write;

use urlkit_sources::check::{UrlCheck, VariantVerdict, Verdict};

use crate::cmd::CliError;
use crate::style::{escape_controls, Style};

pub(super) struct Report<'a> {
    /// Each URL's check, and whether it came from a sitemap.
    pub(super) checks: &'a [(UrlCheck, bool)],
    pub(super) threads: usize,
    /// Requests made and the budget.
    pub(super) budget: Option<(u64, u64)>,
    pub(super) style: Style,
}

/// Text from outside (URLs, server messages) made safe for a terminal.
fn safe(text: &str) -> std::borrow::Cow<'_, str> {
    escape_controls(text)
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
            writeln!(out, "\n{verdict} {}", safe(&c.url))?;
            writeln!(out, "    {}", safe(&c.message))?;
            for h in &c.redirects {
                writeln!(out, "    {} -> {}", h.status, safe(&h.location))?;
            }
            if let Some(canonical) = &c.canonical {
                let from = c
                    .canonical_from
                    .map(|f| f.name())
                    .expect("invariant: a canonical is read from a Link header or an element");
                writeln!(out, "    canonical ({from}): {}", safe(canonical))?;
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
                    Some(l) => format!(" -> {}", safe(l)),
                    None => String::new(),
                };
                writeln!(
                    out,
                    "    {:<14} {:<32} {status} {}{to}",
                    v.spelling.name(),
                    v.verdict.name(),
                    safe(&v.url)
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

    pub(super) fn csv(&self, out: &mut impl Write) -> Result<(), CliError> {
        let mut w = csv::Writer::from_writer(out);
        let row = |w: &mut csv::Writer<_>, cells: [&str; 11]| -> Result<(), CliError> {
            w.write_record(cells).map_err(|e| CliError::Io(e.into()))
        };
        row(
            &mut w,
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
            ],
        )?;
        // A value a check lacks (no answer, no redirect, no canonical) is an empty cell: the
        // verdict and message columns say why.
        for (c, _) in self.checks {
            let status = c.status.map(|s| s.to_string()).unwrap_or_default();
            let location = c.redirects.first().map_or("", |h| h.location.as_str());
            row(
                &mut w,
                [
                    "url",
                    &c.url,
                    "",
                    &status,
                    location,
                    c.final_url.as_deref().unwrap_or(""),
                    c.canonical.as_deref().unwrap_or(""),
                    c.verdict.name(),
                    c.level.map_or("", |l| l.name()),
                    &rules(c).join(" "),
                    &c.message,
                ],
            )?;
            for v in &c.variants {
                let status = v.status.map(|s| s.to_string()).unwrap_or_default();
                row(
                    &mut w,
                    [
                        "variant",
                        &v.url,
                        v.spelling.name(),
                        &status,
                        v.location.as_deref().unwrap_or(""),
                        "",
                        "",
                        v.verdict.name(),
                        "",
                        "",
                        &v.message,
                    ],
                )?;
            }
        }
        w.flush()?;
        Ok(())
    }

    pub(super) fn markdown(&self, out: &mut impl Write) -> Result<(), CliError> {
        // Table cells: no raw control characters, no cell breaks.
        let md = |t: &str| safe(t).replace('|', "\\|");
        let (urls, variants) = self.counts();
        writeln!(out, "# Site check\n")?;
        writeln!(
            out,
            "{} URLs checked, {} at a time, {}.\n",
            self.checks.len(),
            self.threads,
            self.requests()
        )?;
        writeln!(out, "| verdict | URLs |\n|---|---:|")?;
        for (v, n) in &urls {
            writeln!(out, "| {} | {n} |", v.name())?;
        }
        if !variants.is_empty() {
            writeln!(out, "\n| variant verdict | spellings |\n|---|---:|")?;
            for (v, n) in &variants {
                writeln!(out, "| {} | {n} |", v.name())?;
            }
        }
        writeln!(
            out,
            "\n| verdict | URL | status | redirects | canonical | detail |\n|---|---|---:|---|---|---|"
        )?;
        // As in the CSV, what a check lacks is an empty cell; the detail column says why.
        for (c, _) in self.checks {
            let hops: Vec<String> = c
                .redirects
                .iter()
                .map(|h| format!("{} → {}", h.status, md(&h.location)))
                .collect();
            writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                c.verdict.name(),
                md(&c.url),
                c.status.map(|s| s.to_string()).unwrap_or_default(),
                hops.join("<br>"),
                c.canonical.as_deref().map(md).unwrap_or_default(),
                md(&c.message)
            )?;
        }
        let with_variants: Vec<&UrlCheck> = self
            .checks
            .iter()
            .map(|(c, _)| c)
            .filter(|c| !c.variants.is_empty())
            .collect();
        if !with_variants.is_empty() {
            writeln!(
                out,
                "\n| URL | spelling | verdict | status | location |\n|---|---|---|---:|---|"
            )?;
            for c in with_variants {
                for v in &c.variants {
                    writeln!(
                        out,
                        "| {} | {} | {} | {} | {} |",
                        md(&c.url),
                        v.spelling.name(),
                        v.verdict.name(),
                        v.status.map(|s| s.to_string()).unwrap_or_default(),
                        v.location.as_deref().map(md).unwrap_or_default()
                    )?;
                }
            }
        }
        Ok(())
    }
}

/// The JSON record of one checked URL.
fn record(c: &UrlCheck, in_sitemap: bool) -> urlkit_records::check::Check {
    use urlkit_records::check::{Check, Hop, Variant};
    Check {
        canonical: c.canonical.clone(),
        canonical_from: c.canonical_from.map(|f| f.name()),
        final_url: c.final_url.clone(),
        head_truncated: c.head_truncated,
        in_sitemap,
        level: c.level.map(|l| l.name()),
        message: c.message.clone(),
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
                spelling: v.spelling.name(),
                status: v.status,
                url: v.url.clone(),
                verdict: v.verdict.name(),
            })
            .collect(),
        verdict: c.verdict.name(),
    }
}
