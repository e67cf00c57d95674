//! Progress of long jobs on stderr (indicatif): shown only when stderr is a terminal that can
//! redraw a line (not `TERM=dumb`), so that logs and pipes get no `\r` noise.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Whether a progress bar may be drawn: stderr is a terminal and `TERM` is not `dumb`.
pub fn enabled() -> bool {
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    std::io::stderr().is_terminal() && !dumb
}

/// A counter with its rate; nothing is drawn when progress is off.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A counter of `what` (e.g. "records read"), drawn when `on`.
    pub fn new(on: bool, what: &str) -> Progress {
        let bar = on.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            let template = format!("{{spinner}} {{prefix}}: {{human_pos}} {what} ({{per_sec}})");
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style);
            }
            bar
        });
        Progress { bar }
    }

    /// Sets the count so far, under a prefix (the side being read).
    pub fn set(&self, prefix: &'static str, n: u64) {
        if let Some(bar) = &self.bar {
            bar.set_prefix(prefix);
            bar.set_position(n);
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
