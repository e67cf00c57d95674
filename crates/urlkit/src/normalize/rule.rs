//! The named rules of the ladder, and sets of them.

use std::fmt;

use super::Level;
use crate::uri::Component;

/// One named normalization rule: a step of DESIGN §4 that makes two spellings the same.
///
/// ```
/// use urlkit::normalize::Rule;
/// assert_eq!(Rule::HexCase.name(), "hex-case");
/// assert_eq!(Rule::from_name("dot-segments"), Some(Rule::DotSegments));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// `safe`: the scheme is case-insensitive (RFC 3986 §6.2.2.1).
    SchemeCase,
    /// `safe`: the host is case-insensitive (RFC 3986 §6.2.2.1).
    HostCase,
    /// `safe`: hex digits of `%XX` are case-insensitive, uppercase is the norm (§6.2.2.1).
    HexCase,
    /// `safe`: `%XX` of an unreserved character is that character (§6.2.2.2), except a `%2E`
    /// that would make a path segment `.` or `..`.
    UnreservedDecoded,
    /// `safe`: a raw non-ASCII character is its UTF-8 `%XX` (RFC 3987 §3.1); printable ASCII
    /// no component allows (space `"` `<` `>` `^` `` ` `` `{` `|` `}`) is encoded too.
    IriToUri,
    /// `safe`: a host's U-label is its A-label (UTS #46 ToASCII).
    Idna,
    /// `safe`: an IPv6 address is compared by value, written in RFC 5952 form.
    Ipv6Canonical,
    /// `safe`: a port is the number it spells: `0081` is `81` (§3.2.3; see
    /// [`crate::uri::port_number`]).
    PortLeadingZeros,
    /// `safe`: the scheme's default port, or an empty port, is no port (§6.2.3).
    DefaultPort,
    /// `safe`: an empty http(s) path is `/` (§6.2.3).
    EmptyPath,
    /// `normal`: `.` and `..` segments removed (§5.2.4), literal and `%2E`-encoded.
    DotSegments,
    /// `loose`: the fragment is ignored.
    Fragment,
    /// `loose`: trailing slashes of the path are ignored.
    TrailingSlash,
    /// `loose`: `http` is `https`.
    Scheme,
    /// `loose`: a leading `www.` label of the host is ignored.
    Www,
    /// `loose`: a last segment `index.html`, `index.htm` or `index.php` is ignored.
    IndexPage,
    /// `loose`: query parameters are sorted.
    QueryOrder,
    /// `loose`: tracking parameters (`utm_*`, `fbclid`, `gclid`, ...) are dropped.
    TrackingParams,
    /// `loose`: `+` in the query is `%20`.
    PlusSpace,
    /// `loose`: `%XX` of a sub-delimiter is the character (in the query, except `&`, `=`,
    /// `+` and `;`, which split parameters).
    SubDelims,
}

impl Rule {
    /// Every rule, in ladder order.
    pub const ALL: [Rule; 20] = [
        Rule::SchemeCase,
        Rule::HostCase,
        Rule::HexCase,
        Rule::UnreservedDecoded,
        Rule::IriToUri,
        Rule::Idna,
        Rule::Ipv6Canonical,
        Rule::PortLeadingZeros,
        Rule::DefaultPort,
        Rule::EmptyPath,
        Rule::DotSegments,
        Rule::Fragment,
        Rule::TrailingSlash,
        Rule::Scheme,
        Rule::Www,
        Rule::IndexPage,
        Rule::QueryOrder,
        Rule::TrackingParams,
        Rule::PlusSpace,
        Rule::SubDelims,
    ];

    /// The stable kebab-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::SchemeCase => "scheme-case",
            Rule::HostCase => "host-case",
            Rule::HexCase => "hex-case",
            Rule::UnreservedDecoded => "unreserved-decoded",
            Rule::IriToUri => "iri-to-uri",
            Rule::Idna => "idna",
            Rule::Ipv6Canonical => "ipv6-canonical",
            Rule::PortLeadingZeros => "port-leading-zeros",
            Rule::DefaultPort => "default-port",
            Rule::EmptyPath => "empty-path",
            Rule::DotSegments => "dot-segments",
            Rule::Fragment => "fragment",
            Rule::TrailingSlash => "trailing-slash",
            Rule::Scheme => "scheme",
            Rule::Www => "www",
            Rule::IndexPage => "index-page",
            Rule::QueryOrder => "query-order",
            Rule::TrackingParams => "tracking-params",
            Rule::PlusSpace => "plus-space",
            Rule::SubDelims => "sub-delims",
        }
    }

    /// The rule named `name`.
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The component the rule acts on.
    ///
    /// ```
    /// use urlkit::{normalize::Rule, uri::Component};
    /// assert_eq!(Rule::DotSegments.component(), Component::Path);
    /// ```
    pub const fn component(self) -> Component {
        match self {
            Rule::SchemeCase | Rule::Scheme => Component::Scheme,
            Rule::HostCase | Rule::Idna | Rule::Ipv6Canonical | Rule::Www => Component::Host,
            Rule::PortLeadingZeros | Rule::DefaultPort => Component::Port,
            Rule::HexCase | Rule::UnreservedDecoded | Rule::IriToUri | Rule::SubDelims => {
                Component::Path
            }
            Rule::EmptyPath | Rule::DotSegments | Rule::TrailingSlash | Rule::IndexPage => {
                Component::Path
            }
            Rule::QueryOrder | Rule::TrackingParams | Rule::PlusSpace => Component::Query,
            Rule::Fragment => Component::Fragment,
        }
    }

    /// The lowest rung of the ladder that applies the rule; the rules of `Loose` are its
    /// switches ([`LooseRule`]). This match is the one place that says which rung a rule is on.
    ///
    /// ```
    /// use urlkit::normalize::{Level, Rule};
    /// assert_eq!(Rule::HexCase.level(), Level::Safe);
    /// assert_eq!(Rule::DotSegments.level(), Level::Normal);
    /// assert_eq!(Rule::QueryOrder.level(), Level::Loose);
    /// ```
    pub const fn level(self) -> Level {
        match self {
            Rule::SchemeCase
            | Rule::HostCase
            | Rule::HexCase
            | Rule::UnreservedDecoded
            | Rule::IriToUri
            | Rule::Idna
            | Rule::Ipv6Canonical
            | Rule::PortLeadingZeros
            | Rule::DefaultPort
            | Rule::EmptyPath => Level::Safe,
            Rule::DotSegments => Level::Normal,
            Rule::Fragment
            | Rule::TrailingSlash
            | Rule::Scheme
            | Rule::Www
            | Rule::IndexPage
            | Rule::QueryOrder
            | Rule::TrackingParams
            | Rule::PlusSpace
            | Rule::SubDelims => Level::Loose,
        }
    }

    /// What the rule treats as the same, in words.
    pub const fn describe(self) -> &'static str {
        match self {
            Rule::SchemeCase => "the scheme is case-insensitive (RFC 3986 §6.2.2.1)",
            Rule::HostCase => "the host is case-insensitive (RFC 3986 §6.2.2.1)",
            Rule::HexCase => "%xx and %XX are the same escape (RFC 3986 §6.2.2.1)",
            Rule::UnreservedDecoded => {
                "an escaped unreserved character is the character (RFC 3986 §6.2.2.2)"
            }
            Rule::IriToUri => {
                "a raw non-ASCII character is its UTF-8 %XX (IRI vs URI, RFC 3987 §3.1)"
            }
            Rule::Idna => "a host's Unicode form is its xn-- form (IDNA, UTS #46)",
            Rule::Ipv6Canonical => "an IPv6 address is compared by value (RFC 5952)",
            Rule::PortLeadingZeros => {
                "a port is a number: leading zeros are not part of it (RFC 3986 §3.2.3)"
            }
            Rule::DefaultPort => "the default or an empty port is no port (RFC 3986 §6.2.3)",
            Rule::EmptyPath => "an empty http(s) path is '/' (RFC 3986 §6.2.3)",
            Rule::DotSegments => "'.' and '..' segments are resolved (RFC 3986 §5.2.4)",
            Rule::Fragment => "the fragment is ignored",
            Rule::TrailingSlash => "a trailing slash is ignored",
            Rule::Scheme => "http is https",
            Rule::Www => "a leading 'www.' is ignored",
            Rule::IndexPage => "index.html / index.php is the directory",
            Rule::QueryOrder => "query parameters are sorted",
            Rule::TrackingParams => "tracking parameters (utm_*, fbclid, ...) are dropped",
            Rule::PlusSpace => "'+' in the query is a space (%20)",
            Rule::SubDelims => "an escaped sub-delimiter is the character",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of rules, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct RuleSet(u32);

impl RuleSet {
    pub(crate) const EMPTY: RuleSet = RuleSet(0);

    pub(crate) const fn of(rules: &[Rule]) -> RuleSet {
        let mut bits = 0;
        let mut i = 0;
        while i < rules.len() {
            bits |= 1 << rules[i] as u32;
            i += 1;
        }
        RuleSet(bits)
    }

    #[inline]
    pub(crate) const fn has(self, r: Rule) -> bool {
        self.0 & (1 << r as u32) != 0
    }

    pub(crate) const fn with(self, r: Rule) -> RuleSet {
        RuleSet(self.0 | (1 << r as u32))
    }

    pub(crate) const fn without(self, r: Rule) -> RuleSet {
        RuleSet(self.0 & !(1 << r as u32))
    }

    pub(crate) const fn union(self, o: RuleSet) -> RuleSet {
        RuleSet(self.0 | o.0)
    }

    pub(crate) const fn minus(self, o: RuleSet) -> RuleSet {
        RuleSet(self.0 & !o.0)
    }

    pub(crate) const fn intersection(self, o: RuleSet) -> RuleSet {
        RuleSet(self.0 & o.0)
    }

    pub(crate) const fn intersects(self, o: RuleSet) -> bool {
        self.0 & o.0 != 0
    }

    pub(crate) fn iter(self) -> impl Iterator<Item = Rule> {
        Rule::ALL.into_iter().filter(move |r| self.has(*r))
    }
}

/// The rules [`Rule::level`] puts on `level`'s rung.
const fn rung(level: Level) -> RuleSet {
    let mut set = RuleSet::EMPTY;
    let mut i = 0;
    while i < Rule::ALL.len() {
        if Rule::ALL[i].level() as u8 == level as u8 {
            set = set.with(Rule::ALL[i]);
        }
        i += 1;
    }
    set
}

pub(crate) const SAFE: RuleSet = rung(Level::Safe);
pub(crate) const NORMAL: RuleSet = SAFE.union(rung(Level::Normal));
/// The rules `loose` adds to `normal`: its switches.
pub(crate) const LOOSE_ONLY: RuleSet = rung(Level::Loose);

/// One opinionated switch of the `loose` level: a [`Rule`] whose [`Rule::level`] is
/// `Loose`. Each can be turned off (or on at a lower level) on its own.
///
/// ```
/// use urlkit::normalize::{LooseRule, Rule};
/// let query_order = LooseRule::from_name("query-order").unwrap();
/// assert_eq!(query_order.rule(), Rule::QueryOrder);
/// assert_eq!(LooseRule::new(Rule::TrailingSlash).unwrap().name(), "trailing-slash");
/// assert_eq!(LooseRule::new(Rule::HexCase), None);
/// ```
///
/// # Rationale
///
/// A wrapper of [`Rule`] rather than an enum of its own, so that the nine switches are
/// listed once (in [`Rule::level`]) and a switch cannot name a rule that is not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LooseRule(Rule);

/// How many rules are on the `loose` rung.
const LOOSE_COUNT: usize = LOOSE_ONLY.0.count_ones() as usize;

impl LooseRule {
    /// Every switch, in ladder order.
    ///
    /// ```
    /// use urlkit::normalize::LooseRule;
    /// assert_eq!(LooseRule::ALL.len(), 9);
    /// assert_eq!(LooseRule::ALL[0].name(), "fragment");
    /// ```
    pub const ALL: [LooseRule; LOOSE_COUNT] = {
        let mut all = [LooseRule(Rule::Fragment); LOOSE_COUNT];
        let (mut i, mut n) = (0, 0);
        while i < Rule::ALL.len() {
            if let Some(switch) = LooseRule::new(Rule::ALL[i]) {
                all[n] = switch;
                n += 1;
            }
            i += 1;
        }
        all
    };

    /// The switch of `rule`, or `None` when `rule` is applied below `Loose` and so is not a
    /// switch.
    pub const fn new(rule: Rule) -> Option<LooseRule> {
        match rule.level() {
            Level::Loose => Some(LooseRule(rule)),
            _ => None,
        }
    }

    /// The [`Rule`] this switch turns on.
    ///
    /// ```
    /// use urlkit::normalize::{LooseRule, Rule};
    /// assert_eq!(LooseRule::ALL[1].rule(), Rule::TrailingSlash);
    /// ```
    pub const fn rule(self) -> Rule {
        self.0
    }

    /// The kebab-case name (the rule's).
    ///
    /// ```
    /// use urlkit::normalize::LooseRule;
    /// assert_eq!(LooseRule::ALL[2].name(), "scheme");
    /// ```
    pub const fn name(self) -> &'static str {
        self.0.name()
    }

    /// The switch named `name`; `None` for a name that is no rule or a rule below `Loose`.
    ///
    /// ```
    /// use urlkit::normalize::LooseRule;
    /// assert!(LooseRule::from_name("www").is_some());
    /// assert!(LooseRule::from_name("hex-case").is_none());
    /// ```
    pub fn from_name(name: &str) -> Option<LooseRule> {
        Rule::from_name(name).and_then(LooseRule::new)
    }
}

impl fmt::Display for LooseRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<LooseRule> for Rule {
    fn from(switch: LooseRule) -> Rule {
        switch.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule is on exactly one rung: `safe`, the dot segments of `normal`, or a loose
    /// switch; and the loose switches are the rules after `DotSegments` in ladder order.
    #[test]
    fn the_rungs_partition_the_rules() {
        for r in Rule::ALL {
            let rungs = [SAFE.has(r), r == Rule::DotSegments, LOOSE_ONLY.has(r)];
            assert_eq!(rungs.iter().filter(|on| **on).count(), 1, "{r}");
        }
        let after_dots: Vec<Rule> = Rule::ALL
            .into_iter()
            .skip_while(|r| *r != Rule::DotSegments)
            .skip(1)
            .collect();
        let switches: Vec<Rule> = LooseRule::ALL.into_iter().map(LooseRule::rule).collect();
        assert_eq!(after_dots, switches);
        assert_eq!(
            SAFE.iter().count() + 1 + LooseRule::ALL.len(),
            Rule::ALL.len()
        );
    }
}
