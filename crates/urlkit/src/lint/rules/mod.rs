//! One file per rule. Each file holds the rule's [`RuleInfo`] (code, name, family, level,
//! doc) and its check over the shared [`Context`]; this module lists them.

use std::ops::Range;

use super::id::RuleId;
use super::{Applicability, Context, Diagnostic, Evidence, Fix, RuleInfo};

mod backslash;
mod confusable_host;
mod credentials_in_url;
mod crlf;
mod double_encoding;
mod double_slash;
mod empty_host_label;
mod encoded_dot_segment;
mod encoded_slash;
mod encoded_unreserved;
mod file_extension;
mod host_labels;
mod host_percent_encoded;
mod index_file;
mod invalid_punycode;
mod invalid_utf8;
mod latin1_mojibake;
mod legacy_charset;
mod lowercase_hex;
mod malformed_escape;
mod missing_scheme;
pub(crate) mod mixed_forms;
mod mixed_script_host;
mod mojibake;
mod nfd_path;
mod non_canonical_ipv4;
mod nul;
pub(crate) mod parser_disagreement;
mod plus_in_path;
mod plus_in_query;
mod raw_control;
mod raw_non_ascii;
mod raw_reserved_misuse;
mod raw_space;
mod relative_reference;
mod scheme_typo;
mod secret_in_query;
mod session_id_in_path;
pub(crate) mod trailing_slash_mixed;
mod underscore_in_path;
mod uppercase_path;
mod userinfo_at;

/// A rule over one URL.
pub(crate) struct UrlRule {
    pub(crate) info: &'static RuleInfo,
    pub(crate) id: RuleId,
    pub(crate) check: fn(&Context<'_>, &mut Vec<Diagnostic>),
}

/// A rule over the whole list: its counts per host are [`crate::lint::ListLinter`]'s.
pub(crate) struct ListRule {
    pub(crate) info: &'static RuleInfo,
}

/// `(winner, loser)`: where both report overlapping bytes, the loser's finding is dropped
/// (see [`crate::lint::precedence`]).
pub(crate) static PRECEDENCE: &[(&RuleInfo, &RuleInfo)] = &[
    (&legacy_charset::INFO, &invalid_utf8::INFO),
    (&latin1_mojibake::INFO, &invalid_utf8::INFO),
    (&latin1_mojibake::INFO, &double_encoding::INFO),
    (&mojibake::INFO, &invalid_utf8::INFO),
    (&mojibake::INFO, &double_encoding::INFO),
    (&encoded_dot_segment::INFO, &encoded_unreserved::INFO),
    (&encoded_dot_segment::INFO, &lowercase_hex::INFO),
    (&encoded_dot_segment::INFO, &parser_disagreement::INFO),
    (&nul::INFO, &raw_control::INFO),
    (&nul::INFO, &invalid_utf8::INFO),
    (&crlf::INFO, &raw_control::INFO),
    (&backslash::INFO, &parser_disagreement::INFO),
    (&backslash::INFO, &raw_reserved_misuse::INFO),
    (&non_canonical_ipv4::INFO, &parser_disagreement::INFO),
    (&userinfo_at::INFO, &parser_disagreement::INFO),
    (&userinfo_at::INFO, &credentials_in_url::INFO),
    (&host_percent_encoded::INFO, &parser_disagreement::INFO),
    (&raw_space::INFO, &parser_disagreement::INFO),
    (&raw_control::INFO, &parser_disagreement::INFO),
    (&crlf::INFO, &parser_disagreement::INFO),
    (&malformed_escape::INFO, &parser_disagreement::INFO),
    (&raw_reserved_misuse::INFO, &parser_disagreement::INFO),
    (&encoded_slash::INFO, &encoded_unreserved::INFO),
    (&index_file::INFO, &file_extension::INFO),
    (&scheme_typo::INFO, &relative_reference::INFO),
    (&missing_scheme::INFO, &relative_reference::INFO),
    (&scheme_typo::INFO, &parser_disagreement::INFO),
    (&missing_scheme::INFO, &parser_disagreement::INFO),
    (&relative_reference::INFO, &parser_disagreement::INFO),
    (&empty_host_label::INFO, &parser_disagreement::INFO),
];

/// Every per-URL rule, in code order.
pub(crate) static URL_RULES: &[UrlRule] = &[
    rule(&malformed_escape::INFO, malformed_escape::check),
    rule(&invalid_utf8::INFO, invalid_utf8::check),
    rule(&raw_space::INFO, raw_space::check),
    rule(&raw_control::INFO, raw_control::check),
    rule(&raw_reserved_misuse::INFO, raw_reserved_misuse::check),
    rule(&scheme_typo::INFO, scheme_typo::check),
    rule(&missing_scheme::INFO, missing_scheme::check),
    rule(&empty_host_label::INFO, empty_host_label::check),
    rule(&relative_reference::INFO, relative_reference::check),
    rule(&lowercase_hex::INFO, lowercase_hex::check),
    rule(&encoded_unreserved::INFO, encoded_unreserved::check),
    rule(&raw_non_ascii::INFO, raw_non_ascii::check),
    rule(&plus_in_path::INFO, plus_in_path::check),
    rule(&encoded_slash::INFO, encoded_slash::check),
    rule(&double_encoding::INFO, double_encoding::check),
    rule(&latin1_mojibake::INFO, latin1_mojibake::check),
    rule(&legacy_charset::INFO, legacy_charset::check),
    rule(&host_percent_encoded::INFO, host_percent_encoded::check),
    rule(&nfd_path::INFO, nfd_path::check),
    rule(&plus_in_query::INFO, plus_in_query::check),
    rule(&mojibake::INFO, mojibake::check),
    rule(&uppercase_path::INFO, uppercase_path::check),
    rule(&underscore_in_path::INFO, underscore_in_path::check),
    rule(&index_file::INFO, index_file::check),
    rule(&file_extension::INFO, file_extension::check),
    rule(&session_id_in_path::INFO, session_id_in_path::check),
    rule(&double_slash::INFO, double_slash::check),
    rule(&parser_disagreement::INFO, parser_disagreement::check),
    rule(&encoded_dot_segment::INFO, encoded_dot_segment::check),
    rule(&nul::INFO, nul::check),
    rule(&crlf::INFO, crlf::check),
    rule(&credentials_in_url::INFO, credentials_in_url::check),
    rule(&secret_in_query::INFO, secret_in_query::check),
    rule(&confusable_host::INFO, confusable_host::check),
    rule(&mixed_script_host::INFO, mixed_script_host::check),
    rule(&invalid_punycode::INFO, invalid_punycode::check),
    rule(&non_canonical_ipv4::INFO, non_canonical_ipv4::check),
    rule(&backslash::INFO, backslash::check),
    rule(&userinfo_at::INFO, userinfo_at::check),
];

/// Every list-level rule, in code order.
pub(crate) static LIST_RULES: &[ListRule] = &[
    ListRule {
        info: &mixed_forms::INFO,
    },
    ListRule {
        info: &trailing_slash_mixed::INFO,
    },
];

const fn rule(info: &'static RuleInfo, check: fn(&Context<'_>, &mut Vec<Diagnostic>)) -> UrlRule {
    UrlRule {
        info,
        id: RuleId::of_code(info.code),
        check,
    }
}

/// A finding of rule `info` on `span` of the URL in `cx`, its component found from the span.
pub(crate) fn diag(
    info: &'static RuleInfo,
    cx: &Context<'_>,
    span: Range<usize>,
    message: String,
) -> Diagnostic {
    Diagnostic {
        rule: info.name,
        code: info.code,
        severity: info.level,
        component: cx.component_at(span.start),
        span,
        message,
        evidence: Vec::new(),
        fix: None,
    }
}

/// Builder steps on a [`Diagnostic`].
pub(crate) trait DiagnosticExt {
    /// With a fix that replaces the diagnostic's own span.
    fn fix(self, replacement: String, applicability: Applicability) -> Self;
    /// With one more piece of evidence.
    fn evidence(self, label: &'static str, value: String) -> Self;
}

impl DiagnosticExt for Diagnostic {
    fn fix(mut self, replacement: String, applicability: Applicability) -> Self {
        self.fix = Some(Fix {
            span: self.span.clone(),
            replacement,
            applicability,
        });
        self
    }

    fn evidence(mut self, label: &'static str, value: String) -> Self {
        self.evidence.push(Evidence::new(label, value));
        self
    }
}

/// Bytes as hex pairs: `E6 97 A5`.
pub(crate) fn hex_bytes(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 3);
    for (i, &b) in bytes.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let e = crate::uri::chars::HEX_UPPER.escape(b);
        s.push(char::from(e[1]));
        s.push(char::from(e[2]));
    }
    s
}

/// Runs of adjacent escapes in `escapes` for which `keep` holds: each run's span.
pub(crate) fn escape_runs(
    escapes: &[super::context::Escape],
    keep: impl Fn(&super::context::Escape) -> bool,
) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    for e in escapes.iter().filter(|e| keep(e)) {
        match out.last_mut() {
            Some(last) if last.end == e.at => last.end = e.at + 3,
            _ => out.push(e.span()),
        }
    }
    out
}

/// Runs of adjacent escapes of bytes >= 0x80 (a character's UTF-8, or a legacy charset's
/// bytes); each escape of an ASCII byte is a run of its own.
pub(crate) fn utf8_runs(escapes: &[super::context::Escape]) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    let mut prev_high = false;
    for e in escapes {
        let high = e.byte >= 0x80;
        match out.last_mut() {
            Some(last) if last.end == e.at && high && prev_high => last.end = e.at + 3,
            _ => out.push(e.span()),
        }
        prev_high = high;
    }
    out
}

/// The `%XX` escape of each byte of `text` that is outside ASCII or in `also`, uppercase.
pub(crate) fn encode_bytes(text: &str, also: impl Fn(u8) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() && !also(c as u8) {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for &b in c.encode_utf8(&mut buf).as_bytes() {
                crate::uri::chars::HEX_UPPER.push_escape(b, &mut out);
            }
        }
    }
    out
}
