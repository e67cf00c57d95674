//! Script coherence: whether the characters of a reading could belong to one piece of text.

use icu_properties::props::Script;
use icu_properties::{CodePointMapData, PropertyNamesLong};

/// The Unicode Script of `ch`, or `None` for Common, Inherited and Unknown (punctuation,
/// marks, the prolonged sound mark ー), which go with any script.
pub(crate) fn script_of(ch: char) -> Option<Script> {
    let s = CodePointMapData::<Script>::new().get(ch);
    if s == Script::Common || s == Script::Inherited || s == Script::Unknown {
        None
    } else {
        Some(s)
    }
}

/// The long name of a script (`Hiragana`).
pub(crate) fn script_name(s: Script) -> &'static str {
    PropertyNamesLong::<Script>::new()
        .get(s)
        .expect("invariant: every Script value has a long name")
}

/// The scripts of the non-ASCII characters of `text`, when they do not make coherent text:
/// more than one script, except Japanese (Han with Hiragana and/or Katakana) and Korean
/// (Hangul with Han). `None` when coherent.
///
/// *Rationale*: a wrong charset turns bytes into characters picked from all over its table,
/// so a wrong reading of a few words often mixes scripts no writer mixes (Hangul with
/// katakana, Cyrillic with Greek). Real Japanese mixes three scripts and Korean two; Latin
/// with anything is left alone, since URLs mix ASCII words with every script.
pub(crate) fn incoherent_scripts(text: &str) -> Option<Vec<Script>> {
    let mut seen: Vec<Script> = Vec::new();
    for ch in text.chars().filter(|c| !c.is_ascii()) {
        if let Some(s) = script_of(ch) {
            if !seen.contains(&s) {
                seen.push(s);
            }
        }
    }
    let japanese = [Script::Han, Script::Hiragana, Script::Katakana];
    let korean = [Script::Hangul, Script::Han];
    let fits = |set: &[Script]| seen.iter().all(|s| set.contains(s));
    let coherent = seen.len() <= 1
        || fits(&japanese)
        || fits(&korean)
        || (seen.len() == 2 && seen.contains(&Script::Latin));
    if coherent {
        None
    } else {
        Some(seen)
    }
}

/// Whether a letter of a script other than Latin, Han, kana or Hangul touches an ASCII letter
/// in `text` (`cafй`, `ιt`): a word that mixes alphabets, as a wrong single-byte charset makes.
pub(crate) fn mixed_alphabet_word(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let foreign = |c: char| {
        !c.is_ascii()
            && c.is_alphabetic()
            && script_of(c).is_some_and(|s| {
                ![
                    Script::Latin,
                    Script::Han,
                    Script::Hiragana,
                    Script::Katakana,
                    Script::Hangul,
                ]
                .contains(&s)
            })
    };
    chars.windows(2).any(|w| {
        (foreign(w[0]) && w[1].is_ascii_alphabetic())
            || (w[0].is_ascii_alphabetic() && foreign(w[1]))
    })
}

/// Whether the non-ASCII letters of `text` are three or more and all capitals.
///
/// *Rationale*: the single-byte Cyrillic charsets put lowercase and capitals in each other's
/// places (`поиск` in windows-1251 is `ОНХЯЙ` in KOI8-R), and both readings are letters of one
/// script; text in a URL is lowercase far more often than all capitals.
pub(crate) fn capitals_only(text: &str) -> bool {
    let letters: Vec<char> = text
        .chars()
        .filter(|c| !c.is_ascii() && c.is_alphabetic())
        .collect();
    letters.len() >= 3 && letters.iter().all(|c| c.is_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coherence() {
        assert_eq!(incoherent_scripts("外装不良"), None);
        assert_eq!(incoherent_scripts("ログイン画面です"), None);
        assert_eq!(incoherent_scripts("한국語"), None);
        assert_eq!(incoherent_scripts("café"), None);
        assert!(incoherent_scripts("가ホ").is_some());
        assert!(incoherent_scripts("йι").is_some());
        assert_eq!(script_name(Script::Hiragana), "Hiragana");
    }

    #[test]
    fn capitals() {
        assert!(capitals_only("ОНХЯЙ"));
        assert!(!capitals_only("поиск"));
        assert!(!capitals_only("ÄÖ"));
        assert!(!capitals_only("外装不良"));
    }

    #[test]
    fn mixed_words() {
        assert!(mixed_alphabet_word("cafй"));
        assert!(!mixed_alphabet_word("café"));
        assert!(!mixed_alphabet_word("iphone外装"));
        assert!(!mixed_alphabet_word("москва"));
    }
}
