//! The parameters some foreign functions take: Python's `safe`, `encoding` and `errors`.

/// The parameters of a flavor call; only the flavors that have the parameter read it.
///
/// ```
/// use urlkit::flavor::{Flavor, Input, Params, PyEncoding, PyErrors};
/// let p = Params::default().safe("").encoding(PyEncoding::Latin1).errors(PyErrors::Replace);
/// assert_eq!(Flavor::PythonQuote.encode_with(Input::Text("ü/漢"), &p).unwrap(), "%FC%2F%3F");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Params {
    safe: Option<String>,
    encoding: Option<PyEncoding>,
    errors: Option<PyErrors>,
}

impl Params {
    /// Python's `safe`: ASCII characters kept as they are, besides the always-safe
    /// `A-Za-z0-9_.-~` (default `/` for `quote`, empty for `quote_plus` and `urlencode`).
    /// Non-ASCII characters in `safe` are ignored, as Python ignores them.
    #[must_use]
    pub fn safe(mut self, chars: &str) -> Params {
        self.safe = Some(chars.to_owned());
        self
    }

    /// Python's `encoding` (default UTF-8).
    #[must_use]
    pub fn encoding(mut self, encoding: PyEncoding) -> Params {
        self.encoding = Some(encoding);
        self
    }

    /// Python's `errors` (default `strict` when encoding, `replace` when decoding).
    #[must_use]
    pub fn errors(mut self, errors: PyErrors) -> Params {
        self.errors = Some(errors);
        self
    }

    /// The `safe` given, if any.
    pub fn safe_chars(&self) -> Option<&str> {
        self.safe.as_deref()
    }

    /// The `encoding` given, if any.
    pub fn encoding_choice(&self) -> Option<PyEncoding> {
        self.encoding
    }

    /// The `errors` given, if any.
    pub fn errors_choice(&self) -> Option<PyErrors> {
        self.errors
    }
}

/// The Python codecs urlkit reproduces for `encoding=`.
///
/// ```
/// use urlkit::flavor::PyEncoding;
/// assert_eq!(PyEncoding::from_name("latin-1"), Some(PyEncoding::Latin1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PyEncoding {
    /// `utf-8`
    #[default]
    Utf8,
    /// `latin-1` (ISO-8859-1: code points U+0000..U+00FF as one byte each).
    Latin1,
    /// `ascii`
    Ascii,
}

impl PyEncoding {
    /// Python's canonical codec name, as its error messages spell it.
    pub const fn name(self) -> &'static str {
        match self {
            PyEncoding::Utf8 => "utf-8",
            PyEncoding::Latin1 => "latin-1",
            PyEncoding::Ascii => "ascii",
        }
    }

    /// The codec for one of the names Python accepts for it (case-insensitive, `-`/`_`).
    pub fn from_name(name: &str) -> Option<PyEncoding> {
        let n = name.to_ascii_lowercase().replace('_', "-");
        match n.as_str() {
            "utf-8" | "utf8" | "u8" => Some(PyEncoding::Utf8),
            "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" | "l1" => Some(PyEncoding::Latin1),
            "ascii" | "us-ascii" => Some(PyEncoding::Ascii),
            _ => None,
        }
    }

    /// The highest code point this codec can write as one character (`None` for UTF-8).
    pub(crate) const fn limit(self) -> Option<(u32, &'static str)> {
        match self {
            PyEncoding::Utf8 => None,
            PyEncoding::Latin1 => Some((0x100, "ordinal not in range(256)")),
            PyEncoding::Ascii => Some((0x80, "ordinal not in range(128)")),
        }
    }
}

/// Python's error handlers (`errors=`).
///
/// ```
/// use urlkit::flavor::PyErrors;
/// assert_eq!(PyErrors::from_name("replace"), Some(PyErrors::Replace));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PyErrors {
    /// `strict`: raise.
    Strict,
    /// `replace`: `?` when encoding, U+FFFD when decoding.
    Replace,
    /// `ignore`: drop.
    Ignore,
    /// `xmlcharrefreplace` (encoding only): `&#NNNN;`.
    XmlCharRefReplace,
}

impl PyErrors {
    /// The handler of that name.
    pub fn from_name(name: &str) -> Option<PyErrors> {
        match name {
            "strict" => Some(PyErrors::Strict),
            "replace" => Some(PyErrors::Replace),
            "ignore" => Some(PyErrors::Ignore),
            "xmlcharrefreplace" => Some(PyErrors::XmlCharRefReplace),
            _ => None,
        }
    }

    /// Python's name.
    pub const fn name(self) -> &'static str {
        match self {
            PyErrors::Strict => "strict",
            PyErrors::Replace => "replace",
            PyErrors::Ignore => "ignore",
            PyErrors::XmlCharRefReplace => "xmlcharrefreplace",
        }
    }
}
