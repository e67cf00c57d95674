//! One legacy decoder's reading of a run: each character with the bytes it came from.

use std::ops::Range;

use encoding_rs::{DecoderResult, Encoding};

/// A character of a reading and the run bytes (indices into the run) it was decoded from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ReadChar {
    pub ch: char,
    pub bytes: Range<usize>,
}

/// The WHATWG legacy encodings tried on a run, in the order candidates are listed when they
/// tie. GBK is left out: its decoder is gb18030's (Encoding Standard §10.1), so it would only
/// repeat gb18030's reading; it is named beside gb18030 instead. ISO-2022-JP is tried although
/// it never decodes a byte >= 0x80, so that the report says it was considered.
pub(crate) fn legacy_encodings() -> [&'static Encoding; 33] {
    use encoding_rs::*;
    [
        SHIFT_JIS,
        EUC_JP,
        ISO_2022_JP,
        GB18030,
        BIG5,
        EUC_KR,
        WINDOWS_1252,
        WINDOWS_1250,
        WINDOWS_1251,
        WINDOWS_1253,
        WINDOWS_1254,
        WINDOWS_1255,
        WINDOWS_1256,
        WINDOWS_1257,
        WINDOWS_1258,
        WINDOWS_874,
        ISO_8859_2,
        ISO_8859_3,
        ISO_8859_4,
        ISO_8859_5,
        ISO_8859_6,
        ISO_8859_7,
        ISO_8859_8,
        ISO_8859_10,
        ISO_8859_13,
        ISO_8859_14,
        ISO_8859_15,
        ISO_8859_16,
        KOI8_R,
        KOI8_U,
        IBM866,
        MACINTOSH,
        X_MAC_CYRILLIC,
    ]
}

/// Whether `encoding` reads one byte per character (its decoder has no lead bytes).
pub(crate) fn is_single_byte(encoding: &'static Encoding) -> bool {
    use encoding_rs::*;
    ![
        SHIFT_JIS,
        EUC_JP,
        ISO_2022_JP,
        GB18030,
        GBK,
        BIG5,
        EUC_KR,
        UTF_8,
    ]
    .contains(&encoding)
}

/// Decodes `bytes` with `encoding`, malformed input being an error at the offset of the first
/// byte of the bad sequence. Each character carries the bytes it came from: the decoder is fed
/// one byte at a time, and a character ends at the byte that made it appear.
pub(crate) fn read(encoding: &'static Encoding, bytes: &[u8]) -> Result<Vec<ReadChar>, usize> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut out = Vec::with_capacity(bytes.len());
    let mut text = String::with_capacity(8);
    let mut start = 0;
    for i in 0..=bytes.len() {
        let (src, last) = if i < bytes.len() {
            (&bytes[i..i + 1], false)
        } else {
            (&bytes[i..], true)
        };
        text.clear();
        text.reserve(16);
        let (result, _) = decoder.decode_to_string_without_replacement(src, &mut text, last);
        match result {
            DecoderResult::InputEmpty => {}
            DecoderResult::Malformed(_, _) => return Err(start),
            DecoderResult::OutputFull => {
                unreachable!("invariant: 16 bytes hold what one input byte can produce")
            }
        }
        if !text.is_empty() {
            let end = (i + 1).min(bytes.len());
            for ch in text.chars() {
                out.push(ReadChar {
                    ch,
                    bytes: start..end,
                });
            }
            start = end;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_jis_with_ascii_trail_bytes() {
        let r = read(encoding_rs::SHIFT_JIS, b"\x83s\x83G\x81[\x83\x8B").unwrap();
        let text: String = r.iter().map(|c| c.ch).collect();
        assert_eq!(text, "ピエール");
        assert_eq!(r[2].bytes, 4..6);
    }

    #[test]
    fn errors_and_single_bytes() {
        assert_eq!(read(encoding_rs::SHIFT_JIS, b"ab\x83"), Err(2));
        assert!(read(encoding_rs::EUC_JP, b"\x8AO").is_err());
        let r = read(encoding_rs::WINDOWS_1252, b"\xE9t").unwrap();
        assert_eq!(
            r[1],
            ReadChar {
                ch: 't',
                bytes: 1..2
            }
        );
        assert!(read(encoding_rs::ISO_2022_JP, b"\x83").is_err());
    }
}
