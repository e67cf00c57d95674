//! The named encode sets of the WHATWG URL Standard, RFC 3986 and RFC 8187.
//!
//! A set lists the bytes that are *encoded*. The WHATWG sets are defined that way in the
//! standard; the RFC 3986 and RFC 8187 sets are named after the grammar rule whose characters
//! they *keep*, and encode every other byte (including `%`, since the input is data).
//! Every set encodes all non-ASCII bytes.

use super::encode_set::EncodeSet;
use crate::uri::chars;

// ---------------------------------------------------------------------------------------------
// WHATWG URL Standard, §1.3 Percent-encoded bytes: https://url.spec.whatwg.org/#percent-encoded-bytes
// ---------------------------------------------------------------------------------------------

/// WHATWG *C0 control percent-encode set*: "the C0 controls and all code points greater than
/// U+007E (~)".
///
/// Used for opaque paths and hosts of non-special URLs.
/// <https://url.spec.whatwg.org/#c0-control-percent-encode-set>
///
/// ```
/// use urlkit::codec::sets::C0_CONTROL;
/// assert!(C0_CONTROL.contains(0x1F) && C0_CONTROL.contains(0x7F));
/// assert!(!C0_CONTROL.contains(b' '));
/// ```
pub const C0_CONTROL: EncodeSet = EncodeSet::EMPTY.add_range(0x00, 0x1F).add_range(0x7F, 0xFF);

/// WHATWG *fragment percent-encode set*: "the C0 control percent-encode set and U+0020 SPACE,
/// U+0022 ("), U+003C (<), U+003E (>), and U+0060 (`)".
///
/// <https://url.spec.whatwg.org/#fragment-percent-encode-set>
///
/// ```
/// use urlkit::codec::sets::FRAGMENT;
/// assert!(FRAGMENT.contains(b'`') && !FRAGMENT.contains(b'#'));
/// ```
pub const FRAGMENT: EncodeSet = C0_CONTROL.add_all(b" \"<>`");

/// WHATWG *query percent-encode set*: "the C0 control percent-encode set and U+0020 SPACE,
/// U+0022 ("), U+0023 (#), U+003C (<), and U+003E (>)".
///
/// <https://url.spec.whatwg.org/#query-percent-encode-set>
///
/// ```
/// use urlkit::codec::sets::QUERY;
/// assert!(QUERY.contains(b'#') && !QUERY.contains(b'\''));
/// ```
pub const QUERY: EncodeSet = C0_CONTROL.add_all(b" \"#<>");

/// WHATWG *special-query percent-encode set*: "the query percent-encode set and U+0027 (')".
///
/// Used for the query of special schemes (`http`, `https`, `ws`, `wss`, `ftp`, `file`).
/// <https://url.spec.whatwg.org/#special-query-percent-encode-set>
///
/// ```
/// use urlkit::codec::sets::SPECIAL_QUERY;
/// assert!(SPECIAL_QUERY.contains(b'\''));
/// ```
pub const SPECIAL_QUERY: EncodeSet = QUERY.add(b'\'');

/// WHATWG *path percent-encode set*: "the query percent-encode set and U+003F (?), U+005E (^),
/// U+0060 (`), U+007B ({), and U+007D (})".
///
/// <https://url.spec.whatwg.org/#path-percent-encode-set>
///
/// ```
/// use urlkit::codec::sets::PATH;
/// assert!(PATH.contains(b'?') && PATH.contains(b'^') && !PATH.contains(b'/'));
/// ```
pub const PATH: EncodeSet = QUERY.add_all(b"?^`{}");

/// WHATWG *userinfo percent-encode set*: "the path percent-encode set and U+002F (/), U+003A
/// (:), U+003B (;), U+003D (=), U+0040 (@), U+005B ([) to U+005E (^), inclusive, and U+007C
/// (|)".
///
/// <https://url.spec.whatwg.org/#userinfo-percent-encode-set>
///
/// ```
/// use urlkit::codec::sets::USERINFO;
/// assert!(USERINFO.contains(b'@') && USERINFO.contains(b'\\') && !USERINFO.contains(b'&'));
/// ```
pub const USERINFO: EncodeSet = PATH.add_all(b"/:;=@").add_range(b'[', b'^').add(b'|');

/// WHATWG *component percent-encode set*: "the userinfo percent-encode set and U+0024 ($) to
/// U+0026 (&), inclusive, U+002B (+), and U+002C (,)".
///
/// The standard notes that UTF-8 percent-encoding with this set gives the same result as
/// JavaScript's `encodeURIComponent()`.
/// <https://url.spec.whatwg.org/#component-percent-encode-set>
///
/// ```
/// use urlkit::codec::sets::COMPONENT;
/// assert!(COMPONENT.contains(b'%') && COMPONENT.contains(b'+') && !COMPONENT.contains(b'!'));
/// ```
pub const COMPONENT: EncodeSet = USERINFO.add_range(b'$', b'&').add_all(b"+,");

/// WHATWG *application/x-www-form-urlencoded percent-encode set*: "the component
/// percent-encode set and U+0021 (!), U+0027 (') to U+0029 RIGHT PARENTHESIS, inclusive, and
/// U+007E (~)".
///
/// The set contains U+0020 SPACE; the form serializer writes it as `+`
/// (see [`Encoder::form`](crate::codec::Encoder::form)), which this set alone does not say.
/// <https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set>
///
/// ```
/// use urlkit::codec::sets::FORM_URLENCODED;
/// assert!(FORM_URLENCODED.contains(b'~') && !FORM_URLENCODED.contains(b'*'));
/// ```
pub const FORM_URLENCODED: EncodeSet = COMPONENT.add(b'!').add_range(b'\'', b')').add(b'~');

// ---------------------------------------------------------------------------------------------
// RFC 3986: https://www.rfc-editor.org/rfc/rfc3986#section-2
// ---------------------------------------------------------------------------------------------

/// The RFC 3986 `unreserved` characters: `ALPHA / DIGIT / "-" / "." / "_" / "~"` (§2.3).
const UNRESERVED_CHARS: EncodeSet = EncodeSet::of_class(chars::UNRESERVED);

/// RFC 3986 `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
/// (§2.2).
const SUB_DELIMS_CHARS: EncodeSet = EncodeSet::of_class(chars::SUB_DELIM);

/// Encodes every byte except RFC 3986 `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
/// (§2.3).
///
/// This is the safest set for data placed in any component, and the output of PHP's
/// `rawurlencode`, Python's `quote(s, safe='')` and MDN's `encodeRFC3986URIComponent`.
/// <https://www.rfc-editor.org/rfc/rfc3986#section-2.3>
///
/// ```
/// use urlkit::codec::sets::UNRESERVED;
/// assert!(!UNRESERVED.contains(b'~') && UNRESERVED.contains(b'!') && UNRESERVED.contains(b' '));
/// ```
pub const UNRESERVED: EncodeSet = UNRESERVED_CHARS.complement();

/// Encodes every byte except RFC 3986 `pchar = unreserved / pct-encoded / sub-delims / ":" /
/// "@"` (§3.3).
///
/// `%` is encoded: the input is data, so a `%` in it is data too.
/// <https://www.rfc-editor.org/rfc/rfc3986#section-3.3>
///
/// ```
/// use urlkit::codec::sets::PCHAR;
/// assert!(!PCHAR.contains(b':') && !PCHAR.contains(b'=') && PCHAR.contains(b'/'));
/// ```
pub const PCHAR: EncodeSet =
    EncodeSet::of_class(chars::UNRESERVED | chars::SUB_DELIM | chars::COLON_AT).complement();

/// Encodes every byte except those of RFC 3986 `segment-nz-nc = 1*( unreserved / pct-encoded /
/// sub-delims / "@" )` (§3.3): [`PCHAR`] with `:` encoded as well.
///
/// # Rationale
///
/// A value put into one path segment must not add a `/`; it must not add a `:`
/// either when the segment may become the first one of a relative reference, where
/// `a:b` would read as a scheme. Encoding `:` is always correct and makes the segment safe in
/// every position, so that is this set; use [`PCHAR`] to keep `:`.
/// <https://www.rfc-editor.org/rfc/rfc3986#section-3.3>
///
/// ```
/// use urlkit::codec::sets::PATH_SEGMENT;
/// assert!(PATH_SEGMENT.contains(b':') && PATH_SEGMENT.contains(b'/') && !PATH_SEGMENT.contains(b'@'));
/// ```
pub const PATH_SEGMENT: EncodeSet = PCHAR.add(b':');

/// Encodes every byte except RFC 3986 `query = *( pchar / "/" / "?" )` (§3.4).
///
/// <https://www.rfc-editor.org/rfc/rfc3986#section-3.4>
///
/// ```
/// use urlkit::codec::sets::RFC3986_QUERY;
/// assert!(!RFC3986_QUERY.contains(b'?') && RFC3986_QUERY.contains(b'#'));
/// ```
pub const RFC3986_QUERY: EncodeSet = PCHAR.remove_all(b"/?");

/// Encodes every byte except RFC 3986 `fragment = *( pchar / "/" / "?" )` (§3.5).
///
/// <https://www.rfc-editor.org/rfc/rfc3986#section-3.5>
///
/// ```
/// use urlkit::codec::sets::RFC3986_FRAGMENT;
/// assert!(!RFC3986_FRAGMENT.contains(b'/') && RFC3986_FRAGMENT.contains(b'#'));
/// ```
pub const RFC3986_FRAGMENT: EncodeSet = PCHAR.remove_all(b"/?");

/// Encodes every byte except RFC 3986 `userinfo = *( unreserved / pct-encoded / sub-delims /
/// ":" )` (§3.2.1).
///
/// <https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1>
///
/// ```
/// use urlkit::codec::sets::RFC3986_USERINFO;
/// assert!(!RFC3986_USERINFO.contains(b':') && RFC3986_USERINFO.contains(b'@'));
/// ```
pub const RFC3986_USERINFO: EncodeSet = UNRESERVED_CHARS
    .union(SUB_DELIMS_CHARS)
    .add(b':')
    .complement();

// ---------------------------------------------------------------------------------------------
// RFC 8187 (Content-Disposition filename*, and other extended header parameters)
// ---------------------------------------------------------------------------------------------

/// Encodes every byte except RFC 8187 `attr-char = ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+"
/// / "-" / "." / "^" / "_" / "`" / "|" / "~"` (§3.2.1).
///
/// <https://www.rfc-editor.org/rfc/rfc8187#section-3.2.1>
///
/// ```
/// use urlkit::codec::sets::ATTR_CHAR;
/// assert!(!ATTR_CHAR.contains(b'|') && ATTR_CHAR.contains(b'*') && ATTR_CHAR.contains(b'\''));
/// ```
pub const ATTR_CHAR: EncodeSet = EncodeSet::EMPTY
    .add_range(b'A', b'Z')
    .add_range(b'a', b'z')
    .add_range(b'0', b'9')
    .add_all(b"!#$&+-.^_`|~")
    .complement();

/// A named set, as the command line and other text interfaces spell it.
///
/// ```
/// use urlkit::codec::sets::{NamedSet, COMPONENT};
/// assert_eq!(NamedSet::from_name("component").map(NamedSet::set), Some(COMPONENT));
/// assert_eq!(NamedSet::Component.name(), "component");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NamedSet {
    /// [`UNRESERVED`]
    Unreserved,
    /// [`COMPONENT`]
    Component,
    /// [`PATH`]
    Path,
    /// [`QUERY`]
    Query,
    /// [`SPECIAL_QUERY`]
    SpecialQuery,
    /// [`FRAGMENT`]
    Fragment,
    /// [`USERINFO`]
    Userinfo,
    /// [`FORM_URLENCODED`], with space written as `+`.
    Form,
    /// [`C0_CONTROL`]
    C0,
    /// [`PCHAR`]
    Pchar,
    /// [`PATH_SEGMENT`]
    PathSegment,
    /// [`ATTR_CHAR`]
    AttrChar,
}

impl NamedSet {
    /// Every named set, in the order the command line lists them.
    ///
    /// ```
    /// use urlkit::codec::sets::NamedSet;
    /// assert_eq!(NamedSet::ALL[0], NamedSet::Unreserved);
    /// ```
    pub const ALL: [NamedSet; 12] = [
        NamedSet::Unreserved,
        NamedSet::Component,
        NamedSet::Path,
        NamedSet::Query,
        NamedSet::SpecialQuery,
        NamedSet::Fragment,
        NamedSet::Userinfo,
        NamedSet::Form,
        NamedSet::C0,
        NamedSet::Pchar,
        NamedSet::PathSegment,
        NamedSet::AttrChar,
    ];

    /// The kebab-case name (`special-query`).
    ///
    /// ```
    /// use urlkit::codec::sets::NamedSet;
    /// assert_eq!(NamedSet::SpecialQuery.name(), "special-query");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            NamedSet::Unreserved => "unreserved",
            NamedSet::Component => "component",
            NamedSet::Path => "path",
            NamedSet::Query => "query",
            NamedSet::SpecialQuery => "special-query",
            NamedSet::Fragment => "fragment",
            NamedSet::Userinfo => "userinfo",
            NamedSet::Form => "form",
            NamedSet::C0 => "c0",
            NamedSet::Pchar => "pchar",
            NamedSet::PathSegment => "path-segment",
            NamedSet::AttrChar => "attr-char",
        }
    }

    /// The set of that name, if there is one.
    ///
    /// ```
    /// use urlkit::codec::sets::NamedSet;
    /// assert_eq!(NamedSet::from_name("attr-char"), Some(NamedSet::AttrChar));
    /// assert_eq!(NamedSet::from_name("Path"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<NamedSet> {
        NamedSet::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The encode set itself.
    ///
    /// ```
    /// use urlkit::codec::sets::{NamedSet, FORM_URLENCODED};
    /// assert_eq!(NamedSet::Form.set(), FORM_URLENCODED);
    /// ```
    pub const fn set(self) -> EncodeSet {
        match self {
            NamedSet::Unreserved => UNRESERVED,
            NamedSet::Component => COMPONENT,
            NamedSet::Path => PATH,
            NamedSet::Query => QUERY,
            NamedSet::SpecialQuery => SPECIAL_QUERY,
            NamedSet::Fragment => FRAGMENT,
            NamedSet::Userinfo => USERINFO,
            NamedSet::Form => FORM_URLENCODED,
            NamedSet::C0 => C0_CONTROL,
            NamedSet::Pchar => PCHAR,
            NamedSet::PathSegment => PATH_SEGMENT,
            NamedSet::AttrChar => ATTR_CHAR,
        }
    }

    /// Where the set is defined, as a link.
    ///
    /// ```
    /// use urlkit::codec::sets::NamedSet;
    /// assert!(NamedSet::Pchar.spec().contains("rfc3986"));
    /// ```
    pub const fn spec(self) -> &'static str {
        match self {
            NamedSet::Unreserved => "https://www.rfc-editor.org/rfc/rfc3986#section-2.3",
            NamedSet::Component => "https://url.spec.whatwg.org/#component-percent-encode-set",
            NamedSet::Path => "https://url.spec.whatwg.org/#path-percent-encode-set",
            NamedSet::Query => "https://url.spec.whatwg.org/#query-percent-encode-set",
            NamedSet::SpecialQuery => {
                "https://url.spec.whatwg.org/#special-query-percent-encode-set"
            }
            NamedSet::Fragment => "https://url.spec.whatwg.org/#fragment-percent-encode-set",
            NamedSet::Userinfo => "https://url.spec.whatwg.org/#userinfo-percent-encode-set",
            NamedSet::Form => {
                "https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set"
            }
            NamedSet::C0 => "https://url.spec.whatwg.org/#c0-control-percent-encode-set",
            NamedSet::Pchar => "https://www.rfc-editor.org/rfc/rfc3986#section-3.3",
            NamedSet::PathSegment => "https://www.rfc-editor.org/rfc/rfc3986#section-3.3",
            NamedSet::AttrChar => "https://www.rfc-editor.org/rfc/rfc8187#section-3.2.1",
        }
    }

    /// The encoder this name stands for: the set, with space as `+` for [`NamedSet::Form`].
    ///
    /// ```
    /// use urlkit::codec::sets::NamedSet;
    /// assert_eq!(NamedSet::Form.encoder().encode_str("a b"), "a+b");
    /// assert_eq!(NamedSet::Component.encoder().encode_str("a b"), "a%20b");
    /// ```
    pub const fn encoder(self) -> crate::codec::Encoder {
        match self {
            NamedSet::Form => crate::codec::Encoder::form(),
            other => crate::codec::Encoder::new(other.set()),
        }
    }
}
