//! CLI snapshot tests: each `tests/cmd/NAME.toml` pins one invocation of `urlkit` (arguments,
//! stdin, exit code, stdout, stderr), one named test per file (`cargo test -p urlkit-cli
//! --test cli -- NAME`).
//!
//! The format is trycmd's: `args = [...]`, `stdin`, `stdout`, `stderr` (inline, or in the
//! side files `NAME.stdin` / `NAME.stdout` / `NAME.stderr`), `status.code` (default 0),
//! `fs.cwd` (relative to the file's folder), `env.add` (variables set for the run, over
//! `NO_COLOR=1`), `env.remove` (variables unset). Comparison is byte for byte: unlike trycmd, no
//! path normalization, since `\` in our output is data (`http:\\evil.com`, `\x0A`).
//! An absent `stdout` / `stderr` is not checked; any other key is an error. `SNAPSHOTS=overwrite` writes the actual
//! output into side files of the failing cases, for review.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cmd");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/cmd exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    cases.sort();
    let trials = cases
        .into_iter()
        .map(|path| {
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            Trial::test(name, move || run_case(&path))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

/// An expected stream: inline in the TOML, or in a side file, or not checked.
fn expected(doc: &toml::Table, path: &Path, key: &str) -> Result<Option<Vec<u8>>, Failed> {
    if let Some(v) = doc.get(key) {
        return match v.as_str() {
            Some(s) => Ok(Some(s.as_bytes().to_vec())),
            None => Err(format!("`{key}` must be a string").into()),
        };
    }
    let side = path.with_extension(key);
    if side.exists() {
        return Ok(Some(std::fs::read(&side)?));
    }
    Ok(None)
}

/// The keys a case may hold, each with the keys its table may hold (`None`: not a table).
const KEYS: [(&str, Option<&[&str]>); 7] = [
    ("args", None),
    ("stdin", None),
    ("stdout", None),
    ("stderr", None),
    ("status", Some(&["code"])),
    ("fs", Some(&["cwd"])),
    ("env", Some(&["add", "remove"])),
];

/// A key the runner does not read is a case that does not test what it says: an error.
fn known_keys(doc: &toml::Table) -> Result<(), Failed> {
    for (key, value) in doc {
        let Some((_, inner)) = KEYS.iter().find(|(k, _)| k == key) else {
            return Err(format!("unknown key `{key}` (the runner reads {KEYS:?})").into());
        };
        if let (Some(inner), Some(table)) = (inner, value.as_table()) {
            if let Some(k) = table.keys().find(|k| !inner.contains(&k.as_str())) {
                return Err(format!("unknown key `{key}.{k}`").into());
            }
        }
    }
    Ok(())
}

fn run_case(path: &Path) -> Result<(), Failed> {
    let doc: toml::Table = std::fs::read_to_string(path)?.parse()?;
    known_keys(&doc)?;
    let args: Vec<String> = match doc.get("args") {
        Some(toml::Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().map(str::to_owned).ok_or("args must be strings"))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
        Some(_) => return Err("`args` must be an array of strings".into()),
    };
    let folder = path.parent().unwrap_or(Path::new("."));
    let cwd = match doc
        .get("fs")
        .and_then(|fs| fs.get("cwd"))
        .and_then(|c| c.as_str())
    {
        Some(rel) => folder.join(rel),
        None => folder.to_path_buf(),
    };
    let stdin = expected(&doc, path, "stdin")?.unwrap_or_default();
    let want_code = doc
        .get("status")
        .and_then(|s| s.get("code"))
        .and_then(|c| c.as_integer())
        .unwrap_or(0);

    let mut command = Command::new(env!("CARGO_BIN_EXE_urlkit"));
    command
        .args(&args)
        .current_dir(&cwd)
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("TERM");
    if let Some(add) = doc
        .get("env")
        .and_then(|e| e.get("add"))
        .and_then(|a| a.as_table())
    {
        for (k, v) in add {
            let v = v.as_str().ok_or("env.add values must be strings")?;
            command.env(k, v);
        }
    }
    if let Some(remove) = doc
        .get("env")
        .and_then(|e| e.get("remove"))
        .and_then(|a| a.as_array())
    {
        for k in remove {
            command.env_remove(k.as_str().ok_or("env.remove holds names")?);
        }
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut input = child.stdin.take().ok_or("no stdin")?;
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output()?;
    let _ = writer.join();

    let mut problems = Vec::new();
    let code = out.status.code().map_or(-1, i64::from);
    if code != want_code {
        problems.push(format!("exit code: expected {want_code}, got {code}"));
    }
    for (key, actual) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        if let Some(want) = expected(&doc, path, key)? {
            if &want != actual {
                problems.push(format!(
                    "{key} differs\n--- expected\n{}\n--- actual\n{}",
                    String::from_utf8_lossy(&want),
                    String::from_utf8_lossy(actual)
                ));
                if std::env::var_os("SNAPSHOTS").is_some_and(|v| v == "overwrite") {
                    std::fs::write(path.with_extension(format!("{key}.new")), actual)?;
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n").into())
    }
}
