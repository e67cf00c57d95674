//! How much the server takes on: time to send a request head or body, connections open at
//! once, API requests computed at once and waiting.

use std::time::Duration;

/// The server's limits. [`Limits::default`] is what `urlkit serve` uses.
///
/// ```
/// let l = urlkit_web::Limits::default();
/// assert_eq!(l.header_read, std::time::Duration::from_secs(10));
/// assert!(l.api_permits >= 1 && l.max_connections >= 16);
/// ```
///
/// # Rationale
///
/// The page sends one small request at a time, so every limit is far above what it needs
/// and only bounds a client that misbehaves (a script in another tab, a stuck tool):
///
/// - a connection that has not sent a whole request head within `header_read` is closed,
///   an idle keep-alive connection too (hyper's header-read timer runs from the moment a
///   head is awaited);
/// - a body not received within `body_read` is a 408;
/// - at most `max_connections` connections are open; the next one, or one that finds the
///   process out of file descriptors, closes the connection that has been idle longest, so
///   that idle or half-open connections never lock a user out;
/// - at most `api_permits` units of API work run at once (an ordinary endpoint takes one, a
///   list endpoint such as reconcile takes them all), at most `max_waiting` requests wait
///   for them, and none longer than `queue_wait`; beyond that the answer is 503 `busy`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time to send a request's head (start line and headers), idle time included.
    pub header_read: Duration,
    /// Time to send a request's body.
    pub body_read: Duration,
    /// Connections open at once.
    pub max_connections: usize,
    /// API work run at once.
    pub api_permits: usize,
    /// API requests waiting for work to finish.
    pub max_waiting: usize,
    /// How long a request waits for its turn.
    pub queue_wait: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Limits {
            header_read: Duration::from_secs(10),
            body_read: Duration::from_secs(30),
            max_connections: default_max_connections(),
            api_permits: cores.clamp(1, 8),
            max_waiting: 64,
            queue_wait: Duration::from_secs(30),
        }
    }
}

/// Connections the process can hold with room to spare: the descriptor limit less 64 for
/// the rest of the process (the listener, the runtime, files a handler opens), at least 16,
/// at most 4,096.
fn default_max_connections() -> usize {
    #[cfg(unix)]
    {
        let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile);
        let soft = limit.current.unwrap_or(u64::MAX);
        usize::try_from(soft.saturating_sub(64))
            .unwrap_or(usize::MAX)
            .clamp(16, 4096)
    }
    #[cfg(not(unix))]
    {
        1024
    }
}
