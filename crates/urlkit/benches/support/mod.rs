//! Shared benchmark support: the inputs (the real URL lists and generated corpora), and a
//! wall-clock timer with a table of ratios for the benchmarks of other crates; the
//! comparisons of the codec and key benchmarks are in `compare.rs`. Benchmarks print ratios;
//! no test asserts a time.
//!
//! Inputs: `URLKIT_URL_DATA` names a folder with the whole real lists (kasztp.txt,
//! userbait.txt, node_files.txt, isaacs_files.txt of ada-url/url-various-datasets at commit
//! 96a6fdd); without it, the 300-line samples kept in `testdata/urls-sample-whatwg/`.
#![allow(dead_code)]

use std::collections::HashMap;
use std::hint::black_box;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use urlkit::codec::{kernel_level, KernelLevel};

/// A named input corpus.
pub struct Corpus {
    /// Short name for the table.
    pub name: String,
    /// One item per line.
    pub lines: Vec<String>,
}

impl Corpus {
    /// Total bytes of all lines.
    pub fn bytes(&self) -> usize {
        self.lines.iter().map(|l| l.len()).sum()
    }
}

/// The inputs a comparison runs on, built when a comparison needs them (a child process that
/// counts one contender's instructions builds only its own).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A real URL list by name.
    Real(String),
    /// Every real list, one after the other.
    AllReal,
    /// A real list with every non-alphanumeric byte percent-encoded.
    Dense(String),
    /// Japanese-slug blog URLs, raw (`https://example.com/blog/運営者情報-12/`).
    JapaneseRaw,
    /// The same, percent-encoded with uppercase hex.
    JapaneseUpper,
    /// The same, percent-encoded with lowercase hex.
    JapaneseLower,
    /// Japanese text as a query value or path segment holds it (`運営者情報-12`).
    JapaneseText,
}

/// The real lists, in table order.
pub const REAL_LISTS: [&str; 4] = ["kasztp", "userbait", "node_files", "isaacs_files"];

/// Where the real URL lists live: `URLKIT_URL_DATA`, else the samples in the repository.
fn data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("URLKIT_URL_DATA") {
        return PathBuf::from(dir);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/urls-sample-whatwg")
}

/// Whether the real lists are the whole ones (`URLKIT_URL_DATA`) or the samples.
pub fn data_note() -> String {
    match std::env::var_os("URLKIT_URL_DATA") {
        Some(dir) => format!("real lists: {}", PathBuf::from(dir).display()),
        None => "real lists: the 300-line samples in testdata/urls-sample-whatwg \
                 (set URLKIT_URL_DATA to a folder with the whole lists)"
            .to_owned(),
    }
}

/// The names of the real lists found (all four, normally).
pub fn real_lists() -> Vec<String> {
    let dir = data_dir();
    let found: Vec<String> = REAL_LISTS
        .iter()
        .filter(|n| dir.join(format!("{n}.txt")).is_file())
        .map(|n| (*n).to_owned())
        .collect();
    assert!(
        !found.is_empty(),
        "no real URL list in {}: set URLKIT_URL_DATA",
        dir.display()
    );
    found
}

fn read_list(name: &str) -> Vec<String> {
    let path = data_dir().join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.trim_start_matches('\u{feff}')
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The corpora built so far, by input.
#[derive(Default)]
pub struct Corpora {
    built: HashMap<Input, Rc<Corpus>>,
}

impl Corpora {
    /// The corpus of `input`, built on first use.
    pub fn get(&mut self, input: &Input) -> Rc<Corpus> {
        if let Some(c) = self.built.get(input) {
            return Rc::clone(c);
        }
        let corpus = Rc::new(match input {
            Input::Real(name) => Corpus {
                name: name.clone(),
                lines: read_list(name),
            },
            Input::AllReal => Corpus {
                name: "all lists".into(),
                lines: real_lists().iter().flat_map(|n| read_list(n)).collect(),
            },
            Input::Dense(name) => Corpus {
                name: format!("{name} %-dense"),
                lines: percent_dense(&self.get(&Input::Real(name.clone())).lines),
            },
            Input::JapaneseRaw => Corpus {
                name: "japanese-slug raw".into(),
                lines: japanese_raw(20_000),
            },
            Input::JapaneseUpper => Corpus {
                name: "japanese-slug upper-hex".into(),
                lines: encode_non_ascii(&japanese_raw(20_000), true),
            },
            Input::JapaneseLower => Corpus {
                name: "japanese-slug lower-hex".into(),
                lines: encode_non_ascii(&japanese_raw(20_000), false),
            },
            Input::JapaneseText => Corpus {
                name: "japanese text".into(),
                lines: japanese_text(20_000),
            },
        });
        self.built.insert(input.clone(), Rc::clone(&corpus));
        corpus
    }
}

/// A small deterministic PRNG (xorshift64*), so corpora are the same on every run.
pub struct Rng(u64);

impl Rng {
    /// Seeded generator.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    /// Next value.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A value below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SLUGS: [&str; 12] = [
    "運営者情報",
    "ログインできない",
    "東京-カフェ",
    "お問い合わせ",
    "プライバシーポリシー",
    "日本語-url-エンコード",
    "使い方",
    "よくある質問",
    "新着情報",
    "料金プラン",
    "会社概要",
    "採用情報",
];

/// Japanese-slug blog URLs in raw form (`https://example.com/blog/運営者情報-12/`).
pub fn japanese_raw(n: usize) -> Vec<String> {
    let sections = ["blog", "tag", "category", "page"];
    let mut rng = Rng::new(11);
    (0..n)
        .map(|i| {
            format!(
                "https://example.com/{}/{}-{}/",
                sections[rng.below(sections.len())],
                SLUGS[rng.below(SLUGS.len())],
                i % 1000
            )
        })
        .collect()
}

/// Japanese component values (`運営者情報 12`, `東京-カフェ/新着情報`): what a query value or
/// a path segment built from a title holds.
pub fn japanese_text(n: usize) -> Vec<String> {
    let mut rng = Rng::new(13);
    (0..n)
        .map(|i| {
            let a = SLUGS[rng.below(SLUGS.len())];
            match rng.below(3) {
                0 => format!("{a} {}", i % 100),
                1 => format!("{a}/{}", SLUGS[rng.below(SLUGS.len())]),
                _ => a.to_owned(),
            }
        })
        .collect()
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";
const HEX_LOWER: &[u8; 16] = b"0123456789abcdef";

fn push_escape(out: &mut String, b: u8, hex: &[u8; 16]) {
    out.push('%');
    out.push(hex[(b >> 4) as usize] as char);
    out.push(hex[(b & 15) as usize] as char);
}

/// Percent-encodes every non-ASCII byte (the raw form becomes the URI form), with the
/// given hex-digit case.
pub fn encode_non_ascii(lines: &[String], upper: bool) -> Vec<String> {
    let hex = if upper { HEX_UPPER } else { HEX_LOWER };
    lines
        .iter()
        .map(|l| {
            let mut out = String::with_capacity(l.len() * 3);
            for &b in l.as_bytes() {
                if b.is_ascii() {
                    out.push(b as char);
                } else {
                    push_escape(&mut out, b, hex);
                }
            }
            out
        })
        .collect()
}

/// The `%`-dense variant of a corpus: every non-alphanumeric byte percent-encoded.
pub fn percent_dense(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            let mut out = String::with_capacity(l.len() * 3);
            for &b in l.as_bytes() {
                if b.is_ascii_alphanumeric() {
                    out.push(b as char);
                } else {
                    push_escape(&mut out, b, HEX_UPPER);
                }
            }
            out
        })
        .collect()
}

/// Median time of one call of `f`, over several samples of enough calls to last ~`budget`.
pub fn measure<R>(budget: Duration, mut f: impl FnMut() -> R) -> Duration {
    // Warm up and calibrate.
    let start = Instant::now();
    black_box(f());
    let once = start.elapsed().max(Duration::from_nanos(50));
    let per_sample = budget / 7;
    let iters = (per_sample.as_nanos() / once.as_nanos()).clamp(1, 1_000_000) as u32;
    let mut samples: Vec<Duration> = (0..7)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..iters {
                black_box(f());
            }
            t.elapsed() / iters
        })
        .collect();
    samples.sort();
    samples[samples.len() / 2]
}

/// One row of a comparison: a contender's name and its median time for the whole corpus.
pub struct Row {
    /// Contender.
    pub name: String,
    /// Median time per pass over the corpus.
    pub time: Duration,
}

/// Prints a table: throughput of each contender and the ratio of each to the first (urlkit).
pub fn report(title: &str, corpus_bytes: usize, rows: &[Row]) {
    println!("\n{title}");
    let Some(first) = rows.first() else { return };
    for r in rows {
        let mbs = corpus_bytes as f64 / r.time.as_secs_f64() / 1e6;
        let ratio = r.time.as_secs_f64() / first.time.as_secs_f64();
        println!(
            "  {:<34} {:>10.3} ms {:>9.1} MB/s   {:>6.2}x {}",
            r.name,
            r.time.as_secs_f64() * 1e3,
            mbs,
            ratio,
            if std::ptr::eq(r, first) {
                "(baseline)"
            } else {
                "slower than urlkit"
            }
        );
    }
}

/// The time budget per measurement: `URLKIT_BENCH_MS` milliseconds, default 700.
pub fn budget() -> Duration {
    let ms = std::env::var("URLKIT_BENCH_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(700);
    Duration::from_millis(ms)
}

/// The levels urlkit's rows run at: the best this CPU has, and the AVX2 cap when it differs
/// (a machine with AVX-512; the goals must hold on AVX2 too); a benchmark's child under
/// callgrind is told them (see `compare.rs`).
pub fn levels() -> Vec<KernelLevel> {
    if let Some(levels) = LEVELS.get() {
        return levels.clone();
    }
    let native = kernel_level();
    let capped = KernelLevel::Avx2.effective();
    if capped == native {
        vec![native]
    } else {
        vec![native, capped]
    }
}

/// The levels a parent process passes to its children under callgrind (`--levels`), so that
/// they build the same contenders although valgrind hides AVX-512 from them.
pub static LEVELS: std::sync::OnceLock<Vec<KernelLevel>> = std::sync::OnceLock::new();

/// Prints which kernel levels this run measures: the ratios hold for those levels, and
/// machines differ (some have AVX-512, some only AVX2; a build without the `simd` feature
/// runs the scalar code).
pub fn print_kernel_level() {
    let level = kernel_level();
    let best = KernelLevel::ALL[KernelLevel::ALL.len() - 1];
    let note = if level == best {
        String::new()
    } else {
        format!(" (not {best}: this CPU or build lacks it)")
    };
    let names: Vec<&str> = levels().iter().map(|l| l.name()).collect();
    println!(
        "codec kernel level: {level}{note}; urlkit rows run at: {}",
        names.join(", ")
    );
}
