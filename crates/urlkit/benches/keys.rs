//! Comparison keys (`normalize::key_into`) against what a Rust user would otherwise run to
//! get a canonical string: ada-url `Url::parse` + `href`, and `url::Url::parse` + `as_str`.
//! Prints ratios; run with `cargo bench -p urlkit --bench keys`.

#[path = "support/mod.rs"]
mod support;

use std::hint::black_box;

use support::{budget, japanese_raw, measure, real_url_lists, report, Corpus, Row};
use urlkit::normalize::{key_into, Level, Options};

fn run(corpus: &Corpus) {
    let lines = &corpus.lines;
    let mut buf = String::with_capacity(256);
    let mut rows = Vec::new();
    for level in [Level::Safe, Level::Normal] {
        let o = Options::new(level);
        let time = measure(budget(), || {
            let mut n = 0usize;
            for l in lines {
                if key_into(l, &o, &mut buf).is_ok() {
                    n += buf.len();
                }
            }
            n
        });
        rows.push(Row {
            name: format!("urlkit key ({level})"),
            time,
        });
    }
    rows.push(Row {
        name: "ada-url Url::parse + href".into(),
        time: measure(budget(), || {
            let mut n = 0usize;
            for l in lines {
                if let Ok(u) = ada_url::Url::parse(black_box(l.as_str()), None) {
                    n += u.href().len();
                }
            }
            n
        }),
    });
    rows.push(Row {
        name: "url Url::parse + as_str".into(),
        time: measure(budget(), || {
            let mut n = 0usize;
            for l in lines {
                if let Ok(u) = url::Url::parse(black_box(l.as_str())) {
                    n += u.as_str().len();
                }
            }
            n
        }),
    });
    report(
        &format!(
            "keys: {} ({} URLs, {} bytes)",
            corpus.name,
            lines.len(),
            corpus.bytes()
        ),
        corpus.bytes(),
        &rows,
    );
}

fn main() {
    let mut corpora = real_url_lists();
    let all: Vec<String> = corpora
        .iter()
        .flat_map(|c| c.lines.iter().cloned())
        .collect();
    corpora.push(Corpus {
        name: "all lists".into(),
        lines: all,
    });
    corpora.push(Corpus {
        name: "japanese-raw".into(),
        lines: japanese_raw(20_000),
    });
    for c in &corpora {
        run(c);
    }
}
