//! The records of the comparison ladder: `normalize`, `key`, `dedupe`, `compare`.

use serde::Serialize;
use urlkit::compare::Comparison;
use urlkit::normalize::{normalize, Form, Level, Options};

use crate::envelope::True;
use crate::text::{display_width, escape_controls, Style};

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
    /// The record of comparing `a` and `b` as `c` says, with the report in words (never
    /// coloured: JSON is read by programs) and what Unicode normalization would change.
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options};
    /// let c = urlkit::compare::compare("http://A/", "http://b/", &Options::new(Level::Safe)).unwrap();
    /// let r = urlkit_records::compare::Compare::build("http://A/ http://b/", "http://A/", "http://b/", &c);
    /// assert!(r.report.starts_with("different at safe"));
    /// ```
    pub fn build(input: impl Into<String>, a: &str, b: &str, c: &Comparison) -> Compare {
        let text = report(c, a, b, &Style::plain()).trim_end().to_owned();
        Compare::new(input, a, b, c, text, unicode_forms(c, a, b))
    }

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

/// When two different URLs read the same once both are in Unicode Normalization Form C: which
/// form each is in (`A is NFC, B is NFD`).
///
/// ```
/// use urlkit::normalize::{Level, Options};
/// let (a, b) = ("http://a/caf\u{e9}", "http://a/cafe\u{301}");
/// let c = urlkit::compare::compare(a, b, &Options::new(Level::Safe)).unwrap();
/// assert_eq!(urlkit_records::compare::unicode_forms(&c, a, b).as_deref(), Some("A is NFC, B is NFD"));
/// ```
///
/// # Rationale
///
/// No level of the ladder applies Unicode normalization: `café` and `cafe\u{301}` are
/// different characters to every URL parser and server. But they look the same, so the
/// report says why they differ instead of leaving the user to stare at two equal strings.
pub fn unicode_forms(c: &Comparison, a: &str, b: &str) -> Option<String> {
    use unicode_normalization::{is_nfc, UnicodeNormalization};
    if c.equal {
        return None;
    }
    let readable = |t: &str| {
        normalize(t, &Options::new(Level::Safe), Form::Iri).unwrap_or_else(|_| t.to_owned())
    };
    let (ra, rb) = (readable(a), readable(b));
    if ra == rb || ra.nfc().collect::<String>() != rb.nfc().collect::<String>() {
        return None;
    }
    let form = |t: &str| {
        if is_nfc(t) {
            "NFC"
        } else if unicode_normalization::is_nfd(t) {
            "NFD"
        } else {
            "neither NFC nor NFD"
        }
    };
    Some(format!("A is {}, B is {}", form(&ra), form(&rb)))
}

/// The human report of a comparison: verdict, rules, browser view, and the located
/// difference (the text form of `urlkit compare A B`).
///
/// ```
/// use urlkit::normalize::{Level, Options};
/// let c = urlkit::compare::compare("http://a/%7e", "http://a/~", &Options::new(Level::Safe)).unwrap();
/// let text = urlkit_records::compare::report(&c, "http://a/%7e", "http://a/~", &urlkit_records::text::Style::plain());
/// assert!(text.starts_with("equal at safe"));
/// ```
pub fn report(c: &Comparison, a: &str, b: &str, style: &Style) -> String {
    let mut s = String::new();
    let lowest = c
        .lowest_equal_level
        .map_or("at no level".to_owned(), |l| format!("from level {l} up"));
    if c.equal {
        s.push_str(&format!(
            "{} at {} ({lowest})\n",
            style.good("equal"),
            c.level
        ));
    } else {
        s.push_str(&format!(
            "{} at {} (equal {lowest})\n",
            style.error("different"),
            c.level
        ));
    }
    if !c.rules.is_empty() {
        s.push_str("made equal by:\n");
        for r in &c.rules {
            let pad = " ".repeat(20usize.saturating_sub(r.name().len()));
            s.push_str(&format!(
                "  {}{pad}{}\n",
                style.bold(r.name()),
                style.dim(r.describe())
            ));
        }
    }
    match c.whatwg_equal {
        Some(true) => s.push_str("a browser (WHATWG URL) sees the same URL\n"),
        Some(false) => s.push_str("a browser (WHATWG URL) sees two different URLs\n"),
        None => s.push_str("a browser (WHATWG URL) rejects at least one of them\n"),
    }
    if let Some(forms) = unicode_forms(c, a, b) {
        s.push_str(&format!(
            "{}\n",
            style.highlight(&format!(
                "the two differ only by Unicode normalization: {forms} (macOS writes file \
                 names in NFD); no level equates them, normalize both to NFC first"
            ))
        ));
    }
    if let Some(d) = &c.difference {
        s.push_str(&format!("{}\n", d.message));
        for (label, text, off) in [("A", a, d.offset_a), ("B", b, d.offset_b)] {
            let shown = escape_controls(text);
            let before = text.get(..off.min(text.len())).unwrap_or(text);
            // Columns, not characters: a caret after ブログ must skip two per character.
            let width = display_width(&escape_controls(before));
            s.push_str(&format!("  {label}: {shown}\n"));
            s.push_str(&format!(
                "     {}{}\n",
                " ".repeat(width),
                style.highlight("^")
            ));
        }
    }
    s
}

/// `urlkit compare --json A B` at `options`: the record, or the failure of the URL that
/// cannot be keyed (its `input` is that URL, its message says which side).
///
/// ```
/// use urlkit::normalize::{Level, Options};
/// let r = urlkit_records::compare::record("http://a/", "http://a/%zz", &Options::new(Level::Safe));
/// assert_eq!(serde_json::to_value(&r).unwrap()["input"], "http://a/%zz");
/// ```
pub fn record(a: &str, b: &str, options: &Options) -> crate::Record<Compare> {
    match urlkit::compare::compare(a, b, options) {
        Ok(c) => crate::Record::Ok(Compare::build(format!("{a} {b}"), a, b, &c)),
        Err(e) => {
            let mut f = crate::Failure::from(&e.error);
            f.message = format!("{} ({})", f.message, e.side.name());
            let input = match e.side {
                urlkit::compare::Side::A => a,
                urlkit::compare::Side::B => b,
            };
            crate::Record::Failed(crate::Failed::new(input, f).level(options.level().name()))
        }
    }
}

/// `urlkit key --json URL` (`form` `None`) or `urlkit normalize --json --to FORM URL` at
/// `options`, for one URL given whole: trimmed first by the one policy of every door
/// ([`urlkit_sources::trim_str`]: a byte order mark, the whitespace around it), and the record
/// of what was kept.
///
/// ```
/// use urlkit::normalize::{Form, Level, Options};
/// use urlkit_records::compare::leveled;
/// let r = leveled(" HTTP://a/%7e ", &Options::new(Level::Safe), None);
/// assert_eq!(
///     serde_json::to_string(&r).unwrap(),
///     r#"{"input":"HTTP://a/%7e","level":"safe","ok":true,"output":"http://a/~"}"#
/// );
/// let r = leveled("http://[::1", &Options::new(Level::Safe), Some(Form::Iri));
/// assert_eq!(serde_json::to_value(&r).unwrap()["error"]["kind"], "invalid-ip-literal");
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6>
pub fn leveled(url: &str, options: &Options, form: Option<Form>) -> crate::Record<Leveled> {
    let (url, _) = urlkit_sources::trim_str(url, urlkit_sources::Content::Url);
    let level = options.level().name();
    let answer = match form {
        None => urlkit::normalize::key(url, options),
        Some(form) => normalize(url, options, form),
    };
    match answer {
        Ok(output) => crate::Record::Ok(Leveled::new(url, level, output)),
        Err(e) => {
            crate::Record::Failed(crate::Failed::new(url, crate::Failure::from(&e)).level(level))
        }
    }
}
