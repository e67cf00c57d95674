//! The server's limits (issue 24, item 10) against raw TCP clients on 127.0.0.1: a head not
//! sent in time closes the connection, a body announced too large is refused before it is
//! sent, API work is limited (the rest waits or is told `busy`), a client that goes away
//! cancels its work, and 1,000 idle connections do not keep an ordinary request from its
//! answer. Every wait is bounded by a socket timeout.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use urlkit_web::{Answer, ApiError, Endpoint, Limits, Request, Server};

fn echo(r: &Request) -> Result<Answer, ApiError> {
    Ok(Answer::ok(serde_json::json!({ "text": r.text("text")? })))
}

static RUNNING: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// Half a second of work, counted.
fn slow(_: &Request) -> Result<Answer, ApiError> {
    let now = RUNNING.fetch_add(1, Ordering::SeqCst) + 1;
    PEAK.fetch_max(now, Ordering::SeqCst);
    std::thread::sleep(Duration::from_millis(500));
    RUNNING.fetch_sub(1, Ordering::SeqCst);
    Ok(Answer::ok(serde_json::json!({})))
}

static SAW_CANCEL: AtomicBool = AtomicBool::new(false);

/// Works until the client is gone (at most 20 s).
fn spin(r: &Request) -> Result<Answer, ApiError> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(20) {
        if r.is_cancelled() {
            SAW_CANCEL.store(true, Ordering::SeqCst);
            return Err(ApiError::bad("cancelled", "the client left"));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    Ok(Answer::ok(serde_json::json!({})))
}

fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint::small("echo", echo),
        Endpoint::small("slow", slow),
        Endpoint::small("spin", spin),
        Endpoint::large("big", echo),
    ]
}

fn connect(addr: SocketAddr) -> TcpStream {
    let s = TcpStream::connect(addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s
}

/// A POST of `body` to `/api/NAME` as raw bytes.
fn post(addr: SocketAddr, name: &str, body: &str) -> Vec<u8> {
    format!(
        "POST /api/{name} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Everything the server sends until it closes (or the read timeout, which fails the test).
fn answer(mut s: TcpStream) -> String {
    let mut out = Vec::new();
    match s.read_to_end(&mut out) {
        Ok(_) => String::from_utf8_lossy(&out).into_owned(),
        Err(e) => panic!(
            "no answer (or no close) within the timeout: {e}; so far: {:?}",
            String::from_utf8_lossy(&out)
        ),
    }
}

fn status(answer: &str) -> &str {
    answer.get(9..12).unwrap_or(answer)
}

#[test]
fn a_head_not_sent_in_time_closes_the_connection() {
    let limits = Limits {
        header_read: Duration::from_millis(300),
        ..Limits::default()
    };
    let server = Server::start_with(0, endpoints(), limits).unwrap();
    // Half a head, then nothing; and a connection that never says a word.
    let mut half = connect(server.addr());
    half.write_all(b"POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nConte")
        .unwrap();
    let silent = connect(server.addr());
    let started = Instant::now();
    assert_eq!(answer(half), "", "closed without an answer");
    assert_eq!(answer(silent), "");
    assert!(started.elapsed() < Duration::from_secs(9));
    // An ordinary request is still answered.
    let mut s = connect(server.addr());
    s.write_all(&post(server.addr(), "echo", r#"{"text":"a"}"#))
        .unwrap();
    assert_eq!(status(&answer(s)), "200");
}

#[test]
fn a_body_announced_too_large_is_refused_before_it_is_sent() {
    let server = Server::start(0, endpoints()).unwrap();
    for (name, length) in [("echo", "99999999999999"), ("big", "99999999999999")] {
        let mut s = connect(server.addr());
        write!(
            s,
            "POST /api/{name} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {length}\r\n\r\n{{\"text\":",
            server.addr()
        )
        .unwrap();
        let a = answer(s);
        assert_eq!(status(&a), "413", "{a}");
        assert!(a.contains("body-too-large"), "{a}");
    }
}

#[test]
fn api_work_is_limited_and_the_rest_wait_or_are_told_busy() {
    let limits = Limits {
        api_permits: 1,
        max_waiting: 1,
        queue_wait: Duration::from_secs(5),
        ..Limits::default()
    };
    let server = Server::start_with(0, endpoints(), limits).unwrap();
    let addr = server.addr();
    let clients: Vec<_> = (0..3)
        .map(|i| {
            std::thread::sleep(Duration::from_millis(if i == 0 { 0 } else { 100 }));
            let mut s = connect(addr);
            s.write_all(&post(addr, "slow", "{}")).unwrap();
            std::thread::spawn(move || answer(s))
        })
        .collect();
    let mut statuses: Vec<String> = clients
        .into_iter()
        .map(|c| status(&c.join().unwrap()).to_owned())
        .collect();
    statuses.sort();
    assert_eq!(statuses, ["200", "200", "503"]);
    assert_eq!(PEAK.load(Ordering::SeqCst), 1);
}

#[test]
fn a_client_that_goes_away_cancels_its_work() {
    let limits = Limits {
        api_permits: 1,
        ..Limits::default()
    };
    let server = Server::start_with(0, endpoints(), limits).unwrap();
    let mut s = connect(server.addr());
    s.write_all(&post(server.addr(), "spin", "{}")).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    drop(s);
    let started = Instant::now();
    while !SAW_CANCEL.load(Ordering::SeqCst) && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        SAW_CANCEL.load(Ordering::SeqCst),
        "the handler never heard that its client left"
    );
    // Its turn is free again.
    let mut s = connect(server.addr());
    s.write_all(&post(server.addr(), "echo", r#"{"text":"b"}"#))
        .unwrap();
    assert_eq!(status(&answer(s)), "200");
}

#[test]
fn a_thousand_idle_connections_do_not_keep_a_request_from_its_answer() {
    let server = Server::start(0, endpoints()).unwrap();
    let idle: Vec<TcpStream> = (0..1000)
        .map(|i| {
            let mut s = connect(server.addr());
            if i % 2 == 0 {
                s.write_all(b"GET / HTTP/1.1\r\nHo").unwrap();
            }
            s
        })
        .collect();
    for _ in 0..3 {
        let mut s = connect(server.addr());
        s.write_all(&post(server.addr(), "echo", r#"{"text":"c"}"#))
            .unwrap();
        let a = answer(s);
        assert_eq!(status(&a), "200", "{a}");
    }
    drop(idle);
}
