//! Fitting a table into the terminal's width before tabled draws it: the widest column
//! gives way first, and cell text is wrapped at spaces (a word longer than its column is
//! cut). Done here rather than with tabled's own wrapping, which cost more than drawing the
//! whole table (measured with callgrind on `history`).

use std::borrow::Cow;

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The narrowest a column is made.
const NARROWEST: usize = 8;

/// The width of a line (ASCII text is as wide as it is long).
fn line_width(line: &str) -> usize {
    if line.is_ascii() {
        line.len()
    } else {
        line.width()
    }
}

fn widest_line(text: &str) -> usize {
    text.lines().map(line_width).max().unwrap_or(0)
}

/// The columns' widths once the table fits `width` (borders and padding included), from
/// the width of every cell.
fn widths(cells: &[Vec<usize>], width: usize) -> Vec<usize> {
    let mut widths: Vec<usize> = Vec::new();
    for row in cells {
        if widths.len() < row.len() {
            widths.resize(row.len(), 0);
        }
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(*cell);
        }
    }
    let frame = 3 * widths.len() + 1;
    while widths.iter().sum::<usize>() + frame > width {
        let Some((column, &widest)) = widths
            .iter()
            .enumerate()
            .max_by_key(|(i, w)| (**w, usize::MAX - i))
        else {
            break;
        };
        if widest <= NARROWEST {
            break;
        }
        widths[column] = widest - 1;
    }
    widths
}

/// Text wrapped into lines of at most `width` columns, at spaces where it can.
fn wrap(text: &str, width: usize) -> String {
    let mut wrapped = String::with_capacity(text.len() + text.len() / width.max(1) + 1);
    let mut used = 0;
    for word in text.split_whitespace() {
        let word_width = line_width(word);
        if used > 0 && used + 1 + word_width > width {
            wrapped.push('\n');
            used = 0;
        }
        if used > 0 {
            wrapped.push(' ');
            used += 1;
        }
        if word_width <= width - used {
            wrapped.push_str(word);
            used += word_width;
            continue;
        }
        // A word wider than the column: cut it.
        for c in word.chars() {
            let c_width = c.width().unwrap_or(0);
            if used + c_width > width {
                wrapped.push('\n');
                used = 0;
            }
            wrapped.push(c);
            used += c_width;
        }
    }
    wrapped
}

/// The headers and rows, wrapped so that the drawn table is at most `width` wide. Cells
/// that fit are lent, not copied.
pub(super) fn fit<'a>(
    headers: &'a [String],
    rows: &'a [Vec<String>],
    width: usize,
) -> (Vec<Cow<'a, str>>, Vec<Vec<Cow<'a, str>>>) {
    let measure = |row: &[String]| row.iter().map(|c| widest_line(c)).collect::<Vec<_>>();
    let cells: Vec<Vec<usize>> = std::iter::once(headers)
        .chain(rows.iter().map(Vec::as_slice))
        .map(measure)
        .collect();
    let widths = widths(&cells, width);
    let mut fitted = std::iter::once(headers)
        .chain(rows.iter().map(Vec::as_slice))
        .zip(&cells)
        .map(|(row, measured)| {
            row.iter()
                .zip(measured)
                .zip(&widths)
                .map(|((cell, &w), &column)| {
                    if w <= column {
                        Cow::Borrowed(cell.as_str())
                    } else {
                        Cow::Owned(wrap(cell, column))
                    }
                })
                .collect::<Vec<_>>()
        });
    let headers = fitted.next().unwrap_or_default();
    (headers, fitted.collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_wraps_at_spaces_and_long_words_are_cut() {
        assert_eq!(
            wrap("healed the Bunker scar in Brazil", 12),
            "healed the\nBunker scar\nin Brazil"
        );
        assert_eq!(wrap("Supercalifragilistic", 8), "Supercal\nifragili\nstic");
        assert_eq!(wrap("short", 8), "short");
        assert_eq!(wrap("Великая Степь", 8), "Великая\nСтепь");
    }

    #[test]
    fn the_widest_column_gives_way_first() {
        let cells = vec![vec![1, 1], vec![10, 60]];
        let widths = widths(&cells, 50);
        assert_eq!(widths.iter().sum::<usize>() + 7, 50);
        assert_eq!(widths[0], 10);
    }
}
