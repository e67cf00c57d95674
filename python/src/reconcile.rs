//! `reconcile`: two URL lists joined by key, the engine and the source readers of
//! `urlkit reconcile`, answered in the shape of its `--json` report.

use std::collections::BTreeMap;
use std::sync::Arc;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use urlkit_reconcile::near::Leftovers;
use urlkit_reconcile::{LevelKeyer, Occurrence, Reconciler, Reconciliation, Side};
use urlkit_records::reconcile::{
    place, readable, Duplicate, Hint, Invalid, Matched, Occurrence as OccurrenceRecord, Report,
    SideSummary, Summary,
};

/// Near matches given per missing or extra URL, as `urlkit reconcile` gives them.
const HINTS: usize = 3;
use urlkit_sources::{Catalog, Position, Reader, SourceSpec};

use crate::options::level_options;
use crate::records::to_py;

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

/// How one side is read: the CLI's `--encoding` (or `--left-encoding`), `--allow-empty`.
#[derive(Clone, Copy)]
struct ReadOptions {
    encoding: Option<&'static urlkit_sources::Encoding>,
    allow_empty: bool,
}

impl ReadOptions {
    /// A reader of local files only: it has no fetcher, so a URL given as a source is
    /// refused with the reader's own error.
    fn reader(self) -> Reader<'static> {
        let mut reader = Reader::new();
        if let Some(e) = self.encoding {
            reader = reader.encoding(e);
        }
        if self.allow_empty {
            reader = reader.allow_empty();
        }
        reader
    }
}

fn read_side(arg: SideArg, name: &str, options: ReadOptions) -> Result<SideInput, ReadError> {
    match arg {
        SideArg::Urls(urls) => {
            // Read as the CLI reads the lines of a list: trimmed (said), an item that is
            // empty or not a URL a finding, not a missing page.
            let mut reader = options.reader();
            let refs: Vec<&str> = urls.iter().map(String::as_str).collect();
            let mut out = Vec::new();
            reader
                .read_list(name, &refs, &mut |r| {
                    let index = match r.position {
                        Position::Item(i) => i as usize,
                        _ => out.len(),
                    };
                    let origin = Origin {
                        index,
                        read: None,
                        extra: Vec::new(),
                    };
                    out.push((r.url, origin));
                })
                .map_err(|e| ReadError::Read(e.to_string()))?;
            Ok(SideInput {
                specs: Vec::new(),
                catalog: reader.into_catalog(),
                urls: out,
            })
        }
        SideArg::Spec(text) => {
            let spec = SourceSpec::parse(&text).map_err(|e| ReadError::Spec(e.to_string()))?;
            let mut reader = options.reader();
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

/// Both sides once read.
/// Which keys a side has more than once: in one source, or in several.
#[derive(Clone, Copy)]
enum Repeat {
    Duplicate,
    Overlap,
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

    /// The records of the keys a side has more than once, of one kind, the left side's first
    /// (one source a side here: overlaps are always none, but are asked as the CLI asks).
    fn repeated(&self, done: &Reconciliation<usize>, kind: Repeat) -> Vec<Duplicate> {
        let mut out = Vec::new();
        for side in [Side::Left, Side::Right] {
            let keys: Vec<_> = match kind {
                Repeat::Duplicate => done.duplicates(side).collect(),
                Repeat::Overlap => done.overlaps(side).collect(),
            };
            for dup in keys {
                let all = std::iter::once(&dup.first)
                    .chain(&dup.others)
                    .map(|o| self.occ(side, o))
                    .collect();
                out.push(match kind {
                    Repeat::Duplicate => Duplicate::new(side.name(), dup.count, all),
                    Repeat::Overlap => Duplicate::overlap(side.name(), dup.count, all),
                });
            }
        }
        out
    }

    /// One occurrence as the CLI report writes it, with its `index` in the side's input.
    fn occ(&self, side: Side, o: &Occurrence<'_, usize>) -> OccurrenceRecord {
        let input = self.input(side);
        let (_, origin) = &input.urls[*o.meta()];
        let url = o.url();
        let (source, kind) = match &origin.read {
            Some((source, position, kind)) => {
                let name = input
                    .catalog
                    .source(urlkit_sources::SourceId(*source))
                    .map(|s| s.name.as_str())
                    .expect("invariant: a record is from a source of its side's catalog");
                (
                    Some(place(name, position)),
                    kind.as_deref().map(str::to_owned),
                )
            }
            None => (None, None),
        };
        let fields: BTreeMap<String, String> = origin
            .extra
            .iter()
            .map(|(name, value)| (name.to_string(), value.clone()))
            .collect();
        OccurrenceRecord {
            fields: (!fields.is_empty()).then_some(fields),
            hints: None,
            index: Some(origin.index),
            iri: readable(&url),
            key: o.key().to_owned(),
            source,
            kind,
            url: url.into_owned(),
        }
    }

    fn summary(&self, side: Side, counts: &urlkit_reconcile::SideCounts) -> SideSummary {
        let input = self.input(side);
        SideSummary::new(counts, &input.catalog, &input.specs)
    }
}

/// Matches two URL lists by their keys at `level` and reports what `urlkit reconcile --json`
/// reports, as one dict: `summary` (the CLI's summary record), `matched`, `missing`,
/// `extra`, `duplicates` and `invalid` (see `urlkit.reconcile`). The GIL is released while
/// the sources are read and the lists keyed and joined.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (left, right, level="safe", *, loose_off=Vec::new(), loose_on=Vec::new(), encoding=None, left_encoding=None, right_encoding=None, allow_empty=false))]
pub fn reconcile<'py>(
    py: Python<'py>,
    left: SideArg,
    right: SideArg,
    level: &str,
    loose_off: Vec<String>,
    loose_on: Vec<String>,
    encoding: Option<&str>,
    left_encoding: Option<&str>,
    right_encoding: Option<&str>,
    allow_empty: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let options = level_options(level, &loose_off, &loose_on)?;
    let named = |name: Option<&str>| -> PyResult<Option<&'static urlkit_sources::Encoding>> {
        name.map(|n| {
            urlkit_sources::encoding_for_name(n)
                .ok_or_else(|| PyValueError::new_err(urlkit_sources::unknown_encoding(n)))
        })
        .transpose()
    };
    let encoding = named(encoding)?;
    let side = |own: Option<&'static urlkit_sources::Encoding>| ReadOptions {
        encoding: own.or(encoding),
        allow_empty,
    };
    let (left_options, right_options) = (side(named(left_encoding)?), side(named(right_encoding)?));
    let keyer = LevelKeyer::new(options);
    let read = py.detach(|| -> Result<[SideInput; 2], ReadError> {
        Ok([
            read_side(left, "left list", left_options)?,
            read_side(right, "right list", right_options)?,
        ])
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
        let done = r.finish();
        let leftovers = Leftovers::of(&done, &options, HINTS);
        (done, leftovers)
    });
    let (done, leftovers) = done;
    let sides = Sides {
        inputs: [&left, &right],
    };
    let s = done.summary();
    let report = Report {
        duplicates: sides.repeated(&done, Repeat::Duplicate),
        overlaps: sides.repeated(&done, Repeat::Overlap),
        extra: done
            .only(Side::Right)
            .enumerate()
            .map(|(i, o)| OccurrenceRecord {
                hints: Hint::all_of(&leftovers, 1, i),
                ..sides.occ(Side::Right, &o)
            })
            .collect(),
        invalid: done.invalid().map(|v| Invalid::new(&v)).collect(),
        matched: done
            .matched()
            .map(|p| {
                Matched::new(
                    p.is_exact(),
                    sides.occ(Side::Left, &p.left),
                    sides.occ(Side::Right, &p.right),
                    p.rules.clone(),
                )
            })
            .collect(),
        missing: done
            .only(Side::Left)
            .enumerate()
            .map(|(i, o)| OccurrenceRecord {
                hints: Hint::all_of(&leftovers, 0, i),
                ..sides.occ(Side::Left, &o)
            })
            .collect(),
        summary: Summary::new(
            options.level(),
            s,
            sides.summary(Side::Left, &s.left),
            sides.summary(Side::Right, &s.right),
        ),
    };
    to_py(py, &report)
}
