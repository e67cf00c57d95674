//! What the list-level rules keep while a list is read: per host, a count of each kind of URL
//! and the first URL of it ([`PerHost`]), and the finding placed on that URL
//! ([`ListFinding`]).

use std::ops::Range;

use super::{Context, Diagnostic};

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
    /// Where the URL was: the tag given to [`ListLinter::lint`](super::ListLinter::lint) with it.
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
            diagnostic: info.diagnostic(cx, span, String::new()),
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
fn host_key<'a>(cx: &Context<'a>) -> std::borrow::Cow<'a, str> {
    let host = cx.split.host.as_ref().map_or("", |h| cx.text(h));
    if host.bytes().any(|b| b.is_ascii_uppercase()) {
        std::borrow::Cow::Owned(host.to_ascii_lowercase())
    } else {
        std::borrow::Cow::Borrowed(host)
    }
}
