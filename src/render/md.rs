//! Markdown: the one place text is escaped for it.

use super::table::Table;

/// A table cell: pipes escaped, lines joined.
pub fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// Running text: the characters Markdown reads as markup are escaped.
pub fn text(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '|' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#'
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
        out.push_str(&format!("### {title}\n\n"));
    }
    let headers: Vec<String> = table.headers.iter().map(|h| cell(h)).collect();
    out.push_str(&format!("| {} |\n", headers.join(" | ")));
    out.push_str(&format!("|{}|\n", vec!["---"; headers.len()].join("|")));
    for row in &table.rows {
        let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out
}
