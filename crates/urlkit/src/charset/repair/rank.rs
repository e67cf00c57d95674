//! Ranking the legacy readings of a URL's runs.
//!
//! # Rationale
//!
//! The runs of one URL are read together, in one charset: a page wrote its links and forms
//! in one encoding, and pooling the runs gives two-byte runs the evidence of their neighbours.
//! Every WHATWG legacy decoder that decodes all runs without error is a candidate; readings
//! that give the same text are one candidate (EUC-JP and GB 2312 share their kana rows). A
//! candidate scores the points of its characters' areas (see `repertoire`), minus 3 for a
//! run that mixes scripts no text mixes and 2 for a word that mixes alphabets, plus 3 for three
//! or more JIS kana (Japanese's own script, alone or with kanji), plus 3 when the host's TLD
//! suggests it and 3 when other URLs of the host were read in it. Candidates less than
//! [`MARGIN`] points below the best remain, so that a TLD or the host breaks a tie; the
//! reading is taken when one remains. A charset declared in the URL (`ie=`, `charset=`, ...) that decodes the runs is taken
//! whatever the scores. Without one, a reading is never taken when its best score is not
//! positive or when some charset reads the runs as a single character: a two-byte run is a
//! kanji in Shift_JIS, a hanzi in GBK, a syllable in EUC-KR and two letters in windows-1252,
//! and nothing in one character tells them apart.
//!
//! A reading whose text is itself Latin-1 mojibake in shape (`É»`, whose Latin-1 bytes
//! `C9 BB` are the UTF-8 of `ɻ`) is listed but never taken, declared or not. Text whose
//! Latin-1 bytes are well-formed UTF-8 is what the mojibake loop undoes, and real text in a
//! legacy charset almost never has that shape (see `mojibake`); taking it would also write a
//! URL that a second repair changes again. Between the two readings of such bytes, the legacy
//! reading loses: it is dropped, and the other candidates are ranked without it.

use encoding_rs::Encoding;

use super::detect;
use super::hints::Hints;
use super::mojibake::shaped_as;
use super::reading::{legacy_encodings, read, ReadChar};
use super::repertoire::{area_of, Area};
use super::run::RunInput;
use super::script::{capitals_only, incoherent_scripts, mixed_alphabet_word, script_name};

/// A candidate this many points below the best, or more, is dropped.
pub const MARGIN: i32 = 3;

/// Points for a reading with three or more kana in JIS X 0208's kana rows.
///
/// *Rationale*: kana are Japanese's own script, so a reading that has them (alone or with
/// kanji) is coherent in a way a hanzi reading of the same bytes is not evidence against. It
/// breaks the tie of EUC-JP's kana rows (`0xA4`, `0xA5` leads) with Big5 level 1, whose most
/// frequent hanzi have the same lead bytes; other charsets' kana are symbols or extensions and
/// get nothing. Two kana are not enough: a two-character GBK run can read as two kana. It is
/// worth less than [`MARGIN`], so it never decides alone: Big5 text of frequent hanzi can be
/// all `0xA4` leads and read as kana (`手心心` is EUC-JP `もみみ`); beside the statistical
/// model's agreement, which Japanese kana almost always get, it does decide.
const KANA_BONUS: i32 = 2;

fn is_kana(c: char) -> bool {
    ('\u{3041}'..='\u{30FA}').contains(&c)
}

/// The note on the EUC-JP and Big5 readings of bytes in [`kana_overlap`].
const OVERLAP: &str = "EUC-JP's kana and level-1 kanji rows are the bytes of Big5's most frequent \
                       hanzi: only context (a declaration, the TLD, the host) tells them apart";

/// Whether EUC-JP reads every run as kana and level-1 kanji, with some kana, and Big5 reads
/// them all as level-1 hanzi.
///
/// *Rationale*: EUC-JP's kana rows (`0xA4`, `0xA5` leads) are where Big5 keeps its simplest,
/// most frequent hanzi, and its level-1 kanji rows (`0xB0..`) overlap Big5's level 1 too, so
/// Chinese text of common hanzi reads as kana and kanji (`少平話內` is `ぶキ顧ず`, `手心心` is
/// `もみみ`), and Japanese as common hanzi. Neither the kana bonus nor the statistical model
/// tells such bytes apart (chardetng gives EUC-JP for both), so for those two readings they
/// count nothing, and without context the reading stays ambiguous.
fn kana_overlap(runs: &[RunInput]) -> bool {
    use encoding_rs::{BIG5, EUC_JP};
    let mut kana = false;
    let all = runs.iter().all(|run| {
        let (Ok(jp), Ok(tw)) = (read(EUC_JP, &run.bytes), read(BIG5, &run.bytes)) else {
            return false;
        };
        let level1 = |e, chars: &[ReadChar]| {
            chars
                .iter()
                .filter(|c| !c.ch.is_ascii())
                .all(|c| area_of(e, &run.bytes[c.bytes.clone()], c.ch) == Some(Area::Level1))
        };
        kana |= jp.iter().any(|c| is_kana(c.ch));
        level1(EUC_JP, &jp) && level1(BIG5, &tw)
    });
    all && kana
}

/// The readings that give one text.
#[derive(Clone, Debug)]
pub(crate) struct Group {
    /// The charsets, the best-scored first.
    pub encodings: Vec<&'static Encoding>,
    /// Each run's characters, as the first charset read them.
    pub chars: Vec<Vec<ReadChar>>,
    pub score: i32,
    pub evidence: Vec<(i32, String)>,
    pub kept: bool,
    /// Why the reading is never taken (it is mojibake in shape), if it is not.
    pub refused: Option<String>,
}

impl Group {
    /// Each run's text.
    pub fn texts(&self) -> Vec<String> {
        self.chars
            .iter()
            .map(|run| run.iter().map(|c| c.ch).collect())
            .collect()
    }

    /// How many non-ASCII characters the runs hold.
    fn non_ascii(&self) -> usize {
        self.chars
            .iter()
            .flatten()
            .filter(|c| !c.ch.is_ascii())
            .count()
    }

    fn has(&self, e: &'static Encoding) -> bool {
        self.encodings.contains(&e)
    }
}

/// What the ranking decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Decision {
    /// Take the group at this index; the note says why when a declaration decided.
    Take(usize, Option<String>),
    /// Take nothing, for this reason.
    Ambiguous(String),
    /// No charset decodes every run.
    NoDecoder,
}

/// The candidates for `runs` (best first) and the decision, plus a note when a declaration
/// was ignored.
pub(crate) fn rank(runs: &[RunInput], hints: &Hints) -> (Vec<Group>, Decision, Option<String>) {
    let mut groups: Vec<Group> = Vec::new();
    let detected = detect::guess(runs, hints.tld_label.as_deref());
    let overlap = kana_overlap(runs);
    'enc: for encoding in legacy_encodings() {
        let mut chars = Vec::with_capacity(runs.len());
        for run in runs {
            match read(encoding, &run.bytes) {
                Ok(c) => chars.push(c),
                Err(_) => continue 'enc,
            }
        }
        let text_model =
            !(overlap && (encoding == encoding_rs::EUC_JP || encoding == encoding_rs::BIG5));
        let (score, mut evidence) = score(encoding, runs, &chars, hints, detected, text_model);
        if !text_model {
            evidence.push((0, OVERLAP.to_owned()));
        }
        let text_of = |c: &Vec<Vec<ReadChar>>| -> Vec<String> {
            c.iter().map(|r| r.iter().map(|c| c.ch).collect()).collect()
        };
        let texts = text_of(&chars);
        if let Some(g) = groups.iter_mut().find(|g| g.texts() == texts) {
            if score > g.score {
                g.encodings.insert(0, encoding);
                g.chars = chars;
                g.score = score;
                g.evidence = evidence;
            } else {
                g.encodings.push(encoding);
            }
            continue;
        }
        groups.push(Group {
            encodings: vec![encoding],
            chars,
            score,
            evidence,
            kept: false,
            refused: None,
        });
    }
    for g in &mut groups {
        g.refused = g.texts().into_iter().find_map(|t| {
            shaped_as(&t).map(|charset| {
                format!("reads as {t:?}, which is {charset} mojibake in shape: never taken")
            })
        });
    }
    // Stable: ties keep the order of `legacy_encodings`.
    groups.sort_by_key(|g| std::cmp::Reverse(g.score));
    if groups.is_empty() {
        return (groups, Decision::NoDecoder, None);
    }
    let mut ignored = None;
    if !hints.declared.is_empty() {
        let hits: Vec<usize> = (0..groups.len())
            .filter(|&i| hints.declared.iter().any(|(e, _)| groups[i].has(e)))
            .collect();
        if let Some(why) = hits.iter().find_map(|&i| groups[i].refused.clone()) {
            let declared: Vec<&str> = hints.declared.iter().map(|(_, p)| p.as_str()).collect();
            let why = format!("the declared charset ({}) {why}", declared.join(", "));
            return (groups, Decision::Ambiguous(why), None);
        }
        let declared: Vec<&str> = hints.declared.iter().map(|(_, p)| p.as_str()).collect();
        match hits.as_slice() {
            [i] => {
                groups[*i].kept = true;
                let note = format!("declared by {}", declared.join(", "));
                return (groups, Decision::Take(*i, Some(note)), None);
            }
            [] => {
                ignored = Some(format!(
                    "{} does not decode the runs, so it was not used",
                    declared.join(", ")
                ));
            }
            _ => {
                for &i in &hits {
                    groups[i].kept = true;
                }
                let why = format!(
                    "the declared charsets ({}) read it differently",
                    declared.join(", ")
                );
                return (groups, Decision::Ambiguous(why), None);
            }
        }
    }
    // Refused readings are ranked last: they neither win nor keep a close second alive.
    groups.sort_by_key(|g| g.refused.is_some());
    let Some(best) = groups.iter().find(|g| g.refused.is_none()).map(|g| g.score) else {
        let why = groups[0]
            .refused
            .as_deref()
            .expect("invariant: every group is refused here");
        let why = format!("{} {why}", groups[0].encodings[0].name());
        return (groups, Decision::Ambiguous(why), ignored);
    };
    for g in &mut groups {
        g.kept = g.refused.is_none() && best - g.score < MARGIN;
    }
    let kept = groups.iter().filter(|g| g.kept).count();
    let decision = if best <= 0 {
        Decision::Ambiguous("no reading is plausible (every score is 0 or below)".into())
    } else if kept == 1 && letter_in_a_word(&groups[0], runs) {
        Decision::Take(
            0,
            Some("the one character is a letter of the word around it".into()),
        )
    } else if let Some(g) = groups.iter().find(|g| g.non_ascii() == 1) {
        Decision::Ambiguous(format!(
            "{} reads it as one character, too short to tell charsets apart without a declared \
             charset (ie=, charset=, _charset_=)",
            g.encodings[0].name()
        ))
    } else if kept == 1 {
        // Say so when the TLD or the host weighed in: it is a guess from context.
        let context: Vec<&str> = groups[0]
            .evidence
            .iter()
            .filter(|(_, r)| {
                r.starts_with("the host's TLD")
                    || r.starts_with("other URLs")
                    || r.starts_with("a statistical model")
            })
            .map(|(_, r)| r.as_str())
            .collect();
        let note = (!context.is_empty()).then(|| format!("helped by: {}", context.join("; ")));
        Decision::Take(0, note)
    } else {
        Decision::Ambiguous(format!(
            "{kept} readings score less than {MARGIN} points below the best"
        ))
    };
    (groups, decision, ignored)
}

/// Whether the reading is one Latin letter (Latin-1 Supplement or Latin Extended-A) that an
/// ASCII letter touches: `M%FCnchen`, `caf%E9`.
///
/// *Rationale*: one character cannot tell charsets apart by itself, but the word around it
/// can: a double-byte charset reads `%FCn` as one ideograph among Latin letters, which the
/// mixed-word penalty already counts against, and the single-byte charsets that read a
/// letter there read the same letter (windows-1250, windows-1252 and ISO-8859-2 all have `ü`
/// at `0xFC`). The exception applies only when that reading alone remained after ranking.
fn letter_in_a_word(g: &Group, runs: &[RunInput]) -> bool {
    let [run] = runs else { return false };
    let non_ascii: Vec<char> = g
        .chars
        .iter()
        .flatten()
        .map(|c| c.ch)
        .filter(|c| !c.is_ascii())
        .collect();
    let [ch] = non_ascii.as_slice() else {
        return false;
    };
    let latin_letter =
        ('\u{C0}'..='\u{17F}').contains(ch) && ch.is_alphabetic() && *ch != '×' && *ch != '÷';
    let touched = run.before.is_some_and(|c| c.is_ascii_alphabetic())
        || run.after.is_some_and(|c| c.is_ascii_alphabetic())
        || g.chars.iter().flatten().any(|c| c.ch.is_ascii_alphabetic());
    latin_letter && touched
}

/// The score of one charset's reading and its evidence.
fn score(
    encoding: &'static Encoding,
    runs: &[RunInput],
    chars: &[Vec<ReadChar>],
    hints: &Hints,
    detected: &'static Encoding,
    text_model: bool,
) -> (i32, Vec<(i32, String)>) {
    let mut counts: Vec<(Area, i32)> = Vec::new();
    let mut evidence = Vec::new();
    let mut kana = 0;
    for (run, read) in runs.iter().zip(chars) {
        for c in read {
            if let Some(area) = area_of(encoding, &run.bytes[c.bytes.clone()], c.ch) {
                if area == Area::Level1 && is_kana(c.ch) {
                    kana += 1;
                }
                match counts.iter_mut().find(|(a, _)| *a == area) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((area, 1)),
                }
            }
        }
        let text: String = read.iter().map(|c| c.ch).collect();
        if let Some(scripts) = incoherent_scripts(&text) {
            let names: Vec<&str> = scripts.into_iter().map(script_name).collect();
            evidence.push((
                -3,
                format!("mixes scripts no text mixes: {}", names.join(", ")),
            ));
        }
        let word: String = run
            .before
            .into_iter()
            .chain(text.chars())
            .chain(run.after)
            .collect();
        if mixed_alphabet_word(&word) {
            evidence.push((
                -2,
                "a word mixes the Latin alphabet with another".to_owned(),
            ));
        }
        if capitals_only(&text) {
            evidence.push((
                -2,
                "its letters are all capitals, which URLs seldom are (KOI8-R and windows-1251 \
                 read each other's lowercase as capitals)"
                    .to_owned(),
            ));
        }
    }
    counts.sort();
    let mut area_evidence: Vec<(i32, String)> = counts
        .into_iter()
        .map(|(area, n)| {
            let plural = if n == 1 { "character" } else { "characters" };
            (
                area.points() * n,
                format!("{n} {plural}: {}", area.describe(encoding)),
            )
        })
        .collect();
    area_evidence.append(&mut evidence);
    let mut evidence = area_evidence;
    if kana >= 3 && text_model {
        evidence.push((
            KANA_BONUS,
            format!("{kana} kana of JIS X 0208: the script only Japanese is written in"),
        ));
    }
    if let Some((tld, list)) = &hints.tld {
        if list.contains(&encoding) {
            evidence.push((3, format!("the host's TLD is .{tld}")));
        }
    }
    if detected == encoding && text_model {
        evidence.push((
            detect::POINTS,
            "a statistical model of text (chardetng, as in Firefox) reads it so".to_owned(),
        ));
    }
    if hints.host == Some(encoding) {
        evidence.push((3, "other URLs of this host were read in it".to_owned()));
    }
    let score = evidence.iter().map(|(p, _)| p).sum();
    (score, evidence)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(bytes: &[u8]) -> Vec<RunInput> {
        vec![RunInput {
            bytes: bytes.to_vec(),
            before: None,
            after: None,
        }]
    }

    #[test]
    fn shift_jis_kanji_wins() {
        let (groups, decision, _) = rank(&one(b"\x8AO\x91\x95\x95s\x97\xC7"), &Hints::default());
        assert_eq!(decision, Decision::Take(0, None));
        assert_eq!(groups[0].encodings[0].name(), "Shift_JIS");
        assert_eq!(groups[0].texts(), ["外装不良"]);
        assert_eq!(groups[0].score, 12);
    }

    #[test]
    fn one_character_is_ambiguous() {
        let (_, decision, _) = rank(&one(b"\x83z"), &Hints::default());
        assert!(matches!(decision, Decision::Ambiguous(_)), "{decision:?}");
    }

    #[test]
    fn declared_charset_decides() {
        let hints = Hints {
            declared: vec![(encoding_rs::SHIFT_JIS, "ie=sjis".into())],
            ..Hints::default()
        };
        let (groups, decision, _) = rank(&one(b"\x83z"), &hints);
        let Decision::Take(i, Some(note)) = decision else {
            panic!("{decision:?}")
        };
        assert_eq!(groups[i].texts(), ["ホ"]);
        assert_eq!(note, "declared by ie=sjis");
    }
}
