//! The URL parsed once for every rule: the components with byte spans of
//! [`crate::uri::split`] (RFC 3986 Appendix B, which never fails), path segments, query
//! parameters, the well-formed escapes, and the WHATWG view on demand.

use std::cell::OnceCell;
use std::ops::Range;

use super::byte_classes::ByteClasses;
use crate::charset::repair::Repair;
use crate::uri::chars::escape_at;
use crate::uri::{split, Component, Place, Split};
use crate::whatwg::Url;

/// One `name=value` pair of the query (split at `&`, then at the first `=`).
///
/// ```
/// use urlkit::lint::Context;
/// let cx = Context::new("http://a/?x=1&flag");
/// let p = &cx.params[1];
/// assert_eq!((cx.text(&p.name), p.value.is_none()), ("flag", true));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// The whole pair.
    pub whole: Range<usize>,
    /// The name.
    pub name: Range<usize>,
    /// The value, after `=`; `None` without `=`.
    pub value: Option<Range<usize>>,
}

/// A well-formed `%XX` escape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Escape {
    /// Where its `%` is.
    pub at: usize,
    /// The byte it spells.
    pub byte: u8,
}

impl Escape {
    /// Its three bytes.
    pub fn span(&self) -> Range<usize> {
        self.at..self.at + 3
    }
}

/// The lists a [`Context`] fills, kept from one URL to the next by a list's linter.
#[derive(Debug, Default)]
pub(crate) struct Buffers {
    segments: Vec<Range<usize>>,
    params: Vec<Param>,
    escapes: Vec<Escape>,
}

/// What every rule reads: the input and its parts.
///
/// ```
/// use urlkit::lint::Context;
/// let cx = Context::new("https://u@例え.jp:8080/a/b?q=1#f");
/// assert_eq!(cx.text(cx.split.host.as_ref().unwrap()), "例え.jp");
/// assert_eq!(cx.segments.len(), 2);
/// assert_eq!(cx.component_at(cx.input.find("q=").unwrap()).to_string(), "query:q");
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#appendix-B>
#[derive(Debug)]
pub struct Context<'a> {
    /// The URL as given.
    pub input: &'a str,
    /// The components, as the generic split of RFC 3986 Appendix B reads them.
    pub split: Split,
    /// The path's segments (between `/`), empty ones included.
    pub segments: Vec<Range<usize>>,
    /// The query's parameters.
    pub params: Vec<Param>,
    /// Every well-formed escape of the input, in order.
    pub escapes: Vec<Escape>,
    classes: ByteClasses,
    whatwg: OnceCell<Option<Url>>,
    repair: OnceCell<Option<Repair>>,
}

impl<'a> Context<'a> {
    /// Parses `input` once.
    ///
    /// ```
    /// use urlkit::lint::Context;
    /// let cx = Context::new("/a%2Fb");
    /// assert_eq!(cx.escapes[0].byte, b'/');
    /// assert!(cx.split.scheme.is_none());
    /// ```
    pub fn new(input: &'a str) -> Context<'a> {
        Context::new_in(input, Buffers::default())
    }

    /// Parses `input` once into the space of `buffers` (cleared), which
    /// [`Context::into_buffers`] gives back for the next URL: a list costs no allocation per
    /// URL for its segments, parameters and escapes.
    pub(crate) fn new_in(input: &'a str, buffers: Buffers) -> Context<'a> {
        let Buffers {
            mut segments,
            mut params,
            mut escapes,
        } = buffers;
        segments.clear();
        params.clear();
        escapes.clear();
        let split = split(input);
        let b = input.as_bytes();
        let path = split.path.clone();
        let mut start = path.start;
        if b.get(start) == Some(&b'/') {
            start += 1;
        }
        if !path.is_empty() {
            // The path is not empty, so it holds `start` (after its leading `/`, if any).
            let from = start;
            for i in memchr::memchr_iter(b'/', &b[from..path.end]) {
                let i = from + i;
                segments.push(start..i);
                start = i + 1;
            }
            segments.push(start..path.end);
        }
        if let Some(q) = &split.query {
            let mut s = q.start;
            for i in q.start..=q.end {
                if i == q.end || b[i] == b'&' {
                    if i > s {
                        let eq = b[s..i].iter().position(|&c| c == b'=').map(|k| s + k);
                        params.push(Param {
                            whole: s..i,
                            name: s..eq.unwrap_or(i),
                            value: eq.map(|e| e + 1..i),
                        });
                    }
                    s = i + 1;
                }
            }
        }
        let classes = ByteClasses::of(b);
        if classes.any(ByteClasses::PERCENT) {
            escapes.extend(
                memchr::memchr_iter(b'%', b)
                    .filter_map(|at| escape_at(b, at).map(|byte| Escape { at, byte })),
            );
        }
        Context {
            input,
            split,
            segments,
            params,
            escapes,
            classes,
            whatwg: OnceCell::new(),
            repair: OnceCell::new(),
        }
    }

    /// The space of the context's lists, for [`Context::new_in`].
    pub(crate) fn into_buffers(self) -> Buffers {
        Buffers {
            segments: self.segments,
            params: self.params,
            escapes: self.escapes,
        }
    }

    /// Which classes of byte the URL holds (what the rules' triggers read).
    pub(crate) fn classes(&self) -> ByteClasses {
        self.classes
    }

    /// The text of `r`.
    ///
    /// ```
    /// use urlkit::lint::Context;
    /// assert_eq!(Context::new("http://h/").text(&(0..4)), "http");
    /// ```
    pub fn text(&self, r: &Range<usize>) -> &'a str {
        self.input
            .get(r.clone())
            .expect("invariant: context ranges fall on character boundaries of the input")
    }

    /// The scheme, lowercased (`""` when there is none).
    pub fn scheme_lower(&self) -> String {
        self.split
            .scheme
            .as_ref()
            .map_or_else(String::new, |r| self.text(r).to_ascii_lowercase())
    }

    /// The browser's reading of the URL (parsed the first time a rule asks), `None` when a
    /// browser rejects it.
    ///
    /// ```
    /// use urlkit::lint::Context;
    /// assert_eq!(Context::new("http://0x7f.1/").whatwg().unwrap().hostname(), "127.0.0.1");
    /// ```
    pub fn whatwg(&self) -> Option<&Url> {
        self.whatwg
            .get_or_init(|| Url::parse(self.input, None).ok())
            .as_ref()
    }

    /// What [`charset::repair`](crate::charset::repair::repair) makes of the URL (computed
    /// the first time a rule asks), `None` when the URL is ASCII and no escape spells a byte
    /// of 0x80 or more (repair has no run to read: raw non-ASCII text can be mojibake,
    /// `é–‹ç™º`) or the URL is not an RFC 3986 reference (other rules say why).
    ///
    /// ```
    /// use urlkit::lint::Context;
    /// let r = Context::new("https://a/?q=%8AO%91%95%95s%97%C7").repair().cloned().unwrap();
    /// assert_eq!(r.charset, Some("Shift_JIS"));
    /// assert!(Context::new("https://a/%41").repair().is_none());
    /// ```
    pub fn repair(&self) -> Option<&Repair> {
        self.repair
            .get_or_init(|| {
                if self.input.is_ascii() && self.escapes.iter().all(|e| e.byte < 0x80) {
                    return None;
                }
                crate::charset::repair::repair(self.input).ok()
            })
            .as_ref()
    }

    /// The escapes inside `r`.
    pub fn escapes_in(&self, r: &Range<usize>) -> &[Escape] {
        let from = self.escapes.partition_point(|e| e.at < r.start);
        let to = self.escapes.partition_point(|e| e.at + 3 <= r.end);
        &self.escapes[from..to.max(from)]
    }

    /// The part of the URL that holds byte `offset`: a component, the query parameter (found
    /// by binary search: parameters are in order), or the whole URL past the end.
    pub fn component_at(&self, offset: usize) -> Place {
        let holding = Component::ALL
            .into_iter()
            .find(|&c| self.split.span(c).is_some_and(|r| r.contains(&offset)));
        match holding {
            Some(Component::Query) => {
                let at = self.params.partition_point(|p| p.whole.end <= offset);
                match self.params.get(at) {
                    Some(p) if p.whole.contains(&offset) => {
                        Place::Param(self.text(&p.name).to_owned())
                    }
                    _ => Place::In(Component::Query),
                }
            }
            Some(c) => Place::In(c),
            None => Place::Url,
        }
    }

    /// The ranges of the components whose bytes are percent-decoded one by one by servers
    /// (path segments, query names and values, the fragment), in order.
    pub fn decoded_units(&self) -> Vec<Range<usize>> {
        let mut out: Vec<Range<usize>> = self.segments.clone();
        for p in &self.params {
            out.push(p.name.clone());
            if let Some(v) = &p.value {
                out.push(v.clone());
            }
        }
        if let Some(f) = &self.split.fragment {
            out.push(f.clone());
        }
        out
    }
}
