//! `urlkit scan`: URL comparison and encoding mistakes in Python, JavaScript/TypeScript, PHP
//! and Go source (the engine is urlkit-scan; this walks the paths and writes the findings).

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::json;
use urlkit_records::sarif::{
    ArtifactLocation, Configuration, Driver, Location, Log, Message, PhysicalLocation, Properties,
    Region, Rule, Run, SarifResult,
};
use urlkit_scan::{rule, rules, scan_project, Language, SourceFile};

use super::{CliError, CmdResult, Ctx, Status};
use crate::diag;
use crate::style::escape_controls;

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// `file:line:col: CODE message`, then the command that shows the evidence.
    Text,
    /// One JSON object per finding (JSON Lines).
    Json,
    /// One SARIF 2.1.0 log.
    Sarif,
}

/// Arguments of `urlkit scan`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Reads .py, .js/.mjs/.cjs/.jsx, .ts/.tsx, .php and .go files (a folder is \
walked; .git, node_modules, target, vendor, __pycache__ and hidden folders are skipped, and \
said). Rules S001-S007: docs/scan-rules.md, or --explain CODE. Exit status: 1 when there is a \
finding, 2 when a path cannot be read.

Examples:
  urlkit scan src/                         every finding, with the command that shows why
  urlkit scan --select S001,S002 app.py    only these rules
  urlkit scan --format sarif . > scan.sarif"
)]
pub struct Args {
    /// Files or folders to scan (default: the current folder).
    pub paths: Vec<PathBuf>,
    /// Only these rules (comma-separated codes or names).
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub select: Vec<String>,
    /// Leave these rules out.
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub ignore: Vec<String>,
    /// Output format (--json is --format json).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print a rule's documentation and exit.
    #[arg(long, value_name = "RULE")]
    pub explain: Option<String>,
    /// List the rules and exit.
    #[arg(long)]
    pub list: bool,
}

const SKIPPED_DIRS: &[&str] = &["node_modules", "target", "vendor", "__pycache__", "venv"];

struct Walk {
    files: Vec<(String, Language)>,
    skipped: Vec<String>,
    unread: Vec<String>,
}

fn walk(path: &Path, top: bool, w: &mut Walk) {
    let shown = path.to_string_lossy().into_owned();
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) => {
            w.unread.push(format!("{shown}: {e}"));
            return;
        }
    };
    if meta.is_dir() {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !top && (name.starts_with('.') || SKIPPED_DIRS.contains(&name.as_str())) {
            w.skipped.push(shown);
            return;
        }
        let mut entries: Vec<PathBuf> = match std::fs::read_dir(path) {
            Ok(r) => r.filter_map(|e| e.ok().map(|e| e.path())).collect(),
            Err(e) => {
                w.unread.push(format!("{shown}: {e}"));
                return;
            }
        };
        entries.sort();
        for e in entries {
            walk(&e, false, w);
        }
        return;
    }
    match Language::from_path(&shown) {
        Some(l) => w.files.push((shown, l)),
        // A file named on the command line that scan cannot read is said; in a folder, other
        // files (README.md, images) are simply not source.
        None if top => w.unread.push(format!(
            "{shown}: not a language scan reads (.py, .js, .ts, .tsx, .php, .go)"
        )),
        None => {}
    }
}

fn codes(list: &[String]) -> Result<Vec<&'static str>, CliError> {
    list.iter()
        .filter(|s| !s.is_empty())
        .map(|s| {
            rule(s.trim()).map(|r| r.code).ok_or_else(|| {
                CliError::Usage(format!(
                    "--select/--ignore: no scan rule {s:?} (urlkit scan --list)"
                ))
            })
        })
        .collect()
}

fn sarif(found: &[(String, urlkit_scan::Finding)], files: &[String]) -> Log {
    let all = rules();
    let mut driver = Driver::new(
        "urlkit-scan",
        env!("CARGO_PKG_VERSION"),
        "https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2",
    );
    driver.rules = all
        .iter()
        .map(|r| Rule {
            default_configuration: Configuration {
                enabled: None,
                level: r.level,
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
            properties: Properties::new(),
            short_description: Message::new(r.summary),
        })
        .collect();
    let mut run = Run::new(driver);
    for file in files {
        run.artifact(file);
    }
    run.results = found
        .iter()
        .map(|(file, f)| {
            let index = all
                .iter()
                .position(|r| r.code == f.code)
                .expect("invariant: findings come from listed rules");
            SarifResult {
                fixes: Vec::new(),
                level: all[index].level,
                locations: vec![Location {
                    logical_locations: Vec::new(),
                    physical_location: Some(PhysicalLocation {
                        artifact_location: ArtifactLocation::new(file),
                        region: Region {
                            byte_length: Some(f.span.len()),
                            byte_offset: Some(f.span.start),
                            start_column: f.column,
                            start_line: f.line,
                            ..Region::default()
                        },
                    }),
                }],
                message: Message::new(&f.message),
                properties: Properties::from([
                    ("rule", json!(f.rule)),
                    ("evidence", json!(f.evidence)),
                ]),
                rule_id: f.code,
                rule_index: index,
            }
        })
        .collect();
    Log::new(run)
}

/// Walks the paths (`.` when none is given) and reads each source file found: what was
/// skipped is said, what could not be read is in the walk's `unread` (and said).
fn read_paths(args: &Args, err: &crate::style::Style) -> (Walk, Vec<(String, String, Language)>) {
    let mut w = Walk {
        files: Vec::new(),
        skipped: Vec::new(),
        unread: Vec::new(),
    };
    let default = [PathBuf::from(".")];
    let paths = if args.paths.is_empty() {
        &default[..]
    } else {
        &args.paths[..]
    };
    for p in paths {
        walk(p, true, &mut w);
    }
    for s in &w.skipped {
        diag::note(
            err,
            format!("{s}: skipped (a dependency, build or hidden folder)"),
        );
    }
    let mut texts = Vec::new();
    for (name, lang) in &w.files {
        match std::fs::read(name) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(t) => texts.push((name.clone(), t, *lang)),
                Err(_) => w
                    .unread
                    .push(format!("{name}: not UTF-8 text; not scanned")),
            },
            Err(e) => w.unread.push(format!("{name}: {e}")),
        }
    }
    for u in &w.unread {
        diag::warning(err, u);
    }
    (w, texts)
}

/// Writes the findings in `format`.
fn write_findings(
    out: &mut impl Write,
    format: Format,
    found: &[(String, urlkit_scan::Finding)],
    files: &[SourceFile<'_>],
    err: &crate::style::Style,
) -> Result<(), CliError> {
    match format {
        Format::Text => {
            for (file, f) in found {
                // File names and the code's own text may hold control characters: never raw
                // on a terminal.
                writeln!(
                    out,
                    "{}:{}:{}: {} [{}] {}",
                    escape_controls(file),
                    f.line,
                    f.column,
                    f.code,
                    f.rule,
                    escape_controls(&f.message)
                )?;
                writeln!(out, "  evidence: {}", escape_controls(&f.evidence))?;
            }
            if !found.is_empty() {
                diag::note(err, format!("{} finding(s) in {} file(s) scanned; urlkit scan --explain CODE says why each matters", found.len(), files.len()));
            }
        }
        Format::Json => {
            for (file, f) in found {
                urlkit_records::write_json_line(&mut *out, &urlkit_scan::record(file, f))?;
            }
        }
        Format::Sarif => {
            let names: Vec<String> = files.iter().map(|f| f.name.to_owned()).collect();
            sarif(found, &names).write(&mut *out)?;
        }
    }
    Ok(())
}

/// Runs `urlkit scan`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    let err = ctx.err_style();
    let mut out = std::io::stdout().lock();
    if let Some(name) = &args.explain {
        let r = rule(name).ok_or_else(|| {
            CliError::Usage(format!("no scan rule {name:?} (urlkit scan --list)"))
        })?;
        out.write_all(r.explain().as_bytes())?;
        return Ok(Status::Clean);
    }
    if args.list {
        for r in rules() {
            writeln!(
                out,
                "{} {:<26} {:<7} {}",
                r.code, r.name, r.level, r.summary
            )?;
        }
        return Ok(Status::Clean);
    }
    let select = codes(&args.select)?;
    let ignore = codes(&args.ignore)?;
    let wanted =
        |code: &str| (select.is_empty() || select.contains(&code)) && !ignore.contains(&code);
    let (w, texts) = read_paths(args, &err);
    let files: Vec<SourceFile> = texts
        .iter()
        .map(|(n, t, l)| SourceFile {
            name: n,
            source: t,
            language: *l,
        })
        .collect();
    let scanned = scan_project(&files).map_err(|e| CliError::Read(e.to_string()))?;
    for (i, line, col) in &scanned.syntax_errors {
        let name = files
            .get(*i)
            .map(|f| f.name)
            .expect("invariant: a syntax error is in a file that was scanned");
        diag::warning(
            &err,
            format!(
                "{}:{line}:{col}: a syntax error; the parser skipped this part, so findings in \
                 it may be missing",
                name
            ),
        );
    }
    let found: Vec<(String, urlkit_scan::Finding)> = scanned
        .findings
        .into_iter()
        .filter(|f| wanted(f.finding.code))
        .map(|f| {
            (
                files
                    .get(f.file)
                    .map(|s| s.name.to_owned())
                    .expect("invariant: a finding is in a file that was scanned"),
                f.finding,
            )
        })
        .collect();
    let format = if ctx.json { Format::Json } else { args.format };
    write_findings(&mut out, format, &found, &files, &err)?;
    if files.is_empty() {
        diag::warning(
            &err,
            "no Python, JavaScript, TypeScript, PHP or Go file to scan",
        );
    }
    if !w.unread.is_empty() {
        return Err(CliError::Read(format!(
            "{} path(s) could not be read (said above)",
            w.unread.len()
        )));
    }
    Ok(Status::from_count(found.len()))
}
