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
        }
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
