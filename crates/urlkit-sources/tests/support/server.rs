//! A small HTTP/1.1 server for tests, on 127.0.0.1 and an ephemeral port: a thread per
//! connection (at most `MAX_CONNECTIONS` in all, so a runaway client cannot keep a test
//! alive), `Connection: close`, answers from a handler, a log of every request target. It
//! stops when dropped. std::net only.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The most connections one server accepts before it stops by itself.
pub const MAX_CONNECTIONS: usize = 30_000;

/// A request as the handler sees it.
pub struct Request {
    pub target: String,
    pub headers: Vec<(String, String)>,
}

impl Request {
    pub fn path(&self) -> &str {
        self.target
            .split_once('?')
            .map_or(self.target.as_str(), |(path, _)| path)
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// An answer.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// Wait this long before answering (a slow page).
    pub delay: Duration,
}

impl Reply {
    pub fn new(status: u16, body: impl Into<Vec<u8>>) -> Reply {
        Reply {
            status,
            headers: Vec::new(),
            body: body.into(),
            delay: Duration::ZERO,
        }
    }
    pub fn html(body: impl Into<String>) -> Reply {
        Reply::new(200, body.into()).header("Content-Type", "text/html; charset=utf-8")
    }
    pub fn redirect(status: u16, location: impl Into<String>) -> Reply {
        Reply::new(status, "").header("Location", location)
    }
    pub fn header(mut self, k: &str, v: impl Into<String>) -> Reply {
        self.headers.push((k.to_string(), v.into()));
        self
    }
    pub fn delayed(mut self, d: Duration) -> Reply {
        self.delay = d;
        self
    }
}

type Handler = dyn Fn(&Request) -> Reply + Send + Sync;

pub struct Server {
    pub addr: SocketAddr,
    pub base: String,
    log: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
    /// Connections being served right now, and the most at once.
    busy: Arc<AtomicUsize>,
    peak: Arc<AtomicUsize>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Every request target, in arrival order.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }
    /// How many requests asked for a target starting with `prefix`.
    pub fn hits(&self, prefix: &str) -> usize {
        self.log().iter().filter(|t| t.starts_with(prefix)).count()
    }
    /// The most requests served at the same time (between reading a request and writing its
    /// answer).
    pub fn peak_concurrency(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(self.addr);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

pub fn serve(handler: impl Fn(&Request) -> Reply + Send + Sync + 'static) -> Server {
    serve_on("127.0.0.1:0".parse().unwrap(), handler)
}

/// A server on `addr` (a test's own network namespace can hand out any address and port 80).
pub fn serve_on(
    addr: SocketAddr,
    handler: impl Fn(&Request) -> Reply + Send + Sync + 'static,
) -> Server {
    let listener =
        TcpListener::bind(addr).unwrap_or_else(|e| panic!("cannot listen on {addr}: {e}"));
    let addr = listener.local_addr().unwrap();
    let log = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let busy = Arc::new(AtomicUsize::new(0));
    let peak = Arc::new(AtomicUsize::new(0));
    let handler: Arc<Handler> = Arc::new(handler);
    let (log2, stop2, busy2, peak2) = (log.clone(), stop.clone(), busy.clone(), peak.clone());
    let thread = std::thread::spawn(move || {
        let mut workers = Vec::new();
        for stream in listener.incoming().take(MAX_CONNECTIONS) {
            if stop2.load(Ordering::SeqCst) {
                break;
            }
            let Ok(stream) = stream else { continue };
            let (handler, log, busy, peak) =
                (handler.clone(), log2.clone(), busy2.clone(), peak2.clone());
            workers.push(std::thread::spawn(move || {
                answer(stream, &*handler, &log, &busy, &peak);
            }));
            workers.retain(|w| !w.is_finished());
        }
        for w in workers {
            let _ = w.join();
        }
    });
    Server {
        addr,
        base: format!("http://{addr}"),
        log,
        stop,
        busy,
        peak,
        thread: Some(thread),
    }
}

fn answer(
    stream: TcpStream,
    handler: &Handler,
    log: &Mutex<Vec<String>>,
    busy: &AtomicUsize,
    peak: &AtomicUsize,
) {
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok();
    let mut reader = BufReader::new(match stream.try_clone() {
        Ok(s) => s,
        Err(_) => return,
    });
    let mut line = String::new();
    if reader.read_line(&mut line).unwrap_or(0) == 0 {
        return;
    }
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).unwrap_or(0) == 0 || h == "\r\n" {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            headers.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    let target = line.split(' ').nth(1).unwrap_or("/").to_string();
    log.lock().unwrap().push(target.clone());
    // A request counts as being served from when it was read until its answer is about to
    // be written: a client cannot start its next request before that.
    let now = busy.fetch_add(1, Ordering::SeqCst) + 1;
    peak.fetch_max(now, Ordering::SeqCst);
    let reply = handler(&Request { target, headers });
    std::thread::sleep(reply.delay);
    busy.fetch_sub(1, Ordering::SeqCst);
    let mut head = format!(
        "HTTP/1.1 {} X\r\nContent-Length: {}\r\nConnection: close\r\n",
        reply.status,
        reply.body.len()
    );
    for (k, v) in &reply.headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    let mut stream = stream;
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&reply.body);
}
