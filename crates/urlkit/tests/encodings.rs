//! Content-Disposition (RFC 6266 §5 and RFC 8187 §3.2.2/§4 examples, quoting, malformed
//! values, random round trips) and base64 (RFC 4648 §10 vectors, §5, strict errors, round
//! trips), one named test per vector.

use libtest_mimic::{Arguments, Failed, Trial};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use urlkit::base64::{Alphabet, Base64, Base64ErrorKind, Padding};
use urlkit::content_disposition::{build, parse, Disposition, ParseErrorKind};

fn eq<T: PartialEq + std::fmt::Debug>(got: T, want: T) -> Result<(), Failed> {
    if got == want {
        Ok(())
    } else {
        Err(format!("got {got:?}, want {want:?}").into())
    }
}

/// (header value, disposition, file name, fallback)
const PARSE_EXAMPLES: &[(&str, &str, &str, Option<&str>)] = &[
    // RFC 6266 §5
    (
        "Attachment; filename=example.html",
        "attachment",
        "example.html",
        Some("example.html"),
    ),
    (
        "INLINE; FILENAME= \"an example.html\"",
        "inline",
        "an example.html",
        Some("an example.html"),
    ),
    (
        "attachment; filename*= UTF-8''%e2%82%ac%20rates",
        "attachment",
        "€ rates",
        None,
    ),
    (
        "attachment; filename=\"EURO rates\"; filename*=utf-8''%e2%82%ac%20rates",
        "attachment",
        "€ rates",
        Some("EURO rates"),
    ),
    // RFC 8187 §3.2.2 ext-values, as filename*
    (
        "attachment; filename*=iso-8859-1'en'%A3%20rates",
        "attachment",
        "£ rates",
        None,
    ),
    (
        "attachment; filename*=UTF-8''%c2%a3%20and%20%e2%82%ac%20rates",
        "attachment",
        "£ and € rates",
        None,
    ),
    // the seed's header
    (
        "attachment; filename=\"estimate.pdf\"; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf",
        "attachment",
        "見積書.pdf",
        Some("estimate.pdf"),
    ),
    // quoted-pairs
    (
        r#"attachment; filename="a\"b\\c.txt""#,
        "attachment",
        "a\"b\\c.txt",
        Some("a\"b\\c.txt"),
    ),
    (
        "Content-Disposition: inline; filename=a.txt;",
        "inline",
        "a.txt",
        Some("a.txt"),
    ),
    // other WHATWG charsets
    (
        "attachment; filename*=Shift_JIS''%8C%A9%90%CF%8F%91.pdf",
        "attachment",
        "見積書.pdf",
        None,
    ),
];

/// (header value, error kind, offset)
const MALFORMED: &[(&str, ParseErrorKind, usize)] = &[
    (
        "attachment; filename=\"a.txt",
        ParseErrorKind::UnterminatedQuotedString,
        21,
    ),
    ("attachment; filename", ParseErrorKind::ExpectedEquals, 20),
    (
        "attachment; filename=a; filename=b",
        ParseErrorKind::DuplicateParameter,
        24,
    ),
    (
        "attachment; filename*=a.txt",
        ParseErrorKind::InvalidExtValue,
        22,
    ),
    (
        "attachment; filename*=UTF-8''%E2%82",
        ParseErrorKind::InvalidEncoding,
        29,
    ),
    (
        "attachment; filename*=UTF-8''100%",
        ParseErrorKind::MalformedEscape,
        32,
    ),
    (
        "attachment; filename*=x-unknown''a",
        ParseErrorKind::UnsupportedCharset,
        22,
    ),
    (
        "attachment; filename*=\"UTF-8''a\"",
        ParseErrorKind::InvalidExtValue,
        22,
    ),
    (
        "attachment filename=a",
        ParseErrorKind::ExpectedSemicolon,
        11,
    ),
    ("; filename=a", ParseErrorKind::ExpectedToken, 0),
];

/// (file name, disposition, value)
/// `filename` first, then `filename*` (RFC 6266 §5 examples, Appendix D).
const BUILD_EXAMPLES: &[(&str, Disposition, &str)] = &[
    ("見積書.pdf", Disposition::Attachment, "attachment; filename=\"download.pdf\"; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf"),
    ("report.pdf", Disposition::Inline, "inline; filename=\"report.pdf\""),
    ("a\"b\\c.txt", Disposition::Attachment, r#"attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt"#),
    ("Übersicht 2026.xlsx", Disposition::Attachment, "attachment; filename=\"Ubersicht 2026.xlsx\"; filename*=UTF-8''%C3%9Cbersicht%202026.xlsx"),
    ("請求書_2026年.pdf", Disposition::Attachment, "attachment; filename=\"_2026_.pdf\"; filename*=UTF-8''%E8%AB%8B%E6%B1%82%E6%9B%B8_2026%E5%B9%B4.pdf"),
    ("a\r\nb\".txt", Disposition::Attachment, "attachment; filename=\"ab_.txt\"; filename*=UTF-8''a%0D%0Ab%22.txt"),
    // RFC 6266 §5's own example, with urlkit's derived fallback.
    ("€ rates", Disposition::Attachment, "attachment; filename=\"_ rates\"; filename*=UTF-8''%E2%82%AC%20rates"),
];

/// RFC 4648 §10.
const RFC4648_10: &[(&str, &str)] = &[
    ("", ""),
    ("f", "Zg=="),
    ("fo", "Zm8="),
    ("foo", "Zm9v"),
    ("foob", "Zm9vYg=="),
    ("fooba", "Zm9vYmE="),
    ("foobar", "Zm9vYmFy"),
];

/// (bytes, base64url without padding)
const RFC4648_5: &[(&[u8], &str)] = &[
    (b"\xfb\xff", "-_8"),
    (b"\xfb\xef\xbe", "----"),
    (b"\xff\xff\xff", "____"),
    (b"??>", "Pz8-"),
];

/// (codec, text, error kind, offset)
const BASE64_STRICT: &[(Alphabet, Padding, &str, Base64ErrorKind, usize)] = &[
    (
        Alphabet::Standard,
        Padding::Pad,
        "Zg",
        Base64ErrorKind::MissingPadding,
        2,
    ),
    (
        Alphabet::Standard,
        Padding::Pad,
        "Zh==",
        Base64ErrorKind::NonCanonical,
        1,
    ),
    (
        Alphabet::Standard,
        Padding::Pad,
        "Z===",
        Base64ErrorKind::InvalidLength,
        0,
    ),
    (
        Alphabet::Standard,
        Padding::Pad,
        "Zm9v YmFy",
        Base64ErrorKind::InvalidCharacter,
        4,
    ),
    (
        Alphabet::Standard,
        Padding::Pad,
        "Zg=a",
        Base64ErrorKind::InvalidPadding,
        3,
    ),
    (
        Alphabet::Standard,
        Padding::Pad,
        "-_8=",
        Base64ErrorKind::InvalidCharacter,
        0,
    ),
    (
        Alphabet::UrlSafe,
        Padding::Omit,
        "+/8",
        Base64ErrorKind::InvalidCharacter,
        0,
    ),
    (
        Alphabet::UrlSafe,
        Padding::Omit,
        "Zg==",
        Base64ErrorKind::UnexpectedPadding,
        2,
    ),
    (
        Alphabet::Standard,
        Padding::Pad,
        "Zm9vYg===",
        Base64ErrorKind::InvalidPadding,
        6,
    ),
];

fn proptest_trial(name: &str, f: fn(&mut TestRunner) -> Result<(), String>) -> Trial {
    Trial::test(name, move || {
        let mut runner = TestRunner::new(Config {
            cases: 512,
            failure_persistence: None,
            ..Config::default()
        });
        f(&mut runner).map_err(Failed::from)
    })
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for (i, &(value, disposition, name, fallback)) in PARSE_EXAMPLES.iter().enumerate() {
        trials.push(Trial::test(
            format!("content_disposition::parse::{i:02}"),
            move || {
                let cd = parse(value).map_err(|e| Failed::from(e.to_string()))?;
                eq(
                    (cd.disposition(), cd.filename(), cd.filename_fallback()),
                    (disposition, Some(name), fallback),
                )
            },
        ));
    }
    for (i, &(value, kind, offset)) in MALFORMED.iter().enumerate() {
        trials.push(Trial::test(
            format!("content_disposition::malformed::{i:02}"),
            move || {
                let e = parse(value).err().ok_or("parsed a malformed value")?;
                eq((e.kind(), e.offset()), (kind, offset))
            },
        ));
    }
    for (i, &(name, disposition, value)) in BUILD_EXAMPLES.iter().enumerate() {
        trials.push(Trial::test(
            format!("content_disposition::build::{i:02}"),
            move || {
                let built = build(name, disposition);
                eq(built.as_str(), value)?;
                let back = parse(&built).map_err(|e| Failed::from(e.to_string()))?;
                eq(back.filename(), Some(name))
            },
        ));
    }
    trials.push(proptest_trial(
        "content_disposition::round_trip_random_unicode",
        |runner| {
            runner
                .run(&any::<String>(), |name| {
                    let built = build(&name, Disposition::Attachment);
                    prop_assert!(
                        built.bytes().all(|b| (0x20..0x7F).contains(&b)),
                        "not ASCII: {built:?}"
                    );
                    let back = parse(&built).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    prop_assert_eq!(back.filename(), Some(name.as_str()));
                    Ok(())
                })
                .map_err(|e| e.to_string())
        },
    ));
    for (i, &(plain, encoded)) in RFC4648_10.iter().enumerate() {
        trials.push(Trial::test(
            format!("base64::rfc4648_10::{i:02}"),
            move || {
                eq(Base64::STANDARD.encode(plain.as_bytes()).as_str(), encoded)?;
                eq(
                    Base64::STANDARD.decode(encoded).ok(),
                    Some(plain.as_bytes().to_vec()),
                )
            },
        ));
    }
    for (i, &(bytes, encoded)) in RFC4648_5.iter().enumerate() {
        trials.push(Trial::test(
            format!("base64::rfc4648_5::{i:02}"),
            move || {
                let url = Base64::new(Alphabet::UrlSafe, Padding::Omit);
                eq(url.encode(bytes).as_str(), encoded)?;
                eq(url.decode(encoded).ok(), Some(bytes.to_vec()))
            },
        ));
    }
    for (i, &(alphabet, padding, text, kind, offset)) in BASE64_STRICT.iter().enumerate() {
        trials.push(Trial::test(format!("base64::strict::{i:02}"), move || {
            let e = Base64::new(alphabet, padding)
                .decode(text)
                .err()
                .ok_or("decoded")?;
            eq((e.kind(), e.offset()), (kind, offset))
        }));
    }
    for (name, alphabet, padding) in [
        ("standard", Alphabet::Standard, Padding::Pad),
        ("url_no_pad", Alphabet::UrlSafe, Padding::Omit),
        ("url_pad", Alphabet::UrlSafe, Padding::Pad),
    ] {
        trials.push(Trial::test(
            format!("base64::round_trip_{name}"),
            move || {
                let codec = Base64::new(alphabet, padding);
                let mut runner = TestRunner::new(Config {
                    cases: 1024,
                    failure_persistence: None,
                    ..Config::default()
                });
                runner
                    .run(&proptest::collection::vec(any::<u8>(), 0..64), |bytes| {
                        let text = codec.encode(&bytes);
                        prop_assert_eq!(codec.decode(&text).ok(), Some(bytes));
                        Ok(())
                    })
                    .map_err(|e| Failed::from(e.to_string()))
            },
        ));
    }
    libtest_mimic::run(&args, trials).exit();
}
