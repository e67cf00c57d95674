//! Emits the differential corpus for every flavor together with urlkit's results, for
//! `tools/flavor-diff/run.py` to replay through the real runtimes.
//!
//! Output, one line per input: `flavor <TAB> input-hex <TAB> ok|err <TAB> result-hex`.
//! The input is hex of UTF-16 code units (4 digits each) for the flavors of languages whose
//! strings are UTF-16 or code points (JavaScript, Java, Python), hex of bytes otherwise;
//! Python's functions also take `bytes`, given as `b:` and hex of the bytes. A
//! result is hex of UTF-16 code units for JavaScript and Java, of bytes otherwise (UTF-8 for
//! text); an error's result is hex of the UTF-8 of its message.
//!
//! The corpus is deterministic: a fixed seed per flavor (`cargo run --example flavor_corpus
//! -- [SEED] [PER_FLAVOR]`).

use std::fmt::Write as _;
use std::io::{self, Write};

use urlkit::flavor::{Decoded, Direction, Flavor, Input, Language, Params};

const SEED_STRING: &str = "a b&c=d/e?f#g+h~!'()*日本";

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

#[derive(Clone, Copy, PartialEq)]
enum Model {
    Utf16,
    Bytes,
}

fn model(f: Flavor) -> Model {
    match f.language() {
        Language::Js | Language::Java | Language::Python => Model::Utf16,
        _ => Model::Bytes,
    }
}

/// A random character from the pools: ASCII, Latin-1, Japanese, combining marks, astral.
fn random_char(rng: &mut Rng) -> char {
    let p = match rng.below(100) {
        0..=39 => rng.range(0x20, 0x7E),
        40..=44 => rng.range(0x00, 0x7F),
        45..=54 => rng.range(0xA0, 0xFF),
        55..=62 => rng.range(0x3041, 0x3096),
        63..=67 => rng.range(0x30A1, 0x30FA),
        68..=77 => rng.range(0x4E00, 0x9FFF),
        78..=80 => rng.range(0xFF01, 0xFF5E),
        81..=86 => rng.range(0x0300, 0x036F),
        87..=93 => rng.range(0x1F300, 0x1FAFF),
        94..=96 => rng.range(0x20000, 0x2A6DF),
        _ => rng.range(0x0100, 0x07FF),
    };
    char::from_u32(p).unwrap_or('?')
}

/// A text input as the flavor's units: UTF-16 code units, or bytes.
#[derive(Clone)]
enum Raw {
    Utf16(Vec<u16>),
    Bytes(Vec<u8>),
}

struct Builder {
    model: Model,
    units: Vec<u16>,
    bytes: Vec<u8>,
}

impl Builder {
    fn new(model: Model) -> Builder {
        Builder {
            model,
            units: Vec::new(),
            bytes: Vec::new(),
        }
    }
    fn text(&mut self, s: &str) {
        match self.model {
            Model::Utf16 => self.units.extend(s.encode_utf16()),
            Model::Bytes => self.bytes.extend_from_slice(s.as_bytes()),
        }
    }
    fn char(&mut self, c: char) {
        let mut buf = [0u8; 4];
        self.text(c.encode_utf8(&mut buf));
    }
    /// A unit the model can hold but text cannot: a lone surrogate, or a raw byte.
    fn broken(&mut self, rng: &mut Rng) {
        match self.model {
            Model::Utf16 => self.units.push(rng.range(0xD800, 0xDFFF) as u16),
            Model::Bytes => self.bytes.push(rng.range(0x80, 0xFF) as u8),
        }
    }
    fn done(self) -> Raw {
        match self.model {
            Model::Utf16 => Raw::Utf16(self.units),
            Model::Bytes => Raw::Bytes(self.bytes),
        }
    }
}

fn esc(b: u8, lower: bool) -> String {
    if lower {
        format!("%{b:02x}")
    } else {
        format!("%{b:02X}")
    }
}

fn escapes(bytes: &[u8], lower: bool) -> String {
    bytes.iter().map(|&b| esc(b, lower)).collect()
}

/// One token of a decoder input: valid and malformed escapes, `+`, raw text.
fn decoder_token(rng: &mut Rng, b: &mut Builder) {
    let lower = rng.chance(30);
    match rng.below(100) {
        0..=14 => b.char(random_char(rng)),
        15..=24 => {
            let c = random_char(rng);
            let mut buf = [0u8; 4];
            b.text(&escapes(c.encode_utf8(&mut buf).as_bytes(), lower));
        }
        25..=34 => b.text(&esc(rng.range(0, 255) as u8, lower)),
        35..=39 => b.text(&esc(rng.range(0x20, 0x7E) as u8, lower)),
        40..=44 => b.text("+"),
        45..=49 => b.text("%"),
        50..=53 => {
            // truncated UTF-8: a multi-byte character without its last byte
            let c = char::from_u32(rng.range(0x800, 0x10FFFF)).unwrap_or('日');
            let mut buf = [0u8; 4];
            let e = c.encode_utf8(&mut buf).as_bytes();
            b.text(&escapes(&e[..e.len() - 1], lower));
        }
        54..=56 => {
            let overlong: [&[u8]; 6] = [
                b"\xC0\xAF",
                b"\xC1\xBF",
                b"\xE0\x80\xAF",
                b"\xE0\x9F\xBF",
                b"\xF0\x80\x80\xAF",
                b"\xF4\x90\x80\x80",
            ];
            b.text(&escapes(overlong[rng.below(6) as usize], lower));
        }
        57..=59 => {
            let s = rng.range(0xD800, 0xDFFF);
            let e = [
                0xED,
                0x80 | ((s >> 6) & 0x3F) as u8,
                0x80 | (s & 0x3F) as u8,
            ];
            b.text(&escapes(&e, lower));
        }
        60..=64 => {
            b.text("%");
            b.char(random_char(rng));
        }
        65..=67 => {
            b.text("%");
            b.text(&format!("{:x}", rng.below(16)));
            b.char(random_char(rng));
        }
        68..=69 => b.text(["%zz", "%g0", "%0g", "%%", "%%41"][rng.below(5) as usize]),
        70..=72 => b.text(&format!("%u{:04X}", rng.range(0, 0xFFFF))),
        73 => b.text(["%u12", "%uZZZZ", "%u"][rng.below(3) as usize]),
        74..=75 => {
            // Signs and Unicode digits, which Java's Integer.parseInt accepts.
            const ODD: [&str; 12] = [
                "%+5", "%-0", "%-5", "%+f", "%+-", "%１２", "%0０", "%٠١", "%ＡＦ", "%ｆ０", "%߀٩",
                "%-٠",
            ];
            b.text(ODD[rng.below(12) as usize]);
        }
        76..=77 => {
            b.text("%");
            b.text(["E6%97", "E6", "F0%9F%98", "F0"][rng.below(4) as usize]);
        }
        78 => b.broken(rng),
        _ => b.char(char::from(rng.range(0x21, 0x7E) as u8)),
    }
}

fn corpus(flavor: Flavor, rng: &mut Rng, per_flavor: usize) -> Vec<Raw> {
    let m = model(flavor);
    let mut out = Vec::new();
    let one = |f: &dyn Fn(&mut Builder)| {
        let mut b = Builder::new(m);
        f(&mut b);
        b.done()
    };
    out.push(one(&|b| b.text(SEED_STRING)));
    out.push(one(&|b| b.text("")));
    for s in [
        "100%",
        "%E6%97",
        "C++",
        "%E9%81%8B%e5%96%b6",
        "a%2Fb%2fc",
        "%zz",
    ] {
        out.push(one(&|b| b.text(s)));
    }
    for c in 0u8..0x80 {
        out.push(one(&|b| b.char(char::from(c))));
    }
    match m {
        Model::Bytes => {
            for byte in 0x80u8..=0xFF {
                out.push(Raw::Bytes(vec![byte]));
            }
        }
        Model::Utf16 => {
            for c in 0x80u8..=0xFF {
                out.push(one(&|b| b.char(char::from(c))));
            }
        }
    }
    let decoder = flavor.direction() == Direction::Decode;
    if flavor.language() == Language::Python {
        // Python's functions take bytes too: every single byte, and random byte strings.
        for byte in 0u8..=0xFF {
            out.push(Raw::Bytes(vec![byte]));
        }
        for _ in 0..100 {
            let mut b = Builder::new(Model::Bytes);
            for _ in 0..rng.below(8) + 1 {
                if decoder {
                    decoder_token(rng, &mut b);
                } else if rng.chance(30) {
                    b.broken(rng);
                } else {
                    b.char(random_char(rng));
                }
            }
            out.push(b.done());
        }
    }
    while out.len() < per_flavor {
        let mut b = Builder::new(m);
        let tokens = rng.below(10) + 1;
        for _ in 0..tokens {
            if decoder {
                decoder_token(rng, &mut b);
            } else if rng.chance(3) {
                b.broken(rng);
            } else {
                b.char(random_char(rng));
            }
        }
        out.push(b.done());
    }
    out
}

fn hex_bytes(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

fn hex_units(units: &[u16]) -> String {
    let mut s = String::with_capacity(units.len() * 4);
    for u in units {
        let _ = write!(s, "{u:04x}");
    }
    s
}

/// A result as the runtime's harness writes it: UTF-16 for JavaScript and Java, bytes
/// (UTF-8 for text) for the others.
fn result_hex(flavor: Flavor, text: Option<&str>, decoded: Option<&Decoded>) -> String {
    let utf16_out = matches!(flavor.language(), Language::Js | Language::Java);
    let text = text.or(match decoded {
        Some(Decoded::Text(t)) => Some(t.as_str()),
        _ => None,
    });
    match (text, decoded) {
        (Some(t), _) => {
            if utf16_out {
                hex_units(&t.encode_utf16().collect::<Vec<_>>())
            } else {
                hex_bytes(t.as_bytes())
            }
        }
        (None, Some(Decoded::Bytes(b))) => hex_bytes(b),
        (None, Some(Decoded::Utf16(u))) if utf16_out => hex_units(u),
        // A Python str with lone surrogates: the harness writes it with 'surrogatepass'.
        (None, Some(Decoded::Utf16(u))) => {
            let mut bytes = Vec::new();
            for r in char::decode_utf16(u.iter().copied()) {
                let p = r.map_or_else(|e| u32::from(e.unpaired_surrogate()), u32::from);
                match char::from_u32(p) {
                    Some(c) => bytes.extend_from_slice(c.encode_utf8(&mut [0u8; 4]).as_bytes()),
                    None => bytes.extend_from_slice(&[
                        0xE0 | (p >> 12) as u8,
                        0x80 | ((p >> 6) & 0x3F) as u8,
                        0x80 | (p & 0x3F) as u8,
                    ]),
                }
            }
            hex_bytes(&bytes)
        }
        (None, _) => String::new(),
    }
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args
        .get(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_260_529);
    let per_flavor: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2_100);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let params = Params::default();
    for (i, flavor) in Flavor::ALL.into_iter().enumerate() {
        // The signing encoders are checked against oauthlib and botocore, which live in the
        // virtual environment of scripts/checks/signing.sh, on their own generated inputs.
        if matches!(flavor.language(), Language::Oauth1 | Language::AwsSigv4) {
            continue;
        }
        let mut rng = Rng(seed ^ (0x9E37_79B9_7F4A_7C15u64.wrapping_mul(i as u64 + 1)));
        for raw in corpus(flavor, &mut rng, per_flavor) {
            let (input, input_hex) = match &raw {
                Raw::Utf16(u) => (Input::Utf16(u), hex_units(u)),
                Raw::Bytes(b) if model(flavor) == Model::Utf16 => {
                    (Input::Bytes(b), format!("b:{}", hex_bytes(b)))
                }
                Raw::Bytes(b) => (Input::Bytes(b), hex_bytes(b)),
            };
            let result = match flavor.direction() {
                Direction::Encode => flavor
                    .encode_with(input, &params)
                    .map(|s| result_hex(flavor, Some(&s), None)),
                Direction::Decode => flavor
                    .decode_with(input, &params)
                    .map(|d| result_hex(flavor, None, Some(&d))),
            };
            match result {
                Ok(hex) => writeln!(out, "{}\t{input_hex}\tok\t{hex}", flavor.name())?,
                Err(e) => writeln!(
                    out,
                    "{}\t{input_hex}\terr\t{}",
                    flavor.name(),
                    hex_bytes(e.message().as_bytes())
                )?,
            }
        }
    }
    out.flush()
}
