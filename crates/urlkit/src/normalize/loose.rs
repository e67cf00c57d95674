//! The opinionated steps of the `loose` level, each behind its own switch.

use super::rule::{Rule, RuleSet};

/// `www`: drops the leading `www.` labels while another dot follows (so `www.com` stays).
///
/// Every such label goes, not only the first: `www.www.example.com` and `www.example.com`
/// get the key `example.com`, and keying a key changes nothing.
pub(crate) fn strip_www(out: &mut String, host_start: usize) {
    let mut cut = host_start;
    loop {
        let host = &out.as_bytes()[cut..];
        let www = host
            .get(..4)
            .is_some_and(|h| h.eq_ignore_ascii_case(b"www."));
        if www && host[4..].contains(&b'.') {
            cut += 4;
        } else {
            break;
        }
    }
    out.replace_range(host_start..cut, "");
}

/// Last segments `index-page` drops.
const INDEX_PAGES: [&str; 3] = ["index.html", "index.htm", "index.php"];

/// `trailing-slash` and `index-page` on the path at `out[start..]`, until neither changes
/// anything (so `/a/index.html/` and `/a` get the same key, and a key is a fixed point).
pub(crate) fn trim_path(out: &mut String, start: usize, rs: RuleSet) {
    loop {
        let mut changed = false;
        if rs.has(Rule::TrailingSlash) {
            while out.len() > start + 1 && out.ends_with('/') {
                out.pop();
                changed = true;
            }
        }
        if rs.has(Rule::IndexPage) {
            if let Some(slash) = out[start..].rfind('/') {
                let seg = start + slash + 1;
                if INDEX_PAGES.contains(&&out[seg..]) {
                    out.truncate(seg);
                    changed = true;
                }
            }
        }
        if !changed || !rs.has(Rule::TrailingSlash) {
            return;
        }
    }
}

/// Whether a query parameter name is a known tracking parameter.
pub(crate) fn is_tracking_param(name: &str) -> bool {
    const NAMES: [&str; 16] = [
        "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "igshid",
        "mc_cid", "mc_eid", "_ga", "_gl", "_hsenc", "_hsmi", "mkt_tok",
    ];
    let lower = name.to_ascii_lowercase();
    lower.starts_with("utm_") || NAMES.contains(&lower.as_str())
}

/// `plus-space`, `tracking-params` and `query-order` on the query at `out[start..]`.
/// Returns true when no parameter is left and the `?` should go too.
pub(crate) fn query(out: &mut String, start: usize, rs: RuleSet) -> bool {
    if rs.has(Rule::PlusSpace) && out[start..].contains('+') {
        let q = out[start..].replace('+', "%20");
        out.truncate(start);
        out.push_str(&q);
    }
    if !rs.has(Rule::TrackingParams) && !rs.has(Rule::QueryOrder) {
        return false;
    }
    let q = out.split_off(start);
    let mut params: Vec<&str> = q.split('&').collect();
    if rs.has(Rule::TrackingParams) {
        params.retain(|p| !is_tracking_param(p.split_once('=').map_or(p, |(name, _)| name)));
        if params.is_empty() {
            return true;
        }
    }
    if rs.has(Rule::QueryOrder) {
        params.sort_unstable();
    }
    for (i, p) in params.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        out.push_str(p);
    }
    false
}
