//! `urlkit base64`: base64 and base64url (RFC 4648 §4, §5), strict.

use urlkit::base64::{Alphabet, Base64, Padding};
use urlkit_records::{Record, Text};

use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content, Failure};
use crate::style::escape_controls;

const AFTER_HELP: &str = "\
Encodes each input's bytes (UTF-8 text as given), or decodes with --decode. Decoding is
strict: only the alphabet, padding exactly as asked (--no-pad forbids it), no whitespace,
canonical last character; errors give the byte offset. base64url (--url) uses - and _ for
+ and /, so the result goes into a URL without percent-encoding.

Examples:
  urlkit base64 'こんにちは'                  44GT44KT44Gr44Gh44Gv
  urlkit base64 --url --no-pad '??>'        Pz8-
  urlkit base64 --decode 'Zm9vYmFy'         foobar
  urlkit base64 --decode --url 'Pz8-'       ??>
  urlkit base64 --decode 'Zm9v YmFy'        error: column 5 (byte 4): a character outside the alphabet";

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
    /// Texts; stdin, one per line, when none is given.
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
}

fn decode_failure(e: &urlkit::base64::Base64Error) -> Failure {
    Failure::at(e.kind().name(), e.offset(), e.description())
}

/// `text` decoded as text, or why not.
fn decoded(codec: Base64, text: &str) -> Result<String, Failure> {
    let bytes = codec.decode(text).map_err(|e| decode_failure(&e))?;
    String::from_utf8(bytes).map_err(|_| {
        Failure::new(
            "not-utf8",
            "the decoded bytes are not UTF-8 text (use --bytes for the raw bytes)",
        )
    })
}

/// Which way `urlkit base64` goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// Text to Base64.
    Encode,
    /// Base64 to text (`--decode`).
    Decode,
}

/// `urlkit base64 [--url] [--decode] --json TEXT` for one text, for `urlkit serve`.
pub fn record(text: &str, alphabet: Alphabet, way: Way) -> Record<Text> {
    let codec = Base64::new(alphabet, Padding::Pad);
    let output = match way {
        Way::Decode => decoded(codec, text),
        Way::Encode => Ok(codec.encode(text.as_bytes())),
    };
    Record::from_result(text, output.map(|o| Text::new(text, o)))
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
    let mut out = ctx.output();
    for_each_input(&args.texts, Content::Text, &ctx.err_style(), |item| {
        if !args.decode {
            let encoded = codec.encode(item.bytes);
            return out.ok(&encoded, || Text::new(item.display(), encoded.as_str()));
        }
        let text = match item.text() {
            Ok(t) => t,
            Err(f) => return out.fail(&item, &f),
        };
        if args.bytes {
            return match codec.decode(text) {
                Ok(bytes) => out.ok_bytes(&bytes),
                Err(e) => out.fail(&item, &decode_failure(&e)),
            };
        }
        match decoded(codec, text) {
            Ok(s) if out.is_json() => out.json_line(&Text::new(text, s)),
            Ok(s) => out.ok(&escape_controls(&s), || ()),
            Err(f) => out.fail(&item, &f),
        }
    })?;
    let failures = out.failures();
    out.finish()?;
    Ok(Status::from_count(failures))
}
