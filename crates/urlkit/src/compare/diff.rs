//! Locating the first real difference between two URLs, in the inputs' own bytes.

use std::ops::Range;

use super::Difference;
use crate::normalize::{build_key, Level, Rule, RuleSet};
use crate::uri::chars::{escape_at, hex_value, CLASS, UNRESERVED, UNWISE};
use crate::uri::{Component, UriRef};

/// One unit of a component as the rules see it: a character byte or an escaped byte.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tok {
    Byte(u8),
    Esc(u8),
    EscRaw(u8, u8),
}

/// A unit with where it is in the input.
struct Unit {
    tok: Tok,
    at: usize,
    len: usize,
}

fn tokens(input: &str, r: Range<usize>, c: Component, rs: RuleSet) -> Vec<Unit> {
    let b = input.as_bytes();
    let fold = match c {
        Component::Scheme => rs.has(Rule::SchemeCase),
        Component::Host => rs.has(Rule::HostCase),
        _ => false,
    };
    let mut out = Vec::new();
    let mut i = r.start;
    while i < r.end {
        let c0 = b[i];
        let escape = (c0 == b'%' && i + 2 < r.end)
            .then(|| escape_at(b, i))
            .flatten();
        if let Some(v) = escape {
            let tok = if rs.has(Rule::UnreservedDecoded) && CLASS[v as usize] & UNRESERVED != 0 {
                Tok::Byte(if fold { v.to_ascii_lowercase() } else { v })
            } else if rs.has(Rule::HexCase) {
                Tok::Esc(v)
            } else {
                Tok::EscRaw(b[i + 1], b[i + 2])
            };
            out.push(Unit { tok, at: i, len: 3 });
            i += 3;
        } else if c0 >= 0x80 {
            let ch = input[i..].chars().next().map_or(1, char::len_utf8);
            for &byte in &b[i..i + ch] {
                let tok = if rs.has(Rule::IriToUri) {
                    Tok::Esc(byte)
                } else {
                    Tok::Byte(byte)
                };
                out.push(Unit {
                    tok,
                    at: i,
                    len: ch,
                });
            }
            i += ch;
        } else {
            let tok = if rs.has(Rule::IriToUri) && CLASS[c0 as usize] & UNWISE != 0 {
                Tok::Esc(c0)
            } else if fold {
                Tok::Byte(c0.to_ascii_lowercase())
            } else {
                Tok::Byte(c0)
            };
            out.push(Unit { tok, at: i, len: 1 });
            i += 1;
        }
    }
    out
}

/// Where a missing component would start: after the components before it.
fn insertion_point(u: &UriRef<'_>, c: Component) -> usize {
    // A component one side lacks is inserted where it would start; with nothing before it
    // (no scheme, no authority) that is offset 0: a real place, not a fallback.
    let end_of = |c: Component| u.range(c).map(|r| r.end);
    match c {
        Component::Scheme => 0,
        Component::Userinfo => u.range(Component::Host).map_or(0, |r| r.start),
        Component::Host | Component::Port => end_of(Component::Host)
            .or(end_of(Component::Scheme).map(|e| e + 1))
            .unwrap_or(0),
        Component::Path => u.range(Component::Path).map_or(0, |r| r.start),
        Component::Query => u.range(Component::Path).map_or(0, |r| r.end),
        Component::Fragment => end_of(Component::Query)
            .or(end_of(Component::Path))
            .unwrap_or(0),
    }
}

fn describe(input: &str, unit: Option<&Unit>, c: Component) -> String {
    match unit {
        None => format!("the end of its {c}"),
        Some(u) => {
            let text = &input[u.at..u.at + u.len];
            match u.tok {
                Tok::Esc(_) | Tok::EscRaw(..) if text.starts_with('%') => {
                    let v = hex_value(text.as_bytes()[1]) << 4 | hex_value(text.as_bytes()[2]);
                    if v.is_ascii_graphic() {
                        format!("'{text}' (an escaped '{}')", v as char)
                    } else {
                        format!("'{text}'")
                    }
                }
                _ => format!("'{text}'"),
            }
        }
    }
}

/// A hint when one side has a reserved character and the other its escape.
fn hint(a: &Unit, b: &Unit) -> Option<&'static str> {
    let pair = match (a.tok, b.tok) {
        (Tok::Esc(v), Tok::Byte(c)) | (Tok::Byte(c), Tok::Esc(v)) if v == c => Some(v),
        _ => None,
    }?;
    Some(if pair == b'%' {
        "; '%25' is a literal '%', not the start of an escape, so no level treats them as the same"
    } else if pair == b'\\' {
        "; '\\' is a path separator to browsers and '%5C' is data, so no level treats them as the same"
    } else {
        "; an escaped delimiter is data, not a delimiter (RFC 3986 §2.2), so no level treats them as the same"
    })
}

/// The first component whose keys differ, and the first unit inside it where the inputs
/// differ once the level's character rules are applied.
pub(super) fn locate(ua: &UriRef<'_>, ub: &UriRef<'_>, rs: RuleSet, level: Level) -> Difference {
    let (a, b) = (ua.as_str(), ub.as_str());
    let mut ka = String::new();
    let mut kb = String::new();
    let pa = build_key(ua, rs, &mut ka).ok();
    let pb = build_key(ub, rs, &mut kb).ok();
    let component = match (&pa, &pb) {
        (Some(pa), Some(pb)) => Component::ALL
            .into_iter()
            .find(|&c| pa.get(&ka, c) != pb.get(&kb, c))
            .unwrap_or(Component::Path),
        _ => Component::Path,
    };
    let c = component;
    match (ua.range(c), ub.range(c)) {
        (Some(ra), Some(rb)) => {
            let ta = tokens(a, ra.clone(), c, rs);
            let tb = tokens(b, rb.clone(), c, rs);
            let first = ta.iter().zip(&tb).position(|(x, y)| x.tok != y.tok);
            let i = first.unwrap_or(ta.len().min(tb.len()));
            if first.is_none() && ta.len() == tb.len() {
                // A side whose key has no such component shows it as empty text, which is
                // what it has (the component is absent), not a hidden failure.
                let (xa, xb) = (
                    pa.as_ref().and_then(|p| p.get(&ka, c)).unwrap_or(""),
                    pb.as_ref().and_then(|p| p.get(&kb, c)).unwrap_or(""),
                );
                return Difference {
                    component: c,
                    offset_a: ra.start,
                    offset_b: rb.start,
                    message: format!(
                        "the {c} differs at level {level} once normalized: A's is '{xa}', B's is '{xb}'"
                    ),
                };
            }
            let (ua_, ub_) = (ta.get(i), tb.get(i));
            let offset_a = ua_.map_or(ra.end, |u| u.at);
            let offset_b = ub_.map_or(rb.end, |u| u.at);
            let extra = match (ua_, ub_) {
                // No hint for this pair: the message is the difference alone.
                (Some(x), Some(y)) => hint(x, y).unwrap_or(""),
                _ => "",
            };
            Difference {
                component: c,
                offset_a,
                offset_b,
                message: format!(
                    "the {c} differs: A has {} at byte {offset_a}, B has {} at byte {offset_b}{extra}",
                    describe(a, ua_, c),
                    describe(b, ub_, c)
                ),
            }
        }
        (Some(ra), None) => Difference {
            component: c,
            offset_a: ra.start.saturating_sub(1),
            offset_b: insertion_point(ub, c),
            message: format!("A has a {c} ('{}'), B has none", &a[ra]),
        },
        (None, Some(rb)) => Difference {
            component: c,
            offset_a: insertion_point(ua, c),
            offset_b: rb.start.saturating_sub(1),
            message: format!("A has no {c}, B has one ('{}')", &b[rb]),
        },
        (None, None) => Difference {
            component: c,
            offset_a: insertion_point(ua, c),
            offset_b: insertion_point(ub, c),
            message: format!("the {c} differs at level {level}"),
        },
    }
}
