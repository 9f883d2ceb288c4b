//! Tables for a terminal: lines of text, then tables drawn with borders and fitted to
//! the width.

use tabled::builder::Builder;
use tabled::settings::Style;

use super::fit;
use super::tabular::{Table, TableStyle, Tabular, join_blocks};
use super::terminal::clean;

/// The report as text for a terminal: its lines, then its tables.
pub fn text(report: &impl Tabular, style: TableStyle) -> String {
    let mut parts: Vec<String> = vec![clean(&report.lines().join("\n")).into_owned()];
    parts.extend(report.tables().iter().map(|t| draw(t, style)));
    join_blocks(&parts)
}

/// One table drawn with borders, fitted to the width.
pub fn draw(table: &Table, style: TableStyle) -> String {
    let (headers, rows) = fit::fit(&table.headers, &table.rows, style.width);
    let mut builder = Builder::with_capacity(rows.len() + 1, headers.len());
    builder.push_record(headers.iter().map(|h| cell(h)));
    for row in rows {
        builder.push_record(row.iter().map(|c| cell(c)));
    }
    let mut rendered = builder.build();
    rendered.with(Style::sharp());
    match table.title.as_deref().map(clean) {
        Some(title) if style.bold_titles => format!("\x1b[1m{title}\x1b[0m\n{rendered}"),
        Some(title) => format!("{title}\n{rendered}"),
        None => rendered.to_string(),
    }
}

/// A cell as a terminal may show it: no control character raw, a tab as a space.
fn cell(text: &str) -> std::borrow::Cow<'_, str> {
    match clean(text) {
        std::borrow::Cow::Borrowed(text) if !text.contains('\t') => {
            std::borrow::Cow::Borrowed(text)
        }
        cleaned => std::borrow::Cow::Owned(cleaned.replace('\t', " ")),
    }
}
