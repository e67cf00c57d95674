//! Percent-decoding in three modes: [`DecodeMode::Strict`], [`DecodeMode::Lenient`] and
//! [`DecodeMode::Form`].

use std::borrow::Cow;
use std::fmt;

use super::kernel::{self, KernelLevel};
use super::scan::{eq_mask, first_flag, word_at};
pub(crate) use crate::uri::chars::escape_at;
use crate::uri::chars::HEX_VALUE;

/// How a decoder treats `+` and malformed escapes.
///
/// # Rationale
///
/// Only [`DecodeMode::Form`] reads `+` as a space. RFC 3986 gives `+` no special
/// meaning (it is a sub-delimiter that stands for itself, in paths especially), and the
/// WHATWG percent-decode keeps it; the `+`-is-space rule belongs to
/// application/x-www-form-urlencoded alone. Decoding `a+b` as `a b` outside a form body is a
/// classic source of corrupted data (`C++` becoming `C  `).
///
/// ```
/// use urlkit::codec::{decode, DecodeMode};
/// assert!(decode("100%", DecodeMode::Strict).is_err());
/// assert_eq!(decode("100%", DecodeMode::Lenient).unwrap(), "100%");
/// assert_eq!(decode("a+b%21", DecodeMode::Form).unwrap(), "a b!");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DecodeMode {
    /// A `%` not followed by two hex digits is an error (RFC 3986 §2.1 `pct-encoded`), and so
    /// is text that is not UTF-8 once decoded.
    #[default]
    Strict,
    /// The WHATWG percent-decode: a malformed `%` stays as it is, and bytes that are not UTF-8
    /// become U+FFFD when text is asked for.
    /// <https://url.spec.whatwg.org/#percent-decode>
    Lenient,
    /// application/x-www-form-urlencoded: `+` is a space, then [`DecodeMode::Lenient`].
    /// <https://url.spec.whatwg.org/#urlencoded-parsing>
    Form,
}

impl DecodeMode {
    /// Every mode, in the order the CLI's help lists them.
    pub const ALL: [DecodeMode; 3] = [DecodeMode::Strict, DecodeMode::Lenient, DecodeMode::Form];

    /// The mode's name, as `urlkit decode --mode` and the Python package spell it.
    ///
    /// ```
    /// use urlkit::codec::DecodeMode;
    /// assert_eq!(DecodeMode::Form.name(), "form");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            DecodeMode::Strict => "strict",
            DecodeMode::Lenient => "lenient",
            DecodeMode::Form => "form",
        }
    }

    /// The mode named `name` (see [`DecodeMode::name`]).
    ///
    /// ```
    /// use urlkit::codec::DecodeMode;
    /// assert_eq!(DecodeMode::from_name("lenient"), Some(DecodeMode::Lenient));
    /// assert_eq!(DecodeMode::from_name("loose"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<DecodeMode> {
        DecodeMode::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// What went wrong while decoding.
///
/// ```
/// use urlkit::codec::{decode, DecodeErrorKind, DecodeMode};
/// assert_eq!(decode("%zz", DecodeMode::Strict).unwrap_err().kind(), DecodeErrorKind::MalformedEscape);
/// assert_eq!(decode("%FF", DecodeMode::Strict).unwrap_err().kind(), DecodeErrorKind::InvalidUtf8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// A `%` that is not followed by two hex digits.
    MalformedEscape,
    /// The decoded bytes are not UTF-8.
    InvalidUtf8,
}

impl DecodeErrorKind {
    /// A stable kebab-case name, for machine-readable output.
    ///
    /// ```
    /// use urlkit::codec::DecodeErrorKind;
    /// assert_eq!(DecodeErrorKind::MalformedEscape.name(), "malformed-escape");
    /// assert_eq!(DecodeErrorKind::InvalidUtf8.name(), "invalid-utf8");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            DecodeErrorKind::MalformedEscape => "malformed-escape",
            DecodeErrorKind::InvalidUtf8 => "invalid-utf8",
        }
    }
}

/// A decoding error: its kind and the byte offset in the *input* where it starts.
///
/// For [`DecodeErrorKind::InvalidUtf8`] the offset is that of the input byte (raw, or the `%`
/// of its escape) that begins the first invalid sequence.
///
/// ```
/// use urlkit::codec::{decode, DecodeErrorKind, DecodeMode};
/// let err = decode("%E6%97", DecodeMode::Strict).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (DecodeErrorKind::InvalidUtf8, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecodeError {
    kind: DecodeErrorKind,
    offset: usize,
}

impl DecodeError {
    /// Makes an error of `kind` at byte `offset` of the input.
    ///
    /// ```
    /// use urlkit::codec::{DecodeError, DecodeErrorKind};
    /// let e = DecodeError::new(DecodeErrorKind::MalformedEscape, 3);
    /// assert_eq!(e.to_string(), "malformed percent-escape at byte 3: '%' must be followed by two hex digits");
    /// ```
    pub const fn new(kind: DecodeErrorKind, offset: usize) -> DecodeError {
        DecodeError { kind, offset }
    }

    /// What went wrong.
    ///
    /// ```
    /// use urlkit::codec::{decode, DecodeErrorKind, DecodeMode};
    /// assert_eq!(decode("a%2", DecodeMode::Strict).unwrap_err().kind(), DecodeErrorKind::MalformedEscape);
    /// ```
    pub const fn kind(&self) -> DecodeErrorKind {
        self.kind
    }

    /// The byte offset in the input.
    ///
    /// ```
    /// use urlkit::codec::{decode, DecodeMode};
    /// // The offset is that of the '%' that starts the bad escape, in bytes.
    /// assert_eq!(decode("運%2", DecodeMode::Strict).unwrap_err().offset(), 3);
    /// ```
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            DecodeErrorKind::MalformedEscape => write!(
                f,
                "malformed percent-escape at byte {}: '%' must be followed by two hex digits",
                self.offset
            ),
            DecodeErrorKind::InvalidUtf8 => write!(
                f,
                "the bytes decoded from byte {} on are not valid UTF-8",
                self.offset
            ),
        }
    }
}

impl std::error::Error for DecodeError {}

/// The index of the first byte that a decoder in `mode` would change.
#[inline]
fn first_special(level: KernelLevel, input: &[u8], mode: DecodeMode) -> Option<usize> {
    match mode {
        DecodeMode::Form => kernel::find_special::<true>(level, input),
        _ => kernel::find_special::<false>(level, input),
    }
}

/// A percent-decoder: a [`DecodeMode`] and the highest kernel level it may run.
///
/// The free functions ([`decode`], [`decode_to_bytes`], ...) are this decoder at the best
/// level the CPU has; a `Decoder` is for a caller that caps the level
/// ([`Decoder::kernel`]) or decodes many inputs in one mode.
///
/// ```
/// use urlkit::codec::{DecodeMode, Decoder, KernelLevel};
/// let d = Decoder::new(DecodeMode::Strict).kernel(KernelLevel::Avx2);
/// assert_eq!(d.decode("%E9%81%8B%e5%96%b6").unwrap(), "運営");
/// assert!(d.kernel_level() <= KernelLevel::Avx2);
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#percent-decode>, RFC 3986 §2.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decoder {
    mode: DecodeMode,
    kernel: KernelLevel,
}

impl Decoder {
    /// A decoder in `mode` at the best kernel level the CPU has.
    ///
    /// ```
    /// use urlkit::codec::{DecodeMode, Decoder};
    /// assert_eq!(Decoder::new(DecodeMode::Form).decode("a+b").unwrap(), "a b");
    /// ```
    pub const fn new(mode: DecodeMode) -> Decoder {
        Decoder {
            mode,
            kernel: KernelLevel::TOP,
        }
    }

    /// The same decoder with its vector kernels capped at `cap`; the output is the same at
    /// every level.
    ///
    /// ```
    /// use urlkit::codec::{DecodeMode, Decoder, KernelLevel};
    /// let scalar = Decoder::new(DecodeMode::Lenient).kernel(KernelLevel::Scalar);
    /// assert_eq!(scalar.kernel_level(), KernelLevel::Scalar);
    /// assert_eq!(scalar.decode("%41%zz").unwrap(), "A%zz");
    /// ```
    #[must_use]
    pub const fn kernel(mut self, cap: KernelLevel) -> Decoder {
        self.kernel = cap;
        self
    }

    /// Its mode.
    ///
    /// ```
    /// use urlkit::codec::{DecodeMode, Decoder};
    /// assert_eq!(Decoder::new(DecodeMode::Form).mode(), DecodeMode::Form);
    /// ```
    pub const fn mode(&self) -> DecodeMode {
        self.mode
    }

    /// The kernel level it runs on this CPU: its cap or the CPU's best, whichever is lower.
    ///
    /// ```
    /// use urlkit::codec::{kernel_level, DecodeMode, Decoder};
    /// assert_eq!(Decoder::new(DecodeMode::Strict).kernel_level(), kernel_level());
    /// ```
    #[inline]
    pub fn kernel_level(&self) -> KernelLevel {
        self.kernel.effective()
    }

    /// [`decode_to_bytes`] in this decoder's mode and at its level.
    ///
    /// ```
    /// use urlkit::codec::{DecodeMode, Decoder};
    /// let d = Decoder::new(DecodeMode::Strict);
    /// assert_eq!(d.decode_to_bytes(b"%83%5E").unwrap().as_ref(), b"\x83\x5E");
    /// ```
    #[inline]
    pub fn decode_to_bytes<'a>(&self, input: &'a [u8]) -> Result<Cow<'a, [u8]>, DecodeError> {
        decode_to_bytes_at(self.kernel_level(), input, self.mode)
    }

    /// [`decode_to_bytes_into`] in this decoder's mode and at its level.
    ///
    /// ```
    /// use urlkit::codec::{DecodeMode, Decoder};
    /// let mut out = b"q=".to_vec();
    /// Decoder::new(DecodeMode::Form).decode_to_bytes_into(b"a+b", &mut out).unwrap();
    /// assert_eq!(out, b"q=a b");
    /// ```
    pub fn decode_to_bytes_into(&self, input: &[u8], out: &mut Vec<u8>) -> Result<(), DecodeError> {
        decode_tail(self.kernel_level(), input, 0, self.mode, out).map(|_| ())
    }

    /// [`decode`] in this decoder's mode and at its level.
    ///
    /// ```
    /// use urlkit::codec::{DecodeMode, Decoder};
    /// assert_eq!(Decoder::new(DecodeMode::Lenient).decode("%E6%97").unwrap(), "\u{FFFD}");
    /// ```
    pub fn decode<'a>(&self, input: &'a str) -> Result<Cow<'a, str>, DecodeError> {
        let level = self.kernel_level();
        let Some(first) = first_special(level, input.as_bytes(), self.mode) else {
            return Ok(Cow::Borrowed(input));
        };
        let (bytes, high) = decode_owned(level, input.as_bytes(), first, self.mode)?;
        if !high {
            // No escape decoded to a byte >= 0x80: the output is the input's UTF-8 with some
            // ASCII bytes replaced by ASCII bytes, which never splits a sequence.
            return Ok(Cow::Owned(kernel::string_valid_by_construction(bytes)));
        }
        match kernel::validated_string(level, bytes) {
            Ok(s) => Ok(Cow::Owned(s)),
            Err(bytes) => invalid_utf8(input.as_bytes(), bytes, self.mode),
        }
    }

    /// [`decode_bytes_to_str`] in this decoder's mode and at its level.
    ///
    /// ```
    /// use urlkit::codec::{DecodeMode, Decoder};
    /// let d = Decoder::new(DecodeMode::Strict);
    /// assert_eq!(d.decode_bytes_to_str(b"a\xFFb").unwrap_err().offset(), 1);
    /// ```
    pub fn decode_bytes_to_str<'a>(&self, input: &'a [u8]) -> Result<Cow<'a, str>, DecodeError> {
        match self.decode_to_bytes(input)? {
            Cow::Borrowed(b) => match kernel::validated_str(self.kernel_level(), b) {
                Some(s) => Ok(Cow::Borrowed(s)),
                None => match std::str::from_utf8(b) {
                    Ok(s) => Ok(Cow::Borrowed(s)),
                    Err(e) if self.mode == DecodeMode::Strict => Err(DecodeError::new(
                        DecodeErrorKind::InvalidUtf8,
                        e.valid_up_to(),
                    )),
                    Err(_) => Ok(String::from_utf8_lossy(b)),
                },
            },
            Cow::Owned(vec) => match kernel::validated_string(self.kernel_level(), vec) {
                Ok(s) => Ok(Cow::Owned(s)),
                Err(bytes) => invalid_utf8(input, bytes, self.mode),
            },
        }
    }
}

/// The outcome of text decoding whose output `bytes` (decoded from `input`) the vector check
/// found not to be UTF-8: in strict mode an error at the input offset of the first invalid
/// sequence (std's check says where), else the text with U+FFFD for each invalid sequence.
#[cold]
fn invalid_utf8(
    input: &[u8],
    bytes: Vec<u8>,
    mode: DecodeMode,
) -> Result<Cow<'static, str>, DecodeError> {
    match String::from_utf8(bytes) {
        Ok(s) => Ok(Cow::Owned(s)),
        Err(e) if mode == DecodeMode::Strict => {
            let bad = e.utf8_error().valid_up_to();
            Err(DecodeError::new(
                DecodeErrorKind::InvalidUtf8,
                input_offset_of(input, bad),
            ))
        }
        Err(e) => Ok(Cow::Owned(
            String::from_utf8_lossy(e.as_bytes()).into_owned(),
        )),
    }
}

/// Percent-decodes `input` to bytes; borrowed when there was nothing to decode.
///
/// In [`DecodeMode::Strict`] a malformed escape is an error at the offset of its `%`; the
/// other modes never fail (WHATWG percent-decode keeps a malformed `%` as it is).
///
/// ```
/// use urlkit::codec::{decode_to_bytes, DecodeMode};
/// assert_eq!(decode_to_bytes(b"%83%5E", DecodeMode::Strict).unwrap().as_ref(), b"\x83\x5E");
/// assert_eq!(decode_to_bytes(b"%zz", DecodeMode::Lenient).unwrap().as_ref(), b"%zz");
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#percent-decode>, RFC 3986 §2.1.
#[inline]
pub fn decode_to_bytes(input: &[u8], mode: DecodeMode) -> Result<Cow<'_, [u8]>, DecodeError> {
    decode_to_bytes_at(kernel::kernel_level(), input, mode)
}

/// [`decode_to_bytes`] with the kernels of `level`.
///
/// # Rationale
///
/// Most inputs have nothing to decode, so the search and the borrow are inlined
/// into the caller (the `Cow` stays in registers), and the decoding proper is a call.
#[inline(always)]
pub(crate) fn decode_to_bytes_at(
    level: KernelLevel,
    input: &[u8],
    mode: DecodeMode,
) -> Result<Cow<'_, [u8]>, DecodeError> {
    match first_special(level, input, mode) {
        None => Ok(Cow::Borrowed(input)),
        Some(first) => decode_owned(level, input, first, mode).map(|(out, _)| Cow::Owned(out)),
    }
}

/// The decoding of `input`, whose first byte to change is at `first`, and whether an escape
/// decoded to a byte >= 0x80 (without one, text input decodes to text).
#[inline(never)]
fn decode_owned(
    level: KernelLevel,
    input: &[u8],
    first: usize,
    mode: DecodeMode,
) -> Result<(Vec<u8>, bool), DecodeError> {
    // 32 spare bytes for the vector kernels' last stores (16 bytes for SSSE3, 32 for AVX2).
    let mut out = Vec::with_capacity(input.len() + 32);
    // The AVX-512 kernel copies a run without an escape as fast as a copy does (masked, no
    // tail), so it starts at the start: the copy would be a call of its own per URL. The
    // narrower ones measured slower so (their steps fall elsewhere), and start at `first`.
    let start = if level >= KernelLevel::Avx512 {
        0
    } else {
        first
    };
    out.extend_from_slice(&input[..start]);
    let high = decode_tail(level, input, start, mode, &mut out)?;
    Ok((out, high))
}

/// The WHATWG percent-decode of `input`: never fails, a malformed `%` stays as it is.
///
/// ```
/// use urlkit::codec::percent_decode;
/// assert_eq!(percent_decode(b"%E9%81%8B%zz").as_ref(), "運%zz".as_bytes());
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#percent-decode>
#[inline]
pub fn percent_decode(input: &[u8]) -> Cow<'_, [u8]> {
    let level = kernel::kernel_level();
    match first_special(level, input, DecodeMode::Lenient) {
        None => Cow::Borrowed(input),
        Some(first) => Cow::Owned(
            decode_owned(level, input, first, DecodeMode::Lenient)
                .expect("invariant: lenient decoding leaves malformed escapes as they are")
                .0,
        ),
    }
}

/// Appends the decoding of `input` (bytes) to `out`; see [`decode_to_bytes`]. On an error
/// `out` is left as it was.
///
/// ```
/// use urlkit::codec::{decode_to_bytes_into, DecodeMode};
/// let mut out = b"q=".to_vec();
/// decode_to_bytes_into(b"a%20b", DecodeMode::Strict, &mut out).unwrap();
/// assert!(decode_to_bytes_into(b"100%", DecodeMode::Strict, &mut out).is_err());
/// assert_eq!(out, b"q=a b");
/// ```
pub fn decode_to_bytes_into(
    input: &[u8],
    mode: DecodeMode,
    out: &mut Vec<u8>,
) -> Result<(), DecodeError> {
    Decoder::new(mode).decode_to_bytes_into(input, out)
}

/// Decodes `input[start..]`, appending to `out`, and returns whether an escape decoded to a
/// byte >= 0x80; on an error `out` is truncated back.
pub(crate) fn decode_tail(
    level: KernelLevel,
    input: &[u8],
    start: usize,
    mode: DecodeMode,
    out: &mut Vec<u8>,
) -> Result<bool, DecodeError> {
    // One copy of the loop per mode, so the hot loop tests no mode flags.
    match mode {
        DecodeMode::Strict => decode_loop::<false, true>(level, input, start, out),
        DecodeMode::Lenient => decode_loop::<false, false>(level, input, start, out),
        DecodeMode::Form => decode_loop::<true, false>(level, input, start, out),
    }
}

/// Flags the bytes of `word` that a decoder stops at: `%`, and `+` when `PLUS`.
#[inline(always)]
fn special<const PLUS: bool>(word: u64) -> u64 {
    let mask = eq_mask(word, b'%');
    if PLUS {
        mask | eq_mask(word, b'+')
    } else {
        mask
    }
}

/// The decoding loop: `PLUS` reads `+` as a space, `STRICT` fails on a malformed escape.
///
/// The vector kernel appends what it can (everything at AVX-512); this scalar loop, the
/// reference, decodes the rest. The output is never longer than the input, so it is written
/// into a buffer sized once, a word at a time: eight bytes are copied unconditionally and
/// the write position advances only past those before the next `%` (or `+`), found with a
/// word test.
fn decode_loop<const PLUS: bool, const STRICT: bool>(
    level: KernelLevel,
    input: &[u8],
    start: usize,
    out: &mut Vec<u8>,
) -> Result<bool, DecodeError> {
    let n = input.len();
    let base = out.len();
    let (mut i, high) = match kernel::decode_append::<PLUS, STRICT>(level, input, start, out) {
        Ok(at) => at,
        Err(offset) => {
            out.truncate(base);
            return Err(DecodeError::new(DecodeErrorKind::MalformedEscape, offset));
        }
    };
    if n - i <= 2 {
        // What the SSSE3 and AVX2 kernels leave: too short for an escape, so each byte
        // stands for itself ('%' is malformed, '+' is a space in form mode). Cheaper than
        // sizing a buffer for the loop below.
        for (k, &b) in input[i..].iter().enumerate() {
            match b {
                b'%' if STRICT => {
                    out.truncate(base);
                    return Err(DecodeError::new(DecodeErrorKind::MalformedEscape, i + k));
                }
                b'+' if PLUS => out.push(b' '),
                _ => out.push(b),
            }
        }
        return Ok(high);
    }
    // The bits of every byte decoded here: bit 7 says whether one was >= 0x80.
    let mut decoded_bits = 0u8;
    let done = out.len();
    out.resize(done + (n - i), 0);
    let buf = &mut out[done..];
    let mut w = 0;
    loop {
        while i + 8 <= n {
            let word = word_at(input, i);
            buf[w..w + 8].copy_from_slice(&input[i..i + 8]);
            let mask = special::<PLUS>(word);
            if mask == 0 {
                i += 8;
                w += 8;
            } else {
                let k = first_flag(mask);
                i += k;
                w += k;
                break;
            }
        }
        while i < n && input[i] != b'%' && !(PLUS && input[i] == b'+') {
            buf[w] = input[i];
            i += 1;
            w += 1;
        }
        if i >= n {
            break;
        }
        // Escapes often come in runs (UTF-8 sequences, %-dense text): stay here while the
        // next byte is special too.
        while i < n {
            let b = input[i];
            if b == b'%' {
                match input.get(i + 1..i + 3) {
                    Some(&[h, l]) if (HEX_VALUE[h as usize] | HEX_VALUE[l as usize]) <= 15 => {
                        let v = (HEX_VALUE[h as usize] << 4) | HEX_VALUE[l as usize];
                        buf[w] = v;
                        decoded_bits |= v;
                        i += 3;
                    }
                    _ if STRICT => {
                        out.truncate(base);
                        return Err(DecodeError::new(DecodeErrorKind::MalformedEscape, i));
                    }
                    _ => {
                        buf[w] = b'%';
                        i += 1;
                    }
                }
            } else if PLUS && b == b'+' {
                buf[w] = b' ';
                i += 1;
            } else {
                break;
            }
            w += 1;
        }
    }
    out.truncate(done + w);
    Ok(high || decoded_bits >= 0x80)
}

/// Percent-decodes `input` to text; borrowed when there was nothing to decode.
///
/// - [`DecodeMode::Strict`]: a malformed escape, or decoded bytes that are not UTF-8, is an
///   error with the input offset where it starts.
/// - [`DecodeMode::Lenient`], [`DecodeMode::Form`]: never fails; invalid UTF-8 becomes U+FFFD
///   (the WHATWG "UTF-8 decode without BOM").
///
/// ```
/// use urlkit::codec::{decode, DecodeMode};
/// assert_eq!(decode("%E9%81%8B%e5%96%b6", DecodeMode::Strict).unwrap(), "運営");
/// assert_eq!(decode("100%", DecodeMode::Strict).unwrap_err().offset(), 3);
/// assert_eq!(decode("%E6%97", DecodeMode::Lenient).unwrap(), "\u{FFFD}");
/// ```
///
/// # Rationale
///
/// The decoded bytes are checked as UTF-8 only when an escape decoded to a byte >= 0x80 (the
/// decoding loop says so): otherwise the output is the input text with ASCII bytes in place
/// of ASCII escapes, UTF-8 by construction. The check, when it runs, is the vector one.
///
/// Spec: <https://url.spec.whatwg.org/#string-percent-decode>, RFC 3986 §2.1, §2.5.
pub fn decode(input: &str, mode: DecodeMode) -> Result<Cow<'_, str>, DecodeError> {
    Decoder::new(mode).decode(input)
}

/// Decodes arbitrary input bytes to text; see [`decode`]. In strict mode, invalid UTF-8 in the
/// input itself (not only in escapes) is an error at its offset.
///
/// ```
/// use urlkit::codec::{decode_bytes_to_str, DecodeMode};
/// assert_eq!(decode_bytes_to_str(b"a\xFFb", DecodeMode::Strict).unwrap_err().offset(), 1);
/// ```
pub fn decode_bytes_to_str(input: &[u8], mode: DecodeMode) -> Result<Cow<'_, str>, DecodeError> {
    Decoder::new(mode).decode_bytes_to_str(input)
}

/// The input offset that produced output byte `target`.
///
/// Only called after a successful strict decode, where every `%` starts a valid escape and
/// every other byte (including `+`) stands for itself: one output byte per step.
fn input_offset_of(input: &[u8], target: usize) -> usize {
    let mut i = 0;
    let mut produced = 0;
    while i < input.len() {
        if produced == target {
            return i;
        }
        if input[i] == b'%' && escape_at(input, i).is_some() {
            i += 3;
        } else {
            i += 1;
        }
        produced += 1;
    }
    input.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_errors_carry_offsets() {
        let e = decode("100%", DecodeMode::Strict).unwrap_err();
        assert_eq!(
            (e.kind(), e.offset()),
            (DecodeErrorKind::MalformedEscape, 3)
        );
        let e = decode("ab%E6%97", DecodeMode::Strict).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (DecodeErrorKind::InvalidUtf8, 2));
        let e = decode("%zz", DecodeMode::Strict).unwrap_err();
        assert_eq!(e.offset(), 0);
        let e = decode("%4", DecodeMode::Strict).unwrap_err();
        assert_eq!(e.offset(), 0);
    }

    #[test]
    fn lenient_keeps_malformed() {
        assert_eq!(decode("100%", DecodeMode::Lenient).unwrap(), "100%");
        assert_eq!(decode("%%41", DecodeMode::Lenient).unwrap(), "%A");
        assert_eq!(decode("%4g", DecodeMode::Lenient).unwrap(), "%4g");
        assert_eq!(decode("a+b", DecodeMode::Lenient).unwrap(), "a+b");
        assert_eq!(decode("a+b%2B", DecodeMode::Form).unwrap(), "a b+");
    }

    #[test]
    fn borrowed_when_clean() {
        assert!(matches!(
            decode("plain", DecodeMode::Strict),
            Ok(Cow::Borrowed(_))
        ));
        assert!(matches!(percent_decode(b"plain"), Cow::Borrowed(_)));
    }
}
