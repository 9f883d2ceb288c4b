//! Tables for a terminal: lines of text, then tables drawn with borders and fitted to
//! the width.
//!
//! A table is drawn here, line by line, in tabled's sharp style, with the columns' widths
//! from `fit`: drawing with tabled's `Table`, which measures every cell again and lays out
//! a grid first, was a quarter of `board`'s instructions. The same lines draw a table held
//! whole and one whose rows come one at a time (`stream`). The tests hold the lines to
//! what tabled draws.

use std::borrow::Cow;

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
    sharp(out, &fit::fit(headers, rows, style.width));
}

/// The cells in tabled's sharp style, written to `out`: a frame, columns split by a line, a
/// line under the headers and none between rows; each cell left-aligned with a space
/// either side.
fn sharp(out: &mut String, fitted: &Fitted<'_>) {
    let widths = &fitted.widths;
    if widths.is_empty() {
        return;
    }
    // Room made at once: a line is the widths, the padding, the borders (three bytes each)
    // and its end, if its text is ASCII.
    let line: usize = widths.iter().map(|w| w + 2 + 3).sum::<usize>() + 3 + 1;
    let height: usize = fitted.rows.iter().map(|row| height_of(row)).sum();
    out.reserve((height + height_of(&fitted.headers) + 3) * line);
    headed(out, widths, &fitted.headers);
    for row in &fitted.rows {
        row_lines(out, widths, row);
    }
    closed(out, widths, !fitted.rows.is_empty());
}

/// The top of a table: the frame, the headers' lines and the line under them.
pub(super) fn headed(out: &mut String, widths: &[usize], headers: &[Cow<'_, str>]) {
    border(out, widths, ['┌', '┬', '┐']);
    row_lines(out, widths, headers);
    border(out, widths, ['├', '┼', '┤']);
}

/// The end of a table: the frame's bottom under its last row (with no rows, the line
/// under the headers ends it, as tabled draws it).
pub(super) fn closed(out: &mut String, widths: &[usize], any_rows: bool) {
    if any_rows {
        border(out, widths, ['└', '┴', '┘']);
    }
}

/// A line of the frame across every column: its left end, the mark where columns meet
/// and its right end.
fn border(out: &mut String, widths: &[usize], [left, meet, right]: [char; 3]) {
    out.push(left);
    for (i, width) in widths.iter().enumerate() {
        if i > 0 {
            out.push(meet);
        }
        repeated(out, RULE, width + 2);
    }
    out.push(right);
    out.push('\n');
}

/// A row as the lines it is drawn in: as many as its cell of most lines, a shorter cell
/// blank below its text, a missing cell blank; each cell padded to its column's width.
pub(super) fn row_lines(out: &mut String, widths: &[usize], row: &[Cow<'_, str>]) {
    if !row.iter().any(|c| c.contains('\n')) {
        // A row of one line (most are): drawn from its cells, not split.
        line(out, widths, |i| row.get(i).map_or("", |c| c.as_ref()));
        return;
    }
    let mut split: Vec<_> = row.iter().map(|c| c.split('\n')).collect();
    for _ in 0..height_of(row) {
        line(out, widths, |i| {
            split.get_mut(i).and_then(Iterator::next).unwrap_or("")
        });
    }
}

/// One line of a row: each column's text (`text` of its index), padded to the column's
/// width, between the borders.
fn line<'t>(out: &mut String, widths: &[usize], mut text: impl FnMut(usize) -> &'t str) {
    out.push('│');
    for (i, width) in widths.iter().enumerate() {
        let text = text(i);
        out.push(' ');
        out.push_str(text);
        let pad = width.saturating_sub(fit::line_width(text));
        repeated(out, SPACES, pad + 1);
        out.push('│');
    }
    out.push('\n');
}

/// Runs of `RUN` spaces and of `RUN` of the frame's line, written a piece at a time
/// rather than a character at a time.
const SPACES: &str = "                                                                ";
const RULE: &str = "────────────────────────────────────────────────────────────────";
const RUN: usize = 64;

/// `n` of the one character `run` repeats, written from it a piece at a time.
fn repeated(out: &mut String, run: &str, mut n: usize) {
    let one = run.len() / RUN;
    while n > 0 {
        let take = n.min(RUN);
        out.push_str(&run[..take * one]);
        n -= take;
    }
}

/// The lines a row is drawn in: as many as its cell of most lines.
fn height_of(row: &[Cow<'_, str>]) -> usize {
    row.iter().map(|c| c.split('\n').count()).max().unwrap_or(1)
}

/// A cell as a terminal may show it: no control character raw, a tab as a space.
pub(super) fn cell(text: &str) -> Cow<'_, str> {
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

    /// Text cells fitted to `width`.
    fn fit_text<'a>(headers: &'a [String], rows: &'a [Vec<String>], width: usize) -> Fitted<'a> {
        let lent = |row: &'a [String]| row.iter().map(|c| Cow::Borrowed(c.as_str())).collect();
        fit::fit(lent(headers), rows.iter().map(|r| lent(r)).collect(), width)
    }

    fn drawn(fitted: &Fitted<'_>) -> String {
        let mut out = String::new();
        sharp(&mut out, fitted);
        out
    }

    /// What tabled's `Table` draws in the sharp style, ended with a newline: what `sharp` is
    /// to match.
    fn with_table(fitted: &Fitted<'_>) -> String {
        let mut builder = Builder::default();
        builder.push_record(fitted.headers.iter().map(ToString::to_string));
        for row in &fitted.rows {
            builder.push_record(row.iter().map(ToString::to_string));
        }
        let mut table = builder.build();
        table.with(Style::sharp());
        // Each line is drawn with its end, the last too.
        format!("{table}\n")
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
            let fitted = fit_text(&headers, &rows, width);
            prop_assert_eq!(drawn(&fitted), with_table(&fitted));
        }
    }

    #[test]
    fn runs_repeat_one_character_and_write_any_number_of_it() {
        for run in [SPACES, RULE] {
            assert_eq!(run.chars().count(), RUN);
            let one = run.chars().next().expect("a character");
            for n in [0, 1, RUN - 1, RUN, RUN + 1, 3 * RUN + 5] {
                let mut out = String::new();
                repeated(&mut out, run, n);
                assert_eq!(out, one.to_string().repeat(n));
            }
        }
    }

    #[test]
    fn wrapped_headers_keep_the_line_under_them() {
        let headers = vec!["first\nheader".to_string(), "x".to_string()];
        let rows = vec![vec!["a".to_string(), "two\nlines".to_string()]];
        let fitted = fit_text(&headers, &rows, 80);
        assert_eq!(drawn(&fitted), with_table(&fitted));
        let no_rows: Vec<Vec<String>> = Vec::new();
        let fitted = fit_text(&headers, &no_rows, 80);
        assert_eq!(drawn(&fitted), with_table(&fitted));
    }
}
