//! The charsets that UTF-8 is misread in, and writing a text back to the bytes it was read from.

use encoding_rs::Encoding;

/// A charset that UTF-8 text was wrongly decoded in, making mojibake: `開発` read as
/// windows-1252 is `é–‹ç™º`, read as Shift_JIS `髢狗匱`; `こんにちは` read as Shift_JIS is
/// `縺薙ｓ縺ｫ縺｡縺ｯ`.
///
/// ```
/// use urlkit::charset::repair::MojibakeCharset;
/// assert_eq!(MojibakeCharset::Iso8859_1.name(), "ISO-8859-1");
/// assert_eq!(MojibakeCharset::ShiftJis.name(), "Shift_JIS");
/// assert_eq!(MojibakeCharset::Cp437.name(), "IBM437");
/// ```
///
/// Spec: <https://encoding.spec.whatwg.org/#legacy-single-byte-encodings>,
/// <https://www.unicode.org/Public/MAPPINGS/VENDORS/MICSFT/PC/CP437.TXT>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MojibakeCharset {
    /// ISO/IEC 8859-1 proper: byte N is U+00NN, C1 controls included (what a decoder that
    /// maps bytes to the first 256 code points, such as Python's `latin-1`, produces).
    Iso8859_1,
    /// windows-1252 as the Encoding Standard defines it (what browsers call `latin1`).
    Windows1252,
    /// windows-1250 (Central European Windows).
    Windows1250,
    /// windows-1251 (Cyrillic Windows).
    Windows1251,
    /// windows-1253 (Greek Windows).
    Windows1253,
    /// windows-1254 (Turkish Windows).
    Windows1254,
    /// windows-1257 (Baltic Windows).
    Windows1257,
    /// ISO/IEC 8859-2 (Latin-2).
    Iso8859_2,
    /// Mac OS Roman (`macintosh`).
    MacRoman,
    /// IBM code page 437, the original PC's (what a DOS console shows).
    Cp437,
    /// Shift_JIS (Windows-31J, as the Encoding Standard defines it).
    ShiftJis,
    /// GBK.
    Gbk,
    /// Big5.
    Big5,
    /// EUC-KR (windows-949).
    EucKr,
}

impl MojibakeCharset {
    /// Every charset, in the order a layer tries them.
    ///
    /// # Rationale
    ///
    /// The order only names the charset when several give the same text (ISO-8859-1 and
    /// windows-1252 agree on every letter); readings that differ are weighed, never ranked by
    /// this order. The list is ftfy's (Latin-1, the sloppy windows-125x, ISO-8859-2, MacRoman,
    /// cp437) plus the four double-byte charsets of East Asian Windows, whose misreadings of
    /// UTF-8 (`縺薙ｓ縺ｫ縺｡縺ｯ`, `涓枃`) are as common there as `Ã©` is in Europe.
    pub const ALL: [MojibakeCharset; 14] = [
        MojibakeCharset::Iso8859_1,
        MojibakeCharset::Windows1252,
        MojibakeCharset::Windows1250,
        MojibakeCharset::Windows1251,
        MojibakeCharset::Windows1253,
        MojibakeCharset::Windows1254,
        MojibakeCharset::Windows1257,
        MojibakeCharset::Iso8859_2,
        MojibakeCharset::MacRoman,
        MojibakeCharset::Cp437,
        MojibakeCharset::ShiftJis,
        MojibakeCharset::Gbk,
        MojibakeCharset::Big5,
        MojibakeCharset::EucKr,
    ];

    /// The charset's name (the Encoding Standard's name where it has one).
    ///
    /// ```
    /// use urlkit::charset::repair::MojibakeCharset;
    /// assert_eq!(MojibakeCharset::Windows1252.name(), "windows-1252");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            MojibakeCharset::Iso8859_1 => "ISO-8859-1",
            MojibakeCharset::Windows1252 => "windows-1252",
            MojibakeCharset::Windows1250 => "windows-1250",
            MojibakeCharset::Windows1251 => "windows-1251",
            MojibakeCharset::Windows1253 => "windows-1253",
            MojibakeCharset::Windows1254 => "windows-1254",
            MojibakeCharset::Windows1257 => "windows-1257",
            MojibakeCharset::Iso8859_2 => "ISO-8859-2",
            MojibakeCharset::MacRoman => "macintosh",
            MojibakeCharset::Cp437 => "IBM437",
            MojibakeCharset::ShiftJis => "Shift_JIS",
            MojibakeCharset::Gbk => "GBK",
            MojibakeCharset::Big5 => "Big5",
            MojibakeCharset::EucKr => "EUC-KR",
        }
    }

    /// Whether one byte is one character (every charset but the four East Asian ones).
    pub(crate) const fn is_single_byte(self) -> bool {
        !matches!(
            self,
            MojibakeCharset::ShiftJis
                | MojibakeCharset::Gbk
                | MojibakeCharset::Big5
                | MojibakeCharset::EucKr
        )
    }

    /// The misreadings Western software makes most: the two Latin-1s and MacRoman.
    pub(crate) const fn is_western(self) -> bool {
        matches!(
            self,
            MojibakeCharset::Iso8859_1 | MojibakeCharset::Windows1252 | MojibakeCharset::MacRoman
        )
    }

    /// The `encoding_rs` encoding, for the charsets the Encoding Standard has.
    pub(crate) fn encoding(self) -> Option<&'static Encoding> {
        use encoding_rs::*;
        Some(match self {
            MojibakeCharset::Iso8859_1 | MojibakeCharset::Cp437 => return None,
            MojibakeCharset::Windows1252 => WINDOWS_1252,
            MojibakeCharset::Windows1250 => WINDOWS_1250,
            MojibakeCharset::Windows1251 => WINDOWS_1251,
            MojibakeCharset::Windows1253 => WINDOWS_1253,
            MojibakeCharset::Windows1254 => WINDOWS_1254,
            MojibakeCharset::Windows1257 => WINDOWS_1257,
            MojibakeCharset::Iso8859_2 => ISO_8859_2,
            MojibakeCharset::MacRoman => MACINTOSH,
            MojibakeCharset::ShiftJis => SHIFT_JIS,
            MojibakeCharset::Gbk => GBK,
            MojibakeCharset::Big5 => BIG5,
            MojibakeCharset::EucKr => EUC_KR,
        })
    }

    /// The bytes `text` was decoded from, when this charset decodes them back to exactly
    /// `text`: `None` when a character is not in the charset or the round trip changes it.
    pub(crate) fn bytes_of(self, text: &str) -> Option<Vec<u8>> {
        match self {
            MojibakeCharset::Iso8859_1 => text
                .chars()
                .map(|c| u8::try_from(u32::from(c)).ok())
                .collect(),
            MojibakeCharset::Cp437 => text.chars().map(cp437_byte).collect(),
            _ => {
                let encoding = self
                    .encoding()
                    .expect("invariant: every other charset is in the Encoding Standard");
                let (bytes, _, unmappable) = encoding.encode(text);
                if unmappable {
                    return None;
                }
                // A charset with several code points for one byte sequence (Shift_JIS's
                // duplicates) decodes to another text: that is not how `text` was made.
                let (back, malformed) = encoding.decode_without_bom_handling(&bytes);
                (!malformed && back == text).then(|| bytes.into_owned())
            }
        }
    }

    /// The bytes of one character, when the charset has it.
    pub(crate) fn bytes_of_char(self, ch: char) -> Option<Vec<u8>> {
        let mut buf = [0u8; 4];
        self.bytes_of(ch.encode_utf8(&mut buf))
    }
}

/// IBM code page 437's characters for the bytes `0x80..=0xFF`, in byte order (its bytes
/// below `0x80` are ASCII, as Python's `cp437` codec and every decoder of it read them).
///
/// Spec: <https://www.unicode.org/Public/MAPPINGS/VENDORS/MICSFT/PC/CP437.TXT>
const CP437_HIGH: [char; 128] = [
    'Ç', 'ü', 'é', 'â', 'ä', 'à', 'å', 'ç', 'ê', 'ë', 'è', 'ï', 'î', 'ì', 'Ä', 'Å', //
    'É', 'æ', 'Æ', 'ô', 'ö', 'ò', 'û', 'ù', 'ÿ', 'Ö', 'Ü', '¢', '£', '¥', '₧', 'ƒ', //
    'á', 'í', 'ó', 'ú', 'ñ', 'Ñ', 'ª', 'º', '¿', '⌐', '¬', '½', '¼', '¡', '«', '»', //
    '░', '▒', '▓', '│', '┤', '╡', '╢', '╖', '╕', '╣', '║', '╗', '╝', '╜', '╛', '┐', //
    '└', '┴', '┬', '├', '─', '┼', '╞', '╟', '╚', '╔', '╩', '╦', '╠', '═', '╬', '╧', //
    '╨', '╤', '╥', '╙', '╘', '╒', '╓', '╫', '╪', '┘', '┌', '█', '▄', '▌', '▐', '▀', //
    'α', 'ß', 'Γ', 'π', 'Σ', 'σ', 'µ', 'τ', 'Φ', 'Θ', 'Ω', 'δ', '∞', 'φ', 'ε', '∩', //
    '≡', '±', '≥', '≤', '⌠', '⌡', '÷', '≈', '°', '∙', '·', '√', 'ⁿ', '²', '■', '\u{A0}',
];

fn cp437_byte(ch: char) -> Option<u8> {
    if ch.is_ascii() {
        return u8::try_from(ch).ok();
    }
    let at = CP437_HIGH.iter().position(|&c| c == ch)?;
    u8::try_from(0x80 + at).ok()
}

/// The character code page 437 gives byte `b`.
#[cfg(test)]
pub(crate) fn cp437_char(b: u8) -> char {
    if b.is_ascii() {
        char::from(b)
    } else {
        CP437_HIGH[usize::from(b - 0x80)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        assert_eq!(
            MojibakeCharset::Windows1252.bytes_of("é–"),
            Some(vec![0xE9, 0x96])
        );
        assert_eq!(
            MojibakeCharset::Iso8859_1.bytes_of("é\u{96}"),
            Some(vec![0xE9, 0x96])
        );
        assert_eq!(MojibakeCharset::Iso8859_1.bytes_of("–"), None);
        assert_eq!(
            MojibakeCharset::Cp437.bytes_of("╨┐"),
            Some(vec![0xD0, 0xBF])
        );
        assert_eq!(
            MojibakeCharset::ShiftJis.bytes_of("縺"),
            Some(vec![0xE3, 0x81])
        );
        assert_eq!(MojibakeCharset::ShiftJis.bytes_of("é"), None);
    }

    #[test]
    fn cp437_table_is_a_bijection() {
        for b in 0u8..=255 {
            assert_eq!(cp437_byte(cp437_char(b)), Some(b), "byte {b:#04X}");
        }
    }
}
