//! `reconcile`: two lists of URLs joined by key (the engine of `urlkit reconcile`).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use urlkit_reconcile::{LevelKeyer, Occurrence, Reconciler, Side};

use crate::options::level_options;

fn side_name(side: Side) -> &'static str {
    side.name()
}

fn occurrence(o: &Occurrence<'_, usize>) -> (String, usize) {
    (o.url().into_owned(), *o.meta())
}

/// Matches two lists of URLs by their keys at `level` and reports what `urlkit reconcile`
/// reports: a dict with
///
/// - `summary`: `{"left": {records, distinct, duplicate_keys, duplicate_records, invalid},
///   "right": {...}, "matched_exact", "matched_normalized", "only_left", "only_right",
///   "rule_counts": {rule: count}}`;
/// - `matched`: `(left_url, left_index, right_url, right_index, rules)` per matched key (the
///   first occurrence on each side; `rules` empty for a byte-identical pair);
/// - `missing`: `(url, index)` of each left key not on the right; `extra`: the same for the
///   right;
/// - `duplicates`: `(side, count, first_url, first_index)` per repeated key;
/// - `invalid`: `(side, url, kind, offset, message)` per URL that has no key (never joined,
///   never dropped).
///
/// `index` is the URL's position in its input list. The GIL is released while the lists are
/// keyed and joined.
#[pyfunction]
#[pyo3(signature = (left, right, level="safe", *, loose_off=Vec::new(), loose_on=Vec::new()))]
pub fn reconcile<'py>(
    py: Python<'py>,
    left: Vec<String>,
    right: Vec<String>,
    level: &str,
    loose_off: Vec<String>,
    loose_on: Vec<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let keyer = LevelKeyer::new(level_options(level, &loose_off, &loose_on)?);
    type Matched = (String, usize, String, usize, Vec<&'static str>);
    type Report = (
        Vec<Matched>,
        Vec<(String, usize)>,
        Vec<(String, usize)>,
        Vec<(&'static str, usize, String, usize)>,
        Vec<(&'static str, String, &'static str, usize, String)>,
        urlkit_reconcile::Summary,
    );
    let (matched, missing, extra, duplicates, invalid, summary): Report = py.detach(|| {
        let mut r = Reconciler::new(&keyer);
        for (i, u) in left.iter().enumerate() {
            r.add(Side::Left, u, i);
        }
        for (i, u) in right.iter().enumerate() {
            r.add(Side::Right, u, i);
        }
        let done = r.finish();
        let matched = done
            .matched()
            .map(|p| {
                let (lu, li) = occurrence(&p.left);
                let (ru, ri) = occurrence(&p.right);
                (lu, li, ru, ri, p.rules)
            })
            .collect();
        let missing = done.only(Side::Left).map(|o| occurrence(&o)).collect();
        let extra = done.only(Side::Right).map(|o| occurrence(&o)).collect();
        let duplicates = [Side::Left, Side::Right]
            .into_iter()
            .flat_map(|side| {
                done.duplicates(side)
                    .map(|d| {
                        let (u, i) = occurrence(&d.first);
                        (side_name(d.side), d.count, u, i)
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        let invalid = done
            .invalid()
            .map(|v| {
                (
                    side_name(v.side),
                    v.url.to_owned(),
                    v.error.kind().name(),
                    v.error.offset(),
                    v.error.message().to_owned(),
                )
            })
            .collect();
        (
            matched,
            missing,
            extra,
            duplicates,
            invalid,
            done.summary().clone(),
        )
    });
    let out = PyDict::new(py);
    let s = PyDict::new(py);
    for (name, c) in [("left", &summary.left), ("right", &summary.right)] {
        let d = PyDict::new(py);
        d.set_item("records", c.records)?;
        d.set_item("distinct", c.distinct)?;
        d.set_item("duplicate_keys", c.duplicate_keys)?;
        d.set_item("duplicate_records", c.duplicate_records)?;
        d.set_item("invalid", c.invalid)?;
        s.set_item(name, d)?;
    }
    s.set_item("matched_exact", summary.matched_exact)?;
    s.set_item("matched_normalized", summary.matched_normalized)?;
    s.set_item("only_left", summary.only_left)?;
    s.set_item("only_right", summary.only_right)?;
    let rule_counts = PyDict::new(py);
    for (rule, n) in &summary.rule_counts {
        rule_counts.set_item(rule, n)?;
    }
    s.set_item("rule_counts", rule_counts)?;
    out.set_item("summary", s)?;
    out.set_item("matched", matched)?;
    out.set_item("missing", missing)?;
    out.set_item("extra", extra)?;
    out.set_item("duplicates", duplicates)?;
    out.set_item("invalid", invalid)?;
    Ok(out)
}
