//! Terminal colours (`--color auto|always|never`, `NO_COLOR`, `CLICOLOR_FORCE`, `TERM=dumb`)
//! and safe display of text.

/// When to colour output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when the stream is a terminal, unless `NO_COLOR` is set or `TERM=dumb`
    /// (`CLICOLOR_FORCE` colours even when it is not a terminal).
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
    ///
    /// # Rationale
    ///
    /// `auto` is anstream's reading of the environment (the CLICOLOR convention, `NO_COLOR`,
    /// `TERM=dumb`, whether the stream is a terminal), so that urlkit agrees with the other
    /// tools of the same terminal.
    pub fn detect(choice: ColorChoice, for_stderr: bool) -> Style {
        let enabled = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                let resolved = if for_stderr {
                    anstream::AutoStream::choice(&std::io::stderr())
                } else {
                    anstream::AutoStream::choice(&std::io::stdout())
                };
                resolved != anstream::ColorChoice::Never
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

/// `text` with C0 controls, DEL and C1 controls written as `\xHH` / `\u{HH}`, so that one
/// record stays one line and no control sequence reaches the terminal.
///
/// ```text
/// "a\nb" -> "a\x0Ab"
/// ```
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    // A byte filter first (it vectorizes, and most text has no candidate): every unsafe
    // control is an ASCII control, or starts with 0xC2 (C1) or 0xE2 (U+2028, U+2029) in UTF-8.
    let candidate = |b: u8| b < 0x20 || b == 0x7F || b == 0xC2 || b == 0xE2;
    if !text.bytes().fold(false, |seen, b| seen | candidate(b))
        || !text.chars().any(is_unsafe_control)
    {
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

/// The terminal columns `text` takes (Unicode East Asian Width through `unicode-width`: 2 for
/// wide and fullwidth characters and wide emoji, 0 for combining marks).
///
/// ```text
/// "運営a" -> 5
/// ```
pub fn display_width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
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
        // A combining mark takes no column of its own (NFD text, as macOS writes it).
        assert_eq!(super::display_width("e\u{301}"), 1);
    }
}
