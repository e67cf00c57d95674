//! Sources in a legacy character encoding (a Shift_JIS CSV from Excel): naming the encoding,
//! guessing it from bytes that are not UTF-8, and decoding a stream to UTF-8.

use std::io::{self, Read};

use encoding_rs::{DecoderResult, Encoding};

/// The encoding a name given by a user means: an Encoding Standard label (`shift_jis`,
/// `euc-jp`, `windows-1252`, `utf-16le`, ...) or `cp932`.
///
/// *Rationale*: `cp932` (Windows' name for what Japanese Excel writes) is not a label of the
/// Encoding Standard; its Shift_JIS is Microsoft's, so `cp932` names it.
///
/// ```
/// use urlkit_sources::encoding_for_name;
/// assert_eq!(encoding_for_name("cp932").map(|e| e.name()), Some("Shift_JIS"));
/// assert_eq!(encoding_for_name("EUC-JP").map(|e| e.name()), Some("EUC-JP"));
/// assert!(encoding_for_name("klingon").is_none());
/// ```
///
/// Spec: <https://encoding.spec.whatwg.org/#names-and-labels>
pub fn encoding_for_name(name: &str) -> Option<&'static Encoding> {
    match name.trim().to_ascii_lowercase().as_str() {
        "cp932" | "ms-932" | "windows-932" => Some(encoding_rs::SHIFT_JIS),
        _ => urlkit::charset::encoding_for_label(name),
    }
}

/// The message of an encoding name that [`encoding_for_name`] does not know, the one every
/// door gives.
///
/// ```
/// assert!(urlkit_sources::unknown_encoding("klingon").contains("cp932"));
/// ```
pub fn unknown_encoding(name: &str) -> String {
    format!("unknown encoding '{name}' ({TRY})")
}

/// The encodings to suggest when a name is unknown.
pub(crate) const TRY: &str = "try cp932, shift_jis, euc-jp, iso-2022-jp, gbk, big5, euc-kr, \
                              windows-1252, utf-16le or another Encoding Standard label";

/// The encoding an XML document declares (`<?xml version="1.0" encoding="Shift_JIS"?>`) in
/// `head`, its first bytes: `Ok(None)` without a declaration or without `encoding` in it
/// (UTF-8 then, XML 1.0 §4.3.3), an error naming the label when it is not one.
pub(crate) fn declared_xml_encoding(head: &[u8]) -> Result<Option<&'static Encoding>, String> {
    let head = head.strip_prefix(crate::lines::BOM).unwrap_or(head);
    let Some(rest) = head.strip_prefix(b"<?xml") else {
        return Ok(None);
    };
    let end = memchr::memmem::find(rest, b"?>").unwrap_or(rest.len());
    let decl = &rest[..end];
    let Some(at) = memchr::memmem::find(decl, b"encoding") else {
        return Ok(None);
    };
    let after = decl[at + b"encoding".len()..].trim_ascii_start();
    let Some(after) = after.strip_prefix(b"=") else {
        return Ok(None);
    };
    let after = after.trim_ascii_start();
    let Some((&quote, value)) = after
        .split_first()
        .filter(|(q, _)| matches!(q, b'"' | b'\''))
    else {
        return Ok(None);
    };
    let label = &value[..memchr::memchr(quote, value).unwrap_or(value.len())];
    let label = String::from_utf8_lossy(label);
    encoding_for_name(&label).map(Some).ok_or_else(|| {
        format!("the XML declaration names the encoding '{label}', which urlkit does not know")
    })
}

/// Legacy encodings tried, in order, on bytes that are not UTF-8, with the name to give
/// `--encoding`.
const GUESSES: [(&Encoding, &str, &str); 4] = [
    (
        &encoding_rs::SHIFT_JIS_INIT,
        "cp932",
        "Shift_JIS, what Japanese Excel writes",
    ),
    (&encoding_rs::EUC_JP_INIT, "euc-jp", "EUC-JP"),
    (&encoding_rs::GBK_INIT, "gbk", "GBK"),
    (&encoding_rs::WINDOWS_1252_INIT, "windows-1252", "Latin-1"),
];

/// A sentence naming the likely encoding of `bytes`, which are not UTF-8: the first legacy
/// encoding (cp932, EUC-JP, GBK, then windows-1252) that decodes them without error and not
/// mostly into half-width katakana (windows-1252: only into letters).
///
/// ```
/// // "料金" in Shift_JIS.
/// let hint = urlkit_sources::likely_encoding(b"https://example.com/\x97\xbf\x8b\xe0/");
/// assert!(hint.contains("--encoding cp932"), "{hint}");
/// ```
pub fn likely_encoding(bytes: &[u8]) -> String {
    for (encoding, name, what) in GUESSES {
        let Some(text) = encoding.decode_without_bom_handling_and_without_replacement(bytes) else {
            continue;
        };
        let non_ascii: Vec<char> = text.chars().filter(|c| !c.is_ascii()).collect();
        // Half-width katakana is what a UTF-8 or EUC-JP text read as Shift_JIS looks like.
        let halfwidth = non_ascii
            .iter()
            .filter(|c| ('\u{FF61}'..='\u{FF9F}').contains(*c))
            .count();
        // Every byte is a character in windows-1252: there, only letters make it likely.
        let letters = non_ascii.iter().all(|c| c.is_alphabetic());
        let latin = std::ptr::eq(encoding, &encoding_rs::WINDOWS_1252_INIT);
        if !non_ascii.is_empty() && halfwidth * 2 < non_ascii.len() && (letters || !latin) {
            return format!(
                "it looks like {name} ({what}): name it after the file \
                 (FILE?encoding={name}) or with --encoding {name}"
            );
        }
    }
    "its encoding is not one urlkit recognises: name it after the file \
     (FILE?encoding=NAME) or with --encoding"
        .to_owned()
}

/// A reader of `inner`'s bytes in `encoding`, as UTF-8. Bytes that are malformed in that
/// encoding are passed on as they are, so that the reader of the text finds them (invalid
/// UTF-8) at their line, instead of a silent U+FFFD.
pub(crate) struct Decoding {
    inner: Box<dyn Read>,
    decoder: encoding_rs::Decoder,
    input: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
    done: bool,
    output: Vec<u8>,
    out_pos: usize,
}

impl Decoding {
    pub(crate) fn new(inner: Box<dyn Read>, encoding: &'static Encoding) -> Decoding {
        Decoding {
            inner,
            decoder: encoding.new_decoder(),
            input: vec![0; 16 * 1024],
            start: 0,
            end: 0,
            eof: false,
            done: false,
            output: Vec::new(),
            out_pos: 0,
        }
    }

    /// Decodes the next piece of input into `output`.
    fn refill(&mut self) -> io::Result<()> {
        if self.start == self.end && !self.eof {
            let n = loop {
                match self.inner.read(&mut self.input) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    other => break other?,
                }
            };
            self.eof = n == 0;
            self.start = 0;
            self.end = n;
        }
        let src = &self.input[self.start..self.end];
        let room = self
            .decoder
            .max_utf8_buffer_length_without_replacement(src.len())
            .expect("invariant: a 16 KiB piece's UTF-8 length fits in usize");
        self.output.clear();
        self.output.resize(room.max(4), 0);
        self.out_pos = 0;
        let (result, read, written) =
            self.decoder
                .decode_to_utf8_without_replacement(src, &mut self.output, self.eof);
        let mut written = written;
        if let DecoderResult::Malformed(bad, after) = result {
            // The malformed bytes and those consumed after them, as they were (the first of
            // a sequence split across two pieces may have been in the piece before).
            let bad_start = read.saturating_sub(usize::from(after) + usize::from(bad));
            let raw = &src[bad_start..read];
            self.output.truncate(written);
            self.output.extend_from_slice(raw);
            written = self.output.len();
        }
        self.output.truncate(written);
        self.start += read;
        if self.eof && result == DecoderResult::InputEmpty {
            self.done = true;
        }
        Ok(())
    }
}

impl Read for Decoding {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.out_pos == self.output.len() {
            if self.done {
                return Ok(0);
            }
            self.refill()?;
        }
        let pending = &self.output[self.out_pos..];
        let n = pending.len().min(out.len());
        out[..n].copy_from_slice(&pending[..n]);
        self.out_pos += n;
        Ok(n)
    }
}
