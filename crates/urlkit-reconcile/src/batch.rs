//! A batch of records to add at once: URLs as ranges of one text, and their metadata.

/// Records to add at once: their URLs as ranges of one string, and their metadata.
///
/// ```
/// use urlkit_reconcile::Batch;
/// let mut b = Batch::new();
/// b.push("https://example.com/a", 1);
/// let c: Batch<u32> = [("https://example.com/b", 2)].into_iter().collect();
/// assert_eq!((b.len(), c.len()), (1, 1));
/// // Records read into a buffer keep it: the URLs are ranges of it, not copies.
/// let mut d = Batch::from_text(" https://example.com/c\nhttps://example.com/d\n".to_string());
/// d.reserve(2);
/// assert!(d.push_range(1..22, 3) && d.push_range(23..44, 4));
/// assert!(!d.push_range(40..50, 5));
/// assert_eq!(d.len(), 2);
/// ```
pub struct Batch<M> {
    pub(crate) text: String,
    pub(crate) spans: Vec<(usize, usize)>,
    pub(crate) metas: Vec<M>,
    /// The number of the source its records come from, on their side (see
    /// [`Batch::with_source`]).
    pub(crate) source: u8,
}

impl<M> Default for Batch<M> {
    fn default() -> Self {
        Batch::new()
    }
}

impl<M> Batch<M> {
    /// An empty batch.
    pub fn new() -> Batch<M> {
        Batch::from_text(String::new())
    }

    /// An empty batch over `text`, whose URLs [`Batch::push_range`] adds.
    pub fn from_text(text: String) -> Batch<M> {
        Batch {
            text,
            spans: Vec::new(),
            metas: Vec::new(),
            source: 0,
        }
    }

    /// The batch, its records marked as read from source number `source` of their side
    /// (0 unless said). A key a side has twice in one source is a duplicate there; a key two
    /// sources of one side both have is an overlap of the sources, counted and listed apart
    /// (`SideCounts::overlap_keys`, `Reconciliation::overlaps`).
    ///
    /// The batches of one source are added one after another, before the next source's:
    /// a record is an overlap when its side's last record of the key came from another
    /// source. A side's sources are told apart by this number alone, so a caller with more
    /// than 256 sources on one side must refuse them or combine some (the CLI refuses).
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options};
    /// use urlkit_reconcile::{Batch, LevelKeyer, Reconciler, Side};
    /// let keyer = LevelKeyer::new(Options::new(Level::Safe));
    /// let mut r = Reconciler::new(&keyer);
    /// let list: Batch<()> = [("https://a.example/x", ()), ("https://a.example/x", ())]
    ///     .into_iter()
    ///     .collect();
    /// r.add_batch(Side::Left, list);
    /// let other: Batch<()> = [("https://a.example/x", ())].into_iter().collect();
    /// r.add_batch(Side::Left, other.with_source(1));
    /// let done = r.finish();
    /// let c = &done.summary().left;
    /// assert_eq!((c.duplicate_records, c.overlap_records, c.overlap_keys), (1, 1, 1));
    /// ```
    pub fn with_source(mut self, source: u8) -> Batch<M> {
        self.source = source;
        self
    }

    /// Adds a record.
    pub fn push(&mut self, url: &str, meta: M) {
        let start = self.text.len();
        self.text.push_str(url);
        self.spans.push((start, self.text.len()));
        self.metas.push(meta);
    }

    /// Makes room for `additional` more records (their metadata and where their URLs are).
    pub fn reserve(&mut self, additional: usize) {
        self.spans.reserve(additional);
        self.metas.reserve(additional);
    }

    /// Adds a record whose URL is `range` of the batch's text; `false` (and nothing added)
    /// when that is not a run of whole characters of it.
    #[must_use]
    pub fn push_range(&mut self, range: std::ops::Range<usize>, meta: M) -> bool {
        if self.text.get(range.clone()).is_none() {
            return false;
        }
        self.spans.push((range.start, range.end));
        self.metas.push(meta);
        true
    }

    /// How many records it holds.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }
}

impl<S: AsRef<str>, M> FromIterator<(S, M)> for Batch<M> {
    fn from_iter<I: IntoIterator<Item = (S, M)>>(iter: I) -> Self {
        let mut b = Batch::new();
        for (url, meta) in iter {
            b.push(url.as_ref(), meta);
        }
        b
    }
}
