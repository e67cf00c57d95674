//! On a terminal, `urlkit decode` answers each line as it is typed: the test types a line into
//! a pseudo-terminal, reads the answer, and only then types the next one. `--line-buffered`
//! does the same through a pipe. (The waits are bounded so that a hang fails instead of
//! blocking; nothing is timed.)

use std::fs::File;
use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};

/// How long to wait for an answer before calling it a hang.
const PATIENCE: Duration = Duration::from_secs(30);

/// Collects what `reader` yields on a channel, chunk by chunk.
fn pump(mut reader: impl Read + Send + 'static) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    rx
}

/// Reads from `rx` until `want` has been seen (in what arrived since the last call).
fn wait_for(rx: &mpsc::Receiver<Vec<u8>>, seen: &mut Vec<u8>, want: &str) {
    while !String::from_utf8_lossy(seen).contains(want) {
        match rx.recv_timeout(PATIENCE) {
            Ok(chunk) => seen.extend_from_slice(&chunk),
            Err(e) => panic!(
                "no {want:?} ({e}); got so far: {:?}",
                String::from_utf8_lossy(seen)
            ),
        }
    }
    seen.clear();
}

fn still_running(child: &mut Child) {
    assert!(
        child.try_wait().expect("the child's state").is_none(),
        "urlkit ended before its input did"
    );
}

#[test]
fn decode_on_a_terminal_answers_each_line_before_the_next_is_typed() {
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("ptsname");
    let path = name.to_str().expect("a path").to_owned();
    let slave = File::options()
        .read(true)
        .write(true)
        .open(&path)
        .expect("open the terminal side");
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .arg("decode")
        .stdin(Stdio::from(slave.try_clone().expect("dup")))
        .stdout(Stdio::from(slave))
        .stderr(Stdio::null())
        .env("NO_COLOR", "1")
        .spawn()
        .expect("urlkit runs");
    let mut typing = File::from(master);
    let rx = pump(typing.try_clone().expect("dup"));
    let mut seen = Vec::new();

    // The answers differ from what the terminal echoes, so the echo cannot pass for them.
    typing.write_all(b"%E9%81%8B%E5%96%B6\n").expect("type");
    wait_for(&rx, &mut seen, "運営");
    still_running(&mut child);
    typing.write_all(b"%41%42%43\n").expect("type");
    wait_for(&rx, &mut seen, "ABC");
    still_running(&mut child);
    // Ctrl-D at the start of a line: end of input.
    typing.write_all(b"\x04").expect("type");
    let status = child.wait().expect("urlkit ends");
    assert!(status.success(), "{status}");
}

#[test]
fn line_buffered_answers_each_line_through_a_pipe() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(["--line-buffered", "key"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("urlkit runs");
    let mut input = child.stdin.take().expect("stdin");
    let rx = pump(child.stdout.take().expect("stdout"));
    let mut seen = Vec::new();
    input.write_all(b"HTTP://A/%7e\n").expect("write");
    wait_for(&rx, &mut seen, "http://a/~\n");
    still_running(&mut child);
    input.write_all(b"http://b/%e9\n").expect("write");
    wait_for(&rx, &mut seen, "http://b/%E9\n");
    drop(input);
    assert!(child.wait().expect("urlkit ends").success());
}

/// `urlkit COMMAND` with stdin a terminal and stdout a pipe: what it printed before it ended
/// (it must end without any line typed: a terminal means "show the demo input").
fn on_a_terminal(args: &[&str]) -> String {
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("ptsname");
    let slave = File::options()
        .read(true)
        .write(true)
        .open(name.to_str().expect("a path"))
        .expect("open the terminal side");
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(args)
        .stdin(Stdio::from(slave))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .env("NO_COLOR", "1")
        .spawn()
        .expect("urlkit runs");
    let rx = pump(child.stdout.take().expect("stdout"));
    let mut out = Vec::new();
    while let Ok(chunk) = rx.recv_timeout(PATIENCE) {
        out.extend_from_slice(&chunk);
    }
    let status = child.wait().expect("urlkit ends");
    drop(master);
    assert!(status.code().is_some(), "{status}");
    String::from_utf8_lossy(&out).into_owned()
}

/// Issue 25 case 7: the demo input shows when stdin is a terminal (and only then: piped
/// stdin is the input, pinned by the `table-stdin` and `roundtrip-stdin` snapshots).
#[test]
fn table_and_roundtrip_show_the_demo_input_on_a_terminal() {
    let table = on_a_terminal(&["table"]);
    assert!(
        table.starts_with("input: a b&c=d/e?f#g+h~!'()*日本\n"),
        "{table}"
    );
    let roundtrip = on_a_terminal(&["roundtrip", "--encoders", "js.encodeURIComponent"]);
    assert!(roundtrip.contains("values x 1 encoders"), "{roundtrip}");
    assert!(
        !roundtrip.contains("(1 values"),
        "the demo has several: {roundtrip}"
    );
}

/// Issue 27.1: `urlkit lint` writes each URL's findings as the URL is read, so the first
/// finding of a slow stdin shows before the input ends (it used to read all input first);
/// the list rules' findings come at the end.
#[test]
fn lint_prints_the_first_finding_before_the_input_ends() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(["--line-buffered", "lint"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("urlkit runs");
    let mut input = child.stdin.take().expect("stdin");
    let rx = pump(child.stdout.take().expect("stdout"));
    let mut seen = Vec::new();
    input
        .write_all(b"https://example.com/%e6%97%a5\n")
        .expect("write");
    wait_for(&rx, &mut seen, "1:21: U0201 lowercase-hex");
    still_running(&mut child);
    input
        .write_all(b"https://example.com/a b\n")
        .expect("write");
    wait_for(&rx, &mut seen, "2:22: U0103 raw-space");
    still_running(&mut child);
    drop(input);
    wait_for(&rx, &mut seen, "2 findings, 2 fixable with --fix");
    assert_eq!(child.wait().expect("urlkit ends").code(), Some(1));
}
