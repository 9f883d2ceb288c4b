//! Tables for a terminal: lines of text, then tables drawn with borders and fitted to
//! the width.
//!
//! A table is drawn with tabled's `CompactTable`, which prints rows as it is given them
//! and takes the columns' widths from `fit`, rather than with `Table`, which measures
//! every cell again and lays out a grid first: drawing with `Table` was a quarter of
//! `board`'s instructions. `CompactTable` takes cells of one line, so a wrapped row is
//! given as the lines it is drawn in; the headers and the rows are drawn as two parts so
//! that the line under the headers stays under all of their lines.

use std::borrow::Cow;

use tabled::grid::config::{AlignmentHorizontal, Borders, CompactConfig, Indent, Sides};
use tabled::grid::dimension::Dimension;
use tabled::tables::CompactTable;

use super::fit::{self, Fitted};
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
    let headers: Vec<Cow<'_, str>> = table.headers.iter().map(|h| cell(h)).collect();
    let rows: Vec<Vec<Cow<'_, str>>> = table
        .rows
        .iter()
        .map(|row| row.iter().map(|c| cell(c)).collect())
        .collect();
    let drawn = sharp(&fit::fit(&headers, &rows, style.width));
    match table.title.as_deref().map(clean) {
        Some(title) if style.bold_titles => format!("\x1b[1m{title}\x1b[0m\n{drawn}"),
        Some(title) => format!("{title}\n{drawn}"),
        None => drawn,
    }
}

/// The cells in tabled's sharp style: a frame, columns split by a line, a line under the
/// headers and none between rows; each cell left-aligned with a space either side.
fn sharp(fitted: &Fitted<'_>) -> String {
    let columns = fitted.widths.len();
    if columns == 0 {
        return String::new();
    }
    let widths = Widths(&fitted.widths);
    let part = |rows: &[&[Cow<'_, str>]], borders: Borders<char>| {
        let lines = lines_of(rows, columns);
        CompactTable::with_dimension(&lines, &widths)
            .columns(columns)
            .rows(lines.len())
            .with(config(borders))
            .to_string()
    };
    let headers = [fitted.headers.as_slice()];
    let rows: Vec<&[Cow<'_, str>]> = fitted.rows.iter().map(Vec::as_slice).collect();
    // The line under the headers closes the table when it has no rows, as tabled draws it.
    let mut under_headers = frame();
    (under_headers.bottom_left, under_headers.bottom_right) = (Some('├'), Some('┤'));
    under_headers.bottom_intersection = Some('┼');
    let mut drawn = part(&headers, under_headers);
    if !rows.is_empty() {
        let mut body = frame();
        (
            body.top,
            body.top_left,
            body.top_right,
            body.top_intersection,
        ) = (None, None, None, None);
        drawn.push('\n');
        drawn.push_str(&part(&rows, body));
    }
    drawn
}

/// The frame of the sharp style, without the line between rows.
fn frame() -> Borders<char> {
    Borders {
        top: Some('─'),
        top_left: Some('┌'),
        top_right: Some('┐'),
        top_intersection: Some('┬'),
        bottom: Some('─'),
        bottom_left: Some('└'),
        bottom_right: Some('┘'),
        bottom_intersection: Some('┴'),
        horizontal: None,
        vertical: Some('│'),
        intersection: None,
        left: Some('│'),
        left_intersection: None,
        right: Some('│'),
        right_intersection: None,
    }
}

fn config(borders: Borders<char>) -> CompactConfig {
    CompactConfig::new()
        .set_padding(Sides::new(
            Indent::spaced(1),
            Indent::spaced(1),
            Indent::zero(),
            Indent::zero(),
        ))
        .set_alignment_horizontal(AlignmentHorizontal::Left)
        .set_borders(borders)
}

/// Each row as the lines it is drawn in: the cells' lines side by side, a shorter cell
/// blank below its text, a missing cell blank.
fn lines_of<'a>(rows: &[&'a [Cow<'a, str>]], columns: usize) -> Vec<Vec<&'a str>> {
    let mut lines = Vec::with_capacity(rows.len());
    for row in rows {
        let height = row.iter().map(|c| c.split('\n').count()).max().unwrap_or(1);
        let mut split: Vec<_> = row.iter().map(|c| c.split('\n')).collect();
        for _ in 0..height {
            lines.push(
                (0..columns)
                    .map(|i| split.get_mut(i).and_then(Iterator::next).unwrap_or(""))
                    .collect(),
            );
        }
    }
    lines
}

/// The columns' widths as tabled takes them: the widest line and a space either side.
struct Widths<'a>(&'a [usize]);

impl Dimension for Widths<'_> {
    fn get_width(&self, column: usize) -> usize {
        self.0.get(column).map_or(0, |w| w + 2)
    }

    fn get_height(&self, _row: usize) -> usize {
        1
    }
}

/// A cell as a terminal may show it: no control character raw, a tab as a space.
fn cell(text: &str) -> Cow<'_, str> {
    match clean(text) {
        Cow::Borrowed(text) if !text.contains('\t') => Cow::Borrowed(text),
        cleaned => Cow::Owned(cleaned.replace('\t', " ")),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use tabled::builder::Builder;
    use tabled::settings::Style;

    use super::*;

    /// What tabled's `Table` draws in the sharp style: what `sharp` is to match.
    fn with_table(fitted: &Fitted<'_>) -> String {
        let mut builder = Builder::default();
        builder.push_record(fitted.headers.iter().map(ToString::to_string));
        for row in &fitted.rows {
            builder.push_record(row.iter().map(ToString::to_string));
        }
        let mut table = builder.build();
        table.with(Style::sharp());
        table.to_string()
    }

    fn cell_text() -> impl Strategy<Value = String> {
        proptest::string::string_regex("[a-z Ж漢\n]{0,12}").expect("a regex")
    }

    proptest! {
        #[test]
        fn tables_are_drawn_as_tabled_draws_them(
            columns in 1usize..5,
            cells in proptest::collection::vec(cell_text(), 0..30),
            width in 10usize..60,
        ) {
            let headers: Vec<String> = (0..columns).map(|i| format!("h{i}")).collect();
            let rows: Vec<Vec<String>> = cells.chunks(columns)
                .map(|chunk| (0..columns).map(|i| chunk.get(i).cloned().unwrap_or_default()).collect())
                .collect();
            let fitted = fit::fit(&headers, &rows, width);
            prop_assert_eq!(sharp(&fitted), with_table(&fitted));
        }
    }

    #[test]
    fn wrapped_headers_keep_the_line_under_them() {
        let headers = vec!["first\nheader".to_string(), "x".to_string()];
        let rows = vec![vec!["a".to_string(), "two\nlines".to_string()]];
        let fitted = fit::fit(&headers, &rows, 80);
        assert_eq!(sharp(&fitted), with_table(&fitted));
        let no_rows: Vec<Vec<String>> = Vec::new();
        let fitted = fit::fit(&headers, &no_rows, 80);
        assert_eq!(sharp(&fitted), with_table(&fitted));
    }
}
