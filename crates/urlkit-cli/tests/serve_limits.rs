//! `urlkit serve` under a 256-descriptor limit (issue 24, item 10): 300 connections that
//! never finish a request head must not lock a user out, and a body announced as 100 TB is
//! refused at once. The server runs as a child process (`ulimit -n 256`), the clients in the
//! test; every wait is bounded by a socket timeout.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// `urlkit serve --port 0` with at most 256 open files; its address.
fn serve_with_256_descriptors() -> (Child, SocketAddr) {
    let mut child = Command::new("sh")
        .args([
            "-c",
            "ulimit -n 256 && exec \"$0\" serve --port 0",
            env!("CARGO_BIN_EXE_urlkit"),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("sh runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut line)
        .expect("the first line says where it listens");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (child, addr)
}

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn connect(addr: SocketAddr) -> TcpStream {
    let s = TcpStream::connect(addr).expect("connects (the kernel queues what is not accepted)");
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    s
}

fn answer(mut s: TcpStream, what: &str) -> String {
    let mut out = Vec::new();
    if let Err(e) = s.read_to_end(&mut out) {
        panic!(
            "{what}: no answer within 20 s ({e}); so far {:?}",
            String::from_utf8_lossy(&out)
        );
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn half_open_connections_do_not_lock_out_a_server_with_256_descriptors() {
    let (child, addr) = serve_with_256_descriptors();
    let _server = Killed(child);
    let half_open: Vec<TcpStream> = (0..300)
        .map(|i| {
            let mut s = connect(addr);
            if i % 3 == 0 {
                let _ = s.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
            }
            s
        })
        .collect();
    for _ in 0..3 {
        let mut s = connect(addr);
        write!(
            s,
            "GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let a = answer(s, "the page");
        assert!(a.starts_with("HTTP/1.1 200"), "{a}");
    }
    let mut s = connect(addr);
    write!(
        s,
        "POST /api/reconcile HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 99999999999999\r\n\r\n{{"
    )
    .unwrap();
    let a = answer(s, "the 413");
    assert!(a.starts_with("HTTP/1.1 413"), "{a}");
    drop(half_open);
}
