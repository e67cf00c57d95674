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

pub use urlkit_records::text::{display_width, escape_controls, grouped, quoted, Style};

/// The colours for stdout (`for_stderr` = false) or stderr.
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
    if enabled {
        Style::colored()
    } else {
        Style::plain()
    }
}
