//! `reconcile`: two URL lists joined by key, the engine and the source readers of
//! `urlkit reconcile`, answered in the shape of its `--json` report.

use std::sync::Arc;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use urlkit::normalize::{normalize, Form, Level, Options};
use urlkit_reconcile::{LevelKeyer, Occurrence, Reconciler, Side};
use urlkit_sources::{Catalog, Position, Reader, SourceSpec};

use crate::options::level_options;

/// One side as Python gives it: a source spec (`sitemap:PATH`, `wp:DIR`, `csv:PATH#col`, a
/// bare path with its format detected), or the URLs themselves.
#[derive(FromPyObject)]
pub enum SideArg {
    /// A source spec, read as the CLI reads it.
    Spec(String),
    /// The URLs, in order.
    Urls(Vec<String>),
}

/// Where one record came from.
struct Origin {
    /// Its position in its side's input (0-based): the list index, or the record's number.
    index: usize,
    /// For a record read from a source: the source's number in the side's catalog, its
    /// position there and its content type.
    read: Option<(u32, Position, Option<Arc<str>>)>,
    /// The source's extra fields of the record (a CSV's other columns, a title, a lastmod).
    extra: Vec<(Arc<str>, String)>,
}

/// One side once read.
struct SideInput {
    specs: Vec<String>,
    catalog: Catalog,
    urls: Vec<(String, Origin)>,
}

/// Why a side could not be read (raised as `ValueError` for a bad spec, `OSError` else).
enum ReadError {
    Spec(String),
    Read(String),
}

fn read_side(
    arg: SideArg,
    encoding: Option<&'static urlkit_sources::Encoding>,
) -> Result<SideInput, ReadError> {
    match arg {
        SideArg::Urls(urls) => Ok(SideInput {
            specs: Vec::new(),
            catalog: Catalog::default(),
            urls: urls
                .into_iter()
                .enumerate()
                .map(|(index, u)| {
                    let origin = Origin {
                        index,
                        read: None,
                        extra: Vec::new(),
                    };
                    (u, origin)
                })
                .collect(),
        }),
        SideArg::Spec(text) => {
            let spec = SourceSpec::parse(&text).map_err(|e| ReadError::Spec(e.to_string()))?;
            // Local files only: this reader has no fetcher, so a URL given as a source is
            // refused with the reader's own error.
            let mut reader = Reader::new();
            if let Some(e) = encoding {
                reader = reader.encoding(e);
            }
            let mut urls = Vec::new();
            reader
                .read(&spec, &mut |r| {
                    let index = urls.len();
                    let origin = Origin {
                        index,
                        read: Some((r.source.0, r.position, r.kind)),
                        extra: r.extra,
                    };
                    urls.push((r.url, origin));
                })
                .map_err(|e| ReadError::Read(e.to_string()))?;
            Ok(SideInput {
                specs: vec![text],
                catalog: reader.into_catalog(),
                urls,
            })
        }
    }
}

/// The URL as people read it, when that differs (the CLI report's `iri`).
fn readable(url: &str) -> Option<String> {
    normalize(url, &Options::new(Level::Safe), Form::Iri)
        .ok()
        .filter(|iri| iri != url && !iri.is_ascii())
}

/// `name:line`, `name#pointer` or `name:line#pointer`, as the CLI report writes a place.
fn place(catalog: &Catalog, source: u32, position: &Position) -> String {
    let name = catalog
        .source(urlkit_sources::SourceId(source))
        .map(|s| s.name.as_str())
        .expect("invariant: a record is from a source of its side's catalog");
    match position {
        Position::Line(n) => format!("{name}:{n}"),
        Position::Pointer(p) => format!("{name}#{p}"),
        Position::LinePointer(n, p) => format!("{name}:{n}#{p}"),
        Position::Item(i) => format!("{name}[{i}]"),
    }
}

struct Sides<'a> {
    inputs: [&'a SideInput; 2],
}

impl Sides<'_> {
    fn input(&self, side: Side) -> &SideInput {
        match side {
            Side::Left => self.inputs[0],
            Side::Right => self.inputs[1],
        }
    }

    /// One occurrence as the CLI report writes it, plus `index`.
    fn occ<'py>(
        &self,
        py: Python<'py>,
        side: Side,
        o: &Occurrence<'_, usize>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let input = self.input(side);
        let (_, origin) = &input.urls[*o.meta()];
        let url = o.url();
        let d = PyDict::new(py);
        d.set_item("url", &*url)?;
        d.set_item("iri", readable(&url))?;
        d.set_item("key", o.key())?;
        match &origin.read {
            Some((source, position, kind)) => {
                d.set_item("source", place(&input.catalog, *source, position))?;
                d.set_item("type", kind.as_deref())?;
            }
            None => {
                d.set_item("source", py.None())?;
                d.set_item("type", py.None())?;
            }
        }
        // The CLI report's `fields`, present when the record has any.
        if !origin.extra.is_empty() {
            let fields = PyDict::new(py);
            for (name, value) in &origin.extra {
                fields.set_item(&**name, value)?;
            }
            d.set_item("fields", fields)?;
        }
        d.set_item("index", origin.index)?;
        Ok(d)
    }

    /// Records per content type over the side's sources (the CLI's `types`).
    fn kinds(&self, side: Side) -> Vec<(String, u64)> {
        self.input(side).catalog.records_by_kind()
    }
}

fn side_summary<'py>(
    py: Python<'py>,
    sides: &Sides<'_>,
    side: Side,
    c: &urlkit_reconcile::SideCounts,
) -> PyResult<Bound<'py, PyDict>> {
    let input = sides.input(side);
    let d = PyDict::new(py);
    d.set_item("specs", &input.specs)?;
    d.set_item("records", c.records)?;
    d.set_item("distinct", c.distinct)?;
    d.set_item("duplicate_keys", c.duplicate_keys)?;
    d.set_item("duplicate_records", c.duplicate_records)?;
    d.set_item("invalid", c.invalid)?;
    let types = PyDict::new(py);
    for (k, n) in sides.kinds(side) {
        types.set_item(k, n)?;
    }
    d.set_item("types", types)?;
    let sources = PyList::empty(py);
    for s in input.catalog.sources() {
        let item = PyDict::new(py);
        item.set_item("name", &s.name)?;
        item.set_item("format", s.format.name())?;
        item.set_item("records", s.records)?;
        sources.append(item)?;
    }
    d.set_item("sources", sources)?;
    let findings = PyList::empty(py);
    for f in input.catalog.findings() {
        let item = PyDict::new(py);
        item.set_item("kind", f.kind)?;
        item.set_item(
            "source",
            input.catalog.source(f.source).map(|s| s.name.clone()),
        )?;
        item.set_item("position", f.position.as_ref().map(ToString::to_string))?;
        item.set_item("message", &f.message)?;
        item.set_item("effect", f.effect.name())?;
        findings.append(item)?;
    }
    d.set_item("findings", findings)?;
    Ok(d)
}

/// Matches two URL lists by their keys at `level` and reports what `urlkit reconcile --json`
/// reports, as one dict: `summary` (the CLI's summary record), `matched`, `missing`,
/// `extra`, `duplicates` and `invalid` (see `urlkit.reconcile`). The GIL is released while
/// the sources are read and the lists keyed and joined.
#[pyfunction]
#[pyo3(signature = (left, right, level="safe", *, loose_off=Vec::new(), loose_on=Vec::new(), encoding=None))]
pub fn reconcile<'py>(
    py: Python<'py>,
    left: SideArg,
    right: SideArg,
    level: &str,
    loose_off: Vec<String>,
    loose_on: Vec<String>,
    encoding: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let options = level_options(level, &loose_off, &loose_on)?;
    let level_name = options.level().name();
    let encoding = match encoding {
        None => None,
        Some(name) => Some(urlkit_sources::encoding_for_name(name).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown encoding '{name}' (cp932, shift_jis, euc-jp, windows-1252, utf-16le or \
                 another Encoding Standard label)"
            ))
        })?),
    };
    let keyer = LevelKeyer::new(options);
    let read = py.detach(|| -> Result<[SideInput; 2], ReadError> {
        Ok([read_side(left, encoding)?, read_side(right, encoding)?])
    });
    let [left, right] = read.map_err(|e| match e {
        ReadError::Spec(m) => PyValueError::new_err(m),
        ReadError::Read(m) => PyOSError::new_err(m),
    })?;
    let done = py.detach(|| {
        let mut r = Reconciler::new(&keyer);
        for (side, input) in [(Side::Left, &left), (Side::Right, &right)] {
            for (i, (u, _)) in input.urls.iter().enumerate() {
                r.add(side, u, i);
            }
        }
        r.finish()
    });
    let sides = Sides {
        inputs: [&left, &right],
    };
    let s = done.summary();
    let summary = PyDict::new(py);
    summary.set_item("level", level_name)?;
    summary.set_item("left", side_summary(py, &sides, Side::Left, &s.left)?)?;
    summary.set_item("right", side_summary(py, &sides, Side::Right, &s.right)?)?;
    summary.set_item("matched", s.matched())?;
    summary.set_item("matched_exact", s.matched_exact)?;
    summary.set_item("matched_normalized", s.matched_normalized)?;
    let rules = PyDict::new(py);
    for (rule, n) in &s.rule_counts {
        rules.set_item(rule, n)?;
    }
    summary.set_item("rules", rules)?;
    summary.set_item("only_left", s.only_left)?;
    summary.set_item("only_right", s.only_right)?;

    let matched = PyList::empty(py);
    for p in done.matched() {
        let d = PyDict::new(py);
        d.set_item("exact", p.is_exact())?;
        d.set_item("rules", &p.rules)?;
        d.set_item("left", sides.occ(py, Side::Left, &p.left)?)?;
        d.set_item("right", sides.occ(py, Side::Right, &p.right)?)?;
        matched.append(d)?;
    }
    let only = |side: Side| -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for o in done.only(side) {
            out.append(sides.occ(py, side, &o)?)?;
        }
        Ok(out)
    };
    let duplicates = PyList::empty(py);
    for side in [Side::Left, Side::Right] {
        for dup in done.duplicates(side) {
            let d = PyDict::new(py);
            d.set_item("side", side.name())?;
            d.set_item("count", dup.count)?;
            let all = PyList::empty(py);
            for o in std::iter::once(&dup.first).chain(&dup.others) {
                all.append(sides.occ(py, side, o)?)?;
            }
            d.set_item("occurrences", all)?;
            duplicates.append(d)?;
        }
    }
    let invalid = PyList::empty(py);
    for v in done.invalid() {
        let d = PyDict::new(py);
        d.set_item("side", v.side.name())?;
        d.set_item("url", v.url)?;
        d.set_item("kind", v.error.kind().name())?;
        d.set_item("offset", v.error.offset())?;
        d.set_item("message", v.error.message())?;
        invalid.append(d)?;
    }
    let out = PyDict::new(py);
    out.set_item("summary", summary)?;
    out.set_item("matched", matched)?;
    out.set_item("missing", only(Side::Left)?)?;
    out.set_item("extra", only(Side::Right)?)?;
    out.set_item("duplicates", duplicates)?;
    out.set_item("invalid", invalid)?;
    Ok(out)
}
