//! What a run asks once per key (an origin, a canonical URL): the first thread to ask does
//! the work, the others wait for its answer.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Per key, the one answer of a run.
///
/// # Rationale
///
/// Single-flight rather than a cache filled after the fact: with several threads, a second
/// request for the same key waits for the first instead of racing it, so an unreachable
/// origin is connected to once and a canonical is requested once, whatever the concurrency.
pub(super) struct OnceMap<T> {
    cells: Mutex<HashMap<String, Arc<OnceLock<T>>>>,
}

impl<T> Default for OnceMap<T> {
    fn default() -> Self {
        OnceMap {
            cells: Mutex::new(HashMap::new()),
        }
    }
}

impl<T: Clone> OnceMap<T> {
    /// The answer for `key`: `work`'s, run by the first caller for that key.
    pub(super) fn get_or_init(&self, key: String, work: impl FnOnce() -> T) -> T {
        self.cell(key).get_or_init(work).clone()
    }

    /// The cell of `key`, for a caller that keeps more of the first call than the answer.
    pub(super) fn cell(&self, key: String) -> Arc<OnceLock<T>> {
        let mut cells = self
            .cells
            .lock()
            .expect("invariant: no thread panics holding a once-per-run table");
        cells.entry(key).or_default().clone()
    }

    /// The keys answered so far whose answer `pick` keeps, sorted by key.
    pub(super) fn answered<U>(&self, pick: impl Fn(&T) -> Option<U>) -> Vec<(String, U)> {
        let cells = self
            .cells
            .lock()
            .expect("invariant: no thread panics holding a once-per-run table");
        let mut out: Vec<(String, U)> = cells
            .iter()
            .filter_map(|(k, c)| c.get().and_then(&pick).map(|u| (k.clone(), u)))
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }
}
