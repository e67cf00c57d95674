//! Seed 000's tool (`testdata/scan/seed000/`): scan finds every checklist item of the post in
//! `buggy/` (exactly the findings `EXPECTED` lists) and nothing in `fixed/`.

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use urlkit_scan::{scan_project, Language, SourceFile};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/scan/seed000")
}

/// `file:line code` of every finding in a folder of the project.
fn findings(folder: &str) -> Result<Vec<String>, Failed> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir().join(folder))
        .map_err(|e| format!("{folder}: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    let mut texts = Vec::new();
    for p in &paths {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(p).map_err(|e| format!("{name}: {e}"))?;
        texts.push((name, text));
    }
    let files: Vec<SourceFile> = texts
        .iter()
        .map(|(n, t)| SourceFile {
            name: n,
            source: t,
            language: Language::from_path(n).unwrap_or(Language::Python),
        })
        .collect();
    let out = scan_project(&files).map_err(|e| e.to_string())?;
    if !out.syntax_errors.is_empty() {
        return Err(format!("syntax errors: {:?}", out.syntax_errors).into());
    }
    Ok(out
        .findings
        .iter()
        .map(|f| {
            format!(
                "{}:{} {}",
                files[f.file].name, f.finding.line, f.finding.code
            )
        })
        .collect())
}

fn main() {
    let args = Arguments::from_args();
    let trials = vec![
        Trial::test("buggy_has_every_checklist_item", || {
            let got = findings("buggy")?;
            let want =
                std::fs::read_to_string(dir().join("EXPECTED")).map_err(|e| e.to_string())?;
            let want: Vec<String> = want
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .map(str::to_owned)
                .collect();
            for code in ["S001", "S002", "S003", "S007"] {
                if !want.iter().any(|w| w.ends_with(code)) {
                    return Err(format!("EXPECTED lists no {code}").into());
                }
            }
            if got != want {
                return Err(format!(
                    "scan reports:\n{}\nEXPECTED:\n{}",
                    got.join("\n"),
                    want.join("\n")
                )
                .into());
            }
            Ok(())
        }),
        Trial::test("fixed_has_none", || {
            let got = findings("fixed")?;
            if got.is_empty() {
                Ok(())
            } else {
                Err(format!("scan reports:\n{}", got.join("\n")).into())
            }
        }),
    ];
    libtest_mimic::run(&args, trials).exit();
}
