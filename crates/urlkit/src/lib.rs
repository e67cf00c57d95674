//! urlkit: URL percent-encoding, normalization and comparison that is correct, explains
//! itself, and is fast.
//!
//! The library is pure: no I/O, no threads, no global state. Data flows one way: text ->
//! [`uri`] / [`whatwg`] components -> [`normalize`] -> key -> [`compare`]. The bulk join of
//! URL lists by key, which runs threads, is the `urlkit-reconcile` crate; the readers of
//! sitemaps, WordPress, CSV and text are `urlkit-sources`; the `urlkit` command is
//! `urlkit-cli`.
//!
//! # Start here
//!
//! | to ... | use | spec |
//! |---|---|---|
//! | encode and decode a component | [`codec::Encoder`] with a set of [`codec::sets`], [`codec::decode`], [`codec::Decoder`]; another language's function: [`flavor::Flavor`] | [RFC 3986 §2.1], [WHATWG URL §1.3] |
//! | normalize, compare, key | [`normalize::normalize`], [`compare::compare`], [`normalize::key`] (many URLs: [`normalize::Keys`]) | [RFC 3986 §6], [RFC 3987 §5] |
//! | parse | [`uri::parse`] (RFC 3986 components and spans), [`whatwg::Url`] (what a browser sees) | [RFC 3986 §3], [WHATWG URL] |
//! | lint | [`lint::check`], [`lint::lint`] with a [`lint::Selection`], [`lint::fix`], the rules: [`lint::rules`] | the references of each rule |
//! | repair a legacy charset or mojibake | [`charset::repair::repair`] | [WHATWG Encoding] |
//!
//! ```
//! use urlkit::codec::{decode, sets, DecodeMode, Encoder};
//! use urlkit::compare::compare;
//! use urlkit::normalize::{key, normalize, Form, Level, Options, Rule};
//!
//! // Encode a component with its set, decode it strictly (a bad escape is an error at its byte).
//! let slug = Encoder::new(sets::COMPONENT).encode_str("運営 情報");
//! assert_eq!(slug, "%E9%81%8B%E5%96%B6%20%E6%83%85%E5%A0%B1");
//! assert_eq!(decode(&slug, DecodeMode::Strict).unwrap(), "運営 情報");
//! assert!(decode("100%", DecodeMode::Strict).is_err());
//!
//! // The same page, spelled two ways: equal at level safe, by these rules.
//! let (a, b) = ("https://example.com/%e9%81%8b/", "https://example.com/運/");
//! let c = compare(a, b, &Options::default()).unwrap();
//! assert!(c.equal);
//! assert_eq!(c.rules, [Rule::HexCase, Rule::IriToUri]);
//! // Keys are equal exactly when compare says so: compute them once per URL, join in bulk.
//! let safe = Options::new(Level::Safe);
//! assert_eq!(key(a, &safe).unwrap(), key(b, &safe).unwrap());
//! let readable = normalize("HTTPS://XN--R8JZ45G.jp:443/%e9%81%8b", &safe, Form::Iri).unwrap();
//! assert_eq!(readable, "https://例え.jp/運");
//!
//! // RFC 3986 and a browser read this host differently.
//! assert_eq!(urlkit::uri::parse("http://0x7f.1/").unwrap().host(), Some("0x7f.1"));
//! assert_eq!(urlkit::whatwg::href("http://0x7f.1/", None).unwrap(), "http://127.0.0.1/");
//!
//! // Lint: every finding names its rule, its byte span and a fix.
//! let found = urlkit::lint::check("https://example.com/%e6%97%a5/a+b");
//! assert_eq!(found[0].rule, "lowercase-hex");
//! assert_eq!(found[0].span, 20..29);
//!
//! // Repair a query written in Shift_JIS.
//! let r = urlkit::charset::repair::repair("https://example.com/?q=%8AO%91%95%95s%97%C7").unwrap();
//! assert_eq!(r.output, "https://example.com/?q=%E5%A4%96%E8%A3%85%E4%B8%8D%E8%89%AF");
//! ```
//!
//! # Terminology
//!
//! - **component**: a part of a URL as RFC 3986 §3 divides it: scheme, userinfo, host, port,
//!   path, query, fragment ([`uri::Component`]). Each has its own set of characters to
//!   escape, and a value is encoded once, with its component's set ([`build`]).
//! - **set** (encode set): the characters an encoder escapes ([`codec::EncodeSet`]); the
//!   named ones are those of RFC 3986, the WHATWG URL Standard and HTML forms
//!   ([`codec::sets`]).
//! - **level**: a rung of the comparison ladder ([`normalize::Level`]): `exact` < `safe`
//!   (what no conforming server can tell apart: hex case, IRI vs URI, IDNA, default port ...)
//!   < `normal` (+ dot segments) < `loose` (+ the switches of [`normalize::LooseRule`]), and
//!   `whatwg`, what a browser sees. No level treats `%2F` as `/`.
//! - **rule**: in [`normalize`], a step that made two URLs equal ([`normalize::Rule`], named
//!   by [`compare`]); in [`lint`], a check with a stable code ([`lint::RuleInfo`]).
//! - **key**: the normalized string of a URL at a level ([`normalize::key`]). Two URLs are
//!   equal at a level exactly when their keys are, so lists are joined by key.
//! - **flavor**: another language's encoder or decoder reproduced byte for byte, failures
//!   included (`js.encodeURIComponent`, `python.quote`, ...: [`flavor::Flavor`]).
//!
//! # Modules and the spec each follows
//!
//! | module | what | spec |
//! |---|---|---|
//! | [`codec`] | percent-encoding and decoding, sets, form encoding | [RFC 3986 §2], [WHATWG URL §1.3], [WHATWG URL §5] |
//! | [`uri`] | URI and IRI references: parse, resolve, recompose | [RFC 3986], [RFC 3987] |
//! | [`host`] | reg-names, IPv4, IPv6, IDNA | [RFC 3986 §3.2.2], [UTS #46] |
//! | [`normalize`] | the levels, normalization, keys | [RFC 3986 §6], [RFC 3987 §5] |
//! | [`compare`] | the verdict, its rules, the first real difference | [RFC 3986 §6] |
//! | [`whatwg`] | the browser's view (over the `ada-url` crate) | [WHATWG URL] |
//! | [`build`] | URLs from unencoded components; editing URLs; other languages' query builders ([`build::QueryFlavor`]) | [RFC 3986 §3], [WHATWG URL §5] |
//! | [`flavor`] | JavaScript, Python, PHP, Go, Java, Ruby, Perl encoders and decoders | each language's documentation, checked against its runtime |
//! | [`charset`] | legacy charsets, repair of mojibake | [WHATWG Encoding] |
//! | [`lint`] | the lint rules | [RFC 3986], [WHATWG URL] validation errors, [UTS #39] |
//! | [`content_disposition`] | `Content-Disposition` with non-ASCII file names | [RFC 6266], [RFC 8187] |
//! | [`base64`] | Base64 and base64url | [RFC 4648] |
//! | [`convert`] | one input read every way (decoded, Base64, charsets), each marked plausible | the modules above |
//!
//! # Features
//!
//! - `simd` (default): the vector kernels of the codec and of keying (SSE2/SSSE3, AVX2,
//!   AVX-512 on x86_64), the crate's only `unsafe` code. Without it every loop runs its scalar
//!   reference, with the same answers.
//!
//! [RFC 3986]: https://www.rfc-editor.org/rfc/rfc3986
//! [RFC 3986 §2]: https://www.rfc-editor.org/rfc/rfc3986#section-2
//! [RFC 3986 §2.1]: https://www.rfc-editor.org/rfc/rfc3986#section-2.1
//! [RFC 3986 §3]: https://www.rfc-editor.org/rfc/rfc3986#section-3
//! [RFC 3986 §3.2.2]: https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2
//! [RFC 3986 §6]: https://www.rfc-editor.org/rfc/rfc3986#section-6
//! [RFC 3987]: https://www.rfc-editor.org/rfc/rfc3987
//! [RFC 3987 §5]: https://www.rfc-editor.org/rfc/rfc3987#section-5
//! [WHATWG URL]: https://url.spec.whatwg.org/
//! [WHATWG URL §1.3]: https://url.spec.whatwg.org/#percent-encoded-bytes
//! [WHATWG URL §5]: https://url.spec.whatwg.org/#application/x-www-form-urlencoded
//! [WHATWG Encoding]: https://encoding.spec.whatwg.org/
//! [UTS #46]: https://www.unicode.org/reports/tr46/
//! [UTS #39]: https://www.unicode.org/reports/tr39/
//! [RFC 6266]: https://www.rfc-editor.org/rfc/rfc6266
//! [RFC 8187]: https://www.rfc-editor.org/rfc/rfc8187
//! [RFC 4648]: https://www.rfc-editor.org/rfc/rfc4648
#![warn(missing_docs)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]
// The vector kernels of the `simd` feature are the crate's only unsafe code.
#![cfg_attr(not(feature = "simd"), forbid(unsafe_code))]

pub mod base64;
pub mod build;
pub mod charset;
pub mod codec;
pub mod compare;
pub mod content_disposition;
pub mod convert;
pub mod flavor;
pub mod host;
pub mod lint;
pub mod normalize;
pub mod uri;
pub mod whatwg;
