//! Markdown: the one place text is escaped for it.

use std::fmt::Write as _;

use super::tabular::{Table, Tabular, join_blocks};
use super::terminal::clean;

/// A table cell: escaped as running text (pipes too), lines and tabs as spaces.
pub(crate) fn cell(cell: &str) -> String {
    text(cell).replace('\t', " ")
}

/// Running text: the characters Markdown reads as markup are escaped: CommonMark's and
/// GitHub's (emphasis, code, links, HTML and entities, headings, tables, strikeout), and
/// pandoc's own (`$` for math, `^` for superscripts, `@` for citations). Any ASCII
/// punctuation may be escaped in CommonMark, so each escape reads back as the character.
pub fn text(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in clean(text).chars() {
        if matches!(
            c,
            '\\' | '|'
                | '*'
                | '_'
                | '`'
                | '['
                | ']'
                | '<'
                | '>'
                | '#'
                | '&'
                | '~'
                | '$'
                | '^'
                | '@'
        ) {
            escaped.push('\\');
        }
        escaped.push(if c == '\n' { ' ' } else { c });
    }
    escaped
}

/// A table as a pipe table, titled with a heading.
pub fn table(table: &Table) -> String {
    let mut out = String::new();
    if let Some(title) = &table.title {
        let _ = write!(out, "### {title}\n\n");
    }
    let headers: Vec<String> = table.headers.iter().map(|h| cell(h)).collect();
    let _ = writeln!(out, "| {} |", headers.join(" | "));
    let _ = writeln!(out, "|{}|", vec!["---"; headers.len()].join("|"));
    for row in &table.rows {
        let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out
}

/// The report as Markdown: its lines as paragraphs, its tables as pipe tables.
pub fn tables(report: &impl Tabular) -> String {
    let mut parts: Vec<String> = vec![report.lines().join("\n\n")];
    parts.extend(report.tables().iter().map(table));
    join_blocks(&parts)
}
