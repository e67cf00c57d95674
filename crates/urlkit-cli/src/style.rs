//! Terminal colours (`--color auto|always|never`, `NO_COLOR`) and safe display of text.

use std::io::IsTerminal;

/// When to colour output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when the stream is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// Colours for one stream; every method returns its text unchanged when colours are off.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    enabled: bool,
}

impl Style {
    /// Decides for stdout (`for_stderr` = false) or stderr.
    pub fn detect(choice: ColorChoice, for_stderr: bool) -> Style {
        let enabled = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                let tty = if for_stderr {
                    std::io::stderr().is_terminal()
                } else {
                    std::io::stdout().is_terminal()
                };
                tty && !no_color
            }
        };
        Style { enabled }
    }

    /// A style that never colours.
    pub const fn plain() -> Style {
        Style { enabled: false }
    }

    /// Whether colours are on.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.enabled {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    /// Bold red.
    pub fn error(&self, text: &str) -> String {
        self.paint("1;31", text)
    }

    /// Yellow: what differs, what was encoded.
    pub fn highlight(&self, text: &str) -> String {
        self.paint("33", text)
    }

    /// Green: what matched, what was kept.
    pub fn good(&self, text: &str) -> String {
        self.paint("32", text)
    }

    /// Dim: secondary information.
    pub fn dim(&self, text: &str) -> String {
        self.paint("2", text)
    }

    /// Bold: headings.
    pub fn bold(&self, text: &str) -> String {
        self.paint("1", text)
    }
}

/// `text` with C0 controls, DEL and C1 controls written as `\xHH` / `\u{HH}`, so that one
/// record stays one line and no control sequence reaches the terminal.
///
/// ```text
/// "a\nb" -> "a\x0Ab"
/// ```
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_unsafe_control) {
        return std::borrow::Cow::Borrowed(text);
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
    std::borrow::Cow::Owned(out)
}

/// The terminal columns `text` takes: 2 for each East Asian wide or fullwidth character and
/// wide emoji, 1 for others (combining marks are rare in URLs and counted as 1).
///
/// ```text
/// "運営a" -> 5
/// ```
pub fn display_width(text: &str) -> usize {
    text.chars()
        .map(|c| match c as u32 {
            0x1100..=0x115F
            | 0x2E80..=0x303E
            | 0x3041..=0x33FF
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xA000..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6
            | 0x1F300..=0x1F64F
            | 0x1F900..=0x1F9FF
            | 0x20000..=0x3FFFD => 2,
            _ => 1,
        })
        .sum()
}

/// C0 controls, DEL, C1 controls, and the Unicode line and paragraph separators.
pub fn is_unsafe_control(c: char) -> bool {
    matches!(c as u32, 0x00..=0x1F | 0x7F..=0x9F | 0x2028 | 0x2029)
}

#[cfg(test)]
mod tests {
    use super::escape_controls;

    #[test]
    fn controls_are_escaped() {
        assert_eq!(
            escape_controls("a\r\nb\0\u{7f}\u{9b}"),
            "a\\x0D\\x0Ab\\x00\\x7F\\u{9B}"
        );
        assert_eq!(escape_controls("運営 ok"), "運営 ok");
    }

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(super::display_width("運営a"), 5);
        assert_eq!(super::display_width("café"), 4);
        assert_eq!(super::display_width("😀"), 2);
    }
}
