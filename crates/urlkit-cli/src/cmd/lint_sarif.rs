//! `urlkit lint --format sarif`: one SARIF 2.1.0 log, so that GitHub code scanning and other
//! SARIF viewers read the findings.
//!
//! Spec: <https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html>

use serde_json::{json, Value};
use urlkit::lint::{rules, Applicability, Diagnostic, RuleInfo};

use super::lint_text::Columns;

/// The longest URL repeated in each result's `properties.url` (the sitemaps protocol's limit).
const URL_PROPERTY_MAX: usize = 2048;

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

fn rule_json(r: &RuleInfo) -> Value {
    let mut props = json!({
        "family": r.family.name(),
        "tags": [r.family.name()],
        "aliases": r.aliases,
    });
    if let Some(sec) = r.security {
        props["tags"] = json!(["security", format!("external/cwe/cwe-{}", sec.cwe)]);
        props["security-severity"] = json!(format!("{:.1}", sec.severity));
    }
    json!({
        "id": r.code,
        "name": r.name,
        "shortDescription": {"text": r.summary},
        "fullDescription": {"text": r.doc.what},
        "help": {"text": r.explain()},
        "helpUri": r.doc.references.first().copied().unwrap_or("https://www.rfc-editor.org/rfc/rfc3986"),
        "defaultConfiguration": {"level": r.level.name(), "enabled": r.on_by_default()},
        "properties": props,
    })
}

fn result_json(
    (line, source): (usize, Option<&str>),
    url: &str,
    columns: &Columns,
    d: &Diagnostic,
    index: usize,
) -> Value {
    let col = |byte: usize| columns.at(byte).1 + 1;
    let region = json!({
        "startLine": line,
        "startColumn": col(d.span.start),
        "endColumn": col(d.span.end),
        "byteOffset": d.span.start,
        "byteLength": d.span.len(),
        "snippet": {"text": &url[d.span.clone()]},
    });
    // A file names its artifact; stdin and arguments have none (no made-up file name), so
    // their results carry the line in their properties and no physical location.
    let mut location = json!({
        "logicalLocations": [{"name": d.component.to_string(), "kind": "member"}],
    });
    if let Some(uri) = source {
        location["physicalLocation"] = json!({"artifactLocation": {"uri": uri}, "region": region});
    }
    let mut v = json!({
        "ruleId": d.code,
        "ruleIndex": index,
        "level": d.severity.name(),
        "message": {"text": d.message},
        "locations": [location],
        "properties": {"rule": d.rule, "component": d.component.to_string(), "line": line},
    });
    // The URL with each of its results, up to the longest URL the sitemaps protocol allows:
    // a longer line is read from the artifact (each result would repeat it, and a line of
    // thousands of findings would write it thousands of times).
    if url.len() <= URL_PROPERTY_MAX {
        v["properties"]["url"] = Value::String(url.to_owned());
    }
    if let (Some(f), Some(uri)) = (&d.fix, source) {
        if f.applicability != Applicability::DisplayOnly {
            v["fixes"] = json!([{
                "description": {"text": format!("{} fix: replace with {:?}", f.applicability.name(), f.replacement)},
                "artifactChanges": [{
                    "artifactLocation": {"uri": uri},
                    "replacements": [{
                        "deletedRegion": {
                            "startLine": line,
                            "startColumn": col(f.span.start),
                            "endColumn": col(f.span.end),
                        },
                        "insertedContent": {"text": f.replacement},
                    }],
                }],
            }]);
        }
    }
    v
}

/// The log being made: the results of each URL as it is linted (JSON values: a few hundred
/// bytes per finding, nothing per clean URL) and the files read.
#[derive(Default)]
pub struct Log {
    results: Vec<Value>,
    artifacts: Vec<String>,
}

impl Log {
    /// Notes the file an input came from (none for stdin and arguments).
    pub fn artifact(&mut self, source: Option<&str>) {
        if let Some(s) = source {
            if !self.artifacts.iter().any(|a| a == s) {
                self.artifacts.push(s.to_owned());
            }
        }
    }

    /// Keeps the results of `found`, the findings of `url` at `line` of `source`.
    pub fn results(
        &mut self,
        (line, source): (usize, Option<&str>),
        url: &str,
        found: &[Diagnostic],
    ) {
        if found.is_empty() {
            return;
        }
        let all = rules();
        let columns = Columns::new(url);
        for d in found {
            let index = all
                .binary_search_by(|r| r.code.cmp(d.code))
                .expect("invariant: findings come from listed rules, which are in code order");
            self.results
                .push(result_json((line, source), url, &columns, d, index));
        }
    }

    /// Writes the log.
    pub fn write(self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        let all = rules();
        let log = json!({
            "$schema": SCHEMA,
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "urlkit",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": "https://www.rfc-editor.org/rfc/rfc3986",
                    "rules": all.iter().map(|r| rule_json(r)).collect::<Vec<_>>(),
                }},
                "artifacts": self.artifacts.iter().map(|a| json!({"location": {"uri": a}})).collect::<Vec<_>>(),
                "columnKind": "unicodeCodePoints",
                "results": self.results,
            }],
        });
        serde_json::to_writer_pretty(&mut *out, &log)?;
        writeln!(out)
    }
}
