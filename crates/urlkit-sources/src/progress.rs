//! What a reader tells about its fetching as it goes, for a progress display.

/// One step of fetching a live source: so many of a collection's items (or of a walk's
/// sitemaps) read so far, out of a total when the server said one.
///
/// ```
/// use urlkit_sources::FetchProgress;
/// let p = FetchProgress { what: "post", unit: "items", done: 200, total: Some(1234) };
/// assert_eq!(p.to_string(), "post: 200 of 1234 items");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FetchProgress<'a> {
    /// What is being read: a WordPress post type or taxonomy (`post`, `page`, ...), or
    /// `sitemaps` for the sitemaps of an index.
    pub what: &'a str,
    /// What `done` counts: `items` or `sitemaps`.
    pub unit: &'static str,
    /// How many were read so far.
    pub done: u64,
    /// How many there are, when known (WordPress's `X-WP-Total`; the children an index
    /// lists, plus the index).
    pub total: Option<u64>,
}

impl std::fmt::Display for FetchProgress<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.total {
            Some(t) => write!(f, "{}: {} of {t} {}", self.what, self.done, self.unit),
            None => write!(f, "{}: {} {}", self.what, self.done, self.unit),
        }
    }
}
