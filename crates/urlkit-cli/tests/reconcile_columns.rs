//! A CSV with many columns does not hang reconcile (issue 24, item 5: each record's extra
//! columns were numbered by a linear search among the field names, and each report cell found
//! by a linear search among the record's fields: 40,000 columns took 22 s, 1,000,000 did not
//! end in 120 s). Time must grow linearly with the columns: the runs at 40,000 and 1,000,000
//! columns are compared with one at 10,000, never with a fixed duration.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Data rows of each CSV.
const ROWS: usize = 2;

/// A CSV of `columns` columns (the URL first, then named ones) and [`ROWS`] rows, every cell
/// filled, and a text list with the first row's URL, in `dir`.
fn write_inputs(dir: &Path, columns: usize) -> (String, String) {
    let mut csv = String::with_capacity(columns * 12 * (ROWS + 1));
    csv.push_str("url");
    for c in 1..columns {
        csv.push_str(&format!(",c{c}"));
    }
    csv.push('\n');
    for r in 0..ROWS {
        csv.push_str(&format!("https://example.com/{r}"));
        for c in 1..columns {
            csv.push_str(&format!(",{}", (c + r) % 97));
        }
        csv.push('\n');
    }
    let left = dir.join(format!("wide-{columns}.csv"));
    std::fs::write(&left, csv).expect("write the CSV");
    let right = dir.join("list.txt");
    std::fs::write(&right, "https://example.com/0\n").expect("write the list");
    (
        left.to_string_lossy().into_owned(),
        right.to_string_lossy().into_owned(),
    )
}

/// The CPU time (user and system) `urlkit reconcile --format csv` takes on a CSV of `columns`
/// columns, or `None` when it would use more than `bound` (it is then stopped by the CPU
/// limit, `ulimit -t`). CPU time, not wall time: the machine may be shared, and a process
/// that waits does not count. The report, whose rows carry every extra column, goes to a file.
fn reconcile_time(dir: &Path, columns: usize, bound: Option<Duration>) -> Option<Duration> {
    let (left, right) = write_inputs(dir, columns);
    let report = dir.join("report.csv");
    // `times` prints the shell's, then its children's, user and system time.
    let limit = bound.map_or("unlimited".to_owned(), |b| b.as_secs().max(1).to_string());
    let script = r#"ulimit -t "$LIMIT"; "$U" reconcile --format csv "$L" "$R" >"$OUT" 2>/dev/null
s=$?; times; exit $s"#;
    let out = Command::new("bash")
        .args(["-c", script])
        .env("U", env!("CARGO_BIN_EXE_urlkit"))
        .env("L", &left)
        .env("R", &right)
        .env("OUT", &report)
        .env("LIMIT", &limit)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("bash runs");
    let code = out.status.code();
    if bound.is_some() && code.is_some_and(|c| c > 128) {
        // Killed by the CPU limit (SIGXCPU or SIGKILL).
        return None;
    }
    // 1: a row is missing from the list, which is what a report says.
    assert_eq!(code, Some(1), "reconcile of {columns} columns");
    let text = std::fs::read_to_string(&report).expect("the report");
    assert!(
        text.contains(&format!("c{}", columns - 1)),
        "the report carries the last column of {columns}"
    );
    let times = String::from_utf8_lossy(&out.stdout).into_owned();
    let children = times.lines().nth(1).expect("times prints two lines");
    Some(children.split_whitespace().map(seconds).sum())
}

/// `1m2.500s` as a duration.
fn seconds(t: &str) -> Duration {
    let (m, s) = t
        .trim_end_matches('s')
        .split_once('m')
        .expect("times writes MmS.SSSs");
    let m: f64 = m.parse().expect("minutes");
    let s: f64 = s.parse().expect("seconds");
    Duration::from_secs_f64(m * 60.0 + s)
}

#[test]
fn reconcile_time_is_linear_in_the_columns_of_a_csv() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // The smallest of three runs: the baseline should not be one slowed by another process.
    let base = (0..3)
        .map(|_| reconcile_time(dir.path(), 10_000, None).expect("no bound"))
        .min()
        .expect("three runs");
    // Linear: 4x and 100x the baseline (with the process start, less). Quadratic was 16x and
    // 10,000x.
    for (columns, most) in [(40_000, 20u32), (1_000_000, 200)] {
        let bound = base * most;
        let took = reconcile_time(dir.path(), columns, Some(bound));
        eprintln!("{columns} columns: {took:?} (10,000: {base:?})");
        assert!(
            took.is_some(),
            "{columns} columns took more than {most}x the time of 10,000 ({base:?}): not linear"
        );
    }
}
