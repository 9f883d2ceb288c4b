//! Reports as a person reads them: the tables a report shows (`Tabular`), in one shape
//! for every format that prints tables.

use serde::Serialize;

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
    pub(crate) fn titled(mut self, title: impl Into<String>) -> Table {
        self.title = Some(title.into());
        self
    }

    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }
}

/// One table of a report by its name, for a format that holds one table (a CSV stream).
#[derive(Clone, Debug)]
pub struct Sheet {
    pub name: String,
    pub table: Table,
}

/// A report a person reads as tables: the tables, and lines of plain text (before the
/// tables) that only the table form shows.
pub trait Tabular: Serialize {
    fn tables(&self) -> Vec<Table>;

    fn lines(&self) -> Vec<String> {
        Vec::new()
    }

    /// The report as data sheets by name, the main one first (a CSV stream holds one): by
    /// default the tables shown, each named by its title ("Head to head": `head-to-head`),
    /// their headers in snake_case. A report whose tables hold words rather than data, or
    /// that shows no table when it has no row, says its sheets itself (`sheets.rs`).
    fn sheets(&self) -> Vec<Sheet> {
        self.tables()
            .into_iter()
            .enumerate()
            .map(|(i, mut table)| {
                table.headers = table
                    .headers
                    .iter()
                    .enumerate()
                    .map(|(column, header)| match snake_case(header) {
                        named if !named.is_empty() => named,
                        _ => format!("column_{}", column + 1),
                    })
                    .collect();
                Sheet {
                    name: table
                        .title
                        .as_deref()
                        .map_or_else(|| format!("table-{}", i + 1), sheet_name),
                    table,
                }
            })
            .collect()
    }
}

/// A header as a CSV or JSON name: its words, lowercase, joined by `_` ("Held on":
/// `held_on`).
pub(crate) fn snake_case(header: &str) -> String {
    header
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("_")
}

/// A title as a sheet's name: its words before any bracket, lowercase, joined by `-`.
pub(crate) fn sheet_name(title: &str) -> String {
    let words = title.split('(').next().unwrap_or(title);
    words
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// How tables are drawn on a terminal.
#[derive(Clone, Copy, Debug)]
pub struct TableStyle {
    /// The width every table fits in.
    pub width: usize,
    /// Titles in bold (an ANSI escape).
    pub bold_titles: bool,
}

/// Blocks of text one after another, a blank line between them, ending with a newline.
pub(crate) fn join_blocks(blocks: &[String]) -> String {
    let mut text = String::with_capacity(blocks.iter().map(|b| b.len() + 2).sum());
    for block in blocks {
        push_block(&mut text, |t| t.push_str(block));
    }
    end_blocks(&mut text);
    text
}

/// Adds the block `write` writes to `text` as `join_blocks` joins them: after a blank line,
/// without its trailing whitespace, and not at all when that leaves nothing. Written in
/// place: a long history is tens of megabytes of text, not to be copied.
pub(crate) fn push_block(text: &mut String, write: impl FnOnce(&mut String)) {
    let before = text.len();
    if before > 0 {
        text.push_str("\n\n");
    }
    let start = text.len();
    write(text);
    let end = start + text[start..].trim_end().len();
    text.truncate(if end == start { before } else { end });
}

/// Ends blocks pushed with `push_block` as `join_blocks` does: with a newline, if any.
pub(crate) fn end_blocks(text: &mut String) {
    if !text.is_empty() {
        text.push('\n');
    }
}
