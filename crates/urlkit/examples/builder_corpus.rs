//! Emits generated parameter lists and what each builder flavor (`urlkit::build::QueryFlavor`)
//! writes for them, and generated URL edits, for `tools/builder-diff/run.py` to replay through
//! the real runtimes (`scripts/checks/builders.sh`).
//!
//! Output, one case per line:
//! - `flavor <TAB> pairs <TAB> query`: `pairs` is `khex:vhex` items (hex of UTF-8) joined by
//!   `,` (empty for no pair), `query` urlkit's serialization;
//! - `edit <TAB> ops <TAB> base-hex`: one URL edit for the browser-rewrite check; `ops` is
//!   `r:khex` (remove), `s:khex:vhex` (set), `a:khex:vhex` (append) items joined by `,`, in the
//!   order `urlkit build` applies them; consecutive edits share their ops in groups of 50, so
//!   that each group is one `urlkit build` process over a list of URLs.
//!
//! Keys come from a small pool often, so that lists repeat keys and need sorting; values
//! and keys reach every ASCII punctuation character, space, `+`, `%`, controls, empty strings
//! and non-ASCII text (Latin-1, Japanese, emoji). Deterministic: `cargo run --example
//! builder_corpus -- [SEED] [PER_FLAVOR] [EDITS]`.

use std::fmt::Write as _;
use std::io::{self, Write};

use urlkit::build::{QueryFlavor, UrlBuilder};

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const PUNCTUATION: &[u8] = b"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const KEYS: [&str; 16] = [
    "a", "b", "B", "q", "tag", "a b", "a[b]", "k[]", "0", "10", "", "~", "a+b", "%", "日本", "é",
];

fn random_char(rng: &mut Rng) -> char {
    let p = match rng.below(100) {
        0..=29 => rng.range(0x30, 0x7A),
        30..=59 => u32::from(PUNCTUATION[rng.below(PUNCTUATION.len() as u64) as usize]),
        60..=67 => 0x20,
        68..=71 => rng.range(0x01, 0x1F),
        72..=77 => rng.range(0xA0, 0xFF),
        78..=85 => rng.range(0x3041, 0x30FA),
        86..=91 => rng.range(0x4E00, 0x9FFF),
        92..=95 => rng.range(0x1F300, 0x1FAFF),
        _ => rng.range(0x0100, 0x07FF),
    };
    char::from_u32(p).unwrap_or('\u{FFFD}')
}

fn random_string(rng: &mut Rng, max: u64) -> String {
    if rng.chance(20) {
        return String::new();
    }
    (0..=rng.below(max)).map(|_| random_char(rng)).collect()
}

fn key(rng: &mut Rng) -> String {
    if rng.chance(60) {
        KEYS[rng.below(KEYS.len() as u64) as usize].to_owned()
    } else {
        random_string(rng, 6)
    }
}

fn hex(s: &str) -> String {
    s.bytes().fold(String::new(), |mut h, b| {
        let _ = write!(h, "{b:02x}");
        h
    })
}

fn pairs(rng: &mut Rng) -> Vec<(String, String)> {
    let n = match rng.below(10) {
        0 => 0,
        1..=2 => 1,
        _ => rng.below(8) + 2,
    };
    (0..n).map(|_| (key(rng), random_string(rng, 8))).collect()
}

/// A query the browser and urlkit both take (urlkit refuses a malformed `%`, so none): escapes
/// (lowercase, of `%`, `=`, `&`, of bytes that are not UTF-8), `+`, empty pieces, pieces
/// without `=`, raw non-ASCII text and ASCII punctuation other than `#`.
fn query(rng: &mut Rng) -> String {
    const TOKENS: [&str; 24] = [
        "%20",
        "+",
        "%2B",
        "%zz",
        "%",
        "%e6%97%a5",
        "%E6",
        "%FF",
        "=",
        "&",
        "&&",
        "~",
        "*",
        "'",
        "!",
        "(",
        ")",
        ";",
        ",",
        "/",
        "?",
        "@",
        "日本",
        "%7E",
    ];
    let mut q = String::new();
    for _ in 0..rng.below(6) {
        if !q.is_empty() {
            q.push('&');
        }
        q.push_str(KEYS[rng.below(6) as usize]);
        if rng.chance(80) {
            q.push('=');
        }
        for _ in 0..rng.below(4) {
            if rng.chance(50) {
                q.push_str(TOKENS[rng.below(TOKENS.len() as u64) as usize]);
            } else {
                q.push(char::from(b"abcXYZ019-._"[rng.below(12) as usize]));
            }
        }
    }
    q
}

fn base(rng: &mut Rng) -> String {
    const PATHS: [&str; 3] = ["/", "/p", "/a/b%20c"];
    loop {
        let mut url = format!("https://example.com{}", PATHS[rng.below(3) as usize]);
        match rng.below(10) {
            0 => {}
            1 => url.push('?'),
            _ => {
                url.push('?');
                url.push_str(&query(rng));
            }
        }
        if rng.chance(10) {
            url.push_str("#f");
        }
        if UrlBuilder::from_url(&url).is_ok() {
            return url;
        }
    }
}

/// The edit options of one group: removes, then sets, then appends; keys have no `=` (the
/// command line splits `--set-param` at its first `=`) and at least one set or remove.
fn ops(rng: &mut Rng) -> String {
    let edit_key = |rng: &mut Rng| loop {
        let k = key(rng);
        if !k.contains('=') {
            return k;
        }
    };
    let mut items = Vec::new();
    for _ in 0..rng.below(2) {
        items.push(format!("r:{}", hex(&edit_key(rng))));
    }
    for _ in 0..=rng.below(2) {
        let k = edit_key(rng);
        items.push(format!("s:{}:{}", hex(&k), hex(&random_string(rng, 6))));
    }
    for _ in 0..rng.below(2) {
        let k = edit_key(rng);
        items.push(format!("a:{}:{}", hex(&k), hex(&random_string(rng, 6))));
    }
    items.join(",")
}

fn main() -> io::Result<()> {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("usage: builder_corpus [SEED] [PER_FLAVOR] [EDITS]")
        })
        .collect();
    let seed = args.first().copied().unwrap_or(20_261_203);
    let per_flavor = args.get(1).copied().unwrap_or(2000);
    let edits = args.get(2).copied().unwrap_or(2000);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for (i, flavor) in QueryFlavor::ALL.into_iter().enumerate() {
        let mut rng = Rng(seed ^ (0x9E37_79B9_7F4A_7C15_u64.wrapping_mul(i as u64 + 1)));
        for _ in 0..per_flavor {
            let p = pairs(&mut rng);
            let encoded: Vec<String> = p
                .iter()
                .map(|(k, v)| format!("{}:{}", hex(k), hex(v)))
                .collect();
            writeln!(
                out,
                "{}\t{}\t{}",
                flavor.name(),
                encoded.join(","),
                flavor.serialize(&p)
            )?;
        }
    }
    let mut rng = Rng(seed.rotate_left(17) | 1);
    let mut group = String::new();
    for i in 0..edits {
        if i % 50 == 0 {
            group = ops(&mut rng);
        }
        writeln!(out, "edit\t{group}\t{}", hex(&base(&mut rng)))?;
    }
    out.flush()
}
