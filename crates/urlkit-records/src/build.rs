//! The record of `build`: the URL as a URI and as an IRI, and its canonical forms.

use serde::Serialize;

use crate::envelope::True;

/// `urlkit build --json`: `{"canonical"?, "input", "iri", "ok", "output", "uri"}`.
///
/// ```
/// let r = urlkit_records::build::Build::new("https://a/", "https://a/x", "https://a/x".into(), "https://a/x".into());
/// assert_eq!(
///     serde_json::to_string(&r).unwrap(),
///     r#"{"input":"https://a/","iri":"https://a/x","ok":true,"output":"https://a/x","uri":"https://a/x"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Build {
    /// With `--canonical`: the canonical forms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub canonical: Option<Canonical>,
    /// The URL as given.
    pub input: String,
    /// The IRI: escapes of non-ASCII characters shown as the characters, U-label hosts.
    pub iri: String,
    /// `true`.
    pub ok: True,
    /// The form `--to` asks for (or the canonical lines).
    pub output: String,
    /// The URI: ASCII, every component encoded once with its set.
    pub uri: String,
}

impl Build {
    /// The record of `input` built into `uri` and `iri`, showing `output`.
    pub fn new(
        input: impl Into<String>,
        output: impl Into<String>,
        uri: String,
        iri: String,
    ) -> Build {
        Build {
            canonical: None,
            input: input.into(),
            iri,
            ok: True,
            output: output.into(),
            uri,
        }
    }
}

/// The canonical forms of `build --canonical`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Canonical {
    /// `aws.sigv4`: `{"query", "scheme", "uri" (encoded twice), "uri_s3" (encoded once)}`.
    AwsSigv4 {
        /// The canonical query string.
        query: String,
        /// `aws.sigv4`.
        scheme: &'static str,
        /// The canonical URI.
        uri: String,
        /// The canonical URI for S3.
        uri_s3: String,
    },
    /// `oauth1`: `{"base_string_uri", "normalized_parameters", "scheme"}` (RFC 5849 §3.4.1).
    Oauth1 {
        /// The base string URI.
        base_string_uri: String,
        /// The normalized parameters.
        normalized_parameters: String,
        /// `oauth1`.
        scheme: &'static str,
    },
}
