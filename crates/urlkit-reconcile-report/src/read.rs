//! Both sides' sources read into the engine, through urlkit-sources' readers, in batches.

use urlkit_reconcile::{Batch, Feeder, Reconciler, Side};
use urlkit_sources::{
    Catalog, Fetcher, LineBlock, Reader, Record, RecordSink, SourceError, SourceSpec,
};

use crate::origin::{Meta, Tables};

/// Records are handed to the engine in batches this large, so keys are computed on all cores
/// while memory stays bounded by the distinct keys.
const BATCH: usize = 64 * 1024;

/// [`Watch::records`] is told this often (in records).
const PROGRESS_EVERY: usize = 100_000;

/// One side once read: its sources as the user named them, what the readers found, and the
/// origins of its records.
pub struct SideInput {
    /// The sources as given (`sitemap.xml`, `posts.json`).
    pub specs: Vec<String>,
    /// The sources read and the readers' findings.
    pub catalog: Catalog,
    /// The origins the records' [`Meta`] index into.
    pub tables: Tables,
    /// For each source of the catalog (by id), the number of the spec that read it: a URL a
    /// fetched document listed is requested within that spec's start (`--verify`).
    pub spec_of_source: Vec<usize>,
}

/// What a caller is told while the sides are read: the CLI draws a progress bar and says
/// the readers' findings on stderr as they come; the page is told nothing.
pub trait Watch {
    /// `seen` records of `side` have been read (every 100,000).
    fn records(&self, side: Side, seen: u64);
    /// The reader of `side` has made the findings of `catalog` from `from` on (one source
    /// read).
    fn findings(&self, catalog: &Catalog, from: usize, side: Side);
    /// Both sides are read.
    fn finish(&self);
}

/// A [`Watch`] that is told nothing.
pub struct Unwatched;

impl Watch for Unwatched {
    fn records(&self, _side: Side, _seen: u64) {}
    fn findings(&self, _catalog: &Catalog, _from: usize, _side: Side) {}
    fn finish(&self) {}
}

/// Why the sides were not read: a source the caller could not name as a spec (its own
/// error), or one the readers could not read (`side` and the reader's typed error).
#[derive(Debug)]
pub enum ReadFailure<E> {
    /// `spec_of` refused a source.
    Spec(E),
    /// A source of `side` cannot be read, or gives no URL.
    Source(Side, SourceError),
}

/// Both sides to read: each side's sources, its reader (limits, encoding, progress: the
/// caller's), and one fetcher per source (`None`: the reader's own, which fetches nothing).
pub struct Sides<'s, 'f> {
    /// The left and the right side's sources.
    pub specs: [&'s [String]; 2],
    /// The left and the right side's readers.
    pub readers: [Reader<'f>; 2],
    /// Per side, one fetcher per source, in the order of `specs`.
    pub fetchers: [&'s [Option<&'f dyn Fetcher>]; 2],
    /// The size of the left side's text files when known: the join makes room for that
    /// many keys when the first block tells how many records a byte makes.
    pub left_text_bytes: Option<u64>,
}

/// Gathers records into batches for the engine's threads: single records into one batch, a
/// block of lines as a batch of its own over the block's text (no copy per URL).
struct BatchSink<'a, 'f, 'k> {
    side: Side,
    /// The number of the source being read among its side's (a key two of them have is an
    /// overlap, not a duplicate: `Batch::with_source`).
    source: u8,
    batch: Batch<Meta>,
    feeder: &'a mut Feeder<'f, 'k, Meta>,
    tables: &'a mut Tables,
    /// The size of the side's text files, until the first block says how many records that
    /// makes (see [`Feeder::reserve`]).
    bytes: Option<u64>,
    watch: &'a dyn Watch,
}

impl BatchSink<'_, '_, '_> {
    fn send(&mut self, batch: Batch<Meta>) {
        if batch.is_empty() {
            return;
        }
        let before = self.feeder.records(self.side);
        self.feeder
            .add_batch(self.side, batch.with_source(self.source));
        let seen = self.feeder.records(self.side);
        if seen / PROGRESS_EVERY > before / PROGRESS_EVERY {
            self.watch.records(self.side, seen as u64);
        }
    }
}

impl RecordSink for BatchSink<'_, '_, '_> {
    fn record(&mut self, r: Record) {
        let meta = self.tables.meta(r.source.0, r.position, r.kind, r.extra);
        self.batch.push(&r.url, meta);
        if self.batch.len() == BATCH {
            let batch = std::mem::take(&mut self.batch);
            self.send(batch);
        }
    }

    fn spare(&mut self) -> Vec<u8> {
        // No text to recycle yet: a new buffer.
        self.feeder
            .spare_text()
            .map(String::into_bytes)
            .unwrap_or_default()
    }

    fn lines(&mut self, block: LineBlock) {
        // The records before the block go first: lists follow the order of the sources.
        if !self.batch.is_empty() {
            let batch = std::mem::take(&mut self.batch);
            self.send(batch);
        }
        let source = block.source().0;
        let (text, records) = block.into_parts();
        if let Some(bytes) = self.bytes.take().filter(|_| !text.is_empty()) {
            // As many records as the first block's share of the files says.
            let estimate = bytes as f64 * records.len() as f64 / text.len() as f64;
            self.feeder.reserve(estimate as usize);
        }
        let mut batch = Batch::from_text(text);
        batch.reserve(records.len());
        for r in records {
            let meta = Meta::at_line(source, r.line);
            // The reader's ranges are on the text's character boundaries.
            let added = batch.push_range(r.url, meta);
            debug_assert!(added);
        }
        self.send(batch);
    }
}

/// Reads both sides' sources into the engine, the left's first, each source with its own
/// fetcher; `spec_of` turns a source's text into its spec. With more than one thread the
/// engine keys and joins the batches already read while this thread reads on, so parsing,
/// keying and joining overlap, also from the left side to the right.
///
/// ```
/// use urlkit_reconcile::{LevelKeyer, Reconciler};
/// use urlkit_reconcile_report::{read_sides, Sides, Unwatched};
/// use urlkit_sources::{Reader, SourceSpec};
///
/// let keyer = LevelKeyer::new(urlkit::normalize::Options::new(urlkit::normalize::Level::Safe));
/// let mut engine = Reconciler::new(&keyer);
/// let (left, right) = (vec!["left".to_owned()], vec!["right".to_owned()]);
/// let sides = Sides {
///     specs: [&left, &right],
///     readers: [Reader::new(), Reader::new()],
///     fetchers: [&[None], &[None]],
///     left_text_bytes: None,
/// };
/// let spec = |name: &str| -> Result<SourceSpec, ()> {
///     let text: &[u8] = if name == "left" { b"https://example.com/a\n" } else { b"https://example.com/%61\n" };
///     Ok(SourceSpec::in_memory(name, text.to_vec()))
/// };
/// let [l, r] = read_sides(&mut engine, sides, &Unwatched, &spec).unwrap();
/// assert_eq!((l.catalog.sources().len(), r.catalog.sources().len()), (1, 1));
/// assert_eq!(engine.finish().summary().only_left, 0);
/// ```
pub fn read_sides<'f, E>(
    engine: &mut Reconciler<'_, Meta>,
    sides: Sides<'_, 'f>,
    watch: &dyn Watch,
    spec_of: &dyn Fn(&str) -> Result<SourceSpec, E>,
) -> Result<[SideInput; 2], ReadFailure<E>> {
    let Sides {
        specs,
        mut readers,
        fetchers,
        left_text_bytes,
    } = sides;
    let mut tables = [Tables::default(), Tables::default()];
    let mut spec_of_source = [Vec::new(), Vec::new()];
    engine.feed(|feeder| {
        for ((((side, specs), fetchers), (reader, tables)), spec_of_source) in
            [Side::Left, Side::Right]
                .into_iter()
                .zip(specs)
                .zip(fetchers)
                .zip(readers.iter_mut().zip(tables.iter_mut()))
                .zip(spec_of_source.iter_mut())
        {
            let mut sink = BatchSink {
                side,
                source: 0,
                batch: Batch::new(),
                feeder: &mut *feeder,
                tables,
                // The left side's keys are most of the distinct ones.
                bytes: (side == Side::Left).then_some(left_text_bytes).flatten(),
                watch,
            };
            for (i, text) in specs.iter().enumerate() {
                sink.source = u8::try_from(i).expect(
                    "invariant: the callers refuse a side with more than 256 sources (MAX_SOURCES_A_SIDE)",
                );
                let spec = spec_of(text).map_err(ReadFailure::Spec)?;
                let fetcher = fetchers
                    .get(i)
                    .expect("invariant: the callers give one fetcher per spec");
                if let Some(fetcher) = fetcher {
                    reader.use_fetcher(*fetcher);
                }
                let seen = reader.catalog().findings().len();
                let read = reader.read_to(&spec, &mut sink);
                let read_sources = reader.catalog().sources().len();
                spec_of_source.resize(read_sources, i);
                watch.findings(reader.catalog(), seen, side);
                read.map_err(|e| ReadFailure::Source(side, e))?;
                // The source's last records go as its own, before the next source's.
                let batch = std::mem::take(&mut sink.batch);
                sink.send(batch);
            }
        }
        watch.finish();
        Ok(())
    })?;
    let [left_reader, right_reader] = readers;
    let [left_tables, right_tables] = tables;
    let [left_spec_of, right_spec_of] = spec_of_source;
    Ok([
        SideInput {
            specs: specs[0].to_vec(),
            catalog: left_reader.into_catalog(),
            tables: left_tables,
            spec_of_source: left_spec_of,
        },
        SideInput {
            specs: specs[1].to_vec(),
            catalog: right_reader.into_catalog(),
            tables: right_tables,
            spec_of_source: right_spec_of,
        },
    ])
}

/// How many sources one side may have: the join tells them apart by a byte.
pub const MAX_SOURCES_A_SIDE: usize = 256;
