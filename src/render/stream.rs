//! Reports too long to hold, written as their rows come: a long campaign's history is
//! hundreds of thousands of rows. Each format prints exactly what it prints of the same
//! rows held whole (`Tabular`): JSON, CSV and Markdown in one pass over the rows; a table
//! for a terminal in two or three, because its columns are as wide as their widest cell:
//! one to measure the cells, one (only when some cell is wrapped) to find how wide the
//! wrapped columns are drawn, and one to draw. A short table keeps its rows from the first
//! pass instead of working them out again.

use std::borrow::Cow;
use std::io::Write;
use std::ops::ControlFlow;

use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};

use super::fit::{self, Measured};
use super::table::{cell, closed, headed, row_lines};
use super::tabular::TableStyle;
use super::terminal::clean;

/// A row of a long report: its cells under the report's headers.
pub trait Row: Serialize {
    const HEADERS: &'static [&'static str];
    /// What the report says when it has no rows (in every format but JSON and CSV).
    const NOTHING: &'static str;
    fn cells(&self) -> Vec<String>;

    /// `cells`, of a row not needed after: its text may be moved into them, not copied.
    fn into_cells(self) -> Vec<String>
    where
        Self: Sized,
    {
        self.cells()
    }
}

/// What a pass over a report's rows says after each row: go on, stop early (the pass has
/// found what it needed), or the error that ends it.
pub type Next = std::io::Result<ControlFlow<()>>;

const GO_ON: Next = Ok(ControlFlow::Continue(()));

/// A long report's rows, made again for each pass over them.
pub trait Rows {
    type Item: Row;
    type Error: From<std::io::Error>;

    /// Hands every row to `row`, in order, until it says to stop; an error from `row`
    /// ends the pass with it.
    fn each(&self, row: &mut dyn FnMut(Self::Item) -> Next) -> Result<(), Self::Error>;
}

/// The rows as pretty JSON, a list, as `serde_json` prints the same rows held whole.
pub fn json<R: Rows>(rows: &R, out: &mut impl Write) -> Result<(), R::Error> {
    let mut serializer = serde_json::Serializer::pretty(&mut *out);
    let mut list = serializer
        .serialize_seq(None)
        .map_err(std::io::Error::from)?;
    rows.each(&mut |item| {
        list.serialize_element(&item)?;
        GO_ON
    })?;
    list.end().map_err(std::io::Error::from)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// The rows as CSV under their headers; nothing at all when there are none.
pub fn csv<R: Rows>(rows: &R, out: &mut impl Write) -> Result<(), R::Error> {
    let mut writer = ::csv::Writer::from_writer(&mut *out);
    let mut headed = false;
    rows.each(&mut |item| {
        if !headed {
            writer.write_record(<R::Item as Row>::HEADERS)?;
            headed = true;
        }
        writer.write_record(item.into_cells().iter().map(|c| super::csv::safe_cell(c)))?;
        GO_ON
    })?;
    writer.flush()?;
    Ok(())
}

/// The rows as a Markdown pipe table, or the report's line for none.
pub fn md<R: Rows>(rows: &R, out: &mut impl Write) -> Result<(), R::Error> {
    let mut headed = false;
    rows.each(&mut |item| {
        if !headed {
            let headers = <R::Item as Row>::HEADERS;
            let cells: Vec<String> = headers.iter().map(|h| super::md::cell(h)).collect();
            writeln!(out, "| {} |", cells.join(" | "))?;
            writeln!(out, "|{}|", vec!["---"; headers.len()].join("|"))?;
            headed = true;
        }
        let cells: Vec<String> = item
            .into_cells()
            .iter()
            .map(|c| super::md::cell(c))
            .collect();
        writeln!(out, "| {} |", cells.join(" | "))?;
        GO_ON
    })?;
    if !headed {
        writeln!(out, "{}", <R::Item as Row>::NOTHING)?;
    }
    Ok(())
}

/// The rows as a table for a terminal, fitted to its width, or the report's line for none.
pub fn table<R: Rows>(rows: &R, style: TableStyle, out: &mut impl Write) -> Result<(), R::Error> {
    table_keeping(rows, style, out, KEPT_TEXT)
}

/// `table`, keeping the rows of the first pass while their text is at most `keep` bytes.
fn table_keeping<R: Rows>(
    rows: &R,
    style: TableStyle,
    out: &mut impl Write,
    keep: usize,
) -> Result<(), R::Error> {
    let headers: Vec<Cow<'_, str>> = <R::Item as Row>::HEADERS.iter().map(|h| cell(h)).collect();
    let mut measured = Measured::default();
    measured.add(&headers);
    let mut any = false;
    let mut kept = Kept::Rows(Vec::new(), keep);
    rows.each(&mut |item| {
        let cells = cleaned(item.into_cells());
        measured.add(&cells);
        any = true;
        kept.keep(cells);
        GO_ON
    })?;
    if !any {
        writeln!(out, "{}", clean(<R::Item as Row>::NOTHING).trim_end())?;
        return Ok(());
    }
    let limits = measured.limits(style.width);
    let widths = if let Some(widths) = measured.unwrapped(&limits) {
        widths
    } else {
        // A column is never drawn wider than its limit or its widest line: once each is
        // as wide as that, the rest of the rows cannot widen it, and the pass stops.
        let widest = measured.widest(&limits);
        let mut widths = Vec::new();
        fit::drawn(&mut widths, &headers, &limits);
        kept.each(rows, &mut |cells| {
            fit::drawn(&mut widths, cells, &limits);
            Ok(if widths == widest {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            })
        })?;
        widths
    };
    let mut lines = String::new();
    headed(&mut lines, &widths, &fitted(&headers, &limits));
    out.write_all(lines.as_bytes())?;
    kept.each(rows, &mut |cells| {
        lines.clear();
        row_lines(&mut lines, &widths, &fitted(cells, &limits));
        out.write_all(lines.as_bytes())?;
        GO_ON
    })?;
    lines.clear();
    closed(&mut lines, &widths, true);
    out.write_all(lines.as_bytes())?;
    Ok(())
}

/// The most text a table keeps of its rows from the first pass (a short report is worked
/// out once); a longer one is worked out again for each pass.
const KEPT_TEXT: usize = 1 << 18;

/// A table's rows from its first pass, while they are short: their cells, and how much
/// more text may be kept.
enum Kept {
    Rows(Vec<Vec<String>>, usize),
    TooLong,
}

impl Kept {
    fn keep(&mut self, cells: Vec<String>) {
        if let Kept::Rows(rows, room) = self {
            match room.checked_sub(cells.iter().map(String::len).sum()) {
                Some(left) => {
                    *room = left;
                    rows.push(cells);
                }
                None => *self = Kept::TooLong,
            }
        }
    }

    /// Hands `row` every row's cells again, as a terminal may show them, until it says to
    /// stop: those kept, or the rows worked out anew.
    fn each<R: Rows>(
        &self,
        rows: &R,
        row: &mut dyn FnMut(&[String]) -> Next,
    ) -> Result<(), R::Error> {
        match self {
            Kept::Rows(kept, _) => {
                for cells in kept {
                    if row(cells)?.is_break() {
                        break;
                    }
                }
                Ok(())
            }
            Kept::TooLong => rows.each(&mut |item| row(&cleaned(item.into_cells()))),
        }
    }
}

/// Cells as they are drawn in columns at most `limits` wide.
fn fitted<'a, S: AsRef<str>>(row: &'a [S], limits: &[usize]) -> Vec<Cow<'a, str>> {
    row.iter()
        .zip(limits)
        .map(|(c, &limit)| fit::fitted(c.as_ref(), limit))
        .collect()
}

/// Cells as a terminal may show them (a cell that needs nothing is kept as it is).
fn cleaned(cells: Vec<String>) -> Vec<String> {
    cells
        .into_iter()
        .map(|c| match cell(&c) {
            Cow::Borrowed(_) => c,
            Cow::Owned(shown) => shown,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use proptest::prelude::*;
    use serde::Serialize;

    use super::*;
    use crate::render::tabular::{Table, Tabular};
    use crate::render::{csv as csv_text, md as md_text, table as table_text};

    #[derive(Clone, Debug, Serialize)]
    struct Line {
        game: u32,
        text: String,
    }

    impl Row for Line {
        const HEADERS: &'static [&'static str] = &["Game", "What happened"];
        const NOTHING: &'static str = "Nothing.";

        fn cells(&self) -> Vec<String> {
            vec![self.game.to_string(), self.text.clone()]
        }
    }

    /// The rows held whole, as every other report is printed.
    #[derive(Serialize)]
    #[serde(transparent)]
    struct Held(Vec<Line>);

    impl Tabular for Held {
        fn lines(&self) -> Vec<String> {
            if self.0.is_empty() {
                vec![Line::NOTHING.to_string()]
            } else {
                Vec::new()
            }
        }

        fn tables(&self) -> Vec<Table> {
            if self.0.is_empty() {
                return Vec::new();
            }
            let mut table = Table::new(Line::HEADERS);
            for line in &self.0 {
                table.row(line.cells());
            }
            vec![table]
        }
    }

    /// The rows made again for each pass, counting the passes.
    struct Again<'a>(&'a [Line], Cell<usize>);

    impl Rows for Again<'_> {
        type Item = Line;
        type Error = std::io::Error;

        fn each(&self, row: &mut dyn FnMut(Line) -> Next) -> Result<(), std::io::Error> {
            self.1.set(self.1.get() + 1);
            for line in self.0 {
                if row(line.clone())?.is_break() {
                    break;
                }
            }
            Ok(())
        }
    }

    fn written(write: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) -> String {
        let mut out = Vec::new();
        write(&mut out).expect("written to memory");
        String::from_utf8(out).expect("UTF-8")
    }

    fn line() -> impl Strategy<Value = Line> {
        (0u32..200, "[a-z ,Ж漢-]{0,40}").prop_map(|(game, text)| Line { game, text })
    }

    proptest! {
        #[test]
        fn rows_as_they_come_print_as_the_rows_held_whole(
            lines in proptest::collection::vec(line(), 0..25),
            width in 20usize..100,
            keep in prop_oneof![Just(0usize), Just(KEPT_TEXT)],
        ) {
            let held = Held(lines.clone());
            let style = TableStyle { width, bold_titles: false };
            let rows = Again(&lines, Cell::new(0));
            prop_assert_eq!(
                written(|out| table_keeping(&rows, style, out, keep)),
                table_text::text(&held, style)
            );
            // A short table is worked out once; one too long to keep, once for each pass.
            if keep > 0 || lines.is_empty() {
                prop_assert_eq!(rows.1.get(), 1);
            } else {
                prop_assert!((2..=3).contains(&rows.1.get()));
            }
            let mut json = serde_json::to_string_pretty(&held).expect("JSON");
            json.push('\n');
            prop_assert_eq!(written(|out| super::json(&rows, out)), json);
            prop_assert_eq!(written(|out| super::csv(&rows, out)), csv_text::tables(&held).expect("CSV"));
            prop_assert_eq!(written(|out| super::md(&rows, out)), md_text::tables(&held));
        }
    }
}
