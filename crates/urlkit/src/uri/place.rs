//! Where in a URL something is: a component, or one parameter of the query.

use std::fmt;

use super::Component;

/// The part of a URL a finding or an error is about: a [`Component`], a query parameter by
/// name, or the URL as a whole.
///
/// Its text form (`host`, `query:q`, `url`) is what `--json` and SARIF write; in Rust it is
/// typed, so nobody parses `"query:q"` back.
///
/// ```
/// use urlkit::uri::{Component, Place};
/// assert_eq!(Place::In(Component::Host).to_string(), "host");
/// assert_eq!(Place::Param("q".into()).to_string(), "query:q");
/// assert_eq!(Place::Param("q".into()).component(), Some(Component::Query));
/// assert_eq!(Place::Url.component(), None);
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-3>
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    /// The URL as a whole (a finding about several components, or none).
    Url,
    /// One component (in the query: between parameters, or the query as a whole).
    In(Component),
    /// The query parameter of this name (its name as written, escapes and all).
    Param(String),
}

impl Place {
    /// The component, `None` for the whole URL.
    pub fn component(&self) -> Option<Component> {
        match self {
            Place::Url => None,
            Place::In(c) => Some(*c),
            Place::Param(_) => Some(Component::Query),
        }
    }

    /// The name of the query parameter, if it is one.
    ///
    /// ```
    /// use urlkit::uri::Place;
    /// assert_eq!(Place::Param("utm".into()).param(), Some("utm"));
    /// ```
    pub fn param(&self) -> Option<&str> {
        match self {
            Place::Param(name) => Some(name),
            _ => None,
        }
    }
}

impl From<Component> for Place {
    fn from(c: Component) -> Place {
        Place::In(c)
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Url => f.write_str("url"),
            Place::In(c) => f.write_str(c.name()),
            Place::Param(name) => write!(f, "query:{name}"),
        }
    }
}
