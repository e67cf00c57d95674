//! The text forms' shared parts: the one escaper of text from outside (a URL, a server's
//! message) for terminals and reports, display widths, and colours.

use std::borrow::Cow;

/// `text` with C0 controls, DEL, C1 controls, the line and paragraph separators and the
/// bidirectional controls written as `\xHH` / `\u{HHHH}`, so that one record stays one line,
/// no control sequence reaches the terminal, and no text from outside reorders what is shown.
///
/// ```
/// use urlkit_records::text::escape_controls;
/// assert_eq!(escape_controls("a\nb"), "a\\x0Ab");
/// assert_eq!(escape_controls("運営"), "運営");
/// assert_eq!(escape_controls("a\u{202E}gpj.exe"), "a\\u{202E}gpj.exe");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    // A byte filter first (it vectorizes, and most text has no candidate): every unsafe
    // character is an ASCII control, or starts with 0xC2 (C1), 0xD8 (U+061C) or 0xE2 (U+200E,
    // U+200F, U+2028 to U+202E, U+2066 to U+2069) in UTF-8.
    let candidate = |b: u8| b < 0x20 || b == 0x7F || b == 0xC2 || b == 0xD8 || b == 0xE2;
    if !text.bytes().fold(false, |seen, b| seen | candidate(b))
        || !text.chars().any(is_unsafe_control)
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe_control(c) {
            if (c as u32) < 0x80 {
                out.push_str(&format!("\\x{:02X}", c as u32));
            } else {
                out.push_str(&format!("\\u{{{:X}}}", c as u32));
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` between double quotes, its controls escaped ([`escape_controls`]): a value in a
/// text report that may be empty or end in a space.
///
/// ```
/// assert_eq!(urlkit_records::text::quoted("a b\n"), "\"a b\\x0A\"");
/// assert_eq!(urlkit_records::text::quoted(""), "\"\"");
/// ```
pub fn quoted(text: &str) -> String {
    format!("\"{}\"", escape_controls(text))
}

/// C0 controls, DEL, C1 controls, the Unicode line and paragraph separators, and the
/// characters of Unicode's `Bidi_Control` property (U+061C, U+200E, U+200F, U+202A to
/// U+202E, U+2066 to U+2069).
///
/// ```
/// assert!(urlkit_records::text::is_unsafe_control('\u{2028}'));
/// assert!(urlkit_records::text::is_unsafe_control('\u{2067}'));
/// assert!(!urlkit_records::text::is_unsafe_control('a'));
/// ```
///
/// # Rationale
///
/// A bidi control changes the order in which a terminal or a renderer shows the text after
/// it (a right-to-left override makes `gpj.exe` read `exe.jpg`; CVE-2021-42574, "Trojan
/// Source"), so a URL from a sitemap could show as another URL. They are never needed to read
/// a URL, and JSON output keeps them exactly. The list is Unicode's `Bidi_Control` property
/// (PropList.txt, Unicode 15).
pub fn is_unsafe_control(c: char) -> bool {
    matches!(
        c as u32,
        0x00..=0x1F
            | 0x7F..=0x9F
            | 0x061C
            | 0x200E
            | 0x200F
            | 0x2028..=0x202E
            | 0x2066..=0x2069
    )
}

/// The terminal columns `text` takes (Unicode East Asian Width through `unicode-width`: 2 for
/// wide and fullwidth characters and wide emoji, 0 for combining marks).
///
/// ```
/// assert_eq!(urlkit_records::text::display_width("運営a"), 5);
/// ```
pub fn display_width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// `12,345,678`: a count as people read it (the reports' summaries and "… and N more").
///
/// ```
/// assert_eq!(urlkit_records::text::grouped(12345678), "12,345,678");
/// assert_eq!(urlkit_records::text::grouped(999), "999");
/// ```
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Colours for one stream; every method returns its text unchanged when colours are off.
/// Whether they are on is the door's decision (the CLI reads `--color` and the terminal).
///
/// ```
/// use urlkit_records::text::Style;
/// assert_eq!(Style::plain().error("x"), "x");
/// assert_eq!(Style::colored().bold("x"), "\u{1b}[1mx\u{1b}[0m");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    enabled: bool,
}

impl Style {
    /// A style that never colours.
    pub const fn plain() -> Style {
        Style { enabled: false }
    }

    /// A style that colours (ANSI escape sequences).
    pub const fn colored() -> Style {
        Style { enabled: true }
    }

    /// Whether colours are on.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    fn paint(&self, style: anstyle::Style, text: &str) -> String {
        if self.enabled {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_owned()
        }
    }

    /// Bold red.
    pub fn error(&self, text: &str) -> String {
        self.paint(
            anstyle::Style::new()
                .bold()
                .fg_color(Some(anstyle::AnsiColor::Red.into())),
            text,
        )
    }

    /// Bold yellow: warnings.
    pub fn warning(&self, text: &str) -> String {
        self.paint(
            anstyle::Style::new()
                .bold()
                .fg_color(Some(anstyle::AnsiColor::Yellow.into())),
            text,
        )
    }

    /// Yellow: what differs, what was encoded.
    pub fn highlight(&self, text: &str) -> String {
        self.paint(
            anstyle::Style::new().fg_color(Some(anstyle::AnsiColor::Yellow.into())),
            text,
        )
    }

    /// Green: what matched, what was kept.
    pub fn good(&self, text: &str) -> String {
        self.paint(
            anstyle::Style::new().fg_color(Some(anstyle::AnsiColor::Green.into())),
            text,
        )
    }

    /// Dim: secondary information.
    pub fn dim(&self, text: &str) -> String {
        self.paint(anstyle::Style::new().dimmed(), text)
    }

    /// Bold: headings.
    pub fn bold(&self, text: &str) -> String {
        self.paint(anstyle::Style::new().bold(), text)
    }
}

#[cfg(test)]
mod tests {
    use super::{display_width, escape_controls};

    #[test]
    fn controls_are_escaped() {
        assert_eq!(
            escape_controls("a\r\nb\0\u{7f}\u{9b}"),
            "a\\x0D\\x0Ab\\x00\\x7F\\u{9B}"
        );
        assert_eq!(escape_controls("運営 ok"), "運営 ok");
    }

    #[test]
    fn every_bidi_control_is_escaped() {
        for c in [
            '\u{61C}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}',
        ]
        .into_iter()
        .chain([
            '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
        ]) {
            let text = format!("a{c}b");
            assert_eq!(escape_controls(&text), format!("a\\u{{{:X}}}b", c as u32));
        }
        // Their neighbours are text.
        for c in ['\u{61B}', '\u{200D}', '\u{2065}', '\u{206A}', '\u{202F}'] {
            let text = format!("a{c}b");
            assert_eq!(escape_controls(&text), text);
        }
    }

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(display_width("運営a"), 5);
        assert_eq!(display_width("café"), 4);
        assert_eq!(display_width("😀"), 2);
        // A combining mark takes no column of its own (NFD text, as macOS writes it).
        assert_eq!(display_width("e\u{301}"), 1);
    }
}
