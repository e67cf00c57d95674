//! `mixed-forms` (U0211, list): one list spells non-ASCII text in several ways.

use super::diag;
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0211",
    name: "mixed-forms",
    family: Family::Interoperability,
    level: Severity::Warning,
    summary: "the list mixes IRI (raw), uppercase-hex and lowercase-hex spellings",
    scope: Scope::List,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Classifies each URL of the input that has non-ASCII text as IRI (raw characters), \
               uppercase-hex or lowercase-hex escapes, and reports the URLs whose form is not \
               the most common one in the list.",
        why: "A sitemap, a CMS export and an analytics report that spell `/運営/` three ways \
              never match as strings: reports double count, redirects and canonical tags miss.",
        example: "https://example.com/%E9%81%8B%E5%96%B6/\nhttps://example.com/%E6%97%A5/\nhttps://example.com/%e6%9c%ac/",
        use_instead: "https://example.com/%E9%81%8B%E5%96%B6/\nhttps://example.com/%E6%97%A5/\nhttps://example.com/%E6%9C%AC/",
        fix_safety: "No fix of its own: lowercase-hex and raw-non-ascii fix each URL.",
        references: &["https://www.rfc-editor.org/rfc/rfc3987#section-5.3"],
    },
};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Form {
    Iri,
    Upper,
    Lower,
}

impl Form {
    fn name(self) -> &'static str {
        match self {
            Form::Iri => "raw (IRI)",
            Form::Upper => "uppercase-hex",
            Form::Lower => "lowercase-hex",
        }
    }
}

fn form(cx: &Context<'_>) -> Option<(Form, std::ops::Range<usize>)> {
    let start = cx.host.as_ref().map_or(0, |h| h.end);
    if let Some((i, c)) = cx.input[start..]
        .char_indices()
        .find(|(_, c)| !c.is_ascii())
    {
        return Some((Form::Iri, start + i..start + i + c.len_utf8()));
    }
    let b = cx.input.as_bytes();
    let e = cx
        .escapes
        .iter()
        .find(|e| e.byte >= 0x80 && b[e.at + 1..e.at + 3].iter().any(u8::is_ascii_alphabetic))?;
    let lower = b[e.at + 1..e.at + 3].iter().any(u8::is_ascii_lowercase);
    Some((if lower { Form::Lower } else { Form::Upper }, e.span()))
}

pub(crate) fn check(list: &[Context<'_>]) -> Vec<(usize, Diagnostic)> {
    let forms: Vec<Option<(Form, std::ops::Range<usize>)>> = list.iter().map(form).collect();
    let count = |f: Form| forms.iter().flatten().filter(|(g, _)| *g == f).count();
    let all = [Form::Upper, Form::Iri, Form::Lower];
    let present = all.iter().filter(|&&f| count(f) > 0).count();
    if present < 2 {
        return Vec::new();
    }
    // The most common form; on a tie the RFC 3986 form (uppercase hex) wins, then IRI.
    let major = all
        .into_iter()
        .fold(Form::Upper, |m, f| if count(f) > count(m) { f } else { m });
    forms
        .iter()
        .enumerate()
        .filter_map(|(i, f)| {
            let (f, span) = f.clone()?;
            // The RFC 3986 form is never the one to change.
            (f != major && f != Form::Upper).then(|| {
                let cx = &list[i];
                let msg = format!(
                    "this URL writes non-ASCII text {} while {} of {} URLs in the list use {}",
                    f.name(),
                    count(major),
                    list.len(),
                    major.name()
                );
                (i, diag(&INFO, cx, span, msg))
            })
        })
        .collect()
}
