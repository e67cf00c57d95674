//! The host's labels in Unicode (U-labels), for the rules about how a host looks.

use std::ops::Range;

use crate::lint::Context;

/// One label of the host: its span in the input and its Unicode form.
pub(crate) struct Label {
    pub(crate) span: Range<usize>,
    pub(crate) unicode: String,
}

/// The labels of a registered-name host (not an IP literal, not percent-encoded) that are not
/// ASCII in Unicode, each in Unicode: an A-label (`xn--`) converted, a U-label as written. A
/// label that is not valid Punycode is left out (invalid-punycode reports it). ASCII labels
/// are left out because no rule of how a host looks reads them: most hosts are ASCII, and
/// this way they cost no allocation.
pub(crate) fn non_ascii_labels(cx: &Context<'_>) -> Vec<Label> {
    let Some(host) = &cx.split.host else {
        return Vec::new();
    };
    let text = cx.text(host);
    if text.starts_with('[') || text.contains('%') {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut start = host.start;
    for part in text.split('.') {
        let span = start..start + part.len();
        start = span.end + 1;
        let unicode = if part.len() > 4
            && part
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
        {
            match idna::punycode::decode_to_string(&part[4..]) {
                Some(s) => s,
                None => continue,
            }
        } else if part.is_ascii() {
            continue;
        } else {
            part.to_owned()
        };
        if !unicode.is_ascii() {
            out.push(Label { span, unicode });
        }
    }
    out
}

/// Whether [`non_ascii_labels`] can return a label for `cx`: only when the host has a
/// non-ASCII byte or an `xn--` (every other label is ASCII and skipped).
pub(crate) fn may_have_unicode_label(cx: &Context<'_>) -> bool {
    let Some(host) = &cx.split.host else {
        return false;
    };
    if cx
        .classes()
        .any(crate::lint::byte_classes::ByteClasses::NON_ASCII)
    {
        return true;
    }
    let b = &cx.input.as_bytes()[host.clone()];
    // The first `-` of an `xn--` is its third byte.
    memchr::memchr_iter(b'-', b).any(|at| {
        at >= 2
            && b.get(at - 2..at + 2)
                .is_some_and(|w| w.eq_ignore_ascii_case(b"xn--"))
    })
}
