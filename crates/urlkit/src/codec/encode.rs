//! Percent-encoding with an [`EncodeSet`]: [`Encoder`] and its options.

use std::borrow::Cow;

use super::encode_set::EncodeSet;
use super::kernel::{self, KernelLevel, NibbleSet};
use super::sets::FORM_URLENCODED;
use crate::uri::chars::{Hex, HEX_LOWER, HEX_UPPER};

/// The case of the hex digits an encoder writes.
///
/// RFC 3986 §2.1: "URI producers and normalizers should use uppercase hexadecimal digits for
/// all percent-encodings", so [`HexCase::Upper`] is the default.
///
/// ```
/// use urlkit::codec::{Encoder, HexCase, sets::UNRESERVED};
/// assert_eq!(Encoder::new(UNRESERVED).hex(HexCase::Lower).encode_str("é"), "%c3%a9");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HexCase {
    /// `%C3%A9`
    #[default]
    Upper,
    /// `%c3%a9`, as some encoders (WordPress's REST API, .NET's `WebUtility`) write.
    Lower,
}

/// What an encoder writes for U+0020 SPACE.
///
/// ```
/// use urlkit::codec::{Encoder, Space, sets::UNRESERVED};
/// assert_eq!(Encoder::new(UNRESERVED).space(Space::Plus).encode_str("a b"), "a+b");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Space {
    /// Space follows the set: `%20` when the set contains it, a raw space otherwise.
    #[default]
    AsSet,
    /// Space is written `+`, as application/x-www-form-urlencoded does
    /// (<https://url.spec.whatwg.org/#urlencoded-serializing>).
    Plus,
}

/// 1 for each byte the encoder changes (escapes, or turns into `+`), else 0.
const fn change_table(set: EncodeSet, space: Space) -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        if set.contains(b as u8) {
            table[b] = 1;
        }
        b += 1;
    }
    if let Space::Plus = space {
        table[b' ' as usize] = 1;
    }
    table
}

/// Whether any of the eight bytes at `c[0..8]` is changed: eight loads, one branch.
#[inline(always)]
fn any_changed(table: &[u8; 256], c: &[u8]) -> bool {
    let c = &c[..8];
    (table[c[0] as usize]
        | table[c[1] as usize]
        | table[c[2] as usize]
        | table[c[3] as usize]
        | table[c[4] as usize]
        | table[c[5] as usize]
        | table[c[6] as usize]
        | table[c[7] as usize])
        != 0
}

/// A percent-encoder: an [`EncodeSet`] and how to write what it encodes.
///
/// An encoder is a small `Copy` value that holds a 256-entry table, so testing a byte is one
/// load. It never decodes: a `%` in the input is data and is encoded when the set contains `%`
/// (RFC 3986 §2.4: "implementations must not percent-encode or decode the same string more than
/// once").
///
/// # Example
///
/// ```
/// use urlkit::codec::{Encoder, sets::UNRESERVED};
///
/// let enc = Encoder::new(UNRESERVED);
/// assert_eq!(enc.encode_str("東京 カフェ"), "%E6%9D%B1%E4%BA%AC%20%E3%82%AB%E3%83%95%E3%82%A7");
/// // Nothing to encode: the input is returned borrowed, without a copy.
/// assert!(matches!(enc.encode_str("tokyo-cafe"), std::borrow::Cow::Borrowed(_)));
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#percent-encode> and RFC 3986 §2.1.
#[derive(Clone, Copy, Debug)]
pub struct Encoder {
    set: EncodeSet,
    table: [u8; 256],
    /// The same bytes as `table`, as the vector kernels' nibble tables.
    nibbles: NibbleSet,
    hex: HexCase,
    space: Space,
    /// The highest kernel level this encoder may run ([`Encoder::kernel`]).
    kernel: KernelLevel,
}

impl Encoder {
    /// An encoder for `set`, with uppercase hex and space as the set says.
    ///
    /// ```
    /// use urlkit::codec::{Encoder, sets::PATH};
    /// const PATH_ENCODER: Encoder = Encoder::new(PATH);
    /// assert_eq!(PATH_ENCODER.encode_str("/a b?"), "/a%20b%3F");
    /// ```
    pub const fn new(set: EncodeSet) -> Encoder {
        let table = change_table(set, Space::AsSet);
        Encoder {
            set,
            table,
            nibbles: NibbleSet::new(&table),
            hex: HexCase::Upper,
            space: Space::AsSet,
            kernel: KernelLevel::TOP,
        }
    }

    /// The application/x-www-form-urlencoded byte serializer: [`FORM_URLENCODED`], space as `+`.
    ///
    /// <https://url.spec.whatwg.org/#urlencoded-byte-serializer>
    ///
    /// ```
    /// use urlkit::codec::Encoder;
    /// assert_eq!(Encoder::form().encode_str("東京 カフェ"), "%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7");
    /// ```
    pub const fn form() -> Encoder {
        Encoder::new(FORM_URLENCODED).space(Space::Plus)
    }

    /// The same encoder writing hex digits in `case`.
    ///
    /// ```
    /// use urlkit::codec::{Encoder, HexCase, sets::COMPONENT};
    /// assert_eq!(Encoder::new(COMPONENT).hex(HexCase::Lower).encode_str("/"), "%2f");
    /// ```
    #[must_use]
    pub const fn hex(mut self, case: HexCase) -> Encoder {
        self.hex = case;
        self
    }

    /// The same encoder writing space as `space` says.
    ///
    /// ```
    /// use urlkit::codec::{Encoder, Space, sets::COMPONENT};
    /// assert_eq!(Encoder::new(COMPONENT).space(Space::Plus).encode_str("a b+c"), "a+b%2Bc");
    /// ```
    #[must_use]
    pub const fn space(mut self, space: Space) -> Encoder {
        self.space = space;
        self.table = change_table(self.set, space);
        self.nibbles = NibbleSet::new(&self.table);
        self
    }

    /// The same encoder with its vector kernels capped at `cap` (the default is no cap: the
    /// best level this CPU has). The output is the same at every level; benchmarks and tests
    /// use this to run, say, the AVX2 kernels on a CPU that has AVX-512.
    ///
    /// ```
    /// use urlkit::codec::{Encoder, KernelLevel, sets::PATH};
    /// let scalar = Encoder::new(PATH).kernel(KernelLevel::Scalar);
    /// assert_eq!(scalar.kernel_level(), KernelLevel::Scalar);
    /// assert_eq!(scalar.encode_str("/a b"), Encoder::new(PATH).encode_str("/a b"));
    /// ```
    #[must_use]
    pub const fn kernel(mut self, cap: KernelLevel) -> Encoder {
        self.kernel = cap;
        self
    }

    /// The kernel level this encoder runs on this CPU: its cap ([`Encoder::kernel`]) or the
    /// CPU's best, whichever is lower.
    ///
    /// ```
    /// use urlkit::codec::{kernel_level, Encoder, sets::PATH};
    /// assert_eq!(Encoder::new(PATH).kernel_level(), kernel_level());
    /// ```
    #[inline]
    pub fn kernel_level(&self) -> KernelLevel {
        self.kernel.effective()
    }

    /// The set this encoder uses.
    ///
    /// ```
    /// use urlkit::codec::{Encoder, sets::PATH};
    /// assert_eq!(Encoder::new(PATH).set(), PATH);
    /// ```
    pub const fn set(&self) -> EncodeSet {
        self.set
    }

    /// The hex case this encoder writes.
    ///
    /// ```
    /// use urlkit::codec::{Encoder, HexCase, sets::PATH};
    /// assert_eq!(Encoder::new(PATH).hex_case(), HexCase::Upper);
    /// ```
    pub const fn hex_case(&self) -> HexCase {
        self.hex
    }

    /// How this encoder writes a space.
    ///
    /// ```
    /// use urlkit::codec::{Encoder, Space};
    /// assert_eq!(Encoder::form().space_mode(), Space::Plus);
    /// ```
    pub const fn space_mode(&self) -> Space {
        self.space
    }

    /// Whether `byte` is escaped (or, for a space in [`Space::Plus`] mode, replaced) by this
    /// encoder.
    ///
    /// ```
    /// use urlkit::codec::{Encoder, sets::PATH};
    /// assert!(Encoder::new(PATH).encodes(b'?') && !Encoder::new(PATH).encodes(b'/'));
    /// // In form mode a space is changed too (into '+').
    /// assert!(Encoder::form().encodes(b' '));
    /// ```
    #[inline]
    pub const fn encodes(&self, byte: u8) -> bool {
        self.table[byte as usize] != 0
    }

    /// Encodes `input`; borrowed when nothing needed encoding.
    ///
    /// Non-ASCII bytes are kept only if the set keeps them; since a `&str` keeps whole UTF-8
    /// sequences together, the result is always valid text.
    ///
    /// ```
    /// use urlkit::codec::{Encoder, EncodeSet, sets::PATH};
    /// assert_eq!(Encoder::new(PATH).encode_str("/運営/a b"), "/%E9%81%8B%E5%96%B6/a%20b");
    /// // IRI output: a set that keeps non-ASCII keeps whole characters.
    /// let iri = Encoder::new(PATH.difference(EncodeSet::NON_ASCII));
    /// assert_eq!(iri.encode_str("/運営/a b"), "/運営/a%20b");
    /// ```
    #[inline]
    pub fn encode_str<'a>(&self, input: &'a str) -> Cow<'a, str> {
        self.encode_str_at(self.kernel_level(), input)
    }

    /// [`Encoder::encode_str`] with the kernels of `level`.
    #[inline]
    pub(crate) fn encode_str_at<'a>(&self, level: KernelLevel, input: &'a str) -> Cow<'a, str> {
        match self.first_encoded(level, input.as_bytes()) {
            None => Cow::Borrowed(input),
            Some(first) => Cow::Owned(self.encode_str_from(level, input, first)),
        }
    }

    /// The encoding of `input`, whose byte `first` is the first to change.
    ///
    /// Out of line, so that the common call (nothing to encode) stays a short function that
    /// saves no registers.
    #[inline(never)]
    fn encode_str_from(&self, level: KernelLevel, input: &str, first: usize) -> String {
        let out = self.encode_owned(level, input.as_bytes(), first);
        kernel::encoded_into_string(out, &self.nibbles, kernel::Input::Text)
    }

    /// The hex digits and escapes of this encoder's case.
    fn hex_tables(&self) -> &'static Hex {
        match self.hex {
            HexCase::Upper => &HEX_UPPER,
            HexCase::Lower => &HEX_LOWER,
        }
    }

    /// The encoding of `input` (its byte `first` the first to change) as bytes: by the fused
    /// vector kernel where the CPU has one, else by [`Encoder::encode_tail`].
    fn encode_owned(&self, level: KernelLevel, input: &[u8], first: usize) -> Vec<u8> {
        let hex = self.hex_tables();
        let mut out = Vec::new();
        let fused = match self.space {
            Space::Plus => {
                kernel::encode_owned::<true>(level, &self.nibbles, hex, input, first, &mut out)
            }
            Space::AsSet => {
                kernel::encode_owned::<false>(level, &self.nibbles, hex, input, first, &mut out)
            }
        };
        if !fused {
            self.encode_tail(level, input, first, &mut out);
        }
        out
    }

    /// Encodes arbitrary bytes (not necessarily UTF-8); borrowed when nothing needed encoding.
    ///
    /// # Rationale
    ///
    /// The output must be text, so every non-ASCII byte is encoded here even when
    /// the set keeps it (a kept lone `0xE6` would not be text). Use [`Encoder::encode_str`] to
    /// keep non-ASCII characters (IRI output).
    ///
    /// ```
    /// use urlkit::codec::{Encoder, sets::PATH};
    /// assert_eq!(Encoder::new(PATH).encode_bytes(b"/a b\x83\x5E"), "/a%20b%83%5E");
    /// ```
    pub fn encode_bytes<'a>(&self, input: &'a [u8]) -> Cow<'a, str> {
        self.encode_bytes_at(self.kernel_level(), input)
    }

    /// [`Encoder::encode_bytes`] with the kernels of `level`.
    pub(crate) fn encode_bytes_at<'a>(&self, level: KernelLevel, input: &'a [u8]) -> Cow<'a, str> {
        let widened;
        let enc = if self.set.encodes_all_non_ascii() {
            self
        } else {
            widened = self.with_non_ascii_encoded();
            &widened
        };
        match enc.first_encoded(level, input) {
            // Every non-ASCII byte is encoded, so an input with nothing to encode is ASCII.
            None => match std::str::from_utf8(input) {
                Ok(s) => Cow::Borrowed(s),
                Err(_) => Cow::Owned(String::from_utf8_lossy(input).into_owned()),
            },
            Some(first) => Cow::Owned(kernel::encoded_into_string(
                enc.encode_owned(level, input, first),
                &enc.nibbles,
                kernel::Input::Bytes,
            )),
        }
    }

    /// The same encoder with every non-ASCII byte in its set.
    fn with_non_ascii_encoded(&self) -> Encoder {
        Encoder::new(self.set.union(EncodeSet::NON_ASCII))
            .hex(self.hex)
            .space(self.space)
            .kernel(self.kernel)
    }

    /// Appends the encoding of `input` to `out` (the caller's buffer, reused across calls).
    ///
    /// ```
    /// use urlkit::codec::{Encoder, sets::COMPONENT};
    /// let mut buf = String::from("q=");
    /// Encoder::new(COMPONENT).encode_str_into("a&b", &mut buf);
    /// assert_eq!(buf, "q=a%26b");
    /// ```
    pub fn encode_str_into(&self, input: &str, out: &mut String) {
        out.push_str(&self.encode_str(input));
    }

    /// Appends the encoding of arbitrary bytes to `out`; see [`Encoder::encode_bytes`].
    ///
    /// ```
    /// use urlkit::codec::{Encoder, sets::UNRESERVED};
    /// let mut out = String::from("name=");
    /// Encoder::new(UNRESERVED).encode_bytes_into(b"\x83\x5E", &mut out);
    /// assert_eq!(out, "name=%83%5E");
    /// ```
    pub fn encode_bytes_into(&self, input: &[u8], out: &mut String) {
        out.push_str(&self.encode_bytes(input));
    }

    /// The index of the first byte this encoder changes.
    #[inline]
    fn first_encoded(&self, level: KernelLevel, input: &[u8]) -> Option<usize> {
        if level >= KernelLevel::Avx512 || (input.len() >= 16 && level >= KernelLevel::Ssse3) {
            return kernel::first_in_set(level, &self.nibbles, &self.table, input, 0);
        }
        let table = &self.table;
        let n = input.len();
        let mut i = 0;
        // The common input has nothing to encode: test 16 bytes per branch.
        while i + 16 <= n {
            if any_changed(table, &input[i..]) | any_changed(table, &input[i + 8..]) {
                break;
            }
            i += 16;
        }
        if i + 8 <= n && !any_changed(table, &input[i..]) {
            i += 8;
        }
        // Fewer than 8 bytes left unchecked: test the last word (overlapping what was seen).
        if i < n && n >= 8 && i + 8 > n && !any_changed(table, &input[n - 8..]) {
            return None;
        }
        input[i..]
            .iter()
            .position(|&b| table[b as usize] != 0)
            .map(|p| i + p)
    }

    /// Appends the encoding of `input[start..]` to `out`, after `input[..start]` (which needs
    /// no encoding); `input[start]` is known to need encoding.
    ///
    /// The buffer is sized once: exactly (one counting pass) for inputs over 256 bytes, for
    /// the worst case (3 bytes per byte) below that, where the pass costs more than the spare
    /// capacity. Bytes are then handled in blocks of eight: a block with nothing to change is
    /// copied whole; otherwise each byte is one branch-free step (see `encode_step`).
    fn encode_tail(&self, level: KernelLevel, input: &[u8], start: usize, out: &mut Vec<u8>) {
        // One copy of the loop per space mode, so the byte step tests no flag.
        match self.space {
            Space::Plus => self.encode_loop::<true>(level, input, start, out),
            Space::AsSet => self.encode_loop::<false>(level, input, start, out),
        }
    }

    /// The body of [`Encoder::encode_tail`]; `PLUS` writes space as `+`.
    fn encode_loop<const PLUS: bool>(
        &self,
        level: KernelLevel,
        input: &[u8],
        start: usize,
        out: &mut Vec<u8>,
    ) {
        let table = &self.table;
        let hex = self.hex_tables();
        let escapes = &hex.escapes;
        let rest = &input[start..];
        // Short inputs get the worst case (3 bytes per byte): a counting pass costs more
        // than the spare capacity. Longer ones are counted, so the buffer is exact.
        let changed: usize = if rest.len() <= 256 {
            rest.len()
        } else {
            rest.iter().map(|&b| table[b as usize] as usize).sum()
        };
        // Exact (plus the 32 bytes the vector kernel's last store may pass the end by),
        // except that a space written '+' takes 1 byte, not 3: truncated at the end.
        let size = rest.len() + 2 * changed + 32;
        out.reserve_exact(start + size);
        out.extend_from_slice(&input[..start]);
        let base = out.len();
        out.resize(base + size, 0);
        let buf = &mut out[base..];
        let n = rest.len();
        // The kernel gets the whole input, so that its last load may reach back before
        // `start`.
        let (i, mut w) =
            kernel::encode_chunks::<PLUS>(level, &self.nibbles, hex, input, start, buf, 0);
        let mut i = i - start;
        // Blocks of eight input bytes. After a block with a changed byte the next block is
        // likely to have one too (escapes cluster: UTF-8 sequences, %-dense text), so it goes
        // straight to the byte steps; otherwise the word test lets kept runs through whole.
        let mut dense = true;
        while i + 8 <= n {
            let block = &rest[i..i + 8];
            if !dense && !any_changed(table, block) {
                // Room: each of these 8 input bytes yields at least one output byte.
                buf[w..w + 8].copy_from_slice(block);
                i += 8;
                w += 8;
                continue;
            }
            let mut changes = 0;
            for &b in block {
                let c = table[b as usize];
                changes |= c;
                w = encode_step::<PLUS>(buf, w, b, c, escapes);
            }
            dense = changes != 0;
            i += 8;
        }
        for &b in &rest[i..] {
            w = encode_step::<PLUS>(buf, w, b, table[b as usize], escapes);
        }
        out.truncate(base + w);
    }
}

/// Writes the encoding of one byte at `buf[w..]` (`c` = 1 when the encoder changes it) and
/// returns the next write position. Three bytes are always written (the escape, or the byte
/// and two bytes the next step overwrites), so that the step has no branch on the byte.
#[inline(always)]
fn encode_step<const PLUS: bool>(
    buf: &mut [u8],
    w: usize,
    b: u8,
    c: u8,
    escapes: &[[u8; 4]; 256],
) -> usize {
    let (b, c) = if PLUS && b == b' ' {
        (b'+', 0)
    } else {
        (b, c as usize)
    };
    let e = &escapes[b as usize];
    let cell = &mut buf[w..w + 3];
    cell[0] = if c == 0 { b } else { b'%' };
    cell[1] = e[1];
    cell[2] = e[2];
    w + 1 + 2 * c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::sets::{COMPONENT, PATH, UNRESERVED};

    #[test]
    fn acceptance_examples() {
        assert_eq!(
            Encoder::new(UNRESERVED).encode_str("東京 カフェ"),
            "%E6%9D%B1%E4%BA%AC%20%E3%82%AB%E3%83%95%E3%82%A7"
        );
        assert_eq!(
            Encoder::form().encode_str("東京 カフェ"),
            "%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7"
        );
        assert_eq!(
            Encoder::new(COMPONENT).encode_str("a b&c=d/e?f#g+h~!'()*"),
            "a%20b%26c%3Dd%2Fe%3Ff%23g%2Bh~!'()*"
        );
    }

    #[test]
    fn keeps_non_ascii_only_when_set_keeps_it() {
        let iri = Encoder::new(PATH.difference(EncodeSet::NON_ASCII));
        assert_eq!(iri.encode_str("/運営 者/"), "/運営%20者/");
        assert_eq!(iri.encode_bytes("運".as_bytes()), "%E9%81%8B");
    }

    #[test]
    fn lower_hex_and_into() {
        let enc = Encoder::new(UNRESERVED).hex(HexCase::Lower);
        let mut out = String::from(">");
        enc.encode_str_into("運", &mut out);
        assert_eq!(out, ">%e9%81%8b");
    }

    #[test]
    fn word_loop_boundaries() {
        // Lengths around the 8-byte steps, changed bytes at every position.
        let enc = Encoder::new(UNRESERVED);
        for len in 0..30 {
            for at in 0..len {
                let mut s = "a".repeat(len);
                s.replace_range(at..at + 1, " ");
                let expected = s.replace(' ', "%20");
                assert_eq!(enc.encode_str(&s), expected);
                assert_eq!(Encoder::form().encode_str(&s), s.replace(' ', "+"));
            }
        }
    }

    #[test]
    fn bytes_with_a_set_that_keeps_non_ascii() {
        let keep_all = Encoder::new(EncodeSet::EMPTY.add(b' '));
        assert_eq!(keep_all.encode_bytes(b"a \xFF"), "a%20%FF");
        assert_eq!(keep_all.encode_str("a 運"), "a%20運");
    }
}
