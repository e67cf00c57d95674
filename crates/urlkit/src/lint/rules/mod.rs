//! One file per rule. Each file holds the rule's [`RuleInfo`] (code, name, family, level,
//! doc) and its check over the shared [`Context`]; this module lists them.

use std::ops::Range;

use super::byte_classes::ByteClasses;
use super::id::RuleId;
use super::trigger::Trigger::{self, Always, Any, When};
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
pub mod parser_disagreement;
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
    /// When it can fire: the rule is not run on a URL this rules out.
    pub(crate) trigger: Trigger,
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

// The classes the triggers name, short.
const PERCENT: ByteClasses = ByteClasses::PERCENT;
const NON_ASCII: ByteClasses = ByteClasses::NON_ASCII;
const SPACE: ByteClasses = ByteClasses::SPACE;
const CONTROL: ByteClasses = ByteClasses::CONTROL;
const PLUS: ByteClasses = ByteClasses::PLUS;
const BACKSLASH: ByteClasses = ByteClasses::BACKSLASH;
const AT: ByteClasses = ByteClasses::AT;
const UPPER: ByteClasses = ByteClasses::UPPER;
const UNDERSCORE: ByteClasses = ByteClasses::UNDERSCORE;
const UNWISE: ByteClasses = ByteClasses::UNWISE;
const HASH: ByteClasses = ByteClasses::HASH;
const SEMICOLON: ByteClasses = ByteClasses::SEMICOLON;
const PAREN: ByteClasses = ByteClasses::PAREN;

/// Every per-URL rule, in code order, with the bytes it needs to fire ([`Trigger`]).
///
/// A class is named only when the rule's check returns nothing without it: the `%` rules read
/// the escapes (or `%` itself), the charset rules [`Context::repair`] (nothing for ASCII without
/// escapes), `nfd-path` skips ASCII segments without `%`, `raw-reserved-misuse` looks for
/// [`ByteClasses::UNWISE`] bytes (`{` starts a template) and a `#` in the fragment,
/// `session-id-in-path` for `;name=` and `(S(`, `nul` and `crlf` for escapes and raw controls;
/// the others for the one byte they report. Rules that read the host or the parts alone are
/// cheap and always run; the two that read the browser's parse, and the three that read the
/// host's `xn--` or non-ASCII labels, have a test of their own.
pub(crate) static URL_RULES: &[UrlRule] = &[
    rule(
        &malformed_escape::INFO,
        malformed_escape::check,
        Any(PERCENT),
    ),
    rule(&invalid_utf8::INFO, invalid_utf8::check, Any(PERCENT)),
    rule(&raw_space::INFO, raw_space::check, Any(SPACE)),
    rule(&raw_control::INFO, raw_control::check, Any(CONTROL)),
    rule(
        &raw_reserved_misuse::INFO,
        raw_reserved_misuse::check,
        Any(UNWISE.or(HASH)),
    ),
    rule(&scheme_typo::INFO, scheme_typo::check, Always),
    rule(&missing_scheme::INFO, missing_scheme::check, Always),
    rule(&empty_host_label::INFO, empty_host_label::check, Always),
    rule(&relative_reference::INFO, relative_reference::check, Always),
    rule(&lowercase_hex::INFO, lowercase_hex::check, Any(PERCENT)),
    rule(
        &encoded_unreserved::INFO,
        encoded_unreserved::check,
        Any(PERCENT),
    ),
    rule(&raw_non_ascii::INFO, raw_non_ascii::check, Any(NON_ASCII)),
    rule(&plus_in_path::INFO, plus_in_path::check, Any(PLUS)),
    rule(&encoded_slash::INFO, encoded_slash::check, Any(PERCENT)),
    rule(&double_encoding::INFO, double_encoding::check, Any(PERCENT)),
    rule(
        &latin1_mojibake::INFO,
        latin1_mojibake::check,
        Any(NON_ASCII.or(PERCENT)),
    ),
    rule(
        &legacy_charset::INFO,
        legacy_charset::check,
        Any(NON_ASCII.or(PERCENT)),
    ),
    rule(
        &host_percent_encoded::INFO,
        host_percent_encoded::check,
        Any(PERCENT),
    ),
    rule(&nfd_path::INFO, nfd_path::check, Any(NON_ASCII.or(PERCENT))),
    rule(&plus_in_query::INFO, plus_in_query::check, Any(PLUS)),
    rule(&mojibake::INFO, mojibake::check, Any(NON_ASCII.or(PERCENT))),
    rule(&uppercase_path::INFO, uppercase_path::check, Any(UPPER)),
    rule(
        &underscore_in_path::INFO,
        underscore_in_path::check,
        Any(UNDERSCORE),
    ),
    rule(&index_file::INFO, index_file::check, Always),
    rule(&file_extension::INFO, file_extension::check, Always),
    rule(
        &session_id_in_path::INFO,
        session_id_in_path::check,
        Any(SEMICOLON.or(PAREN)),
    ),
    rule(&double_slash::INFO, double_slash::check, Always),
    rule(
        &parser_disagreement::INFO,
        parser_disagreement::check_in,
        When(parser_disagreement::can_fire),
    ),
    rule(
        &encoded_dot_segment::INFO,
        encoded_dot_segment::check,
        Any(PERCENT),
    ),
    rule(&nul::INFO, nul::check, Any(PERCENT.or(CONTROL))),
    rule(&crlf::INFO, crlf::check, Any(PERCENT.or(CONTROL))),
    rule(&credentials_in_url::INFO, credentials_in_url::check, Always),
    rule(&secret_in_query::INFO, secret_in_query::check, Always),
    rule(
        &confusable_host::INFO,
        confusable_host::check,
        When(host_labels::may_have_unicode_label),
    ),
    rule(
        &mixed_script_host::INFO,
        mixed_script_host::check,
        When(host_labels::may_have_unicode_label),
    ),
    rule(
        &invalid_punycode::INFO,
        invalid_punycode::check,
        When(host_labels::may_have_unicode_label),
    ),
    rule(
        &non_canonical_ipv4::INFO,
        non_canonical_ipv4::check,
        When(non_canonical_ipv4::can_fire),
    ),
    rule(&backslash::INFO, backslash::check, Any(BACKSLASH)),
    rule(&userinfo_at::INFO, userinfo_at::check, Any(AT)),
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

const fn rule(
    info: &'static RuleInfo,
    check: fn(&Context<'_>, &mut Vec<Diagnostic>),
    trigger: Trigger,
) -> UrlRule {
    UrlRule {
        info,
        id: RuleId::of_code(info.code),
        check,
        trigger,
    }
}

/// A finding of rule `info` on `span` of the URL in `cx` ([`RuleInfo::diagnostic`]).
pub(crate) fn diag(
    info: &'static RuleInfo,
    cx: &Context<'_>,
    span: Range<usize>,
    message: String,
) -> Diagnostic {
    info.diagnostic(cx, span, message)
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
