//! `urlkit encode`: percent-encode each input with a named set, or as another language's
//! encoder does (`--as FLAVOR`).

use urlkit::codec::sets::NamedSet;
use urlkit::codec::{EncodeWarning, EncodeWarningKind, Encoder, HexCase};
use urlkit::flavor::{Direction, Escaped, Flavor};

use super::flavors::{flavor_failure, flavor_input, python_params, PyArgs};
use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content, Failure, Item, Output};
use urlkit_records::codec::{warning_message, warning_records, Encode};

const AFTER_HELP: &str = "\
Sets (--set):
  unreserved    everything but A-Z a-z 0-9 - . _ ~ (RFC 3986 §2.3; PHP rawurlencode) [default]
  component     WHATWG component set = JavaScript encodeURIComponent
  path, query, special-query, fragment, userinfo, c0
                the WHATWG URL Standard's percent-encode sets
  form          application/x-www-form-urlencoded: space as '+' (HTML forms, URLSearchParams)
  pchar         everything but RFC 3986 pchar (keeps sub-delims : @)
  path-segment  pchar with ':' encoded too: safe for any one path segment
  attr-char     everything but RFC 8187 attr-char (Content-Disposition filename*)

Flavors (--as): another language's encoder, byte for byte (`urlkit flavors` lists them):
  js.encodeURIComponent js.encodeURI js.escape js.URLSearchParams js.encodeRFC3986URIComponent
  python.quote python.quote_plus python.urlencode   (--safe, --encoding, --errors apply)
  php.urlencode php.rawurlencode php.http_build_query go.QueryEscape go.PathEscape
  java.URLEncoder ruby.CGI.escape ruby.URI.encode_www_form_component
  ruby.ERB::Util.url_encode perl.uri_escape_utf8

Warnings: input that already holds valid %XX escapes is said on stderr (encoding it again
gives %25XX, the double encoding of RFC 3986 §2.4), and so is a whole URL given as one
component (https%3A%2F%2F... is no URL); the exit status stays 0 and --json carries them in
\"warnings\". --once keeps valid escapes as they are and encodes the rest, as a browser's URL
parser does.

Examples:
  urlkit encode '東京 カフェ'                 %E6%9D%B1%E4%BA%AC%20%E3%82%AB%E3%83%95%E3%82%A7
  urlkit encode --set form '東京 カフェ'      %E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7
  urlkit encode --set component 'a/b?c'      a%2Fb%3Fc
  urlkit encode --safe '/' '/運営者情報/'     /%E9%81%8B%E5%96%B6%E8%80%85%E6%83%85%E5%A0%B1/
  urlkit encode --lower 運                   %e9%81%8b
  urlkit encode --once '%E6%97%A5 日'         %E6%97%A5%20%E6%97%A5
  urlkit encode --escapes --as js.encodeURIComponent '\\uD800'   URIError: URI malformed
  urlkit encode --escapes --as php.urlencode '\\xFF'             %FF
  urlkit encode --as php.urlencode 'a b~'    a+b%7E
  urlkit encode --as python.quote --safe '' '/a b'   %2Fa%20b
  urlkit encode < slugs.txt                  one line out per line in";

/// Arguments of `urlkit encode`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The encode set.
    #[arg(long, default_value = "unreserved", value_parser = super::values::named::<NamedSet>(), value_name = "NAME")]
    set: NamedSet,
    /// Encode as another language's function does (see `urlkit flavors`).
    #[arg(long = "as", value_parser = super::values::FlavorParser(Direction::Encode), value_name = "FLAVOR", conflicts_with_all = ["set", "lower"])]
    flavor: Option<Flavor>,
    /// ASCII characters to keep as they are, removed from the set (like Python's `safe`; with
    /// --as python.*, Python's own `safe` argument).
    #[arg(long, value_name = "CHARS")]
    safe: Option<String>,
    /// Write hex digits in lowercase (%e9) instead of uppercase (%E9).
    #[arg(long)]
    lower: bool,
    /// Keep valid %XX escapes as they are and encode only the rest (idempotent: encoding
    /// the output again changes nothing).
    #[arg(long, conflicts_with = "flavor")]
    once: bool,
    /// Read \uXXXX, \u{X...}, \xHH and \\ in each text, so that a lone surrogate (\uD800)
    /// or a raw byte (\xFF) can be given to a flavor.
    #[arg(long)]
    escapes: bool,
    #[command(flatten)]
    py: PyArgs,
    /// Texts to encode; stdin, one per line, when none is given.
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
}

/// Runs `urlkit encode`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    if let Some(flavor) = args.flavor {
        return run_flavor(flavor, args, ctx);
    }
    if args.py.is_set() {
        return Err(CliError::Usage(
            "--encoding and --errors are Python's arguments: use them with --as python.*".into(),
        ));
    }
    let mut encoder = args.set.encoder();
    if let Some(safe) = &args.safe {
        if let Some(c) = safe.chars().find(|c| !c.is_ascii()) {
            return Err(CliError::Usage(format!(
                "--safe takes ASCII characters only; '{c}' is not (non-ASCII text is always \
                 encoded as UTF-8 bytes)"
            )));
        }
        let set = encoder.set().remove_all(safe.as_bytes());
        encoder = Encoder::new(set).space(encoder.space_mode());
    }
    if args.lower {
        encoder = encoder.hex(HexCase::Lower);
    }
    let mut out = ctx.output();
    let mut buf = String::new();
    for_each_input(&args.texts, Content::Text, &ctx.err_style(), |item| {
        buf.clear();
        let escaped = if args.escapes {
            match escaped(&item) {
                Ok(Escaped::Utf16(_)) => {
                    let f = Failure::new(
                        "lone-surrogate",
                        "a lone surrogate has no UTF-8 form, so no set can encode it; \
                         --as FLAVOR shows what each language does with it",
                    );
                    return out.fail(&item, &f);
                }
                Ok(e) => Some(e),
                Err(f) => return out.fail(&item, &f),
            }
        } else {
            None
        };
        let bytes: &[u8] = match &escaped {
            Some(Escaped::Text(t)) => t.as_bytes(),
            Some(Escaped::Bytes(b)) => b,
            _ => item.bytes,
        };
        let mut warnings = encoder.warnings(bytes);
        if args.once {
            buf.push_str(&encoder.encode_once_bytes(bytes));
            warnings.retain(|w| w.kind() != EncodeWarningKind::AlreadyEncoded);
        } else {
            encoder.encode_bytes_into(bytes, &mut buf);
        }
        let record = || Encode::with_set(item.display(), buf.as_str(), args.set.name());
        write_warned(&mut out, &item, &buf, record, &warnings)
    })?;
    // Only --escapes can fail an input here.
    let failures = out.finish()?;
    Ok(Status::from_count(failures))
}

/// `urlkit encode --as FLAVOR`.
fn run_flavor(flavor: Flavor, args: &Args, ctx: &Ctx) -> CmdResult {
    debug_assert_eq!(flavor.direction(), Direction::Encode);
    let params = python_params(flavor, args.safe.as_deref(), &args.py)?;
    let mut out = ctx.output();
    for_each_input(&args.texts, Content::Text, &ctx.err_style(), |item| {
        let escaped = if args.escapes {
            match escaped(&item) {
                Ok(e) => Some(e),
                Err(f) => return out.fail(&item, &f),
            }
        } else {
            None
        };
        let input = escaped
            .as_ref()
            .map_or_else(|| flavor_input(item.bytes), Escaped::input);
        match flavor.encode_with(input, &params) {
            Ok(text) => {
                let record = || Encode::with_flavor(item.display(), text.as_str(), flavor.name());
                let warnings = flavor.encode_warnings(item.bytes);
                write_warned(&mut out, &item, &text, record, &warnings)
            }
            // An escaped input's offsets count its own units, not the text's bytes.
            Err(e) if escaped.is_some() => {
                out.fail(&item, &Failure::new(e.kind().name(), e.message()))
            }
            Err(e) => out.fail(&item, &flavor_failure(&e)),
        }
    })?;
    let failures = out.finish()?;
    Ok(Status::from_count(failures))
}

/// Writes one record and its warnings: on stderr, and in the JSON record's `warnings` (the
/// record is made only in JSON mode).
fn write_warned(
    out: &mut Output,
    item: &Item<'_>,
    text: &str,
    record: impl FnOnce() -> Encode,
    warnings: &[EncodeWarning],
) -> std::io::Result<()> {
    for w in warnings {
        out.warn(item, &warning_message(w))?;
    }
    out.ok(text, || Encode {
        warnings: warning_records(warnings),
        ..record()
    })
}

/// The item's text read with `--escapes`, or why it cannot be.
pub fn escaped(item: &Item<'_>) -> Result<Escaped, Failure> {
    let text = item.text()?;
    Escaped::parse(text).map_err(|e| Failure::at(e.kind().name(), e.offset(), e.to_string()))
}
