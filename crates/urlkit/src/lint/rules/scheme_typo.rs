//! `scheme-typo` (U0106): a scheme one keystroke away from `http`, `https`, `ftp`, `ws` or
//! `wss`, or one of those without its `:`.

use std::ops::Range;

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0106",
    name: "scheme-typo",
    family: Family::Correctness,
    level: Severity::Error,
    summary: "a scheme one typo away from http, https, ftp, ws or wss ('htps:'), or one without its ':' ('https//')",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports a scheme that is not a known scheme but is one edit (a letter added, \
               dropped, changed, or two swapped) from `http`, `https`, `ftp`, `ws` or `wss`: \
               `htps:`, `htpp:`, `httsp:`. Known schemes that are that close (`ftps`, `sftp`, \
               `tftp`, `shttp`, `tcp`) and one-letter schemes (a Windows drive, `C:`) are left \
               alone. Also reports a reference without a scheme that starts with one of those \
               names (or a typo of one) followed by `//` or `;//`: `https//example.com/a` is \
               a relative path to every parser.",
        why: "`htps://example.com/a` is a valid URI of an unknown scheme: a browser offers to \
              search for it or finds no handler, a crawler skips it, and nothing says why. \
              `https//example.com/a` is a relative reference: resolved against the page, it \
              becomes `https://site/dir/https//example.com/a`, a 404 on the linking site.",
        example: "htps://example.com/a",
        use_instead: "https://example.com/a",
        fix_safety: "Unsafe, and only when one scheme is nearest: the fix writes that scheme \
                     (and the `:`), which is a guess of what was meant. A typo as near to two \
                     schemes (`httpx` is one edit from `http` and from `https`) has no fix.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986#section-3.1",
            "https://www.iana.org/assignments/uri-schemes/uri-schemes.xhtml",
            "https://url.spec.whatwg.org/#special-scheme",
        ],
    },
};

/// The schemes a typo is measured against.
const TARGETS: [&str; 5] = ["http", "https", "ftp", "ws", "wss"];

/// Registered or common schemes one edit from a target: not typos.
const KNOWN: &[&str] = &["ftps", "sftp", "tftp", "shttp", "tcp", "htcp"];

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    match &cx.split.scheme {
        Some(r) => {
            let written = cx.text(r);
            // Nearly every URL has a target scheme: compared without an allocation.
            let known = |list: &[&str]| list.iter().any(|t| t.eq_ignore_ascii_case(written));
            if written.len() < 2 || known(&TARGETS) || known(KNOWN) {
                return;
            }
            // Compared in lowercase byte by byte: no allocation for a scheme that is no typo
            // (`file`, `mailto`).
            let near = nearest(written);
            if near.is_empty() {
                return;
            }
            report(cx, out, r.clone(), near, "", ":");
        }
        None if cx.split.authority.is_none() => {
            let Some((word, sep)) = colonless(cx.input) else {
                return;
            };
            let lower = word.to_ascii_lowercase();
            let near = if TARGETS.contains(&lower.as_str()) {
                vec![TARGETS
                    .into_iter()
                    .find(|t| *t == lower)
                    .expect("invariant: the word is a target")]
            } else {
                nearest(&lower)
            };
            if near.is_empty() {
                return;
            }
            report(cx, out, 0..word.len() + sep.len(), near, "://", "//");
        }
        None => {}
    }
}

/// The word before `//` or `;//` at the start of a reference without a scheme.
fn colonless(input: &str) -> Option<(&str, &str)> {
    let end = input.find(|c: char| !c.is_ascii_alphabetic())?;
    let (word, rest) = input.split_at(end);
    if word.len() < 2 {
        return None;
    }
    if rest.starts_with("//") {
        Some((word, ""))
    } else if rest.starts_with(";//") {
        Some((word, ";"))
    } else {
        None
    }
}

/// Reports `span`: the nearest schemes, and a fix when there is one. `written` is what the
/// replacement ends with for a scheme that had its `:` (`":"`) or lost it (`"://"`, the span
/// then covering the word and a `;` up to the `//`, which stays).
fn report(
    cx: &Context<'_>,
    out: &mut Vec<Diagnostic>,
    span: Range<usize>,
    near: Vec<&'static str>,
    lost: &str,
    kept: &str,
) {
    let text = cx.text(&span);
    let names: Vec<String> = near.iter().map(|n| format!("'{n}'")).collect();
    let message = if lost.is_empty() {
        format!(
            "scheme '{text}' is not a scheme anyone serves; it is one typo from {}",
            names.join(" and ")
        )
    } else {
        format!(
            "'{text}{kept}' has no ':' after the scheme {}: every parser reads it as a relative path",
            names.join(" or ")
        )
    };
    let mut d = diag(&INFO, cx, span, message);
    for n in &near {
        d = d.evidence("did you mean", (*n).to_owned());
    }
    if let [only] = near.as_slice() {
        // The `//` after the span stays: a lost `:` is put back before it.
        let replacement = if lost.is_empty() {
            (*only).to_owned()
        } else {
            format!("{only}:")
        };
        d = d.fix(replacement, Applicability::Unsafe);
    }
    out.push(d);
}

/// The targets one edit from `word`, read in ASCII lowercase (it is none of them).
fn nearest(word: &str) -> Vec<&'static str> {
    TARGETS
        .into_iter()
        .filter(|t| one_edit(word.as_bytes(), t.as_bytes()))
        .collect()
}

/// Whether `a` in ASCII lowercase is one edit from `b` (one substitution, insertion,
/// deletion, or swap of neighbours: an optimal string alignment distance of 1), in one pass.
fn one_edit(a: &[u8], b: &[u8]) -> bool {
    let eq = |x: u8, y: u8| x.to_ascii_lowercase() == y;
    let prefix = a.iter().zip(b).take_while(|&(&x, &y)| eq(x, y)).count();
    let (a_rest, b_rest) = (&a[prefix..], &b[prefix..]);
    let same = |x: &[u8], y: &[u8]| x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| eq(p, q));
    match a.len() as isize - b.len() as isize {
        0 => {
            !a_rest.is_empty()
                && (same(&a_rest[1..], &b_rest[1..])
                    || a_rest.len() >= 2
                        && eq(a_rest[0], b_rest[1])
                        && eq(a_rest[1], b_rest[0])
                        && same(&a_rest[2..], &b_rest[2..]))
        }
        1 => same(&a_rest[1..], b_rest),
        -1 => same(a_rest, &b_rest[1..]),
        _ => false,
    }
}

/// The optimal string alignment distance (Levenshtein with swaps of neighbours) from `a` in
/// ASCII lowercase to `b`: the definition [`one_edit`] is tested against. Three rows of
/// `b.len() + 1` cells.
#[cfg(test)]
fn osa_distance(a: &[u8], b: &[u8]) -> usize {
    const SHORT: usize = 8;
    let w = b.len() + 1;
    let mut short = [0usize; 3 * SHORT];
    let mut long = Vec::new();
    let cells: &mut [usize] = if w <= SHORT {
        &mut short
    } else {
        long.resize(3 * w, 0);
        &mut long
    };
    let lower = |i: usize| a[i].to_ascii_lowercase();
    // Row `i` is at `(i % 3) * w`.
    let at = |i: usize, j: usize| (i % 3) * w + j;
    for (j, cell) in cells[..w].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        cells[at(i, 0)] = i;
        for j in 1..w {
            let cost = usize::from(lower(i - 1) != b[j - 1]);
            let mut v = (cells[at(i - 1, j)] + 1)
                .min(cells[at(i, j - 1)] + 1)
                .min(cells[at(i - 1, j - 1)] + cost);
            if i > 1 && j > 1 && lower(i - 1) == b[j - 2] && lower(i - 2) == b[j - 1] {
                v = v.min(cells[at(i - 2, j - 2)] + 1);
            }
            cells[at(i, j)] = v;
        }
    }
    cells[at(a.len(), w - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(osa_distance(b"htps", b"https"), 1);
        assert_eq!(osa_distance(b"htps", b"http"), 2);
        assert_eq!(osa_distance(b"htpts", b"https"), 1);
        assert_eq!(osa_distance(b"hxxp", b"http"), 2);
        assert_eq!(osa_distance(b"HTPS", b"https"), 1);
        assert_eq!(osa_distance(b"", b"ws"), 2);
        assert_eq!(osa_distance(b"file", b"ftp"), 3);
        // Longer than the stack rows.
        assert_eq!(osa_distance(b"abcdefghij", b"abcdefghji"), 1);
        assert_eq!(osa_distance(b"abcdefghij", b"xbcdefghijk"), 2);
        assert_eq!(nearest("HTTPX"), ["http", "https"]);
        assert_eq!(nearest("file"), Vec::<&str>::new());
    }

    /// `one_edit` is the distance's `== 1`, on every word of up to 6 letters of a small
    /// alphabet (both cases) against every target.
    #[test]
    fn one_edit_is_distance_one() {
        let letters = b"htpswfHT";
        let mut words: Vec<Vec<u8>> = vec![Vec::new()];
        let mut all = Vec::new();
        for _ in 0..6 {
            words = words
                .iter()
                .flat_map(|w| letters.iter().map(move |&c| [w.as_slice(), &[c]].concat()))
                .collect();
            all.extend(words.iter().cloned());
        }
        for w in &all {
            for t in TARGETS {
                assert_eq!(
                    one_edit(w, t.as_bytes()),
                    osa_distance(w, t.as_bytes()) == 1,
                    "{:?} {t}",
                    String::from_utf8_lossy(w)
                );
            }
        }
        assert_eq!(nearest("httpx"), ["http", "https"]);
        assert_eq!(colonless("https//a/"), Some(("https", "")));
        assert_eq!(colonless("http;//a/"), Some(("http", ";")));
        assert_eq!(colonless("a/b"), None);
    }
}
