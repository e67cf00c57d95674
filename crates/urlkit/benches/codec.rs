//! urlkit's codec against the `percent-encoding` crate, in one run on the same inputs, at the
//! native kernel level and capped at AVX2.
//!
//! `cargo bench -p urlkit --bench codec [-- --only TEXT] [-- --instructions]` (see
//! `support/mod.rs` for the arguments and inputs). Every comparison first checks that both
//! sides produce the same output for every line, then times one pass over the corpus. Like
//! for like: both sides return a `Cow` (borrowed when nothing changes), built with each
//! library's own conversion (`percent_decode(..).decode_utf8()`,
//! `Cow::from(utf8_percent_encode(..))`); the rows with a `String` show the other common way
//! to call `percent-encoding`.

#[path = "support/compare.rs"]
mod compare;
#[path = "support/mod.rs"]
mod support;

use std::borrow::Cow;
use std::hint::black_box;

use compare::{make, Comparison, Contender, Goal};
use percent_encoding::{percent_decode, utf8_percent_encode, AsciiSet, CONTROLS, NON_ALPHANUMERIC};
use support::{levels, Corpus, Input};
use urlkit::codec::{sets, DecodeMode, Decoder, EncodeSet, Encoder};

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

/// The WHATWG component percent-encode set (`encodeURIComponent` keeps a few more).
const PE_COMPONENT: &AsciiSet = &PE_PATH
    .add(b'/')
    .add(b':')
    .add(b';')
    .add(b'=')
    .add(b'@')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'|')
    .add(b'$')
    .add(b'%')
    .add(b'&')
    .add(b'+')
    .add(b',');

/// All but ASCII alphanumerics (percent-encoding's `NON_ALPHANUMERIC`).
const ALNUM_KEPT: EncodeSet = EncodeSet::ALL
    .remove_range(b'a', b'z')
    .remove_range(b'A', b'Z')
    .remove_range(b'0', b'9');

const DECODE_UTF8: &str = "percent_decode().decode_utf8()";
const ENCODE_COW: &str = "utf8_percent_encode -> Cow";

/// Text decoding: urlkit's `Decoder::decode` against `percent_decode(..).decode_utf8()`.
fn decode_text(corpus: &Corpus) -> Vec<Contender<'_>> {
    for line in &corpus.lines {
        let ours = Decoder::new(DecodeMode::Lenient).decode(line).unwrap();
        if let Ok(theirs) = percent_decode(line.as_bytes()).decode_utf8() {
            assert_eq!(ours, theirs, "decode differs on {line:?}");
        }
    }
    let mut out = Vec::new();
    for level in levels() {
        let d = Decoder::new(DecodeMode::Lenient).kernel(level);
        out.push(Contender::ours(
            "urlkit Decoder::decode (Cow)",
            level,
            move || {
                let mut n = 0;
                for line in &corpus.lines {
                    n += black_box(d.decode(line)).map_or(0, |c| c.len());
                }
                n
            },
        ));
    }
    out.push(Contender::theirs(DECODE_UTF8, || {
        let mut n = 0;
        for line in &corpus.lines {
            n += black_box(percent_decode(line.as_bytes()).decode_utf8()).map_or(0, |c| c.len());
        }
        n
    }));
    out
}

/// Decoding to bytes: urlkit's `Decoder::decode_to_bytes` against `percent_decode`.
fn decode_bytes(corpus: &Corpus) -> Vec<Contender<'_>> {
    for line in &corpus.lines {
        let ours = Decoder::new(DecodeMode::Lenient)
            .decode_to_bytes(line.as_bytes())
            .unwrap();
        let theirs: Cow<[u8]> = percent_decode(line.as_bytes()).into();
        assert_eq!(ours, theirs, "decode differs on {line:?}");
    }
    let mut out = Vec::new();
    for level in levels() {
        let d = Decoder::new(DecodeMode::Lenient).kernel(level);
        out.push(Contender::ours(
            "urlkit decode_to_bytes (Cow)",
            level,
            move || {
                let mut n = 0;
                for line in &corpus.lines {
                    n += black_box(d.decode_to_bytes(line.as_bytes())).map_or(0, |c| c.len());
                }
                n
            },
        ));
    }
    out.push(Contender::theirs("percent_decode -> Cow", || {
        let mut n = 0;
        for line in &corpus.lines {
            let c: Cow<[u8]> = percent_decode(line.as_bytes()).into();
            n += black_box(c).len();
        }
        n
    }));
    out
}

/// Encoding with `ours` against `utf8_percent_encode` with `theirs`, the same set.
fn encode<'c>(corpus: &'c Corpus, ours: Encoder, theirs: &'static AsciiSet) -> Vec<Contender<'c>> {
    for line in &corpus.lines {
        let a = ours.encode_str(line);
        let b: Cow<str> = utf8_percent_encode(line, theirs).into();
        assert_eq!(a, b, "encode differs on {line:?}");
    }
    let mut out = Vec::new();
    for level in levels() {
        let enc = ours.kernel(level);
        out.push(Contender::ours(
            "urlkit Encoder::encode_str (Cow)",
            level,
            move || {
                let mut n = 0;
                for line in &corpus.lines {
                    n += black_box(enc.encode_str(line)).len();
                }
                n
            },
        ));
    }
    out.push(Contender::theirs(ENCODE_COW, move || {
        let mut n = 0;
        for line in &corpus.lines {
            let c: Cow<str> = utf8_percent_encode(line, theirs).into();
            n += black_box(c).len();
        }
        n
    }));
    out.push(Contender::theirs(
        "utf8_percent_encode -> String",
        move || {
            let mut n = 0;
            for line in &corpus.lines {
                n += black_box(utf8_percent_encode(line, theirs).to_string()).len();
            }
            n
        },
    ));
    out
}

fn goal(ratio: f64, against: &'static str) -> Option<Goal> {
    Some(Goal { ratio, against })
}

fn main() {
    let real = support::real_lists();
    let mut plan = Vec::new();
    for name in &real {
        plan.push(Comparison {
            title: "decode to text, real list".into(),
            input: Input::Real(name.clone()),
            make: make(decode_text),
            goal: goal(5.0, DECODE_UTF8),
        });
    }
    for name in &real {
        plan.push(Comparison {
            title: "decode to text, %-dense (every non-alphanumeric byte escaped)".into(),
            input: Input::Dense(name.clone()),
            make: make(decode_text),
            goal: goal(3.0, DECODE_UTF8),
        });
    }
    for input in [Input::JapaneseUpper, Input::JapaneseLower] {
        plan.push(Comparison {
            title: "decode to text, Japanese slugs".into(),
            input,
            make: make(decode_text),
            goal: goal(3.0, DECODE_UTF8),
        });
    }
    for name in &real {
        plan.push(Comparison {
            title: "decode to bytes, real list".into(),
            input: Input::Real(name.clone()),
            make: make(decode_bytes),
            goal: None,
        });
        plan.push(Comparison {
            title: "decode to bytes, %-dense".into(),
            input: Input::Dense(name.clone()),
            make: make(decode_bytes),
            goal: None,
        });
    }
    for name in &real {
        plan.push(Comparison {
            title: "encode with the WHATWG path set, real list".into(),
            input: Input::Real(name.clone()),
            make: make(|c| encode(c, Encoder::new(sets::PATH), PE_PATH)),
            goal: goal(4.0, ENCODE_COW),
        });
    }
    for name in &real {
        plan.push(Comparison {
            title: "encode all but alphanumerics (%-dense output), real list".into(),
            input: Input::Real(name.clone()),
            make: make(|c| encode(c, Encoder::new(ALNUM_KEPT), NON_ALPHANUMERIC)),
            goal: None,
        });
    }
    plan.push(Comparison {
        title: "encode with the WHATWG component set, Japanese text".into(),
        input: Input::JapaneseText,
        make: make(|c| encode(c, Encoder::new(sets::COMPONENT), PE_COMPONENT)),
        goal: goal(3.0, ENCODE_COW),
    });
    plan.push(Comparison {
        title: "encode with the WHATWG path set, Japanese slugs".into(),
        input: Input::JapaneseRaw,
        make: make(|c| encode(c, Encoder::new(sets::PATH), PE_PATH)),
        goal: None,
    });
    compare::run("codec: urlkit against percent-encoding", plan);
}
