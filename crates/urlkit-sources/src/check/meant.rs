//! The URL a broken link most likely meant: a URL that is not found (or a soft 404) whose
//! lint finding explains why (it was encoded twice, in a legacy charset, or decoded in the
//! wrong one) names the repair, which is requested once to say how it answers.

use urlkit::lint::check as lint;

use super::declared::Probe;
use super::{Checker, Meant, UrlCheck};
use crate::http::HttpFetcher;

/// The lint rules whose fix is the URL a link meant, not a tidier spelling of the same one.
const EXPLAINING_RULES: [&str; 4] = [
    "double-encoding",
    "legacy-charset",
    "mojibake",
    "latin1-mojibake",
];

impl Checker {
    /// Says, for a URL that is missing, what it most likely meant and how that answers.
    pub(super) fn explain_missing(&self, fetcher: &HttpFetcher, c: &mut UrlCheck) {
        let found = lint(&c.url);
        let Some((rule, url)) = found.iter().find_map(|d| {
            let fix = d
                .fix
                .as_ref()
                .filter(|_| EXPLAINING_RULES.contains(&d.rule))?;
            Some((d.rule, fix.apply(&c.url)?))
        }) else {
            return;
        };
        let probe = self
            .probes
            .probe(&self.origins, fetcher, &url, self.options.max_body);
        let (status, answer) = match &probe {
            Probe::Indexable => (Some(200), "200".to_owned()),
            Probe::Noindex(from, value) => (Some(200), format!("200, noindex ({from}: {value})")),
            Probe::Redirects { status, location } => {
                (Some(*status), format!("{status} to {location}"))
            }
            Probe::NotFound(s) => (Some(*s), format!("HTTP {s}")),
            Probe::Untested(why) => (None, format!("no usable answer ({why})")),
        };
        c.notes.push(format!(
            "lint finds {rule} in the URL: the link most likely meant {url}, which answers \
             {answer}"
        ));
        c.meant = Some(Meant { url, rule, status });
    }
}
