//! `legacy-charset` (U0208): escapes that are not UTF-8 but text in a legacy charset.

use super::{diag, DiagnosticExt};
use crate::charset::repair::{Action, Candidate, Repair, Step};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0208",
    name: "legacy-charset",
    family: Family::Interoperability,
    level: Severity::Error,
    summary: "escapes that are text in a legacy charset, not UTF-8 ('%8AO%91%95' is Shift_JIS)",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Decodes each run of escapes (with the raw ASCII trail bytes a double-byte \
               charset uses, as in `%83s%83G`) and, where the bytes are not UTF-8, weighs every \
               WHATWG legacy decoder that reads them, as `urlkit repair` does: a declared \
               `ie=`/`charset=`/`_charset_=`, the characters' area (JIS levels 1-2, GB 2312, \
               KS X 1001, Big5 level 1), script coherence and the host's TLD. It reports the \
               charset when one reading remains, and lists the readings when several do. Bytes \
               that no charset reads plausibly are `invalid-utf8`'s; this rule takes precedence \
               over it on the same bytes.",
        why: "URLs carry UTF-8 (RFC 3986 §2.5, RFC 3987, the WHATWG URL Standard). \
              `decodeURIComponent` throws URIError on Shift_JIS bytes (a page that reads its \
              query with it does not render), Python writes U+FFFD, and a search for \
              `?q=%8AO%91%95%95s%97%C7` finds nothing where `外装不良` would be found.",
        example: "https://example.com/?q=%8AO%91%95%95s%97%C7",
        use_instead: "https://example.com/?q=%E5%A4%96%E8%A3%85%E4%B8%8D%E8%89%AF",
        fix_safety: "Unsafe, and only when one reading remains: the fix writes the text as \
                     UTF-8, which names another resource than the bytes as written (for a \
                     server that reads UTF-8, the one that was meant). An ambiguous run has \
                     no fix.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986#section-2.5",
            "https://www.rfc-editor.org/rfc/rfc3987#section-3.2",
            "https://encoding.spec.whatwg.org/#legacy-multi-byte-japanese-encodings",
        ],
    },
};

/// The readings shown as evidence: the best few.
const SHOWN: usize = 4;

fn reading(c: &Candidate, run: usize) -> String {
    let text = c
        .texts
        .get(run)
        .expect("invariant: a candidate has one text per legacy run");
    format!("{} {text:?} (score {})", c.charset, c.score)
}

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(r) = cx.repair() else { return };
    let taken: Vec<&Step> = r
        .steps
        .iter()
        .filter(|s| s.action == Action::ReadLegacy)
        .collect();
    for (run, s) in taken.iter().enumerate() {
        let text = cx.text(&s.span);
        let charset = s
            .charset
            .expect("invariant: a legacy reading names its charset");
        let mut message = format!("'{text}' is {charset} for {:?}, not UTF-8", s.after);
        if !s.note.is_empty() {
            message.push_str(&format!(" ({})", s.note));
        }
        let mut d = diag(&INFO, cx, s.span.clone(), message)
            .evidence("charset", charset.to_owned())
            .evidence("reads as", s.after.clone());
        for c in r.candidates.iter().skip(1).take(SHOWN - 1) {
            d = d.evidence("other reading", reading(c, run));
        }
        if let Some(replacement) = &s.replacement {
            d = d.fix(replacement.clone(), Applicability::Unsafe);
        }
        out.push(d);
    }
    if taken.is_empty() {
        ambiguous(cx, r, out);
    }
}

/// The runs kept as written because several readings remain: reported with the readings when
/// one of them is plausible (scores above 0); otherwise the bytes are `invalid-utf8`'s.
fn ambiguous(cx: &Context<'_>, r: &Repair, out: &mut Vec<Diagnostic>) {
    let kept: Vec<&Candidate> = r.candidates.iter().filter(|c| c.kept).collect();
    if !kept.iter().any(|c| c.score > 0) {
        return;
    }
    let runs: Vec<&Step> = r
        .steps
        .iter()
        .filter(|s| s.action == Action::KeptAmbiguous)
        .collect();
    for (run, s) in runs.iter().enumerate() {
        let text = cx.text(&s.span);
        let readings: Vec<String> = kept.iter().take(SHOWN).map(|c| reading(c, run)).collect();
        let mut d = diag(
            &INFO,
            cx,
            s.span.clone(),
            format!(
                "'{text}' is not UTF-8 and reads as several legacy charsets ({}): {}",
                readings.join(", "),
                s.note
            ),
        );
        for c in kept.iter().take(SHOWN) {
            d = d.evidence("reading", reading(c, run));
        }
        out.push(d);
    }
}
