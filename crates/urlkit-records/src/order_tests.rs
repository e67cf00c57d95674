//! Every record writes its fields in the order of their names (see the crate's Rationale):
//! each is serialized directly and through `serde_json::Value` (sorted maps), and the two
//! must be the same bytes. Each sample fills every optional field, so that none hides.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::build::{Build, Canonical};
use crate::check::{Check, Hop, Meant, Variant};
use crate::codec::{Decode, DelimiterWarning, Encode, EncodeWarning, Explain};
use crate::compare::{Compare, Dedupe, Difference, Leveled};
use crate::envelope::{Failed, Failure, Record, Text, True};
use crate::flavors::{FlavorInfo, RoundtripCell, Table, TableRow};
use crate::header::{Base64, Built, ContentDisposition, Note};
use crate::lint::{Evidence, Finding, Fix, Lint, RuleInfo, Span};
use crate::parse::{
    Disagreement, Param, Parse, Rfc3986, Rfc3986Error, Rfc3986Parts, Segment, Whatwg, WhatwgError,
    WhatwgParts,
};
use crate::reconcile::{
    Duplicate, Invalid, Line, Matched, Occurrence, SideSummary, SourceCount, SourceFinding, Summary,
};
use crate::repair::{Candidate, Points, Repair, Step};

fn sorted(name: &str, value: &impl Serialize) {
    let direct = serde_json::to_string(value).expect("serializes");
    let through_value =
        serde_json::to_string(&serde_json::to_value(value).expect("to a value")).expect("again");
    assert_eq!(direct, through_value, "{name}: fields out of name order");
}

fn s(t: &str) -> String {
    t.to_owned()
}

fn failed() -> Failed {
    Failed::new("x", Failure::at("k", 1, "m"))
        .line(3)
        .level("safe")
}

#[test]
fn envelope() {
    sorted("failed", &failed());
    sorted("text", &Text::new("a", "b"));
    sorted("record", &Record::<Text>::Failed(failed()));
}

#[test]
fn codec() {
    sorted("encode", &Encode::with_set("a", "b", "path"));
    sorted("encode flavor", &Encode::with_flavor("a", "b", "js.escape"));
    let mut warned = Encode::with_set("a", "b", "path");
    warned.warnings.push(EncodeWarning {
        kind: "whole-url",
        message: s("m"),
        offset: 0,
    });
    sorted("encode warnings", &warned);
    let note = || Note::new("k", "m");
    sorted(
        "content-disposition built",
        &Built {
            input: s("a"),
            notes: vec![note()],
            ok: True,
            output: s("b"),
        },
    );
    sorted(
        "base64",
        &Base64 {
            accepted: vec![note()],
            input: s("a"),
            ok: True,
            output: s("b"),
        },
    );
    sorted("note", &note());
    sorted(
        "convert",
        &crate::codec::Convert::new("%8AO", &urlkit::convert::readings("%8AO%91%95%95s")),
    );
    sorted(
        "decode",
        &Decode {
            bytes_hex: Some(s("ff")),
            charset: Some("UTF-8"),
            flavor: Some("python.unquote"),
            input: s("a"),
            ok: True,
            output: s("b"),
            utf16_hex: Some(s("d800")),
            warning: Some(DelimiterWarning::new("url", vec![s("%26")], "m")),
        },
    );
    sorted("explain", &Explain::new("a b/運%"));
}

fn difference() -> Difference {
    Difference {
        component: s("path"),
        message: s("m"),
        offset_a: 1,
        offset_b: 2,
    }
}

#[test]
fn compare() {
    sorted("leveled", &Leveled::new("a", "safe", "b"));
    sorted(
        "dedupe",
        &Dedupe {
            count: 2,
            input: s("a"),
            level: "safe",
            line: Some(1),
            ok: True,
            output: s("k"),
        },
    );
    sorted("difference", &difference());
    sorted(
        "compare",
        &Compare {
            a: s("a"),
            b: s("b"),
            difference: Some(difference()),
            equal: false,
            input: s("a b"),
            level: "safe",
            lowest_equal_level: Some("loose"),
            ok: True,
            output: "different",
            report: s("r"),
            rules: vec!["hex-case"],
            unicode_normalization: Some(s("A is NFC, B is NFD")),
            whatwg_equal: Some(true),
        },
    );
}

fn span() -> Span {
    Span { end: 2, start: 1 }
}

#[test]
fn lint() {
    let finding = Finding {
        code: "U0101",
        component: s("path"),
        evidence: vec![Evidence {
            label: "decoded",
            value: s("v"),
        }],
        fix: Some(Fix {
            applicability: "safe",
            replacement: s("r"),
            span: span(),
        }),
        level: "error",
        message: s("m"),
        rule: "malformed-escape",
        span: span(),
    };
    sorted(
        "lint",
        &Lint {
            findings: vec![finding],
            input: s("a"),
            line: 1,
            ok: True,
            output: Some(s("b")),
            scope: Some("list"),
            source: Some(s("urls.txt")),
        },
    );
    for r in urlkit::lint::rules() {
        sorted("rule", &RuleInfo::from(r));
    }
}

#[test]
fn repair() {
    sorted(
        "repair",
        &Repair {
            candidates: vec![Candidate {
                charset: "Shift_JIS",
                evidence: vec![Points {
                    points: 3,
                    reason: s("r"),
                }],
                kept: true,
                output: s("o"),
                same_as: vec!["windows-31j"],
                score: 3,
                texts: vec![s("t")],
            }],
            charset: Some("Shift_JIS"),
            input: s("a"),
            ok: True,
            output: s("b"),
            steps: vec![Step {
                action: "undo-mojibake",
                after: s("a"),
                before: s("b"),
                charset: Some("ISO-8859-1"),
                component: s("path"),
                defect: Some("overlong"),
                layer: Some(1),
                message: s("m"),
                note: Some(s("n")),
                span: span(),
            }],
            verdict: "repaired",
        },
    );
}

#[test]
fn build() {
    let mut b = Build::new("a", "b", s("u"), s("i"));
    b.canonical = Some(Canonical::AwsSigv4 {
        query: s("q"),
        scheme: "aws.sigv4",
        uri: s("u"),
        uri_s3: s("s"),
    });
    sorted("build aws", &b);
    b.canonical = Some(Canonical::Oauth1 {
        base_string_uri: s("b"),
        normalized_parameters: s("p"),
        scheme: "oauth1",
    });
    sorted("build oauth1", &b);
}

#[test]
fn flavors() {
    sorted(
        "table",
        &Table {
            flavors: vec![TableRow {
                differs_from_rfc3986: Some(BTreeMap::from([(s("~"), s("%7E")), (s(" "), s("+"))])),
                error: Some(s("e")),
                flavor: "js.escape",
                output: Some(s("o")),
            }],
            input: s("a"),
            ok: True,
            rfc3986: s("r"),
        },
    );
    for f in urlkit::flavor::Flavor::ALL {
        sorted("flavor", &FlavorInfo::from(f));
    }
    sorted(
        "roundtrip",
        &RoundtripCell {
            component: "path-segment",
            decoded: Some(s("d")),
            decoder: "js.decodeURIComponent",
            encoded: Some(s("e")),
            encoder: "js.escape",
            error: Some(s("URIError: URI malformed")),
            exact: false,
            segments: Some(vec![Some(s("a")), None]),
            value: s("v"),
        },
    );
}

#[test]
fn header() {
    sorted(
        "content-disposition",
        &ContentDisposition {
            charset: Some(s("UTF-8")),
            disposition: s("inline"),
            fallback: Some(s("f")),
            input: s("i"),
            language: Some(s("ja")),
            ok: True,
            output: s("o"),
        },
    );
}

fn parts() -> Rfc3986Parts {
    Rfc3986Parts {
        fragment: Some(s("f")),
        host: Some(s("h")),
        path: s("/p"),
        port: Some(s("1")),
        query: Some(s("q")),
        scheme: Some(s("http")),
        userinfo: Some(s("u")),
    }
}

#[test]
fn parse() {
    let whatwg = WhatwgParts {
        hash: s("#f"),
        host: s("h:1"),
        host_kind: "domain",
        hostname: s("h"),
        href: s("http://h:1/"),
        ok: True,
        origin: s("http://h:1"),
        password: s("p"),
        pathname: s("/"),
        port: s("1"),
        protocol: s("http:"),
        search: s("?q"),
        username: s("u"),
    };
    let mut p = Parse {
        findings: vec![Disagreement {
            code: "U0301",
            component: s("host"),
            message: s("m"),
            rule: "parser-disagreement",
            severity: "warning",
            span: [0, 1],
        }],
        input: s("a"),
        ok: True,
        output: s("o"),
        params: Some(vec![Param {
            key: s("k"),
            raw: s("k=v"),
            span: [1, 2],
            utf8: true,
            value: s("v"),
        }]),
        rfc3986: Rfc3986::accepted(parts(), s("u")),
        segments: Some(vec![Segment {
            raw: s("a"),
            span: [1, 2],
            utf8: true,
            value: s("a"),
        }]),
        whatwg: Whatwg::Accepted(Box::new(whatwg)),
    };
    sorted("parse accepted", &p);
    p.rfc3986 = Rfc3986::Rejected {
        error: Rfc3986Error {
            component: "host",
            kind: "invalid-character",
            offset: 3,
        },
        ok: crate::False,
        split: parts(),
    };
    p.whatwg = Whatwg::Rejected {
        error: WhatwgError {
            kind: "invalid-host",
            message: s("m"),
        },
        ok: crate::False,
    };
    sorted("parse rejected", &p);
}

fn occurrence() -> Occurrence {
    Occurrence {
        hints: None,
        fields: Some(BTreeMap::from([
            (s("title"), s("t")),
            (s("lastmod"), s("l")),
        ])),
        index: Some(0),
        iri: Some(s("i")),
        key: s("k"),
        source: Some(s("a.txt:1")),
        kind: Some(s("post")),
        url: s("u"),
    }
}

#[test]
fn reconcile() {
    let side = SideSummary {
        distinct: 1,
        duplicate_keys: 0,
        duplicate_records: 0,
        findings: vec![SourceFinding {
            effect: "guessed",
            kind: "k",
            message: s("m"),
            position: Some(s("line 1")),
            source: Some(s("a.txt")),
        }],
        invalid: 0,
        overlap_keys: 0,
        overlap_records: 0,
        records: 1,
        sources: vec![SourceCount {
            format: "text",
            name: s("a.txt"),
            records: 1,
        }],
        specs: vec![s("a.txt")],
        types: BTreeMap::from([(s("post"), 1)]),
    };
    let summary = Summary {
        left: side.clone(),
        level: "safe",
        matched: 1,
        matched_exact: 1,
        matched_normalized: 0,
        only_left: 0,
        only_right: 0,
        right: side,
        rules: BTreeMap::from([(s("hex-case"), 1)]),
    };
    sorted("summary", &Line::summary(summary));
    sorted("missing", &Line::missing(occurrence()));
    sorted("extra", &Line::extra(occurrence()));
    sorted(
        "matched",
        &Line::Matched(Box::new(Matched::new(
            false,
            occurrence(),
            occurrence(),
            vec!["hex-case"],
        ))),
    );
    sorted(
        "duplicate",
        &Line::Duplicate(Duplicate::new("left", 2, vec![occurrence(), occurrence()])),
    );
    sorted(
        "overlap",
        &Line::Duplicate(Duplicate::overlap(
            "left",
            2,
            vec![occurrence(), occurrence()],
        )),
    );
    sorted(
        "invalid",
        &Invalid {
            kind: "k",
            message: s("m"),
            offset: 0,
            side: "left",
            url: s("u"),
        },
    );
}

#[test]
fn check() {
    sorted(
        "check",
        &Check {
            canonical: Some(s("c")),
            canonical_from: Some("link-element"),
            canonical_status: Some(200),
            final_url: Some(s("f")),
            head_truncated: false,
            in_sitemap: true,
            level: Some("exact"),
            meant: Some(Meant {
                rule: "double-encoding",
                status: Some(200),
                url: s("u"),
            }),
            message: s("m"),
            notes: vec![s("n")],
            offsite: false,
            redirects: vec![Hop {
                location: s("l"),
                status: 301,
            }],
            request: s("r"),
            rules: vec!["hex-case"],
            status: Some(200),
            url: s("u"),
            variants: vec![Variant {
                location: Some(s("l")),
                message: s("m"),
                same_as: Some("uppercase-hex"),
                spelling: "iri",
                status: Some(301),
                url: s("u"),
                verdict: "redirects-to-canonical",
            }],
            verdict: "ok",
        },
    );
}
