//! `urlkit decode`: percent-decode each input, in a mode or as another language's decoder
//! does (`--as FLAVOR`).

use urlkit::charset::repair::{decode_auto, Verdict};
use urlkit::charset::{encoding_for_label, Encoding};
use urlkit::codec::{
    decode_bytes_to_str, decode_to_bytes, decoded_delimiters, DecodeMode, DecodedDelimiters,
};
use urlkit::flavor::{Decoded, Direction, Flavor};

use super::flavors::{flavor_failure, flavor_input, python_params, PyArgs};
use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content, Failure, Item};
use crate::style::escape_controls;
use urlkit_records::codec::{decode_failure as failure_of, delimiter_record, Decode};

const AFTER_HELP: &str = "\
Modes (--mode), and what each does with '+':
  strict   a '%' not followed by two hex digits is an error, and so is a result that is not
           UTF-8; the error names the line, column and byte offset; '+' stays '+' [default]
  lenient  the WHATWG URL Standard's percent-decode: a malformed '%' stays as it is, bytes
           that are not UTF-8 become U+FFFD; '+' stays '+' (as decodeURIComponent and
           Python's unquote keep it)
  form     application/x-www-form-urlencoded: '+' is a space, then lenient (as
           URLSearchParams, unquote_plus, PHP urldecode and Go QueryUnescape read a query)

Flavors (--as): another language's decoder, byte for byte, failures included
(`urlkit flavors` lists them):
  js.decodeURIComponent js.decodeURI js.unescape js.URLSearchParams (= js.URLSearchParams.get)
  python.unquote python.unquote_plus python.unquote_to_bytes   (--encoding, --errors apply)
  php.urldecode php.rawurldecode go.QueryUnescape go.PathUnescape java.URLDecoder
  ruby.CGI.unescape perl.uri_unescape

Charsets (--charset): the decoded bytes are read in a WHATWG charset instead of UTF-8
(shift_jis, euc-jp, gbk, big5, euc-kr, windows-1252, ... any label of the Encoding Standard);
`auto` keeps UTF-8 when the bytes are UTF-8 and otherwise picks the one legacy reading that
`urlkit repair` would take, saying so on stderr; an ambiguous reading is an error that lists
the candidates.

Control characters: decoded C0 controls (CR, LF, NUL, ...), DEL and C1 controls are never
written raw in text output, since they would split a record or reach the terminal; they are
shown as \\xHH (or \\u{HH}). --json carries them exactly (JSON-escaped); --bytes writes the
raw decoded bytes.

Escaped delimiters: when decoding turns an escaped delimiter into a real one, the result
means something else, and a warning on stderr names the escapes (--json: \"warning\"):
  a URL (a scheme, or //)   every reserved character: %26 %2F %3F %23 %3D %2B %25 ...
                            (`urlkit normalize --to iri` makes a URL readable and keeps them)
  a path (a raw '/')        %2F %3F %23 %25: '/a%2Fb/' decodes to '/a/b/', a new segment
  a query (?, or '=' '&')   %26 %3D %2B %23 %25: 'q=C%2B%2B' decodes to 'q=C++', read as 'C  '
A plain value ('a%2Fb', 'C%2B%2B') is data: decoding it is what it is for, and gets none.

A bad input gets an empty output line (so output lines stay aligned with input lines), a
message on stderr, and exit status 1; the other inputs are still decoded.

Examples:
  urlkit decode '%E9%81%8B%e5%96%b6'          運営
  urlkit decode '100%'                        error: column 4 (byte 3), exit 1
  urlkit decode --mode lenient '100%'         100%
  urlkit decode --mode form 'q=C%2B%2B+20'    q=C++ 20
  urlkit decode --bytes '%83%5E' | xxd        raw Shift_JIS bytes
  urlkit decode --charset shift_jis '%83%5E'  タ
  urlkit decode --charset auto '%8AO%91%95%95s%97%C7'   外装不良 (Shift_JIS, said on stderr)
  urlkit decode --as js.decodeURIComponent '100%'   error: URIError: URI malformed, exit 1
  urlkit decode --as python.unquote '100%'    100%";

/// Arguments of `urlkit decode`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// How to treat '+' and malformed escapes: strict and lenient keep '+', form reads it as
    /// a space.
    #[arg(long, value_enum, default_value_t = ModeArg::Strict)]
    mode: ModeArg,
    /// Decode as another language's function does (see `urlkit flavors`).
    #[arg(long = "as", value_parser = super::values::FlavorParser(Direction::Decode), value_name = "FLAVOR", conflicts_with = "mode")]
    flavor: Option<Flavor>,
    #[command(flatten)]
    py: PyArgs,
    /// Write the decoded bytes raw (no UTF-8 check, no escaping of control characters).
    #[arg(long, conflicts_with = "charset")]
    bytes: bool,
    /// Read the decoded bytes in this charset (a WHATWG label), or `auto` to detect it.
    #[arg(long, value_parser = parse_charset, value_name = "CHARSET", conflicts_with = "flavor")]
    charset: Option<CharsetArg>,
    /// Texts to decode; stdin, one per line, when none is given.
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
}

/// `--mode` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    /// A malformed '%' or bytes that are not UTF-8 are errors; '+' stays '+'.
    Strict,
    /// WHATWG percent-decode: a malformed '%' stays, bad UTF-8 becomes U+FFFD; '+' stays '+'.
    Lenient,
    /// application/x-www-form-urlencoded: '+' is a space, then lenient.
    Form,
}

impl From<ModeArg> for DecodeMode {
    fn from(m: ModeArg) -> DecodeMode {
        match m {
            ModeArg::Strict => DecodeMode::Strict,
            ModeArg::Lenient => DecodeMode::Lenient,
            ModeArg::Form => DecodeMode::Form,
        }
    }
}

/// `--charset` values.
#[derive(Clone, Copy, Debug)]
pub enum CharsetArg {
    /// Detect: UTF-8, or the one legacy reading that remains.
    Auto,
    /// This charset.
    Named(&'static Encoding),
}

fn parse_charset(s: &str) -> Result<CharsetArg, String> {
    if s.eq_ignore_ascii_case("auto") {
        return Ok(CharsetArg::Auto);
    }
    encoding_for_label(s).map(CharsetArg::Named).ok_or_else(|| {
        format!("unknown charset '{s}': use auto or a WHATWG label (shift_jis, euc-jp, gbk, big5, euc-kr, windows-1252, ...)")
    })
}

/// Says `found` on stderr, when there is something to say.
fn warn_delimiters(
    out: &mut crate::records::Output,
    item: &Item<'_>,
    found: &Option<DecodedDelimiters>,
) -> std::io::Result<()> {
    match found {
        Some(f) => out.warn(item, &f.message()),
        None => Ok(()),
    }
}

/// Runs `urlkit decode`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    if args.bytes && ctx.json {
        return Err(CliError::Usage(
            "--bytes writes raw bytes and cannot be combined with --json".into(),
        ));
    }
    if let Some(flavor) = args.flavor {
        return run_flavor(flavor, args, ctx);
    }
    if args.py.is_set() {
        return Err(CliError::Usage(
            "--encoding and --errors are Python's arguments: use them with --as python.*".into(),
        ));
    }
    let mode = DecodeMode::from(args.mode);
    if let Some(charset) = args.charset {
        return run_charset(charset, mode, args, ctx);
    }
    let mut out = ctx.output();
    for_each_input(&args.texts, Content::Text, &ctx.err_style(), |item| {
        let found = decoded_delimiters(item.bytes);
        if args.bytes {
            match decode_to_bytes(item.bytes, mode) {
                Ok(bytes) => {
                    warn_delimiters(&mut out, &item, &found)?;
                    out.ok_bytes(&bytes)
                }
                Err(e) => out.fail(&item, &failure_of(&e)),
            }
        } else {
            match decode_bytes_to_str(item.bytes, mode) {
                Ok(text) => {
                    warn_delimiters(&mut out, &item, &found)?;
                    let record = || Decode {
                        warning: delimiter_record(&found),
                        ..Decode::new(item.display(), text.as_ref())
                    };
                    if out.is_json() {
                        out.ok(&text, record)
                    } else {
                        out.ok(&escape_controls(&text), record)
                    }
                }
                Err(e) => out.fail(&item, &failure_of(&e)),
            }
        }
    })?;
    let failures = out.finish()?;
    Ok(Status::from_count(failures))
}

/// `urlkit decode --charset CHARSET`.
fn run_charset(charset: CharsetArg, mode: DecodeMode, args: &Args, ctx: &Ctx) -> CmdResult {
    let mut out = ctx.output();
    let err_style = ctx.err_style();
    for_each_input(&args.texts, Content::Text, &err_style, |item| {
        let bytes = match decode_to_bytes(item.bytes, mode) {
            Ok(b) => b,
            Err(e) => return out.fail(&item, &failure_of(&e)),
        };
        let (text, name) = match charset {
            CharsetArg::Named(encoding) => {
                match encoding.decode_without_bom_handling_and_without_replacement(&bytes) {
                    Some(t) => (t.into_owned(), encoding.name()),
                    None => {
                        let message = format!(
                            "the decoded bytes are not valid {} (try --charset auto)",
                            encoding.name()
                        );
                        return out.fail(&item, &Failure::new("invalid-charset-bytes", message));
                    }
                }
            }
            CharsetArg::Auto => {
                let d = decode_auto(&bytes);
                match (d.text, d.charset) {
                    (Some(t), Some(name)) => {
                        if name != "UTF-8" {
                            use std::io::Write;
                            out.writer().flush()?;
                            writeln!(
                                std::io::stderr().lock(),
                                "{}: {}: detected {name} (a guess: --charset {name} to be sure)",
                                err_style.dim("decode"),
                                item.origin.describe()
                            )?;
                        }
                        (t, name)
                    }
                    _ => {
                        let kept: Vec<String> = d
                            .candidates
                            .iter()
                            .filter(|c| c.kept || d.verdict == Verdict::Ambiguous)
                            .take(4)
                            .map(|c| format!("{} {:?}", c.charset, c.texts.join(" ")))
                            .collect();
                        let why = d
                            .steps
                            .first()
                            .map(|s| s.to_string())
                            .unwrap_or_else(|| "no reading remains".to_owned());
                        let message = if kept.is_empty() {
                            format!("no charset reads these bytes: {why}")
                        } else {
                            format!(
                                "the charset is ambiguous ({}): {why}; name one with --charset",
                                kept.join(", ")
                            )
                        };
                        let kind = if d.verdict == Verdict::None {
                            "no-charset"
                        } else {
                            "ambiguous-charset"
                        };
                        return out.fail(&item, &Failure::new(kind, escape_controls(&message)));
                    }
                }
            }
        };
        let found = decoded_delimiters(item.bytes);
        warn_delimiters(&mut out, &item, &found)?;
        let record = || Decode {
            charset: Some(name),
            warning: delimiter_record(&found),
            ..Decode::new(item.display(), text.as_str())
        };
        if out.is_json() {
            out.ok(&text, record)
        } else {
            out.ok(&escape_controls(&text), record)
        }
    })?;
    let failures = out.finish()?;
    Ok(Status::from_count(failures))
}

/// `urlkit decode --as FLAVOR`.
fn run_flavor(flavor: Flavor, args: &Args, ctx: &Ctx) -> CmdResult {
    if args.bytes && ctx.json {
        return Err(CliError::Usage(
            "--bytes writes raw bytes and cannot be combined with --json".into(),
        ));
    }
    let params = python_params(flavor, None, &args.py)?;
    let mut out = ctx.output();
    for_each_input(&args.texts, Content::Text, &ctx.err_style(), |item| {
        let decoded = match flavor.decode_with(flavor_input(item.bytes), &params) {
            Ok(d) => d,
            Err(e) => return out.fail(&item, &flavor_failure(&e)),
        };
        let found = flavor.decoded_delimiters(item.bytes);
        warn_delimiters(&mut out, &item, &found)?;
        if args.bytes {
            return match &decoded {
                Decoded::Bytes(b) => out.ok_bytes(b),
                other => out.ok_bytes(other.to_string_lossy().as_bytes()),
            };
        }
        let text = decoded.to_string_lossy();
        // The exact result, which text cannot hold: bytes, or UTF-16 code units.
        let record = || {
            let mut r = Decode {
                flavor: Some(flavor.name()),
                warning: delimiter_record(&found),
                ..Decode::new(item.display(), text.as_str())
            };
            match &decoded {
                Decoded::Bytes(b) if !decoded.is_text() => {
                    r.bytes_hex = Some(b.iter().map(|b| format!("{b:02x}")).collect());
                }
                Decoded::Utf16(u) if !decoded.is_text() => {
                    r.utf16_hex = Some(u.iter().map(|u| format!("{u:04x}")).collect());
                }
                _ => {}
            }
            r
        };
        if out.is_json() {
            out.ok(&text, record)
        } else {
            out.ok(&escape_controls(&text), record)
        }
    })?;
    let failures = out.finish()?;
    Ok(Status::from_count(failures))
}
