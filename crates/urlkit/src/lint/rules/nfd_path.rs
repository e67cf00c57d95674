//! `nfd-path` (U0210): decomposed Unicode (NFD) in the path.

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use super::{diag, encode_bytes, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0210",
    name: "nfd-path",
    family: Family::Interoperability,
    level: Severity::Warning,
    summary: "a path segment in decomposed Unicode (NFD), as macOS writes file names",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Decodes each path segment and reports it when it is not in Unicode Normalization \
               Form C (`e` + U+0301 instead of `é`, `か` + U+3099 instead of `が`).",
        why: "NFD and NFC look the same but are different bytes: a file uploaded from a Mac, or \
              a slug copied from its file name, does not match the NFC name the CMS and search \
              engines use.",
        example: "https://example.com/cafe%CC%81",
        use_instead: "https://example.com/caf%C3%A9",
        fix_safety: "Unsafe: the NFC form is another byte string, another resource to the server.",
        references: &[
            "https://unicode.org/reports/tr15/",
            "https://www.w3.org/TR/charmod-norm/",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for seg in &cx.segments {
        let text = cx.text(seg);
        if text.is_ascii() && !text.contains('%') {
            continue;
        }
        let bytes = crate::codec::percent_decode(text.as_bytes());
        let Ok(decoded) = std::str::from_utf8(&bytes) else {
            continue;
        };
        if decoded.is_ascii() || is_nfc_quick(decoded.chars()) == IsNormalized::Yes {
            continue;
        }
        let nfc: String = decoded.nfc().collect();
        if nfc == decoded {
            continue;
        }
        let fixed = encode_bytes(&nfc, |c| !crate::uri::chars::is_pchar(c));
        out.push(
            diag(
                &INFO,
                cx,
                seg.clone(),
                format!("'{text}' is decomposed Unicode (NFD): {decoded:?}; NFC is {nfc:?}"),
            )
            .evidence("decoded", decoded.to_owned())
            .evidence("NFC", nfc)
            .fix(fixed, Applicability::Unsafe),
        );
    }
}
