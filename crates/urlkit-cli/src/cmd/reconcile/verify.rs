//! `reconcile --matrix --verify`: each page's first spelling requested on the live site, as
//! `urlkit check` requests a URL (the same fetcher, policy and verdicts).

use urlkit_records::presence::PresenceLive;

use urlkit_reconcile::matrix::Matrix;

use super::Net;

/// Requests in flight at once: a site is asked politely, as `check` does by default.
const VERIFY_THREADS: usize = 4;

/// Whether each source's URLs came from a fetched document (a live site, a remote sitemap):
/// those are requested within that source's start, the others (a local list: the user's own
/// URLs) each as a start of its own.
pub(super) type Fetched = [bool];

/// The live answer of each page of `matrix`, by row (`None`: the page has no spelling, which a
/// row of the matrix always has).
pub(super) fn verify(
    matrix: &Matrix,
    fetched: &Fetched,
    starts: &[Net],
    fetcher: &Net,
) -> Vec<Option<PresenceLive>> {
    use urlkit_sources::check::{check_all, CheckOptions, Checker, Target};
    use urlkit_sources::Start;
    let rows = matrix.rows();
    let mut row_of = Vec::with_capacity(rows.len());
    let mut targets = Vec::with_capacity(rows.len());
    for (r, row) in rows.iter().enumerate() {
        let first = row
            .spellings
            .iter()
            .enumerate()
            .find_map(|(i, s)| s.as_deref().map(|s| (i, s)));
        let Some((source, url)) = first else {
            continue;
        };
        let start = match (fetched.get(source), starts.get(source)) {
            (Some(true), Some(f)) => f.start().clone(),
            _ => Start::new(),
        };
        targets.push(Target {
            url: url.to_owned(),
            start,
        });
        row_of.push(r);
    }
    // Clones share the budget (--max-requests) with the reading of the sources.
    let checker = Checker::new(fetcher.clone(), CheckOptions::default());
    let mut live = vec![None; rows.len()];
    check_all(&checker, &targets, VERIFY_THREADS, &mut |k, c| {
        if let Some(slot) = row_of.get(k).and_then(|&r| live.get_mut(r)) {
            *slot = Some(PresenceLive {
                url: c.url,
                status: c.status,
                verdict: c.verdict.name(),
                final_url: c.final_url,
            });
        }
    });
    live
}
