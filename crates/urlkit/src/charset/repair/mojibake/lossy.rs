//! Mojibake with a lost byte: a strict decoder wrote U+FFFD where the wrong charset had no
//! character (windows-1252 has none for `0x81`, `0x8D`, `0x8F`, `0x90`, `0x9D`), so the UTF-8
//! character that byte belonged to cannot be recovered.

use super::charsets::MojibakeCharset;

/// One byte of the text written back, or the hole a U+FFFD leaves; with the index of the
/// character of the mojibake it came from.
#[derive(Clone, Copy)]
enum Item {
    Byte(u8, usize),
    Hole,
}

/// `text` (which holds U+FFFD) written back in `charset` and read as UTF-8, each character
/// that lost a byte read as U+FFFD; `None` when the bytes around the holes are not UTF-8, or
/// no hole sits inside a UTF-8 sequence whose lead was a letter of the mojibake (`Ä�` of
/// `SlovenÄ�ina`, `à¥�` of Hindi's virama), which is what a lost continuation byte looks
/// like.
///
/// # Rationale
///
/// A hole counts as one or more bytes: at the first layer of a single-byte charset it is one
/// continuation byte; a double-byte decoder's U+FFFD can take a lead and a trail byte, and at
/// a deeper layer it stands for a whole character the layer above lost. So a hole ends the
/// UTF-8 sequence it falls in, and continuation bytes right after it belong to the character
/// it cut. A U+FFFD that no lead byte precedes is kept as it is, so that text which merely
/// contains a replacement character is never said to be mojibake.
pub(crate) fn read_with_holes(text: &str, charset: MojibakeCharset) -> Option<String> {
    // ISO-8859-1 has a character for every byte: it never loses one.
    if charset == MojibakeCharset::Iso8859_1 {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    let mut items = Vec::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == '\u{FFFD}' {
            items.push(Item::Hole);
        } else {
            for b in charset.bytes_of_char(c)? {
                items.push(Item::Byte(b, i));
            }
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut damaged_after_letter = false;
    // Continuation bytes right after a hole belong to a character whose lead the hole took.
    let mut after_hole = false;
    let mut i = 0;
    while i < items.len() {
        let (lead, from) = match items[i] {
            Item::Hole => {
                out.push('\u{FFFD}');
                after_hole = true;
                i += 1;
                continue;
            }
            Item::Byte(b, _) if after_hole && (0x80..=0xBF).contains(&b) => {
                i += 1;
                continue;
            }
            Item::Byte(b, _) if b.is_ascii() => {
                out.push(char::from(b));
                after_hole = false;
                i += 1;
                continue;
            }
            Item::Byte(b, from) => (b, from),
        };
        let need = match lead {
            0xC2..=0xDF => 1,
            0xE0..=0xEF => 2,
            0xF0..=0xF4 => 3,
            _ => return None,
        };
        let mut seq = vec![lead];
        let mut holes = 0;
        let mut j = i + 1;
        while seq.len() + holes < 1 + need && j < items.len() {
            match items[j] {
                Item::Byte(c, _) if (0x80..=0xBF).contains(&c) => seq.push(c),
                Item::Hole => holes += 1,
                Item::Byte(..) => break,
            }
            j += 1;
        }
        after_hole = holes > 0;
        if holes == 0 {
            out.push_str(std::str::from_utf8(&seq).ok()?);
        } else {
            // A two-byte character that lost its one continuation byte (`Ä�`), or a longer
            // one that kept at least one: the lead alone followed by a hole is too little.
            let shaped = need == 1 || seq.len() >= 2;
            damaged_after_letter |= shaped && chars[from].is_alphabetic();
            out.push('\u{FFFD}');
        }
        i = j;
    }
    damaged_after_letter.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_continuation_byte() {
        use MojibakeCharset::Windows1252;
        assert_eq!(
            read_with_holes("SlovenÄ\u{FFFD}ina", Windows1252).as_deref(),
            Some("Sloven\u{FFFD}ina")
        );
        assert_eq!(
            read_with_holes("à¤¹à¤¿à¤¨à¥\u{FFFD}à¤¦à¥€", Windows1252).as_deref(),
            Some("हिन\u{FFFD}दी")
        );
        // A replacement character in clean text is not a lost byte.
        assert_eq!(read_with_holes("a\u{FFFD}b", Windows1252), None);
        assert_eq!(read_with_holes("é\u{FFFD}", Windows1252), None);
        // 日本語 read as Shift_JIS: the last character's third byte went with the decoder's
        // U+FFFD.
        assert_eq!(
            read_with_holes("譌･譛ｬ隱\u{FFFD}", MojibakeCharset::ShiftJis).as_deref(),
            Some("日本\u{FFFD}")
        );
    }
}
