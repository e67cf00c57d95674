//! The native side of the differential test (tests/wasm/differential.mjs): reads requests
//! as JSON Lines (`{"endpoint": NAME, "body": {...}}`) on stdin and writes, for each, the
//! answer `urlkit_wasm::call` gives natively (`{"status": N, "body": {...}}`), one a line.
//! The test sends the same lines to urlkit.wasm in Node and compares.

use std::io::{BufRead, BufWriter, Write};

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for (n, line) in stdin.lines().enumerate() {
        let line = line?;
        let request: serde_json::Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("answer: line {}: not JSON: {e}", n + 1);
                std::process::exit(2);
            }
        };
        let (Some(endpoint), Some(body)) = (request["endpoint"].as_str(), request.get("body"))
        else {
            eprintln!("answer: line {}: needs \"endpoint\" and \"body\"", n + 1);
            std::process::exit(2);
        };
        let body = serde_json::to_vec(body).expect("invariant: a Value serializes");
        let (status, answer) = urlkit_wasm::call(endpoint.as_bytes(), &body);
        let answer: serde_json::Value =
            serde_json::from_slice(&answer).expect("invariant: call answers JSON");
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({"status": status, "body": answer}),
        )?;
        out.write_all(b"\n")?;
    }
    out.flush()
}
