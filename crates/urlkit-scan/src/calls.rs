//! What a call in the code does to a URL: decode it (`is_decoder`), encode it (`encoder`,
//! `component_encoder`: the function's name in the language), or hand a transformed value on
//! (`transformed`: which argument or receiver the result is made from).

use tree_sitter::Node;

use crate::syntax::{Call, Src};
use crate::Language;

pub(crate) fn is_decoder(src: &Src, c: &Call) -> bool {
    match src.lang {
        Language::Python => matches!(
            c.name.as_str(),
            "unquote" | "unquote_plus" | "unquote_to_bytes"
        ),
        Language::JavaScript | Language::TypeScript | Language::Tsx => {
            c.receiver.is_none()
                && matches!(
                    c.name.as_str(),
                    "decodeURIComponent" | "decodeURI" | "unescape"
                )
        }
        Language::Php => matches!(c.name.as_str(), "urldecode" | "rawurldecode"),
        Language::Go => matches!(c.callee.as_str(), "url.PathUnescape" | "url.QueryUnescape"),
    }
}

/// Percent-encoders (and builders that encode), by the flavor `urlkit encode --as` names.
pub(crate) fn encoder(src: &Src, c: &Call) -> Option<&'static str> {
    Some(match (src.lang, c.name.as_str()) {
        (Language::Python, "quote") => "python.quote",
        (Language::Python, "quote_plus") => "python.quote_plus",
        (Language::Python, "urlencode") => "python.urlencode",
        (Language::JavaScript | Language::TypeScript | Language::Tsx, n)
            if c.receiver.is_none() =>
        {
            match n {
                "encodeURIComponent" => "js.encodeURIComponent",
                "encodeURI" => "js.encodeURI",
                "escape" => "js.escape",
                _ => return None,
            }
        }
        (Language::Php, "urlencode") => "php.urlencode",
        (Language::Php, "rawurlencode") => "php.rawurlencode",
        (Language::Php, "http_build_query") => "php.http_build_query",
        (Language::Go, _) if c.callee == "url.QueryEscape" => "go.QueryEscape",
        (Language::Go, _) if c.callee == "url.PathEscape" => "go.PathEscape",
        _ => return None,
    })
}

/// A component encoder (escapes `:` and `/`, or `:`), not a whole-URL one.
pub(crate) fn component_encoder(src: &Src, c: &Call) -> Option<&'static str> {
    let e = encoder(src, c)?;
    match e {
        "python.quote" if c.kwargs.iter().any(|(k, _)| k == "safe") || c.args.len() > 1 => None,
        "python.quote"
        | "python.quote_plus"
        | "js.encodeURIComponent"
        | "php.urlencode"
        | "php.rawurlencode"
        | "go.QueryEscape"
        | "go.PathEscape" => Some(e),
        _ => None,
    }
}

const TRANSFORMERS: &[&str] = &[
    "lower",
    "upper",
    "strip",
    "rstrip",
    "lstrip",
    "casefold",
    "trim",
    "trimEnd",
    "trimStart",
    "toLowerCase",
    "toUpperCase",
    "toString",
    "strtolower",
    "strtoupper",
    "rtrim",
    "ltrim",
    "ToLower",
    "ToUpper",
    "TrimSpace",
    "TrimSuffix",
    "TrimRight",
    "TrimPrefix",
    "str",
    "String",
    "strval",
    "set",
    "frozenset",
    "list",
    "sorted",
    "tuple",
    "Set",
    "from",
    "array_unique",
    "array_values",
    "removesuffix",
    "removeprefix",
];

/// What a transforming call works on: its receiver or its first argument.
pub(crate) fn transformed<'t>(src: &Src, c: &Call<'t>) -> Option<Node<'t>> {
    if !TRANSFORMERS.contains(&c.name.as_str()) {
        return None;
    }
    match (c.receiver, c.args.first()) {
        (Some(r), _) if src.lang != Language::Go && !matches!(c.name.as_str(), "from") => Some(r),
        (_, Some(&a)) => Some(a),
        (r, None) => r,
    }
}
