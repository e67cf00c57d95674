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
    ///
    /// ```
    /// use urlkit::flavor::{Flavor, Input, Params, PyEncoding, PyErrors};
    /// assert_eq!(Flavor::PythonQuotePlus.encode_with(Input::Text("a/b c"), &Params::default().safe("/")).unwrap(), "a/b+c");
    /// ```
    #[must_use]
    pub fn safe(mut self, chars: &str) -> Params {
        self.safe = Some(chars.to_owned());
        self
    }

    /// Python's `encoding` (default UTF-8).
    ///
    /// ```
    /// use urlkit::flavor::{Flavor, Input, Params, PyEncoding, PyErrors};
    /// assert_eq!(Flavor::PythonQuote.encode_with(Input::Text("é"), &Params::default().encoding(PyEncoding::Latin1)).unwrap(), "%E9");
    /// ```
    #[must_use]
    pub fn encoding(mut self, encoding: PyEncoding) -> Params {
        self.encoding = Some(encoding);
        self
    }

    /// Python's `errors` (default `strict` when encoding, `replace` when decoding).
    ///
    /// ```
    /// use urlkit::flavor::{Flavor, Input, Params, PyEncoding, PyErrors};
    /// assert_eq!(Flavor::PythonUnquote.decode_with(Input::Text("a%FF"), &Params::default().errors(PyErrors::Ignore)).unwrap().to_string_lossy(), "a");
    /// ```
    #[must_use]
    pub fn errors(mut self, errors: PyErrors) -> Params {
        self.errors = Some(errors);
        self
    }

    /// The `safe` given, if any.
    ///
    /// ```
    /// use urlkit::flavor::{Params, PyErrors};
    /// assert_eq!(Params::default().safe("/:").safe_chars(), Some("/:"));
    /// ```
    pub fn safe_chars(&self) -> Option<&str> {
        self.safe.as_deref()
    }

    /// The `encoding` given, if any.
    ///
    /// ```
    /// use urlkit::flavor::{Params, PyErrors};
    /// assert_eq!(Params::default().encoding_choice(), None);
    /// ```
    pub fn encoding_choice(&self) -> Option<PyEncoding> {
        self.encoding
    }

    /// The `errors` given, if any.
    ///
    /// ```
    /// use urlkit::flavor::{Params, PyErrors};
    /// assert_eq!(Params::default().errors(PyErrors::Ignore).errors_choice(), Some(PyErrors::Ignore));
    /// ```
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
    ///
    /// ```
    /// assert_eq!(urlkit::flavor::PyEncoding::Latin1.name(), "latin-1");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            PyEncoding::Utf8 => "utf-8",
            PyEncoding::Latin1 => "latin-1",
            PyEncoding::Ascii => "ascii",
        }
    }

    /// The codec for one of the names Python accepts for it (case-insensitive, `-`/`_`).
    ///
    /// ```
    /// use urlkit::flavor::PyEncoding;
    /// assert_eq!(PyEncoding::from_name("UTF_8"), Some(PyEncoding::Utf8));
    /// ```
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
    ///
    /// ```
    /// assert_eq!(urlkit::flavor::PyErrors::from_name("strict").map(|e| e.name()), Some("strict"));
    /// ```
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
    ///
    /// ```
    /// assert_eq!(urlkit::flavor::PyErrors::XmlCharRefReplace.name(), "xmlcharrefreplace");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            PyErrors::Strict => "strict",
            PyErrors::Replace => "replace",
            PyErrors::Ignore => "ignore",
            PyErrors::XmlCharRefReplace => "xmlcharrefreplace",
        }
    }
}
