//! The comparisons of the codec and key benchmarks: urlkit at the native kernel level and
//! capped at AVX2 against the crates a Rust user would pick instead, CPU-time medians of
//! interleaved rounds, and instruction counts from callgrind beside them.
//!
//! Arguments after `--` (`cargo bench -p urlkit --bench codec -- ARGS`):
//!
//! - `--only TEXT`: run only the comparisons whose title contains TEXT;
//! - `--instructions`: also count each contender's instructions per item with callgrind
//!   (valgrind must be installed): the benchmark runs itself under it once per contender;
//! - `--ms N`: the CPU time each comparison is given (default 1,500 ms);
//! - `--count C K` (internal): run contender K of comparison C once, for callgrind.
#![allow(dead_code)]

use std::hint::black_box;
use std::time::Duration;

use urlkit::codec::KernelLevel;

use crate::support::{data_note, levels, print_kernel_level, Corpora, Corpus, Input, LEVELS};

/// One contender: a name, the kernel level it runs at (urlkit's rows) and one pass over the
/// corpus, returning a size so that the work is not elided.
pub struct Contender<'a> {
    /// Its name in the table.
    pub name: String,
    /// The level its kernels run at, for urlkit's rows.
    pub level: Option<KernelLevel>,
    /// One pass over the corpus.
    pub pass: Box<dyn FnMut() -> usize + 'a>,
}

impl<'a> Contender<'a> {
    /// A contender of urlkit's, at `level`.
    pub fn ours(name: &str, level: KernelLevel, pass: impl FnMut() -> usize + 'a) -> Contender<'a> {
        Contender {
            name: name.to_owned(),
            level: Some(level),
            pass: Box::new(pass),
        }
    }

    /// An alternative.
    pub fn theirs(name: &str, pass: impl FnMut() -> usize + 'a) -> Contender<'a> {
        Contender {
            name: name.to_owned(),
            level: None,
            pass: Box::new(pass),
        }
    }
}

/// Builds a comparison's contenders over its corpus.
pub type Make = Box<dyn for<'c> Fn(&'c Corpus) -> Vec<Contender<'c>>>;

/// Wraps a closure as a [`Make`] (so that its signature is inferred higher-ranked).
pub fn make<F>(f: F) -> Make
where
    F: for<'c> Fn(&'c Corpus) -> Vec<Contender<'c>> + 'static,
{
    Box::new(f)
}

/// A goal: urlkit's rows at least `ratio` times faster than the contender named `against`.
pub struct Goal {
    /// The ratio to reach.
    pub ratio: f64,
    /// The name of the alternative it is measured against.
    pub against: &'static str,
}

/// One comparison: a title, its input, its contenders and (optionally) its goal.
pub struct Comparison {
    /// What is compared.
    pub title: String,
    /// On what.
    pub input: Input,
    /// Who.
    pub make: Make,
    /// The goal, if the issue tracker sets one.
    pub goal: Option<Goal>,
}

/// The command-line arguments of a benchmark.
pub struct Args {
    /// `--only`.
    pub only: Option<String>,
    /// `--instructions`.
    pub instructions: bool,
    /// `--ms`.
    pub budget: Duration,
    /// `--count C K`.
    pub count: Option<(usize, usize)>,
    /// `--bench` (what `cargo bench` passes; `cargo test --benches` does not).
    pub bench: bool,
}

impl Args {
    /// The arguments of this process.
    pub fn parse() -> Args {
        let mut args = Args {
            only: std::env::var("URLKIT_BENCH_ONLY").ok(),
            instructions: false,
            budget: Duration::from_millis(1500),
            count: None,
            bench: false,
        };
        let mut it = std::env::args().skip(1);
        while let Some(a) = it.next() {
            match a.as_str() {
                "--bench" => args.bench = true,
                "--instructions" => args.instructions = true,
                "--only" => args.only = it.next(),
                "--ms" => {
                    let ms = it.next().and_then(|v| v.parse().ok()).expect("--ms N");
                    args.budget = Duration::from_millis(ms);
                }
                "--levels" => {
                    let names = it.next().expect("--levels NAME,NAME");
                    let levels = names
                        .split(',')
                        .map(|n| {
                            KernelLevel::ALL
                                .into_iter()
                                .find(|l| l.name() == n)
                                .expect("--levels: a kernel level name")
                        })
                        .collect();
                    let _ = LEVELS.set(levels);
                }
                "--count" => {
                    let mut n = || it.next().and_then(|v| v.parse().ok()).expect("--count C K");
                    args.count = Some((n(), n()));
                }
                _ => {}
            }
        }
        args
    }
}

/// The CPU time this thread has used: load from other processes delays it less than it
/// delays the wall clock.
fn thread_cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// CPU time per pass of `f`, over enough passes to last about `slice`.
fn sample(slice: Duration, f: &mut dyn FnMut() -> usize, passes: &mut u32) -> Duration {
    loop {
        let start = thread_cpu();
        for _ in 0..*passes {
            black_box(f());
        }
        let took = thread_cpu() - start;
        if took >= slice / 2 || *passes >= 1 << 20 {
            return took / *passes;
        }
        // Too short to time well: more passes per sample from now on.
        *passes = (*passes * 2).max(
            (slice.as_nanos() / took.as_nanos().max(1) * u128::from(*passes)).min(1 << 20) as u32,
        );
    }
}

/// The median CPU time per pass of each contender, measured in interleaved rounds (each
/// round times every contender once), so that a burst of load from other processes falls on
/// all of them alike.
fn time_contenders(contenders: &mut [Contender<'_>], budget: Duration) -> Vec<Duration> {
    const ROUNDS: usize = 9;
    let slice = budget / (ROUNDS * contenders.len().max(1)) as u32;
    let mut passes = vec![1u32; contenders.len()];
    for (c, p) in contenders.iter_mut().zip(&mut passes) {
        // Warm up and calibrate.
        sample(slice, &mut c.pass, p);
    }
    let mut times = vec![Vec::with_capacity(ROUNDS); contenders.len()];
    for _ in 0..ROUNDS {
        for (k, c) in contenders.iter_mut().enumerate() {
            times[k].push(sample(slice, &mut c.pass, &mut passes[k]));
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort();
            t[t.len() / 2]
        })
        .collect()
}

/// The pass whose instructions callgrind counts (`--toggle-collect`): not inlined, so that
/// its name is in the profile.
#[inline(never)]
pub fn counted_pass(f: &mut dyn FnMut() -> usize) -> usize {
    black_box(f())
}

/// Counts the instructions of contender `k` of comparison `c` by running this benchmark
/// under callgrind; `None` when valgrind is missing or fails.
fn instructions(c: usize, k: usize) -> Option<(u64, String)> {
    let level_names: String = levels()
        .iter()
        .map(|l| l.name())
        .collect::<Vec<_>>()
        .join(",");
    let exe = std::env::current_exe().ok()?;
    let out = std::env::temp_dir().join(format!("urlkit-bench-{}-{c}-{k}.cg", std::process::id()));
    let status = std::process::Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg("--toggle-collect=*counted_pass*")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .args(["--dump-instr=no", "--dump-line=no"])
        .arg(&exe)
        .args(["--count", &c.to_string(), &k.to_string()])
        .args(["--levels", &level_names])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let text = std::fs::read_to_string(&out).ok();
    let _ = std::fs::remove_file(&out);
    if !status.status.success() {
        return None;
    }
    let level = String::from_utf8_lossy(&status.stdout).trim().to_owned();
    let totals = text?
        .lines()
        .find_map(|l| {
            l.strip_prefix("totals:")
                .or_else(|| l.strip_prefix("summary:"))
        })?
        .trim()
        .parse()
        .ok()?;
    Some((totals, level))
}

/// Runs the benchmark: every comparison (or the one contender `--count` names).
pub fn run(title: &str, comparisons: Vec<Comparison>) {
    let args = Args::parse();
    let mut corpora = Corpora::default();
    if let Some((c, k)) = args.count {
        // A child under callgrind: one warm-up pass, then the counted one.
        let cmp = comparisons.get(c).expect("--count: no such comparison");
        let corpus = corpora.get(&cmp.input);
        let mut contenders = (cmp.make)(&corpus);
        let contender = contenders.get_mut(k).expect("--count: no such contender");
        black_box((contender.pass)());
        black_box(counted_pass(&mut contender.pass));
        // Says which level ran: under valgrind a CPU's AVX-512 is not seen.
        let level = contender.level.map(|l| l.effective().name()).unwrap_or("-");
        println!("{level}");
        return;
    }
    if !args.bench {
        println!("{title}: run with `cargo bench -p urlkit --bench NAME` (see benches/support)");
        return;
    }
    println!("{title}");
    print_kernel_level();
    println!("{}", data_note());
    let mut verdicts = Vec::new();
    for (c, cmp) in comparisons.iter().enumerate() {
        let corpus = corpora.get(&cmp.input);
        let heading = format!(
            "{} [{}: {} items, {} bytes]",
            cmp.title,
            corpus.name,
            corpus.lines.len(),
            corpus.bytes()
        );
        if args
            .only
            .as_ref()
            .is_some_and(|o| !heading.contains(o.as_str()))
        {
            continue;
        }
        let mut contenders = (cmp.make)(&corpus);
        let times = time_contenders(&mut contenders, args.budget);
        let counts: Vec<Option<(u64, String)>> = if args.instructions {
            (0..contenders.len()).map(|k| instructions(c, k)).collect()
        } else {
            vec![None; contenders.len()]
        };
        let items = corpus.lines.len().max(1) as f64;
        println!("\n{heading}");
        println!(
            "  {:<40} {:>7} {:>10} {:>9} {:>13} {:>12}",
            "contender", "level", "CPU ms", "MB/s", "Ir/item (lvl)", "vs urlkit"
        );
        let ours: Vec<usize> = (0..contenders.len())
            .filter(|&k| contenders[k].level.is_some())
            .collect();
        for (k, c) in contenders.iter().enumerate() {
            let t = times[k];
            let mbs = corpus.bytes() as f64 / t.as_secs_f64() / 1e6;
            let ir = match &counts[k] {
                Some((n, lvl)) => format!("{:.0} ({lvl})", *n as f64 / items),
                None => String::new(),
            };
            let vs = if c.level.is_some() {
                String::new()
            } else {
                ours.iter()
                    .map(|&o| format!("{:.2}x", t.as_secs_f64() / times[o].as_secs_f64()))
                    .collect::<Vec<_>>()
                    .join(" / ")
            };
            let level = c.level.map(|l| l.effective().name()).unwrap_or("-");
            println!(
                "  {:<40} {:>7} {:>10.3} {:>9.1} {:>13} {:>12}",
                c.name,
                level,
                t.as_secs_f64() * 1e3,
                mbs,
                ir,
                vs
            );
        }
        if let Some(goal) = &cmp.goal {
            let Some(theirs) = contenders.iter().position(|c| c.name == goal.against) else {
                panic!("goal against {:?}: no such contender", goal.against);
            };
            let mut parts = Vec::new();
            let mut met = true;
            for &o in &ours {
                let r = times[theirs].as_secs_f64() / times[o].as_secs_f64();
                met &= r >= goal.ratio;
                let level = contenders[o]
                    .level
                    .map(|l| l.effective().name())
                    .unwrap_or("-");
                parts.push(format!("CPU {r:.2}x at {level}"));
                if let (Some((a, la)), Some((b, _))) = (&counts[o], &counts[theirs]) {
                    let r = *b as f64 / *a as f64;
                    met &= r >= goal.ratio;
                    parts.push(format!("Ir {r:.2}x at {la}"));
                }
            }
            let verdict = format!(
                "goal {}x {}: {} -> {}",
                goal.ratio,
                goal.against,
                parts.join(", "),
                if met { "met" } else { "NOT MET" }
            );
            println!("  {verdict}");
            verdicts.push(format!("{heading}: {verdict}"));
        }
    }
    if !verdicts.is_empty() {
        println!("\ngoals:");
        for v in verdicts {
            println!("  {v}");
        }
    }
}
