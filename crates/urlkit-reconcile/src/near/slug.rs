//! The last path segment of a URL, decoded and folded, within its parent path.

use unicode_normalization::UnicodeNormalization;
use urlkit::codec::percent_decode;
use urlkit::normalize::{key, Level, Options};

use super::reason::Fold;

/// Slugs longer than this (in characters) get no one-character-edit hints: their deletions
/// would cost more than they find.
const MAX_EDITED_CHARS: usize = 64;

/// A URL's last non-empty path segment and the path before it, as keyed at `loose`.
pub(super) struct Slug {
    /// The loose key up to the slug: the site and the parent path.
    parent: String,
    /// The decoded slug as written.
    raw: String,
    /// `raw` in NFKC and lowercase.
    pub(super) folded: String,
}

impl Slug {
    /// The slug of `url`, when it has a last segment that decodes to UTF-8.
    pub(super) fn of(url: &str) -> Option<Slug> {
        Slug::of_key(&key(url, &Options::new(Level::Loose)).ok()?)
    }

    /// The slug of a URL keyed at `loose` (every switch on).
    pub(super) fn of_key(keyed: &str) -> Option<Slug> {
        let (parent, segment) = split_key(keyed)?;
        let raw = String::from_utf8(percent_decode(segment.as_bytes()).into_owned()).ok()?;
        let folded = fold(&raw);
        Some(Slug {
            parent: parent.to_owned(),
            raw,
            folded,
        })
    }

    /// The site and parent path the slug is under.
    pub(super) fn parent(&self) -> &str {
        &self.parent
    }

    /// Whether the decoded slug holds Latin letters beyond ASCII, the mark of UTF-8 read as
    /// windows-1252 or Latin-1 (`ã‚¤` for `イ`).
    pub(super) fn may_be_mojibake(&self) -> bool {
        self.raw
            .chars()
            .any(|c| ('\u{80}'..='\u{24F}').contains(&c))
    }

    /// The folded slug without WordPress's numbered-duplicate suffix.
    pub(super) fn numbered_base(&self) -> &str {
        numbered_base(&self.folded)
    }

    /// The foldings that make this slug equal to `other`'s, when they are the same page's
    /// slug under the same parent (and not the same slug already).
    pub(super) fn fold_to(&self, other: &Slug) -> Option<Vec<Fold>> {
        if self.parent != other.parent || self.folded != other.folded || self.raw == other.raw {
            return None;
        }
        let (a, b) = (&self.raw, &other.raw);
        let nfc = |s: &str| s.nfc().collect::<String>();
        let lower_nfc = |s: &str| s.nfc().flat_map(char::to_lowercase).collect::<String>();
        Some(if nfc(a) == nfc(b) {
            vec![Fold::Nfc]
        } else if a.nfkc().eq(b.nfkc()) {
            vec![Fold::Width]
        } else if lower_nfc(a) == lower_nfc(b) {
            vec![Fold::Case]
        } else {
            vec![Fold::Width, Fold::Case]
        })
    }
}

/// A loose key split at its last non-empty path segment: (site and parent path, segment).
/// `None` for a key without a path segment (`https://example.com/`).
fn split_key(keyed: &str) -> Option<(&str, &str)> {
    let end = keyed.find(['?', '#']).unwrap_or(keyed.len());
    // The path starts after the authority (`scheme://host`), or at once in a reference
    // without one.
    let start = match keyed.find("://") {
        Some(i) => keyed[i + 3..end].find('/').map_or(end, |j| i + 3 + j),
        None => 0,
    };
    let path = keyed[start..end].trim_end_matches('/');
    let cut = path.rfind('/')?;
    let segment = &path[cut + 1..];
    (!segment.is_empty()).then(|| (&keyed[..start + cut + 1], segment))
}

/// `folded` without WordPress's numbered-duplicate suffix (`-2`, `-3`, …): WordPress numbers a
/// slug that is taken, so `slug-3` is written next to `slug` and `slug-2`.
pub(super) fn numbered_base(folded: &str) -> &str {
    let digits = folded.len() - folded.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    match folded[..folded.len() - digits].strip_suffix('-') {
        Some(base) if digits > 0 && !base.is_empty() => base,
        _ => folded,
    }
}

/// Compatibility-normalized and lowercased: what a reader takes for the same word.
pub(super) fn fold(s: &str) -> String {
    s.nfkc().flat_map(char::to_lowercase).collect()
}

/// Calls `each` with every string made by leaving one character out of `s` (short slugs only).
pub(super) fn deletions(s: &str, scratch: &mut String, mut each: impl FnMut(&str)) {
    if s.chars().count() > MAX_EDITED_CHARS {
        return;
    }
    for (at, c) in s.char_indices() {
        scratch.clear();
        scratch.push_str(&s[..at]);
        scratch.push_str(&s[at + c.len_utf8()..]);
        each(scratch);
    }
}

/// Whether `a` and `b` differ by exactly one inserted, removed or replaced character.
pub(super) fn one_edit(a: &str, b: &str) -> bool {
    if a == b {
        return false;
    }
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (short, long) = if a.len() <= b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    if long.len() - short.len() > 1 {
        return false;
    }
    let prefix = short
        .iter()
        .zip(long.iter())
        .take_while(|(x, y)| x == y)
        .count();
    let rest = if short.len() == long.len() {
        short.len() - prefix - 1
    } else {
        short.len() - prefix
    };
    short[short.len() - rest..] == long[long.len() - rest..]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `one_edit` against the Levenshtein distance, on every pair of short words.
    #[test]
    fn one_edit_is_levenshtein_distance_one() {
        fn distance(a: &[char], b: &[char]) -> usize {
            let mut row: Vec<usize> = (0..=b.len()).collect();
            for (i, ca) in a.iter().enumerate() {
                let mut prev = row[0];
                row[0] = i + 1;
                for (j, cb) in b.iter().enumerate() {
                    let cur = row[j + 1];
                    row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
                    prev = cur;
                }
            }
            row[b.len()]
        }
        let alphabet = ['a', 'b', 'が'];
        let mut words = vec![String::new()];
        for len in 1..=3 {
            let mut next = Vec::new();
            for w in words.iter().filter(|w| w.chars().count() == len - 1) {
                for c in alphabet {
                    next.push(format!("{w}{c}"));
                }
            }
            words.extend(next);
        }
        for a in &words {
            for b in &words {
                let d = distance(
                    &a.chars().collect::<Vec<_>>(),
                    &b.chars().collect::<Vec<_>>(),
                );
                assert_eq!(one_edit(a, b), d == 1, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn numbered_bases() {
        assert_eq!(numbered_base("slug-3"), "slug");
        assert_eq!(numbered_base("slug-12"), "slug");
        assert_eq!(numbered_base("slug"), "slug");
        assert_eq!(numbered_base("-3"), "-3");
        assert_eq!(numbered_base("slug3"), "slug3");
        assert_eq!(numbered_base("slug-"), "slug-");
    }

    #[test]
    fn keys_split_at_the_last_segment() {
        assert_eq!(
            split_key("https://a.example/x/y/"),
            Some(("https://a.example/x/", "y"))
        );
        assert_eq!(
            split_key("https://a.example/y?q#f"),
            Some(("https://a.example/", "y"))
        );
        assert_eq!(split_key("https://a.example/"), None);
        assert_eq!(split_key("https://a.example"), None);
        assert_eq!(split_key("https://a.example?q=/x"), None);
        assert_eq!(split_key("/x/y"), Some(("/x/", "y")));
    }
}
