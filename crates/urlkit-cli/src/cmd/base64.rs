//! `urlkit base64`: base64 and base64url (RFC 4648 §4, §5), strict, or lenient with
//! `--lenient`.

use urlkit::base64::{Alphabet, Base64, Padding};

use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content};
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
  urlkit base64 --decode 'Zm9v YmFy'        error: column 5 (byte 4): a character outside
                                            the alphabet
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

use urlkit_records::base64::{accepted_note, base64_record, decoded, decoded_bytes, Reading};

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
