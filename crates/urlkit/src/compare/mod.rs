//! Comparison of two URLs: the verdict, the rules that made them equal, the first real
//! difference.
//!
//! ```
//! use urlkit::compare::compare;
//! use urlkit::normalize::{Options, Rule};
//! let c = compare("https://example.com/%e9%81%8b/", "https://example.com/運/", &Options::default()).unwrap();
//! assert!(c.equal);
//! assert_eq!(c.rules, vec![Rule::HexCase, Rule::IriToUri]);
//! ```
//!
//! Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6>

mod diff;

use std::fmt;

use crate::normalize::{build_key, Level, NormalizeError, Options, Rule, RuleSet};
use crate::uri::{parse, Component, UriRef};

/// Where two URLs really differ.
///
/// ```
/// use urlkit::{compare::compare, normalize::{Level, Options}, uri::Component};
/// let c = compare("http://a/b%2Fc", "http://a/b/c", &Options::new(Level::Loose)).unwrap();
/// let d = c.difference.unwrap();
/// assert_eq!((d.component, d.offset_a, d.offset_b), (Component::Path, 10, 10));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The first component that differs.
    pub component: Component,
    /// Byte offset in the first input.
    pub offset_a: usize,
    /// Byte offset in the second input.
    pub offset_b: usize,
    /// What differs, in words.
    pub message: String,
}

/// The answer to "are these the same URL?".
///
/// ```
/// use urlkit::{compare::compare, normalize::{Level, Options}};
/// let c = compare("/a/./b/../c", "/a/c", &Options::new(Level::Safe)).unwrap();
/// assert!(!c.equal);
/// assert_eq!(c.lowest_equal_level, Some(Level::Normal));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// Equal at the asked level.
    pub equal: bool,
    /// The asked level.
    pub level: Level,
    /// The lowest rung of the ladder (exact, safe, normal, loose) at which they are equal.
    pub lowest_equal_level: Option<Level>,
    /// The rules needed to make them equal at `lowest_equal_level`, in ladder order.
    pub rules: Vec<Rule>,
    /// Where they differ at the asked level, when they do.
    pub difference: Option<Difference>,
    /// Whether a browser sees them as the same URL (WHATWG parse + serialize); `None` when
    /// either is not a WHATWG URL.
    pub whatwg_equal: Option<bool>,
}

/// Which input a comparison error is about.
///
/// ```
/// use urlkit::compare::Side;
/// assert_eq!(Side::B.name(), "B");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first input.
    A,
    /// The second input.
    B,
}

impl Side {
    /// `"A"` or `"B"`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }
}

/// One of the inputs could not be normalized.
///
/// ```
/// use urlkit::{compare::{compare, Side}, normalize::Options};
/// let e = compare("http://a/", "http://a/%z", &Options::default()).unwrap_err();
/// assert_eq!((e.side, e.error.offset()), (Side::B, 9));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompareError {
    /// Which input.
    pub side: Side,
    /// What is wrong with it.
    pub error: NormalizeError,
}

impl fmt::Display for CompareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.side.name(), self.error)
    }
}

impl std::error::Error for CompareError {}

pub(crate) fn key_of(u: &UriRef<'_>, rs: RuleSet) -> Result<String, NormalizeError> {
    let mut out = String::with_capacity(u.as_str().len() + 8);
    build_key(u, rs, &mut out)?;
    Ok(out)
}

/// Compares two URLs at `options`: the verdict, the lowest level at which they are equal,
/// the rules that were needed, and where they differ.
///
/// ```
/// use urlkit::{compare::compare, normalize::{Level, Options, Rule}};
/// let c = compare("HTTP://Example.COM:80/%7e", "http://example.com/~", &Options::new(Level::Safe)).unwrap();
/// assert!(c.equal);
/// assert_eq!(c.rules, vec![Rule::SchemeCase, Rule::HostCase, Rule::UnreservedDecoded, Rule::DefaultPort]);
/// // A browser keeps `%7e` as written, so to it these are two different hrefs.
/// assert_eq!(c.whatwg_equal, Some(false));
/// ```
///
/// *Rationale*: a rule is "needed" when turning it alone off makes the keys differ. When no
/// single rule is needed (two rules each suffice), the rules that changed either side are
/// listed instead.
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6.1>
pub fn compare(a: &str, b: &str, options: &Options) -> Result<Comparison, CompareError> {
    let level = options.level();
    let whatwg_equal = match (crate::whatwg::href(a, None), crate::whatwg::href(b, None)) {
        (Ok(x), Ok(y)) => Some(x == y),
        _ => None,
    };
    if a == b {
        return Ok(Comparison {
            equal: level != Level::Whatwg || whatwg_equal != Some(false),
            level,
            lowest_equal_level: Some(Level::Exact),
            rules: Vec::new(),
            difference: None,
            whatwg_equal,
        });
    }
    let side = |s: Side| {
        move |e: crate::uri::ParseError| CompareError {
            side: s,
            error: e.into(),
        }
    };
    let ua = parse(a).map_err(side(Side::A))?;
    let ub = parse(b).map_err(side(Side::B))?;
    let mut lowest = None;
    for rung in [Level::Safe, Level::Normal, Level::Loose] {
        let rs = options.with_level(rung).rules();
        let ka = key_of(&ua, rs).map_err(|e| CompareError {
            side: Side::A,
            error: e,
        })?;
        let kb = key_of(&ub, rs).map_err(|e| CompareError {
            side: Side::B,
            error: e,
        })?;
        if ka == kb {
            lowest = Some(rung);
            break;
        }
    }
    let equal = match level {
        Level::Whatwg => whatwg_equal == Some(true),
        l => lowest.is_some_and(|low| low <= l),
    };
    let rules = match lowest {
        Some(l) => needed_rules(&ua, &ub, options.with_level(l).rules()),
        None => Vec::new(),
    };
    let difference = if equal {
        None
    } else {
        let rs = match level {
            Level::Whatwg => options.with_level(Level::Safe).rules(),
            _ => options.rules(),
        };
        Some(diff::locate(&ua, &ub, rs, level))
    };
    Ok(Comparison {
        equal,
        level,
        lowest_equal_level: lowest,
        rules,
        difference,
        whatwg_equal,
    })
}

/// The rules without which the keys would differ.
fn needed_rules(ua: &UriRef<'_>, ub: &UriRef<'_>, active: RuleSet) -> Vec<Rule> {
    let mut needed: Vec<Rule> = active
        .iter()
        .filter(|&r| {
            let rs = active.without(r);
            matches!((key_of(ua, rs), key_of(ub, rs)), (Ok(x), Ok(y)) if x != y)
        })
        .collect();
    if needed.is_empty() {
        let (ka, kb) = (key_of(ua, active).ok(), key_of(ub, active).ok());
        needed = active
            .iter()
            .filter(|&r| {
                let rs = active.without(r);
                key_of(ua, rs).ok() != ka || key_of(ub, rs).ok() != kb
            })
            .collect();
    }
    needed
}
