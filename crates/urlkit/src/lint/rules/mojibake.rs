//! `mojibake` (U0213): UTF-8 read in a charset other than Latin-1 (Shift_JIS, GBK, Big5,
//! EUC-KR, the other windows-125x, MacRoman, cp437), written raw or encoded again; and
//! mojibake that lost a byte.

use super::latin1_mojibake::{is_latin1, report_layers};
use super::{diag, DiagnosticExt};
use crate::charset::repair::Action;
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0213",
    name: "mojibake",
    family: Family::Interoperability,
    level: Severity::Warning,
    summary: "UTF-8 read in another charset than Latin-1 ('縺薙ｓ縺ｫ縺｡縺ｯ' is こんにちは read as Shift_JIS), or mojibake that lost a byte",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reads each run of the URL (a path segment, a query name or value, the \
               fragment; raw text or escapes) as `urlkit repair` does and reports text that \
               is UTF-8 decoded in a charset other than ISO-8859-1 and windows-1252 (those are \
               `latin1-mojibake`'s): Shift_JIS, GBK, Big5, EUC-KR, windows-1250/1251/1253/\
               1254/1257, ISO-8859-2, MacRoman, cp437; up to three layers, each listed in the \
               evidence. It also reports mojibake that lost a byte (a decoder wrote U+FFFD \
               where a byte did not decode, as `譌･譛ｬ隱�` for `日本語`): the reading, with \
               U+FFFD where the lost character was, is evidence and never a fix.",
        why: "The link carries the wrong text: `縺薙ｓ縺ｫ縺｡縺ｯ` is what a Japanese \
              Windows program shows for the UTF-8 of `こんにちは`, and a URL written from it \
              names a page nobody made. A lost byte cannot be guessed back: writing any \
              character there would name yet another page.",
        example: "https://example.com/tags/縺薙ｓ縺ｫ縺｡縺ｯ",
        use_instead: "https://example.com/tags/こんにちは",
        fix_safety: "Unsafe: the fix is the repair, the text the bytes were meant to be (raw \
                     text stays raw, escapes stay escapes), which names another resource than \
                     the URL as written. A run that lost a byte has no fix.",
        references: &[
            "https://encoding.spec.whatwg.org/#shift_jis",
            "https://ftfy.readthedocs.io/en/latest/explain.html",
            "https://www.rfc-editor.org/rfc/rfc3987#section-3.2",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    report_layers(&INFO, cx, out, |charset| !is_latin1(charset));
    let Some(r) = cx.repair() else { return };
    for s in r.steps.iter().filter(|s| s.action == Action::LostByte) {
        let charset = s
            .charset
            .expect("invariant: a lost byte names the charset it was lost in");
        out.push(
            diag(
                &INFO,
                cx,
                s.span.clone(),
                format!(
                    "'{}' is UTF-8 read as {charset} that lost a byte: it reads as {:?}, and the \
                     lost character cannot be recovered",
                    s.before, s.after
                ),
            )
            .evidence("reads as", s.after.clone()),
        );
    }
}
