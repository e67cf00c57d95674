//! The check head reader under I/O errors: whatever bytes, chunk sizes and error a body
//! gives, `read_head` never reads past its cap, never calls an interrupted read an error, and
//! says (`read_error`) exactly when a read failed before the head ended (issue 24, item 9: a
//! head that was never read is not "no canonical").

use std::cell::Cell;
use std::io::{self, ErrorKind, Read};

use urlkit_sources::check::read_head;

const KINDS: [ErrorKind; 6] = [
    ErrorKind::TimedOut,
    ErrorKind::ConnectionReset,
    ErrorKind::UnexpectedEof,
    ErrorKind::Interrupted,
    ErrorKind::WouldBlock,
    ErrorKind::Other,
];

/// A body given in chunks whose sizes the input chooses, failing with `kind` once `fail_at`
/// bytes were given (an interrupted read fails once and then goes on).
struct Flaky<'a> {
    data: &'a [u8],
    sizes: &'a [u8],
    reads: usize,
    given: usize,
    fail_at: Option<usize>,
    kind: ErrorKind,
    failed: &'a Cell<bool>,
}

impl Read for Flaky<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(at) = self.fail_at {
            if self.given >= at {
                if self.kind == ErrorKind::Interrupted {
                    self.fail_at = None;
                } else {
                    self.failed.set(true);
                }
                return Err(io::Error::new(self.kind, "injected"));
            }
        }
        let size = self
            .sizes
            .get(self.reads % self.sizes.len().max(1))
            .map_or(usize::MAX, |s| usize::from(*s) + 1);
        self.reads += 1;
        let limit = self.fail_at.map_or(usize::MAX, |at| at - self.given);
        let n = buf.len().min(self.data.len()).min(size).min(limit);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        self.given += n;
        Ok(n)
    }
}

/// Input: a cap selector, an error selector, two bytes of error position, four chunk sizes,
/// then the body.
pub fn check_head(input: &[u8]) {
    if input.len() < 8 {
        return;
    }
    let (control, body) = input.split_at(8);
    let cap = 16 + u64::from(control[0]) * 16;
    let fail_at = (control[1] & 1 == 1)
        .then(|| usize::from(u16::from_le_bytes([control[2], control[3]])) % (body.len() + 2));
    let kind = KINDS[usize::from(control[1] >> 1) % KINDS.len()];
    let failed = Cell::new(false);
    let mut flaky = Flaky {
        data: body,
        sizes: &control[4..8],
        reads: 0,
        given: 0,
        fail_at,
        kind,
        failed: &failed,
    };
    let head = read_head(&mut flaky, cap);
    assert!(
        head.bytes <= cap,
        "read {} bytes past the cap {cap}",
        head.bytes
    );
    assert!(head.bytes <= body.len() as u64);
    assert_eq!(
        head.read_error.is_some(),
        failed.get(),
        "a failed read (kind {kind:?} at {fail_at:?}) and what the head says disagree: {head:?}"
    );
    if head.read_error.is_some() {
        assert!(!head.truncated, "an error is not the cap: {head:?}");
    }
}
