//! `urlkit decode`: percent-decode each input.

use serde_json::Map;
use urlkit::codec::{
    decode_bytes_to_str, decode_to_bytes, DecodeError, DecodeErrorKind, DecodeMode,
};

use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_input, Failure};
use crate::style::escape_controls;

const AFTER_HELP: &str = "\
Modes (--mode):
  strict   a '%' not followed by two hex digits is an error, and so is a result that is not
           UTF-8; the error names the line, column and byte offset [default]
  lenient  the WHATWG URL Standard's percent-decode: a malformed '%' stays as it is, bytes
           that are not UTF-8 become U+FFFD
  form     application/x-www-form-urlencoded: '+' is a space, then lenient

Control characters: decoded C0 controls (CR, LF, NUL, ...), DEL and C1 controls are never
written raw in text output, since they would split a record or reach the terminal; they are
shown as \\xHH (or \\u{HH}). --json carries them exactly (JSON-escaped); --bytes writes the
raw decoded bytes.

A bad input gets an empty output line (so output lines stay aligned with input lines), a
message on stderr, and exit status 1; the other inputs are still decoded.

Examples:
  urlkit decode '%E9%81%8B%e5%96%b6'          運営
  urlkit decode '100%'                        error: column 4 (byte 3), exit 1
  urlkit decode --mode lenient '100%'         100%
  urlkit decode --mode form 'q=C%2B%2B+20'    q=C++ 20
  urlkit decode --bytes '%83%5E' | xxd        raw Shift_JIS bytes";

/// Arguments of `urlkit decode`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// How to treat '+' and malformed escapes.
    #[arg(long, value_enum, default_value_t = ModeArg::Strict)]
    mode: ModeArg,
    /// Write the decoded bytes raw (no UTF-8 check, no escaping of control characters).
    #[arg(long)]
    bytes: bool,
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

/// Runs `urlkit decode`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    if args.bytes && ctx.json {
        return Err(CliError::Usage(
            "--bytes writes raw bytes and cannot be combined with --json".into(),
        ));
    }
    let mode = DecodeMode::from(args.mode);
    let mut out = ctx.output();
    for_each_input(&args.texts, |item| {
        if args.bytes {
            match decode_to_bytes(item.bytes, mode) {
                Ok(bytes) => out.ok_bytes(&bytes),
                Err(e) => out.fail(&item, &failure_of(&e)),
            }
        } else {
            match decode_bytes_to_str(item.bytes, mode) {
                Ok(text) if out.is_json() => out.ok(&item, &text, Map::new()),
                Ok(text) => out.ok(&item, &escape_controls(&text), Map::new()),
                Err(e) => out.fail(&item, &failure_of(&e)),
            }
        }
    })?;
    let failures = out.finish()?;
    Ok(Status::from_count(failures))
}
