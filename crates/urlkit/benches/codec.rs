//! urlkit's codec against the `percent-encoding` crate, in one run on the same inputs.
//!
//! `cargo bench -p urlkit --bench codec` (set `URLKIT_BENCH_MS` to change the time per
//! measurement, `URLKIT_BENCH_ONLY` to run only the comparisons whose title contains it,
//! e.g. `"path set, real list [node"`). Every comparison checks first that both produce the same output for every
//! line, then times one pass over the corpus. Like for like: both sides return a `Cow`
//! (borrowed when nothing changes), built with each library's own `Cow` conversion
//! (`Cow::from(percent_decode(..))`, `Cow::from(utf8_percent_encode(..))`); the rows with a
//! `Vec`/`String` show the other common way to call `percent-encoding`.
//!
//! The contenders are measured in alternation (7 rounds, each timing every contender for a
//! slice of the budget with `support::measure`, a median of 7 samples) and each contender's
//! time is its fastest round: on a shared machine, load from other processes only ever adds
//! time, so the fastest round is the best estimate of the code's own cost, and alternating
//! exposes every contender to the same load.

#[path = "support/mod.rs"]
mod support;

use std::borrow::Cow;
use std::hint::black_box;
use std::time::Duration;

use percent_encoding::{percent_decode, utf8_percent_encode, AsciiSet, CONTROLS, NON_ALPHANUMERIC};
use support::{budget, measure, report, Corpus, Row};
use urlkit::codec::{decode_to_bytes, sets, DecodeMode, EncodeSet, Encoder};

/// The WHATWG path percent-encode set, written with percent-encoding's own API.
const PE_PATH: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'}');

/// All but ASCII alphanumerics (percent-encoding's `NON_ALPHANUMERIC`).
const ALNUM_KEPT: EncodeSet = EncodeSet::ALL
    .remove_range(b'a', b'z')
    .remove_range(b'A', b'Z')
    .remove_range(b'0', b'9');

/// A named contender: one pass over the corpus, returning a size so the work is not elided.
type Contender<'a> = (&'static str, Box<dyn FnMut() -> usize + 'a>);

/// The fastest round of each contender, measured in interleaved rounds.
fn interleaved(mut contenders: Vec<Contender<'_>>) -> Vec<Row> {
    const ROUNDS: u32 = 7;
    let slice = budget() / ROUNDS;
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); contenders.len()];
    for _ in 0..ROUNDS {
        for (k, (_, f)) in contenders.iter_mut().enumerate() {
            times[k].push(measure(slice, &mut *f));
        }
    }
    contenders
        .iter()
        .zip(times)
        .map(|((name, _), t)| Row {
            name: (*name).to_owned(),
            time: t.into_iter().min().unwrap_or_default(),
        })
        .collect()
}

fn bench_decode(title: &str, corpus: &Corpus) {
    let title = format!("{title} [{}: {} lines]", corpus.name, corpus.lines.len());
    if !support::selected(&title) {
        return;
    }
    for line in &corpus.lines {
        let ours = decode_to_bytes(line.as_bytes(), DecodeMode::Lenient).unwrap();
        let theirs: Cow<[u8]> = percent_decode(line.as_bytes()).into();
        assert_eq!(ours, theirs, "decode differs on {line:?}");
    }
    let rows = interleaved(vec![
        (
            "urlkit decode_to_bytes (Cow)",
            Box::new(|| {
                let mut n = 0;
                for line in &corpus.lines {
                    n += black_box(decode_to_bytes(line.as_bytes(), DecodeMode::Lenient))
                        .map_or(0, |c| c.len());
                }
                n
            }),
        ),
        (
            "percent_decode -> Cow",
            Box::new(|| {
                let mut n = 0;
                for line in &corpus.lines {
                    let c: Cow<[u8]> = percent_decode(line.as_bytes()).into();
                    n += black_box(c).len();
                }
                n
            }),
        ),
        (
            "percent_decode -> Vec",
            Box::new(|| {
                let mut n = 0;
                for line in &corpus.lines {
                    n += black_box(percent_decode(line.as_bytes()).collect::<Vec<u8>>()).len();
                }
                n
            }),
        ),
    ]);
    report(&title, corpus.bytes(), &rows);
}

fn bench_encode(title: &str, corpus: &Corpus, ours: Encoder, theirs: &'static AsciiSet) {
    let title = format!("{title} [{}: {} lines]", corpus.name, corpus.lines.len());
    if !support::selected(&title) {
        return;
    }
    for line in &corpus.lines {
        let a = ours.encode_str(line);
        let b: Cow<str> = utf8_percent_encode(line, theirs).into();
        assert_eq!(a, b, "encode differs on {line:?}");
    }
    let rows = interleaved(vec![
        (
            "urlkit Encoder::encode_str (Cow)",
            Box::new(|| {
                let mut n = 0;
                for line in &corpus.lines {
                    n += black_box(ours.encode_str(line)).len();
                }
                n
            }),
        ),
        (
            "utf8_percent_encode -> Cow",
            Box::new(|| {
                let mut n = 0;
                for line in &corpus.lines {
                    let c: Cow<str> = utf8_percent_encode(line, theirs).into();
                    n += black_box(c).len();
                }
                n
            }),
        ),
        (
            "utf8_percent_encode -> String",
            Box::new(|| {
                let mut n = 0;
                for line in &corpus.lines {
                    n += black_box(utf8_percent_encode(line, theirs).to_string()).len();
                }
                n
            }),
        ),
    ]);
    report(&title, corpus.bytes(), &rows);
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing: run only when benching.
    if !std::env::args().any(|a| a == "--bench") {
        println!("codec benchmark: run with `cargo bench -p urlkit --bench codec`");
        return;
    }
    support::print_kernel_level();
    let real = support::real_url_lists();
    for corpus in &real {
        bench_decode("decode, real list", corpus);
    }
    for corpus in &real {
        let dense = Corpus {
            name: format!("{} %-dense", corpus.name),
            lines: support::percent_dense(&corpus.lines),
        };
        bench_decode(
            "decode, %-dense (every non-alphanumeric byte escaped)",
            &dense,
        );
    }
    for corpus in &real {
        bench_encode(
            "encode with the WHATWG path set, real list",
            corpus,
            Encoder::new(sets::PATH),
            PE_PATH,
        );
    }
    for corpus in &real {
        bench_encode(
            "encode all but alphanumerics (%-dense output), real list",
            corpus,
            Encoder::new(ALNUM_KEPT),
            NON_ALPHANUMERIC,
        );
    }
    let raw = support::japanese_raw(50_000);
    let upper = Corpus {
        name: "japanese-slug upper-hex".into(),
        lines: support::encode_non_ascii(&raw, true),
    };
    let lower = Corpus {
        name: "japanese-slug lower-hex".into(),
        lines: support::encode_non_ascii(&raw, false),
    };
    let raw = Corpus {
        name: "japanese-slug raw".into(),
        lines: raw,
    };
    bench_decode("decode, Japanese slugs", &upper);
    bench_decode("decode, Japanese slugs", &lower);
    bench_encode(
        "encode with the WHATWG path set, Japanese slugs",
        &raw,
        Encoder::new(sets::PATH),
        PE_PATH,
    );
}
