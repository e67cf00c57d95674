//! What checking an imported chunk costs beside the work on it: `check_chunk` alone, and a
//! bulk keys call (which includes it), on the real URL lists as one `string` array, one
//! `string_view` array, and the generated Japanese-slug corpus. The check is on the hot path of
//! every Python bulk call; its share is the figure to watch. arrow-rs's own full validation
//! (which checks more: null rows' bytes, view padding) is printed beside it.
//!
//! `cargo bench -p urlkit-arrow --bench check` (`URLKIT_URL_DATA` names a folder of the whole
//! lists; the repository's samples otherwise; `URLKIT_BENCH_ONLY=string_view` runs the rows
//! whose title holds it).

#[path = "../../urlkit/benches/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::sync::Arc;

use arrow_array::{ArrayRef, StringArray, StringViewArray};
use support::{budget, measure, report, Corpora, Input, Row};
use urlkit::normalize::{Level, Options};
use urlkit_arrow::{check_chunk, map_chunks, Operation, Reasons};

fn main() {
    support::print_kernel_level();
    println!("{}", support::data_note());
    let mut corpora = Corpora::default();
    let mut inputs: Vec<Input> = support::real_lists().into_iter().map(Input::Real).collect();
    inputs.push(Input::JapaneseRaw);
    let only = std::env::var("URLKIT_BENCH_ONLY").ok();
    let op = Operation::Key(Options::new(Level::Safe));
    for input in &inputs {
        let corpus = corpora.get(input);
        let lines: Vec<&str> = corpus.lines.iter().map(String::as_str).collect();
        let arrays: [(&str, ArrayRef); 2] = [
            ("string", Arc::new(StringArray::from(lines.clone()))),
            (
                "string_view",
                Arc::new(StringViewArray::from(lines.clone())),
            ),
        ];
        for (kind, array) in arrays {
            let title = format!("{} ({} rows, {kind})", corpus.name, lines.len());
            if only.as_ref().is_some_and(|o| !title.contains(o.as_str())) {
                continue;
            }
            let keys = measure(budget(), || {
                map_chunks(std::slice::from_ref(&array), &op, 1, Reasons::Drop)
                    .map(|(out, _)| out.len())
                    .ok()
            });
            let check = measure(budget(), || black_box(check_chunk(array.as_ref())).is_ok());
            let data = array.to_data();
            let arrow = measure(budget(), || black_box(data.validate_full()).is_ok());
            report(
                &format!(
                    "{title}: the check is {:.1}% of a keys call",
                    100.0 * check.as_secs_f64() / keys.as_secs_f64()
                ),
                corpus.bytes(),
                &[
                    Row {
                        name: "keys (map_chunks, check included)".into(),
                        time: keys,
                    },
                    Row {
                        name: "check_chunk alone".into(),
                        time: check,
                    },
                    Row {
                        name: "arrow-rs ArrayData::validate_full".into(),
                        time: arrow,
                    },
                ],
            );
        }
    }
}
