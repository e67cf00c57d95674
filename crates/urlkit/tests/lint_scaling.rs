//! The time of one URL's lint grows linearly with its findings (issue 24.4), measured in a
//! test binary of its own: the tests of one binary run on parallel threads, whose allocations
//! and page faults land in the CPU time of this one and skewed the ratio past its bound in a
//! busy CI run (10.1 and 10.2, where the test alone measures 5.9 to 8.8).

use urlkit::lint::{lint, Selection};

fn all() -> Selection {
    Selection::parse(&["all"], &[]).expect("`all` is a selection")
}

/// The CPU time of this thread so far (not wall time: the machine is shared, and a test
/// that waits for a core is not slower).
fn cpu_now() -> std::time::Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The ratio of the CPU time of `lint` over `large` to that over `small`, as the median of
/// rounds that each time one run of `large` and, right after it, `times` runs of `small`
/// (the same number of findings on both sides, so both take about as long), after one
/// untimed run of each (so that the allocator holds the memory a run needs: a first run also
/// pays the kernel for new pages). A busy moment of the shared machine falls within one
/// round, on both sides of its ratio, and the median leaves out the rounds it skewed.
fn time_ratio(small: &str, large: &str, times: u32) -> (f64, [usize; 2]) {
    let sel = all();
    let found = [lint(small, &sel).len(), lint(large, &sel).len()];
    let mut ratios: Vec<f64> = (0..11)
        .map(|_| {
            let t = cpu_now();
            drop(lint(large, &sel));
            let large_time = cpu_now() - t;
            let t = cpu_now();
            for _ in 0..times {
                drop(lint(small, &sel));
            }
            let small_time = (cpu_now() - t) / times;
            large_time.as_secs_f64() / small_time.as_secs_f64()
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    (ratios[ratios.len() / 2], found)
}

/// Issue 24.4: the time of one URL grows linearly with its findings (the precedence used to
/// compare every pair of findings: `'%zz' * 6400` took 7.4 s). Findings that lose to others
/// (`%2e%2e`: lowercase-hex and encoded-unreserved under encoded-dot-segment) and findings
/// of one rule alone both scale; 8 times the findings must cost less than 10 times the CPU
/// time (a ratio of two measures, never a duration).
#[test]
fn lint_time_grows_linearly_with_findings_per_url() {
    for unit in ["%zz", "/%2e%2e", "/%7e%41", "/a b", "?k=%zz&"] {
        let url = |n: usize| format!("http://a/{}", unit.repeat(n));
        let (ratio, [small, large]) = time_ratio(&url(1_000), &url(8_000), 8);
        assert!(small >= 1_000 && large >= 8_000, "{unit}: {small} {large}");
        eprintln!("{unit}: {small} findings, {large} findings: CPU time ratio {ratio:.1}");
        assert!(
            ratio < 10.0,
            "{unit}: {small} findings, {large} findings: ratio {ratio:.1}"
        );
    }
}
