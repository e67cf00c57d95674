//! The records of `urlkit reconcile --matrix`: the sources, the patterns of presence and one
//! line per distinct page.

use serde::Serialize;

use crate::check::Live;

/// One line of `reconcile --matrix --format json`; `type` says which.
///
/// ```
/// use urlkit_records::presence::{PresenceLine, PresencePage};
/// let page = PresencePage { key: "https://a/".into(), sources: vec![1, 3], spellings: vec![Some("https://a/".into()), None, Some("https://A/".into())], live: None };
/// assert_eq!(
///     serde_json::to_string(&PresenceLine::Page(page)).unwrap(),
///     r#"{"type":"page","key":"https://a/","sources":[1,3],"spellings":["https://a/",null,"https://A/"]}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum PresenceLine {
    /// A source, in the order given (first).
    Source(PresenceSource),
    /// A pattern of presence (after the sources).
    Pattern(PresencePattern),
    /// A distinct page (last, in order of first appearance).
    Page(PresencePage),
    /// A URL that has no key at the level (it is in no row).
    Invalid(PresenceInvalid),
}

/// A source of the matrix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PresenceSource {
    /// Its number (1-based), as the pages' `sources` name it.
    pub index: usize,
    /// The source as given.
    pub name: String,
    /// `list`, `rest` or `sitemap`.
    pub role: &'static str,
    /// The URLs read from it.
    pub records: u64,
    /// The distinct pages among them.
    pub pages: usize,
}

/// The pages in exactly these sources.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PresencePattern {
    /// The sources (1-based).
    pub sources: Vec<usize>,
    /// How many pages.
    pub pages: usize,
    /// What it probably means, when the roles of the sources say.
    pub meaning: Option<&'static str>,
}

/// One distinct page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PresencePage {
    /// Its comparison key.
    pub key: String,
    /// The sources it is in (1-based).
    pub sources: Vec<usize>,
    /// Per source, how it is spelled there (`null`: not there).
    pub spellings: Vec<Option<String>>,
    /// With `--verify`: what the live site answered for the page's first spelling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub live: Option<Live>,
}

/// A URL without a key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PresenceInvalid {
    /// Its source (1-based).
    pub source: usize,
    /// Where in it.
    pub position: String,
    /// The URL as written.
    pub url: String,
    /// Why it has no key.
    pub error: String,
}
