//! A flavor named by a person: its full name (`js.encodeURIComponent`), or the bare function
//! name a web developer types (`encodeURIComponent`, `QueryEscape`), looked up once for every
//! door (the CLI's `--as`, Python's `as_=`).

use super::{Direction, Flavor};

/// What a name given for one direction names.
///
/// ```
/// use urlkit::flavor::{Direction, Flavor, FlavorName};
/// let look = |n| Flavor::lookup(n, Direction::Encode);
/// assert_eq!(look("js.encodeURIComponent"), FlavorName::Exact(Flavor::JsEncodeUriComponent));
/// assert_eq!(look("encodeURIComponent"), FlavorName::Alias(Flavor::JsEncodeUriComponent));
/// assert_eq!(look("js.decodeURIComponent"), FlavorName::OtherDirection(Flavor::JsDecodeUriComponent));
/// // URLSearchParams both serializes and parses: the name means the side asked for.
/// assert_eq!(Flavor::lookup("js.URLSearchParams", Direction::Decode), FlavorName::Exact(Flavor::JsUrlSearchParamsGet));
/// assert!(matches!(look("urlencode"), FlavorName::Ambiguous(_)));
/// assert_eq!(look("klingon"), FlavorName::Unknown);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlavorName {
    /// The flavor's full name.
    Exact(Flavor),
    /// A bare name (a tail after a `.`, ASCII case-insensitive) that only this flavor of the
    /// direction has: read as it, and a door says so.
    Alias(Flavor),
    /// The full name of a flavor of the other direction (a decoder given to an encoder).
    OtherDirection(Flavor),
    /// A bare name that several flavors of the direction have.
    Ambiguous(Vec<Flavor>),
    /// No flavor has this name.
    Unknown,
}

impl Flavor {
    /// What `name` names among the flavors of `direction`.
    ///
    /// # Rationale
    ///
    /// A web developer types the function's own name; when one flavor has it, guessing the
    /// language is safe, and said. When several have it (`urlencode`: PHP and Python), the
    /// answer lists them instead of picking one.
    pub fn lookup(name: &str, direction: Direction) -> FlavorName {
        if let Some(f) = Flavor::from_name(name) {
            // One foreign object that both encodes and decodes (URLSearchParams): its name
            // means the side asked for.
            let side = Some(f)
                .filter(|f| f.direction() == direction)
                .or_else(|| f.counterpart().filter(|c| c.direction() == direction));
            return match side {
                Some(f) => FlavorName::Exact(f),
                None => FlavorName::OtherDirection(f),
            };
        }
        let by_tail: Vec<Flavor> = Flavor::ALL
            .into_iter()
            .filter(|f| f.direction() == direction)
            .filter(|f| tails(f.name()).any(|t| t.eq_ignore_ascii_case(name)))
            .collect();
        match by_tail.as_slice() {
            [] => FlavorName::Unknown,
            [one] => FlavorName::Alias(*one),
            _ => FlavorName::Ambiguous(by_tail),
        }
    }
}

/// The bare names a flavor answers to: every tail after a `.` (`ruby.CGI.escape`:
/// `CGI.escape`, `escape`).
fn tails(name: &str) -> impl Iterator<Item = &str> {
    name.match_indices('.').map(move |(i, _)| &name[i + 1..])
}

#[cfg(test)]
mod tests {
    #[test]
    fn tails_are_every_suffix_after_a_dot() {
        let t: Vec<&str> = super::tails("ruby.CGI.escape").collect();
        assert_eq!(t, ["CGI.escape", "escape"]);
        let t: Vec<&str> = super::tails("js.encodeURIComponent").collect();
        assert_eq!(t, ["encodeURIComponent"]);
    }
}
