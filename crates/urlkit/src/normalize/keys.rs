//! The keying object: [`Keys`] holds a level's options, the kernel cap and the scratch space
//! of the one-pass key writer, so that keying millions of URLs allocates nothing once it has
//! seen the longest; [`key`] is the one-shot convenience.
//!
//! Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>

use std::borrow::Cow;

use super::rule::RuleSet;
use super::steps::{build_key, is_already_normal};
use super::{fast, Level, NormalizeError, NormalizeErrorKind, Options};
use crate::codec::KernelLevel;
use crate::uri::{parse, UriRef};

/// The comparison key of `input` at `options`: two URLs are equal at a level iff their keys
/// are. At `Safe` and above the key is ASCII (RFC 3986 URI form, uppercase hex). A one-shot
/// [`Keys::key`]; to key many URLs, keep a [`Keys`].
///
/// ```
/// use urlkit::normalize::{key, Level, Options};
/// let o = Options::new(Level::Safe);
/// assert_eq!(key("HTTP://Example.COM:80/%7e", &o).unwrap(), "http://example.com/~");
/// assert_eq!(key("http://a/b%2fc", &o).unwrap(), "http://a/b%2Fc");
/// let n = Options::new(Level::Normal);
/// assert_eq!(key("/a/./b/../c", &n).unwrap(), "/a/c");
/// ```
///
/// # Rationale
///
/// Dot segments of a relative-path reference (`a/../b`) are kept at every level,
/// since what they mean depends on the base the reference will be resolved against; those of
/// an absolute path (`/a/../b`) or of a URI with a scheme are removed from `normal` up. An
/// input that is not a URI reference (a control character, a malformed `%`, a bad scheme,
/// port or host) is an error located at its byte, never a guess.
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>
pub fn key(input: &str, options: &Options) -> Result<String, NormalizeError> {
    Keys::new(*options).key(input)
}

/// Keys URLs at one level: the options, the highest kernel level its vector pass may run,
/// and the scratch space it writes keys in, kept from call to call (as a substring finder
/// keeps its tables). One per thread: keying takes `&mut self`.
///
/// ```
/// use urlkit::normalize::{Keys, Level, Options};
/// let mut keys = Keys::new(Options::new(Level::Safe));
/// let mut buf = String::new();
/// for u in ["HTTP://A/%7e", "http://a/~"] {
///     keys.key_into(u, &mut buf).unwrap();
///     assert_eq!(buf, "http://a/~");
/// }
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>
#[derive(Clone, Debug)]
pub struct Keys {
    options: Options,
    /// `options.rules()`, computed once.
    rules: RuleSet,
    /// Whether the one-pass writer handles these rules.
    fast: bool,
    kernel: KernelLevel,
    scratch: fast::Scratch,
}

impl Keys {
    /// Keys at `options`, at the best kernel level the CPU has. Allocates nothing until the
    /// first key.
    ///
    /// ```
    /// use urlkit::normalize::{Keys, Level, Options};
    /// assert_eq!(Keys::new(Options::new(Level::Normal)).options().level(), Level::Normal);
    /// ```
    pub fn new(options: Options) -> Keys {
        let rules = options.rules();
        Keys {
            options,
            rules,
            fast: fast::handles(rules),
            kernel: KernelLevel::TOP,
            scratch: fast::Scratch::default(),
        }
    }

    /// The same keys with the vector pass capped at `cap`: the keys are the same at every
    /// level; benchmarks and tests run the AVX2 pass on a CPU that has AVX-512 this way.
    ///
    /// ```
    /// use urlkit::codec::KernelLevel;
    /// use urlkit::normalize::{Keys, Options};
    /// let mut scalar = Keys::new(Options::default()).kernel(KernelLevel::Scalar);
    /// assert_eq!(scalar.kernel_level(), KernelLevel::Scalar);
    /// assert_eq!(scalar.key("HTTP://A/%7e").unwrap(), "http://a/~");
    /// ```
    #[must_use]
    pub fn kernel(mut self, cap: KernelLevel) -> Keys {
        self.kernel = cap;
        self
    }

    /// The kernel level the vector pass runs on this CPU: the cap or the CPU's best,
    /// whichever is lower.
    ///
    /// ```
    /// use urlkit::codec::kernel_level;
    /// use urlkit::normalize::{Keys, Options};
    /// assert_eq!(Keys::new(Options::default()).kernel_level(), kernel_level());
    /// ```
    #[inline]
    pub fn kernel_level(&self) -> KernelLevel {
        self.kernel.effective()
    }

    /// The options these keys are computed at.
    ///
    /// ```
    /// use urlkit::normalize::{Keys, Options};
    /// assert_eq!(*Keys::new(Options::default()).options(), Options::default());
    /// ```
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// The key of `input` as a new string; see [`key`].
    ///
    /// ```
    /// use urlkit::normalize::{Keys, Options};
    /// let mut keys = Keys::new(Options::default());
    /// assert_eq!(keys.key("https://example.com/%e9%81%8b").unwrap(), "https://example.com/%E9%81%8B");
    /// ```
    pub fn key(&mut self, input: &str) -> Result<String, NormalizeError> {
        let mut out = String::with_capacity(input.len() + 8);
        self.key_append(input, &mut out)?;
        Ok(out)
    }

    /// The key of `input` into `out`, which is cleared first: with `out` and these keys kept
    /// between calls, keying allocates nothing once they have held the longest key.
    ///
    /// ```
    /// use urlkit::normalize::{Keys, Level, Options};
    /// let mut keys = Keys::new(Options::new(Level::Normal));
    /// let mut buf = String::new();
    /// keys.key_into("HTTP://A/b/../%7e", &mut buf).unwrap();
    /// assert_eq!(buf, "http://a/~");
    /// ```
    #[inline]
    pub fn key_into(&mut self, input: &str, out: &mut String) -> Result<(), NormalizeError> {
        out.clear();
        self.key_append(input, out)
    }

    /// The key of `input` appended to what `out` holds, `out` left as it was on an error: a
    /// bulk caller writes every key straight into one values buffer (an Arrow array's, say)
    /// without a copy per row.
    ///
    /// ```
    /// use urlkit::normalize::{Keys, Options};
    /// let (mut keys, mut values, mut ends) = (Keys::new(Options::default()), String::new(), Vec::new());
    /// for u in ["HTTP://A/%7e", "http://a/%zz", "https://b/%e9%81%8b"] {
    ///     let _ = keys.key_append(u, &mut values);
    ///     ends.push(values.len());
    /// }
    /// assert_eq!(values, "http://a/~https://b/%E9%81%8B");
    /// assert_eq!(ends, [10, 10, 29]);
    /// ```
    pub fn key_append(&mut self, input: &str, out: &mut String) -> Result<(), NormalizeError> {
        if self.fast && fast::key_into(input, self.kernel_level(), &mut self.scratch, out) {
            return Ok(());
        }
        match self.options.level() {
            Level::Exact => {
                out.push_str(input);
                Ok(())
            }
            Level::Whatwg => {
                let href = crate::whatwg::href(input, None).map_err(|_| NormalizeError {
                    kind: NormalizeErrorKind::NotWhatwgUrl,
                    offset: 0,
                })?;
                out.push_str(&href);
                Ok(())
            }
            _ => {
                let u = parse(input)?;
                if is_already_normal(&u, self.rules) {
                    out.push_str(input);
                    return Ok(());
                }
                // The rebuild may have written part of the key when it meets an error.
                let start = out.len();
                build_key(&u, self.rules, out)
                    .map(|_| ())
                    .inspect_err(|_| out.truncate(start))
            }
        }
    }

    /// The key of `u`, a reference the caller has already parsed, appended to `out` (left as
    /// it was on an error): what [`Keys::key_append`] writes for `u.as_str()`, without
    /// parsing it again.
    ///
    /// ```
    /// use urlkit::normalize::{Keys, Options};
    /// use urlkit::uri::parse;
    /// let u = parse("HTTP://A/%7e").unwrap();
    /// let mut out = String::new();
    /// Keys::new(Options::default()).key_append_parsed(&u, &mut out).unwrap();
    /// assert_eq!(out, "http://a/~");
    /// ```
    ///
    /// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>
    pub fn key_append_parsed(
        &mut self,
        u: &UriRef<'_>,
        out: &mut String,
    ) -> Result<(), NormalizeError> {
        match self.options.level() {
            Level::Exact | Level::Whatwg => self.key_append(u.as_str(), out),
            _ => {
                if is_already_normal(u, self.rules) {
                    out.push_str(u.as_str());
                    return Ok(());
                }
                let start = out.len();
                build_key(u, self.rules, out)
                    .map(|_| ())
                    .inspect_err(|_| out.truncate(start))
            }
        }
    }

    /// The key of `input`, borrowing the input when it is already its own key (most real
    /// URLs are) and allocating only otherwise.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use urlkit::normalize::{Keys, Options};
    /// let mut keys = Keys::new(Options::default());
    /// assert!(matches!(keys.key_cow("https://example.com/a").unwrap(), Cow::Borrowed(_)));
    /// assert_eq!(keys.key_cow("HTTPS://example.com/a").unwrap(), "https://example.com/a");
    /// ```
    pub fn key_cow<'a>(&mut self, input: &'a str) -> Result<Cow<'a, str>, NormalizeError> {
        match self.options.level() {
            Level::Exact => Ok(Cow::Borrowed(input)),
            Level::Whatwg => self.key(input).map(Cow::Owned),
            _ => {
                let u = parse(input)?;
                if is_already_normal(&u, self.rules) {
                    return Ok(Cow::Borrowed(input));
                }
                let mut out = String::with_capacity(input.len() + 8);
                build_key(&u, self.rules, &mut out)?;
                Ok(Cow::Owned(out))
            }
        }
    }
}
