//! Statistical evidence: what chardetng, the detector Firefox uses, reads the legacy runs as.
//!
//! # Rationale
//!
//! The repertoire scores of `rank` say what a reading is made of, one character at a time;
//! they cannot tell `поиск` (windows-1251) from `ОНХЯЙ` (KOI8-R), whose letters are all
//! frequent Cyrillic, or `连衣裙` (GBK) from `銭丗塙` (EUC-JP). chardetng scores byte pairs
//! against models of each language's text (letter-pair frequencies for the single-byte
//! charsets, character classes and frequencies for the double-byte ones), which is exactly
//! the missing evidence. It is one piece of evidence among the others, worth less than the
//! margin a reading needs, so it never decides alone: on the few characters of a URL its guess
//! is often wrong (measured on random frequent characters: 50-80% right on two, 80-95% on
//! three, 85-99% on four), while the ranking must never be.

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::Encoding;

use super::run::RunInput;

/// chardetng's guess for the bytes of `runs` with the ASCII character on each side
/// (separated by a space, as the URL separates them), for a host under `tld` (its last label, lowercase ASCII) if known.
pub(crate) fn guess(runs: &[RunInput], tld: Option<&str>) -> &'static Encoding {
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
    let mut buf = [0u8; 4];
    for run in runs {
        // The ASCII letters around a run are part of its word, which the models read.
        if let Some(c) = run.before {
            detector.feed(c.encode_utf8(&mut buf).as_bytes(), false);
        }
        detector.feed(&run.bytes, false);
        if let Some(c) = run.after {
            detector.feed(c.encode_utf8(&mut buf).as_bytes(), false);
        }
        detector.feed(b" ", false);
    }
    detector.feed(b"", true);
    // chardetng asks for a lowercase ASCII label without dots (Punycode for an IDN TLD).
    let tld = tld.filter(|t| {
        !t.is_empty()
            && t.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    });
    let guess = detector.guess(tld.map(str::as_bytes), Utf8Detection::Deny);
    // GBK's decoder is gb18030's, and ranking names the reading gb18030.
    if guess == encoding_rs::GBK {
        encoding_rs::GB18030
    } else {
        guess
    }
}

/// The points chardetng's agreement is worth: less than [`MARGIN`](super::MARGIN), so that
/// it never decides alone, only beside the repertoire, a TLD or the host.
pub(crate) const POINTS: i32 = 2;

#[cfg(test)]
mod tests {
    use super::*;

    fn run(bytes: &[u8]) -> RunInput {
        RunInput {
            bytes: bytes.to_vec(),
            before: None,
            after: None,
        }
    }

    #[test]
    fn guesses() {
        assert_eq!(
            guess(&[run(b"\xEF\xEE\xE8\xF1\xEA")], Some("ru")),
            encoding_rs::WINDOWS_1251
        );
        assert_eq!(
            guess(&[run(b"\xC1\xAC\xD2\xC2\xC8\xB9")], None),
            encoding_rs::GB18030
        );
        // An uppercase or dotted label is not passed on (chardetng would panic).
        assert_eq!(
            guess(&[run(b"M\xFCnchen")], Some("D.E")),
            encoding_rs::WINDOWS_1252
        );
    }
}
