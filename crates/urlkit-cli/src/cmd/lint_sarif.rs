//! `urlkit lint --format sarif`: one SARIF 2.1.0 log, so that GitHub code scanning and other
//! SARIF viewers read the findings.
//!
//! Spec: <https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html>

use serde_json::json;
use urlkit::lint::{rules, Applicability, Diagnostic, RuleInfo};
use urlkit_records::sarif::{
    ArtifactChange, ArtifactLocation, Configuration, Driver, Fix, Location, Log, LogicalLocation,
    Message, PhysicalLocation, Properties, Region, Replacement, Rule, Run, SarifResult,
};

use super::lint_text::Columns;

/// The longest URL repeated in each result's `properties.url` (the sitemaps protocol's limit).
const URL_PROPERTY_MAX: usize = 2048;

fn rule(r: &RuleInfo) -> Rule {
    let mut properties = Properties::from([
        ("family", json!(r.family.name())),
        ("tags", json!([r.family.name()])),
        ("aliases", json!(r.aliases)),
    ]);
    if let Some(sec) = r.security {
        properties.insert(
            "tags",
            json!(["security", format!("external/cwe/cwe-{}", sec.cwe)]),
        );
        properties.insert("security-severity", json!(format!("{:.1}", sec.severity)));
    }
    Rule {
        default_configuration: Configuration {
            enabled: Some(r.on_by_default()),
            level: r.level.name(),
        },
        full_description: Message::new(r.doc.what),
        help: Message::new(r.explain()),
        help_uri: r
            .doc
            .references
            .first()
            .copied()
            .unwrap_or("https://www.rfc-editor.org/rfc/rfc3986"),
        id: r.code,
        name: r.name,
        properties,
        short_description: Message::new(r.summary),
    }
}

fn result(
    (line, source): (usize, Option<&str>),
    url: &str,
    columns: &Columns,
    d: &Diagnostic,
    index: usize,
) -> SarifResult {
    let col = |byte: usize| columns.at(byte).1 + 1;
    // A file names its artifact; stdin and arguments have none (no made-up file name), so
    // their results carry the line in their properties and no physical location.
    let physical_location = source.map(|uri| PhysicalLocation {
        artifact_location: ArtifactLocation::new(uri),
        region: Region {
            byte_length: Some(d.span.len()),
            byte_offset: Some(d.span.start),
            end_column: Some(col(d.span.end)),
            snippet: Some(Message::new(&url[d.span.clone()])),
            start_column: col(d.span.start),
            start_line: line,
        },
    });
    let mut properties = Properties::from([
        ("rule", json!(d.rule)),
        ("component", json!(d.component.to_string())),
        ("line", json!(line)),
    ]);
    // The URL with each of its results, up to the longest URL the sitemaps protocol allows:
    // a longer line is read from the artifact (each result would repeat it, and a line of
    // thousands of findings would write it thousands of times).
    if url.len() <= URL_PROPERTY_MAX {
        properties.insert("url", json!(url));
    }
    let fixes = match (&d.fix, source) {
        (Some(f), Some(uri)) if f.applicability != Applicability::DisplayOnly => vec![Fix {
            artifact_changes: vec![ArtifactChange {
                artifact_location: ArtifactLocation::new(uri),
                replacements: vec![Replacement {
                    deleted_region: Region {
                        end_column: Some(col(f.span.end)),
                        start_column: col(f.span.start),
                        start_line: line,
                        ..Region::default()
                    },
                    inserted_content: Message::new(&f.replacement),
                }],
            }],
            description: Message::new(format!(
                "{} fix: replace with {:?}",
                f.applicability.name(),
                f.replacement
            )),
        }],
        _ => Vec::new(),
    };
    SarifResult {
        fixes,
        level: d.severity.name(),
        locations: vec![Location {
            logical_locations: vec![LogicalLocation {
                kind: "member",
                name: d.component.to_string(),
            }],
            physical_location,
        }],
        message: Message::new(&d.message),
        properties,
        rule_id: d.code,
        rule_index: index,
    }
}

/// The log being made: the results of each URL as it is linted (a few hundred bytes per
/// finding, nothing per clean URL) and the files read.
pub struct LintLog {
    run: Run,
}

impl Default for LintLog {
    fn default() -> LintLog {
        let mut driver = Driver::new(
            "urlkit",
            env!("CARGO_PKG_VERSION"),
            "https://www.rfc-editor.org/rfc/rfc3986",
        );
        driver.rules = rules().iter().map(|r| rule(r)).collect();
        LintLog {
            run: Run::new(driver),
        }
    }
}

impl LintLog {
    /// Notes the file an input came from (none for stdin and arguments).
    pub fn artifact(&mut self, source: Option<&str>) {
        if let Some(s) = source {
            self.run.artifact(s);
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
            self.run
                .results
                .push(result((line, source), url, &columns, d, index));
        }
    }

    /// Writes the log.
    pub fn write(self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        Log::new(self.run).write(out)
    }
}
