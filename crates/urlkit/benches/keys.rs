//! Comparison keys (`normalize::Keys`, one kept across URLs, at the native kernel level and
//! capped at AVX2) against what a Rust user would otherwise run to get a canonical string:
//! ada-url `Url::parse` + `href`, and `url::Url::parse` + `as_str`.
//!
//! `cargo bench -p urlkit --bench keys [-- --only TEXT] [-- --instructions]` (see
//! `support/mod.rs` for the arguments and inputs).

#[path = "support/compare.rs"]
mod compare;
#[path = "support/mod.rs"]
mod support;

use std::hint::black_box;

use compare::{make, Comparison, Contender, Goal};
use support::{levels, Corpus, Input};
use urlkit::normalize::{Keys, Level, Options};

const ADA: &str = "ada-url Url::parse + href";

fn keys(corpus: &Corpus, level: Level) -> Vec<Contender<'_>> {
    let lines = &corpus.lines;
    let mut out = Vec::new();
    for kernel in levels() {
        let mut keys = Keys::new(Options::new(level)).kernel(kernel);
        let mut buf = String::with_capacity(256);
        out.push(Contender::ours(
            &format!("urlkit Keys::key_into ({level})"),
            kernel,
            move || {
                let mut n = 0usize;
                for l in lines {
                    if keys.key_into(l, &mut buf).is_ok() {
                        n += buf.len();
                    }
                }
                n
            },
        ));
    }
    out.push(Contender::theirs(ADA, move || {
        let mut n = 0usize;
        for l in lines {
            if let Ok(u) = ada_url::Url::parse(black_box(l.as_str()), None) {
                n += u.href().len();
            }
        }
        n
    }));
    out.push(Contender::theirs("url Url::parse + as_str", move || {
        let mut n = 0usize;
        for l in lines {
            if let Ok(u) = url::Url::parse(black_box(l.as_str())) {
                n += u.as_str().len();
            }
        }
        n
    }));
    out
}

fn main() {
    let mut plan = Vec::new();
    let mut inputs: Vec<Input> = support::real_lists().into_iter().map(Input::Real).collect();
    inputs.push(Input::AllReal);
    for input in inputs {
        plan.push(Comparison {
            title: "safe key".into(),
            input,
            make: make(|c| keys(c, Level::Safe)),
            goal: Some(Goal {
                ratio: 2.0,
                against: ADA,
            }),
        });
    }
    plan.push(Comparison {
        title: "normal key".into(),
        input: Input::AllReal,
        make: make(|c| keys(c, Level::Normal)),
        goal: None,
    });
    plan.push(Comparison {
        title: "safe key".into(),
        input: Input::JapaneseRaw,
        make: make(|c| keys(c, Level::Safe)),
        goal: None,
    });
    compare::run("keys: urlkit against ada-url and url", plan);
}
