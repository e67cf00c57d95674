//! Records handed out a block at a time: the lines of a text source share the buffer they were
//! read into, so a million URLs cost no allocation each.

use std::ops::Range;

use crate::record::{Position, Record, SourceId};

/// One record of a [`LineBlock`]: where its URL is in the block's text, and its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineRecord {
    /// The URL's byte range in [`LineBlock::text`] (on character boundaries).
    pub url: Range<usize>,
    /// Its 1-based line in the source.
    pub line: u64,
}

/// Records of one plain-text source that share a buffer: the text read (whole lines) and where
/// each URL is in it.
///
/// ```
/// use urlkit_sources::{LineBlock, LineRecord, SourceId};
/// let block = LineBlock::new(
///     SourceId(0),
///     " https://example.com/a\n".into(),
///     vec![LineRecord { url: 1..22, line: 7 }],
/// );
/// let r = block.records().next().unwrap();
/// assert_eq!((r.url.as_str(), r.position.to_string()), ("https://example.com/a", "line 7".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineBlock {
    source: SourceId,
    text: String,
    records: Vec<LineRecord>,
}

impl LineBlock {
    /// A block of `source`'s records, whose URLs are ranges of `text`.
    ///
    /// # Panics
    ///
    /// When a range is not on character boundaries of `text` (the readers make blocks whose
    /// ranges are; a block made otherwise is a bug, which this catches at once).
    pub fn new(source: SourceId, text: String, records: Vec<LineRecord>) -> LineBlock {
        assert!(
            records.iter().all(|r| text.get(r.url.clone()).is_some()),
            "invariant: a LineBlock's ranges are on character boundaries of its text"
        );
        LineBlock {
            source,
            text,
            records,
        }
    }

    /// The source the records came from.
    pub fn source(&self) -> SourceId {
        self.source
    }

    /// The text the records point into.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// How many records it holds.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Each record as an owned [`Record`] (what [`RecordSink::lines`] does by default).
    pub fn records(&self) -> impl Iterator<Item = Record> + '_ {
        self.records.iter().map(|r| Record {
            url: self
                .text
                .get(r.url.clone())
                .expect("invariant: a LineBlock's ranges are on character boundaries of its text")
                .to_owned(),
            source: self.source,
            position: Position::Line(r.line),
            kind: None,
            extra: Vec::new(),
        })
    }

    /// The text and the records, to keep the text without copying it.
    pub fn into_parts(self) -> (String, Vec<LineRecord>) {
        (self.text, self.records)
    }
}

/// Where a [`crate::Reader`] puts what it reads: records one by one, and the lines of text
/// sources a block at a time (by default, one by one too).
///
/// ```
/// use urlkit_sources::{LineBlock, Reader, Record, RecordSink, SourceSpec};
/// struct Count(usize);
/// impl RecordSink for Count {
///     fn record(&mut self, _: Record) { self.0 += 1; }
///     fn lines(&mut self, block: LineBlock) { self.0 += block.len(); }
/// }
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("list.txt");
/// std::fs::write(&path, "https://example.com/a\n# a comment\nhttps://example.com/b\n").unwrap();
/// let mut count = Count(0);
/// Reader::new().read_to(&SourceSpec::parse(path.to_str().unwrap()).unwrap(), &mut count).unwrap();
/// assert_eq!(count.0, 2);
/// ```
pub trait RecordSink {
    /// One record.
    fn record(&mut self, record: Record);

    /// The records of a block of lines, in order.
    fn lines(&mut self, block: LineBlock) {
        for r in block.records() {
            self.record(r);
        }
    }

    /// A buffer to read the next block into (what it holds does not matter: it is
    /// overwritten): one given back by whoever consumed an earlier block's text
    /// ([`LineBlock::into_parts`]), so that reading does not touch fresh memory for every
    /// block. By default a new one.
    fn spare(&mut self) -> Vec<u8> {
        Vec::new()
    }
}

/// A closure as a sink.
pub(crate) struct FnSink<'a>(pub(crate) &'a mut dyn FnMut(Record));

impl RecordSink for FnSink<'_> {
    fn record(&mut self, record: Record) {
        (self.0)(record);
    }
}
