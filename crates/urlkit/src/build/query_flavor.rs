//! Builder flavors: the query serializers of other languages (`python.urlencode`,
//! `php.http_build_query`, `go.Values.Encode`, `js.URLSearchParams`,
//! `ruby.URI.encode_www_form`, `java.URLEncoder`), reproduced byte for byte.
//!
//! Each writes a list of parameters as that function does: its own component encoder (one of
//! the encoder [`Flavor`]s, so the same table), its order (Go sorts by key, PHP gathers a
//! repeated key into one array) and its `&`/`=` join.

use crate::flavor::{Flavor, Input, Language, Params};

/// One foreign query serializer, named `<language>.<function as spelled there>`.
///
/// ```
/// use urlkit::build::QueryFlavor;
/// let pairs = [("q", "a b"), ("tag", "C++"), ("q", "~*")];
/// assert_eq!(QueryFlavor::JsUrlSearchParams.serialize(&pairs), "q=a+b&tag=C%2B%2B&q=%7E*");
/// assert_eq!(QueryFlavor::GoValuesEncode.serialize(&pairs), "q=a+b&q=~%2A&tag=C%2B%2B");
/// assert_eq!(QueryFlavor::PhpHttpBuildQuery.serialize(&pairs), "q%5B0%5D=a+b&q%5B1%5D=%7E%2A&tag=C%2B%2B");
/// assert_eq!(QueryFlavor::from_name("python.urlencode.quote"), Some(QueryFlavor::PythonUrlencodeQuote));
/// ```
///
/// Every flavor was checked against the real runtime named in [`QueryFlavor::checked_against`]
/// on thousands of generated parameter lists (`scripts/checks/builders.sh`).
///
/// # Rationale
///
/// Parameters are pairs of text: a key without a value (`urlkit build --param k`, or `?k` in
/// an edited URL) is the empty value, which every one of these writes `k=`. The values some
/// languages have beside strings are left out, since no URL or command line holds them:
/// Ruby's `nil` (written `k`, no `=`), PHP's `null` (left out), Python's `None` (`k=None`).
/// Text is Unicode (Rust `str`): the byte strings of PHP, Go and Ruby that are not UTF-8, and
/// the lone surrogates of JavaScript and Java, are out of scope here (the encoder flavors
/// take them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum QueryFlavor {
    /// Python `urllib.parse.urlencode(pairs)` with the default `quote_via=quote_plus`:
    /// `quote_plus(k, safe='') + '=' + quote_plus(v, safe='')` joined by `&`, in the order
    /// given (keeps `A-Za-z0-9_.-~`, space `+`).
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// assert_eq!(QueryFlavor::PythonUrlencode.serialize(&[("q", "a b/~"), ("e", "")]), "q=a+b%2F~&e=");
    /// ```
    ///
    /// <https://docs.python.org/3/library/urllib.parse.html#urllib.parse.urlencode>
    PythonUrlencode,
    /// Python `urllib.parse.urlencode(pairs, quote_via=quote)`: `urlencode` passes its
    /// `safe=''` on, so `quote(k, safe='')`: RFC 3986 unreserved kept, `/` encoded, space
    /// `%20`.
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// assert_eq!(QueryFlavor::PythonUrlencodeQuote.serialize(&[("q", "a b/~")]), "q=a%20b%2F~");
    /// ```
    ///
    /// <https://docs.python.org/3/library/urllib.parse.html#urllib.parse.urlencode>
    PythonUrlencodeQuote,
    /// PHP `http_build_query($data)` (`PHP_QUERY_RFC1738`: `urlencode`, so `~` is `%7E` and
    /// space `+`), `&` between pairs.
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// assert_eq!(QueryFlavor::PhpHttpBuildQuery.serialize(&[("a[b]", "c d~")]), "a%5Bb%5D=c+d%7E");
    /// assert_eq!(QueryFlavor::PhpHttpBuildQuery.serialize(&[("k", "1"), ("x", ""), ("k", "2")]), "k%5B0%5D=1&k%5B1%5D=2&x=");
    /// ```
    ///
    /// <https://www.php.net/manual/en/function.http-build-query.php>
    ///
    /// # Rationale
    ///
    /// A PHP array cannot hold a key twice, so parameters cannot go to `http_build_query` as
    /// a list of pairs. The array that keeps every value of a repeated key is the one PHP's
    /// own `parse_str` and `$_GET` read back from `k[]=1&k[]=2`: `['k' => ['1', '2']]`, at
    /// the place of the key's first occurrence, which `http_build_query` writes
    /// `k%5B0%5D=1&k%5B1%5D=2`. Assigning `$data[$k] = $v` instead would keep the last value
    /// only and drop the others silently. A key written with brackets (`a[b]`) comes out as
    /// the nested array `['a' => ['b' => ...]]` would: `a%5Bb%5D`.
    PhpHttpBuildQuery,
    /// PHP `http_build_query($data, '', '&', PHP_QUERY_RFC3986)`: `rawurlencode`, so `~` is
    /// kept and space is `%20`; repeated keys as [`QueryFlavor::PhpHttpBuildQuery`].
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// assert_eq!(QueryFlavor::PhpHttpBuildQueryRfc3986.serialize(&[("q", "c d~")]), "q=c%20d~");
    /// ```
    ///
    /// <https://www.php.net/manual/en/function.http-build-query.php>
    PhpHttpBuildQueryRfc3986,
    /// Go `url.Values.Encode()` of the values made by `v.Add(k, value)` for each pair:
    /// sorted by key (`sort.Strings`: byte order of the unescaped key), the values of one
    /// key in the order added, each side `url.QueryEscape`d.
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// let pairs = [("b", "2"), ("a", "x y"), ("b", "1"), ("B", "")];
    /// assert_eq!(QueryFlavor::GoValuesEncode.serialize(&pairs), "B=&a=x+y&b=2&b=1");
    /// ```
    ///
    /// <https://pkg.go.dev/net/url#Values.Encode>
    ///
    /// # Rationale
    ///
    /// `url.Values` is a map, so it has no order of its own to keep: `Encode` sorts the keys.
    /// Each parameter given goes in with `Add` (not `Set`, which would keep one value and drop
    /// the others), so a repeated key keeps every value, in the order given.
    GoValuesEncode,
    /// JavaScript `new URLSearchParams(pairs).toString()` (WHATWG URL §5.2,
    /// application/x-www-form-urlencoded): keeps `*-._A-Za-z0-9`, so `~` is `%7E` and `*` is
    /// kept; space `+`; order as given.
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// assert_eq!(QueryFlavor::JsUrlSearchParams.serialize(&[("q", "a b~*'()!")]), "q=a+b%7E*%27%28%29%21");
    /// ```
    ///
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-stringifier>
    JsUrlSearchParams,
    /// Ruby `URI.encode_www_form(pairs)`: `URI.encode_www_form_component` on each side
    /// (keeps `*-.0-9A-Z_a-z`, space `+`), order as given.
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// assert_eq!(QueryFlavor::RubyUriEncodeWwwForm.serialize(&[("q", "a b~*")]), "q=a+b%7E*");
    /// ```
    ///
    /// <https://docs.ruby-lang.org/en/3.1/URI.html#method-c-encode_www_form>
    RubyUriEncodeWwwForm,
    /// Java: the usual join, `URLEncoder.encode(k, UTF_8) + "=" + URLEncoder.encode(v,
    /// UTF_8)` for each pair in order, joined by `&` (Java has no query builder of its own;
    /// `URLEncoder` keeps `a-zA-Z0-9.-*_`, space `+`).
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// assert_eq!(QueryFlavor::JavaUrlEncoder.serialize(&[("q", "a b~*")]), "q=a+b%7E*");
    /// ```
    ///
    /// <https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/net/URLEncoder.html>
    ///
    /// # Rationale
    ///
    /// The JDK writes no query from parameters (`java.net.URI` and `HttpRequest` take a
    /// finished string), so what Java code sends is the join it writes by hand around
    /// `URLEncoder`; the one written here is the common one, over a list of pairs in order
    /// (a `LinkedHashMap` gives the same bytes; a `HashMap` an order of its own).
    JavaUrlEncoder,
}

impl QueryFlavor {
    /// Every builder flavor.
    ///
    /// ```
    /// assert_eq!(urlkit::build::QueryFlavor::ALL.len(), 8);
    /// ```
    pub const ALL: [QueryFlavor; 8] = [
        QueryFlavor::PythonUrlencode,
        QueryFlavor::PythonUrlencodeQuote,
        QueryFlavor::PhpHttpBuildQuery,
        QueryFlavor::PhpHttpBuildQueryRfc3986,
        QueryFlavor::GoValuesEncode,
        QueryFlavor::JsUrlSearchParams,
        QueryFlavor::RubyUriEncodeWwwForm,
        QueryFlavor::JavaUrlEncoder,
    ];

    /// The name, `<language>.<function as spelled there>` (with the option after a dot).
    ///
    /// ```
    /// assert_eq!(urlkit::build::QueryFlavor::GoValuesEncode.name(), "go.Values.Encode");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            QueryFlavor::PythonUrlencode => "python.urlencode",
            QueryFlavor::PythonUrlencodeQuote => "python.urlencode.quote",
            QueryFlavor::PhpHttpBuildQuery => "php.http_build_query",
            QueryFlavor::PhpHttpBuildQueryRfc3986 => "php.http_build_query.rfc3986",
            QueryFlavor::GoValuesEncode => "go.Values.Encode",
            QueryFlavor::JsUrlSearchParams => "js.URLSearchParams",
            QueryFlavor::RubyUriEncodeWwwForm => "ruby.URI.encode_www_form",
            QueryFlavor::JavaUrlEncoder => "java.URLEncoder",
        }
    }

    /// The builder flavor of that name (exact spelling).
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// assert_eq!(QueryFlavor::from_name("ruby.URI.encode_www_form"), Some(QueryFlavor::RubyUriEncodeWwwForm));
    /// assert_eq!(QueryFlavor::from_name("go.values.encode"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<QueryFlavor> {
        QueryFlavor::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The call it reproduces, as written in its language.
    ///
    /// ```
    /// assert_eq!(urlkit::build::QueryFlavor::PythonUrlencodeQuote.call(), "urllib.parse.urlencode(pairs, quote_via=quote)");
    /// ```
    pub const fn call(self) -> &'static str {
        match self {
            QueryFlavor::PythonUrlencode => "urllib.parse.urlencode(pairs)",
            QueryFlavor::PythonUrlencodeQuote => "urllib.parse.urlencode(pairs, quote_via=quote)",
            QueryFlavor::PhpHttpBuildQuery => "http_build_query($data)",
            QueryFlavor::PhpHttpBuildQueryRfc3986 => {
                "http_build_query($data, '', '&', PHP_QUERY_RFC3986)"
            }
            QueryFlavor::GoValuesEncode => "url.Values.Encode()",
            QueryFlavor::JsUrlSearchParams => "new URLSearchParams(pairs).toString()",
            QueryFlavor::RubyUriEncodeWwwForm => "URI.encode_www_form(pairs)",
            QueryFlavor::JavaUrlEncoder => {
                "URLEncoder.encode(k, UTF_8) + \"=\" + URLEncoder.encode(v, UTF_8), joined by &"
            }
        }
    }

    /// The documentation of the foreign function.
    ///
    /// ```
    /// assert!(urlkit::build::QueryFlavor::GoValuesEncode.spec().starts_with("https://pkg.go.dev/"));
    /// ```
    pub const fn spec(self) -> &'static str {
        match self {
            QueryFlavor::PythonUrlencode | QueryFlavor::PythonUrlencodeQuote => {
                "https://docs.python.org/3/library/urllib.parse.html#urllib.parse.urlencode"
            }
            QueryFlavor::PhpHttpBuildQuery | QueryFlavor::PhpHttpBuildQueryRfc3986 => {
                "https://www.php.net/manual/en/function.http-build-query.php"
            }
            QueryFlavor::GoValuesEncode => "https://pkg.go.dev/net/url#Values.Encode",
            QueryFlavor::JsUrlSearchParams => {
                "https://url.spec.whatwg.org/#dom-urlsearchparams-stringifier"
            }
            QueryFlavor::RubyUriEncodeWwwForm => {
                "https://docs.ruby-lang.org/en/3.1/URI.html#method-c-encode_www_form"
            }
            QueryFlavor::JavaUrlEncoder => {
                "https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/net/URLEncoder.html"
            }
        }
    }

    /// The encoder flavor each key and value goes through (the same table as
    /// `urlkit encode --as`).
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// use urlkit::flavor::Flavor;
    /// assert_eq!(QueryFlavor::GoValuesEncode.component(), Flavor::GoQueryEscape);
    /// ```
    pub const fn component(self) -> Flavor {
        match self {
            QueryFlavor::PythonUrlencode => Flavor::PythonUrlencode,
            QueryFlavor::PythonUrlencodeQuote => Flavor::PythonQuote,
            QueryFlavor::PhpHttpBuildQuery => Flavor::PhpUrlencode,
            QueryFlavor::PhpHttpBuildQueryRfc3986 => Flavor::PhpRawurlencode,
            QueryFlavor::GoValuesEncode => Flavor::GoQueryEscape,
            QueryFlavor::JsUrlSearchParams => Flavor::JsUrlSearchParams,
            QueryFlavor::RubyUriEncodeWwwForm => Flavor::RubyUriEncodeWwwFormComponent,
            QueryFlavor::JavaUrlEncoder => Flavor::JavaUrlEncoder,
        }
    }

    /// The language it comes from.
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// assert_eq!(QueryFlavor::JavaUrlEncoder.language().runtime(), "OpenJDK 17.0.15");
    /// ```
    pub const fn language(self) -> Language {
        self.component().language()
    }

    /// The runtime it was checked against, pair list by pair list.
    ///
    /// ```
    /// assert_eq!(urlkit::build::QueryFlavor::JsUrlSearchParams.checked_against(), "Node.js v20.20.2");
    /// ```
    pub const fn checked_against(self) -> &'static str {
        self.language().runtime()
    }

    /// One key or value encoded as this serializer encodes it.
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// assert_eq!(QueryFlavor::PythonUrlencodeQuote.encode("a/b c"), "a%2Fb%20c");
    /// ```
    pub fn encode(self, text: &str) -> String {
        // `urlencode` hands its own `safe=''` to `quote_via` (`quote`'s default is '/').
        let params = Params::default().safe("");
        self.component()
            .encode_with(Input::Text(text), &params)
            .expect("invariant: these encoders take any UTF-8 text")
    }

    /// The query this function writes for `pairs` (without the `?`).
    ///
    /// ```
    /// use urlkit::build::QueryFlavor;
    /// assert_eq!(QueryFlavor::RubyUriEncodeWwwForm.serialize::<&str, &str>(&[]), "");
    /// assert_eq!(QueryFlavor::JavaUrlEncoder.serialize(&[("", ""), ("a", "")]), "=&a=");
    /// ```
    pub fn serialize<K, V>(self, pairs: &[(K, V)]) -> String
    where
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let pairs: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(k, v)| (k.as_ref(), v.as_ref()))
            .collect();
        let ordered = match self {
            QueryFlavor::GoValuesEncode => go_values(&pairs),
            QueryFlavor::PhpHttpBuildQuery | QueryFlavor::PhpHttpBuildQueryRfc3986 => {
                return self.php(&pairs);
            }
            _ => pairs,
        };
        let mut out = String::new();
        for (i, (k, v)) in ordered.iter().enumerate() {
            if i > 0 {
                out.push('&');
            }
            out.push_str(&self.encode(k));
            out.push('=');
            out.push_str(&self.encode(v));
        }
        out
    }

    /// PHP: repeated keys gathered into one list at the first occurrence (see the variant's
    /// rationale), `key%5BN%5D=value` for each element.
    fn php(self, pairs: &[(&str, &str)]) -> String {
        let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
        for &(k, v) in pairs {
            match groups.iter_mut().find(|(g, _)| *g == k) {
                Some((_, values)) => values.push(v),
                None => groups.push((k, vec![v])),
            }
        }
        let mut out = String::new();
        for (k, values) in &groups {
            let key = self.encode(k);
            for (n, v) in values.iter().enumerate() {
                if !out.is_empty() {
                    out.push('&');
                }
                out.push_str(&key);
                if values.len() > 1 {
                    out.push_str(&format!("%5B{n}%5D"));
                }
                out.push('=');
                out.push_str(&self.encode(v));
            }
        }
        out
    }
}

/// Go's `url.Values`: one list per key in the order added, keys sorted by their bytes.
fn go_values<'a>(pairs: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut keys: Vec<&str> = pairs.iter().map(|(k, _)| *k).collect();
    keys.sort_unstable();
    keys.dedup();
    keys.iter()
        .flat_map(|k| pairs.iter().filter(move |(pk, _)| pk == k).copied())
        .collect()
}
