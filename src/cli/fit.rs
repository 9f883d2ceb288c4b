//! Fitting a table into the terminal's width before tabled draws it: the widest column
//! gives way first, and cell text is wrapped at spaces (a word longer than its column is
//! cut). Done here rather than with tabled's own wrapping, which cost more than drawing the
//! whole table (measured with callgrind on `history`).

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The narrowest a column is made.
const NARROWEST: usize = 8;

fn widest_line(text: &str) -> usize {
    text.lines().map(UnicodeWidthStr::width).max().unwrap_or(0)
}

/// The columns' widths once the table fits `width` (borders and padding included).
fn widths(headers: &[String], rows: &[Vec<String>], width: usize) -> Vec<usize> {
    let mut widths: Vec<usize> = headers.iter().map(|h| widest_line(h)).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(widest_line(cell));
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
    if widest_line(text) <= width {
        return text.to_string();
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut used = 0;
    for word in text.split_whitespace() {
        let mut word_width = word.width();
        if used > 0 && used + 1 + word_width > width {
            lines.push(std::mem::take(&mut line));
            used = 0;
        }
        if used > 0 {
            line.push(' ');
            used += 1;
        }
        if word_width <= width - used {
            line.push_str(word);
            used += word_width;
            continue;
        }
        // A word wider than the column: cut it.
        for c in word.chars() {
            let c_width = c.width().unwrap_or(0);
            if used + c_width > width {
                lines.push(std::mem::take(&mut line));
                used = 0;
            }
            line.push(c);
            used += c_width;
            word_width = word_width.saturating_sub(c_width);
        }
    }
    lines.push(line);
    lines.join("\n")
}

/// The headers and rows, wrapped so that the drawn table is at most `width` wide.
pub fn fit(
    headers: &[String],
    rows: &[Vec<String>],
    width: usize,
) -> (Vec<String>, Vec<Vec<String>>) {
    let widths = widths(headers, rows, width);
    let wrap_row = |row: &[String]| {
        row.iter()
            .zip(&widths)
            .map(|(cell, &w)| wrap(cell, w))
            .collect()
    };
    (
        wrap_row(headers),
        rows.iter().map(|r| wrap_row(r)).collect(),
    )
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
        let headers = vec!["A".to_string(), "B".to_string()];
        let rows = vec![vec!["x".repeat(10), "y".repeat(60)]];
        let widths = widths(&headers, &rows, 50);
        assert_eq!(widths.iter().sum::<usize>() + 7, 50);
        assert_eq!(widths[0], 10);
    }
}
