//! What the engine needs from the comparison ladder: a key per URL and an explanation per pair.

use std::fmt;

use urlkit::compare::lowest_equal_level;
use urlkit::normalize::{Keys, Level, NormalizeError, NormalizeErrorKind, Options};

use crate::rules::{MatchRule, MatchRules};

/// The comparison key of a URL at one level, and the rules that explain why two URLs with the
/// same key are equal.
///
/// Two URLs match iff their keys are equal (DESIGN §4: "two URLs are equal at that level iff
/// their keys are equal, so keys can be computed once and joined in bulk"). The engine keys
/// each record with the thread's [`Keyer::keys`] (or [`Keyer::key_into`] for a keyer without
/// one), from several threads when asked to
/// ([`crate::Reconciler::threads`]), and [`Keyer::rules`] once per matched pair whose
/// first occurrences are not byte-identical.
///
/// ```
/// use urlkit_reconcile::{Keyer, KeyError, MatchRules};
/// struct Exact;
/// impl Keyer for Exact {
///     fn key_into(&self, url: &str, out: &mut String) -> Result<(), KeyError> {
///         out.push_str(url);
///         Ok(())
///     }
///     fn rules(&self, _: &str, _: &str, _: &mut MatchRules) {}
/// }
/// let mut key = String::new();
/// Exact.key_into("https://example.com/", &mut key).unwrap();
/// assert_eq!(key, "https://example.com/");
/// ```
pub trait Keyer: Sync {
    /// Appends the key of `url` to `out` (which the engine passes empty).
    fn key_into(&self, url: &str, out: &mut String) -> Result<(), KeyError>;

    /// The keying object that writes the same keys as [`Keyer::key_into`], for a keyer of a
    /// level of the ladder: the engine keeps one per thread (with its scratch space) and
    /// calls [`Keys::key_append`] instead. The default has none.
    fn keys(&self) -> Option<Keys> {
        None
    }

    /// Adds to `out` (which the engine passes empty) the rules that make `left` and `right`
    /// equal; both have the same key and are not byte-identical.
    fn rules(&self, left: &str, right: &str, out: &mut MatchRules);
}

/// Why a URL has no key at the chosen level (it does not parse, or its escapes are malformed):
/// the normalizer's kind and a byte offset into the URL; the message is the kind's.
///
/// ```
/// use urlkit::normalize::NormalizeErrorKind;
/// use urlkit::uri::ParseErrorKind;
/// use urlkit_reconcile::KeyError;
/// let e = KeyError::new(NormalizeErrorKind::Parse(ParseErrorKind::MalformedEscape), 3);
/// assert_eq!((e.kind().name(), e.offset()), ("malformed-escape", 3));
/// assert_eq!(e.message(), "'%' must be followed by two hex digits");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyError {
    kind: NormalizeErrorKind,
    offset: usize,
}

impl KeyError {
    /// An error of `kind` at byte `offset` of the URL.
    pub const fn new(kind: NormalizeErrorKind, offset: usize) -> KeyError {
        KeyError { kind, offset }
    }

    /// What is wrong with the URL.
    pub const fn kind(&self) -> NormalizeErrorKind {
        self.kind
    }

    /// Byte offset in the URL.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// Human-readable message, without location.
    pub const fn message(&self) -> &'static str {
        self.kind.message()
    }
}

impl From<NormalizeError> for KeyError {
    fn from(e: NormalizeError) -> KeyError {
        KeyError::new(e.kind(), e.offset())
    }
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (byte {})", self.message(), self.offset)
    }
}

impl std::error::Error for KeyError {}

/// The keyer of a level of the comparison ladder: keys from [`urlkit::normalize::Keys`],
/// rules as [`urlkit::compare::compare`] gives them. This is what `urlkit reconcile` uses.
///
/// ```
/// use urlkit::normalize::{Level, Options};
/// use urlkit_reconcile::{Keyer, LevelKeyer, MatchRule, MatchRules};
/// let k = LevelKeyer::new(Options::new(Level::Safe));
/// let (mut a, mut b) = (String::new(), String::new());
/// k.key_into("https://example.com/%e9%81%8b/", &mut a).unwrap();
/// k.key_into("https://example.com/運/", &mut b).unwrap();
/// assert_eq!(a, b);
/// let mut rules = MatchRules::default();
/// k.rules("https://example.com/%e9%81%8b/", "https://example.com/運/", &mut rules);
/// let names: Vec<&str> = rules.iter().map(MatchRule::name).collect();
/// assert_eq!(names, ["hex-case", "iri-to-uri"]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct LevelKeyer {
    options: Options,
}

impl LevelKeyer {
    /// The keyer of `options` (a level and its loose switches).
    pub const fn new(options: Options) -> LevelKeyer {
        LevelKeyer { options }
    }

    /// Its options.
    pub const fn options(&self) -> &Options {
        &self.options
    }
}

/// The rule reported for a pair equal only as a browser serializes them (`--level whatwg`),
/// which the ladder's named rules do not explain.
pub const WHATWG_RULE: &str = "whatwg-serialization";

impl Keyer for LevelKeyer {
    fn key_into(&self, url: &str, out: &mut String) -> Result<(), KeyError> {
        Keys::new(self.options)
            .key_append(url, out)
            .map_err(KeyError::from)
    }

    fn keys(&self) -> Option<Keys> {
        Some(Keys::new(self.options))
    }

    fn rules(&self, left: &str, right: &str, out: &mut MatchRules) {
        // `compare`'s rules, without the browser's verdict it would also compute (two WHATWG
        // parses per pair, unused here).
        if let Ok((Some(_), rules)) = lowest_equal_level(left, right, &self.options) {
            for r in rules {
                out.insert(MatchRule::Ladder(r));
            }
        }
        if out.is_empty() && self.options.level() == Level::Whatwg {
            out.insert(MatchRule::WhatwgSerialization);
        }
    }
}
