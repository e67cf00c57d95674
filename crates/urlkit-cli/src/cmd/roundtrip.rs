//! `urlkit roundtrip`: awkward values through every encoder x decoder pair of the flavor
//! catalogue, placed in a path segment or a query value; which pairs lose data, first.

use std::collections::BTreeMap;
use std::io::Write;

use urlkit::flavor::roundtrip::{matrix, Cell, Outcome, Placement, DEFAULT_VALUES};
use urlkit::flavor::{Direction, Flavor};

use super::{CliError, CmdResult, Ctx, Status};
use crate::style::{display_width, escape_controls, quoted};
use urlkit_records::flavors::RoundtripCell;
use urlkit_records::markdown;
use urlkit_records::table::{Align, Cell as TableCell, Table};

const AFTER_HELP: &str = "\
Each value goes through an encoder, into a URL (https://host/ENCODED as a path segment,
https://host/?k=ENCODED as a query value), out again as a server splits it (the path at '/'
after dot segments are removed and at '?' '#'; the query value at '&' '#'), and through a
decoder. A cell is: exact (the value came back), changed to X, split into segments, not
text (bytes that are not UTF-8), or the error the encoder or decoder throws.

The pairs that lose data are listed first, then one matrix per value (rows: encoders,
columns: decoders). Exit status 1 when any pair loses data.

Default values: space / ? # % + & = ä 日本 😀 .. 100% C++ a%20b
Default component: both.

Examples:
  urlkit roundtrip                                   the default values, both components
  urlkit roundtrip 'a b' --component query-value
  urlkit roundtrip C++ --encoders js.encodeURI,php.urlencode --decoders js.decodeURIComponent
  urlkit roundtrip --markdown > matrix.md
  urlkit roundtrip --json | jq 'select(.exact | not)'";

/// Arguments of `urlkit roundtrip`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Encoders to use, comma-separated (default: every encoder of `urlkit flavors`).
    #[arg(long, value_name = "FLAVORS", value_delimiter = ',', value_parser = super::values::FlavorParser(urlkit::flavor::Direction::Encode))]
    encoders: Vec<Flavor>,
    /// Decoders to use, comma-separated (default: every decoder).
    #[arg(long, value_name = "FLAVORS", value_delimiter = ',', value_parser = super::values::FlavorParser(urlkit::flavor::Direction::Decode))]
    decoders: Vec<Flavor>,
    /// Where the value goes: path-segment or query-value (default: both).
    #[arg(long, value_name = "COMPONENT", value_parser = parse_placement)]
    component: Option<Placement>,
    /// Write Markdown tables instead of text.
    #[arg(long)]
    markdown: bool,
    /// The values; stdin, one per line, when none is given (the seed's awkward values when
    /// stdin is a terminal).
    #[arg(value_name = "VALUE", conflicts_with = "default_values")]
    values: Vec<String>,
    /// Use the seed's awkward values (what a terminal shows when no value is given), whatever
    /// stdin is.
    #[arg(long)]
    default_values: bool,
}

fn parse_placement(name: &str) -> Result<Placement, String> {
    Placement::from_name(name)
        .ok_or_else(|| format!("unknown component '{name}'; use path-segment or query-value"))
}

fn all(direction: Direction) -> Vec<Flavor> {
    Flavor::ALL
        .into_iter()
        .filter(|f| f.direction() == direction)
        .collect()
}

/// Runs `urlkit roundtrip`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    if args.markdown && ctx.json {
        return Err(CliError::Usage(
            "--markdown and --json are two outputs: pick one".into(),
        ));
    }
    let encoders = if args.encoders.is_empty() {
        all(Direction::Encode)
    } else {
        args.encoders.clone()
    };
    let decoders = if args.decoders.is_empty() {
        all(Direction::Decode)
    } else {
        args.decoders.clone()
    };
    let piped;
    let values: Vec<&str> = if args.default_values || crate::input::shows_demo(&args.values) {
        DEFAULT_VALUES.to_vec()
    } else if args.values.is_empty() {
        piped = crate::input::stdin_values(&ctx.err_style())?;
        piped.iter().map(String::as_str).collect()
    } else {
        args.values.iter().map(String::as_str).collect()
    };
    let placements: Vec<Placement> = match args.component {
        Some(p) => vec![p],
        None => Placement::ALL.to_vec(),
    };
    let stdout = std::io::stdout();
    let mut w = std::io::BufWriter::new(stdout.lock());
    let mut lossy = 0;
    for &p in &placements {
        let cells = matrix(&values, &encoders, &decoders, p);
        lossy += cells.iter().filter(|c| !c.exact()).count();
        if ctx.json {
            for c in &cells {
                urlkit_records::write_json_line(&mut w, &record(c))?;
            }
        } else if args.markdown {
            write_markdown(&mut w, p, &values, &encoders, &decoders, &cells)?;
        } else {
            write_text(&mut w, p, &values, &encoders, &decoders, &cells)?;
        }
    }
    w.flush()?;
    Ok(Status::from_count(lossy))
}

/// One cell as the JSON record of docs/json.md.
fn record(c: &Cell) -> RoundtripCell {
    RoundtripCell::from(c)
}

/// What a cell did to its value, in a few words.
fn what(value: &str, outcome: &Outcome) -> String {
    let v = quoted(value);
    match outcome {
        Outcome::Exact => format!("gives {v} back"),
        Outcome::Changed(t) => format!("turns {v} into {}", quoted(t)),
        Outcome::Split(parts) => {
            let p: Vec<String> = parts.iter().map(|s| quoted(s)).collect();
            format!("splits {v} into {} segments {}", parts.len(), p.join(" "))
        }
        Outcome::NotText(t) => {
            format!("turns {v} into bytes that are not UTF-8 ({})", quoted(t))
        }
        Outcome::Error(e) => format!("fails on {v}: {}", e.message()),
    }
}

/// A short cell for the text matrix.
fn short(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Exact => "ok".into(),
        Outcome::Changed(t) => quoted(t),
        Outcome::Split(parts) => parts
            .iter()
            .map(|s| escape_controls(s).into_owned())
            .collect::<Vec<_>>()
            .join("|"),
        Outcome::NotText(_) => "bytes".into(),
        Outcome::Error(e) => format!("error:{}", e.kind().name()),
    }
}

fn write_text(
    w: &mut impl Write,
    p: Placement,
    values: &[&str],
    encoders: &[Flavor],
    decoders: &[Flavor],
    cells: &[Cell],
) -> std::io::Result<()> {
    let lossy: Vec<&Cell> = cells.iter().filter(|c| !c.exact()).collect();
    writeln!(
        w,
        "{}: {} of {} cells lose data ({} values x {} encoders x {} decoders)",
        p.name(),
        lossy.len(),
        cells.len(),
        values.len(),
        encoders.len(),
        decoders.len()
    )?;
    // Grouped by pair, in catalogue order: one line per value a pair loses.
    let mut by_pair: BTreeMap<(usize, usize), Vec<&Cell>> = BTreeMap::new();
    for c in &lossy {
        let e = encoders
            .iter()
            .position(|f| *f == c.encoder)
            .expect("invariant: the matrix was made from these encoders");
        let d = decoders
            .iter()
            .position(|f| *f == c.decoder)
            .expect("invariant: the matrix was made from these decoders");
        by_pair.entry((e, d)).or_default().push(c);
    }
    for cs in by_pair.values() {
        for c in cs {
            writeln!(
                w,
                "  {} -> {} {} {}",
                c.encoder.name(),
                c.decoder.name(),
                what(&c.value, &c.outcome()),
                match &c.encoded {
                    Ok(e) => format!("(sent as {e})"),
                    Err(_) => String::new(),
                }
            )?;
        }
    }
    for (vi, v) in values.iter().enumerate() {
        writeln!(
            w,
            "\n{} {} (rows: encoders, columns: decoders)",
            p.name(),
            quoted(v)
        )?;
        let block = &cells
            [vi * encoders.len() * decoders.len()..(vi + 1) * encoders.len() * decoders.len()];
        let mut rows: Vec<Vec<String>> = Vec::with_capacity(encoders.len() + 1);
        let mut head = vec![String::new()];
        head.extend(decoders.iter().map(|d| d.name().to_owned()));
        rows.push(head);
        for (ei, e) in encoders.iter().enumerate() {
            let mut row = vec![e.name().to_owned()];
            for di in 0..decoders.len() {
                row.push(short(&block[ei * decoders.len() + di].outcome()));
            }
            rows.push(row);
        }
        let widths: Vec<usize> = (0..rows[0].len())
            .map(|i| {
                rows.iter()
                    .map(|r| display_width(&r[i]))
                    .max()
                    .expect("invariant: the table has its header row")
            })
            .collect();
        for r in &rows {
            let mut line = String::from(" ");
            for (i, cell) in r.iter().enumerate() {
                line.push(' ');
                line.push_str(cell);
                line.push_str(&" ".repeat(widths[i] - display_width(cell)));
            }
            writeln!(w, "{}", line.trim_end())?;
        }
    }
    writeln!(w)
}

/// The Markdown report: the lossy cells, then one encoder-by-decoder table per value; every
/// table through the records' one Markdown writer (and its one escaper).
fn write_markdown(
    w: &mut impl Write,
    p: Placement,
    values: &[&str],
    encoders: &[Flavor],
    decoders: &[Flavor],
    cells: &[Cell],
) -> std::io::Result<()> {
    writeln!(
        w,
        "## {}
",
        p.name()
    )?;
    let lossy: Vec<&Cell> = cells.iter().filter(|c| !c.exact()).collect();
    writeln!(w, "{} of {} cells lose data.\n", lossy.len(), cells.len())?;
    let left = |name: &str| (name.to_owned(), Align::Left);
    let mut table = Table::new(
        ["encoder", "decoder", "value", "sent as", "result"]
            .into_iter()
            .map(left),
    );
    for c in &lossy {
        table.push([
            TableCell::of_code(c.encoder.name()),
            TableCell::of_code(c.decoder.name()),
            TableCell::of_code(c.value.as_str()),
            // An encoder that failed wrote nothing: an empty cell, the last column says why.
            c.encoded
                .as_deref()
                .map_or_else(|_| TableCell::empty(), TableCell::of_code),
            TableCell::text(what(&c.value, &c.outcome())),
        ]);
    }
    markdown::write_table(w, &table)?;
    let per_value = encoders.len() * decoders.len();
    for (vi, v) in values.iter().enumerate() {
        writeln!(
            w,
            "\n### {} {}\n",
            p.name(),
            markdown::cell_markdown(&TableCell::of_code(*v))
        )?;
        let mut table = Table::new([left("encoder \\ decoder")]);
        for d in decoders {
            table.column(format!("`{}`", d.name()), Align::Left);
        }
        let block = &cells[vi * per_value..(vi + 1) * per_value];
        for (ei, e) in encoders.iter().enumerate() {
            let row = std::iter::once(TableCell::of_code(e.name())).chain(
                (0..decoders.len())
                    .map(|di| outcome_cell(&block[ei * decoders.len() + di].outcome())),
            );
            table.push(row);
        }
        markdown::write_table(w, &table)?;
    }
    writeln!(w)
}

/// What one round trip did, as a table cell.
fn outcome_cell(o: &Outcome) -> TableCell {
    match o {
        Outcome::Exact => TableCell::text("exact"),
        Outcome::Changed(t) => TableCell::text("changed to ").code(t.as_str()),
        Outcome::Split(parts) => {
            let quoted: Vec<String> = parts.iter().map(|s| quoted(s)).collect();
            TableCell::text(format!("split into {}", quoted.join(" ")))
        }
        Outcome::NotText(t) => TableCell::text("not text: ").code(t.as_str()),
        Outcome::Error(e) => TableCell::text(format!("error: {}", e.message())),
    }
}
