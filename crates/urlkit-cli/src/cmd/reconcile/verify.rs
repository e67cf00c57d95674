//! `reconcile --verify`: the pairs matched only after normalization, and with `--matrix` each
//! page, requested on the live site as `urlkit check` requests a URL (the same fetcher, policy
//! and verdicts).

use urlkit_reconcile::matrix::Matrix;
use urlkit_reconcile::{Keyer, Reconciliation};
use urlkit_records::check::Live;
use urlkit_records::reconcile::PairLive;

use super::Net;
use urlkit_reconcile_report::{Meta, SideInput};

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
) -> Vec<Option<Live>> {
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
            *slot = Some(live_of(c));
        }
    });
    live
}

/// `reconcile --verify`: for each pair matched only after normalization (`hex-case`,
/// `iri-to-uri`, ...), the left spelling requested on the live site, and whether the answer is
/// the matched page. By pair, in `done.matched()` order (`None` for the exact pairs, which
/// need no proof: the two sources wrote the same bytes).
///
/// # Rationale
///
/// The answer is the matched page when it is a 2xx and the URL that gave it (after the
/// redirects) has the pair's key: a 301 from the list's spelling to the site's is the site
/// agreeing with the join; a 404, or a redirect to another page, is the site disagreeing.
pub(super) fn verify_pairs(
    done: &Reconciliation<Meta>,
    left: &SideInput,
    starts: &[Net],
    fetcher: &Net,
    keyer: &dyn Keyer,
) -> Vec<Option<PairLive>> {
    use urlkit_sources::check::{check_all, CheckOptions, Checker, Target};
    use urlkit_sources::{is_http_url, Start};
    let mut pair_of = Vec::new();
    let mut keys = Vec::new();
    let mut targets = Vec::new();
    let mut pairs = 0;
    for (n, p) in done.matched().enumerate() {
        pairs = n + 1;
        if p.is_exact() {
            continue;
        }
        let source = p.left.meta().source();
        let name = left
            .catalog
            .source(urlkit_sources::SourceId(source))
            .map(|s| s.name.as_str())
            .expect("invariant: a record's source is in its side's catalog");
        // A URL that a fetched document listed is part of that source's start; one that a
        // local file lists is the user's own.
        let spec = left.spec_of_source.get(source as usize).copied();
        let start = match spec.and_then(|s| starts.get(s)) {
            Some(f) if is_http_url(name) || is_remote(spec_text(left, spec)) => f.start().clone(),
            _ => Start::new(),
        };
        targets.push(Target {
            url: p.left.url().into_owned(),
            start,
        });
        keys.push(p.left.key().to_owned());
        pair_of.push(n);
    }
    let checker = Checker::new(fetcher.clone(), CheckOptions::default());
    let mut live = vec![None; pairs];
    let mut key = String::new();
    check_all(&checker, &targets, VERIFY_THREADS, &mut |k, c| {
        let final_key = c.final_url.as_deref().and_then(|u| {
            key.clear();
            keyer.key_into(u, &mut key).ok().map(|()| key.as_str())
        });
        let leads = c.status.is_some_and(|s| (200..300).contains(&s))
            && final_key.is_some_and(|f| keys.get(k).is_some_and(|want| want == f));
        if let Some(slot) = pair_of.get(k).and_then(|&n| live.get_mut(n)) {
            *slot = Some(PairLive {
                answer: live_of(c),
                leads_to_page: leads,
            });
        }
    });
    live
}

/// Whether a source spec names a live source (`wp:https://...`, a sitemap's URL).
fn is_remote(spec: &str) -> bool {
    urlkit_sources::SourceSpec::parse(spec)
        .is_ok_and(|s| matches!(s.location, urlkit_sources::Location::Url(_)))
}

/// The text of the spec numbered `spec` of a side (empty when there is none).
fn spec_text(side: &SideInput, spec: Option<usize>) -> &str {
    spec.and_then(|s| side.specs.get(s))
        .map_or("", String::as_str)
}

/// The record of what the site answered, from `urlkit check`'s result.
fn live_of(c: urlkit_sources::check::UrlCheck) -> Live {
    Live {
        final_url: c.final_url,
        status: c.status,
        url: c.url,
        verdict: c.verdict.name(),
    }
}
