//! The laws the fuzz targets check, one function per target (each target in `fuzz_targets/` is
//! a one-line wrapper). A law that fails panics with the input and the level, which libFuzzer
//! reports as a crash; every crash found becomes a named regression test in
//! `crates/urlkit/tests/fuzz_regressions.rs`.

mod arrow_bulk;

pub use arrow_bulk::arrow_bulk;

use std::cell::Cell;
use std::io::Cursor;

mod check_head;
pub use check_head::check_head;

mod cli_input;
pub use cli_input::cli_input;

use urlkit::codec::sets::NamedSet;
use urlkit::codec::{decode, decode_to_bytes, percent_decode, DecodeMode, HexCase, Space};
use urlkit::compare::compare;
use urlkit::normalize::{key, normalize, Form, Keys, Level, Options};
use urlkit::uri::{parse, recompose, resolve, Component, Resolution};
use urlkit_sources::{FetchError, FetchErrorKind, Fetcher, Reader, Response, SourceSpec};

/// The text of a fuzz input: inputs that are not UTF-8 are skipped by the text targets (the
/// byte targets take them all).
pub fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Decoding in every mode, and encoding then decoding with every named set.
pub fn codec_decode(data: &[u8]) {
    let lenient = decode_to_bytes(data, DecodeMode::Lenient).expect("lenient never fails");
    assert_eq!(
        lenient,
        percent_decode(data),
        "lenient is the WHATWG percent-decode"
    );
    if let Ok(strict) = decode_to_bytes(data, DecodeMode::Strict) {
        assert_eq!(
            strict, lenient,
            "strict agrees with lenient when it succeeds"
        );
    }
    let plus: Vec<u8> = data
        .iter()
        .map(|&b| if b == b'+' { b' ' } else { b })
        .collect();
    let form = decode_to_bytes(data, DecodeMode::Form).expect("form never fails");
    assert_eq!(
        form,
        percent_decode(&plus),
        "form is '+' as space, then lenient"
    );
    if let Some(s) = text(data) {
        for mode in [DecodeMode::Strict, DecodeMode::Lenient, DecodeMode::Form] {
            match decode(s, mode) {
                Ok(t) => {
                    if mode == DecodeMode::Strict {
                        assert_eq!(t.as_bytes(), lenient.as_ref());
                    }
                }
                Err(e) => assert!(e.offset() <= s.len(), "{mode:?}: offset past the end"),
            }
        }
    }
    for named in NamedSet::ALL {
        let enc = named.encoder();
        if !enc.set().contains(b'%') {
            continue;
        }
        let mode = match enc.space_mode() {
            Space::Plus => DecodeMode::Form,
            Space::AsSet => DecodeMode::Strict,
        };
        for hex in [HexCase::Upper, HexCase::Lower] {
            let encoded = enc.hex(hex).encode_bytes(data);
            let back = decode_to_bytes(encoded.as_bytes(), mode).expect("encoded text decodes");
            assert_eq!(back.as_ref(), data, "round trip through {}", named.name());
        }
    }
}

/// Bases that reach the interesting branches of resolution (§5.2.2): an authority, none, a
/// path-only URI, an empty path.
const BASES: [&str; 4] = ["http://a/b/c/d;p?q", "http:/a/b", "foo:x/y", "http://a"];

/// Whether a reference has a scheme and whether it has an authority.
fn shape(s: &str) -> (bool, bool) {
    let u = parse(s).unwrap_or_else(|e| panic!("{s:?} does not parse again: {e}"));
    (u.scheme().is_some(), u.authority().is_some())
}

/// Parsing, recomposing and resolving: components recompose to the input, and a resolved
/// target parses again with the scheme and authority §5.2.2 gives it.
pub fn uri_parse(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let Ok(u) = parse(s) else { return };
    for c in Component::ALL {
        if let Some(r) = u.range(c) {
            assert!(r.start <= r.end && r.end <= s.len(), "{c} out of bounds");
        }
    }
    let again = recompose(u.scheme(), u.authority(), u.path(), u.query(), u.fragment());
    assert_eq!(again, s, "recompose(parse(s)) is s");
    for base in BASES {
        let b = parse(base).expect("the bases parse");
        for mode in [Resolution::Strict, Resolution::BackwardCompatible] {
            let target = resolve(&b, &u, mode);
            let has_authority = match (u.scheme(), mode) {
                (Some(s), Resolution::BackwardCompatible)
                    if b.scheme().is_some_and(|bs| bs.eq_ignore_ascii_case(s)) =>
                {
                    u.authority().is_some() || b.authority().is_some()
                }
                (Some(_), _) => u.authority().is_some(),
                (None, _) => u.authority().is_some() || b.authority().is_some(),
            };
            assert_eq!(
                shape(&target),
                (true, has_authority),
                "{s:?} against {base:?} ({mode:?}) gave {target:?}"
            );
        }
        // The input as the base, when it can be one.
        if u.scheme().is_some() {
            let target = resolve(&u, &b, Resolution::Strict);
            shape(&target);
        }
    }
}

/// Normalization at every level: the key keeps the scheme and authority (ladder levels; the
/// `whatwg` key is a browser's href and is read back by the WHATWG parser), is a fixed point,
/// and the other ways of asking for it agree.
pub fn normalize_laws(data: &[u8]) {
    let Some(s) = text(data) else { return };
    for level in Level::ALL {
        let o = Options::new(level);
        let Ok(k) = key(s, &o) else {
            if let Err(e) = key(s, &o) {
                assert!(
                    e.offset() <= s.len(),
                    "error offset past the end at {level}"
                );
            }
            continue;
        };
        if level == Level::Whatwg {
            let href = urlkit::whatwg::href(&k, None)
                .unwrap_or_else(|e| panic!("{s:?}: href {k:?} does not parse again: {e}"));
            assert_eq!(href, k, "{s:?}: the href is not a fixed point");
            continue;
        }
        if level == Level::Exact && parse(s).is_err() {
            // `exact` keys any text as itself: there is no shape to keep.
            continue;
        }
        assert_eq!(
            shape(s),
            shape(&k),
            "{s:?} -> {k:?} at {level}: shape changed"
        );
        let again = key(&k, &o).unwrap_or_else(|e| panic!("{s:?}: key {k:?} fails: {e}"));
        assert_eq!(again, k, "{s:?}: key of key at {level}");
        let mut keys = Keys::new(o);
        assert_eq!(
            keys.key_cow(s).ok().as_deref(),
            Some(k.as_str()),
            "key_cow at {level}"
        );
        let mut buf = String::from("left over");
        keys.key_into(s, &mut buf)
            .expect("key_into agrees with key");
        assert_eq!(buf, k, "key_into at {level}");
        if level != Level::Exact {
            let iri = normalize(s, &o, Form::Iri).expect("the IRI form exists when the key does");
            assert_eq!(
                key(&iri, &o).ok(),
                Some(k.clone()),
                "{s:?}: IRI {iri:?} at {level}"
            );
        }
    }
}

/// Keys against `compare`, at every level: two inputs (split at the first newline) are equal
/// iff their keys are, and each equals its own key.
pub fn key_compare(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let (a, b) = s.split_once('\n').unwrap_or((s, s));
    for level in Level::ALL {
        let o = Options::new(level);
        let (ka, kb) = (key(a, &o), key(b, &o));
        if let (Ok(ka), Ok(kb)) = (&ka, &kb) {
            match compare(a, b, &o) {
                Ok(c) => assert_eq!(c.equal, ka == kb, "{a:?} vs {b:?} at {level}"),
                // `exact` keys any text, `whatwg` what a browser accepts; a comparison also
                // reads both as RFC 3986 references and says which one it cannot.
                Err(e) => {
                    let bad = match e.side {
                        urlkit::compare::Side::A => a,
                        urlkit::compare::Side::B => b,
                    };
                    assert!(parse(bad).is_err(), "{a:?} vs {b:?} at {level}: {e}");
                }
            }
        }
        for (x, kx) in [(a, &ka), (b, &kb)] {
            if let Ok(kx) = kx {
                let c = compare(x, kx, &o);
                assert!(
                    c.as_ref().is_ok_and(|c| c.equal),
                    "{x:?} vs its key {kx:?} at {level}: {c:?}"
                );
            }
        }
    }
}

/// The RFC 3986 and WHATWG readings side by side: no panic, and the RFC reading written back
/// has the same scheme and authority (no host appears or goes).
pub fn whatwg_rfc(data: &[u8]) {
    use urlkit::lint::parser_disagreement::{side_by_side, Rfc3986Reading};
    let Some(s) = text(data) else { return };
    let (input, base) = match s.split_once('\n') {
        Some((i, b)) => (i, Some(b)),
        None => (s, None),
    };
    let _ = side_by_side(input, base);
    let _ = urlkit::whatwg::Url::parse(input, base);
    if let Ok(r) = Rfc3986Reading::parse(input, base) {
        let written = r.to_string();
        let back = Rfc3986Reading::parse(&written, None)
            .unwrap_or_else(|e| panic!("{input:?}: the target {written:?} is rejected: {e:?}"));
        // The path may lose dot segments a base kept (§5.2.2 copies the base's path as it is
        // for an empty reference), but the authority is the one the reading showed.
        let authority = |r: &Rfc3986Reading| {
            (
                r.scheme.clone(),
                r.userinfo.clone(),
                r.host.clone(),
                r.port.clone(),
            )
        };
        assert_eq!(
            authority(&back),
            authority(&r),
            "{input:?}: {written:?} reads differently"
        );
    }
}

/// Every flavor on the input as text, bytes and UTF-16: no panic, errors inside the input.
pub fn flavor(data: &[u8]) {
    use urlkit::flavor::{Direction, Flavor, Input, Params};
    let units: Vec<u16> = data
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect();
    let mut inputs = vec![Input::Bytes(data), Input::Utf16(&units)];
    if let Some(s) = text(data) {
        inputs.push(Input::Text(s));
    }
    let params = Params::default();
    for f in Flavor::ALL {
        for input in &inputs {
            match f.direction() {
                Direction::Encode => {
                    let _ = f.encode_with(*input, &params);
                }
                Direction::Decode => {
                    let _ = f.decode_with(*input, &params);
                }
            }
        }
    }
}

/// Serves the fuzz input as the first response and `[]` after it (a second WordPress page is
/// empty), so that a reader sees arbitrary bytes from a "remote" source without any I/O.
struct OneBody<'a> {
    body: &'a [u8],
    calls: Cell<usize>,
}

impl Fetcher for OneBody<'_> {
    fn get(&self, url: &str) -> Result<Response, FetchError> {
        let n = self.calls.get();
        self.calls.set(n + 1);
        if n > 4 {
            return Err(FetchError::new(
                FetchErrorKind::BudgetExhausted,
                url,
                "the fuzz fetcher answers five requests",
            ));
        }
        let body: Vec<u8> = if n == 0 {
            self.body.to_vec()
        } else {
            b"[]".to_vec()
        };
        Ok(Response::new(
            200,
            url,
            Vec::new(),
            Box::new(Cursor::new(body)),
        ))
    }
}

/// Reads `data` as the source `spec` (a URL location served by [`OneBody`]): records and
/// errors, never a panic. Sitemap indexes are not followed (depth 0), so no input makes the
/// reader open anything.
pub fn read_source(spec: &str, data: &[u8]) {
    let fetcher = OneBody {
        body: data,
        calls: Cell::new(0),
    };
    let spec = SourceSpec::parse(spec).expect("the fuzz specs parse");
    let mut reader = Reader::new()
        .fetcher(&fetcher)
        .max_depth(0)
        .max_bytes(1 << 20);
    let mut n = 0usize;
    let _ = reader.read(&spec, &mut |_| n += 1);
    // A record takes at least a byte of (inflated) content, and the content is capped.
    assert!(n <= (1 << 20) + 1, "{n} records from at most 1 MiB");
}

/// `Content-Disposition`: parsing any value, and building then parsing a file name.
pub fn content_disposition(data: &[u8]) {
    use urlkit::content_disposition::{build, parse as parse_cd, Disposition};
    let Some(s) = text(data) else { return };
    if let Err(e) = parse_cd(s) {
        assert!(e.offset() <= s.len(), "offset past the end");
    }
    for d in [Disposition::Attachment, Disposition::Inline] {
        let v = build(s, d);
        let back = parse_cd(&v).unwrap_or_else(|e| panic!("{s:?}: {v:?} does not parse: {e:?}"));
        assert_eq!(back.disposition(), d.name());
        // Control characters cannot be written in a header value; everything else comes back.
        if !s.is_empty() && !s.chars().any(char::is_control) {
            assert_eq!(back.filename(), Some(s), "{v:?}");
        }
    }
}

/// Base64: strict decoding accepts only the canonical encoding, and encoding round-trips.
pub fn base64(data: &[u8]) {
    use urlkit::base64::{Alphabet, Base64, Padding};
    for alphabet in [Alphabet::Standard, Alphabet::UrlSafe] {
        for padding in [Padding::Pad, Padding::Omit] {
            let b = Base64::new(alphabet, padding);
            let e = b.encode(data);
            assert_eq!(b.decode(&e).as_deref(), Ok(data), "round trip");
            if let Some(s) = text(data) {
                match b.decode(s) {
                    Ok(bytes) => assert_eq!(b.encode(&bytes), s, "strict means canonical"),
                    Err(err) => assert!(err.offset() <= s.len()),
                }
            }
        }
    }
}

/// Reconciliation against a naive model: a map from key (or, for a URL without one, `\0` and
/// its text) to the first URL and the count of each side. The input is two lists of lines,
/// separated by the first empty line; its first byte picks the level.
pub fn reconcile(data: &[u8]) {
    use std::collections::HashMap;
    use urlkit_reconcile::{LevelKeyer, Reconciler, Side};
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Some(s) = text(rest) else { return };
    let level = Level::LADDER[usize::from(pick) % Level::LADDER.len()];
    let o = Options::new(level);
    let (left, right) = s.split_once("\n\n").unwrap_or((s, ""));
    let keyer = LevelKeyer::new(o);
    let mut r = Reconciler::new(&keyer);
    // key -> (first left URL, left count, first right URL, right count)
    let mut model: HashMap<String, [(Option<&str>, usize); 2]> = HashMap::new();
    let mut invalid = [0usize; 2];
    for (side, lines) in [(Side::Left, left), (Side::Right, right)] {
        let i = usize::from(side == Side::Right);
        for (n, url) in lines.lines().enumerate() {
            r.add(side, url, n);
            let k = key(url, &o).unwrap_or_else(|_| {
                invalid[i] += 1;
                format!("\0{url}")
            });
            let slot = &mut model.entry(k).or_default()[i];
            slot.0.get_or_insert(url);
            slot.1 += 1;
        }
    }
    let done = r.finish();
    let got = done.summary();
    let on = |i: usize| model.values().filter(move |v| v[i].1 > 0);
    let both: Vec<_> = model
        .values()
        .filter(|v| v[0].1 > 0 && v[1].1 > 0)
        .collect();
    let exact = both.iter().filter(|v| v[0].0 == v[1].0).count();
    for (i, counts) in [(0, &got.left), (1, &got.right)] {
        assert_eq!(
            counts.records,
            on(i).map(|v| v[i].1).sum::<usize>(),
            "records {i}"
        );
        assert_eq!(counts.distinct, on(i).count(), "distinct {i}");
        assert_eq!(
            counts.duplicate_keys,
            on(i).filter(|v| v[i].1 > 1).count(),
            "dups {i}"
        );
        assert_eq!(counts.invalid, invalid[i], "invalid {i}");
    }
    assert_eq!(got.matched(), both.len(), "matched at {level}");
    assert_eq!(got.matched_exact, exact, "matched exactly at {level}");
    assert_eq!(
        got.only_left,
        on(0).count() - both.len(),
        "only left at {level}"
    );
    assert_eq!(
        got.only_right,
        on(1).count() - both.len(),
        "only right at {level}"
    );
    let only_left: Vec<String> = done.only_left().map(|o| o.url().into_owned()).collect();
    assert_eq!(only_left.len(), got.only_left);
    for url in &only_left {
        let k = key(url, &o).unwrap_or_else(|_| format!("\0{url}"));
        assert_eq!(model[&k][1].1, 0, "{url:?} is on the right too");
    }
}

/// Build then parse: components given as data (split from the input at NUL bytes: segments,
/// then `key=value` pairs after a NUL NUL, then a fragment after a third NUL) come back from
/// the built URL, each decoded once, exactly; a `.`/`..` segment is refused, never built.
pub fn build_parse(data: &[u8]) {
    use urlkit::build::{
        read_params, read_segments, BuildErrorKind, HostInput, QueryStyle, UrlBuilder,
    };
    let Some(s) = text(data) else { return };
    let mut parts = s.splitn(3, "\0\0");
    let segments: Vec<&str> = parts.next().unwrap_or_default().split('\0').collect();
    let pairs: Vec<(&str, &str)> = parts
        .next()
        .map(|q| {
            q.split('\0')
                .map(|p| p.split_once('=').unwrap_or((p, "")))
                .collect()
        })
        .unwrap_or_default();
    let fragment = parts.next();
    let Ok(mut b) = UrlBuilder::new("https").and_then(|b| b.host(HostInput::Name("example.com")))
    else {
        panic!("invariant: https://example.com builds");
    };
    // `segments` sets the whole path (`segment` appends, filling a trailing empty segment).
    match b.clone().segments(segments.iter().copied()) {
        Ok(next) => {
            assert!(
                !segments.iter().any(|seg| *seg == "." || *seg == ".."),
                "built a dot segment among {segments:?}"
            );
            b = next;
        }
        Err(e) => {
            assert!(
                e.kind() != BuildErrorKind::DotSegment
                    || segments.iter().any(|seg| *seg == "." || *seg == ".."),
                "refused {segments:?}: {e:?}"
            );
            return;
        }
    }
    for (k, v) in &pairs {
        b = b.param(k, v);
    }
    if let Some(f) = fragment {
        b = b.fragment(f);
    }
    let Ok(built) = b.build() else { return };
    let uri = built.uri();
    let parsed = urlkit::uri::parse(uri).expect("a built URL parses");
    assert_eq!(
        parsed.get(urlkit::uri::Component::Host),
        Some("example.com"),
        "{uri}"
    );
    let got: Vec<Vec<u8>> = read_segments(&parsed)
        .into_iter()
        .map(|s| s.value)
        .collect();
    let want: Vec<Vec<u8>> = segments.iter().map(|s| s.as_bytes().to_vec()).collect();
    assert_eq!(got, want, "segments of {uri}");
    let got: Vec<(Vec<u8>, Vec<u8>)> = read_params(&parsed, QueryStyle::Form)
        .into_iter()
        .map(|p| (p.key, p.value))
        .collect();
    let want: Vec<(Vec<u8>, Vec<u8>)> = pairs
        .iter()
        .map(|(k, v)| (k.as_bytes().to_vec(), v.as_bytes().to_vec()))
        .collect();
    if !pairs.is_empty() {
        assert_eq!(got, want, "params of {uri}");
    }
}

/// Lint: no panic; every span lies within the input on character boundaries; applying the
/// safe fixes is idempotent.
pub fn lint(data: &[u8]) {
    use urlkit::lint::{fix, lint, FixLevel, Selection};
    let Some(s) = text(data) else { return };
    let selection = Selection::default();
    for d in lint(s, &selection) {
        assert!(d.span.start <= d.span.end && d.span.end <= s.len(), "{d:?}");
        assert!(
            s.is_char_boundary(d.span.start) && s.is_char_boundary(d.span.end),
            "{d:?}"
        );
    }
    let once = fix(s, &selection, FixLevel::Safe);
    let twice = fix(&once, &selection, FixLevel::Safe);
    assert_eq!(once, twice, "safe fixes of {s:?} are not idempotent");
}

/// The CPU time of this thread so far: the fuzzing machine is shared, and waiting for a core
/// is not work.
fn cpu_now() -> std::time::Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The least CPU time of three lints of `url` with every rule, and its number of findings.
fn lint_cost(url: &str) -> (std::time::Duration, usize) {
    use urlkit::lint::{lint, Selection};
    let all = Selection::parse(&["all"], &[]).expect("`all` is a selection");
    let mut best = std::time::Duration::MAX;
    let mut n = 0;
    for _ in 0..3 {
        let t = cpu_now();
        n = lint(url, &all).len();
        best = best.min(cpu_now() - t);
    }
    (best, n)
}

/// Lint precedence (issue 24.4): the time per finding is bounded. The input is a piece of a
/// URL (after `http://a/`), repeated 32 and 256 times: eight times the text, and about eight
/// times the findings, must cost less than 32 times the time (a quadratic step costs 64
/// times). Runs under 2 ms are below the noise of a shared machine and are not compared.
pub fn lint_precedence(data: &[u8]) {
    let Some(unit) = text(data) else { return };
    if unit.is_empty() || unit.len() > 64 {
        return;
    }
    let url = |n: usize| format!("http://a/{}", unit.repeat(n));
    let (small, found_small) = lint_cost(&url(32));
    let (large, found_large) = lint_cost(&url(256));
    if large < std::time::Duration::from_millis(2) || found_large < 256 {
        return;
    }
    // Few findings on the small side: each costs at least as much as one of the large side.
    let per_small = small.as_secs_f64() / found_small.max(1) as f64;
    let per_large = large.as_secs_f64() / found_large as f64;
    let ratio = large.as_secs_f64() / small.as_secs_f64().max(1e-9);
    assert!(
        ratio < 32.0 || per_large < 4.0 * per_small,
        "lint of {unit:?} x256: {large:?} for {found_large} findings, x32: {small:?} for \
         {found_small} (ratio {ratio:.1})"
    );
}

/// Repair: no panic; a repaired URL is not repaired again; a URL left alone is the input.
pub fn repair(data: &[u8]) {
    use urlkit::charset::repair::{repair, Verdict};
    let Some(s) = text(data) else { return };
    let Ok(r) = repair(s) else { return };
    if r.verdict == Verdict::Repaired {
        let again = repair(&r.output).expect("a repaired URL parses");
        assert_eq!(
            again.output, r.output,
            "repairing {s:?} twice changed it again"
        );
    } else {
        assert_eq!(
            r.output, s,
            "verdict {:?} but the output differs",
            r.verdict
        );
    }
}

/// The CSV writers' law (issue 24.6): any cells (the input split into rows at `\n` and cells
/// at `\x1f`, bytes that are not UTF-8 as U+FFFD, as a remote source's text reaches a report)
/// read back as the cells written, none starting a formula, none holding a raw control.
pub fn csv_writers(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let rows: Vec<Vec<String>> = text
        .split('\n')
        .map(|row| row.split('\u{1f}').map(str::to_owned).collect())
        .collect();
    if let Err(e) = urlkit_records::csv::verify_round_trip(&rows) {
        panic!("{e} (input {data:?})");
    }
}

/// `urlkit_scan::scan_project` on any text: the first byte picks the language, the rest is
/// split into two files at the first NUL (S002 looks across files). Every finding must lie
/// on char boundaries inside its file, at a line and column that its span starts at, with a
/// code of the registry; no input may panic the parser glue.
pub fn scan(data: &[u8]) {
    use urlkit_scan::{rule, scan_project, Language, SourceFile};
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let language = Language::ALL[usize::from(pick) % Language::ALL.len()];
    let (a, b) = text.split_once('\0').unwrap_or((text, ""));
    let files = [
        SourceFile {
            name: "a",
            source: a,
            language,
        },
        SourceFile {
            name: "b",
            source: b,
            language,
        },
    ];
    let Ok(out) = scan_project(&files) else {
        return;
    };
    for f in &out.findings {
        let s = files[f.file].source;
        let d = &f.finding;
        assert!(d.span.start <= d.span.end && d.span.end <= s.len(), "{d:?}");
        assert!(
            s.is_char_boundary(d.span.start) && s.is_char_boundary(d.span.end),
            "{d:?}"
        );
        let before = &s[..d.span.start];
        assert_eq!(d.line, before.matches('\n').count() + 1, "{d:?}");
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        assert_eq!(d.column, before[line_start..].chars().count() + 1, "{d:?}");
        assert!(rule(d.code).is_some_and(|r| r.name == d.rule), "{d:?}");
    }
}
