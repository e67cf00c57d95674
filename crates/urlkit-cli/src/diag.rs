//! Every message urlkit writes on stderr goes through here: one `error:` / `warning:` /
//! `note:` prefix, control characters from outside escaped, and a lost message remembered so
//! that the exit status can say so (DESIGN §6: an exit code never claims success that did not
//! happen).

use std::fmt::Display;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::style::{escape_controls, Style};

/// Set when a message could not be written (stderr closed, full, or its reader gone).
static LOST: AtomicBool = AtomicBool::new(false);

/// Set at start when stderr is not open: the standard library would drop writes silently.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// How serious a message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The input or the command failed.
    Error,
    /// The answer may not be what the user meant (a guess, a changed meaning).
    Warning,
    /// What urlkit did on its own (a byte order mark removed).
    Note,
}

/// Remembers whether stderr was open when urlkit started.
pub fn check_stderr() {
    if !was_open(&io::stderr()) {
        CLOSED.store(true, Ordering::Relaxed);
    }
}

/// Whether the standard stream `fd` was open when the process started.
///
/// # Rationale
///
/// The Rust runtime opens `/dev/null` read-write on a standard stream that was closed
/// (`>&-`), so that a closed stream cannot be reused by the first file; writes to it then
/// succeed and vanish. A shell's `>/dev/null` opens it write-only, so `/dev/null` open
/// read-write on fd 1 or 2 is read as "closed" (`<>/dev/null` on stdout is the one
/// redirection this misreads, and it says so on stderr).
pub fn was_open(fd: &impl std::os::fd::AsFd) -> bool {
    use rustix::fs::{fcntl_getfl, fstat, stat, OFlags};
    let fd = fd.as_fd();
    let Ok(flags) = fcntl_getfl(fd) else {
        return false;
    };
    if !flags.contains(OFlags::RDWR) {
        return true;
    }
    match (fstat(fd), stat("/dev/null")) {
        (Ok(ours), Ok(null)) => !(ours.st_rdev == null.st_rdev && ours.st_ino == null.st_ino),
        _ => true,
    }
}

/// Whether a message was lost.
pub fn lost() -> bool {
    LOST.load(Ordering::Relaxed)
}

/// Writes `severity: message` and the `detail` lines (indented) on stderr. The message and
/// the details may hold text from outside (a URL, a server's message): their control
/// characters are escaped, so that nothing a source says reaches the terminal raw.
pub fn emit(style: &Style, severity: Severity, message: impl Display, detail: &[&str]) {
    let prefix = match severity {
        Severity::Error => style.error("error"),
        Severity::Warning => style.warning("warning"),
        Severity::Note => style.bold("note"),
    };
    let message = message.to_string();
    let mut text = format!("{prefix}: {}\n", escape_controls(&message));
    for line in detail {
        text.push_str("  ");
        text.push_str(&escape_controls(line));
        text.push('\n');
    }
    write_raw(text.as_bytes());
}

/// Writes text urlkit composed itself (a progress line, a caret line already escaped).
pub fn write_raw(bytes: &[u8]) {
    if CLOSED.load(Ordering::Relaxed) {
        LOST.store(true, Ordering::Relaxed);
        return;
    }
    let mut err = io::stderr().lock();
    if err.write_all(bytes).and_then(|()| err.flush()).is_err() {
        LOST.store(true, Ordering::Relaxed);
    }
}

/// `error: message`.
pub fn error(style: &Style, message: impl Display) {
    emit(style, Severity::Error, message, &[]);
}

/// `warning: message`.
pub fn warning(style: &Style, message: impl Display) {
    emit(style, Severity::Warning, message, &[]);
}

/// `note: message`.
pub fn note(style: &Style, message: impl Display) {
    emit(style, Severity::Note, message, &[]);
}
