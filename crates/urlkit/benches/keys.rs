//! Comparison keys (`normalize::key_into_with`, one room kept across URLs) against what a Rust user would otherwise run to
//! get a canonical string: ada-url `Url::parse` + `href`, and `url::Url::parse` + `as_str`.
//! Prints ratios; run with `cargo bench -p urlkit --bench keys`.

#[path = "support/mod.rs"]
mod support;

use std::hint::black_box;

use support::{
    budget, japanese_raw, measure, print_kernel_level, real_url_lists, report, Corpus, Row,
};
use urlkit::normalize::{key_into_with, KeyRoom, Level, Options};

/// One contender: a name and a pass over the corpus.
type Contender<'a> = (String, Box<dyn FnMut() -> usize + 'a>);

fn run(corpus: &Corpus) {
    let lines = &corpus.lines;
    let mut contenders: Vec<Contender<'_>> = Vec::new();
    for level in [Level::Safe, Level::Normal] {
        let o = Options::new(level);
        let (mut room, mut buf) = (KeyRoom::new(), String::with_capacity(256));
        contenders.push((
            format!("urlkit key ({level})"),
            Box::new(move || {
                let mut n = 0usize;
                for l in lines {
                    if key_into_with(l, &o, &mut room, &mut buf).is_ok() {
                        n += buf.len();
                    }
                }
                n
            }),
        ));
    }
    contenders.push((
        "ada-url Url::parse + href".into(),
        Box::new(|| {
            let mut n = 0usize;
            for l in lines {
                if let Ok(u) = ada_url::Url::parse(black_box(l.as_str()), None) {
                    n += u.href().len();
                }
            }
            n
        }),
    ));
    contenders.push((
        "url Url::parse + as_str".into(),
        Box::new(|| {
            let mut n = 0usize;
            for l in lines {
                if let Ok(u) = url::Url::parse(black_box(l.as_str())) {
                    n += u.as_str().len();
                }
            }
            n
        }),
    ));
    // Rounds interleave the contenders and keep each one's best median, so a burst of load
    // on a shared machine does not land on one contender only.
    let mut best = vec![std::time::Duration::MAX; contenders.len()];
    for _ in 0..3 {
        for (i, (_, f)) in contenders.iter_mut().enumerate() {
            best[i] = best[i].min(measure(budget(), f));
        }
    }
    let rows: Vec<Row> = contenders
        .iter()
        .zip(best)
        .map(|((name, _), time)| Row {
            name: name.clone(),
            time,
        })
        .collect();
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
    print_kernel_level();
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
