//! `urlkit decode`: percent-decode each input, in a mode or as another language's decoder
//! does (`--as FLAVOR`).

use urlkit::charset::repair::{decode_auto, Verdict};
use urlkit::charset::{encoding_for_label, Encoding};
use urlkit::codec::{
    decode_bytes_to_str, decode_to_bytes, DecodeError, DecodeErrorKind, DecodeMode, EncodeSet,
};
use urlkit::flavor::{Decoded, Direction, Flavor};

use super::flavors::{flavor_failure, flavor_input, python_params, PyArgs};
use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content, Failure};
use crate::style::escape_controls;
use urlkit_records::codec::{Decode, DelimiterWarning};
use urlkit_records::Record;

const AFTER_HELP: &str = "\
Modes (--mode):
  strict   a '%' not followed by two hex digits is an error, and so is a result that is not
           UTF-8; the error names the line, column and byte offset [default]
  lenient  the WHATWG URL Standard's percent-decode: a malformed '%' stays as it is, bytes
           that are not UTF-8 become U+FFFD
  form     application/x-www-form-urlencoded: '+' is a space, then lenient

Flavors (--as): another language's decoder, byte for byte, failures included
(`urlkit flavors` lists them):
  js.decodeURIComponent js.decodeURI js.unescape
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

Whole URLs: when the input has a scheme and decoding turns an escaped delimiter (%26 %2F %3F
%23 %3D %2B %25 ...) into a real one, the result is a different URL (a new query parameter, a
new path segment); a warning on stderr names the escapes. `urlkit normalize --to iri` makes a
URL readable and keeps those escaped.

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
    /// How to treat '+' and malformed escapes.
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
    /// Strict.
    Strict,
    /// Lenient (WHATWG).
    Lenient,
    /// Form.
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

/// The CLI form of a library decode error.
pub fn failure_of(e: &DecodeError) -> Failure {
    let message = match e.kind() {
        DecodeErrorKind::MalformedEscape => {
            "malformed percent-escape: '%' must be followed by two hex digits".to_owned()
        }
        DecodeErrorKind::InvalidUtf8 => {
            "the decoded bytes are not valid UTF-8 (use --mode lenient for U+FFFD, or --bytes)"
                .to_owned()
        }
        _ => e.to_string(),
    };
    Failure::at(e.kind().name(), e.offset(), message)
}

/// The bytes whose escape, once decoded, can change what a URL means: RFC 3986's reserved
/// characters (gen-delims and sub-delims, §2.2) and `%` itself (§2.4: decoding `%25` twice
/// decodes data).
const DELIMITERS: EncodeSet = {
    use urlkit::codec::sets::{PCHAR, RFC3986_QUERY, UNRESERVED};
    // sub-delims, ':' and '@' (what pchar keeps beyond unreserved), '/' and '?' (what a query
    // keeps beyond pchar), then the gen-delims no component keeps raw, and '%'.
    UNRESERVED
        .difference(PCHAR)
        .union(PCHAR.difference(RFC3986_QUERY))
        .add_all(b"#[]%")
};

/// When `input` looks like a whole URL (it has a scheme), the escapes of delimiters in it, in
/// order of first appearance, with how often each occurs: decoding them gives a URL that
/// means something else (`%26` becomes a new query parameter).
fn escaped_delimiters(input: &[u8]) -> Vec<(u8, usize)> {
    let mut found: Vec<(u8, usize)> = Vec::new();
    for i in memchr::memchr_iter(b'%', input) {
        let Some(byte) = urlkit::codec::escape_at(input, i) else {
            continue;
        };
        if DELIMITERS.contains(byte) {
            match found.iter_mut().find(|(b, _)| *b == byte) {
                Some((_, n)) => *n += 1,
                None => found.push((byte, 1)),
            }
        }
    }
    // Whether it is a whole URL (UTF-8 text with a scheme) is asked last: most lines have no
    // escaped delimiter, and the scan costs less than a check and a parse.
    let is_url = |input| {
        std::str::from_utf8(input)
            .is_ok_and(|text| urlkit::uri::parse(text).is_ok_and(|u| u.scheme().is_some()))
    };
    if !found.is_empty() && !is_url(input) {
        found.clear();
    }
    found
}

/// The `warning` field of a JSON record, when escaped delimiters were found.
fn delimiter_record(found: &[(u8, usize)]) -> Option<DelimiterWarning> {
    if found.is_empty() {
        return None;
    }
    let escapes = found.iter().map(|&(b, _)| format!("%{b:02X}")).collect();
    Some(DelimiterWarning::new(escapes, delimiter_warning(found)))
}

/// The warning for [`escaped_delimiters`].
fn delimiter_warning(found: &[(u8, usize)]) -> String {
    let list: Vec<String> = found
        .iter()
        .map(|&(b, n)| {
            let times = if n == 1 {
                String::new()
            } else {
                format!(" ({n} times)")
            };
            format!("%{b:02X} as '{}'{times}", char::from(b))
        })
        .collect();
    format!(
        "decoding this URL turned escaped delimiters into real ones: {}; the result is a \
         different URL. `urlkit normalize --to iri` makes it readable and keeps them escaped",
        list.join(", ")
    )
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
        let found = escaped_delimiters(item.bytes);
        if args.bytes {
            match decode_to_bytes(item.bytes, mode) {
                Ok(bytes) => {
                    if !found.is_empty() {
                        out.warn(&item, &delimiter_warning(&found))?;
                    }
                    out.ok_bytes(&bytes)
                }
                Err(e) => out.fail(&item, &failure_of(&e)),
            }
        } else {
            match decode_bytes_to_str(item.bytes, mode) {
                Ok(text) => {
                    if !found.is_empty() {
                        out.warn(&item, &delimiter_warning(&found))?;
                    }
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

/// `urlkit decode --json` (strict, lenient or form) for one text, for `urlkit serve`: the
/// record, with the `warning` field when escaped delimiters became real ones.
pub fn record(text: &str, mode: DecodeMode) -> Record<Decode> {
    let decoded = decode_bytes_to_str(text.as_bytes(), mode)
        .map(|out| Decode {
            warning: delimiter_record(&escaped_delimiters(text.as_bytes())),
            ..Decode::new(text, out.as_ref())
        })
        .map_err(|e| failure_of(&e));
    Record::from_result(text, decoded)
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
        let record = || Decode {
            charset: Some(name),
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
