//! Normalization steps, the levels of the comparison ladder, and the comparison key.
//!
//! Two URLs are equal at a level iff their keys at that level are equal, so keys can be
//! computed once per URL and joined in bulk (DESIGN §4).
//!
//! ```
//! use urlkit::normalize::{key, Level, Options};
//! let safe = Options::new(Level::Safe);
//! let a = key("https://example.com/%e9%81%8b%e5%96%b6/", &safe).unwrap();
//! let b = key("https://example.com/運営/", &safe).unwrap();
//! assert_eq!(a, b);
//! assert_eq!(a, "https://example.com/%E9%81%8B%E5%96%B6/");
//! ```
//!
//! Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6>,
//! <https://www.rfc-editor.org/rfc/rfc3987#section-5>

mod fast;
pub(crate) mod iri;
mod keys;
mod loose;
mod rule;
mod steps;

use std::fmt;

pub use keys::{key, Keys};
pub(crate) use rule::RuleSet;
pub use rule::{LooseRule, Rule};
pub(crate) use steps::{build_key, rules_that_may_change};

use crate::uri::{ParseError, ParseErrorKind, UriRef};

/// A level of the comparison ladder (DESIGN §4). Each of `Exact` < `Safe` < `Normal` <
/// `Loose` treats as the same everything the levels before it do; `Whatwg` is a separate axis.
///
/// ```
/// use urlkit::normalize::Level;
/// assert_eq!(Level::from_name("normal"), Some(Level::Normal));
/// assert!(Level::Safe < Level::Loose);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Identical bytes.
    Exact,
    /// Only what no conforming server can tell apart: case of scheme and host, hex case,
    /// escaped unreserved characters, IRI vs URI, IDNA, IPv6 spelling, a port's leading
    /// zeros, default port, empty http(s) path. Never decodes a reserved character, `%25`, `%00`, never touches dot
    /// segments or the query's order.
    #[default]
    Safe,
    /// `Safe` plus dot-segment removal (RFC 3986 §5.2.4), literal and `%2E`-encoded.
    Normal,
    /// `Normal` plus every [`LooseRule`] switch that is on.
    Loose,
    /// What a browser sees: both sides parsed and serialized by the WHATWG URL Standard.
    Whatwg,
}

impl Level {
    /// The ladder, lowest first (without `Whatwg`, which is not on it).
    pub const LADDER: [Level; 4] = [Level::Exact, Level::Safe, Level::Normal, Level::Loose];

    /// Every level.
    pub const ALL: [Level; 5] = [
        Level::Exact,
        Level::Safe,
        Level::Normal,
        Level::Loose,
        Level::Whatwg,
    ];

    /// The lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Exact => "exact",
            Level::Safe => "safe",
            Level::Normal => "normal",
            Level::Loose => "loose",
            Level::Whatwg => "whatwg",
        }
    }

    /// The level named `name`.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    fn base_rules(self) -> RuleSet {
        match self {
            Level::Exact | Level::Whatwg => RuleSet::EMPTY,
            Level::Safe => rule::SAFE,
            Level::Normal => rule::NORMAL,
            Level::Loose => rule::NORMAL.union(rule::LOOSE_ONLY),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level and the loose switches turned on or off on top of it.
///
/// ```
/// use urlkit::normalize::{key, Level, LooseRule, Options, Rule};
/// let query_order = LooseRule::new(Rule::QueryOrder).unwrap();
/// let o = Options::new(Level::Loose).loose_off(query_order);
/// assert_eq!(key("http://www.a.com/x/?b=1&a=2#f", &o).unwrap(), "https://a.com/x?b=1&a=2");
/// let o = Options::new(Level::Safe).loose_on(query_order);
/// assert_eq!(key("http://a.com/?b=1&a=2", &o).unwrap(), "http://a.com/?a=2&b=1");
/// ```
///
/// # Rationale
///
/// `loose_on` at a lower level adds that one switch to it; the ladder built by
/// [`crate::compare::compare`] keeps the same switches on every rung, so "equal at a level"
/// still implies "equal at every higher level". Switches do not apply to `Exact` and `Whatwg`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    level: Level,
    on: RuleSet,
    off: RuleSet,
}

impl Options {
    /// The preset of `level` (every loose switch on at `Loose`, none below).
    pub const fn new(level: Level) -> Options {
        Options {
            level,
            on: RuleSet::EMPTY,
            off: RuleSet::EMPTY,
        }
    }

    /// Turns a loose switch off.
    pub const fn loose_off(mut self, r: LooseRule) -> Options {
        self.off = self.off.with(r.rule());
        self.on = self.on.without(r.rule());
        self
    }

    /// Turns a loose switch on, whatever the level.
    pub const fn loose_on(mut self, r: LooseRule) -> Options {
        self.on = self.on.with(r.rule());
        self.off = self.off.without(r.rule());
        self
    }

    /// The same switches at another level.
    pub const fn with_level(mut self, level: Level) -> Options {
        self.level = level;
        self
    }

    /// The rung of the ladder these options compare at (the switches apply on top of it).
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options};
    /// assert_eq!(Options::new(Level::Safe).with_level(Level::Normal).level(), Level::Normal);
    /// ```
    pub const fn level(&self) -> Level {
        self.level
    }

    /// Whether `rule` is applied by these options.
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options, Rule};
    /// assert!(Options::new(Level::Normal).applies(Rule::DotSegments));
    /// assert!(!Options::new(Level::Safe).applies(Rule::DotSegments));
    /// ```
    pub fn applies(&self, rule: Rule) -> bool {
        self.rules().has(rule)
    }

    pub(crate) fn rules(&self) -> RuleSet {
        match self.level {
            Level::Exact | Level::Whatwg => RuleSet::EMPTY,
            l => l.base_rules().union(self.on).minus(self.off),
        }
    }
}

/// Which form of a URL to write: the URI or the IRI. [`normalize`] writes either, and so
/// does a built URL ([`crate::build::Built::to_form`]).
///
/// ```
/// use urlkit::normalize::{normalize, Form, Level, Options};
/// let o = Options::new(Level::Safe);
/// assert_eq!(normalize("https://example.com/%e9%81%8b", &o, Form::Uri).unwrap(), "https://example.com/%E9%81%8B");
/// assert_eq!(normalize("https://example.com/%e9%81%8b", &o, Form::Iri).unwrap(), "https://example.com/運");
/// assert_eq!(Form::from_name("iri"), Some(Form::Iri));
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3987#section-3.2>
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Form {
    /// ASCII, uppercase hex: the comparison key (RFC 3986).
    #[default]
    Uri,
    /// For people: escapes of characters an IRI allows shown as the characters, hosts as
    /// U-labels (RFC 3987 §3.2); everything else stays encoded.
    Iri,
}

impl Form {
    /// Both forms.
    pub const ALL: [Form; 2] = [Form::Uri, Form::Iri];

    /// `uri` or `iri`.
    ///
    /// ```
    /// use urlkit::normalize::Form;
    /// assert_eq!(Form::Iri.name(), "iri");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Form::Uri => "uri",
            Form::Iri => "iri",
        }
    }

    /// The form of that name.
    ///
    /// ```
    /// use urlkit::normalize::Form;
    /// assert_eq!(Form::from_name("uri"), Some(Form::Uri));
    /// ```
    pub fn from_name(name: &str) -> Option<Form> {
        Form::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// What went wrong normalizing an input: the input is not a URI reference (the parser's
/// [`ParseErrorKind`], wrapped, so a new parse error is never reported as another), or its
/// host is not a valid IDN, or it is not a WHATWG URL.
///
/// ```
/// use urlkit::normalize::NormalizeErrorKind;
/// use urlkit::uri::ParseErrorKind;
/// let k = NormalizeErrorKind::Parse(ParseErrorKind::MalformedEscape);
/// assert_eq!((k.name(), k.message()), ("malformed-escape", "'%' must be followed by two hex digits"));
/// assert_eq!(NormalizeErrorKind::InvalidIdna.name(), "invalid-idna");
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#appendix-A>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NormalizeErrorKind {
    /// The input is not a URI reference.
    Parse(ParseErrorKind),
    /// The host is not a valid internationalized domain name (UTS #46).
    InvalidIdna,
    /// Not a URL by the WHATWG URL Standard (`Level::Whatwg`).
    NotWhatwgUrl,
}

impl NormalizeErrorKind {
    /// A stable kebab-case name: the parser's for a parse error.
    pub const fn name(self) -> &'static str {
        match self {
            NormalizeErrorKind::Parse(kind) => kind.name(),
            NormalizeErrorKind::InvalidIdna => "invalid-idna",
            NormalizeErrorKind::NotWhatwgUrl => "not-a-whatwg-url",
        }
    }

    /// What it means, in words: the parser's for a parse error.
    pub const fn message(self) -> &'static str {
        match self {
            NormalizeErrorKind::Parse(kind) => kind.message(),
            NormalizeErrorKind::InvalidIdna => {
                "the host is not a valid internationalized domain name (UTS #46)"
            }
            NormalizeErrorKind::NotWhatwgUrl => "not a valid URL by the WHATWG URL Standard",
        }
    }
}

/// A normalization failure: its kind and the byte offset in the input.
///
/// ```
/// use urlkit::normalize::{key, NormalizeErrorKind, Options};
/// use urlkit::uri::ParseErrorKind;
/// let e = key("http://a/%zz", &Options::default()).unwrap_err();
/// assert_eq!((e.kind(), e.offset()), (NormalizeErrorKind::Parse(ParseErrorKind::MalformedEscape), 9));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NormalizeError {
    pub(crate) kind: NormalizeErrorKind,
    pub(crate) offset: usize,
}

impl NormalizeError {
    /// What went wrong.
    pub const fn kind(&self) -> NormalizeErrorKind {
        self.kind
    }

    /// The byte offset in the input.
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for NormalizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (byte {})", self.kind.message(), self.offset)
    }
}

impl std::error::Error for NormalizeError {}

impl From<ParseError> for NormalizeError {
    fn from(e: ParseError) -> Self {
        NormalizeError {
            kind: NormalizeErrorKind::Parse(e.kind()),
            offset: e.offset(),
        }
    }
}

/// `input` normalized at `options`, as a URI (the key) or an IRI (for display).
///
/// ```
/// use urlkit::normalize::{normalize, Form, Level, Options};
/// let o = Options::new(Level::Normal);
/// assert_eq!(normalize("HTTP://xn--r8jz45g.jp/a/../%E9%81%8B", &o, Form::Iri).unwrap(), "http://例え.jp/運");
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3987#section-3.2>
pub fn normalize(input: &str, options: &Options, form: Form) -> Result<String, NormalizeError> {
    in_form(key(input, options)?, options, form)
}

/// [`normalize`] of a reference the caller has already parsed: the same string, without a
/// second parse (a checker that spells one URL several ways parses it once).
///
/// ```
/// use urlkit::normalize::{normalize_parsed, Form, Level, Options};
/// use urlkit::uri::parse;
/// let u = parse("HTTP://a/%e9%81%8b").unwrap();
/// let o = Options::new(Level::Safe);
/// assert_eq!(normalize_parsed(&u, &o, Form::Uri).unwrap(), "http://a/%E9%81%8B");
/// assert_eq!(normalize_parsed(&u, &o, Form::Iri).unwrap(), "http://a/運");
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3987#section-3.2>
pub fn normalize_parsed(
    u: &UriRef<'_>,
    options: &Options,
    form: Form,
) -> Result<String, NormalizeError> {
    let mut k = String::with_capacity(u.as_str().len() + 8);
    Keys::new(*options).key_append_parsed(u, &mut k)?;
    in_form(k, options, form)
}

/// The key `k` in `form`: itself as a URI, its IRI spelling otherwise (but at `exact`, where
/// nothing is rewritten).
fn in_form(k: String, options: &Options, form: Form) -> Result<String, NormalizeError> {
    Ok(match (form, options.level) {
        (Form::Uri, _) | (Form::Iri, Level::Exact) => k,
        (Form::Iri, _) => iri::to_iri(&k),
    })
}
