//! Tables for a terminal: lines of text, then tables drawn by tabled in its sharp style and
//! fitted to the width.

use std::borrow::Cow;
use std::fmt::Write as _;

use tabled::builder::Builder;
use tabled::settings::peaker::Peaker;
use tabled::settings::style::HorizontalLine;
use tabled::settings::themes::Theme;
use tabled::settings::{Format, Style, Width};
use unicode_width::UnicodeWidthStr;

use super::tabular::{Table, TableStyle, Tabular, end_blocks, push_block};
use super::terminal::clean;

/// The report as text for a terminal: its lines, then its tables, drawn into one string.
/// The lines are prose, which a terminal wraps itself; the tables are fitted to the width.
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

/// A table's title where colour is on.
const BOLD: anstyle::Style = anstyle::Style::new().bold();

/// One table after its title, drawn with borders. A table wider than the width is wrapped
/// to it: its columns give way as `GiveWay` picks them, their text wrapped at spaces. A
/// table of three columns or more that could only fit by cutting words is drawn as records
/// instead (see `records`).
fn draw(out: &mut String, table: &Table, style: TableStyle) {
    match table.title.as_deref().map(clean) {
        Some(title) if style.bold_titles => {
            let _ = writeln!(out, "{BOLD}{title}{BOLD:#}");
        }
        Some(title) => {
            let _ = writeln!(out, "{title}");
        }
        None => {}
    }
    let mut builder = Builder::default();
    for row in std::iter::once(&table.headers).chain(&table.rows) {
        builder.push_record(row.iter().map(|c| cell(c)));
    }
    let mut drawn = builder.build();
    drawn.with(Style::sharp());
    if drawn.total_width() > style.width {
        let give_way = GiveWay::of(drawn.get_records());
        if table.headers.len() >= 3 && give_way.narrowest() > style.width {
            records(out, table, style.width);
            return;
        }
        fit(&mut drawn, give_way, style.width);
    }
    let _ = write!(out, "{drawn}");
}

/// Wraps a drawn table to the width, the columns giving way as `give_way` picks them.
fn fit(drawn: &mut tabled::Table, give_way: GiveWay, width: usize) {
    drawn
        .with(Width::wrap(width).keep_words(true).priority(give_way))
        .with(Format::content(tidy));
}

/// A table too wide for the width, as records: one block of two columns per row, each of
/// its cells after its header, a line between one row and the next.
fn records(out: &mut String, table: &Table, width: usize) {
    let mut builder = Builder::default();
    let mut ends = Vec::with_capacity(table.rows.len());
    for row in &table.rows {
        for (i, header) in table.headers.iter().enumerate() {
            let value = row.get(i).map_or("", String::as_str);
            builder.push_record([cell(header), cell(value)]);
        }
        ends.push(builder.count_records());
    }
    let mut drawn = builder.build();
    let mut theme = Theme::from_style(Style::sharp());
    theme.remove_horizontal_lines();
    for end in ends.iter().take(ends.len().saturating_sub(1)) {
        theme.insert_horizontal_line(*end, HorizontalLine::full('─', '┼', '├', '┤'));
    }
    drawn.with(theme);
    if drawn.total_width() > width {
        let give_way = GiveWay::of(drawn.get_records());
        fit(&mut drawn, give_way, width);
    }
    let _ = write!(out, "{drawn}");
}

/// A cell as a terminal may show it: no control character raw, a tab as a space.
fn cell(text: &str) -> Cow<'_, str> {
    match clean(text) {
        Cow::Borrowed(text) if !text.contains('\t') => Cow::Borrowed(text),
        cleaned => Cow::Owned(cleaned.replace('\t', " ")),
    }
}

/// A wrapped cell without what tabled's wrapping leaves where it breaks a line: the space
/// it broke at, kept at the end of the line or the start of the next, and a line of
/// nothing but that space (when the word after it is as wide as the column).
fn tidy(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(|line| line.trim_matches(' '))
        .filter(|line| !line.is_empty())
        .collect();
    lines.join("\n")
}

/// Once words are cut, no column is made narrower than this while another is wider.
const NARROW: usize = 8;

/// Which column gives way, one character at a time, when a table is too wide:
/// - the widest column still wider than its longest word, so that names and dates
///   ("2012-03-18") stay whole while any column can give way without cutting a word;
/// - then, cutting words, the column of the longest text still wider than `NARROW`
///   (prose before a date);
/// - then the widest column still wider than one character: no column loses its text,
///   however narrow the width.
///
/// The leftmost of equal columns gives way first.
struct GiveWay {
    /// Each column's longest word as tabled's wrapping sees words: the text between two
    /// spaces, a line break in it counted as one character.
    words: Vec<usize>,
    /// Each column's widest line.
    texts: Vec<usize>,
}

impl GiveWay {
    fn of(rows: &[Vec<impl AsRef<str>>]) -> GiveWay {
        let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
        let (mut words, mut texts) = (vec![0; columns], vec![0; columns]);
        for row in rows {
            for (i, cell) in row.iter().enumerate() {
                let cell = cell.as_ref();
                let word = cell.split(' ').map(str::width).max().unwrap_or(0);
                let text = cell.lines().map(str::width).max().unwrap_or(0);
                words[i] = words[i].max(word);
                texts[i] = texts[i].max(text);
            }
        }
        GiveWay { words, texts }
    }
}

impl GiveWay {
    /// The narrowest the table can be drawn while each column keeps its longest word whole:
    /// the text, its padding (2) and the borders.
    fn narrowest(&self) -> usize {
        let texts: usize = self
            .words
            .iter()
            .zip(&self.texts)
            .map(|(word, text)| (*word).min(*text) + 2)
            .sum();
        texts + self.words.len() + 1
    }
}

impl Peaker for GiveWay {
    /// `padding` is each column's width with no text, `widths` each column's width now.
    fn peak(&mut self, padding: &[usize], widths: &[usize]) -> Option<usize> {
        let text = |i: usize| widths[i].saturating_sub(padding[i]);
        // The leftmost column of the greatest `key` among those whose text is wider than
        // `floor`.
        let first = |floor: &dyn Fn(usize) -> usize, key: &dyn Fn(usize) -> usize| {
            (0..widths.len())
                .rev()
                .filter(|&i| text(i) > floor(i))
                .max_by_key(|&i| key(i))
        };
        first(&|i| self.words[i], &text)
            .or_else(|| first(&|_| NARROW, &|i| self.texts[i]))
            .or_else(|| first(&|_| 1, &text))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde::Serialize;

    use super::*;

    fn table(headers: &[&str], rows: &[&[&str]]) -> Table {
        let mut table = Table::new(headers);
        for row in rows {
            table.row(row.iter().map(ToString::to_string).collect());
        }
        table
    }

    fn drawn(table: &Table, width: usize) -> String {
        let mut out = String::new();
        let style = TableStyle {
            width,
            bold_titles: false,
        };
        draw(&mut out, table, style);
        out
    }

    /// The display width of the widest line.
    fn widest(text: &str) -> usize {
        text.lines().map(str::width).max().unwrap_or(0)
    }

    fn games() -> Table {
        table(
            &["Game", "Date", "Winner", "Reward"],
            &[
                &[
                    "1",
                    "2012-03-18",
                    "Ann (Enclave of the Bear)",
                    "founded the major city Kyro in Egypt",
                ],
                &[
                    "2",
                    "2012-03-25",
                    "Bo (Khan Industries)",
                    "named South America \"Amazonia\"",
                ],
            ],
        )
    }

    #[test]
    fn a_table_that_fits_is_drawn_whole_in_the_sharp_style() {
        assert_eq!(
            drawn(&games(), 88),
            "\
┌──────┬────────────┬───────────────────────────┬──────────────────────────────────────┐
│ Game │ Date       │ Winner                    │ Reward                               │
├──────┼────────────┼───────────────────────────┼──────────────────────────────────────┤
│ 1    │ 2012-03-18 │ Ann (Enclave of the Bear) │ founded the major city Kyro in Egypt │
│ 2    │ 2012-03-25 │ Bo (Khan Industries)      │ named South America \"Amazonia\"       │
└──────┴────────────┴───────────────────────────┴──────────────────────────────────────┘"
        );
    }

    #[test]
    fn a_wide_table_is_wrapped_to_the_width() {
        assert_eq!(widest(&drawn(&games(), 88)), 88);
        for width in 17..88 {
            let text = drawn(&games(), width);
            assert!(widest(&text) <= width, "{width} columns:\n{text}");
        }
        assert_eq!(
            drawn(&games(), 60),
            "\
┌──────┬────────────┬─────────────────┬───────────────────┐
│ Game │ Date       │ Winner          │ Reward            │
├──────┼────────────┼─────────────────┼───────────────────┤
│ 1    │ 2012-03-18 │ Ann (Enclave of │ founded the major │
│      │            │ the Bear)       │ city Kyro in      │
│      │            │                 │ Egypt             │
│ 2    │ 2012-03-25 │ Bo (Khan        │ named South       │
│      │            │ Industries)     │ America           │
│      │            │                 │ \"Amazonia\"        │
└──────┴────────────┴─────────────────┴───────────────────┘"
        );
    }

    #[test]
    fn words_are_kept_whole_while_the_width_allows() {
        // The longest words: the date (10), "Industries)" (11) and "\"Amazonia\"" (10),
        // in a frame of 13: every word fits whole from 48 columns.
        let games = games();
        let words: Vec<&str> = games
            .rows
            .iter()
            .flatten()
            .flat_map(|cell| cell.split(' '))
            .collect();
        for width in 48..88 {
            let text = drawn(&games, width);
            for word in &words {
                assert!(text.contains(word), "{width} columns, {word} cut:\n{text}");
            }
        }
        assert_eq!(
            drawn(&games, 48),
            "\
┌──────┬────────────┬─────────────┬────────────┐
│ Game │ Date       │ Winner      │ Reward     │
├──────┼────────────┼─────────────┼────────────┤
│ 1    │ 2012-03-18 │ Ann         │ founded    │
│      │            │ (Enclave of │ the major  │
│      │            │ the Bear)   │ city Kyro  │
│      │            │             │ in Egypt   │
│ 2    │ 2012-03-25 │ Bo (Khan    │ named      │
│      │            │ Industries) │ South      │
│      │            │             │ America    │
│      │            │             │ \"Amazonia\" │
└──────┴────────────┴─────────────┴────────────┘"
        );
    }

    #[test]
    fn text_is_measured_by_its_display_width() {
        // Cyrillic letters are one column wide, CJK ideographs two.
        let names = table(
            &["Имя", "漢字"],
            &[
                &["Дмитрий Иванович", "漢字漢字 漢字漢字漢字"],
                &["Ann", "東京"],
            ],
        );
        assert_eq!(
            drawn(&names, 44),
            "\
┌──────────────────┬───────────────────────┐
│ Имя              │ 漢字                  │
├──────────────────┼───────────────────────┤
│ Дмитрий Иванович │ 漢字漢字 漢字漢字漢字 │
│ Ann              │ 東京                  │
└──────────────────┴───────────────────────┘"
        );
        assert_eq!(
            drawn(&names, 30),
            "\
┌──────────┬──────────────┐
│ Имя      │ 漢字         │
├──────────┼──────────────┤
│ Дмитрий  │ 漢字漢字     │
│ Иванович │ 漢字漢字漢字 │
│ Ann      │ 東京         │
└──────────┴──────────────┘"
        );
        for width in 9..44 {
            let text = drawn(&names, width);
            assert!(widest(&text) <= width, "{width} columns:\n{text}");
        }
    }

    #[test]
    fn a_table_of_headers_only_ends_under_them() {
        assert_eq!(
            drawn(&table(&["Game", "Date"], &[]), 80),
            "\
┌──────┬──────┐
│ Game │ Date │
├──────┼──────┤"
        );
        assert_eq!(drawn(&table(&[], &[]), 80), "");
    }

    #[test]
    fn multi_line_cells_keep_their_lines() {
        let notes = table(
            &["Who", "Note"],
            &[&["Ann", "first line\nsecond line here"], &["Bo", "one"]],
        );
        assert_eq!(
            drawn(&notes, 80),
            "\
┌─────┬──────────────────┐
│ Who │ Note             │
├─────┼──────────────────┤
│ Ann │ first line       │
│     │ second line here │
│ Bo  │ one              │
└─────┴──────────────────┘"
        );
        assert_eq!(
            drawn(&notes, 20),
            "\
┌─────┬────────────┐
│ Who │ Note       │
├─────┼────────────┤
│ Ann │ first line │
│     │ second     │
│     │ line here  │
│ Bo  │ one        │
└─────┴────────────┘"
        );
    }

    #[test]
    fn rows_short_of_cells_are_drawn_blank_where_they_end() {
        assert_eq!(
            drawn(
                &table(&["Game", "Date", "Winner"], &[&["1"], &["2", "2012-03-25"]]),
                80
            ),
            "\
┌──────┬────────────┬────────┐
│ Game │ Date       │ Winner │
├──────┼────────────┼────────┤
│ 1    │            │        │
│ 2    │ 2012-03-25 │        │
└──────┴────────────┴────────┘"
        );
    }

    #[test]
    fn a_table_too_wide_to_keep_its_words_is_drawn_as_records() {
        // Keeping each column's longest word whole, the games are 48 wide: narrower, each
        // game is a record of its own.
        assert!(drawn(&games(), 48).starts_with("┌──────┬──"));
        assert!(drawn(&games(), 47).starts_with("┌────────┬──"));
        assert_eq!(
            drawn(&games(), 40),
            "\
┌────────┬─────────────────────────────┐
│ Game   │ 1                           │
│ Date   │ 2012-03-18                  │
│ Winner │ Ann (Enclave of the Bear)   │
│ Reward │ founded the major city Kyro │
│        │ in Egypt                    │
├────────┼─────────────────────────────┤
│ Game   │ 2                           │
│ Date   │ 2012-03-25                  │
│ Winner │ Bo (Khan Industries)        │
│ Reward │ named South America         │
│        │ \"Amazonia\"                  │
└────────┴─────────────────────────────┘"
        );
        // However narrow the width, every header and cell is there.
        for width in 0..48 {
            let text = drawn(&games(), width);
            assert!(widest(&text) <= width.max(9), "{width} columns:\n{text}");
            let rows = text.lines().filter(|line| line.starts_with('│'));
            assert!(
                rows.clone().all(|line| line.matches('│').count() == 3),
                "{text}"
            );
            let headers = rows.filter(|line| line.starts_with("│ G")).count();
            assert!(headers >= 2, "{width} columns:\n{text}");
        }
    }

    #[derive(Serialize)]
    struct Report;

    impl Tabular for Report {
        fn lines(&self) -> Vec<String> {
            vec![
                "Earth, after \u{1b}[2J 2 games.".into(),
                "Second line.".into(),
            ]
        }

        fn tables(&self) -> Vec<Table> {
            vec![
                table(&["Player", "Won"], &[&["Ann\tB.", "1"]]).titled("Players"),
                table(&["Faction"], &[&["Bear"]]),
            ]
        }
    }

    #[test]
    fn a_report_is_its_lines_then_each_table_after_its_title() {
        let plain = TableStyle {
            width: 80,
            bold_titles: false,
        };
        assert_eq!(
            text(&Report, plain),
            "\
Earth, after \\u{1b}[2J 2 games.
Second line.

Players
┌────────┬─────┐
│ Player │ Won │
├────────┼─────┤
│ Ann B. │ 1   │
└────────┴─────┘

┌─────────┐
│ Faction │
├─────────┤
│ Bear    │
└─────────┘
"
        );
        let bold = TableStyle {
            bold_titles: true,
            ..plain
        };
        assert!(text(&Report, bold).contains(&format!("\n\n{BOLD}Players{BOLD:#}\n┌")));
        assert_eq!(
            format!("{BOLD}Players{BOLD:#}"),
            "\u{1b}[1mPlayers\u{1b}[0m"
        );
    }

    fn cell_text() -> impl Strategy<Value = String> {
        proptest::string::string_regex("[a-z Ж漢\n]{0,12}").expect("a regex")
    }

    proptest! {
        #[test]
        fn tables_are_never_wider_than_a_width_they_can_fit(
            columns in 1usize..5,
            cells in proptest::collection::vec(cell_text(), 0..30),
            extra in 0usize..60,
        ) {
            let headers: Vec<String> = (0..columns).map(|i| format!("h{i}")).collect();
            let mut table = Table::new(&headers.iter().map(String::as_str).collect::<Vec<_>>());
            for chunk in cells.chunks(columns) {
                table.row(chunk.to_vec());
            }
            // A column of one character is 4 wide with its padding and border.
            let width = 4 * columns + 1 + extra;
            let text = drawn(&table, width);
            prop_assert!(widest(&text) <= width, "{} columns:\n{}", width, text);
        }
    }
}
