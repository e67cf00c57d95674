//! The CLI's input layer (issue 25, Tests; issue 24, "fuzz targets for the CLI input layer"):
//! the one input model (`urlkit_sources::Inputs`, what every line command reads stdin with)
//! over arbitrary bytes, read in sizes the input chooses (from 1 byte up), with interrupted
//! reads, as URLs or as text, with stdin sniffed or not: it never panics, and, read as lines,
//! gives exactly one item per line, in order, each the line's trim by the one rule. The
//! property test `crates/urlkit-sources/tests/input_lines.rs` checks the same law.

use std::io::{self, Read};

use urlkit_sources::{trim, Content, Inputs, Origin};

/// A reader that gives reads of the sizes in `sizes` in turn (each 1 to 256 bytes; none: as
/// much as asked), failing every third read with `Interrupted` when `interrupt`.
struct Chunked {
    data: Vec<u8>,
    at: usize,
    sizes: Vec<u8>,
    interrupt: bool,
    reads: usize,
}

impl Read for Chunked {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.reads += 1;
        if self.interrupt && self.reads % 3 == 0 {
            return Err(io::Error::new(io::ErrorKind::Interrupted, "injected"));
        }
        let size = self
            .sizes
            .get(self.reads % self.sizes.len().max(1))
            .map_or(usize::MAX, |s| usize::from(*s) + 1);
        let n = out.len().min(size).min(self.data.len() - self.at);
        out[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The lines of `data`: split at LF, the CR of a CRLF removed, no line after a final LF.
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

/// Input: a flags byte (bit 0: text, not URLs; bit 1: stdin sniffed, as the URL commands
/// read it; bit 2: interrupted reads; bits 4-5: how many read sizes follow, 0 to 3), the read
/// sizes, then stdin's bytes.
pub fn cli_input(input: &[u8]) {
    let Some((&flags, rest)) = input.split_first() else {
        return;
    };
    let n_sizes = usize::from((flags >> 4) & 3).min(rest.len());
    let (sizes, data) = rest.split_at(n_sizes);
    let content = if flags & 1 == 1 {
        Content::Text
    } else {
        Content::Url
    };
    let sniff = flags & 2 == 2;
    let mut inputs = Inputs::new(content);
    if sniff {
        inputs = inputs.read_sources();
    }
    let stdin = Box::new(Chunked {
        data: data.to_vec(),
        at: 0,
        sizes: sizes.to_vec(),
        interrupt: flags & 4 == 4,
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
    // Stdin whose first bytes tell another format (or gzip) is read as that format.
    if kinds
        .iter()
        .any(|k| *k == "format-detected" || *k == "gzip-detected")
    {
        return;
    }
    assert!(read.is_ok(), "stdin read as lines failed: {:?}", read.err());
    let want = lines(data);
    assert_eq!(items.len(), want.len(), "one item per line");
    for (i, ((origin, bytes), line)) in items.iter().zip(&want).enumerate() {
        assert_eq!(*origin, Origin::Line(i + 1));
        let kept = trim(line, i == 0, content).kept;
        assert_eq!(bytes.as_slice(), &line[kept], "line {}", i + 1);
    }
}
