//! Progress of long jobs on stderr (indicatif): shown only when stderr is a terminal that can
//! redraw a line (not `TERM=dumb`), so that logs and pipes get no `\r` noise.

use std::cell::RefCell;
use std::io::IsTerminal;

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use urlkit_sources::FetchProgress;

/// Whether a progress bar may be drawn: stderr is a terminal and `TERM` is not `dumb`.
pub fn enabled() -> bool {
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    std::io::stderr().is_terminal() && !dumb
}

/// A counter with its rate, and, while a live source is fetched, a second line for what is
/// being fetched (its count, rate and total when the server says one); nothing is drawn when
/// progress is off.
pub struct Progress {
    multi: Option<MultiProgress>,
    bar: Option<ProgressBar>,
    /// The collection being fetched (its name) and its bar.
    fetch: RefCell<Option<(String, ProgressBar)>>,
}

/// A bar style; the templates are constants, so a bad one is a bug caught by any run.
fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).expect("invariant: the progress templates are valid")
}

impl Progress {
    /// A counter of `what` (e.g. "records read"), drawn when `on`.
    pub fn new(on: bool, what: &str) -> Progress {
        let multi = on.then(|| MultiProgress::with_draw_target(ProgressDrawTarget::stderr()));
        let bar = multi.as_ref().map(|m| {
            let bar = ProgressBar::no_length();
            bar.set_style(style(&format!(
                "{{spinner}} {{prefix}}: {{human_pos}} {what} ({{per_sec}})"
            )));
            m.add(bar)
        });
        Progress {
            multi,
            bar,
            fetch: RefCell::new(None),
        }
    }

    /// Sets the count so far, under a prefix (the side being read).
    pub fn set(&self, prefix: &'static str, n: u64) {
        if let Some(bar) = &self.bar {
            bar.set_prefix(prefix);
            bar.set_position(n);
        }
    }

    /// Shows a step of fetching a live source: a bar per collection, with its total when known.
    pub fn fetched(&self, step: FetchProgress<'_>) {
        let Some(multi) = &self.multi else {
            return;
        };
        let mut fetch = self.fetch.borrow_mut();
        if fetch.as_ref().is_none_or(|(what, _)| what != step.what) {
            if let Some((_, old)) = fetch.take() {
                old.finish_and_clear();
            }
            let bar = ProgressBar::no_length();
            let template = match step.total {
                Some(_) => "{spinner} fetching {prefix}: {human_pos}/{human_len} {msg} ({per_sec})",
                None => "{spinner} fetching {prefix}: {human_pos} {msg} ({per_sec})",
            };
            bar.set_style(style(template));
            bar.set_prefix(crate::style::escape_controls(step.what).into_owned());
            bar.set_message(step.unit);
            *fetch = Some((step.what.to_owned(), multi.add(bar)));
        }
        if let Some((_, bar)) = fetch.as_ref() {
            if let Some(total) = step.total {
                bar.set_length(total);
            }
            bar.set_position(step.done);
        }
    }

    /// Clears the bars.
    pub fn finish(&self) {
        if let Some((_, bar)) = self.fetch.borrow_mut().take() {
            bar.finish_and_clear();
        }
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
