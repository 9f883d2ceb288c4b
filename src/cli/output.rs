//! Rendering: every command that prints data builds a report (a serialisable value plus the
//! tables a person reads) and this module writes it as a table, JSON, CSV or Markdown.

use std::io::{IsTerminal, Write};

use serde::Serialize;

use super::error::CliError;
use tabled::builder::Builder;
use tabled::settings::Style;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Table,
    Json,
    Csv,
    Md,
    /// A map of the board (`export` only).
    Svg,
    /// A self-contained page (`export` only).
    Html,
}

/// A table as a person reads it: a title, headers and rows of text.
#[derive(Clone, Debug, Default)]
pub struct Table {
    pub title: Option<String>,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    pub fn new(headers: &[&str]) -> Table {
        Table {
            title: None,
            headers: headers.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    pub fn titled(mut self, title: impl Into<String>) -> Table {
        self.title = Some(title.into());
        self
    }

    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }
}

/// What a command prints: JSON from its `Serialize`, tables from `tables`, and lines of
/// plain text (before the tables) that only the table form shows.
pub trait Report: Serialize {
    fn tables(&self) -> Vec<Table>;

    fn lines(&self) -> Vec<String> {
        Vec::new()
    }
}

/// How to print: the format, the width tables must fit, and whether to colour.
#[derive(Clone, Copy, Debug)]
pub struct Output {
    pub format: Format,
    pub width: usize,
    /// Colour on stdout: wanted, and stdout is a terminal.
    pub color: bool,
    pub(super) wanted: bool,
}

impl Output {
    /// Printing to stdout: colour only when stdout is a terminal and colour is wanted;
    /// tables as wide as `COLUMNS`, else the terminal, else 80 columns.
    pub fn stdout(format: Format, color_wanted: bool) -> Output {
        let terminal = std::io::stdout().is_terminal();
        let from_env = std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse::<usize>().ok());
        let from_terminal = terminal
            .then(|| terminal_size::terminal_size().map(|(w, _)| usize::from(w.0)))
            .flatten();
        Output {
            format,
            width: from_env.or(from_terminal).unwrap_or(80).max(40),
            color: color_wanted && terminal,
            wanted: color_wanted,
        }
    }

    /// Whether colour is wanted at all (not `--color never`, no `NO_COLOR`).
    pub fn color_wanted(&self) -> bool {
        self.wanted
    }
}

/// Writes a report to stdout.
pub fn print(report: &impl Report, output: Output) -> Result<(), CliError> {
    let text = render(report, output)?;
    out(&text)
}

pub fn render(report: &impl Report, output: Output) -> Result<String, CliError> {
    match output.format {
        Format::Json => {
            let mut text =
                serde_json::to_string_pretty(report).map_err(|e| CliError::File(e.to_string()))?;
            text.push('\n');
            Ok(text)
        }
        Format::Table => {
            let mut parts: Vec<String> = vec![report.lines().join("\n")];
            parts.extend(report.tables().iter().map(|t| table_text(t, output)));
            Ok(join_blocks(&parts))
        }
        Format::Csv => {
            let blocks: Vec<String> = report
                .tables()
                .iter()
                .map(csv_text)
                .collect::<Result<_, _>>()?;
            Ok(join_blocks(&blocks))
        }
        Format::Md => {
            let mut parts: Vec<String> = vec![report.lines().join("\n\n")];
            parts.extend(report.tables().iter().map(md_text));
            Ok(join_blocks(&parts))
        }
        Format::Svg | Format::Html => Err(CliError::Usage(
            "svg and html are formats of `chronicle export`; this command prints table, json, csv or md.".to_string(),
        )),
    }
}

fn join_blocks(blocks: &[String]) -> String {
    let mut text = blocks
        .iter()
        .map(|b| b.trim_end().to_string())
        .filter(|b| !b.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n");
    if !text.is_empty() {
        text.push('\n');
    }
    text
}

fn table_text(table: &Table, output: Output) -> String {
    let (headers, rows) = super::fit::fit(&table.headers, &table.rows, output.width);
    let mut builder = Builder::with_capacity(rows.len() + 1, headers.len());
    builder.push_record(headers);
    for row in rows {
        builder.push_record(row);
    }
    let mut rendered = builder.build();
    rendered.with(Style::sharp());
    match &table.title {
        Some(title) if output.color => format!("\x1b[1m{title}\x1b[0m\n{rendered}"),
        Some(title) => format!("{title}\n{rendered}"),
        None => rendered.to_string(),
    }
}

fn csv_text(table: &Table) -> Result<String, CliError> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let fail = |e: csv::Error| CliError::File(e.to_string());
    writer.write_record(&table.headers).map_err(fail)?;
    for row in &table.rows {
        writer.write_record(row).map_err(fail)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| CliError::File(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| CliError::File(e.to_string()))
}

fn md_text(table: &Table) -> String {
    let cell = |c: &str| c.replace('|', "\\|").replace('\n', " ");
    let mut text = String::new();
    if let Some(title) = &table.title {
        text.push_str(&format!("### {title}\n\n"));
    }
    let headers: Vec<String> = table.headers.iter().map(|h| cell(h)).collect();
    text.push_str(&format!("| {} |\n", headers.join(" | ")));
    text.push_str(&format!("|{}|\n", vec!["---"; headers.len()].join("|")));
    for row in &table.rows {
        let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
        text.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    text
}

/// Writes text to stdout; a closed pipe ends the command quietly.
pub fn out(text: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

/// A message for the person (not data): to stderr.
pub fn say(text: &str) {
    eprintln!("{text}");
}
