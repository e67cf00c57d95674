//! Where a character of a reading lies in its charset's repertoire: the common subset the
//! national standard defines, or an extension area that only some implementations have.
//!
//! The areas come from the standards' own layouts, read off the bytes (not from the decoded
//! character), so a character that two areas share is classed by where *these* bytes put it:
//!
//! - JIS X 0208 (Shift_JIS, EUC-JP): rows 1-8 non-kanji (4 hiragana, 5 katakana), rows 16-47
//!   level 1 kanji, rows 48-84 level 2 kanji; rows 9-15 and 85-120 are vendor extensions (NEC
//!   row 13, NEC-selected IBM rows 89-92, IBM rows 115-119) or user-defined. The row of a
//!   Shift_JIS pair is its index-jis0208 pointer / 94 + 1, the pointer being
//!   `(lead - (lead < 0xA0 ? 0x81 : 0xC1)) * 188 + trail - (trail < 0x7F ? 0x40 : 0x41)`
//!   (Encoding Standard §13.3.1); the row of an EUC-JP pair is `lead - 0xA0`. EUC-JP's `0x8F`
//!   (JIS X 0212) is an extension; single bytes `0xA1..=0xDF` (Shift_JIS) and `0x8E xx`
//!   (EUC-JP) are JIS X 0201 half-width katakana.
//! - GB 2312 (inside gb18030): bytes `0xA1..=0xF7` x `0xA1..=0xFE`, row `lead - 0xA0`: rows
//!   1-9 symbols (4 hiragana, 5 katakana), 16-55 level 1 hanzi, 56-87 level 2; everything else
//!   (GBK/3, GBK/4, GBK/5, four-byte sequences, `0x80`) is an extension. The kana rows count as
//!   symbols, not as frequent characters: Chinese text does not use them, and they are exactly
//!   where EUC-JP's kana fall (the same rows and cells), so Japanese kana are evidence for
//!   EUC-JP, not for gb18030.
//! - KS X 1001 (inside EUC-KR / windows-949): `0xA1..=0xFE` x `0xA1..=0xFE`, row
//!   `lead - 0xA0`: rows 1-12 symbols, 16-40 the 2,350 Hangul syllables, 42-93 hanja; the
//!   Unified Hangul Code area (trail bytes below `0xA1`) is an extension.
//! - Big5: `0xA140..=0xA3BF` symbols, `0xA440..=0xC67E` level 1 (frequently used hanzi),
//!   `0xC940..=0xF9D5` level 2; everything else (HKSCS and vendor areas) is an extension.
//!
//! Spec: <https://encoding.spec.whatwg.org/#shift_jis-decoder>,
//! <https://encoding.spec.whatwg.org/#euc-jp-decoder>,
//! <https://encoding.spec.whatwg.org/#gb18030-decoder>,
//! <https://encoding.spec.whatwg.org/#big5-decoder>,
//! <https://encoding.spec.whatwg.org/#euc-kr-decoder>

use encoding_rs::Encoding;

/// The class of one character of a reading, with the points it is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Area {
    /// Level 1 of a national standard, or its kana or Hangul rows: the characters text is
    /// mostly made of.
    Level1,
    /// Level 2 (less frequent ideographs) of JIS X 0208, GB 2312; KS X 1001 hanja.
    Level2,
    /// Big5 level 2: standard, but outside the common subset.
    Big5Level2,
    /// The symbol rows of a double-byte standard.
    Symbols,
    /// JIS X 0201 half-width katakana: standard, but its bytes are also Latin-1's letters.
    HalfWidthKatakana,
    /// A letter of a single-byte charset.
    Letter,
    /// A vendor or later extension area (NEC/IBM rows, JIS X 0212, GBK, UHC, HKSCS).
    Extension,
    /// A private-use or user-defined character.
    Private,
    /// Punctuation, a symbol or a control character of a single-byte charset.
    Punctuation,
}

impl Area {
    /// Points for one character in this area.
    ///
    /// *Rationale*: a reading is scored by what it is made of. A frequent character of the
    /// charset's own standard is worth 3, a less frequent one 2, a symbol 1; half-width
    /// katakana is worth nothing (the same bytes are Latin-1's accented letters); a character
    /// only an extension has costs 2, a private-use one 4. In a single-byte charset every
    /// byte is a character, so a letter is worth 1 and punctuation costs 2: a run of eight
    /// bytes must read as eight letters to match four level-1 kanji, and `ŠO‘••s—Ç`, the
    /// windows-1252 reading of 外装不良, scores -6 against Shift_JIS's 12.
    pub const fn points(self) -> i32 {
        match self {
            Area::Level1 => 3,
            Area::Level2 => 2,
            Area::Big5Level2 | Area::Symbols | Area::Letter => 1,
            Area::HalfWidthKatakana => 0,
            Area::Extension | Area::Punctuation => -2,
            Area::Private => -4,
        }
    }

    /// How the evidence names the area, for `encoding`.
    pub fn describe(self, encoding: &'static Encoding) -> &'static str {
        use encoding_rs::*;
        let jis = encoding == SHIFT_JIS || encoding == EUC_JP;
        match self {
            Area::Level1 if jis => "JIS X 0208 level 1 or kana",
            Area::Level2 if jis => "JIS X 0208 level 2",
            Area::Symbols if jis => "JIS X 0208 symbols",
            Area::Extension if jis => "outside JIS X 0208 (NEC/IBM extensions, JIS X 0212)",
            Area::Level1 if encoding == GB18030 => "GB 2312 level 1",
            Area::Level2 if encoding == GB18030 => "GB 2312 level 2",
            Area::Symbols if encoding == GB18030 => "GB 2312 symbols or kana",
            Area::Extension if encoding == GB18030 => "outside GB 2312 (GBK/GB 18030 extensions)",
            Area::Level1 if encoding == EUC_KR => "KS X 1001 Hangul",
            Area::Level2 if encoding == EUC_KR => "KS X 1001 hanja",
            Area::Symbols if encoding == EUC_KR => "KS X 1001 symbols",
            Area::Extension if encoding == EUC_KR => "outside KS X 1001 (Unified Hangul Code)",
            Area::Level1 => "Big5 level 1",
            Area::Big5Level2 => "Big5 level 2",
            Area::Symbols => "Big5 symbols",
            Area::Extension => "outside Big5 (HKSCS and vendor areas)",
            Area::Level2 => "level 2",
            Area::HalfWidthKatakana => "JIS X 0201 half-width katakana",
            Area::Letter => "letters",
            Area::Private => "private-use or user-defined",
            Area::Punctuation => "punctuation, symbols or controls",
        }
    }
}

/// The area of `ch`, decoded by `encoding` from `bytes` (all of its bytes, >= 1). ASCII
/// characters have none.
pub(crate) fn area_of(encoding: &'static Encoding, bytes: &[u8], ch: char) -> Option<Area> {
    use encoding_rs::*;
    if ch.is_ascii() {
        return None;
    }
    if ('\u{E000}'..='\u{F8FF}').contains(&ch) {
        return Some(Area::Private);
    }
    if super::reading::is_single_byte(encoding) {
        return Some(if ch.is_alphabetic() {
            Area::Letter
        } else {
            Area::Punctuation
        });
    }
    let area = match (bytes, &encoding) {
        ([b], e) if *e == SHIFT_JIS && (0xA1..=0xDF).contains(b) => Area::HalfWidthKatakana,
        ([0x8E, _], e) if *e == EUC_JP => Area::HalfWidthKatakana,
        ([l, t], e) if *e == SHIFT_JIS => jis_row_area(shift_jis_row(*l, *t)),
        ([l @ 0xA1..=0xFE, 0xA1..=0xFE], e) if *e == EUC_JP => jis_row_area(*l - 0xA0),
        ([l @ 0xA1..=0xF7, 0xA1..=0xFE], e) if *e == GB18030 => match *l - 0xA0 {
            16..=55 => Area::Level1,
            56..=87 => Area::Level2,
            // Kana (rows 4-5) included: Chinese text does not use them.
            1..=9 => Area::Symbols,
            _ => Area::Extension,
        },
        ([l @ 0xA1..=0xFE, 0xA1..=0xFE], e) if *e == EUC_KR => match *l - 0xA0 {
            16..=40 => Area::Level1,
            42..=93 => Area::Level2,
            1..=12 => Area::Symbols,
            _ => Area::Extension,
        },
        ([l, t], e) if *e == BIG5 => match u16::from(*l) << 8 | u16::from(*t) {
            0xA140..=0xA3BF => Area::Symbols,
            0xA440..=0xC67E => Area::Level1,
            0xC940..=0xF9D5 => Area::Big5Level2,
            _ => Area::Extension,
        },
        _ => Area::Extension,
    };
    Some(area)
}

/// The JIS X 0208 row (ku, 1-based) of a Shift_JIS double-byte character.
fn shift_jis_row(lead: u8, trail: u8) -> u8 {
    let lead_offset = if lead < 0xA0 { 0x81 } else { 0xC1 };
    let trail_offset = if trail < 0x7F { 0x40 } else { 0x41 };
    let pointer = usize::from(lead.wrapping_sub(lead_offset)) * 188
        + usize::from(trail.wrapping_sub(trail_offset));
    u8::try_from(pointer / 94 + 1)
        .expect("invariant: Shift_JIS leads are 0x81..=0xFC, so rows are at most 120")
}

fn jis_row_area(row: u8) -> Area {
    match row {
        4 | 5 | 16..=47 => Area::Level1,
        48..=84 => Area::Level2,
        1..=8 => Area::Symbols,
        _ => Area::Extension,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::*;

    #[test]
    fn jis_rows_from_shift_jis_bytes() {
        // 亜 is row 16 cell 1 (the first level-1 kanji): Shift_JIS 0x889F.
        assert_eq!(shift_jis_row(0x88, 0x9F), 16);
        // 弌 is row 48 cell 1 (the first level-2 kanji): 0x989F.
        assert_eq!(shift_jis_row(0x98, 0x9F), 48);
        // ① is NEC row 13: 0x8740.
        assert_eq!(shift_jis_row(0x87, 0x40), 13);
        // The last row of JIS X 0208 proper, 84: 0xEAA4 (熙).
        assert_eq!(shift_jis_row(0xEA, 0xA4), 84);
        assert_eq!(area_of(SHIFT_JIS, b"\x8A\x4F", '外'), Some(Area::Level1));
        assert_eq!(area_of(SHIFT_JIS, b"\x87\x40", '①'), Some(Area::Extension));
        assert_eq!(
            area_of(SHIFT_JIS, b"\xB1", 'ｱ'),
            Some(Area::HalfWidthKatakana)
        );
    }

    #[test]
    fn other_standards() {
        assert_eq!(area_of(GB18030, b"\xD6\xD0", '中'), Some(Area::Level1));
        assert_eq!(area_of(GB18030, b"\x8A\x4F", '奜'), Some(Area::Extension));
        assert_eq!(area_of(EUC_KR, b"\xB0\xA1", '가'), Some(Area::Level1));
        assert_eq!(area_of(BIG5, b"\xA4\xA4", '中'), Some(Area::Level1));
        assert_eq!(area_of(WINDOWS_1252, b"\x95", '•'), Some(Area::Punctuation));
        assert_eq!(area_of(WINDOWS_1252, b"\xE9", 'é'), Some(Area::Letter));
    }
}
