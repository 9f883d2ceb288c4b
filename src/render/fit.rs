//! Fitting a table into the terminal's width before it is drawn: the widest column
//! gives way first, and cell text is wrapped at spaces (a word longer than its column is
//! cut). Done here rather than with tabled's own wrapping, which cost more than drawing the
//! whole table (measured with callgrind on `history`).

use std::borrow::Cow;

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The narrowest a column is made.
const NARROWEST: usize = 8;

/// The width of a line (ASCII text is as wide as it is long).
pub(super) fn line_width(line: &str) -> usize {
    if line.is_ascii() {
        line.len()
    } else {
        line.width()
    }
}

fn widest_line(text: &str) -> usize {
    text.lines().map(line_width).max().unwrap_or(0)
}

/// The widest word of a cell: the narrowest its column can be without cutting a word.
fn widest_word(text: &str) -> usize {
    if text.is_ascii() {
        // What `split_whitespace` splits at, in ASCII: tab to carriage return, and space.
        let space = |b: &u8| matches!(b, b'\t'..=b'\r' | b' ');
        return text
            .as_bytes()
            .split(space)
            .map(<[u8]>::len)
            .max()
            .unwrap_or(0);
    }
    text.split_whitespace().map(line_width).max().unwrap_or(0)
}

/// A cell's widest line and widest word, in one pass over it when it is ASCII (most are):
/// what `widest_line` and `widest_word` give.
fn measure(text: &str) -> (usize, usize) {
    if !text.is_ascii() {
        return (widest_line(text), widest_word(text));
    }
    let (mut line, mut word, mut widest_line, mut widest_word) = (0, 0, 0, 0);
    let mut before = 0u8;
    for &b in text.as_bytes() {
        if b == b'\n' {
            // A line ends at "\n" or at "\r\n" (as `str::lines` splits).
            widest_line = widest_line.max(line - usize::from(before == b'\r'));
            line = 0;
        } else {
            line += 1;
        }
        if matches!(b, b'\t'..=b'\r' | b' ') {
            widest_word = widest_word.max(word);
            word = 0;
        } else {
            word += 1;
        }
        before = b;
    }
    (widest_line.max(line), widest_word.max(word))
}

/// The columns' widths once the table fits `width` (borders and padding included), from
/// the width of every cell and of its widest word. Columns give way down to their widest
/// word ("2012-03-18" is never cut in two) before any word is cut.
fn widths(cells: &[Vec<(usize, usize)>], width: usize) -> Vec<usize> {
    let mut widths: Vec<usize> = Vec::new();
    let mut floors: Vec<usize> = Vec::new();
    for row in cells {
        if widths.len() < row.len() {
            widths.resize(row.len(), 0);
            floors.resize(row.len(), 0);
        }
        for ((w, floor), (cell, word)) in widths.iter_mut().zip(&mut floors).zip(row) {
            *w = (*w).max(*cell);
            *floor = (*floor).max(*word).max(NARROWEST);
        }
    }
    let full = widths.clone();
    let frame = 3 * widths.len() + 1;
    while widths.iter().sum::<usize>() + frame > width {
        // The widest column above its widest word gives way; when none is left, words are
        // cut in the column of the longest text first (prose before a date).
        let above_word = widths
            .iter()
            .enumerate()
            .filter(|(i, w)| **w > floors[*i])
            .max_by_key(|(i, w)| (**w, usize::MAX - i))
            .map(|(i, _)| i);
        let cut = || {
            (0..widths.len())
                .filter(|&i| widths[i] > NARROWEST)
                .max_by_key(|&i| (full[i], usize::MAX - i))
        };
        let Some(column) = above_word.or_else(cut) else {
            break;
        };
        widths[column] -= 1;
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

/// A table fitted to a width: its cells (wrapped where they did not fit) and the width of
/// each column's widest line.
pub(super) struct Fitted<'a> {
    pub headers: Vec<Cow<'a, str>>,
    pub rows: Vec<Vec<Cow<'a, str>>>,
    pub widths: Vec<usize>,
}

/// The headers and rows, wrapped so that the drawn table is at most `width` wide. A cell
/// that fits is kept as it is; one that does not is wrapped in its place.
pub(super) fn fit<'a>(
    mut headers: Vec<Cow<'a, str>>,
    mut rows: Vec<Vec<Cow<'a, str>>>,
    width: usize,
) -> Fitted<'a> {
    let mut measured = Measured::default();
    measured.add(&headers);
    for row in &rows {
        measured.add(row);
    }
    let limits = measured.limits(width);
    let mut drawn = vec![0; limits.len()];
    for row in std::iter::once(&mut headers).chain(rows.iter_mut()) {
        for ((cell, &limit), drawn) in row.iter_mut().zip(&limits).zip(drawn.iter_mut()) {
            let line = widest_line(cell);
            if line <= limit {
                *drawn = (*drawn).max(line);
            } else {
                let wrapped = wrap(cell, limit);
                *drawn = (*drawn).max(widest_line(&wrapped));
                *cell = Cow::Owned(wrapped);
            }
        }
    }
    Fitted {
        headers,
        rows,
        widths: drawn,
    }
}

/// What fitting needs of a table too long to hold, gathered a row at a time: each column's
/// widest line and widest word.
#[derive(Debug, Default)]
pub(super) struct Measured(Vec<(usize, usize)>);

impl Measured {
    pub(super) fn add<S: AsRef<str>>(&mut self, row: &[S]) {
        if self.0.len() < row.len() {
            self.0.resize(row.len(), (0, 0));
        }
        for ((line, word), cell) in self.0.iter_mut().zip(row) {
            let (widest_line, widest_word) = measure(cell.as_ref());
            *line = (*line).max(widest_line);
            *word = (*word).max(widest_word);
        }
    }

    /// The columns' widths once the table fits `width`, as `fit` gives them.
    pub(super) fn limits(&self, width: usize) -> Vec<usize> {
        widths(std::slice::from_ref(&self.0), width)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn ascii_words_are_split_where_split_whitespace_splits(
            text in "[ -~\t\n\x0b\x0c\r]{0,40}",
        ) {
            let widest = text.split_whitespace().map(str::len).max().unwrap_or(0);
            prop_assert_eq!(widest_word(&text), widest);
        }

        #[test]
        fn one_pass_measures_the_widest_line_and_word_as_two_do(
            text in "[ab \t\n\r\x0bЖ]{0,40}",
        ) {
            prop_assert_eq!(measure(&text), (widest_line(&text), widest_word(&text)));
        }
    }

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
        let cells = vec![vec![(1, 1), (1, 1)], vec![(10, 10), (60, 9)]];
        let widths = widths(&cells, 50);
        assert_eq!(widths.iter().sum::<usize>() + 7, 50);
        assert_eq!(widths[0], 10);
    }

    #[test]
    fn a_word_is_cut_only_when_nothing_else_gives_way() {
        // A date (one word of 10) beside prose whose longest word is 5: the prose gives way
        // down to its longest word before the date is cut ("2012-03-" / "18").
        let cells = vec![vec![(4, 4), (4, 4)], vec![(10, 10), (30, 5)]];
        assert_eq!(widths(&cells, 7 + 18), vec![10, 8]);
        // Narrower than every word: words are cut in the longest text first.
        assert_eq!(widths(&cells, 7 + 17), vec![9, 8]);
        assert_eq!(widths(&cells, 7 + 16), vec![8, 8]);
    }
}
