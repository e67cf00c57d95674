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

use crate::normalize::{
    build_key, rules_that_may_change, Level, NormalizeError, Options, Rule, RuleSet,
};
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
/// # Rationale
///
/// A rule is "needed" when turning it alone off makes the keys differ. When no
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
    let (ua, ub) = match parse_both(a, b) {
        Ok(both) => both,
        // At `whatwg` the verdict is the browser's: a URL equals its key (its href) even when
        // RFC 3986 rejects it (`A:%`); there is then no ladder to climb.
        Err(_) if level == Level::Whatwg && whatwg_equal == Some(true) => {
            return Ok(Comparison {
                equal: true,
                level,
                lowest_equal_level: None,
                rules: Vec::new(),
                difference: None,
                whatwg_equal,
            });
        }
        Err(e) => return Err(e),
    };
    let (lowest, rules) = match ladder(&ua, &ub, options) {
        Ok(found) => found,
        // A rung above the asked level that cannot key a side (a host IDNA refuses) does not
        // change the verdict at that level, the rungs below having been climbed; nor does any
        // rung at `whatwg`, where the browser's verdict stands (it may keep such a host opaque).
        Err(RungError { rung, .. })
            if (level != Level::Whatwg && rung > level)
                || (level == Level::Whatwg && whatwg_equal.is_some()) =>
        {
            (None, Vec::new())
        }
        Err(RungError { error, .. }) => return Err(error),
    };
    let equal = match level {
        Level::Whatwg => whatwg_equal == Some(true),
        l => lowest.is_some_and(|low| low <= l),
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

/// The lowest level at which two URLs are equal and the rules needed there: what [`compare`]
/// says of [`Comparison::lowest_equal_level`] and [`Comparison::rules`], without the
/// browser's verdict and the difference (explaining the matched pairs of a reconciliation
/// needs only these, a million times). The asked level of `options` does not matter; its
/// loose switches do.
///
/// ```
/// use urlkit::{compare::lowest_equal_level, normalize::{Level, Options, Rule}};
/// let o = Options::new(Level::Safe);
/// let (level, rules) = lowest_equal_level("http://a/%7e/./b", "http://a/~/b", &o).unwrap();
/// assert_eq!(level, Some(Level::Normal));
/// assert_eq!(rules, vec![Rule::UnreservedDecoded, Rule::DotSegments]);
/// assert_eq!(lowest_equal_level("http://a/", "http://a/", &o).unwrap(), (Some(Level::Exact), vec![]));
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6.2>
pub fn lowest_equal_level(
    a: &str,
    b: &str,
    options: &Options,
) -> Result<(Option<Level>, Vec<Rule>), CompareError> {
    if a == b {
        return Ok((Some(Level::Exact), Vec::new()));
    }
    let (ua, ub) = parse_both(a, b)?;
    lowest_equal_level_parsed(&ua, &ub, options)
}

/// [`lowest_equal_level`] of two references the caller has already parsed, without parsing
/// them again.
///
/// ```
/// use urlkit::{compare::lowest_equal_level_parsed, normalize::{Level, Options, Rule}};
/// use urlkit::uri::parse;
/// let (a, b) = (parse("http://a/%7e").unwrap(), parse("http://a/~").unwrap());
/// let (level, rules) = lowest_equal_level_parsed(&a, &b, &Options::new(Level::Safe)).unwrap();
/// assert_eq!((level, rules), (Some(Level::Safe), vec![Rule::UnreservedDecoded]));
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6.2>
pub fn lowest_equal_level_parsed(
    a: &UriRef<'_>,
    b: &UriRef<'_>,
    options: &Options,
) -> Result<(Option<Level>, Vec<Rule>), CompareError> {
    if a.as_str() == b.as_str() {
        return Ok((Some(Level::Exact), Vec::new()));
    }
    ladder(a, b, options).map_err(|e| e.error)
}

/// A side that a rung of the ladder cannot key.
struct RungError {
    rung: Level,
    error: CompareError,
}

fn parse_both<'a>(a: &'a str, b: &'a str) -> Result<(UriRef<'a>, UriRef<'a>), CompareError> {
    let side = |s: Side| {
        move |e: crate::uri::ParseError| CompareError {
            side: s,
            error: e.into(),
        }
    };
    Ok((
        parse(a).map_err(side(Side::A))?,
        parse(b).map_err(side(Side::B))?,
    ))
}

/// The lowest rung (safe, normal, loose) at which the keys are equal, and the rules needed
/// there.
fn ladder(
    ua: &UriRef<'_>,
    ub: &UriRef<'_>,
    options: &Options,
) -> Result<(Option<Level>, Vec<Rule>), RungError> {
    for rung in [Level::Safe, Level::Normal, Level::Loose] {
        let rs = options.with_level(rung).rules();
        let on = |side: Side| {
            move |error: NormalizeError| RungError {
                rung,
                error: CompareError { side, error },
            }
        };
        let ka = key_of(ua, rs).map_err(on(Side::A))?;
        let kb = key_of(ub, rs).map_err(on(Side::B))?;
        if ka == kb {
            return Ok((Some(rung), needed_rules(ua, ub, rs)));
        }
    }
    Ok((None, Vec::new()))
}

/// The rules without which the keys would differ.
fn needed_rules(ua: &UriRef<'_>, ub: &UriRef<'_>, active: RuleSet) -> Vec<Rule> {
    // A rule that changes neither key is in neither list below: only the others are tried.
    let candidates =
        active.intersection(rules_that_may_change(ua).union(rules_that_may_change(ub)));
    needed_among(ua, ub, active, candidates)
}

/// The rules of `candidates` without which the keys (under `active`) would differ; when no
/// single rule separates them, the rules that change either key.
fn needed_among(
    ua: &UriRef<'_>,
    ub: &UriRef<'_>,
    active: RuleSet,
    candidates: RuleSet,
) -> Vec<Rule> {
    let mut needed: Vec<Rule> = candidates
        .iter()
        .filter(|&r| {
            let rs = active.without(r);
            matches!((key_of(ua, rs), key_of(ub, rs)), (Ok(x), Ok(y)) if x != y)
        })
        .collect();
    if needed.is_empty() {
        let (ka, kb) = (key_of(ua, active).ok(), key_of(ub, active).ok());
        needed = candidates
            .iter()
            .filter(|&r| {
                let rs = active.without(r);
                key_of(ua, rs).ok() != ka || key_of(ub, rs).ok() != kb
            })
            .collect();
    }
    needed
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// `needed_rules` as it was before it skipped the rules that cannot change either key: every
    /// active rule is tried.
    fn needed_rules_every_rule(ua: &UriRef<'_>, ub: &UriRef<'_>, active: RuleSet) -> Vec<Rule> {
        needed_among(ua, ub, active, active)
    }

    /// URLs built from spellings of the same few things, so that pairs are often equal.
    fn url() -> impl Strategy<Value = String> {
        let scheme = prop::sample::select(vec!["http", "HTTP", "mailto", "foo"]);
        let host = prop::sample::select(vec![
            "a.com",
            "A.com",
            "%61.com",
            "例え.jp",
            "xn--r8jz45g.jp",
            "[::1]",
            "[0::1]",
            "",
        ]);
        let port = prop::sample::select(vec!["", ":", ":80", ":8080"]);
        let unit = prop::sample::select(vec![
            "a",
            "A",
            "%61",
            "%41",
            "運",
            "%E9%81%8B",
            "%e9%81%8b",
            "/",
            ".",
            "%2e",
            "..",
            "~",
            "%7e",
            "%7E",
            "\\",
            "%5C",
            "!",
            "%21",
            "@",
            "x@Y.com",
        ]);
        let path = prop::collection::vec(unit, 0..5).prop_map(|v| v.concat());
        let query = prop::option::of(prop::sample::select(vec!["q=運", "q=%e9%81%8b", "Q=%7e"]));
        (scheme, host, port, prop::bool::ANY, path, query).prop_map(
            |(s, h, p, authority, path, q)| {
                let mut u = s.to_owned() + ":";
                if authority {
                    u += &format!("//{h}{p}");
                    if !path.is_empty() && !path.starts_with('/') {
                        u.push('/');
                    }
                }
                u += &path;
                if let Some(q) = q {
                    u += "?";
                    u += q;
                }
                u
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn skipping_rules_that_change_neither_key_changes_no_explanation(a in url(), b in url()) {
            let Ok(ua) = parse(&a) else { return Ok(()) };
            let mut others = vec![b];
            for level in [Level::Safe, Level::Normal, Level::Loose] {
                // Spellings equal to `a` by construction: its key and the key's IRI form.
                let o = Options::new(level);
                if let Ok(k) = key_of(&ua, o.rules()) {
                    others.push(k);
                }
                if let Ok(iri) = crate::normalize::normalize(&a, &o, crate::normalize::Form::Iri) {
                    others.push(iri);
                }
            }
            for b in &others {
                let Ok(ub) = parse(b) else { continue };
                for level in [Level::Safe, Level::Normal, Level::Loose] {
                    let rs = Options::new(level).rules();
                    if let (Ok(ka), Ok(kb)) = (key_of(&ua, rs), key_of(&ub, rs)) {
                        if ka == kb {
                            prop_assert_eq!(
                                needed_rules(&ua, &ub, rs),
                                needed_rules_every_rule(&ua, &ub, rs),
                                "{} vs {} at {}", a, b, level
                            );
                        }
                    }
                }
            }
        }
    }
}
