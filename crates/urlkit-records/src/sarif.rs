//! SARIF 2.1.0, the log GitHub code scanning and other viewers read: the one writer of
//! `urlkit lint --format sarif` and `urlkit scan --format sarif`, the objects they fill in
//! typed.
//!
//! ```
//! use urlkit_records::sarif::{Driver, Log, Run};
//! let run = Run::new(Driver::new("urlkit", "1.0.0", "https://www.rfc-editor.org/rfc/rfc3986"));
//! let mut out = Vec::new();
//! Log::new(run).write(&mut out).unwrap();
//! let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
//! assert_eq!(v["version"], "2.1.0");
//! assert_eq!(v["runs"][0]["columnKind"], "unicodeCodePoints");
//! ```
//!
//! # Rationale
//!
//! The fields of each object are declared in the order of their names, so the log has the
//! bytes it had when it was built from `serde_json::Value` (sorted maps); optional members
//! that are absent are left out, as SARIF allows. Property bags are free-form (§3.8), so they
//! are sorted maps of JSON values.
//!
//! Spec: <https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html>

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;

/// The schema a log names.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// A property bag (§3.8): free-form, sorted by name.
pub type Properties = BTreeMap<&'static str, serde_json::Value>;

/// The log: one run.
#[derive(Clone, Debug, Serialize)]
pub struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    runs: [Run; 1],
    version: &'static str,
}

impl Log {
    /// The log of `run`.
    pub fn new(run: Run) -> Log {
        Log {
            schema: SCHEMA,
            runs: [run],
            version: "2.1.0",
        }
    }

    /// Writes the log, pretty-printed, and a newline.
    pub fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        serde_json::to_writer_pretty(&mut *out, self).map_err(std::io::Error::other)?;
        writeln!(out)
    }
}

/// A run (§3.14): the tool, the files read, the results; columns count code points.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Run {
    /// The files the results are in.
    pub artifacts: Vec<Artifact>,
    column_kind: &'static str,
    /// The results.
    pub results: Vec<SarifResult>,
    tool: Tool,
}

impl Run {
    /// A run of `driver` without artifacts or results yet.
    pub fn new(driver: Driver) -> Run {
        Run {
            artifacts: Vec::new(),
            column_kind: "unicodeCodePoints",
            results: Vec::new(),
            tool: Tool { driver },
        }
    }

    /// Notes the file `uri` (once, in the order first seen).
    pub fn artifact(&mut self, uri: &str) {
        if !self.artifacts.iter().any(|a| a.location.uri == uri) {
            self.artifacts.push(Artifact {
                location: ArtifactLocation::new(uri),
            });
        }
    }
}

#[derive(Clone, Debug, Serialize)]
struct Tool {
    driver: Driver,
}

/// The tool (§3.19): its name, version, where to read about it, and its rules.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Driver {
    information_uri: &'static str,
    name: &'static str,
    /// The rules, in the order `ruleIndex` counts.
    pub rules: Vec<Rule>,
    version: &'static str,
}

impl Driver {
    /// The tool `name` at `version`, documented at `information_uri`, without rules yet.
    pub fn new(name: &'static str, version: &'static str, information_uri: &'static str) -> Self {
        Driver {
            information_uri,
            name,
            rules: Vec::new(),
            version,
        }
    }
}

/// A rule (a reporting descriptor, §3.49).
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    /// Its level, and whether it is on without being asked for.
    pub default_configuration: Configuration,
    /// What it finds.
    pub full_description: Message,
    /// How to fix what it finds.
    pub help: Message,
    /// Where to read about it.
    pub help_uri: &'static str,
    /// Its code.
    pub id: &'static str,
    /// Its name.
    pub name: &'static str,
    /// Its properties (family, tags, security severity), if any.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub properties: Properties,
    /// A line on what it finds.
    pub short_description: Message,
}

/// A rule's default configuration (§3.50).
#[derive(Clone, Debug, Serialize)]
pub struct Configuration {
    /// Whether the rule is on by default; left out when the tool does not say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    /// `error`, `warning` or `note`.
    pub level: &'static str,
}

/// A message (§3.11): plain text.
#[derive(Clone, Debug, Serialize)]
pub struct Message {
    /// The text.
    pub text: String,
}

impl Message {
    /// The message `text`.
    pub fn new(text: impl Into<String>) -> Message {
        Message { text: text.into() }
    }
}

/// A file the results are in (§3.24).
#[derive(Clone, Debug, Serialize)]
pub struct Artifact {
    location: ArtifactLocation,
}

/// Where a file is (§3.4).
#[derive(Clone, Debug, Serialize)]
pub struct ArtifactLocation {
    /// Its URI (a relative path).
    pub uri: String,
}

impl ArtifactLocation {
    /// The file at `uri`.
    pub fn new(uri: &str) -> ArtifactLocation {
        ArtifactLocation {
            uri: uri.to_owned(),
        }
    }
}

/// A result (§3.27): a finding of a rule, where it is, and how to fix it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SarifResult {
    /// The fixes, if any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fixes: Vec<Fix>,
    /// `error`, `warning` or `note`.
    pub level: &'static str,
    /// Where.
    pub locations: Vec<Location>,
    /// What.
    pub message: Message,
    /// Its properties.
    pub properties: Properties,
    /// The rule's code.
    pub rule_id: &'static str,
    /// The rule's place in [`Driver::rules`].
    pub rule_index: usize,
}

/// Where a result is (§3.28): in a file (none for standard input and arguments), in a
/// component of the URL.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    /// The component, if named.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub logical_locations: Vec<LogicalLocation>,
    /// The file and region, if there is a file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub physical_location: Option<PhysicalLocation>,
}

/// A named place that is not a file (§3.33): the URL component a finding is in.
#[derive(Clone, Debug, Serialize)]
pub struct LogicalLocation {
    /// `member`.
    pub kind: &'static str,
    /// The component (`path`, `query:q`).
    pub name: String,
}

/// A region of a file (§3.29).
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PhysicalLocation {
    /// The file.
    pub artifact_location: ArtifactLocation,
    /// The region.
    pub region: Region,
}

/// A region (§3.30): a line, columns counted in code points from 1, bytes from 0.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    /// Its length in bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byte_length: Option<usize>,
    /// Its first byte in the file's line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byte_offset: Option<usize>,
    /// The column after its last.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_column: Option<usize>,
    /// Its text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snippet: Option<Message>,
    /// Its first column.
    pub start_column: usize,
    /// Its line.
    pub start_line: usize,
}

/// A fix (§3.55): a description and the changes to one file.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Fix {
    /// The changes.
    pub artifact_changes: Vec<ArtifactChange>,
    /// What it does.
    pub description: Message,
}

/// The changes to one file (§3.56).
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArtifactChange {
    /// The file.
    pub artifact_location: ArtifactLocation,
    /// The replacements.
    pub replacements: Vec<Replacement>,
}

/// A replacement (§3.57): a region deleted and the text put there.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Replacement {
    /// The region.
    pub deleted_region: Region,
    /// The text.
    pub inserted_content: Message,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The writer on a fixed log: one rule, one result with every member.
    #[test]
    fn a_log_is_written_as_sarif() {
        let mut driver = Driver::new("urlkit", "9.9.9", "https://www.rfc-editor.org/rfc/rfc3986");
        driver.rules.push(Rule {
            default_configuration: Configuration {
                enabled: Some(true),
                level: "warning",
            },
            full_description: Message::new("what"),
            help: Message::new("how"),
            help_uri: "https://example.com/rule",
            id: "U1",
            name: "one",
            properties: Properties::from([("family", "case".into())]),
            short_description: Message::new("line"),
        });
        let mut run = Run::new(driver);
        run.artifact("list.txt");
        run.artifact("list.txt");
        let region = Region {
            start_line: 2,
            start_column: 3,
            end_column: Some(6),
            ..Region::default()
        };
        run.results.push(SarifResult {
            fixes: vec![Fix {
                artifact_changes: vec![ArtifactChange {
                    artifact_location: ArtifactLocation::new("list.txt"),
                    replacements: vec![Replacement {
                        deleted_region: region.clone(),
                        inserted_content: Message::new("%E9"),
                    }],
                }],
                description: Message::new("safe fix"),
            }],
            level: "warning",
            locations: vec![Location {
                logical_locations: vec![LogicalLocation {
                    kind: "member",
                    name: "path".into(),
                }],
                physical_location: Some(PhysicalLocation {
                    artifact_location: ArtifactLocation::new("list.txt"),
                    region: Region {
                        byte_length: Some(3),
                        byte_offset: Some(2),
                        snippet: Some(Message::new("%e9")),
                        ..region
                    },
                }),
            }],
            message: Message::new("lowercase"),
            properties: Properties::from([("line", 2.into()), ("rule", "one".into())]),
            rule_id: "U1",
            rule_index: 0,
        });
        let mut out = Vec::new();
        Log::new(run)
            .write(&mut out)
            .expect("a Vec takes every write");
        let expected = r#"{
  "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
  "runs": [
    {
      "artifacts": [
        {
          "location": {
            "uri": "list.txt"
          }
        }
      ],
      "columnKind": "unicodeCodePoints",
      "results": [
        {
          "fixes": [
            {
              "artifactChanges": [
                {
                  "artifactLocation": {
                    "uri": "list.txt"
                  },
                  "replacements": [
                    {
                      "deletedRegion": {
                        "endColumn": 6,
                        "startColumn": 3,
                        "startLine": 2
                      },
                      "insertedContent": {
                        "text": "%E9"
                      }
                    }
                  ]
                }
              ],
              "description": {
                "text": "safe fix"
              }
            }
          ],
          "level": "warning",
          "locations": [
            {
              "logicalLocations": [
                {
                  "kind": "member",
                  "name": "path"
                }
              ],
              "physicalLocation": {
                "artifactLocation": {
                  "uri": "list.txt"
                },
                "region": {
                  "byteLength": 3,
                  "byteOffset": 2,
                  "endColumn": 6,
                  "snippet": {
                    "text": "%e9"
                  },
                  "startColumn": 3,
                  "startLine": 2
                }
              }
            }
          ],
          "message": {
            "text": "lowercase"
          },
          "properties": {
            "line": 2,
            "rule": "one"
          },
          "ruleId": "U1",
          "ruleIndex": 0
        }
      ],
      "tool": {
        "driver": {
          "informationUri": "https://www.rfc-editor.org/rfc/rfc3986",
          "name": "urlkit",
          "rules": [
            {
              "defaultConfiguration": {
                "enabled": true,
                "level": "warning"
              },
              "fullDescription": {
                "text": "what"
              },
              "help": {
                "text": "how"
              },
              "helpUri": "https://example.com/rule",
              "id": "U1",
              "name": "one",
              "properties": {
                "family": "case"
              },
              "shortDescription": {
                "text": "line"
              }
            }
          ],
          "version": "9.9.9"
        }
      }
    }
  ],
  "version": "2.1.0"
}
"#;
        assert_eq!(String::from_utf8(out).expect("UTF-8"), expected);
    }
}
