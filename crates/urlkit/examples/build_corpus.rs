//! Emits generated URL components and what urlkit builds from them, for the real-runtime
//! checks in `scripts/checks/build.sh` (Python `urlsplit` + `parse_qsl`, Node `URL` +
//! `URLSearchParams`, Go `net/url`) and `scripts/checks/signing.sh` (botocore, oauthlib).
//!
//! Output: one JSON object per line: `scheme`, `host` (as given), `ascii_host` (as it must
//! come back), `port` (or null), `segments`, `params` (pairs), `fragment` (or null), `style`,
//! `url` (built in that query style), `url_rfc3986` (the same components, RFC 3986 query
//! style), and urlkit's signing forms of the components given as data: `aws_query_of`
//! (`canonical_query_of(params)`) and `oauth1_parameters` (`normalized_parameters(params)`).
//!
//! Values are any Unicode scalar values, weighted towards `/ ? # % + & = ;`, space, controls,
//! non-ASCII letters and emoji. Deterministic: `cargo run --example build_corpus -- [SEED]
//! [COUNT]`.

use std::io::{self, Write};

use serde_json::json;
use urlkit::build::{HostInput, QueryStyle, UrlBuilder};
use urlkit::flavor::{aws_sigv4, oauth1};

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const SPECIAL: &[u8] = b"/?#%+&=; .~*!'()[]@:$,\\\"<>^`{|}";

fn random_char(rng: &mut Rng) -> char {
    let p = match rng.below(100) {
        0..=29 => rng.range(0x21, 0x7E),
        30..=54 => u32::from(SPECIAL[rng.below(SPECIAL.len() as u64) as usize]),
        55..=59 => rng.range(0x00, 0x1F),
        60 => 0x7F,
        61..=67 => rng.range(0x80, 0xFF),
        68..=75 => rng.range(0x3041, 0x30FA),
        76..=83 => rng.range(0x4E00, 0x9FFF),
        84..=88 => rng.range(0x1F300, 0x1FAFF),
        89..=91 => rng.range(0x0300, 0x036F),
        92..=94 => rng.range(0xFF01, 0xFF5E),
        95..=96 => rng.range(0xE000, 0xF8FF),
        _ => rng.range(0x10000, 0x10FFFF),
    };
    // Surrogate code points are not scalar values; any other draw is one.
    char::from_u32(p).unwrap_or('\u{FFFD}')
}

fn random_string(rng: &mut Rng, max: u64) -> String {
    (0..rng.below(max + 1)).map(|_| random_char(rng)).collect()
}

fn segment(rng: &mut Rng) -> String {
    loop {
        let s = random_string(rng, 8);
        if s != "." && s != ".." {
            return s;
        }
    }
}

const HOSTS: [&str; 8] = [
    "example.com",
    "日本語.jp",
    "例え.テスト",
    "Bücher.example",
    "xn--r8jz45g.jp",
    "192.0.2.1",
    "::1",
    "a-b.c_d.example",
];

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args
        .get(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_201);
    let count: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2_500);
    let mut rng = Rng(seed | 1);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut written = 0;
    while written < count {
        let scheme = if rng.below(2) == 0 { "https" } else { "http" };
        let host = HOSTS[rng.below(HOSTS.len() as u64) as usize];
        let port = match rng.below(6) {
            0 => Some(80),
            1 => Some(443),
            2 => Some(rng.range(1, 65535)),
            _ => None,
        };
        let segments: Vec<String> = (0..rng.range(1, 4)).map(|_| segment(&mut rng)).collect();
        let params: Vec<(String, String)> = (0..rng.below(5))
            .map(|_| (random_string(&mut rng, 6), random_string(&mut rng, 10)))
            .collect();
        let fragment = (rng.below(3) == 0).then(|| random_string(&mut rng, 8));
        let style = if rng.below(2) == 0 {
            QueryStyle::Form
        } else {
            QueryStyle::Rfc3986
        };
        let build = |style: QueryStyle| -> Result<String, urlkit::build::BuildError> {
            let mut b = UrlBuilder::new(scheme)?
                .query_style(style)
                .host(HostInput::parse(host))?;
            if let Some(p) = port {
                b = b.port(p)?;
            }
            b = b.segments(segments.iter().map(String::as_str))?;
            for (k, v) in &params {
                b = b.param(k, v);
            }
            if let Some(f) = &fragment {
                b = b.fragment(f);
            }
            Ok(b.build()?.into_uri())
        };
        let (url, url_rfc3986) = match (build(style), build(QueryStyle::Rfc3986)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                eprintln!(
                    "build_corpus: components refused ({e}); the generator only makes valid ones"
                );
                std::process::exit(1);
            }
        };
        let ascii_host = urlkit::build::UrlBuilder::new(scheme)
            .and_then(|b| b.host(HostInput::parse(host)))
            .and_then(|b| b.build())
            .map(|b| b.uri()[scheme.len() + 3..].to_owned())
            .map_err(|e| io::Error::other(e.to_string()))?;
        let pairs: Vec<(&str, &str)> = params
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let record = json!({
            "scheme": scheme,
            "host": host,
            "ascii_host": ascii_host,
            "port": port,
            "segments": segments,
            "params": params,
            "fragment": fragment,
            "style": style.name(),
            "url": url,
            "url_rfc3986": url_rfc3986,
            "aws_query_of": aws_sigv4::canonical_query_of(&pairs),
            "oauth1_parameters": oauth1::normalized_parameters(&pairs),
        });
        serde_json::to_writer(&mut out, &record).map_err(io::Error::other)?;
        out.write_all(b"\n")?;
        written += 1;
    }
    out.flush()
}
