//! The one input model over any reader (issue 25, Tests: "a property test over the CLI input
//! layer"): bytes built from the pieces real lists hold (a BOM, CRLF, whitespace-only and empty
//! lines, non-ASCII whitespace, bytes that are not UTF-8, a lone CR), read in every read size
//! from 1 byte up, with and without interrupted reads, give exactly one item per line, in
//! order, each the line's trim by the one rule ([`urlkit_sources::trim`]); nothing panics.
//! The fuzz target `cli_input` checks the same law on arbitrary bytes.

use std::io::{self, Read};

use proptest::prelude::*;
use urlkit_sources::{trim, Content, Inputs, Origin};

/// A reader that gives at most `size` bytes a read, and fails every other read with
/// `Interrupted` when `interrupt` (which a reader must retry).
struct Chunked {
    data: Vec<u8>,
    at: usize,
    size: usize,
    interrupt: bool,
    reads: usize,
}

impl Read for Chunked {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.reads += 1;
        if self.interrupt && self.reads % 2 == 1 {
            return Err(io::Error::new(io::ErrorKind::Interrupted, "injected"));
        }
        let n = out.len().min(self.size).min(self.data.len() - self.at);
        out[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The lines of `data` as a reader of lines must give them: split at LF, the CR of a CRLF
/// removed, no line after a final LF.
fn lines(data: &[u8]) -> Vec<&[u8]> {
    if data.is_empty() {
        return Vec::new();
    }
    let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    let ended = data.ends_with(b"\n");
    if ended {
        lines.pop();
    }
    let last = lines.len() - 1;
    for (i, line) in lines.iter_mut().enumerate() {
        if i < last || ended {
            *line = line.strip_suffix(b"\r").unwrap_or(line);
        }
    }
    lines
}

/// The law, for one input read `size` bytes at a time.
fn one_item_per_line(data: &[u8], size: usize, content: Content, sniff: bool, interrupt: bool) {
    let mut inputs = Inputs::new(content);
    if sniff {
        inputs = inputs.read_sources();
    }
    let stdin = Box::new(Chunked {
        data: data.to_vec(),
        at: 0,
        size,
        interrupt,
        reads: 0,
    });
    let mut kinds = Vec::new();
    let mut items = Vec::new();
    let read = inputs.each_with_stdin(
        &[],
        stdin,
        &mut |n| kinds.push(n.kind.name()),
        &mut |item| {
            items.push((item.origin, item.bytes.to_vec()));
            Ok(())
        },
    );
    // Sniffed stdin that starts like gzip is inflated (a bad stream is a read error, exit 2).
    if sniff && data.starts_with(&[0x1f, 0x8b]) {
        return;
    }
    // Stdin that another format's first bytes tell (or gzip) is read as that format.
    if kinds
        .iter()
        .any(|k| *k == "format-detected" || *k == "gzip-detected")
    {
        return;
    }
    let why = || format!("{data:?} in {size}-byte reads ({content:?}, sniff {sniff})");
    assert!(read.is_ok(), "{}: {:?}", why(), read.err());
    let want = lines(data);
    assert_eq!(items.len(), want.len(), "one item per line: {}", why());
    for (i, ((origin, bytes), line)) in items.iter().zip(&want).enumerate() {
        assert_eq!(*origin, Origin::Line(i + 1), "{}", why());
        let kept = trim(line, i == 0, content).kept;
        assert_eq!(bytes.as_slice(), &line[kept], "line {}: {}", i + 1, why());
    }
}

/// The pieces inputs are made of.
fn piece() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(b"\xEF\xBB\xBF".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\r".to_vec()),
        Just(b" ".to_vec()),
        Just(b"\t".to_vec()),
        Just("\u{3000}".as_bytes().to_vec()),
        Just("\u{85}".as_bytes().to_vec()),
        Just(b"\xFF".to_vec()),
        Just(b"\xE3\x80".to_vec()),
        Just(b"https://a.example/".to_vec()),
        Just("https://例え.jp/パス".as_bytes().to_vec()),
        Just(b"not a url".to_vec()),
        proptest::collection::vec(any::<u8>(), 0..6),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_read_size_gives_one_item_per_line(
        pieces in proptest::collection::vec(piece(), 0..12),
        text in any::<bool>(),
        sniff in any::<bool>(),
        interrupt in any::<bool>(),
    ) {
        let data = pieces.concat();
        let content = if text { Content::Text } else { Content::Url };
        for size in 1..=data.len() + 1 {
            one_item_per_line(&data, size, content, sniff, interrupt);
        }
    }
}

/// The issue's case: a whitespace-only line between two URLs, in every read size.
#[test]
fn a_whitespace_only_line_is_one_empty_item() {
    let data = b"http://a/\n \nhttp://b/\n";
    for size in 1..=data.len() {
        for sniff in [false, true] {
            one_item_per_line(data, size, Content::Url, sniff, size % 2 == 0);
        }
    }
}
