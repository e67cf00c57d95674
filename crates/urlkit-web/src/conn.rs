//! The accept loop: each connection served by hyper's HTTP/1 with a header-read timeout,
//! under a table of the open connections that closes the one idle longest when the server
//! is at its connection limit or the process is out of file descriptors.

use std::collections::HashMap;
use std::io;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{oneshot, watch, Notify};
use tokio::task::JoinSet;
use tower_service::Service;

use crate::limits::Limits;

/// The open connections: whether each is answering a request, and since when it is idle.
#[derive(Default)]
struct Table {
    state: Mutex<State>,
    /// Told whenever a connection ends.
    ended: Notify,
}

#[derive(Default)]
struct State {
    next: u64,
    open: HashMap<u64, Entry>,
}

struct Entry {
    /// Requests being answered (0: idle, waiting for a request head).
    busy: usize,
    idle_since: Instant,
    /// Told to close (it was the idlest when room was needed).
    close: Arc<Notify>,
    closing: bool,
}

impl Table {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // Nothing panics holding the lock; the map is whole either way.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn open(&self) -> (u64, Arc<Notify>) {
        let mut s = self.state();
        let id = s.next;
        s.next += 1;
        let close = Arc::new(Notify::new());
        s.open.insert(
            id,
            Entry {
                busy: 0,
                idle_since: Instant::now(),
                close: close.clone(),
                closing: false,
            },
        );
        (id, close)
    }

    fn end(&self, id: u64) {
        self.state().open.remove(&id);
        self.ended.notify_waiters();
    }

    /// Connections not already told to close.
    fn len(&self) -> usize {
        self.state().open.values().filter(|e| !e.closing).count()
    }

    fn busy(&self, id: u64) {
        if let Some(e) = self.state().open.get_mut(&id) {
            e.busy += 1;
        }
    }

    fn idle(&self, id: u64) {
        if let Some(e) = self.state().open.get_mut(&id) {
            e.busy = e.busy.saturating_sub(1);
            e.idle_since = Instant::now();
        }
    }

    /// Tells the connection idle longest to close; false when every one is answering.
    fn evict_idlest(&self) -> bool {
        let mut s = self.state();
        let idlest = s
            .open
            .values_mut()
            .filter(|e| e.busy == 0 && !e.closing)
            .min_by_key(|e| e.idle_since);
        match idlest {
            Some(e) => {
                e.closing = true;
                e.close.notify_one();
                true
            }
            None => false,
        }
    }

    /// Makes room for one connection: closes the idlest and waits (briefly) for it to end.
    async fn make_room(&self) {
        let ended = self.ended.notified();
        if self.evict_idlest() {
            let _ = tokio::time::timeout(Duration::from_millis(100), ended).await;
        } else {
            // Every connection is answering: one will end or go idle soon.
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// A request being answered on connection `id`; idle again when dropped (answered, or the
/// connection went away).
struct Busy {
    table: Arc<Table>,
    id: u64,
}

impl Busy {
    fn new(table: &Arc<Table>, id: u64) -> Busy {
        table.busy(id);
        Busy {
            table: table.clone(),
            id,
        }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.table.idle(self.id);
    }
}

/// Whether an accept failed for want of file descriptors (the process's or the system's).
fn out_of_descriptors(e: &io::Error) -> bool {
    #[cfg(unix)]
    {
        let code = e.raw_os_error();
        code == Some(rustix::io::Errno::MFILE.raw_os_error())
            || code == Some(rustix::io::Errno::NFILE.raw_os_error())
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

/// Serves `router` on `listener` until `stop` is told (or dropped), then lets the requests
/// under way finish.
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    mut stop: oneshot::Receiver<()>,
) -> io::Result<()> {
    let table = Arc::new(Table::default());
    let (shutdown, shutting_down) = watch::channel(false);
    let mut tasks = JoinSet::new();
    loop {
        while tasks.try_join_next().is_some() {}
        if table.len() >= limits.max_connections {
            tokio::select! {
                _ = &mut stop => break,
                () = table.make_room() => continue,
            }
        }
        let accepted = tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => accepted,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(e) if out_of_descriptors(&e) => {
                table.make_room().await;
                continue;
            }
            // A connection reset before it was accepted, or an error that may pass: the
            // server goes on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let (id, close) = table.open();
        tasks.spawn(connection(
            stream,
            id,
            close,
            table.clone(),
            router.clone(),
            limits.header_read,
            shutting_down.clone(),
        ));
    }
    let _ = shutdown.send(true);
    while tasks.join_next().await.is_some() {}
    Ok(())
}

/// One connection, until the client closes it, it times out, it is told to close, or the
/// server shuts down (after the request under way).
async fn connection(
    stream: TcpStream,
    id: u64,
    close: Arc<Notify>,
    table: Arc<Table>,
    router: Router,
    header_read: Duration,
    mut shutting_down: watch::Receiver<bool>,
) {
    let requests = table.clone();
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let busy = Busy::new(&requests, id);
        let mut router = router.clone();
        async move {
            let response = router.call(request).await;
            drop(busy);
            response
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_read);
    let conn = builder.serve_connection(TokioIo::new(stream), service);
    tokio::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => {}
        // Dropping the connection closes it.
        () = close.notified() => {}
        _ = shutting_down.changed() => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
    table.end(id);
}
