//! Reads JSON Lines `{"input": ..., "base": ... | null}` on stdin and writes, per line,
//! `{"href": ...}` or `{"failure": true}`: urlkit's `new URL(input, base).href`, for the
//! differential check against Node (`scripts/checks/whatwg-node.sh`).

use std::io::{self, BufRead, BufWriter, Write};

use serde_json::{json, Value};

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line?;
        let v: Value = serde_json::from_str(&line).map_err(io::Error::other)?;
        let input = v["input"]
            .as_str()
            .ok_or_else(|| io::Error::other(format!("no string \"input\" in {line}")))?;
        let record = match urlkit::whatwg::href(input, v["base"].as_str()) {
            Ok(href) => json!({ "href": href }),
            Err(_) => json!({ "failure": true }),
        };
        serde_json::to_writer(&mut out, &record).map_err(io::Error::other)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}
