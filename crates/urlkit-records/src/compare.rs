//! The records of the comparison ladder: `normalize`, `key`, `dedupe`, `compare`.

use serde::Serialize;

use crate::envelope::True;

/// `urlkit normalize --json` and `urlkit key --json`: `{"input", "level", "ok", "output"}`.
///
/// ```
/// let r = urlkit_records::compare::Leveled::new("HTTP://a/", "safe", "http://a/");
/// assert_eq!(r.level, "safe");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Leveled {
    /// The input as text.
    pub input: String,
    /// The level's name.
    pub level: &'static str,
    /// `true`.
    pub ok: True,
    /// The normalized URL, or the key.
    pub output: String,
}

impl Leveled {
    /// `input` normalized or keyed at `level` to `output`.
    pub fn new(input: impl Into<String>, level: &'static str, output: impl Into<String>) -> Self {
        Leveled {
            input: input.into(),
            level,
            ok: True,
            output: output.into(),
        }
    }
}

/// `urlkit dedupe --json`: one record per distinct URL, `{"count", "input" (the first
/// spelling), "level", "line"? (of the first spelling, from stdin), "ok", "output" (the key)}`.
///
/// ```
/// let r = urlkit_records::compare::Dedupe {
///     count: 2, input: "http://a/".into(), level: "safe", line: Some(1),
///     ok: urlkit_records::True, output: "http://a/".into(),
/// };
/// assert_eq!(
///     serde_json::to_string(&r).unwrap(),
///     r#"{"count":2,"input":"http://a/","level":"safe","line":1,"ok":true,"output":"http://a/"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Dedupe {
    /// How many input lines have this key.
    pub count: u64,
    /// The first spelling.
    pub input: String,
    /// The level's name.
    pub level: &'static str,
    /// The stdin line of the first spelling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// `true`.
    pub ok: True,
    /// The key.
    pub output: String,
}

/// Where two URLs really differ: `{"component", "message", "offset_a", "offset_b"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The component's name (`scheme`, `host`, `path`, ...).
    pub component: String,
    /// What differs, in words.
    pub message: String,
    /// The byte offset in the first URL.
    pub offset_a: usize,
    /// The byte offset in the second URL.
    pub offset_b: usize,
}

impl From<&urlkit::compare::Difference> for Difference {
    fn from(d: &urlkit::compare::Difference) -> Difference {
        Difference {
            component: d.component.name().to_owned(),
            message: d.message.clone(),
            offset_a: d.offset_a,
            offset_b: d.offset_b,
        }
    }
}

/// `urlkit compare --json`: the verdict, the lowest equal level, the rules, the difference,
/// the report in words, and what a browser sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Compare {
    /// The first URL.
    pub a: String,
    /// The second URL.
    pub b: String,
    /// Where they really differ, when they are not equal.
    pub difference: Option<Difference>,
    /// Equal at the asked level.
    pub equal: bool,
    /// The input as text (`A B`, or the stdin line).
    pub input: String,
    /// The asked level.
    pub level: &'static str,
    /// The lowest level at which they are equal.
    pub lowest_equal_level: Option<&'static str>,
    /// `true`.
    pub ok: True,
    /// `equal` or `different`.
    pub output: &'static str,
    /// The human report, never coloured.
    pub report: String,
    /// The rules that made them equal.
    pub rules: Vec<&'static str>,
    /// `A is NFC, B is NFD` when they differ only by Unicode normalization.
    pub unicode_normalization: Option<String>,
    /// Whether a browser sees the same URL (`null`: it rejects one of them).
    pub whatwg_equal: Option<bool>,
}

impl Compare {
    /// The record of comparing `a` and `b` (`input` as the record shows them); `report` and
    /// `unicode_normalization` are the text forms the door wrote.
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options};
    /// let c = urlkit::compare::compare("http://A/", "http://a/", &Options::new(Level::Safe)).unwrap();
    /// let r = urlkit_records::compare::Compare::new("http://A/ http://a/", "http://A/", "http://a/", &c, String::new(), None);
    /// assert_eq!(r.output, "equal");
    /// assert_eq!(r.lowest_equal_level, Some("safe"));
    /// ```
    pub fn new(
        input: impl Into<String>,
        a: &str,
        b: &str,
        c: &urlkit::compare::Comparison,
        report: String,
        unicode_normalization: Option<String>,
    ) -> Compare {
        Compare {
            a: a.to_owned(),
            b: b.to_owned(),
            difference: c.difference.as_ref().map(Difference::from),
            equal: c.equal,
            input: input.into(),
            level: c.level.name(),
            lowest_equal_level: c.lowest_equal_level.map(|l| l.name()),
            ok: True,
            output: if c.equal { "equal" } else { "different" },
            report,
            rules: c.rules.iter().map(|r| r.name()).collect(),
            unicode_normalization,
            whatwg_equal: c.whatwg_equal,
        }
    }
}
