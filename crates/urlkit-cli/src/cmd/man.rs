//! `urlkit man`: the manual pages, generated from the same clap definition as `--help`.
//!
//! `urlkit man` prints one page with every command's options; `urlkit man --dir DIR` writes
//! `urlkit.1` and one `urlkit-COMMAND.1` per command (nested commands too). The text after a
//! command's options in `--help` becomes sections of its page: paragraphs go to DESCRIPTION
//! (aligned ones kept as written, in `.nf`), `Exit status:` to EXIT STATUS, and `Examples:`
//! to EXAMPLES, line for line in `.nf`/`.fi` so that roff neither fills nor re-spaces them.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Command;

use super::{CmdResult, Ctx, Status};

/// Arguments of `urlkit man`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  urlkit man --dir ~/.local/share/man/man1     urlkit.1 and urlkit-COMMAND.1 for each command
  man urlkit-reconcile                         then read one (with that folder's parent in MANPATH)
  urlkit man > urlkit.1 && man ./urlkit.1      one page with every command's options")]
pub struct Args {
    /// Write urlkit.1 and one urlkit-COMMAND.1 page per command into DIR (created if
    /// missing), instead of printing one page.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Writes the manual pages of the command `C`.
pub fn run<C: clap::CommandFactory>(args: &Args, ctx: &Ctx) -> CmdResult {
    let mut cmd = C::command().disable_help_subcommand(true);
    cmd.build();
    match &args.dir {
        Some(dir) => {
            let written = write_pages(&cmd, dir)?;
            crate::diag::note(
                &ctx.err_style(),
                format_args!("wrote {written} manual pages into {}", dir.display()),
            );
        }
        None => {
            let page = single_page(&cmd)?;
            let mut out = crate::records::Stdout::new(ctx.line_buffered);
            out.write_all(&page)?;
            out.flush()?;
        }
    }
    Ok(Status::Clean)
}

/// Every page of `cmd`'s tree: the command, then each subcommand, depth first.
fn pages(cmd: &Command) -> Vec<&Command> {
    let mut all = vec![cmd];
    for sub in visible_subcommands(cmd) {
        all.extend(pages(sub));
    }
    all
}

fn visible_subcommands(cmd: &Command) -> impl Iterator<Item = &Command> {
    cmd.get_subcommands().filter(|s| !s.is_hide_set())
}

/// A page's name: `urlkit`, `urlkit-encode` (clap's display name after `build`).
fn page_name(cmd: &Command) -> &str {
    cmd.get_display_name().unwrap_or_else(|| cmd.get_name())
}

fn write_pages(root: &Command, dir: &Path) -> Result<usize, io::Error> {
    let with_path =
        |e: io::Error, path: &Path| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    std::fs::create_dir_all(dir).map_err(|e| with_path(e, dir))?;
    let all = pages(root);
    for cmd in &all {
        let page = page(cmd, root)?;
        let path = dir.join(format!("{}.1", page_name(cmd)));
        std::fs::write(&path, page).map_err(|e| with_path(e, &path))?;
    }
    Ok(all.len())
}

/// The page of one command in a tree of pages: its sections, the pages of its subcommands
/// in COMMANDS, and its parent and children in SEE ALSO.
fn page(cmd: &Command, root: &Command) -> Result<Vec<u8>, io::Error> {
    let man = manual(cmd, root);
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    let help = AfterHelp::of(cmd);
    help.render_description(&mut out)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    let subs: Vec<&Command> = visible_subcommands(cmd).collect();
    if !subs.is_empty() {
        writeln!(out, ".SH COMMANDS")?;
        for sub in &subs {
            writeln!(out, ".TP\n{}", page_ref(page_name(sub)))?;
            if let Some(about) = sub.get_about() {
                writeln!(out, "{}", roff_line(&one_line(&about.to_string())))?;
            }
        }
    }
    help.render_exit_status(&mut out)?;
    help.render_examples(&mut out)?;
    if std::ptr::eq(cmd, root) {
        man.render_version_section(&mut out)?;
    }
    let mut see_also: Vec<&str> = Vec::new();
    if let Some(parent) = parent_of(root, cmd) {
        see_also.push(page_name(parent));
    }
    see_also.extend(subs.iter().map(|s| page_name(s)));
    if !see_also.is_empty() {
        writeln!(out, ".SH \"SEE ALSO\"")?;
        let refs: Vec<String> = see_also.iter().map(|n| page_ref(n)).collect();
        writeln!(out, "{}", refs.join(", "))?;
    }
    Ok(out)
}

/// The clap_mangen writer of `cmd`'s page, its footer naming the program and version
/// (`urlkit 0.1.0`, not the subcommand's name).
fn manual(cmd: &Command, root: &Command) -> clap_mangen::Man {
    let version = root.get_version().unwrap_or_default();
    clap_mangen::Man::new(cmd.clone()).source(format!("{} {version}", root.get_name()))
}

/// A reference to a page, `urlkit-encode(1)`, in bold and never hyphenated across lines.
fn page_ref(name: &str) -> String {
    format!("\\fB\\%{}\\fR(1)", roff_line(name))
}

/// The command whose subcommand `cmd` is, in the tree of `root`.
fn parent_of<'a>(root: &'a Command, cmd: &Command) -> Option<&'a Command> {
    for sub in visible_subcommands(root) {
        if std::ptr::eq(sub, cmd) {
            return Some(root);
        }
        if let Some(p) = parent_of(sub, cmd) {
            return Some(p);
        }
    }
    None
}

/// One page for the whole command: the top command's sections, then a section per command
/// (`.SH "urlkit encode"`) with its description, options and examples. It names no other page.
fn single_page(root: &Command) -> Result<Vec<u8>, io::Error> {
    let man = manual(root, root);
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    let help = AfterHelp::of(root);
    help.render_description(&mut out)?;
    man.render_options_section(&mut out)?;
    help.render_exit_status(&mut out)?;
    help.render_examples(&mut out)?;
    for cmd in pages(root).into_iter().skip(1) {
        let name = cmd.get_bin_name().unwrap_or_else(|| cmd.get_name());
        writeln!(out, ".SH \"{}\"", roff_line(name))?;
        if let Some(about) = cmd.get_long_about().or_else(|| cmd.get_about()) {
            writeln!(out, "{}", roff_line(&one_line(&about.to_string())))?;
        }
        let help = AfterHelp::of(cmd);
        write_paragraphs(&mut out, &help.description)?;
        // The command's options under its own heading, as a subsection of it.
        let mut options = Vec::new();
        clap_mangen::Man::new(cmd.clone()).render_options_section(&mut options)?;
        let options = String::from_utf8_lossy(&options).replacen(".SH OPTIONS", ".SS Options", 1);
        out.extend_from_slice(options.as_bytes());
        if !help.examples.is_empty() {
            writeln!(out, ".SS Examples")?;
            write_verbatim(&mut out, &help.examples)?;
        }
    }
    man.render_version_section(&mut out)?;
    Ok(out)
}

/// The text `--help` shows after the options, sorted into a page's sections.
struct AfterHelp {
    /// Paragraphs that describe (each a list of lines).
    description: Vec<Vec<String>>,
    /// The `Exit status:` paragraph, its prefix removed.
    exit_status: Option<String>,
    /// The example lines as `--help` shows them, an empty line between groups.
    examples: Vec<String>,
}

impl AfterHelp {
    fn of(cmd: &Command) -> AfterHelp {
        let text = cmd
            .get_after_long_help()
            .or_else(|| cmd.get_after_help())
            .map(|t| t.to_string())
            .unwrap_or_default();
        let mut help = AfterHelp {
            description: Vec::new(),
            exit_status: None,
            examples: Vec::new(),
        };
        let mut in_examples = false;
        for para in text.split("\n\n") {
            let lines: Vec<String> = para.lines().map(str::to_owned).collect();
            let Some(first) = lines.first() else { continue };
            let indented = lines.iter().all(|l| l.starts_with(' '));
            if first == "Examples:" || first == "Example:" {
                in_examples = true;
                help.examples.extend(lines[1..].iter().cloned());
            } else if in_examples && indented {
                help.examples.push(String::new());
                help.examples.extend(lines);
            } else if let Some(rest) = first.strip_prefix("Exit status:") {
                in_examples = false;
                let mut all = vec![rest.trim().to_owned()];
                all.extend(lines[1..].iter().cloned());
                help.exit_status = Some(one_line(&all.join("\n")));
            } else {
                in_examples = false;
                help.description.push(lines);
            }
        }
        help
    }

    fn render_description(&self, out: &mut Vec<u8>) -> io::Result<()> {
        write_paragraphs(out, &self.description)
    }

    fn render_exit_status(&self, out: &mut Vec<u8>) -> io::Result<()> {
        if let Some(text) = &self.exit_status {
            writeln!(out, ".SH \"EXIT STATUS\"\n{}", roff_line(text))?;
        }
        Ok(())
    }

    fn render_examples(&self, out: &mut Vec<u8>) -> io::Result<()> {
        if !self.examples.is_empty() {
            writeln!(out, ".SH EXAMPLES")?;
            write_verbatim(out, &self.examples)?;
        }
        Ok(())
    }
}

/// Paragraphs: filled when they are prose, kept as written when they hold aligned lines
/// (a line that starts with a space).
fn write_paragraphs(out: &mut Vec<u8>, paras: &[Vec<String>]) -> io::Result<()> {
    for para in paras {
        writeln!(out, ".PP")?;
        if para.iter().any(|l| l.starts_with(' ')) {
            write_verbatim(out, para)?;
        } else {
            writeln!(out, "{}", roff_line(&one_line(&para.join("\n"))))?;
        }
    }
    Ok(())
}

/// Lines in no-fill mode, each as written (an empty one as a blank line).
fn write_verbatim(out: &mut Vec<u8>, lines: &[String]) -> io::Result<()> {
    writeln!(out, ".nf")?;
    for line in lines {
        if line.is_empty() {
            writeln!(out, ".sp")?;
        } else {
            writeln!(out, "{}", roff_line(line))?;
        }
    }
    writeln!(out, ".fi")
}

/// Lines of prose joined into one.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A text line for roff: its backslashes, minus signs, quotes, accents and a leading `.` or
/// `'` would otherwise be read as roff (or typeset as other characters).
fn roff_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    if text.starts_with(['.', '\'']) {
        out.push_str("\\&");
    }
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\e"),
            '-' => out.push_str("\\-"),
            '\'' => out.push_str("\\(aq"),
            '`' => out.push_str("\\(ga"),
            '^' => out.push_str("\\(ha"),
            '~' => out.push_str("\\(ti"),
            _ => out.push(c),
        }
    }
    out
}
