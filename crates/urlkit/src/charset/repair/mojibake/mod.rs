//! Mojibake: UTF-8 text decoded in another charset (and, in a URL, encoded as UTF-8 again),
//! one layer per round trip; undone by writing the text back in that charset for as long as
//! that gives UTF-8 and the evidence holds (see `plausible`).
//!
//! The same layers are found whether the mojibake was percent-encoded
//! (`%C3%A9%C2%96%C2%8B`) or written raw (`é–‹`, `縺薙ｓ縺ｫ縺｡縺ｯ`): both are the UTF-8 of the
//! wrong text.

mod charsets;
mod lossy;
mod plausible;

pub use charsets::MojibakeCharset;

/// The most layers undone: three round trips is what real double and triple encoding makes,
/// and a fourth layer is not attempted.
pub const MAX_LAYERS: usize = 3;

/// One undone layer: the text before and after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layer {
    pub charset: MojibakeCharset,
    pub before: String,
    pub after: String,
    /// The reading has U+FFFD for a character that lost a byte (this layer's or a layer
    /// above's): it is reported, never written.
    pub lossy: bool,
}

/// How the layers of a text end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// No further layer: the last text is clean.
    Clean,
    /// A further layer is there, past [`MAX_LAYERS`].
    TooDeep,
    /// The text at the end reads as several texts through different charsets (listed), or
    /// is still mojibake in shape although no further layer is plausible (none listed).
    Ambiguous(Vec<(MojibakeCharset, String)>),
}

/// The layers found in a text, outermost first, and how they end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layers {
    pub layers: Vec<Layer>,
    pub end: End,
}

impl Layers {
    /// Whether a byte was lost: the layers are a reading to report, not a repair.
    pub fn lossy(&self) -> bool {
        self.layers.iter().any(|l| l.lossy)
    }
}

/// The layers of mojibake in `text`, outermost first, until the text is clean, ambiguous or
/// [`MAX_LAYERS`] were undone.
///
/// *Rationale*: this is ftfy's repeat-until-stable loop over the misreadings that make the
/// bytes seen in URLs. A text changes only when its bytes in a charset are well-formed UTF-8,
/// which real text in that charset almost never is: UTF-8 continuation bytes are
/// `0x80..=0xBF`, which Latin-1 spends on C1 controls and symbols, so `é` followed by `è`
/// stays as it is, while `Ã©` becomes `é`; `plausible` says what evidence each layer needs.
pub(crate) fn layers(text: &str) -> Layers {
    let mut out: Vec<Layer> = Vec::new();
    let mut current = text.to_owned();
    let mut lossy = false;
    loop {
        let end = match undo_one(&current) {
            // Undoing stopped at text that is still mojibake in shape: a layer below was not
            // plausible enough to undo, so the layers above would write half a repair.
            One::Clean if !out.is_empty() && misread_in_shape(&current) => {
                End::Ambiguous(Vec::new())
            }
            One::Clean => End::Clean,
            One::Ambiguous(readings) => End::Ambiguous(readings),
            One::Undo(_, _, _) if out.len() == MAX_LAYERS => End::TooDeep,
            One::Undo(charset, after, lost) => {
                lossy |= lost;
                out.push(Layer {
                    charset,
                    before: std::mem::replace(&mut current, after.clone()),
                    after,
                    lossy,
                });
                continue;
            }
        };
        return Layers { layers: out, end };
    }
}

/// Whether `text` has a layer of mojibake: what [`layers`] would undo first.
pub(crate) fn is_mojibake(text: &str) -> bool {
    matches!(undo_one(text), One::Undo(..))
}

/// The charset `text` is mojibake of in shape, if it is: Latin-1 in shape (see
/// [`is_latin1_shaped`]), or any layer [`layers`] would undo. A repair that wrote such a text
/// would be changed again by a second repair.
pub(crate) fn shaped_as(text: &str) -> Option<&'static str> {
    if is_latin1_shaped(text) {
        return Some("Latin-1");
    }
    match undo_one(text) {
        One::Undo(charset, _, _) => Some(charset.name()),
        One::Clean | One::Ambiguous(_) => None,
    }
}

/// Whether `text` is Latin-1 mojibake in shape: its characters, written back in ISO-8859-1
/// (or else windows-1252), are valid UTF-8 with a non-ASCII character, whether or not the
/// reading would be plausible.
///
/// *Rationale*: ranking refuses a legacy reading of this shape (`É»`, whose Latin-1 bytes are
/// the UTF-8 of `ɻ`) so that a repair never writes a URL a second repair could change; that
/// is a question of shape, not of evidence, so it is asked without `plausible`.
pub(crate) fn is_latin1_shaped(text: &str) -> bool {
    if text.is_ascii() {
        return false;
    }
    [MojibakeCharset::Iso8859_1, MojibakeCharset::Windows1252]
        .into_iter()
        .find_map(|c| c.bytes_of(text))
        .is_some_and(|bytes| std::str::from_utf8(&bytes).is_ok())
}

/// Whether some charset writes `text` back as UTF-8 with a non-ASCII character, plausible or
/// not, short of a reading refused whatever follows: the shape of a layer of mojibake.
///
/// *Rationale*: a one-character text whose reading is refused for good (`ゥ`, whose Big5
/// bytes `C7 A1` are the UTF-8 of `ǡ`: one character is too little evidence) is no layer a
/// later repair could undo, so the text it came from is clean. Longer text keeps the shape
/// whatever the refusal: `cafĂ©` (two layers of windows-1250 undone once) is still
/// mojibake, and calling it clean wrote it out as a repair (`scripts/checks/mojibake.sh`,
/// law 2); a reading refused midway (a C1 control, mixed scripts) is still the shape of a
/// layer not plausible enough to undo.
fn misread_in_shape(text: &str) -> bool {
    MojibakeCharset::ALL.into_iter().any(|c| {
        c.bytes_of(text)
            .and_then(|b| String::from_utf8(b).ok())
            .is_some_and(|t| {
                t != text
                    && !(text.chars().nth(1).is_none()
                        && matches!(
                            plausible::refusal(text, &t, c),
                            Some(plausible::Refusal::Final(_))
                        ))
            })
    })
}

/// What undoing one layer found.
enum One {
    Clean,
    /// The charset, the text, and whether a byte was lost in this layer.
    Undo(MojibakeCharset, String, bool),
    Ambiguous(Vec<(MojibakeCharset, String)>),
}

/// One layer undone, if `text` has one: every charset whose writing-back gives plausible
/// UTF-8; readings that agree are one.
fn undo_one(text: &str) -> One {
    if text.is_ascii() {
        return One::Clean;
    }
    let lost = text.contains('\u{FFFD}');
    let mut found: Vec<(MojibakeCharset, String)> = Vec::new();
    for charset in MojibakeCharset::ALL {
        let after = if lost {
            lossy::read_with_holes(text, charset)
        } else {
            charset
                .bytes_of(text)
                .and_then(|bytes| String::from_utf8(bytes).ok())
        };
        let Some(after) = after.filter(|a| a != text) else {
            continue;
        };
        match plausible::refusal(text, &after, charset) {
            None => {}
            Some(plausible::Refusal::Midway(_)) if is_mojibake(&after) => {}
            Some(_) => continue,
        }
        if !found.iter().any(|(_, a)| *a == after) {
            found.push((charset, after));
        }
    }
    // Between readings that differ, the one made of the commonest characters, when it is
    // alone at the top.
    let best = found.iter().map(|(_, a)| plausible::commonness(a)).max();
    let top: Vec<usize> = (0..found.len())
        .filter(|&i| Some(plausible::commonness(&found[i].1)) == best)
        .collect();
    match (found.len(), top.as_slice()) {
        (0, _) => One::Clean,
        (_, [i]) => {
            let (charset, after) = found.swap_remove(*i);
            One::Undo(charset, after, lost)
        }
        _ => One::Ambiguous(found),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn undone(text: &str) -> (Vec<(&'static str, String)>, End) {
        let l = layers(text);
        (
            l.layers
                .iter()
                .map(|l| (l.charset.name(), l.after.clone()))
                .collect(),
            l.end,
        )
    }

    #[test]
    fn one_layer_of_latin1() {
        let l = layers("é\u{96}\u{8b}ç\u{99}º").layers;
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].charset, MojibakeCharset::Iso8859_1);
        assert_eq!(l[0].after, "開発");
    }

    #[test]
    fn windows_1252_and_layers() {
        // 開 read as windows-1252: 0x96 is an en dash, 0x8B a single angle quote.
        assert_eq!(layers("é–‹").layers[0].after, "開");
        assert_eq!(
            layers("é–‹").layers[0].charset,
            MojibakeCharset::Windows1252
        );
        let twice = "Ã\u{a9}"; // é, read as Latin-1 once
        assert_eq!(layers(twice).layers[0].after, "é");
        let three = "ÃƒÂ©"; // é through windows-1252 twice
        let l = layers(three).layers;
        assert_eq!(l.len(), 2);
        assert_eq!(l[1].after, "é");
    }

    #[test]
    fn east_asian_misreadings() {
        assert_eq!(
            undone("縺薙ｓ縺ｫ縺｡縺ｯ"),
            (vec![("Shift_JIS", "こんにちは".to_owned())], End::Clean)
        );
        for (text, encoding) in [
            ("東京", encoding_rs::GBK),
            ("検索", encoding_rs::GBK),
            ("開発ブログ", encoding_rs::SHIFT_JIS),
            ("東京", encoding_rs::SHIFT_JIS),
            ("개발", encoding_rs::EUC_KR),
        ] {
            let (misread, _) = encoding.decode_without_bom_handling(text.as_bytes());
            let (layers, end) = undone(&misread);
            assert_eq!(end, End::Clean, "{misread}");
            assert_eq!(layers.last().map(|l| l.1.as_str()), Some(text), "{misread}");
        }
    }

    #[test]
    fn a_lost_byte_of_a_double_byte_misreading() {
        let (misread, _) = encoding_rs::SHIFT_JIS.decode_without_bom_handling("日本語".as_bytes());
        let l = layers(&misread);
        assert!(l.lossy(), "{misread}");
        assert_eq!(l.layers[0].after, "日本\u{FFFD}");
    }

    #[test]
    fn a_reading_refused_for_good_is_not_a_layer_in_shape() {
        // ゥ's Big5 bytes C7 A1 are the UTF-8 of ǡ, a reading refused whatever follows: ゥ is
        // clean, and its Latin-1 mojibake is undone (it was kept as ambiguous).
        assert_eq!(
            undone("ã\u{82}¥"),
            (vec![("ISO-8859-1", "ゥ".to_owned())], End::Clean)
        );
    }

    #[test]
    fn a_lost_byte_is_a_reading() {
        let l = layers("SlovenÄ\u{FFFD}ina");
        assert!(l.lossy());
        assert_eq!(l.layers[0].after, "Sloven\u{FFFD}ina");
    }

    #[test]
    fn clean_text_stays() {
        for t in [
            "é",
            "éè",
            "開発",
            "café",
            "Ünïcödé",
            "abc",
            "Øre",
            "naïve",
            "こんにちは",
            "中文",
            "москва",
            "Ελληνικά",
            "한국어",
            "İstanbul",
            "Straße",
            "a\u{FFFD}b",
        ] {
            assert_eq!(layers(t).layers, Vec::new(), "{t}");
            assert_eq!(layers(t).end, End::Clean, "{t}");
        }
    }
}
