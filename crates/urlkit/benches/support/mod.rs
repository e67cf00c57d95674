//! Shared benchmark support: inputs (the real URL lists and generated corpora), a timer that
//! reports medians, and a table of ratios. Benchmarks print ratios; no test asserts a time.
#![allow(dead_code)]

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

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

/// Prints which codec kernel level this run measures: the ratios hold for that level, and
/// machines differ (some have AVX-512, some only AVX2; a build without the `simd` feature
/// runs the scalar code).
pub fn print_kernel_level() {
    let level = urlkit::codec::kernel_level();
    let best = urlkit::codec::KernelLevel::ALL[urlkit::codec::KernelLevel::ALL.len() - 1];
    let note = if level == best {
        String::new()
    } else {
        format!(" (not {best}: this CPU or build lacks it)")
    };
    println!("codec kernel level: {level}{note}");
}

/// Where the real URL lists live: `URLKIT_URL_DATA` (a folder holding the whole lists), else
/// the 300-line samples of them kept in the repository (`testdata/urls-sample-whatwg`).
fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("URLKIT_URL_DATA") {
        return Some(PathBuf::from(dir));
    }
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = here.join("../../testdata/urls-sample-whatwg");
    dir.is_dir().then_some(dir)
}

/// The real URL lists (kasztp, userbait, node_files, isaacs_files), or a generated fallback
/// of similar shape when they are not present.
pub fn real_url_lists() -> Vec<Corpus> {
    let names = ["kasztp", "userbait", "node_files", "isaacs_files"];
    if let Some(dir) = data_dir() {
        let mut out = Vec::new();
        for name in names {
            if let Ok(text) = std::fs::read_to_string(dir.join(format!("{name}.txt"))) {
                let lines = text
                    .trim_start_matches('\u{feff}')
                    .lines()
                    .map(str::to_owned)
                    .filter(|l| !l.is_empty())
                    .collect();
                out.push(Corpus {
                    name: name.to_owned(),
                    lines,
                });
            }
        }
        if !out.is_empty() {
            return out;
        }
    }
    eprintln!("note: real URL lists not found; using a generated fallback corpus");
    vec![Corpus {
        name: "generated".into(),
        lines: generated_urls(50_000),
    }]
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

/// Generated ordinary URLs (mostly nothing to encode), for when the real lists are absent.
pub fn generated_urls(n: usize) -> Vec<String> {
    let words = [
        "docs",
        "blog",
        "2024",
        "index.html",
        "api",
        "v1",
        "users",
        "search",
        "a-b_c",
    ];
    let hosts = ["example.com", "www.example.org", "cdn.example.net"];
    let mut rng = Rng::new(7);
    (0..n)
        .map(|_| {
            let mut u = format!("https://{}", hosts[rng.below(hosts.len())]);
            for _ in 0..1 + rng.below(4) {
                u.push('/');
                u.push_str(words[rng.below(words.len())]);
            }
            if rng.below(3) == 0 {
                u.push_str(&format!(
                    "?q={}&page={}",
                    words[rng.below(words.len())],
                    rng.below(99)
                ));
            }
            u
        })
        .collect()
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

/// Japanese-slug blog URLs in raw form (`https://example.com/blog/運営者情報/`).
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

/// Percent-encodes every non-ASCII byte (the raw form becomes the URI form), with the
/// given hex-digit case.
pub fn encode_non_ascii(lines: &[String], upper: bool) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            let mut out = String::with_capacity(l.len() * 3);
            for &b in l.as_bytes() {
                if b.is_ascii() {
                    out.push(b as char);
                } else if upper {
                    out.push_str(&format!("%{b:02X}"));
                } else {
                    out.push_str(&format!("%{b:02x}"));
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
                    out.push_str(&format!("%{b:02X}"));
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

/// Whether the comparison titled `title` runs: all of them, or those whose title contains
/// `URLKIT_BENCH_ONLY` (for profiling one comparison).
pub fn selected(title: &str) -> bool {
    std::env::var("URLKIT_BENCH_ONLY").map_or(true, |only| title.contains(&only))
}

/// The time budget per measurement: `URLKIT_BENCH_MS` milliseconds, default 700.
pub fn budget() -> Duration {
    let ms = std::env::var("URLKIT_BENCH_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(700);
    Duration::from_millis(ms)
}
