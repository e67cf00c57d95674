//! 10,000 inputs from the fuzz corpus through every line command (issue 25, Acceptance): no
//! exit 101 (a panic), and one `--json` record per input line for every per-line command.
//! The inputs are the committed fuzz seeds (`fuzz/seeds/`) and deterministic mutations of
//! them (pieces real lists hold inserted: a BOM, CRLF, whitespace, bytes that are not UTF-8;
//! bytes changed, cuts, splices), run in batches of whole inputs, each ending in a newline.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// How many inputs, and how many go to one run of a command.
const INPUTS: usize = 10_000;
const BATCH: usize = 500;
/// The longest input kept (a mutation may grow one).
const LONGEST: usize = 2048;

/// The seed folders read (the text, URL and line targets' seeds).
const SEED_DIRS: &[&str] = &[
    "cli_input",
    "sources_text",
    "uri_parse",
    "normalize",
    "key_compare",
    "whatwg_rfc",
    "codec_decode",
    "lint",
    "repair",
    "build_parse",
];

/// What mutations insert.
const PIECES: &[&[u8]] = &[
    b"\xEF\xBB\xBF",
    b"\r\n",
    b"\n",
    b"\r",
    b" ",
    b"\t",
    "\u{3000}".as_bytes(),
    "\u{85}".as_bytes(),
    "\u{202E}".as_bytes(),
    b"\xFF",
    b"\xE3\x80",
    b"\x00",
    b"%",
    b"%zz",
    b"\t",
    b"https://",
    b"#",
    b"?",
];

/// xorshift64*: the same inputs on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn seeds() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds");
    let mut seeds = Vec::new();
    for dir in SEED_DIRS {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap_or_else(|e| panic!("fuzz/seeds/{dir}: {e}"))
            .map(|e| e.expect("a seed entry").path())
            .collect();
        files.sort();
        for f in files {
            seeds.push(std::fs::read(&f).expect("read a seed"));
        }
    }
    assert!(seeds.len() > 100, "the committed seeds: {}", seeds.len());
    seeds
}

/// The seeds themselves, then mutations of them, [`INPUTS`] in all.
fn inputs() -> Vec<Vec<u8>> {
    let seeds = seeds();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out: Vec<Vec<u8>> = seeds.clone();
    while out.len() < INPUTS {
        let mut input = seeds[rng.below(seeds.len())].clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(input.len() + 1);
            match rng.below(5) {
                0 | 1 => {
                    let piece = PIECES[rng.below(PIECES.len())];
                    input.splice(at..at, piece.iter().copied());
                }
                2 if !input.is_empty() => {
                    let i = at.min(input.len() - 1);
                    input[i] = rng.next() as u8;
                }
                3 => input.truncate(at),
                _ => {
                    let other = &seeds[rng.below(seeds.len())];
                    let from = rng.below(other.len() + 1);
                    input.truncate(at);
                    input.extend_from_slice(&other[from..]);
                }
            }
        }
        input.truncate(LONGEST);
        out.push(input);
    }
    out.truncate(INPUTS);
    out
}

/// Runs `urlkit ARGS --json` on `stdin`; the status and the stdout lines.
fn run(args: &[&str], stdin: &[u8]) -> (Option<i32>, Vec<serde_json::Value>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().expect("a stdin pipe");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // A command may stop reading early; a closed pipe is not this test's failure.
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer thread");
    let text = String::from_utf8(out.stdout).expect("--json output is UTF-8");
    let records = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {e}: {l}")))
        .collect();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), records, stderr)
}

/// Every per-line command: its arguments (`text:-` reads stdin as lines for the commands that
/// would tell its format by its first bytes).
const PER_LINE: &[&[&str]] = &[
    &["key", "--json", "text:-"],
    &["normalize", "--json", "text:-"],
    &["lint", "--json", "text:-"],
    &["repair", "--json", "text:-"],
    &["parse", "--json", "text:-"],
    &["compare", "--json"],
    &["decode", "--json"],
    &["encode", "--json"],
];

#[test]
fn ten_thousand_corpus_inputs_through_every_line_command() {
    let inputs = inputs();
    assert_eq!(inputs.len(), INPUTS);
    for (b, batch) in inputs.chunks(BATCH).enumerate() {
        let mut stdin = Vec::new();
        for input in batch {
            stdin.extend_from_slice(input);
            if !input.ends_with(b"\n") {
                stdin.push(b'\n');
            }
        }
        let lines = memchr::memchr_iter(b'\n', &stdin).count();
        for args in PER_LINE {
            let (code, records, stderr) = run(args, &stdin);
            let tail: String = stderr.lines().rev().take(5).collect::<Vec<_>>().join("\n");
            assert!(
                matches!(code, Some(0 | 1)),
                "{args:?} on batch {b}: exit {code:?}\n{tail}"
            );
            // lint ends a list with the list rules' findings, each a record of its own
            // marked "scope": "list" for a line already answered.
            let (own, list): (Vec<_>, Vec<_>) =
                records.iter().partition(|r| r.get("scope").is_none());
            assert_eq!(
                own.len(),
                lines,
                "{args:?} on batch {b}: one record per line"
            );
            for r in list {
                assert_eq!(r["scope"], "list", "{args:?} on batch {b}: {r}");
                let line = r["line"].as_u64().expect("a line number") as usize;
                assert!((1..=lines).contains(&line), "{args:?} on batch {b}: {r}");
            }
        }
        // dedupe: one record per distinct key, counting every line once.
        let (code, records, stderr) = run(&["dedupe", "--json", "text:-"], &stdin);
        assert!(
            matches!(code, Some(0 | 1)),
            "dedupe on batch {b}: exit {code:?}\n{stderr}"
        );
        assert!(records.len() <= lines, "dedupe on batch {b}");
    }
}

/// The first inputs alone, stdin's format told by its first bytes (as `urlkit key < FILE`
/// reads it): whatever the format, no panic.
#[test]
fn corpus_inputs_on_sniffed_stdin_never_panic() {
    for (i, input) in inputs().iter().take(150).enumerate() {
        for command in ["key", "lint"] {
            let (code, _, stderr) = run(&[command, "--json"], input);
            assert!(
                matches!(code, Some(0..=2)),
                "{command} on input {i} ({input:?}): exit {code:?}\n{stderr}"
            );
        }
    }
}
