//! Linting a list one URL at a time: each URL's findings as soon as it is read, and the
//! list-level rules' findings at the end, from a summary per host that keeps counts and the
//! first URL of each kind (so memory grows with the hosts of the list, never with its URLs).

use std::ops::Range;

use super::context::{Buffers, Context};
use super::rules::{self, mixed_forms, trailing_slash_mixed};
use super::{Diagnostic, Selection};

/// A finding of a list-level rule: placed on the first URL of the kind it names.
///
/// ```
/// use urlkit::lint::{ListLinter, Selection};
/// let mut list = ListLinter::new(&Selection::default());
/// for (line, url) in ["https://a/%E6%97%A5", "https://a/%e6%9c%ac", "https://a/%E8%AA%9E"].iter().enumerate() {
///     list.lint(url, line + 1);
/// }
/// let found = list.finish();
/// assert_eq!((found[0].at, found[0].url.as_str()), (2, "https://a/%e6%9c%ac"));
/// assert_eq!(found[0].diagnostic.rule, "mixed-forms");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ListFinding<T> {
    /// Where the URL was: the tag given to [`ListLinter::lint`] with it.
    pub at: T,
    /// The URL.
    pub url: String,
    /// The finding, its span in `url`.
    pub diagnostic: Diagnostic,
}

/// The first URL of one kind seen in a list, with the finding it will carry if its kind is
/// the rarer one (its message is written at the end, when the counts are known).
#[derive(Debug)]
pub(crate) struct First<T> {
    /// Its place among the URLs linted (findings come out in this order).
    pub(crate) seq: u64,
    pub(crate) at: T,
    pub(crate) url: String,
    pub(crate) diagnostic: Diagnostic,
}

impl<T> First<T> {
    /// The first URL of a kind: `cx` at `span`, by rule `info`.
    pub(crate) fn new(
        info: &'static super::RuleInfo,
        cx: &Context<'_>,
        span: Range<usize>,
        (seq, at): (u64, T),
    ) -> First<T> {
        First {
            seq,
            at,
            url: cx.input.to_owned(),
            diagnostic: rules::diag(info, cx, span, String::new()),
        }
    }

    /// The finding, with its message.
    pub(crate) fn finding(self, message: String) -> (u64, ListFinding<T>) {
        let mut diagnostic = self.diagnostic;
        diagnostic.message = message;
        (
            self.seq,
            ListFinding {
                at: self.at,
                url: self.url,
                diagnostic,
            },
        )
    }
}

/// How many URLs of a host are of one kind, and the first of them.
#[derive(Debug)]
pub(crate) struct Tally<T> {
    pub(crate) count: usize,
    pub(crate) first: Option<First<T>>,
}

impl<T> Default for Tally<T> {
    fn default() -> Tally<T> {
        Tally {
            count: 0,
            first: None,
        }
    }
}

impl<T> Tally<T> {
    /// Counts one more URL; `first` makes the record of the first one only.
    pub(crate) fn add(&mut self, first: impl FnOnce() -> First<T>) {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some(first());
        }
    }
}

/// A list rule's tallies per host: `N` kinds counted (the forms of `mixed-forms`, with and
/// without `/` for `trailing-slash-mixed`), each with its first URL. Memory grows with the
/// hosts, not the URLs.
pub(crate) struct PerHost<T, const N: usize> {
    hosts: std::collections::HashMap<String, [Tally<T>; N]>,
}

impl<T, const N: usize> Default for PerHost<T, N> {
    fn default() -> PerHost<T, N> {
        PerHost {
            hosts: std::collections::HashMap::new(),
        }
    }
}

impl<T, const N: usize> PerHost<T, N> {
    /// The tallies of `cx`'s host ([`host_key`]), made empty on its first URL: the host's
    /// text is copied once per host, not per URL.
    pub(crate) fn of(&mut self, cx: &Context<'_>) -> &mut [Tally<T>; N] {
        let host = host_key(cx);
        if !self.hosts.contains_key(host.as_ref()) {
            self.hosts.insert(
                host.clone().into_owned(),
                std::array::from_fn(|_| Tally::default()),
            );
        }
        self.hosts
            .get_mut(host.as_ref())
            .expect("invariant: the host's tallies were just made")
    }
}

impl<T, const N: usize> IntoIterator for PerHost<T, N> {
    type Item = (String, [Tally<T>; N]);
    type IntoIter = std::collections::hash_map::IntoIter<String, [Tally<T>; N]>;

    /// The hosts in no particular order (the findings are placed by their URL's position).
    fn into_iter(self) -> Self::IntoIter {
        self.hosts.into_iter()
    }
}

/// The host of `cx` as the list rules group URLs (ASCII-lowercased; `""` without a host),
/// allocated only when it is not lowercase already.
pub(crate) fn host_key<'a>(cx: &Context<'a>) -> std::borrow::Cow<'a, str> {
    let host = cx.split.host.as_ref().map_or("", |h| cx.text(h));
    if host.bytes().any(|b| b.is_ascii_uppercase()) {
        std::borrow::Cow::Owned(host.to_ascii_lowercase())
    } else {
        std::borrow::Cow::Borrowed(host)
    }
}

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
