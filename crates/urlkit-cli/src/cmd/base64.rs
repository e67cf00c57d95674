//! `urlkit base64`: base64 and base64url (RFC 4648 §4, §5), strict, or lenient with
//! `--lenient`.

use urlkit::base64::{Accepted, Alphabet, Base64, Base64Error, Base64ErrorKind, Padding};
use urlkit_records::header::{Base64 as Base64Record, Note};
use urlkit_records::{Record, True};

use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content, Failure};
use crate::style::escape_controls;

const AFTER_HELP: &str = "\
Encodes each input's bytes (UTF-8 text as given), or decodes with --decode. Decoding is
strict by default: only the alphabet, padding exactly as asked (--no-pad forbids it), no
whitespace, canonical last character; errors give the byte offset. base64url (--url) uses -
and _ for + and /, so the result goes into a URL without percent-encoding.

--decode --lenient reads what people paste (JWT parts, MIME bodies): either alphabet, '='
padding optional, whitespace and line breaks ignored, extra bits after the last byte
ignored; a note on stderr (--json: \"accepted\") says what was taken beyond strict RFC 4648.

Examples:
  urlkit base64 'こんにちは'                  44GT44KT44Gr44Gh44Gv
  urlkit base64 --url --no-pad '??>'        Pz8-
  urlkit base64 --decode 'Zm9vYmFy'         foobar
  urlkit base64 --decode --url 'Pz8-'       ??>
  urlkit base64 --decode 'Zm9v YmFy'        error: column 5 (byte 4): a character outside the alphabet
  urlkit base64 --decode --lenient 'YWJjZA'   abcd (note: no '=' padding)";

/// Arguments of `urlkit base64`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Use the URL- and filename-safe alphabet (RFC 4648 §5: '-' and '_').
    #[arg(long)]
    url: bool,
    /// Write no '=' padding (and reject it when decoding).
    #[arg(long)]
    no_pad: bool,
    /// Decode instead of encode.
    #[arg(long, short = 'd')]
    decode: bool,
    /// With --decode, write the decoded bytes raw (they need not be UTF-8).
    #[arg(long, requires = "decode")]
    bytes: bool,
    /// With --decode, accept either alphabet, missing padding and whitespace, and say what was
    /// accepted.
    #[arg(long, requires = "decode", conflicts_with_all = ["url", "no_pad"])]
    lenient: bool,
    /// Texts; stdin, one per line, when none is given.
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
}

/// The CLI form of a decoding error: the library's message and, for padding, the option
/// that accepts the text.
fn decode_failure(e: &Base64Error, text: &str) -> Failure {
    let lenient_reads = |b: &u8| b" \t\r\n\x0C+/-_".contains(b);
    let remedy = match e.kind() {
        Base64ErrorKind::MissingPadding => "; --no-pad (or --lenient) accepts it",
        Base64ErrorKind::UnexpectedPadding => "; drop --no-pad (or use --lenient) to accept it",
        Base64ErrorKind::InvalidCharacter
            if text.as_bytes().get(e.offset()).is_some_and(lenient_reads) =>
        {
            "; --lenient takes either alphabet and whitespace"
        }
        Base64ErrorKind::NonCanonical => "; --lenient ignores those bits",
        _ => "",
    };
    Failure::at(
        e.kind().name(),
        e.offset(),
        format!("{}{remedy}", e.message()),
    )
}

/// How a text is decoded: strictly with one codec, or leniently.
#[derive(Clone, Copy, Debug)]
pub enum Reading {
    /// RFC 4648 with this alphabet and padding.
    Strict(Base64),
    /// Either alphabet, padding optional, whitespace ignored.
    Lenient,
}

/// `text` decoded, with what a lenient reading accepted.
fn decoded_bytes(reading: Reading, text: &str) -> Result<(Vec<u8>, Vec<Accepted>), Failure> {
    match reading {
        Reading::Strict(codec) => codec
            .decode(text)
            .map(|b| (b, Vec::new()))
            .map_err(|e| decode_failure(&e, text)),
        Reading::Lenient => Base64::decode_lenient(text)
            .map(|l| (l.bytes, l.accepted))
            .map_err(|e| decode_failure(&e, text)),
    }
}

/// `text` decoded as text, with what was accepted, or why not.
fn decoded(reading: Reading, text: &str) -> Result<(String, Vec<Accepted>), Failure> {
    let (bytes, accepted) = decoded_bytes(reading, text)?;
    let text = String::from_utf8(bytes).map_err(|_| {
        Failure::new(
            "not-utf8",
            "the decoded bytes are not UTF-8 text (use --bytes for the raw bytes)",
        )
    })?;
    Ok((text, accepted))
}

/// What a lenient reading took, as one note: `accepted: no '=' padding, ...`.
fn accepted_note(accepted: &[Accepted]) -> String {
    let list: Vec<String> = accepted.iter().map(|a| a.message()).collect();
    format!("read leniently: {}", list.join(", "))
}

/// The record of one answer, with what a lenient reading accepted.
fn base64_record(input: &str, output: String, accepted: &[Accepted]) -> Base64Record {
    Base64Record {
        accepted: accepted
            .iter()
            .map(|a| Note::new(a.name(), a.message()))
            .collect(),
        input: input.to_owned(),
        ok: True,
        output,
    }
}

/// Which way `urlkit base64` goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// Text to Base64.
    Encode,
    /// Base64 to text (`--decode`).
    Decode,
}

/// `urlkit base64 [--url] [--decode [--lenient]] --json TEXT` for one text, for `urlkit
/// serve` (`lenient` only applies to decoding).
pub fn record(
    text: &str,
    alphabet: Alphabet,
    way: Way,
    reading: ReadingMode,
) -> Record<Base64Record> {
    let codec = Base64::new(alphabet, Padding::Pad);
    let reading = match reading {
        ReadingMode::Strict => Reading::Strict(codec),
        ReadingMode::Lenient => Reading::Lenient,
    };
    let answer = match way {
        Way::Decode => decoded(reading, text).map(|(s, a)| base64_record(text, s, &a)),
        Way::Encode => Ok(base64_record(text, codec.encode(text.as_bytes()), &[])),
    };
    Record::from_result(text, answer)
}

/// Whether decoding is strict or lenient, for [`record`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadingMode {
    /// RFC 4648 exactly.
    Strict,
    /// What people paste.
    Lenient,
}

/// Runs `urlkit base64`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    if args.bytes && ctx.json {
        return Err(CliError::Usage(
            "--bytes writes raw bytes and cannot be combined with --json".into(),
        ));
    }
    let codec = Base64::new(
        if args.url {
            Alphabet::UrlSafe
        } else {
            Alphabet::Standard
        },
        if args.no_pad {
            Padding::Omit
        } else {
            Padding::Pad
        },
    );
    let reading = if args.lenient {
        Reading::Lenient
    } else {
        Reading::Strict(codec)
    };
    let mut out = ctx.output();
    for_each_input(&args.texts, Content::Text, &ctx.err_style(), |item| {
        if !args.decode {
            let encoded = codec.encode(item.bytes);
            return out.ok(&encoded, || {
                base64_record(&item.display(), encoded.clone(), &[])
            });
        }
        let text = match item.text() {
            Ok(t) => t,
            Err(f) => return out.fail(&item, &f),
        };
        if args.bytes {
            return match decoded_bytes(reading, text) {
                Ok((bytes, accepted)) => {
                    if !accepted.is_empty() {
                        out.note(&item, &accepted_note(&accepted))?;
                    }
                    out.ok_bytes(&bytes)
                }
                Err(f) => out.fail(&item, &f),
            };
        }
        match decoded(reading, text) {
            Ok((s, accepted)) => {
                if !accepted.is_empty() {
                    out.note(&item, &accepted_note(&accepted))?;
                }
                if out.is_json() {
                    out.json_line(&base64_record(text, s, &accepted))
                } else {
                    out.ok(&escape_controls(&s), || ())
                }
            }
            Err(f) => out.fail(&item, &f),
        }
    })?;
    let failures = out.failures();
    out.finish()?;
    Ok(Status::from_count(failures))
}
