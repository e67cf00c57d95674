//! Linting a list one URL at a time: each URL's findings as soon as it is read, and the
//! list-level rules' findings at the end, from a summary per host that keeps counts and the
//! first URL of each kind (so memory grows with the hosts of the list, never with its URLs).

use super::context::{Buffers, Context};
use super::rules::{mixed_forms, trailing_slash_mixed};
use super::tally::ListFinding;
use super::{Diagnostic, Selection};

/// Lints a list one URL at a time. [`lint`](ListLinter::lint) returns the URL's own findings
/// at once (the selected per-URL rules, as [`lint`](super::lint) finds them);
/// [`finish`](ListLinter::finish) returns those of the list-level rules (`mixed-forms`,
/// `trailing-slash-mixed`), one per host and kind that is the rarer one, placed on the first
/// URL of that kind. `T` is what the caller needs to say where a URL was (a line number).
///
/// ```
/// use urlkit::lint::{ListLinter, Selection};
/// let sel = Selection::parse(&["trailing-slash-mixed"], &[]).unwrap();
/// let mut list = ListLinter::new(&sel);
/// for (i, url) in ["https://a/x/", "https://a/y/", "https://a/z", "https://b/z"].iter().enumerate() {
///     assert!(list.lint(url, i).is_empty());
/// }
/// let found = list.finish();
/// assert_eq!(found.len(), 1);
/// assert_eq!((found[0].at, found[0].diagnostic.rule), (2, "trailing-slash-mixed"));
/// ```
///
/// # Rationale
///
/// A list rule reports once per host and kind, on the first URL of the kind, with the count:
/// naming every URL of the rarer kind would need the whole list kept until its end (1.8 KB a
/// URL when lint held every URL's reading), and one finding per host says what to change.
pub struct ListLinter<T> {
    selection: Selection,
    /// The lists of the last URL's context, reused for the next one.
    buffers: Option<Buffers>,
    seen: u64,
    mixed_forms: Option<mixed_forms::Summary<T>>,
    trailing_slash: Option<trailing_slash_mixed::Summary<T>>,
}

impl<T: Clone> ListLinter<T> {
    /// A linter of the rules of `selection`.
    pub fn new(selection: &Selection) -> ListLinter<T> {
        ListLinter {
            selection: selection.clone(),
            buffers: Some(Buffers::default()),
            seen: 0,
            mixed_forms: selection
                .contains(&mixed_forms::INFO)
                .then(mixed_forms::Summary::default),
            trailing_slash: selection
                .contains(&trailing_slash_mixed::INFO)
                .then(trailing_slash_mixed::Summary::default),
        }
    }

    /// The findings of the per-URL rules on `input`, which the list rules count too.
    pub fn lint(&mut self, input: &str, at: T) -> Vec<Diagnostic> {
        let cx = Context::new_in(input, self.buffers.take().unwrap_or_default());
        let found = super::lint_context(&cx, &self.selection);
        let seq = self.seen;
        self.seen += 1;
        if let Some(s) = &mut self.mixed_forms {
            s.add(&cx, seq, &at);
        }
        if let Some(s) = &mut self.trailing_slash {
            s.add(&cx, seq, &at);
        }
        self.buffers = Some(cx.into_buffers());
        found
    }

    /// The findings of the list rules, in the order of the URLs they are placed on.
    pub fn finish(self) -> Vec<ListFinding<T>> {
        let mut out: Vec<(u64, ListFinding<T>)> = Vec::new();
        if let Some(s) = self.mixed_forms {
            out.extend(s.finish());
        }
        if let Some(s) = self.trailing_slash {
            out.extend(s.finish());
        }
        out.sort_by_key(|(seq, f)| (*seq, f.diagnostic.code));
        out.into_iter().map(|(_, f)| f).collect()
    }
}
