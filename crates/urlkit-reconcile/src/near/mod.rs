//! Near matches of the leftovers: for an entry that is only on one side, the entries of the
//! other side that are probably the same page spelled differently, each with its reason.
//!
//! A reconciliation at `safe` rightly keeps `https://example.com/運営者情報` apart from
//! `…/運営者情報/`, and `…/ログインできない-3/` apart from `…/ログインできない/`; the operator's
//! next question is whether the missing page is gone or there under another spelling. The
//! hints answer it for the leftovers only (a million of them in seconds: every lookup is an
//! index probe, never a scan of the other side), and every hint is checked on the two URLs
//! themselves before it is given, so an index collision never shows as a hint.
//!
//! ```
//! use urlkit::normalize::{Level, Options};
//! use urlkit_reconcile::near::{Near, Reason};
//!
//! let site = ["https://example.com/運営者情報/", "https://example.com/ログインできない/"];
//! let near = Near::new(&site, &Options::new(Level::Safe));
//! let hints = near.hints("https://example.com/運営者情報", 3);
//! assert_eq!(hints[0].partner, 0);
//! assert_eq!(hints[0].reasons[0].to_string(), "equal at loose (trailing-slash)");
//! let hints = near.hints("https://example.com/ログインできない-3/", 3);
//! assert_eq!((hints[0].partner, &hints[0].reasons[..]), (1, &[Reason::NumberedSlug][..]));
//! ```
//!
//! Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6.2>

mod index;
mod reason;
mod slug;

pub use reason::{Fold, Reason};

use std::collections::HashMap;

use urlkit::charset::repair::{repair, Verdict};
use urlkit::compare::lowest_equal_level;
use urlkit::normalize::{key, Level, Options};

use crate::{Reconciliation, Side};
use index::{Probe, Table};
use slug::{deletions, numbered_base, Slug};

/// One hint: an entry of the other side and why it is probably the same page.
///
/// ```
/// use urlkit::normalize::{Level, Options};
/// use urlkit_reconcile::near::{Fold, Near, Reason};
/// let near = Near::new(&["https://a.example/ﾛｸﾞｲﾝ/"], &Options::new(Level::Safe));
/// let hint = &near.hints("https://a.example/ログイン/", 1)[0];
/// assert_eq!(hint.reasons, [Reason::Folded(Fold::Width)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The index of the partner in the list the [`Near`] index was built from.
    pub partner: usize,
    /// Why, most telling first.
    pub reasons: Vec<Reason>,
}

/// An index of one side's leftovers, asked for the near matches of the other side's.
///
/// ```
/// use urlkit::normalize::{Level, Options};
/// use urlkit_reconcile::near::{Near, Reason};
/// let near = Near::new(&["https://example.com/about-us/"], &Options::new(Level::Safe));
/// assert_eq!(near.hints("https://example.com/about-su/", 3), []);
/// assert_eq!(near.hints("https://example.com/abot-us/", 3)[0].reasons, [Reason::OneEdit]);
/// ```
/// The fewest characters a slug has for a one-character edit of it to be a hint.
pub const MIN_ONE_EDIT_CHARS: usize = 4;

pub struct Near<'a> {
    urls: Vec<&'a str>,
    /// The options of the join: the rungs above its level are the ones worth a hint.
    options: Options,
    /// The keys of each rung above the join's level.
    rungs: Vec<(Level, Table)>,
    /// Every parent path (site and path before the slug) of an indexed entry, numbered.
    parents: HashMap<String, u32, foldhash::fast::FixedState>,
    /// Per entry: its parent's number and its folded slug, when it has a slug.
    slugs: Vec<Option<(u32, Box<str>)>>,
    /// (parent, folded slug).
    folded: Table,
    /// (parent, folded slug without WordPress's `-N`).
    numbered: Table,
    /// (parent, folded slug with one character left out), and the folded slug itself.
    deleted: Table,
}

/// The rungs above `level` at which a hint is worth giving (a join at `loose` has none).
fn rungs_above(level: Level) -> &'static [Level] {
    match level {
        Level::Exact => &[Level::Safe, Level::Normal, Level::Loose],
        Level::Safe => &[Level::Normal, Level::Loose],
        Level::Normal => &[Level::Loose],
        Level::Loose | Level::Whatwg => &[],
    }
}

/// A hint list being filled: each partner once, at most `max`.
struct Found {
    hints: Vec<Hint>,
    max: usize,
}

impl Found {
    fn add(&mut self, partner: u32, reasons: Vec<Reason>) {
        let partner = partner as usize;
        if self.hints.len() < self.max && !self.hints.iter().any(|h| h.partner == partner) {
            self.hints.push(Hint { partner, reasons });
        }
    }
}

impl<'a> Near<'a> {
    /// Indexes `urls` (one side's leftovers) for a join made with `options`.
    pub fn new<S: AsRef<str>>(urls: &'a [S], options: &Options) -> Near<'a> {
        let urls: Vec<&'a str> = urls.iter().map(AsRef::as_ref).collect();
        let mut near = Near {
            options: *options,
            rungs: rungs_above(options.level())
                .iter()
                .map(|&level| (level, Table::with_capacity(urls.len())))
                .collect(),
            parents: HashMap::default(),
            slugs: Vec::with_capacity(urls.len()),
            folded: Table::with_capacity(urls.len()),
            numbered: Table::with_capacity(urls.len()),
            deleted: Table::with_capacity(urls.len() * 8),
            urls,
        };
        let mut scratch = String::new();
        for id in 0..near.urls.len() {
            let url = near.urls[id];
            let id = u32::try_from(id).expect("invariant: fewer than 2^32 leftovers per side");
            let loose = near.rung_keys(url, |table, k| table.push(Probe::text(k), id));
            let slug = loose.as_deref().and_then(Slug::of_key);
            let Some(slug) = slug else {
                near.slugs.push(None);
                continue;
            };
            let next =
                u32::try_from(near.parents.len()).expect("invariant: fewer than 2^32 parents");
            let parent = *near.parents.entry(slug.parent().to_owned()).or_insert(next);
            near.folded.push(Probe::within(parent, &slug.folded), id);
            near.numbered
                .push(Probe::within(parent, slug.numbered_base()), id);
            near.deleted.push(Probe::within(parent, &slug.folded), id);
            deletions(&slug.folded, &mut scratch, |d| {
                near.deleted.push(Probe::within(parent, d), id);
            });
            near.slugs
                .push(Some((parent, slug.folded.into_boxed_str())));
        }
        for (_, table) in &mut near.rungs {
            table.seal();
        }
        near.folded.seal();
        near.numbered.seal();
        near.deleted.seal();
        near
    }

    /// Keys `url` at each rung above the join's, handing each key to `each` with its rung's
    /// table; returns the key at `loose` (every switch on), which the slug is read from.
    fn rung_keys(&mut self, url: &str, mut each: impl FnMut(&mut Table, &str)) -> Option<String> {
        let mut loose = None;
        for (level, table) in &mut self.rungs {
            if let Ok(k) = key(url, &self.options.with_level(*level)) {
                each(table, &k);
                if *level == Level::Loose {
                    loose = Some(k);
                }
            }
        }
        let all_switches = Options::new(Level::Loose);
        match loose {
            Some(k) if self.options.with_level(Level::Loose) == all_switches => Some(k),
            _ => key(url, &all_switches).ok(),
        }
    }

    /// The number of indexed entries.
    pub fn len(&self) -> usize {
        self.urls.len()
    }

    /// Whether nothing is indexed.
    pub fn is_empty(&self) -> bool {
        self.urls.is_empty()
    }

    /// At most `max` hints for `url`, the most telling first: equal at a higher rung, the same
    /// slug once folded (Unicode normalization, width, case), a legacy-charset or mojibake
    /// reading of the same bytes, WordPress's numbered duplicate slug, one character edited.
    ///
    /// # Rationale
    ///
    /// Slug hints stay within one parent path of one site (the key at `loose` without its
    /// last segment): a page of the same name elsewhere is another page, not a respelling.
    /// A reading in another charset is tried only when nothing nearer was found and the slug
    /// is not UTF-8 or holds Latin letters beyond ASCII: it is the costliest question.
    pub fn hints(&self, url: &str, max: usize) -> Vec<Hint> {
        let mut found = Found {
            hints: Vec::new(),
            max,
        };
        let mut loose = None;
        for (level, table) in &self.rungs {
            let Ok(k) = key(url, &self.options.with_level(*level)) else {
                continue;
            };
            for &id in table.get(Probe::text(&k)) {
                if let Some(reason) = self.equal_at(url, id) {
                    found.add(id, vec![reason]);
                }
            }
            if *level == Level::Loose {
                loose = Some(k);
            }
        }
        let all_switches = Options::new(Level::Loose);
        let loose = match loose {
            Some(k) if self.options.with_level(Level::Loose) == all_switches => Some(k),
            _ => key(url, &all_switches).ok(),
        };
        let slug = loose.as_deref().and_then(Slug::of_key);
        let parent = slug
            .as_ref()
            .and_then(|s| self.parents.get(s.parent()).copied());
        if let (Some(slug), Some(parent)) = (&slug, parent) {
            for &id in self.folded.get(Probe::within(parent, &slug.folded)) {
                if let Some(fold) = Slug::of(self.urls[id as usize]).and_then(|p| slug.fold_to(&p))
                {
                    found.add(id, fold.into_iter().map(Reason::Folded).collect());
                }
            }
        }
        if found.hints.is_empty() && slug.as_ref().is_none_or(Slug::may_be_mojibake) {
            self.charset_hints(url, &mut found);
        }
        if let (Some(slug), Some(parent)) = (&slug, parent) {
            self.slug_hints(slug, parent, &mut found);
        }
        found.hints
    }

    /// WordPress's numbered slugs and one-character edits under the same parent (slugs of
    /// at least [`MIN_ONE_EDIT_CHARS`] characters for the edits).
    ///
    /// # Rationale
    ///
    /// The numbered-slug rule is WordPress's own; the edit rule is a guess, so it is kept
    /// to slugs long enough that one character is a small part of them.
    fn slug_hints(&self, slug: &Slug, parent: u32, found: &mut Found) {
        let entry = |id: u32| match &self.slugs[id as usize] {
            Some((p, folded)) if *p == parent && **folded != *slug.folded => Some(&**folded),
            _ => None,
        };
        let base = slug.numbered_base();
        for &id in self.numbered.get(Probe::within(parent, base)) {
            if entry(id).is_some_and(|f| numbered_base(f) == base) {
                found.add(id, vec![Reason::NumberedSlug]);
            }
        }
        // A slug of a few characters edited once is another word as often as a typo (`a`
        // and `c`, `faq` and `fax`): no hint for those.
        let long_enough = |s: &str| s.chars().nth(MIN_ONE_EDIT_CHARS - 1).is_some();
        if !long_enough(&slug.folded) {
            return;
        }
        let mut one_edit = |probe: Probe| {
            for &id in self.deleted.get(probe) {
                if entry(id).is_some_and(|f| long_enough(f) && slug::one_edit(f, &slug.folded)) {
                    found.add(id, vec![Reason::OneEdit]);
                }
            }
        };
        one_edit(Probe::within(parent, &slug.folded));
        let mut scratch = String::new();
        deletions(&slug.folded, &mut scratch, |d| {
            one_edit(Probe::within(parent, d))
        });
    }

    /// The rung and rules at which `url` equals entry `id`, checked on the two URLs.
    fn equal_at(&self, url: &str, id: u32) -> Option<Reason> {
        let other = self.urls[id as usize];
        let loose = self.options.with_level(Level::Loose);
        match lowest_equal_level(url, other, &loose) {
            Ok((Some(level), mut rules)) if level > self.options.level() => {
                // The rules the join applies already are no difference to explain.
                rules.retain(|&r| !self.options.applies(r));
                Some(Reason::EqualAt { level, rules })
            }
            _ => None,
        }
    }

    /// The entries equal to the repaired reading of `url` (a legacy charset or mojibake),
    /// at a rung above the join's or by their folded slug.
    fn charset_hints(&self, url: &str, found: &mut Found) {
        let Ok(repaired) = repair(url) else {
            return;
        };
        let (Verdict::Repaired, Some(charset)) = (repaired.verdict, repaired.charset) else {
            return;
        };
        for (level, table) in &self.rungs {
            let Ok(k) = key(&repaired.output, &self.options.with_level(*level)) else {
                continue;
            };
            for &id in table.get(Probe::text(&k)) {
                let other = self.urls[id as usize];
                if key(other, &self.options.with_level(*level)).is_ok_and(|o| o == k) {
                    found.add(id, vec![Reason::Charset(charset)]);
                }
            }
        }
        let Some(fixed) = Slug::of(&repaired.output) else {
            return;
        };
        let Some(&parent) = self.parents.get(fixed.parent()) else {
            return;
        };
        for &id in self.folded.get(Probe::within(parent, &fixed.folded)) {
            if matches!(&self.slugs[id as usize], Some((p, f)) if *p == parent && **f == *fixed.folded)
            {
                found.add(id, vec![Reason::Charset(charset)]);
            }
        }
    }
}

/// The leftovers of a reconciliation and their hints: for each side, its entries that have
/// no match (in [`Reconciliation::only`] order) and, for each, its hints among the other
/// side's ([`Hint::partner`] indexes the other side's `urls`).
///
/// ```
/// use urlkit::normalize::{Level, Options};
/// use urlkit_reconcile::near::Leftovers;
/// use urlkit_reconcile::{LevelKeyer, Reconciler, Side};
/// let options = Options::new(Level::Safe);
/// let keyer = LevelKeyer::new(options);
/// let mut r = Reconciler::new(&keyer);
/// r.add(Side::Left, "https://example.com/about", ());
/// r.add(Side::Right, "https://example.com/about/", ());
/// let done = r.finish();
/// let left = Leftovers::of(&done, &options, 3);
/// assert_eq!(left.urls[0], ["https://example.com/about"]);
/// let hint = &left.hints[0][0][0];
/// assert_eq!(left.urls[1][hint.partner], "https://example.com/about/");
/// assert_eq!(hint.reasons[0].to_string(), "equal at loose (trailing-slash)");
/// ```
pub struct Leftovers {
    /// Per side (left, right): the entries without a match.
    pub urls: [Vec<String>; 2],
    /// Per side: each entry's hints, at most `max`.
    pub hints: [Vec<Vec<Hint>>; 2],
}

impl Leftovers {
    /// The leftovers of `done`, a reconciliation made with `options`, with at most `max`
    /// hints each.
    pub fn of<M: Send + Sync>(
        done: &Reconciliation<M>,
        options: &Options,
        max: usize,
    ) -> Leftovers {
        let urls = [Side::Left, Side::Right].map(|side| {
            done.only(side)
                .map(|o| o.url().into_owned())
                .collect::<Vec<_>>()
        });
        let hints = [0, 1].map(|s| {
            let other = Near::new(&urls[1 - s], options);
            urls[s].iter().map(|u| other.hints(u, max)).collect()
        });
        Leftovers { urls, hints }
    }
}

#[cfg(test)]
mod tests;
