//! `mixed-forms` (U0211, list): one list spells non-ASCII text in several ways.

use crate::lint::tally::{First, ListFinding, PerHost};
use crate::lint::{Context, Family, RuleDoc, RuleInfo, Scope, Severity};

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
               uppercase-hex or lowercase-hex escapes, host by host, and reports each form that \
               is not the host's most common one (never uppercase hex, the RFC 3986 form) once, \
               on its first URL, with the number of URLs that use it.",
        why: "A sitemap, a CMS export and an analytics report that spell `/運営/` three ways \
              never match as strings: reports double count, redirects and canonical tags miss.",
        example: "https://example.com/%E9%81%8B%E5%96%B6/\nhttps://example.com/%E6%97%A5/\nhttps://example.com/%e6%9c%ac/",
        use_instead: "https://example.com/%E9%81%8B%E5%96%B6/\nhttps://example.com/%E6%97%A5/\nhttps://example.com/%E6%9C%AC/",
        fix_safety: "No fix of its own: lowercase-hex and raw-non-ascii fix each URL.",
        references: &["https://www.rfc-editor.org/rfc/rfc3987#section-5.3"],
    },
};

/// A spelling of non-ASCII text; its value is its place in a host's tallies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Form {
    Iri = 0,
    Upper = 1,
    Lower = 2,
}

/// The forms in the order a tie is settled: the RFC 3986 form first, then IRI.
const ALL: [Form; 3] = [Form::Upper, Form::Iri, Form::Lower];

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
    use crate::lint::byte_classes::ByteClasses;
    // An ASCII URL has no raw text, one without `%` no escape: most URLs of a list are both.
    if !cx
        .classes()
        .any(ByteClasses::NON_ASCII.or(ByteClasses::PERCENT))
    {
        return None;
    }
    let start = cx.split.host.as_ref().map_or(0, |h| h.end);
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

/// Per host: how many URLs write non-ASCII text in each form, and the first of each.
pub(crate) struct Summary<T> {
    hosts: PerHost<T, 3>,
}

impl<T> Default for Summary<T> {
    fn default() -> Summary<T> {
        Summary {
            hosts: PerHost::default(),
        }
    }
}

impl<T: Clone> Summary<T> {
    /// Counts the URL of `cx` (the `seq`-th of the list, at `at`).
    pub(crate) fn add(&mut self, cx: &Context<'_>, seq: u64, at: &T) {
        let Some((f, span)) = form(cx) else { return };
        let tallies = self.hosts.of(cx);
        tallies[f as usize].add(|| First::new(&INFO, cx, span, (seq, at.clone())));
    }

    /// One finding per host and form that is neither the host's most common one nor the RFC
    /// 3986 form (uppercase hex), on the first URL of that form.
    pub(crate) fn finish(self) -> Vec<(u64, ListFinding<T>)> {
        let mut out = Vec::new();
        for (host, tallies) in self.hosts {
            let counts = tallies.each_ref().map(|t| t.count);
            let count = |f: Form| counts[f as usize];
            if ALL.iter().filter(|&&f| count(f) > 0).count() < 2 {
                continue;
            }
            // The most common form; on a tie the RFC 3986 form (uppercase hex) wins, then IRI.
            let major = ALL
                .into_iter()
                .fold(Form::Upper, |m, f| if count(f) > count(m) { f } else { m });
            let total: usize = counts.iter().sum();
            let shown = if host.is_empty() {
                "URLs without a host".to_owned()
            } else {
                format!("URLs of {host}")
            };
            for (f, tally) in [Form::Iri, Form::Upper, Form::Lower]
                .into_iter()
                .zip(tallies)
            {
                // The RFC 3986 form is never the one to change.
                if f == major || f == Form::Upper {
                    continue;
                }
                let Some(first) = tally.first else { continue };
                let message = format!(
                    "this URL writes non-ASCII text {}, as {} of the {total} {shown} with \
                     non-ASCII text do, while {} {} {}",
                    f.name(),
                    tally.count,
                    count(major),
                    if count(major) == 1 { "uses" } else { "use" },
                    major.name()
                );
                out.push(first.finding(message));
            }
        }
        out
    }
}
