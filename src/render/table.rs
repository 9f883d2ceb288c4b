//! Tables as a person reads them: every report that prints tables says which (`Tabular`),
//! and this module draws them for a terminal, or writes them as CSV or Markdown.

use serde::Serialize;
use tabled::builder::Builder;
use tabled::settings::Style;

use super::{csv, fit, md};

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
            headers: headers.iter().map(|h| (*h).to_string()).collect(),
            rows: Vec::new(),
        }
    }

    #[must_use]
    pub fn titled(mut self, title: impl Into<String>) -> Table {
        self.title = Some(title.into());
        self
    }

    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }
}

/// A report a person reads as tables: the tables, and lines of plain text (before the
/// tables) that only the table form shows.
pub trait Tabular: Serialize {
    fn tables(&self) -> Vec<Table>;

    fn lines(&self) -> Vec<String> {
        Vec::new()
    }
}

/// How tables are drawn on a terminal.
#[derive(Clone, Copy, Debug)]
pub struct TableStyle {
    /// The width every table fits in.
    pub width: usize,
    /// Titles in bold (an ANSI escape).
    pub bold_titles: bool,
}

/// The report as text for a terminal: its lines, then its tables.
pub fn text(report: &impl Tabular, style: TableStyle) -> String {
    let mut parts: Vec<String> = vec![report.lines().join("\n")];
    parts.extend(report.tables().iter().map(|t| draw(t, style)));
    join_blocks(&parts)
}

/// The report's tables as CSV, one block after another.
pub fn csv_text(report: &impl Tabular) -> Result<String, std::io::Error> {
    let blocks: Vec<String> = report
        .tables()
        .iter()
        .map(|t| csv::table(&t.headers, &t.rows))
        .collect::<Result<_, _>>()?;
    Ok(join_blocks(&blocks))
}

/// The report as Markdown: its lines as paragraphs, its tables as pipe tables.
pub fn md_text(report: &impl Tabular) -> String {
    let mut parts: Vec<String> = vec![report.lines().join("\n\n")];
    parts.extend(report.tables().iter().map(md::table));
    join_blocks(&parts)
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

/// One table drawn with borders, fitted to the width.
pub fn draw(table: &Table, style: TableStyle) -> String {
    let (headers, rows) = fit::fit(&table.headers, &table.rows, style.width);
    let mut builder = Builder::with_capacity(rows.len() + 1, headers.len());
    builder.push_record(headers);
    for row in rows {
        builder.push_record(row);
    }
    let mut rendered = builder.build();
    rendered.with(Style::sharp());
    match &table.title {
        Some(title) if style.bold_titles => format!("\x1b[1m{title}\x1b[0m\n{rendered}"),
        Some(title) => format!("{title}\n{rendered}"),
        None => rendered.to_string(),
    }
}
