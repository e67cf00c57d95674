//! The records of `reconcile --format json`: a summary first, then one record per missing,
//! extra, matched and duplicated URL (docs/json.md, `reconcile`).

use std::collections::BTreeMap;

use serde::Serialize;
use urlkit::normalize::{normalize, Form, Level, Options};
use urlkit_sources::{Catalog, Position};

/// The URL as people read it (escapes of non-ASCII shown as characters, U-label hosts), when
/// that differs from the URL: an occurrence's `iri`.
///
/// ```
/// use urlkit_records::reconcile::readable;
/// assert_eq!(readable("https://a.example/%E9%81%8B/").as_deref(), Some("https://a.example/運/"));
/// assert_eq!(readable("https://a.example/a/"), None);
/// ```
pub fn readable(url: &str) -> Option<String> {
    normalize(url, &Options::new(Level::Safe), Form::Iri)
        .ok()
        .filter(|iri| iri != url && !iri.is_ascii())
}

/// Where a record was in its source: `name:line`, `name#pointer` or `name:line#pointer` (an
/// occurrence's `source`).
///
/// ```
/// use urlkit_records::reconcile::place;
/// use urlkit_sources::Position;
/// assert_eq!(place("a.csv", &Position::Line(3)), "a.csv:3");
/// assert_eq!(place("s.xml", &Position::LineColumn(1, 85)), "s.xml:1:85");
/// ```
pub fn place(name: &str, position: &Position) -> String {
    match position {
        Position::Line(n) => format!("{name}:{n}"),
        Position::Pointer(p) => format!("{name}#{p}"),
        Position::LinePointer(n, p) => format!("{name}:{n}#{p}"),
        Position::Item(i) => format!("{name}[{i}]"),
        Position::LineColumn(n, c) => format!("{name}:{n}:{c}"),
    }
}

/// Where a URL of a list was, and what its source says about it: `{"fields"?, "hints"?,
/// "index"?, "iri", "key", "source", "type", "url"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Occurrence {
    /// The other columns of a CSV row with a header, a WordPress item's `title`, a sitemap
    /// entry's `lastmod`: present when the source has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
    /// For a missing or extra URL: the other side's URLs that are probably the same page
    /// spelled differently, most telling first (present when there are any).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hints: Option<Vec<Hint>>,
    /// Its position in a list given in memory (Python's lists): present only there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// The URL as people read it, when that differs from `url`.
    pub iri: Option<String>,
    /// Its key at the reconcile's level.
    pub key: String,
    /// `file:line`, `file#/json/pointer` (`null` for a list given in memory).
    pub source: Option<String>,
    /// The content type its source gives (`post`, `page`, ...).
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// The URL as its source wrote it.
    pub url: String,
}

/// A near match of a missing or extra URL: `{"reasons", "url"}`.
///
/// ```
/// use urlkit::normalize::{Level, Options};
/// use urlkit_reconcile::near::Near;
/// use urlkit_records::reconcile::Hint;
/// let site = ["https://example.com/about/"];
/// let near = Near::new(&site, &Options::new(Level::Safe));
/// let hint = &near.hints("https://example.com/about", 1)[0];
/// let record = Hint::new(site[hint.partner], hint);
/// assert_eq!(
///     serde_json::to_string(&record).unwrap(),
///     r#"{"reasons":[{"name":"equal-at-loose","text":"equal at loose (trailing-slash)"}],"url":"https://example.com/about/"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hint {
    /// Why, most telling first.
    pub reasons: Vec<HintReason>,
    /// The other side's URL.
    pub url: String,
}

/// One reason of a [`Hint`]: its stable name and its words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HintReason {
    /// `equal-at-normal`, `equal-at-loose`, `nfc`, `width`, `case`, `charset`,
    /// `numbered-slug`, `one-edit`.
    pub name: &'static str,
    /// In words: `equal at loose (trailing-slash)`.
    pub text: String,
}

impl Hint {
    /// The record of `hint`, whose partner is `url`.
    pub fn new(url: &str, hint: &urlkit_reconcile::near::Hint) -> Hint {
        Hint {
            reasons: hint
                .reasons
                .iter()
                .map(|r| HintReason {
                    name: r.name(),
                    text: r.to_string(),
                })
                .collect(),
            url: url.to_owned(),
        }
    }

    /// The hints of entry `i` of `side` among `left`'s leftovers.
    pub fn all_of(
        left: &urlkit_reconcile::near::Leftovers,
        side: usize,
        i: usize,
    ) -> Option<Vec<Hint>> {
        let hints = left.hints.get(side)?.get(i)?;
        let other = left.urls.get(1 - side)?;
        (!hints.is_empty()).then(|| {
            hints
                .iter()
                .map(|h| Hint::new(&other[h.partner], h))
                .collect()
        })
    }
}

/// One line of `reconcile --format json`. Every line says what it is in `type` (its
/// `status`, or `summary`).
///
/// ```
/// use urlkit_records::reconcile::{Line, Occurrence};
/// let o = Occurrence { fields: None, hints: None, index: None, iri: None, key: "http://a/".into(),
///     source: Some("a.txt:1".into()), kind: None, url: "http://a/".into() };
/// assert_eq!(
///     serde_json::to_string(&Line::missing(o)).unwrap(),
///     r#"{"left":{"iri":null,"key":"http://a/","source":"a.txt:1","type":null,"url":"http://a/"},"status":"missing","type":"missing"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Line {
    /// The summary, first.
    Summary {
        /// The counts.
        summary: Box<Summary>,
        /// `summary`.
        #[serde(rename = "type")]
        kind: &'static str,
    },
    /// A URL of the left list that the right one lacks.
    Missing {
        /// Where it was.
        left: Occurrence,
        /// `missing`.
        status: &'static str,
        /// `missing`.
        #[serde(rename = "type")]
        kind: &'static str,
    },
    /// A URL of the right list that the left one lacks.
    Extra {
        /// Where it was.
        right: Occurrence,
        /// `extra`.
        status: &'static str,
        /// `extra`.
        #[serde(rename = "type")]
        kind: &'static str,
    },
    /// A pair with equal keys.
    Matched(Box<Matched>),
    /// A key that one side lists more than once: in one source (`duplicate`), or in more
    /// than one of its sources (`overlap`).
    Duplicate(Duplicate),
}

impl Line {
    /// The summary line.
    pub fn summary(summary: Summary) -> Line {
        Line::Summary {
            summary: Box::new(summary),
            kind: "summary",
        }
    }

    /// A missing URL's line.
    pub fn missing(left: Occurrence) -> Line {
        Line::Missing {
            left,
            status: "missing",
            kind: "missing",
        }
    }

    /// An extra URL's line.
    pub fn extra(right: Occurrence) -> Line {
        Line::Extra {
            right,
            status: "extra",
            kind: "extra",
        }
    }
}

/// A matched pair: `{"exact", "left", "right", "rules", "status", "type"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Matched {
    /// Whether the two are byte-identical.
    pub exact: bool,
    /// The left occurrence.
    pub left: Occurrence,
    /// The right occurrence.
    pub right: Occurrence,
    /// With `--verify`, for a pair matched only after normalization: what the live site
    /// answered for the left spelling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub live: Option<PairLive>,
    /// The rules that made them equal.
    pub rules: Vec<&'static str>,
    /// `matched`.
    pub status: &'static str,
    /// `matched`.
    #[serde(rename = "type")]
    pub kind: &'static str,
}

impl Matched {
    /// A pair's record.
    pub fn new(exact: bool, left: Occurrence, right: Occurrence, rules: Vec<&'static str>) -> Self {
        Matched {
            exact,
            left,
            live: None,
            right,
            rules,
            status: "matched",
            kind: "matched",
        }
    }

    /// The pair with what the live site answered for its left spelling.
    pub fn with_live(self, live: Option<PairLive>) -> Self {
        Matched { live, ..self }
    }
}

/// What `reconcile --verify` found for a pair matched only after normalization: `{"answer",
/// "leads_to_page"}`. The join says the two spellings are one page; the server decides.
///
/// ```
/// use urlkit_records::check::Live;
/// use urlkit_records::reconcile::PairLive;
/// let answer = Live { final_url: Some("https://a/%E3%81%82".into()), status: Some(404), url: "https://a/%E3%81%82".into(), verdict: "not-found" };
/// let live = PairLive { answer, leads_to_page: false };
/// assert!(serde_json::to_string(&live).unwrap().ends_with(r#","leads_to_page":false}"#));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PairLive {
    /// The answer to the left spelling.
    pub answer: crate::check::Live,
    /// Whether it is the matched page: a 2xx whose URL (after the redirects) has the pair's
    /// key at the level of the join.
    pub leads_to_page: bool,
}

/// A key a side has more than once: `{"count", "occurrences", "side", "status", "type"}`,
/// `type` `duplicate` when one source has it twice, `overlap` when several sources have it
/// (a key may be both, and then has a record of each).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Duplicate {
    /// How many records have the key.
    pub count: usize,
    /// Each of them, the first first.
    pub occurrences: Vec<Occurrence>,
    /// `left` or `right`.
    pub side: &'static str,
    /// `duplicate` or `overlap`.
    pub status: &'static str,
    /// `duplicate` or `overlap`.
    #[serde(rename = "type")]
    pub kind: &'static str,
}

impl Duplicate {
    /// A duplicated key's record.
    pub fn new(side: &'static str, count: usize, occurrences: Vec<Occurrence>) -> Duplicate {
        Duplicate {
            count,
            occurrences,
            side,
            status: "duplicate",
            kind: "duplicate",
        }
    }

    /// The record of a key that more than one source of `side` has.
    ///
    /// ```
    /// let o = urlkit_records::reconcile::Duplicate::overlap("left", 2, Vec::new());
    /// assert_eq!((o.status, o.kind), ("overlap", "overlap"));
    /// ```
    pub fn overlap(side: &'static str, count: usize, occurrences: Vec<Occurrence>) -> Duplicate {
        Duplicate {
            status: "overlap",
            kind: "overlap",
            ..Duplicate::new(side, count, occurrences)
        }
    }
}

/// The summary of a reconciliation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The left side.
    pub left: SideSummary,
    /// The level.
    pub level: &'static str,
    /// Pairs matched.
    pub matched: usize,
    /// Of which byte-identical.
    pub matched_exact: usize,
    /// Of which equal after normalization.
    pub matched_normalized: usize,
    /// Distinct left keys the right lacks.
    pub only_left: usize,
    /// Distinct right keys the left lacks.
    pub only_right: usize,
    /// The right side.
    pub right: SideSummary,
    /// Pairs per rule that made them equal.
    pub rules: BTreeMap<String, usize>,
}

impl Summary {
    /// The summary of a reconciliation at `level`, with each side's own summary.
    pub fn new(
        level: Level,
        s: &urlkit_reconcile::Summary,
        left: SideSummary,
        right: SideSummary,
    ) -> Summary {
        Summary {
            left,
            level: level.name(),
            matched: s.matched(),
            matched_exact: s.matched_exact,
            matched_normalized: s.matched_normalized,
            only_left: s.only_left,
            only_right: s.only_right,
            right,
            rules: s
                .rule_counts
                .iter()
                .map(|(r, n)| ((*r).to_owned(), *n))
                .collect(),
        }
    }
}

/// One side's counts, sources and findings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideSummary {
    /// Distinct keys.
    pub distinct: usize,
    /// Keys one source lists more than once.
    pub duplicate_keys: usize,
    /// Records beyond the first of their key in their own source.
    pub duplicate_records: usize,
    /// What the readers found (a guess, a skipped item, a note).
    pub findings: Vec<SourceFinding>,
    /// Records with no key at the level.
    pub invalid: usize,
    /// Keys more than one of the side's sources list.
    pub overlap_keys: usize,
    /// Records whose key an earlier source of the side listed.
    pub overlap_records: usize,
    /// Records read.
    pub records: usize,
    /// Each source read.
    pub sources: Vec<SourceCount>,
    /// The sources as given.
    pub specs: Vec<String>,
    /// Records per content type.
    pub types: BTreeMap<String, u64>,
}

impl SideSummary {
    /// One side's summary: the engine's counts, and what its readers read (`catalog`) from
    /// the sources as given (`specs`).
    pub fn new(
        counts: &urlkit_reconcile::SideCounts,
        catalog: &Catalog,
        specs: &[String],
    ) -> SideSummary {
        SideSummary {
            distinct: counts.distinct,
            duplicate_keys: counts.duplicate_keys,
            duplicate_records: counts.duplicate_records,
            findings: catalog
                .findings()
                .iter()
                .map(|f| SourceFinding {
                    effect: f.effect.name(),
                    kind: f.kind.name(),
                    message: f.message.clone(),
                    position: f.position.as_ref().map(ToString::to_string),
                    source: catalog.source(f.source).map(|s| s.name.clone()),
                })
                .collect(),
            invalid: counts.invalid,
            overlap_keys: counts.overlap_keys,
            overlap_records: counts.overlap_records,
            records: counts.records,
            sources: catalog
                .sources()
                .iter()
                .map(|src| SourceCount {
                    format: src.format.name(),
                    name: src.name.clone(),
                    records: src.records,
                })
                .collect(),
            specs: specs.to_vec(),
            types: catalog.records_by_kind().into_iter().collect(),
        }
    }
}

/// One source of a side: `{"format", "name", "records"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourceCount {
    /// The format it was read as.
    pub format: &'static str,
    /// Its name (a path, a URL).
    pub name: String,
    /// Records read from it.
    pub records: u64,
}

/// What a reader found that did not stop it: `{"effect", "kind", "message", "position",
/// "source"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourceFinding {
    /// `note`, `guessed` or `skipped`.
    pub effect: &'static str,
    /// Stable kebab-case kind.
    pub kind: &'static str,
    /// For people.
    pub message: String,
    /// Where in the source.
    pub position: Option<String>,
    /// The source's name.
    pub source: Option<String>,
}

/// A whole reconciliation as one value (Python's `urlkit.reconcile`, the page's Reconcile
/// panel): `{"duplicates", "extra", "invalid", "matched", "missing", "overlaps", "summary"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The keys a side lists more than once.
    pub duplicates: Vec<Duplicate>,
    /// The right list's URLs the left lacks.
    pub extra: Vec<Occurrence>,
    /// The URLs with no key at the level.
    pub invalid: Vec<Invalid>,
    /// The pairs.
    pub matched: Vec<Matched>,
    /// The left list's URLs the right lacks.
    pub missing: Vec<Occurrence>,
    /// The keys more than one source of a side lists.
    pub overlaps: Vec<Duplicate>,
    /// The counts.
    pub summary: Summary,
}

impl Invalid {
    /// The record of a URL with no key.
    pub fn new(v: &urlkit_reconcile::Invalid<'_>) -> Invalid {
        Invalid {
            kind: v.error.kind().name(),
            message: v.error.message().to_owned(),
            offset: v.error.offset(),
            side: v.side.name(),
            url: v.url.to_owned(),
        }
    }
}

/// A URL that has no key at the level (Python's `invalid` list): `{"kind", "message",
/// "offset", "side", "url"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Invalid {
    /// The error's kind.
    pub kind: &'static str,
    /// For people.
    pub message: String,
    /// The byte where keying failed.
    pub offset: usize,
    /// `left` or `right`.
    pub side: &'static str,
    /// The URL.
    pub url: String,
}
