//! `latin1-mojibake` (U0207): UTF-8 read as Latin-1 (or windows-1252) and encoded again.

use super::{diag, DiagnosticExt};
use crate::charset::repair::{Action, Step};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0207",
    name: "latin1-mojibake",
    family: Family::Interoperability,
    level: Severity::Warning,
    summary: "UTF-8 read as Latin-1 and re-encoded ('%C3%A9%C2%96%C2%8B' for '%E9%96%8B', 開)",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Decodes each run of escapes (a path segment, a query name or value, the \
               fragment) and reports valid UTF-8 whose characters, written back in Latin-1 or \
               windows-1252, are UTF-8 again: text that went through a Latin-1 decoder and was \
               encoded once more. Up to three such layers are undone, as ftfy's \
               repeat-until-stable loop does, each one listed in the evidence. The same \
               mojibake written raw (`é–‹ç™º` for `開発`, as address bars and spreadsheets \
               show it) is reported too. The reading is `urlkit repair`'s; a run with more than \
               three layers is left to it, a run whose outermost layer is another charset \
               (Shift_JIS, GBK, windows-1251, ...) and a run that lost a byte are `mojibake`'s.",
        why: "The server receives other bytes than the page meant: `開発` arrives as the \
              letters `é` and `ç` among C1 control characters, the link answers 404 or a \
              search finds nothing, and every crawler that follows it may add a layer. Crawler \
              reports list these URLs without saying what they are.",
        example: "https://example.com/posts/tags/%C3%A9%C2%96%C2%8B%C3%A7%C2%99%C2%BA/",
        use_instead: "https://example.com/posts/tags/%E9%96%8B%E7%99%BA/",
        fix_safety: "Unsafe: the fix writes the UTF-8 the text was meant to be, which names \
                     another resource than the bytes as written (the one that was meant).",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986#section-2.5",
            "https://encoding.spec.whatwg.org/#windows-1252",
            "https://ftfy.readthedocs.io/en/latest/explain.html",
        ],
    },
};

/// Whether a mojibake layer's charset is Latin-1's: ISO-8859-1 or windows-1252.
pub(crate) fn is_latin1(charset: &str) -> bool {
    matches!(charset, "ISO-8859-1" | "windows-1252")
}

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    report_layers(&INFO, cx, out, is_latin1);
}

/// Reports, as rule `info`, each run whose mojibake layers were undone and whose first
/// (outermost) layer's charset passes `first`: the layers as evidence, the repair as the fix.
pub(crate) fn report_layers(
    info: &'static RuleInfo,
    cx: &Context<'_>,
    out: &mut Vec<Diagnostic>,
    first: fn(&str) -> bool,
) {
    let Some(r) = cx.repair() else { return };
    let mut i = 0;
    while i < r.steps.len() {
        if !matches!(r.steps[i].action, Action::UndoMojibake { .. }) {
            i += 1;
            continue;
        }
        // The layers of one run are consecutive steps with its span, outermost first.
        let span = r.steps[i].span.clone();
        let layers: Vec<&Step> = r.steps[i..]
            .iter()
            .take_while(|s| matches!(s.action, Action::UndoMojibake { .. }) && s.span == span)
            .collect();
        i += layers.len();
        let (outer, last) = (layers[0], layers[layers.len() - 1]);
        let charset = outer
            .charset
            .expect("invariant: a mojibake layer names its charset");
        if !first(charset) {
            continue;
        }
        let text = cx.text(&span);
        let n = layers.len();
        let plural = if n == 1 { "layer" } else { "layers" };
        let mut d = diag(
            info,
            cx,
            span,
            format!(
                "'{text}' is {:?} in UTF-8 read as {charset} and re-encoded ({n} {plural} of \
                 mojibake)",
                last.after,
            ),
        )
        .evidence("reads as", last.after.clone());
        for s in &layers {
            d = d.evidence(
                "layer",
                format!(
                    "{:?} -> {:?} ({})",
                    s.before,
                    s.after,
                    s.charset
                        .expect("invariant: a mojibake layer names its charset")
                ),
            );
        }
        if let Some(replacement) = &last.replacement {
            d = d.fix(replacement.clone(), Applicability::Unsafe);
        }
        out.push(d);
    }
}
