//! Mojibake: UTF-8 read as Latin-1 (or windows-1252) and encoded as UTF-8 again, one layer
//! per round trip; undone by encoding back to Latin-1 for as long as that gives UTF-8.

/// The most layers undone: three round trips is what real double and triple encoding makes,
/// and a fourth layer is not attempted.
pub const MAX_LAYERS: usize = 3;

/// The single-byte charsets that a layer of mojibake is undone through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MojibakeCharset {
    /// ISO/IEC 8859-1 proper: byte N is U+00NN, C1 controls included (what a decoder that
    /// maps bytes to the first 256 code points, such as Python's `latin-1`, produces).
    Iso8859_1,
    /// windows-1252 as the Encoding Standard defines it (what browsers call `latin1`).
    Windows1252,
}

impl MojibakeCharset {
    /// The charset's name.
    ///
    /// ```
    /// use urlkit::charset::repair::MojibakeCharset;
    /// assert_eq!(MojibakeCharset::Iso8859_1.name(), "ISO-8859-1");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            MojibakeCharset::Iso8859_1 => "ISO-8859-1",
            MojibakeCharset::Windows1252 => "windows-1252",
        }
    }
}

/// One undone layer: the text before and after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layer {
    pub charset: MojibakeCharset,
    pub before: String,
    pub after: String,
}

/// The layers of Latin-1 / windows-1252 mojibake in `text`, outermost first, until the text
/// is stable or [`MAX_LAYERS`] were undone. Each layer is undone only when the text encodes
/// back to bytes in one of the two charsets and those bytes are valid UTF-8 with at least one
/// non-ASCII character.
///
/// *Rationale*: this is ftfy's repeat-until-stable loop restricted to the one confusion that
/// produces the bytes seen in URLs (`%C3%A9%C2%96%C2%8B` for 開). A text only changes when its
/// bytes in Latin-1 are well-formed UTF-8, which letters of real Latin-1 text never are:
/// UTF-8 continuation bytes are `0x80..=0xBF`, which Latin-1 spends on C1 controls and
/// symbols, so `é` followed by `è` stays as it is, while `Ã©` becomes `é`.
pub(crate) fn layers(text: &str) -> Vec<Layer> {
    let mut out: Vec<Layer> = Vec::new();
    let mut current = text.to_owned();
    while out.len() < MAX_LAYERS {
        let Some((charset, after)) = undo_one(&current) else {
            break;
        };
        out.push(Layer {
            charset,
            before: std::mem::replace(&mut current, after.clone()),
            after,
        });
    }
    out
}

/// Whether `text` has a layer of mojibake: what [`layers`] would undo first.
pub(crate) fn is_mojibake(text: &str) -> bool {
    undo_one(text).is_some()
}

/// One layer undone, if `text` has one.
fn undo_one(text: &str) -> Option<(MojibakeCharset, String)> {
    if text.is_ascii() {
        return None;
    }
    let latin1: Option<Vec<u8>> = text
        .chars()
        .map(|c| u8::try_from(u32::from(c)).ok())
        .collect();
    if let Some(bytes) = latin1 {
        if let Ok(s) = String::from_utf8(bytes) {
            return Some((MojibakeCharset::Iso8859_1, s));
        }
        return None;
    }
    let (bytes, _, unmappable) = encoding_rs::WINDOWS_1252.encode(text);
    if unmappable {
        return None;
    }
    String::from_utf8(bytes.into_owned())
        .ok()
        .map(|s| (MojibakeCharset::Windows1252, s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_layer_of_latin1() {
        let l = layers("é\u{96}\u{8b}ç\u{99}º");
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].charset, MojibakeCharset::Iso8859_1);
        assert_eq!(l[0].after, "開発");
    }

    #[test]
    fn windows_1252_and_layers() {
        // 開 read as windows-1252: 0x96 is an en dash, 0x8B a single angle quote.
        assert_eq!(layers("é–‹")[0].after, "開");
        assert_eq!(layers("é–‹")[0].charset, MojibakeCharset::Windows1252);
        let twice = "Ã\u{a9}"; // é, read as Latin-1 once
        assert_eq!(layers(twice)[0].after, "é");
        let three = "ÃƒÂ©"; // é through windows-1252 twice
        let l = layers(three);
        assert_eq!(l.len(), 2);
        assert_eq!(l[1].after, "é");
    }

    #[test]
    fn clean_text_stays() {
        for t in ["é", "éè", "開発", "café", "Ünïcödé", "abc", "Øre", "naïve"] {
            assert!(layers(t).is_empty(), "{t}");
        }
    }
}
