//! Repair of URLs written in a legacy charset or through Latin-1 mojibake, and charset
//! detection for the few bytes of a URL.
//!
//! Repair works per *run*: each path segment, query name, query value and the fragment is
//! percent-decoded to bytes, and a run is a stretch of escaped bytes >= 0x80 together with the
//! raw ASCII trail bytes a double-byte decoder consumes (Shift_JIS `%83s%83G%81[%83%8B` is one
//! run). Only runs change; every other byte keeps its spelling, hex case and `+` included.
//! Nothing is Unicode-normalized.
//!
//! - A run that is valid UTF-8 is never given a legacy reading, whatever the host's TLD. It
//!   changes only when it is Latin-1 mojibake: text that encodes back to Latin-1 (or
//!   windows-1252) as valid UTF-8, undone up to three layers, each step recorded.
//! - A run with UTF-8's structure but broken (overlong, surrogate, cut short) has no reading:
//!   the verdict is [`Verdict::None`] and nothing changes.
//! - The other runs of a URL are read together in one legacy charset, ranked as the `rank`
//!   module's rationale says; the URL is rewritten only when one reading remains. Otherwise the
//!   verdict is [`Verdict::Ambiguous`], the candidates are listed and nothing changes.
//!
//! A URL is repaired wholly or not at all: the output is the input, or a URL whose every
//! repaired run is UTF-8, percent-encoded with uppercase hex (RFC 3986 §2.1).
//!
//! ```
//! use urlkit::charset::repair::{repair, Verdict};
//! let r = repair("https://example.com/?q=%8AO%91%95%95s%97%C7").unwrap();
//! assert_eq!(r.verdict, Verdict::Repaired);
//! assert_eq!(r.charset, Some("Shift_JIS"));
//! assert_eq!(r.output, "https://example.com/?q=%E5%A4%96%E8%A3%85%E4%B8%8D%E8%89%AF");
//!
//! let m = repair("https://example.com/posts/tags/%C3%A9%C2%96%C2%8B%C3%A7%C2%99%C2%BA/").unwrap();
//! assert_eq!(m.output, "https://example.com/posts/tags/%E9%96%8B%E7%99%BA/");
//!
//! let a = repair("http://localhost:8080/form?a=%83z").unwrap();
//! assert_eq!((a.verdict, a.output.as_str()), (Verdict::Ambiguous, "http://localhost:8080/form?a=%83z"));
//! ```
//!
//! Spec: <https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(simplified)-encodings>,
//! <https://www.rfc-editor.org/rfc/rfc3986#section-2.5>,
//! <https://www.rfc-editor.org/rfc/rfc3987#section-3.2>

mod detect;
mod hints;
mod mojibake;
mod outcome;
mod rank;
mod reading;
mod repertoire;
mod rewrite;
mod run;
mod script;
mod unit;

use std::collections::HashMap;
use std::ops::Range;

use encoding_rs::Encoding;

pub use hints::DECLARING_PARAMETERS;
pub use mojibake::{MojibakeCharset, MAX_LAYERS};
pub use outcome::{Action, Candidate, Evidence, Repair, Step, Verdict};
pub use rank::MARGIN;
pub use run::BrokenUtf8;
pub use unit::Place;

use crate::uri::ParseError;
use hints::Hints;
use rank::{Decision, Group};
use rewrite::{Edit, Emit};
use run::Run;
use run::RunInput;
use unit::{Token, Unit};

/// A run found in a unit, classified.
struct Found<'u> {
    unit: &'u Unit,
    run: Run,
    span: Range<usize>,
    kind: Kind,
    written: Written,
}

/// How a run was written in the input.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Written {
    /// As `%XX` escapes (bytes >= 0x80 with the ASCII trail bytes among them).
    Escaped,
    /// As raw text: non-ASCII characters and the ASCII letters and digits of their word.
    Raw,
}

enum Kind {
    /// Valid UTF-8: its mojibake layers (often none), which end clean.
    Utf8(Vec<mojibake::Layer>),
    /// Valid UTF-8 with more than [`MAX_LAYERS`] layers of mojibake.
    TooDeep,
    /// Valid UTF-8 whose mojibake reads differently through several charsets.
    MojibakeAmbiguous(Vec<(MojibakeCharset, String)>),
    /// Valid UTF-8 whose mojibake lost a byte: the layers, the last one's text the reading.
    Lossy(Vec<mojibake::Layer>),
    /// Broken UTF-8: the defect and its offset in the run.
    Broken(BrokenUtf8, usize),
    /// For the legacy charsets.
    Legacy(Vec<u8>),
}

impl Kind {
    /// The kind of a run whose bytes are the UTF-8 `text`.
    fn of_utf8(text: &str) -> Kind {
        let found = mojibake::layers(text);
        let lossy = found.lossy();
        match found.end {
            mojibake::End::TooDeep => Kind::TooDeep,
            mojibake::End::Ambiguous(readings) => Kind::MojibakeAmbiguous(readings),
            mojibake::End::Clean if lossy => Kind::Lossy(found.layers),
            mojibake::End::Clean => Kind::Utf8(found.layers),
        }
    }
}

fn find_runs(units: &[Unit]) -> Vec<Found<'_>> {
    let mut found = Vec::new();
    for unit in units {
        let span_of = |run: &Run| {
            unit.tokens[run.range.start].src.start..unit.tokens[run.range.end - 1].src.end
        };
        let escaped = run::runs_of(&unit.tokens);
        let raw = run::raw_runs_of(&unit.tokens, &escaped);
        for run in escaped {
            let bytes = run.bytes(&unit.tokens);
            let kind = match std::str::from_utf8(&bytes) {
                Ok(text) => Kind::of_utf8(text),
                Err(_) => match run::broken_utf8(&bytes) {
                    Some((kind, at)) => Kind::Broken(kind, at),
                    None => Kind::Legacy(bytes),
                },
            };
            found.push(Found {
                unit,
                span: span_of(&run),
                run,
                kind,
                written: Written::Escaped,
            });
        }
        // Raw text is the URL's own UTF-8: it is only ever mojibake, never a legacy charset,
        // and a raw run that is clean is not a run at all.
        for run in raw {
            let bytes = run.bytes(&unit.tokens);
            let text = std::str::from_utf8(&bytes)
                .expect("invariant: raw runs are whole characters of the input's UTF-8");
            let kind = Kind::of_utf8(text);
            if matches!(&kind, Kind::Utf8(layers) if layers.is_empty()) {
                continue;
            }
            found.push(Found {
                unit,
                span: span_of(&run),
                run,
                kind,
                written: Written::Raw,
            });
        }
    }
    found.sort_by_key(|f| f.span.start);
    found
}

/// The ASCII character right before and after a run in its unit.
fn neighbours(tokens: &[Token], run: &Run) -> (Option<char>, Option<char>) {
    let ascii = |t: Option<&Token>| {
        t.filter(|t| t.value.is_ascii())
            .map(|t| char::from(t.value))
    };
    let before = run.range.start.checked_sub(1).and_then(|i| tokens.get(i));
    (ascii(before), ascii(tokens.get(run.range.end)))
}

/// Repairs one URL: legacy-charset runs rewritten as UTF-8 when one reading remains, Latin-1
/// mojibake undone; see the module documentation for how.
///
/// ```
/// use urlkit::charset::repair::{repair, Verdict};
/// let r = repair("https://example.com/%83%5E%83C%83g%83%8B?x=a+b").unwrap();
/// assert_eq!(r.output, "https://example.com/%E3%82%BF%E3%82%A4%E3%83%88%E3%83%AB?x=a+b");
/// // Valid UTF-8 is never reread, even under .jp.
/// let u = repair("https://example.jp/%E6%97%A5%E6%9C%AC").unwrap();
/// assert_eq!(u.verdict, Verdict::Unchanged);
/// ```
///
/// # Errors
///
/// A URL that does not parse as an RFC 3986 / 3987 reference: the parse error with its offset.
///
/// Spec: <https://encoding.spec.whatwg.org/#names-and-labels>
pub fn repair(url: &str) -> Result<Repair, ParseError> {
    repair_with_host_charset(url, None)
}

/// Repairs a list of URLs, letting URLs of one host agree: when the URLs of a host that were
/// read in a legacy charset were all read in the same one, its other URLs' candidates in that
/// charset get 3 points. Results are in input order.
///
/// ```
/// use urlkit::charset::repair::{repair, repair_list, Verdict};
/// // 東京 in EUC-JP is also two GB 2312 hanzi: alone, it is ambiguous.
/// let kanji = "http://a.example/y?q=%C5%EC%B5%FE";
/// assert_eq!(repair(kanji).unwrap().verdict, Verdict::Ambiguous);
/// // 日本のテスト in EUC-JP has kana and a level-2 Big5 reading: its host's other URL is read
/// // in EUC-JP too.
/// let kana = "http://a.example/x?q=%C6%FC%CB%DC%A4%CE%A5%C6%A5%B9%A5%C8";
/// let all = repair_list(&[kanji, kana]);
/// assert!(all.iter().all(|r| r.as_ref().unwrap().charset == Some("EUC-JP")));
/// assert_eq!(all[0].as_ref().unwrap().output, "http://a.example/y?q=%E6%9D%B1%E4%BA%AC");
/// ```
///
/// # Rationale
///
/// A site wrote all its links in one charset, so a host's confident readings are evidence for
/// its doubtful ones; but only as much as a TLD is, so that one wrong reading cannot carry a
/// whole host.
pub fn repair_list(urls: &[&str]) -> Vec<Result<Repair, ParseError>> {
    let first: Vec<Result<Repair, ParseError>> = urls.iter().map(|u| repair(u)).collect();
    let mut by_host: HashMap<String, Option<&'static Encoding>> = HashMap::new();
    for (url, r) in urls.iter().zip(&first) {
        let (Ok(r), Some(host)) = (r, host_of(url)) else {
            continue;
        };
        let Some(e) = legacy_charset(r) else { continue };
        by_host
            .entry(host)
            .and_modify(|seen| {
                if *seen != Some(e) {
                    *seen = None;
                }
            })
            .or_insert(Some(e));
    }
    urls.iter()
        .zip(first)
        .map(|(url, r)| match (&r, host_of(url)) {
            (Ok(done), Some(host)) if done.verdict == Verdict::Ambiguous => {
                match by_host.get(&host).copied().flatten() {
                    Some(e) => repair_with_host_charset(url, Some(e)),
                    None => r,
                }
            }
            _ => r,
        })
        .collect()
}

/// Repairs text that is not a URL (a pasted slug, a title, a line of a report): mojibake
/// undone, escaped legacy-charset runs read, as [`repair`] does inside a URL, with the whole
/// text as one unit and no host or declaration to help.
///
/// ```
/// use urlkit::charset::repair::{repair_text, Verdict};
/// // こんにちは, UTF-8 read as Shift_JIS.
/// assert_eq!(repair_text("縺薙ｓ縺ｫ縺｡縺ｯ").output, "こんにちは");
/// assert_eq!(repair_text("NicolÃ¡s and Ã©tÃ©").output, "Nicolás and été");
/// assert_eq!(repair_text("plain text").verdict, Verdict::Unchanged);
/// ```
///
/// Spec: <https://encoding.spec.whatwg.org/#decode>
pub fn repair_text(text: &str) -> Repair {
    let units = [Unit {
        place: Place::Text,
        tokens: unit::tokens_of(text, 0),
    }];
    let found = find_runs(&units);
    decide(text, &found, &Hints::default(), &Emit::Url(text))
}

fn host_of(url: &str) -> Option<String> {
    crate::uri::parse(url)
        .ok()
        .and_then(|u| u.host().map(str::to_ascii_lowercase))
}

/// The legacy charset a repair read its runs in (not a mojibake layer's).
fn legacy_charset(r: &Repair) -> Option<&'static Encoding> {
    if r.verdict != Verdict::Repaired {
        return None;
    }
    r.steps
        .iter()
        .find(|s| s.action == Action::ReadLegacy)
        .and_then(|s| s.charset)
        .and_then(|name| Encoding::for_label(name.as_bytes()))
}

/// Repairs one URL as if it declared `charset`: its legacy runs are read in that charset
/// when it decodes them (whatever the scores), which settles a reading [`repair`] calls
/// ambiguous; mojibake is undone as always.
///
/// ```
/// use urlkit::charset::repair::{repair, repair_in, Verdict};
/// let url = "http://localhost:8080/form?a=%83z";
/// assert_eq!(repair(url).unwrap().verdict, Verdict::Ambiguous);
/// let sjis = urlkit::charset::encoding_for_label("shift_jis").unwrap();
/// let r = repair_in(url, sjis).unwrap();
/// assert_eq!((r.verdict, r.output.as_str()), (Verdict::Repaired, "http://localhost:8080/form?a=%E3%83%9B"));
/// assert_eq!(r.steps[0].note, "declared by the charset given (Shift_JIS)");
/// ```
///
/// # Errors
///
/// A URL that does not parse as an RFC 3986 / 3987 reference: the parse error with its offset.
///
/// Spec: <https://encoding.spec.whatwg.org/#names-and-labels>
pub fn repair_in(url: &str, charset: &'static Encoding) -> Result<Repair, ParseError> {
    repair_with(url, None, Some(charset))
}

fn repair_with_host_charset(
    url: &str,
    host: Option<&'static Encoding>,
) -> Result<Repair, ParseError> {
    repair_with(url, host, None)
}

fn repair_with(
    url: &str,
    host: Option<&'static Encoding>,
    given: Option<&'static Encoding>,
) -> Result<Repair, ParseError> {
    let uri = crate::uri::parse(url)?;
    let declared = match given {
        // GBK's decoder is gb18030's: one candidate stands for both.
        Some(e) => {
            let e = if e == encoding_rs::GBK {
                encoding_rs::GB18030
            } else {
                e
            };
            vec![(e, format!("the charset given ({})", e.name()))]
        }
        None => hints::declared(&uri),
    };
    let hints = Hints {
        declared,
        tld: uri.host().and_then(hints::tld_charsets),
        tld_label: uri.host().and_then(hints::tld_label),
        host,
    };
    let units = unit::units_of(&uri);
    let found = find_runs(&units);
    let emit = Emit::Url(url);
    Ok(decide(url, &found, &hints, &emit))
}

/// The common decision for a URL or for bare bytes.
fn decide(input: &str, found: &[Found<'_>], hints: &Hints, emit: &Emit<'_>) -> Repair {
    let unchanged = |verdict, steps, candidates| Repair {
        output: input.to_owned(),
        verdict,
        charset: None,
        steps,
        candidates,
    };
    // A step that leaves the run `f` as written, and says why.
    let kept = |f: &Found<'_>, action, note| as_written(f, action, note, emit);
    if let Some((verdict, steps)) = unrepairable(found, emit) {
        return unchanged(verdict, steps, Vec::new());
    }
    let (mut steps, mojibake_edits, first_layer) = undo_mojibake(found, emit);
    let legacy: Vec<&Found<'_>> = found
        .iter()
        .filter(|f| matches!(f.kind, Kind::Legacy(_)))
        .collect();
    if legacy.is_empty() {
        if mojibake_edits.is_empty() {
            return unchanged(Verdict::Unchanged, steps, Vec::new());
        }
        return Repair {
            output: emit.apply(input, mojibake_edits),
            verdict: Verdict::Repaired,
            charset: first_layer,
            steps,
            candidates: Vec::new(),
        };
    }
    let (groups, decision, ignored) = rank::rank(&run_inputs(&legacy), hints);
    if let Some(note) = ignored {
        steps.push(kept(legacy[0], Action::DeclarationIgnored, note));
    }
    let output_of = |g: &Group| {
        let mut edits = mojibake_edits.clone();
        for (f, chars) in legacy.iter().zip(&g.chars) {
            edits.push(Edit {
                span: f.span.clone(),
                text: emit.reading_in_run(chars, &f.unit.tokens, &f.run),
            });
        }
        edits.sort_by_key(|e| e.span.start);
        emit.apply(input, edits)
    };
    let candidates = candidates_of(&groups, output_of);
    match decision {
        Decision::Take(i, note) => {
            let g = &groups[i];
            // `Step::note` is empty when the decision needed no words (one candidate).
            steps.extend(read_in(&legacy, g, &note.unwrap_or_default(), emit));
            steps.sort_by_key(|s| s.span.start);
            Repair {
                output: candidates[i].output.clone(),
                verdict: Verdict::Repaired,
                charset: Some(g.encodings[0].name()),
                steps,
                candidates,
            }
        }
        Decision::Ambiguous(why) => {
            steps.extend(
                legacy
                    .iter()
                    .map(|f| kept(f, Action::KeptAmbiguous, why.clone())),
            );
            unchanged(Verdict::Ambiguous, steps, candidates)
        }
        Decision::NoDecoder => {
            steps.extend(legacy.iter().map(|f| {
                kept(
                    f,
                    Action::KeptAmbiguous,
                    "no legacy charset decodes it".into(),
                )
            }));
            unchanged(Verdict::None, steps, candidates)
        }
    }
}

/// The verdict and steps when some run keeps the whole URL as written: broken UTF-8 (no
/// reading), a lost byte (a reading to report, never to write; the other runs' mojibake
/// layers are listed too, so the steps hold the whole reading), mojibake deeper than
/// [`MAX_LAYERS`] or read differently through several charsets (ambiguous).
///
/// # Rationale
///
/// Undoing only [`MAX_LAYERS`] layers of a deeper run would give a URL that a second repair
/// changes again, and a reading with a lost byte would write U+FFFD into data; the URL is
/// repaired wholly or not at all, so it stays as written and the step says why.
fn unrepairable(found: &[Found<'_>], emit: &Emit<'_>) -> Option<(Verdict, Vec<Step>)> {
    let kept = |f: &Found<'_>, action, note| as_written(f, action, note, emit);
    let broken: Vec<Step> = found
        .iter()
        .filter_map(|f| match f.kind {
            Kind::Broken(kind, at) => Some(kept(
                f,
                Action::BrokenUtf8(kind),
                format!("at byte {at} of the run"),
            )),
            _ => None,
        })
        .collect();
    if !broken.is_empty() {
        return Some((Verdict::None, broken));
    }
    let lost: Vec<Step> = found
        .iter()
        .filter_map(|f| match &f.kind {
            Kind::Lossy(layers) => Some(lost_byte(f, layers, emit)),
            _ => None,
        })
        .collect();
    if !lost.is_empty() {
        // The other runs' mojibake is still read, so the report shows the whole reading.
        let (mut steps, _, _) = undo_mojibake(found, emit);
        steps.extend(lost);
        steps.sort_by_key(|s| s.span.start);
        return Some((Verdict::None, steps));
    }
    let ambiguous: Vec<Step> = found
        .iter()
        .filter_map(|f| match &f.kind {
            Kind::TooDeep => Some(kept(
                f,
                Action::KeptAmbiguous,
                format!(
                    "it has more than {MAX_LAYERS} layers of mojibake, and only {MAX_LAYERS} \
                     are undone"
                ),
            )),
            Kind::MojibakeAmbiguous(readings) if readings.is_empty() => Some(kept(
                f,
                Action::KeptAmbiguous,
                "undoing its mojibake stops at text that is still mojibake in shape, which \
                 no charset reads plausibly"
                    .into(),
            )),
            Kind::MojibakeAmbiguous(readings) => {
                let readings: Vec<String> = readings
                    .iter()
                    .map(|(charset, text)| format!("{text:?} through {}", charset.name()))
                    .collect();
                Some(kept(
                    f,
                    Action::KeptAmbiguous,
                    format!("its mojibake reads as {}", readings.join(" or ")),
                ))
            }
            _ => None,
        })
        .collect();
    (!ambiguous.is_empty()).then_some((Verdict::Ambiguous, ambiguous))
}

/// The step that reports a run whose mojibake lost a byte: the reading, with U+FFFD where a
/// character was lost, and no replacement.
fn lost_byte(f: &Found<'_>, layers: &[mojibake::Layer], emit: &Emit<'_>) -> Step {
    let first = layers
        .iter()
        .find(|l| l.lossy)
        .expect("invariant: a lossy run has a lossy layer");
    let last = layers.last().expect("invariant: a lossy run has layers");
    Step {
        action: Action::LostByte,
        place: f.unit.place.clone(),
        span: f.span.clone(),
        charset: Some(first.charset.name()),
        before: emit.source(f.span.clone()),
        after: last.after.clone(),
        note: format!(
            "UTF-8 read as {} lost a byte (U+FFFD in {:?}), so the text cannot be recovered \
             whole; left as written",
            first.charset.name(),
            first.before
        ),
        replacement: None,
    }
}

/// What ranking reads of each legacy run: its bytes and the text around it.
fn run_inputs(legacy: &[&Found<'_>]) -> Vec<RunInput> {
    legacy
        .iter()
        .map(|f| {
            let (before, after) = neighbours(&f.unit.tokens, &f.run);
            let Kind::Legacy(bytes) = &f.kind else {
                unreachable!("invariant: filtered on Kind::Legacy")
            };
            RunInput {
                bytes: bytes.clone(),
                before,
                after,
            }
        })
        .collect()
}

/// The steps that read each legacy run in the charset of `g`, the reading chosen.
fn read_in<'a>(
    legacy: &'a [&Found<'_>],
    g: &'a Group,
    note: &'a str,
    emit: &'a Emit<'_>,
) -> impl Iterator<Item = Step> + 'a {
    legacy
        .iter()
        .zip(g.texts())
        .zip(&g.chars)
        .map(move |((f, text), chars)| Step {
            action: Action::ReadLegacy,
            place: f.unit.place.clone(),
            span: f.span.clone(),
            charset: Some(g.encodings[0].name()),
            before: emit.source(f.span.clone()),
            after: text,
            note: note.to_owned(),
            replacement: Some(emit.reading_in_run(chars, &f.unit.tokens, &f.run)),
        })
}

/// A step that leaves the run `f` as written (`before` is its source text): no charset read
/// and no replacement, with `note` saying why.
fn as_written(f: &Found<'_>, action: Action, note: String, emit: &Emit<'_>) -> Step {
    Step {
        action,
        place: f.unit.place.clone(),
        span: f.span.clone(),
        charset: None,
        before: emit.source(f.span.clone()),
        after: String::new(),
        note,
        replacement: None,
    }
}

/// The steps and edits that undo the Latin-1 mojibake runs of `found` (one step per layer),
/// and the charset of the first layer undone.
fn undo_mojibake(
    found: &[Found<'_>],
    emit: &Emit<'_>,
) -> (Vec<Step>, Vec<Edit>, Option<&'static str>) {
    let mut steps = Vec::new();
    let mut mojibake_edits = Vec::new();
    let mut first_layer = None;
    for f in found {
        if let Kind::Utf8(layers) = &f.kind {
            let Some(last) = layers.last() else { continue };
            // Raw text stays raw: an IRI stays an IRI.
            let text = match f.written {
                Written::Escaped => emit.text_in_run(&last.after, &f.unit.tokens, &f.run),
                Written::Raw => last.after.clone(),
            };
            for (i, layer) in layers.iter().enumerate() {
                first_layer.get_or_insert(layer.charset.name());
                steps.push(Step {
                    action: Action::UndoMojibake { layer: i + 1 },
                    place: f.unit.place.clone(),
                    span: f.span.clone(),
                    charset: Some(layer.charset.name()),
                    before: layer.before.clone(),
                    after: layer.after.clone(),
                    note: String::new(),
                    replacement: (i + 1 == layers.len()).then(|| text.clone()),
                });
            }
            mojibake_edits.push(Edit {
                span: f.span.clone(),
                text,
            });
        }
    }
    (steps, mojibake_edits, first_layer)
}

/// The ranked readings as the report lists them, each with the URL it would give.
fn candidates_of(groups: &[Group], output_of: impl Fn(&Group) -> String) -> Vec<Candidate> {
    groups
        .iter()
        .map(|g| Candidate {
            charset: g.encodings[0].name(),
            same_as: g.encodings[1..].iter().map(|e| e.name()).collect(),
            score: g.score,
            kept: g.kept,
            texts: g.texts(),
            output: output_of(g),
            evidence: g
                .evidence
                .iter()
                .map(|(points, reason)| Evidence {
                    points: *points,
                    reason: reason.clone(),
                })
                .chain(g.refused.iter().map(|reason| Evidence {
                    points: 0,
                    reason: reason.clone(),
                }))
                .collect(),
        })
        .collect()
}

/// Percent-decoded bytes of unknown charset, read as text: UTF-8 when they are UTF-8 (verdict
/// [`Verdict::Unchanged`], charset `UTF-8`), else the one legacy reading that remains after
/// ranking (verdict [`Verdict::Repaired`]); `text` is `None` when the verdict is ambiguous or
/// none. No mojibake is undone: that is [`repair`]'s job, not a charset's.
///
/// ```
/// use urlkit::charset::repair::{decode_auto, Verdict};
/// let d = decode_auto(b"\x8AO\x91\x95\x95s\x97\xC7");
/// assert_eq!((d.text.as_deref(), d.charset), (Some("外装不良"), Some("Shift_JIS")));
/// assert_eq!(decode_auto(b"\x83z").verdict, Verdict::Ambiguous);
/// assert_eq!(decode_auto("運営".as_bytes()).charset, Some("UTF-8"));
/// ```
///
/// Spec: <https://encoding.spec.whatwg.org/#decode>
pub fn decode_auto(bytes: &[u8]) -> AutoDecoded {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return AutoDecoded {
            text: Some(text.to_owned()),
            verdict: Verdict::Unchanged,
            charset: Some("UTF-8"),
            steps: Vec::new(),
            candidates: Vec::new(),
        };
    }
    let units = [Unit {
        place: Place::Text,
        tokens: unit::tokens_of_bytes(bytes),
    }];
    let mut found = find_runs(&units);
    // Mojibake is not a charset: a valid UTF-8 run stays UTF-8 text.
    for f in &mut found {
        match &mut f.kind {
            Kind::Utf8(layers) => layers.clear(),
            Kind::TooDeep | Kind::MojibakeAmbiguous(_) | Kind::Lossy(_) => {
                f.kind = Kind::Utf8(Vec::new());
            }
            Kind::Broken(..) | Kind::Legacy(_) => {}
        }
    }
    let emit = Emit::Text(bytes);
    let r = decide("", &found, &Hints::default(), &emit);
    let text = (r.verdict != Verdict::Ambiguous && r.verdict != Verdict::None).then(|| {
        r.candidates
            .iter()
            .find(|c| Some(c.charset) == r.charset)
            .expect("invariant: a repaired verdict names the candidate it took")
            .output
            .clone()
    });
    AutoDecoded {
        text,
        verdict: r.verdict,
        charset: r.charset,
        steps: r.steps,
        candidates: r.candidates,
    }
}

/// What [`decode_auto`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutoDecoded {
    /// The text, when one reading was found.
    pub text: Option<String>,
    /// The verdict.
    pub verdict: Verdict,
    /// The charset read in.
    pub charset: Option<&'static str>,
    /// What was found, located by byte offset.
    pub steps: Vec<Step>,
    /// The readings weighed, best first.
    pub candidates: Vec<Candidate>,
}

#[cfg(test)]
mod tests;
