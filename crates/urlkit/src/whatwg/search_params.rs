//! [`UrlSearchParams`]: the `URLSearchParams` list of name-value pairs, on the form codec.

use std::cmp::Ordering;
use std::fmt;

use crate::codec::form;

use super::Url;

/// An ordered list of name-value pairs parsed from, and serialized as,
/// application/x-www-form-urlencoded: JavaScript's `URLSearchParams`.
///
/// Parsing and serializing are [`crate::codec::form::parse`] and
/// [`crate::codec::form::serialize`]; this type only keeps the list and its operations.
///
/// ```
/// use urlkit::whatwg::UrlSearchParams;
/// let mut params = UrlSearchParams::parse("?q=%E6%9D%B1%E4%BA%AC+%E9%A7%85&b=2&a=1");
/// assert_eq!(params.get("q"), Some("東京 駅"));
/// params.append("a", "0");
/// params.sort();
/// assert_eq!(params.to_string(), "a=1&a=0&b=2&q=%E6%9D%B1%E4%BA%AC+%E9%A7%85");
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#interface-urlsearchparams>
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlSearchParams {
    list: Vec<(String, String)>,
}

impl UrlSearchParams {
    /// An empty list: `new URLSearchParams()`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// assert!(UrlSearchParams::new().is_empty());
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams>
    pub fn new() -> UrlSearchParams {
        UrlSearchParams::default()
    }

    /// Parses a query string, without or with its leading `?`: `new URLSearchParams(init)`
    /// with a string.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// assert_eq!(UrlSearchParams::parse("?a=1&b").len(), 2);
    /// assert_eq!(UrlSearchParams::parse("a=1&b"), UrlSearchParams::parse("?a=1&b"));
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams>
    pub fn parse(init: &str) -> UrlSearchParams {
        let query = init.strip_prefix('?').unwrap_or(init);
        UrlSearchParams {
            list: form::parse(query.as_bytes()),
        }
    }

    /// A list from name-value pairs, in order: `new URLSearchParams([[name, value], ...])`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// let p = UrlSearchParams::from_pairs([("a", "1"), ("a", "2")]);
    /// assert_eq!(p.to_string(), "a=1&a=2");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams>
    pub fn from_pairs<I, N, V>(pairs: I) -> UrlSearchParams
    where
        I: IntoIterator<Item = (N, V)>,
        N: Into<String>,
        V: Into<String>,
    {
        UrlSearchParams {
            list: pairs
                .into_iter()
                .map(|(n, v)| (n.into(), v.into()))
                .collect(),
        }
    }

    /// The list of a URL's query: `url.searchParams`.
    ///
    /// ```
    /// use urlkit::whatwg::{Url, UrlSearchParams};
    /// let url = Url::parse("https://h/?a=1&a=2", None).unwrap();
    /// assert_eq!(UrlSearchParams::of_url(&url).get_all("a"), ["1", "2"]);
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-url-searchparams>
    pub fn of_url(url: &Url) -> UrlSearchParams {
        UrlSearchParams::parse(url.search())
    }

    /// Writes the list back as `url`'s query (no query at all when the list is empty): what a
    /// change to `url.searchParams` does to the URL.
    ///
    /// ```
    /// use urlkit::whatwg::{Url, UrlSearchParams};
    /// let mut url = Url::parse("https://h/?b=2&a=1", None).unwrap();
    /// let mut params = UrlSearchParams::of_url(&url);
    /// params.sort();
    /// params.apply_to(&mut url);
    /// assert_eq!(url.href(), "https://h/?a=1&b=2");
    /// params.delete("a");
    /// params.delete("b");
    /// params.apply_to(&mut url);
    /// assert_eq!(url.href(), "https://h/");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#concept-urlsearchparams-update>
    pub fn apply_to(&self, url: &mut Url) {
        // The serialization only holds code points the query set leaves alone, so the search
        // setter stores it as it is; an empty one removes the query, as the update steps say.
        url.set_search(&self.to_string());
    }

    /// The number of pairs: `size`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// assert_eq!(UrlSearchParams::parse("a&a&b").len(), 3);
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-size>
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the list has no pair.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// assert!(UrlSearchParams::parse("&&").is_empty());
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-size>
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Adds a pair at the end: `append(name, value)`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// let mut p = UrlSearchParams::new();
    /// p.append("a b", "&");
    /// assert_eq!(p.to_string(), "a+b=%26");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-append>
    pub fn append(&mut self, name: &str, value: &str) {
        self.list.push((name.to_owned(), value.to_owned()));
    }

    /// Removes every pair named `name`: `delete(name)`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// let mut p = UrlSearchParams::parse("a=1&b=2&a=3");
    /// p.delete("a");
    /// assert_eq!(p.to_string(), "b=2");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-delete>
    pub fn delete(&mut self, name: &str) {
        self.list.retain(|(n, _)| n != name);
    }

    /// Removes every pair named `name` whose value is `value`: `delete(name, value)`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// let mut p = UrlSearchParams::parse("a=1&b=2&a=3");
    /// p.delete_value("a", "1");
    /// assert_eq!(p.to_string(), "b=2&a=3");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-delete>
    pub fn delete_value(&mut self, name: &str, value: &str) {
        self.list.retain(|(n, v)| n != name || v != value);
    }

    /// The value of the first pair named `name`: `get(name)`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// let p = UrlSearchParams::parse("a=1&a=2");
    /// assert_eq!(p.get("a"), Some("1"));
    /// assert_eq!(p.get("b"), None);
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-get>
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The values of all pairs named `name`, in order: `getAll(name)`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// assert_eq!(UrlSearchParams::parse("a=1&b=0&a=2").get_all("a"), ["1", "2"]);
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-getall>
    pub fn get_all(&self, name: &str) -> Vec<&str> {
        self.list
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// Whether a pair is named `name`: `has(name)`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// assert!(UrlSearchParams::parse("a").has("a"));
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-has>
    pub fn has(&self, name: &str) -> bool {
        self.list.iter().any(|(n, _)| n == name)
    }

    /// Whether a pair is named `name` with value `value`: `has(name, value)`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// let p = UrlSearchParams::parse("a=1");
    /// assert!(p.has_value("a", "1"));
    /// assert!(!p.has_value("a", "2"));
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-has>
    pub fn has_value(&self, name: &str, value: &str) -> bool {
        self.list.iter().any(|(n, v)| n == name && v == value)
    }

    /// Sets the first pair named `name` to `value` and removes the others named so, or
    /// appends the pair when there is none: `set(name, value)`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// let mut p = UrlSearchParams::parse("a=1&b=2&a=3");
    /// p.set("a", "9");
    /// assert_eq!(p.to_string(), "a=9&b=2");
    /// p.set("c", "");
    /// assert_eq!(p.to_string(), "a=9&b=2&c=");
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-set>
    pub fn set(&mut self, name: &str, value: &str) {
        match self.list.iter().position(|(n, _)| n == name) {
            Some(first) => {
                value.clone_into(&mut self.list[first].1);
                let mut i = 0;
                self.list.retain(|(n, _)| {
                    let keep = i <= first || n != name;
                    i += 1;
                    keep
                });
            }
            None => self.append(name, value),
        }
    }

    /// Sorts the pairs by name, stably, comparing names as UTF-16 code units: `sort()`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// // U+FFFD sorts after U+1F600 in UTF-16 (0xFFFD > 0xD83D), unlike in UTF-8.
    /// let mut p = UrlSearchParams::parse("%EF%BF%BD=1&%F0%9F%98%80=2&a=3&a=0");
    /// p.sort();
    /// assert_eq!(p.to_string(), "a=3&a=0&%F0%9F%98%80=2&%EF%BF%BD=1");
    /// ```
    ///
    /// # Rationale
    ///
    /// The standard sorts by code units because JavaScript strings are UTF-16;
    /// comparing Rust's UTF-8 bytes would order astral characters differently.
    ///
    /// Spec: <https://url.spec.whatwg.org/#dom-urlsearchparams-sort>
    pub fn sort(&mut self) {
        self.list.sort_by(|(a, _), (b, _)| utf16_cmp(a, b));
    }

    /// The pairs, in order: iteration, `entries()`.
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// let p = UrlSearchParams::parse("a=1&b=2");
    /// let names: Vec<&str> = p.iter().map(|(n, _)| n).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// ```
    ///
    /// Spec: <https://url.spec.whatwg.org/#interface-urlsearchparams>
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.list.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The pair at `index`, if any (what a live iterator reads next).
    ///
    /// ```
    /// use urlkit::whatwg::UrlSearchParams;
    /// assert_eq!(UrlSearchParams::parse("a=1").entry(0), Some(("a", "1")));
    /// assert_eq!(UrlSearchParams::parse("a=1").entry(1), None);
    /// ```
    ///
    /// Spec: <https://webidl.spec.whatwg.org/#dfn-value-pairs-to-iterate-over>
    pub fn entry(&self, index: usize) -> Option<(&str, &str)> {
        self.list.get(index).map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

fn utf16_cmp(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

impl fmt::Display for UrlSearchParams {
    /// The application/x-www-form-urlencoded serialization: `toString()`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&form::serialize(
            self.list.iter().map(|(n, v)| (n.as_str(), v.as_str())),
        ))
    }
}

impl<N: Into<String>, V: Into<String>> FromIterator<(N, V)> for UrlSearchParams {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> Self {
        UrlSearchParams::from_pairs(iter)
    }
}
