//! Where each record of a side came from, packed small: a million origins are kept.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::Arc;

use urlkit_sources::Position;

/// Where a record came from, in 12 bytes since a million of them may be kept (next to a URL
/// span an occurrence packs into 24 bytes): its source (in its side's catalog) and its line,
/// or, for a record that also has a JSON pointer or a type, the number of its place in
/// the side's tables. The source is kept plus one, never zero, so that an occurrence that may
/// be absent needs no tag of its own; its top bit says which of the two `at` holds.
#[derive(Clone, Copy, Debug)]
pub struct Meta {
    source: NonZeroU32,
    /// The line, or the place's number (low and high 32 bits: the struct stays 4-byte
    /// aligned).
    at: [u32; 2],
}

/// The top bit of [`Meta::source`]: `at` numbers a [`Place`].
const PLACED: u32 = 1 << 31;

impl Meta {
    /// A record of `source` at `line` (1-based; 0: none), with no type or pointer.
    pub(crate) fn at_line(source: u32, line: u64) -> Meta {
        Meta::new(source & !PLACED, line)
    }

    pub(crate) fn new(source: u32, at: u64) -> Meta {
        Meta {
            source: NonZeroU32::MIN.saturating_add(source),
            at: [at as u32, (at >> 32) as u32],
        }
    }

    /// The source's number in its side's catalog.
    pub fn source(&self) -> u32 {
        (self.source.get() - 1) & !PLACED
    }

    pub(crate) fn at(&self) -> u64 {
        u64::from(self.at[0]) | (u64::from(self.at[1]) << 32)
    }

    /// The number of its place, when it has one.
    pub(crate) fn place(&self) -> Option<usize> {
        ((self.source.get() - 1) & PLACED != 0).then(|| self.at() as usize)
    }
}

/// The origin of a record that has a type or a JSON pointer.
pub(crate) struct Place {
    line: u64,
    kind: Option<u32>,
    pointer: Option<u32>,
    /// Its extra fields, in [`Tables::extras`].
    extra: Option<u32>,
}

/// A record's extra fields: each field's number in [`Tables::fields`], and its value, by
/// field number (so that [`Tables::extra`] finds one by binary search).
pub(crate) type Extra = Box<[(u32, Box<str>)]>;

/// The tables `Meta` indexes into, built while reading one side.
#[derive(Default)]
pub struct Tables {
    pub(crate) kinds: Vec<Arc<str>>,
    /// Where each type is in `kinds` (a source may have 100,000 of them).
    pub(crate) kind_ids: HashMap<Arc<str>, u32>,
    pub(crate) pointers: Vec<String>,
    pub(crate) places: Vec<Place>,
    /// The column of each place that has one (a sitemap's `<loc>`), by place number in
    /// increasing order: only sitemaps have them, so the other places pay nothing.
    pub(crate) columns: Vec<(usize, u64)>,
    /// The names of the extra fields the side's sources gave (a CSV's other columns, a
    /// WordPress title, a sitemap's lastmod), in order of first sight.
    pub(crate) fields: Vec<Arc<str>>,
    /// Where each name is in `fields` (a CSV may have a million columns: issue 24, item 5).
    pub(crate) field_ids: HashMap<Arc<str>, u32>,
    pub(crate) extras: Vec<Extra>,
}

impl Tables {
    /// The compact form of a record's origin.
    pub(crate) fn meta(
        &mut self,
        source: u32,
        position: Position,
        kind: Option<Arc<str>>,
        extra: Vec<(Arc<str>, String)>,
    ) -> Meta {
        let kind = kind.map(|k| match self.kind_ids.get(&k) {
            Some(&i) => i,
            None => {
                let i = u32::try_from(self.kinds.len())
                    .expect("invariant: fewer than 2^32 types (each is a distinct record field)");
                self.kinds.push(k.clone());
                self.kind_ids.insert(k, i);
                i
            }
        });
        let (line, pointer, column) = match position {
            Position::Line(n) => (n, None, None),
            Position::Pointer(p) => (0, Some(p), None),
            Position::LinePointer(n, p) => (n, Some(p), None),
            // Lists in memory are Python's; the CLI reads files and streams.
            Position::Item(i) => (i + 1, None, None),
            Position::LineColumn(n, c) => (n, None, Some(c)),
        };
        let pointer = pointer.map(|p| {
            self.pointers.push(p);
            (self.pointers.len() - 1) as u32
        });
        let extra = (!extra.is_empty()).then(|| {
            let mut fields: Vec<(u32, Box<str>)> = extra
                .into_iter()
                .map(|(name, value)| (self.field(name), value.into_boxed_str()))
                .collect();
            // Stable: a name given twice keeps its first value first, as the search found it.
            fields.sort_by_key(|(f, _)| *f);
            self.extras.push(fields.into_boxed_slice());
            u32::try_from(self.extras.len() - 1)
                .expect("invariant: fewer than 2^32 records with extra fields on one side")
        });
        if kind.is_none() && pointer.is_none() && extra.is_none() && column.is_none() {
            return Meta::at_line(source, line);
        }
        if let Some(c) = column {
            self.columns.push((self.places.len(), c));
        }
        self.places.push(Place {
            line,
            kind,
            pointer,
            extra,
        });
        Meta::new(source | PLACED, (self.places.len() - 1) as u64)
    }

    /// The number of the extra field `name`.
    pub(crate) fn field(&mut self, name: Arc<str>) -> u32 {
        if let Some(&i) = self.field_ids.get(&name) {
            return i;
        }
        let i = u32::try_from(self.fields.len())
            .expect("invariant: fewer than 2^32 field names (each is a distinct column)");
        self.fields.push(name.clone());
        self.field_ids.insert(name, i);
        i
    }

    /// The value of the extra field numbered `field` of the record, when its source gave one.
    pub(crate) fn extra(&self, meta: &Meta, field: usize) -> Option<&str> {
        let extra = self.place(meta.place()?).extra?;
        let fields = self
            .extras
            .get(extra as usize)
            .expect("invariant: a place numbers extra fields of its tables");
        // The first of the field's values (a header may name a column twice).
        let at = fields.partition_point(|(f, _)| (*f as usize) < field);
        fields
            .get(at)
            .filter(|(f, _)| *f as usize == field)
            .map(|(_, v)| &**v)
    }

    /// The record's 1-based line (0: none).
    pub(crate) fn line(&self, meta: &Meta) -> u64 {
        match meta.place() {
            None => meta.at(),
            Some(i) => self.place(i).line,
        }
    }

    /// The record's 1-based column on its line, when its source gives one.
    pub(crate) fn column(&self, meta: &Meta) -> Option<u64> {
        let i = meta.place()?;
        let at = self.columns.partition_point(|(p, _)| *p < i);
        self.columns
            .get(at)
            .filter(|(p, _)| *p == i)
            .map(|(_, c)| *c)
    }

    /// The place numbered `i`.
    pub(crate) fn place(&self, i: usize) -> &Place {
        self.places
            .get(i)
            .expect("invariant: a Meta numbers a place of the tables that made it")
    }

    /// The record's content type, when its source said.
    pub(crate) fn kind(&self, meta: &Meta) -> Option<&str> {
        let kind = self.place(meta.place()?).kind?;
        Some(
            self.kinds
                .get(kind as usize)
                .expect("invariant: a place numbers a type of its tables"),
        )
    }

    /// The record's JSON pointer, when it has one.
    pub(crate) fn pointer(&self, meta: &Meta) -> Option<&str> {
        let pointer = self.place(meta.place()?).pointer?;
        Some(
            self.pointers
                .get(pointer as usize)
                .expect("invariant: a place numbers a pointer of its tables"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_origin_is_twelve_bytes() {
        assert_eq!(std::mem::size_of::<Meta>(), 12);
        assert_eq!(std::mem::size_of::<Option<Meta>>(), 12);
    }

    #[test]
    fn origins_come_back_as_they_were_given() {
        let mut t = Tables::default();
        let big = (1u64 << 40) + 7;
        let line = t.meta(3, Position::Line(big), None, Vec::new());
        let typed = t.meta(4, Position::Line(9), Some(Arc::from("page")), Vec::new());
        let pointed = t.meta(5, Position::Pointer("/0/link".into()), None, Vec::new());
        let both = t.meta(
            6,
            Position::LinePointer(2, "/url".into()),
            Some(Arc::from("post")),
            Vec::new(),
        );
        let got = |m: &Meta| (m.source(), t.line(m), t.kind(m), t.pointer(m));
        assert_eq!(got(&line), (3, big, None, None));
        assert_eq!(got(&typed), (4, 9, Some("page"), None));
        assert_eq!(got(&pointed), (5, 0, None, Some("/0/link")));
        assert_eq!(got(&both), (6, 2, Some("post"), Some("/url")));
        // Only the records with a type or a pointer take a place in the tables.
        assert_eq!(t.places.len(), 3);
    }

    #[test]
    fn extra_fields_come_back_by_name() {
        let mut t = Tables::default();
        let field = |n: &str, v: &str| (Arc::from(n), v.to_owned());
        let a = t.meta(
            0,
            Position::Line(2),
            None,
            vec![field("title", "A"), field("lastmod", "2024-01-01")],
        );
        let b = t.meta(0, Position::Line(3), None, vec![field("lastmod", "2025")]);
        let plain = t.meta(0, Position::Line(4), None, Vec::new());
        assert_eq!(t.fields, [Arc::from("title"), Arc::from("lastmod")]);
        assert_eq!(
            (t.extra(&a, 0), t.extra(&a, 1)),
            (Some("A"), Some("2024-01-01"))
        );
        assert_eq!((t.extra(&b, 0), t.extra(&b, 1)), (None, Some("2025")));
        assert_eq!((t.extra(&plain, 0), t.line(&plain)), (None, 4));
    }
}
