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
use super::tabular::{Table, TableStyle, Tabular, end_blocks, push_block};
use super::terminal::clean;

/// The report as text for a terminal: its lines, then its tables, drawn into one string.
pub fn text(report: &impl Tabular, style: TableStyle) -> String {
    let mut text = String::new();
    push_block(&mut text, |t| {
        t.push_str(&clean(&report.lines().join("\n")));
    });
    for table in report.tables() {
        push_block(&mut text, |t| draw(t, &table, style));
    }
    end_blocks(&mut text);
    text
}

/// One table drawn with borders, fitted to the width, after its title.
fn draw(out: &mut String, table: &Table, style: TableStyle) {
    let headers: Vec<Cow<'_, str>> = table.headers.iter().map(|h| cell(h)).collect();
    let rows: Vec<Vec<Cow<'_, str>>> = table
        .rows
        .iter()
        .map(|row| row.iter().map(|c| cell(c)).collect())
        .collect();
    match table.title.as_deref().map(clean) {
        Some(title) if style.bold_titles => {
            out.push_str("\x1b[1m");
            out.push_str(&title);
            out.push_str("\x1b[0m\n");
        }
        Some(title) => {
            out.push_str(&title);
            out.push('\n');
        }
        None => {}
    }
    sharp(out, &fit::fit(&headers, &rows, style.width));
}

/// The cells in tabled's sharp style, written to `out`: a frame, columns split by a line, a
/// line under the headers and none between rows; each cell left-aligned with a space
/// either side.
fn sharp(out: &mut String, fitted: &Fitted<'_>) {
    let columns = fitted.widths.len();
    if columns == 0 {
        return;
    }
    // Room made at once: a line is the widths, the padding, the borders (three bytes each)
    // and its end, if its text is ASCII.
    let line: usize = fitted.widths.iter().map(|w| w + 2 + 3).sum::<usize>() + 3 + 1;
    let height: usize = fitted.rows.iter().map(|row| height_of(row)).sum();
    out.reserve((height + height_of(&fitted.headers) + 3) * line);
    let widths = Widths(&fitted.widths);
    let part = |out: &mut String, rows: &[Vec<Cow<'_, str>>], borders: Borders<char>| {
        CompactTable::with_dimension(lines_of(rows, columns), &widths)
            .columns(columns)
            .with(config(borders))
            .fmt(out)
            .expect("a table is drawn into a string");
    };
    // The line under the headers closes the table when it has no rows, as tabled draws it.
    let mut under_headers = frame();
    (under_headers.bottom_left, under_headers.bottom_right) = (Some('├'), Some('┤'));
    under_headers.bottom_intersection = Some('┼');
    part(out, std::slice::from_ref(&fitted.headers), under_headers);
    if !fitted.rows.is_empty() {
        let mut body = frame();
        (
            body.top,
            body.top_left,
            body.top_right,
            body.top_intersection,
        ) = (None, None, None, None);
        out.push('\n');
        part(out, &fitted.rows, body);
    }
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

/// The lines a row is drawn in: as many as its cell of most lines.
fn height_of(row: &[Cow<'_, str>]) -> usize {
    row.iter().map(|c| c.split('\n').count()).max().unwrap_or(1)
}

/// Each row as the lines it is drawn in, made as they are drawn: the cells' lines side by
/// side, a shorter cell blank below its text, a missing cell blank.
fn lines_of<'a>(
    rows: &'a [Vec<Cow<'a, str>>],
    columns: usize,
) -> impl Iterator<Item = Vec<&'a str>> + 'a {
    rows.iter().flat_map(move |row| {
        let mut split: Vec<_> = row.iter().map(|c| c.split('\n')).collect();
        (0..height_of(row)).map(move |_| {
            (0..columns)
                .map(|i| split.get_mut(i).and_then(Iterator::next).unwrap_or(""))
                .collect()
        })
    })
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

    fn drawn(fitted: &Fitted<'_>) -> String {
        let mut out = String::new();
        sharp(&mut out, fitted);
        out
    }

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
            prop_assert_eq!(drawn(&fitted), with_table(&fitted));
        }
    }

    #[test]
    fn wrapped_headers_keep_the_line_under_them() {
        let headers = vec!["first\nheader".to_string(), "x".to_string()];
        let rows = vec![vec!["a".to_string(), "two\nlines".to_string()]];
        let fitted = fit::fit(&headers, &rows, 80);
        assert_eq!(drawn(&fitted), with_table(&fitted));
        let no_rows: Vec<Vec<String>> = Vec::new();
        let fitted = fit::fit(&headers, &no_rows, 80);
        assert_eq!(drawn(&fitted), with_table(&fitted));
    }
}
