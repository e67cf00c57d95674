//! One input, every way of reading or writing it, side by side, each marked plausible or not:
//! what a converter page (percent-encoding, Base64, mojibake repair in one box) shows.
//!
//! ```
//! use urlkit::convert::readings;
//! let r = readings("%E6%89%8B%E8%BB%BD%E5%B1%8B");
//! let strict = r.iter().find(|r| r.name == "percent-decode strict").unwrap();
//! assert_eq!(strict.output.as_deref(), Ok("手軽屋"));
//! assert!(strict.plausible());
//! ```

use crate::base64::{Alphabet, Base64, Padding};
use crate::charset::repair::decode_auto;
use crate::codec::sets::NamedSet;
use crate::codec::{decode_to_bytes, DecodeMode};

/// What a reading does.
///
/// ```
/// assert_eq!(urlkit::convert::Family::Repair.name(), "repair");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Family {
    /// Percent-decoding (strict, lenient, form).
    PercentDecode,
    /// Percent-encoding with a named set.
    PercentEncode,
    /// Base64 or base64url decoding.
    Base64Decode,
    /// Base64 or base64url encoding.
    Base64Encode,
    /// A legacy-charset reading of the percent-decoded bytes (Shift_JIS, EUC-JP, ...).
    Repair,
}

impl Family {
    /// A stable kebab-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Family::PercentDecode => "percent-decode",
            Family::PercentEncode => "percent-encode",
            Family::Base64Decode => "base64-decode",
            Family::Base64Encode => "base64-encode",
            Family::Repair => "repair",
        }
    }
}

/// The checks a reading passes, as the converter shows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Checks {
    /// The reading changes the input (one that does not says nothing).
    pub changes: bool,
    /// The bytes read are UTF-8 (decoders; encoders always are).
    pub valid_utf8: bool,
    /// No control character and no U+FFFD in the output.
    pub printable: bool,
    /// Going back the other way gives the input (hex case and Base64 padding aside).
    pub round_trips: bool,
    /// An encoding does not encode escapes the input already has (no `%25XX`).
    pub encodes_once: bool,
    /// A legacy-charset reading was kept by the repair ranking (always true for the others).
    pub ranked: bool,
}

/// One reading of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// What it is: `percent-decode strict`, `percent-encode component`, `base64url-decode`,
    /// `repair shift_jis`, ...
    pub name: String,
    /// Its family.
    pub family: Family,
    /// The output, or why this reading fails.
    pub output: Result<String, String>,
    /// The checks.
    pub checks: Checks,
}

impl Reading {
    /// Whether the reading is plausible: it succeeds, changes the input, reads UTF-8,
    /// prints, round-trips, does not encode an escape again, and (a legacy charset) was kept
    /// by the repair ranking.
    pub fn plausible(&self) -> bool {
        let c = self.checks;
        self.output.is_ok()
            && c.changes
            && c.valid_utf8
            && c.printable
            && c.round_trips
            && c.encodes_once
            && c.ranked
    }
}

fn printable(s: &str) -> bool {
    !s.chars().any(|c| c.is_control() || c == '\u{FFFD}')
}

/// Every reading of `text`, in a fixed order: percent-decode (strict, lenient, form),
/// percent-encode (component, unreserved, path, form), Base64 and base64url both ways, then
/// the legacy-charset readings of the percent-decoded bytes when they are not UTF-8 (those
/// the repair ranking kept, and the best three it did not).
///
/// # Rationale
///
/// A converter that guesses one reading is silently wrong when the guess is; showing every
/// reading with the checks that make it plausible lets a person see which one the text is.
/// A reading is plausible only if it changes the input, reads UTF-8, prints and round-trips.
pub fn readings(text: &str) -> Vec<Reading> {
    let mut out = Vec::new();
    let hexless = |s: &str| s.to_ascii_uppercase();
    for mode in [DecodeMode::Strict, DecodeMode::Lenient, DecodeMode::Form] {
        let name = format!("percent-decode {}", mode.name());
        let reading = match decode_to_bytes(text.as_bytes(), mode) {
            Err(e) => Reading {
                name,
                family: Family::PercentDecode,
                output: Err(e.to_string()),
                checks: Checks::default(),
            },
            Ok(bytes) if mode == DecodeMode::Strict && std::str::from_utf8(&bytes).is_err() => {
                // Strict decoding to text fails on bytes that are not UTF-8.
                let e = crate::codec::decode_bytes_to_str(text.as_bytes(), mode)
                    .expect_err(
                        "invariant: strict decoding to text fails on bytes that are not UTF-8",
                    )
                    .to_string();
                Reading {
                    name,
                    family: Family::PercentDecode,
                    output: Err(e),
                    checks: Checks::default(),
                }
            }
            Ok(bytes) => {
                let valid = std::str::from_utf8(&bytes).is_ok();
                let decoded = String::from_utf8_lossy(&bytes).into_owned();
                // Back: each byte the input had escaped, escaped again; the rest as it was.
                let set = if mode == DecodeMode::Form {
                    NamedSet::Form
                } else {
                    NamedSet::Component
                };
                let round_trips = valid && {
                    let again = set.encoder().encode_once_str(text);
                    let back = set.encoder().encode_str(&decoded);
                    hexless(&again) == hexless(&back)
                };
                Reading {
                    name,
                    family: Family::PercentDecode,
                    checks: Checks {
                        changes: decoded != text,
                        valid_utf8: valid,
                        printable: printable(&decoded),
                        round_trips,
                        encodes_once: true,
                        ranked: true,
                    },
                    output: Ok(decoded),
                }
            }
        };
        out.push(reading);
    }
    for set in [
        NamedSet::Component,
        NamedSet::Unreserved,
        NamedSet::Path,
        NamedSet::Form,
    ] {
        let encoded = set.encoder().encode_str(text).into_owned();
        let mode = if set == NamedSet::Form {
            DecodeMode::Form
        } else {
            DecodeMode::Strict
        };
        let back =
            decode_to_bytes(encoded.as_bytes(), mode).is_ok_and(|b| b.as_ref() == text.as_bytes());
        out.push(Reading {
            name: format!("percent-encode {}", set.name()),
            family: Family::PercentEncode,
            checks: Checks {
                changes: encoded != text,
                valid_utf8: true,
                printable: true,
                round_trips: back,
                encodes_once: set
                    .encoder()
                    .warnings(text.as_bytes())
                    .iter()
                    .all(|w| w.kind() != crate::codec::EncodeWarningKind::AlreadyEncoded),
                ranked: true,
            },
            output: Ok(encoded),
        });
    }
    for (name, codec) in [
        ("base64", Base64::new(Alphabet::Standard, Padding::Pad)),
        ("base64url", Base64::new(Alphabet::UrlSafe, Padding::Omit)),
    ] {
        let decoded = codec.decode(text).or_else(|e| match codec {
            // base64url is written with and without padding.
            c if c == Base64::new(Alphabet::UrlSafe, Padding::Omit) => {
                Base64::new(Alphabet::UrlSafe, Padding::Pad).decode(text)
            }
            _ => Err(e),
        });
        out.push(match decoded {
            Err(e) => Reading {
                name: format!("{name}-decode"),
                family: Family::Base64Decode,
                output: Err(e.to_string()),
                checks: Checks::default(),
            },
            Ok(bytes) => {
                let valid = std::str::from_utf8(&bytes).is_ok();
                let s = String::from_utf8_lossy(&bytes).into_owned();
                let again = codec.encode(&bytes);
                Reading {
                    name: format!("{name}-decode"),
                    family: Family::Base64Decode,
                    checks: Checks {
                        changes: s != text,
                        valid_utf8: valid,
                        printable: printable(&s),
                        round_trips: again.trim_end_matches('=') == text.trim_end_matches('='),
                        encodes_once: true,
                        ranked: true,
                    },
                    output: Ok(s),
                }
            }
        });
        let encoded = codec.encode(text.as_bytes());
        out.push(Reading {
            name: format!("{name}-encode"),
            family: Family::Base64Encode,
            checks: Checks {
                changes: encoded != text,
                valid_utf8: true,
                printable: true,
                round_trips: codec.decode(&encoded).is_ok_and(|b| b == text.as_bytes()),
                encodes_once: true,
                ranked: true,
            },
            output: Ok(encoded),
        });
    }
    let bytes = decode_to_bytes(text.as_bytes(), DecodeMode::Lenient)
        .expect("invariant: lenient decoding never fails");
    if std::str::from_utf8(&bytes).is_err() {
        // The readings the ranking kept, then the best three others.
        let mut others = 0;
        for c in decode_auto(&bytes).candidates {
            if !c.kept {
                others += 1;
                if others > 3 {
                    continue;
                }
            }
            let s = c.texts.concat();
            out.push(Reading {
                name: format!("repair {}", c.charset),
                family: Family::Repair,
                checks: Checks {
                    changes: true,
                    // The bytes are read in that charset, not as UTF-8: what is checked is
                    // the text it gives and the ranking.
                    valid_utf8: true,
                    printable: printable(&s),
                    round_trips: true,
                    encodes_once: true,
                    ranked: c.kept,
                },
                output: Ok(s),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plausible(text: &str) -> Vec<String> {
        readings(text)
            .into_iter()
            .filter(Reading::plausible)
            .map(|r| r.name)
            .collect()
    }

    #[test]
    fn the_seeds_examples() {
        assert!(plausible("%E6%89%8B%E8%BB%BD%E5%B1%8B").contains(&"percent-decode strict".into()));
        assert!(plausible("44GT44KT44Gr44Gh44Gv").contains(&"base64-decode".into()));
        // Broken UTF-8 is no plausible decoding.
        let r = readings("%E6%97");
        assert!(r
            .iter()
            .filter(|r| r.family == Family::PercentDecode)
            .all(|r| !r.plausible()));
        // Shift_JIS bytes: the repair reading is the plausible one.
        let p = plausible("%8AO%91%95%95s%97%C7");
        assert!(p.iter().any(|n| n.starts_with("repair ")), "{p:?}");
        assert!(!p.contains(&"percent-decode lenient".into()));
        // Encoding already-encoded text again is no plausible reading.
        assert!(!plausible("%E6%97%A5").contains(&"percent-encode component".into()));
        assert!(plausible("東京 カフェ").contains(&"percent-encode component".into()));
    }
}
