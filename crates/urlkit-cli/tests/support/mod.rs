//! What the CLI's integration tests share: running the built binary on an input.
//!
//! Each test file is a crate of its own that declares `mod support;` and uses what it needs,
//! so an item one of them leaves unused is no dead code.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The built `urlkit` with colour off (`NO_COLOR`), so that output is the same on a terminal
/// and in CI.
pub fn urlkit() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_urlkit"));
    command.env("NO_COLOR", "1");
    command
}

/// `urlkit ARGS` with `stdin`, and its whole output.
///
/// The input is written on a thread of its own: written first, a large input would fill the
/// pipe while urlkit's stdout fills its own, and neither side would move. A write that fails
/// because urlkit exited before it read everything (a usage error, `--fail-on`) is not the
/// test's failure; the exit code and stderr say what happened.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = urlkit()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urlkit starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || match input.write_all(&data) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(()),
    });
    let out = child.wait_with_output().expect("urlkit ends");
    writer
        .join()
        .expect("the writer thread does not panic")
        .expect("stdin written, or urlkit exited before reading it all");
    out
}
