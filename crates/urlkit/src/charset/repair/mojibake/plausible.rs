//! When undoing a layer is a repair and not a new misreading: the evidence a layer needs.
//!
//! # Rationale
//!
//! Writing a text back in a charset and reading the bytes as UTF-8 changes it only when those
//! bytes are well-formed UTF-8, which real text in that charset almost never is: UTF-8 needs
//! every lead byte followed by exactly the right number of bytes from `0x80..=0xBF`. The
//! chance that real text has that shape by accident falls with every character, so the
//! evidence a layer needs depends on how much UTF-8 it recovered:
//!
//! - **Any layer** must give text a writer could have written: no control, unassigned or
//!   private-use character, no replacement character, no combining mark without a base of its
//!   own script, no mix of scripts no text mixes, no word that mixes the Latin alphabet with
//!   another, and none of the letters no living orthography uses (`ſ`, `ĸ`, `ŉ`), which is
//!   what box-drawing line art becomes (`├┤a┼┐a` would read `ôaſa`).
//! - **One recovered character** (two or three characters of mojibake) is undone only in the
//!   shapes misreadings make of real words. Through the Western misreadings (ISO-8859-1,
//!   windows-1252, MacRoman): a letter of Latin-1 Supplement or Latin Extended-A from a
//!   two-byte sequence (`Ã©`, `Ä°`, MacRoman's `√ü`), another Latin letter that touches a word
//!   (`TimiÈ™oara`), a Latin-1 symbol (`Â½`), any character of three bytes (`ï¼Œ` for `，`,
//!   `‚Äî` for `—`). Through the other single-byte charsets: from two bytes, a Latin letter
//!   whose mojibake puts a symbol inside a word or at its start (`HĂ”TEL`, `P├⌐cs`,
//!   `├äpfel`) or a lowercase one inside a lowercase word (`faĂ§ade`); from three, a
//!   mojibake that starts with a letter (`в‚¬uro`, `Viб»‡t`). Never through a double-byte
//!   charset.
//!   `NICIODATĂ™` (windows-1250: a trademark sign after a word) and `2012—∞` (MacRoman,
//!   `D1 B0`) stay as written, as ftfy leaves them.
//! - **Two or more** are undone through any charset; through any but the Western ones, at
//!   least half of them must be common characters (a kana, a letter, a level-1 ideograph of
//!   JIS X 0208, GB 2312 or Big5), as the text somebody wrote is. For the East Asian ones
//!   the mojibake must also look like one: its characters mix scripts, or some lie outside
//!   the common repertoire of the charset (JIS X 0208 level 2, the GBK extensions, half-width
//!   katakana), which is where UTF-8's lead and continuation bytes land (`縺` is Shift_JIS
//!   `E3 81`, the lead of every hiragana in UTF-8).

use icu_properties::props::GeneralCategory;
use icu_properties::CodePointMapData;

use super::super::repertoire::{area_of, Area};
use super::super::script::{incoherent_scripts, mixed_alphabet_word, script_of};
use super::charsets::MojibakeCharset;

/// Letters of Latin Extended-A that no living orthography writes: a reading that has one is
/// a misreading of something else.
const OBSOLETE_LETTERS: [char; 3] = ['ſ', 'ĸ', 'ŉ'];

/// Why a layer is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The reading is not text a writer writes (a C1 control, a word that mixes alphabets,
    /// scripts no text mixes), which is what a layer in the middle of a chain gives
    /// (`Ã\u{83}Â©`, `Γ©lΓ¨ve`): refused unless it is itself mojibake the next layer undoes.
    Midway(&'static str),
    /// Refused whatever follows.
    Final(&'static str),
}

/// Why undoing `before` (mojibake in `charset`) to `after` is refused, or `None` when it is
/// a repair. `after` may hold U+FFFD for a lost byte (see `lossy`): those are skipped.
pub(crate) fn refusal(before: &str, after: &str, charset: MojibakeCharset) -> Option<Refusal> {
    if let Some(why) = unwritable(after).or_else(|| evidence(before, after, charset)) {
        return Some(Refusal::Final(why));
    }
    if control(after) {
        return Some(Refusal::Midway("the reading has a control character"));
    }
    if incoherent_scripts(after).is_some() {
        return Some(Refusal::Midway("the reading mixes scripts no text mixes"));
    }
    if mixed_alphabet_word(after) {
        return Some(Refusal::Midway(
            "a word of the reading mixes the Latin alphabet with another",
        ));
    }
    None
}

/// Whether the evidence for the layer is too little: see the module's rationale.
fn evidence(before: &str, after: &str, charset: MojibakeCharset) -> Option<&'static str> {
    if after.chars().any(|c| OBSOLETE_LETTERS.contains(&c)) {
        return Some("the reading has a letter no living orthography uses");
    }
    let recovered: Vec<char> = after
        .chars()
        .filter(|c| !c.is_ascii() && *c != '\u{FFFD}')
        .collect();
    // C1 controls are a layer in the middle of a chain (see `Refusal::Midway`).
    let c1 = |c: char| ('\u{80}'..='\u{9F}').contains(&c);
    if !recovered.iter().all(|&c| c1(c) || in_common_blocks(c)) {
        return Some("the reading has a character of a block text seldom uses");
    }
    match recovered.len() {
        // Only a lost byte: a single-byte decoder loses one byte, in a letter's sequence
        // (`SlovenÄ�ina`); a double-byte one loses two, which nothing else then confirms.
        0 if charset.is_single_byte() => None,
        0 => {
            Some("nothing but a lost character is too little evidence for a double-byte misreading")
        }
        1 => one_character(before, recovered[0], charset),
        // Half the characters common at least: random text written back through a charset it
        // was never read in gives rare ideographs (`σäûσäû` is `儖儖` in cp437, `遏ゆс` is
        // `矂䄃` in Shift_JIS), while the UTF-8 a tool misread is text somebody wrote.
        n if !charset.is_western()
            && 2 * recovered
                .iter()
                .filter(|&&c| char_commonness(c) > 0)
                .count()
                < n =>
        {
            Some("the reading is made of rare characters")
        }
        _ => looks_misread(before, after, charset),
    }
}

/// The Unicode blocks living text is written in: the Latin, Greek, Cyrillic, Armenian,
/// Hebrew, Arabic, Indic, Thai and Georgian letters, general punctuation and the common
/// symbols (currency, arrows, mathematics, box drawing, shapes, dingbats), CJK punctuation,
/// kana, Bopomofo, the unified ideographs, Hangul syllables, full-width forms and emoji.
///
/// *Rationale*: a wrong charset picks characters from all over Unicode; a misread accented
/// word written back through the wrong charset lands in Kanbun (`πåû` through cp437 is
/// `㆖`), Yi or the compatibility areas, which no text is made of.
fn in_common_blocks(c: char) -> bool {
    const BLOCKS: [(u32, u32); 18] = [
        (0x00A0, 0x024F),   // Latin-1 Supplement, Latin Extended-A and -B
        (0x02B0, 0x02FF),   // spacing modifier letters
        (0x0300, 0x036F),   // combining diacritical marks
        (0x0370, 0x058F),   // Greek, Cyrillic, Cyrillic Supplement, Armenian
        (0x0590, 0x06FF),   // Hebrew, Arabic
        (0x0900, 0x0E7F),   // the Indic scripts, Thai
        (0x10A0, 0x10FF),   // Georgian
        (0x1E00, 0x1FFF),   // Latin Extended Additional, Greek Extended
        (0x2000, 0x2BFF),   // punctuation, currency, letterlike, arrows, math, box, shapes
        (0x3000, 0x30FF),   // CJK punctuation, hiragana, katakana
        (0x3100, 0x312F),   // Bopomofo
        (0x4E00, 0x9FFF),   // CJK unified ideographs
        (0xAC00, 0xD7AF),   // Hangul syllables
        (0xFF00, 0xFFEF),   // half-width and full-width forms
        (0x1F000, 0x1FAFF), // emoji and pictographs
        (0x0600, 0x06FF),   // Arabic
        (0x3400, 0x4DBF),   // CJK extension A
        (0xFE30, 0xFE4F),   // CJK compatibility forms
    ];
    let c = u32::from(c);
    BLOCKS.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// Letters of Latin Extended-A that only a few languages write (Esperanto, Maltese, Welsh,
/// Sami, old Greenlandic): between two readings, the one without them is the likelier text.
const RARE_LETTERS: &str = "ĈĉĜĝĤĥĦħĴĵŜŝŬŭŴŵŶŷĨĩŨũĬĭŎŏŊŋŦŧĲĳĿŀ";

/// How common the characters of a reading are, for choosing between readings through
/// different charsets: a rare Latin letter costs 2, an ideograph outside the level-1 sets of
/// JIS X 0208, GB 2312 and Big5 counts nothing, every other non-ASCII character 1.
///
/// *Rationale*: two charsets that both write a mojibake back as UTF-8 usually differ in a
/// letter or two (`ÄŚeĹˇtina` is `Čeština` through windows-1250 and `Ħeŷtina` through
/// ISO-8859-2; `ć¤śç´˘` is `検索` or `椶索`); the common letters and ideographs of the
/// national standards are what real text is made of.
pub(crate) fn commonness(text: &str) -> i32 {
    text.chars()
        .filter(|c| !c.is_ascii() && *c != '\u{FFFD}')
        .map(char_commonness)
        .sum()
}

/// One character's part of [`commonness`].
fn char_commonness(c: char) -> i32 {
    use encoding_rs::{BIG5, GB18030, SHIFT_JIS};
    if RARE_LETTERS.contains(c) {
        return -2;
    }
    if script_of(c) != Some(icu_properties::props::Script::Han) {
        return 1;
    }
    let mut buf = [0u8; 4];
    let level1 = [SHIFT_JIS, GB18030, BIG5].into_iter().any(|e| {
        let (bytes, _, unmappable) = e.encode(c.encode_utf8(&mut buf));
        !unmappable && area_of(e, &bytes, c) == Some(Area::Level1)
    });
    i32::from(level1)
}

/// A character of the texts East Asian software reads: ideographs, kana, Hangul, Bopomofo,
/// and the CJK punctuation and full-width forms.
///
/// *Rationale*: a tool reads UTF-8 as Shift_JIS or GBK on a system set up for Japanese or
/// Chinese, and the text it misreads is mostly in those languages; a double-byte "repair"
/// to rare Latin letters (`ゥゥ` written back in Big5 is the UTF-8 of `ǡǡ`) is a new misreading.
fn is_east_asian(c: char) -> bool {
    use icu_properties::props::Script;
    matches!(
        script_of(c),
        Some(Script::Han | Script::Hiragana | Script::Katakana | Script::Hangul | Script::Bopomofo)
    ) || ('\u{3000}'..='\u{303F}').contains(&c)
        || ('\u{FF00}'..='\u{FFEF}').contains(&c)
        || c == 'ー'
}

/// Whether the reading has a C1 control character.
fn control(after: &str) -> bool {
    after.chars().any(|c| ('\u{80}'..='\u{9F}').contains(&c))
}

/// A character no writer puts in text, whatever layer follows.
fn unwritable(after: &str) -> Option<&'static str> {
    let categories = CodePointMapData::<GeneralCategory>::new();
    let mut previous: Option<char> = None;
    for c in after.chars() {
        match categories.get(c) {
            GeneralCategory::Control if !('\u{80}'..='\u{9F}').contains(&c) => {
                return Some("the reading has a control character")
            }
            GeneralCategory::Unassigned | GeneralCategory::Surrogate => {
                return Some("the reading has an unassigned code point")
            }
            GeneralCategory::PrivateUse => return Some("the reading has a private-use character"),
            GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
            | GeneralCategory::EnclosingMark => {
                let based = previous.is_some_and(|p| {
                    !p.is_ascii()
                        && (script_of(c).is_none() || script_of(c) == script_of(p))
                        && p != '\u{FFFD}'
                });
                if !based {
                    return Some("the reading has a combining mark without a base of its script");
                }
            }
            _ => {}
        }
        previous = Some(c);
    }
    None
}

/// The class of the one recovered character.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Recovered {
    /// A letter of Latin-1 Supplement or Latin Extended-A (`é`, `ü`, `ł`, `İ`): Europe's.
    LatinLetter,
    /// A letter of Latin Extended-B or Latin Extended Additional (Romanian `ș`, Pinyin `ǎ`,
    /// Vietnamese `ơ`, `ệ`).
    OtherLatinLetter,
    /// Anything else.
    Other,
}

fn class_of(c: char) -> Recovered {
    if !c.is_alphabetic() || c == '×' || c == '÷' {
        Recovered::Other
    } else if ('\u{C0}'..='\u{17F}').contains(&c) {
        Recovered::LatinLetter
    } else if ('\u{180}'..='\u{24F}').contains(&c) || ('\u{1E00}'..='\u{1EFF}').contains(&c) {
        Recovered::OtherLatinLetter
    } else {
        Recovered::Other
    }
}

/// The evidence of a layer that recovered one character: the mojibake is the two or three
/// characters its UTF-8 bytes became (one per byte: the charset is single-byte), and the word
/// around it says whether they are a misreading.
fn one_character(before: &str, recovered: char, charset: MojibakeCharset) -> Option<&'static str> {
    if !charset.is_single_byte() {
        return Some("one character is too little evidence for a double-byte misreading");
    }
    let chars: Vec<char> = before.chars().collect();
    let at = chars
        .iter()
        .position(|c| !c.is_ascii())
        .expect("invariant: a recovered character comes from non-ASCII mojibake");
    let width = recovered.len_utf8();
    let mojibake = &chars[at..(at + width).min(chars.len())];
    let letter_at = |i: Option<usize>| {
        i.and_then(|i| chars.get(i))
            .is_some_and(|c| c.is_alphabetic())
    };
    let ascii_lower = |i: Option<usize>| {
        i.and_then(|i| chars.get(i))
            .is_some_and(char::is_ascii_lowercase)
    };
    let (left, right) = (at.checked_sub(1), Some(at + width));
    // A symbol inside a word (`HĂ”TEL`, `P├⌐cs`, `MĆ¼ller`), or starting one (`├äpfel`): no
    // word is spelled so. A symbol at the end of a word is spelling (`NICIODATĂ™`).
    let symbol = mojibake.iter().any(|c| !c.is_alphabetic());
    let between_letters = (at..at + mojibake.len()).any(|i| {
        !chars[i].is_alphabetic() && letter_at(i.checked_sub(1)) && letter_at(Some(i + 1))
    });
    let symbol_in_word =
        between_letters || (symbol && letter_at(right) && (letter_at(left) || at == 0));
    let class = class_of(recovered);
    let latin1_symbol = ('\u{A0}'..='\u{BF}').contains(&recovered);
    let punctuation = ('\u{2000}'..='\u{214F}').contains(&recovered);
    let accepted = match (charset.is_western(), width, class) {
        (true, 2, Recovered::LatinLetter) => true,
        (true, 2, Recovered::OtherLatinLetter) => letter_at(left) || letter_at(right),
        // `Â½`, `Â°`, `Ã—`: Latin-1's symbols.
        (true, 2, Recovered::Other) => latin1_symbol || recovered == '×' || recovered == '÷',
        (false, 2, Recovered::Other) => latin1_symbol && mojibake[0].is_alphabetic() && symbol,
        // Three or four bytes in the UTF-8 shape of one character: rare by chance in any text.
        // MacRoman's continuation bytes are accented letters, so random text has the shape:
        // only the punctuation its misreadings are known for (`‚Äî` for `—`), or a Latin
        // letter after a letter (`Ph·ªü`).
        (true, 3, _) if charset == MojibakeCharset::MacRoman => {
            punctuation || (class != Recovered::Other && letter_at(left))
        }
        (true, 3, _) => char_commonness(recovered) > 0,
        // Through the others, the punctuation and symbols of European text (`в‚¬`, `вЂ”`)
        // or a Latin letter that ends or is inside a word (`Viб»‡t`, `Pháť\u{9f}`); an
        // ideograph alone is too little.
        (false, 3, _) if mojibake[0].is_alphabetic() => {
            punctuation || (class != Recovered::Other && letter_at(left))
        }
        (_, 4, _) => true,
        (false, 2, Recovered::LatinLetter | Recovered::OtherLatinLetter) => {
            symbol_in_word || (recovered.is_lowercase() && ascii_lower(left) && ascii_lower(right))
        }
        _ => false,
    };
    if accepted {
        None
    } else {
        Some("one recovered character is too little evidence in this shape")
    }
}

/// For the East Asian charsets: whether the reading is in the scripts of the charset's
/// readers and the mojibake has the marks of misread UTF-8.
fn looks_misread(before: &str, after: &str, charset: MojibakeCharset) -> Option<&'static str> {
    if charset.is_single_byte() {
        return None;
    }
    if !after
        .chars()
        .filter(|c| !c.is_ascii() && *c != '\u{FFFD}')
        .all(is_east_asian)
    {
        return Some("a double-byte misreading of text in other scripts than East Asia's");
    }
    let encoding = match charset {
        // The repertoire areas are gb18030's, which GBK's two-byte codes are part of.
        MojibakeCharset::Gbk => encoding_rs::GB18030,
        _ if charset.is_single_byte() => return None,
        _ => charset
            .encoding()
            .expect("invariant: the East Asian charsets are in the Encoding Standard"),
    };
    if incoherent_scripts(before).is_some() {
        return None;
    }
    let rare = before.chars().filter(|c| !c.is_ascii()).any(|c| {
        let bytes = charset
            .bytes_of_char(c)
            .expect("invariant: the mojibake was written back in this charset");
        matches!(
            area_of(encoding, &bytes, c),
            Some(
                Area::Level2
                    | Area::Big5Level2
                    | Area::Extension
                    | Area::HalfWidthKatakana
                    | Area::Private
            )
        )
    });
    if rare {
        None
    } else {
        Some("the text reads as common characters of the charset: real text, not mojibake")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals() {
        use MojibakeCharset::*;
        assert_eq!(refusal("Ã©", "é", Windows1252), None);
        assert!(refusal("Ă™", "Ù", Windows1250).is_some());
        assert!(refusal("—∞", "Ѱ", MacRoman).is_some());
        assert!(refusal("∆°", "ơ", MacRoman).is_some());
        assert_eq!(refusal("√ü", "ß", MacRoman), None);
        assert!(refusal("├┤a┼┐a", "ôaſa", Cp437).is_some());
        assert_eq!(refusal("縺薙ｓ縺ｫ縺｡縺ｯ", "こんにちは", ShiftJis), None);
        assert!(refusal("Ō¬o", "Ԭo", Windows1257).is_some());
        assert!(refusal("×…", "\u{5C5}", Windows1252).is_some());
        assert!(refusal("遏ゆс", "矂䄃", ShiftJis).is_some());
    }
}
