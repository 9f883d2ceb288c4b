//! CSV: the one place cells are written for a spreadsheet.

use super::tabular::Tabular;
use super::terminal::clean;

/// A cell a spreadsheet will not run: one that starts with `=`, `+`, `-`, `@`, a tab or a
/// carriage return gets a `'` in front (OWASP's rule against CSV injection), unless it is a
/// number as chronicle writes one in a column of numbers (`-1`, `+2`, `0.25`), so
/// "=HYPERLINK(…)", "-inf", "+NaN" and "-1e5" stay text while "-1" stays a number.
fn spreadsheet_safe(cell: &str) -> String {
    let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && !written_number(cell) {
        format!("'{cell}")
    } else {
        cell.to_string()
    }
}

/// Whether a cell is a number as the sheets write them: a sign, digits, and a decimal
/// part if any; never an exponent, an infinity or NaN, nor space around it.
fn written_number(cell: &str) -> bool {
    let digits = cell.strip_prefix(['+', '-']).unwrap_or(cell);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && all_digits(fraction)
}

/// A cell as a spreadsheet takes it: no control character raw, nothing it would run.
pub(crate) fn safe_cell(cell: &str) -> String {
    spreadsheet_safe(&clean(cell))
}

/// Headers and rows as CSV text.
pub fn table<S: AsRef<str>>(headers: &[S], rows: &[Vec<String>]) -> Result<String, std::io::Error> {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    writer
        .write_record(headers.iter().map(AsRef::as_ref))
        .map_err(std::io::Error::other)?;
    for row in rows {
        writer
            .write_record(row.iter().map(|c| safe_cell(c)))
            .map_err(std::io::Error::other)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    String::from_utf8(bytes).map_err(std::io::Error::other)
}

/// A table a report does not have, with the names it has.
#[derive(Debug)]
pub struct NoSuchSheet {
    pub given: String,
    pub names: Vec<String>,
}

/// One of the report's sheets as CSV (its headers even when it has no row): the one named,
/// or the main one.
pub fn sheet(
    report: &impl Tabular,
    name: Option<&str>,
) -> Result<Result<String, NoSuchSheet>, std::io::Error> {
    let sheets = report.sheets();
    let wanted = name.map(|n| super::tabular::sheet_name(n.trim().trim_end_matches(".csv")));
    let found = match &wanted {
        None => sheets.first(),
        Some(wanted) => sheets.iter().find(|s| s.name == *wanted),
    };
    match found {
        Some(sheet) => table(&sheet.table.headers, &sheet.table.rows).map(Ok),
        None => Ok(Err(NoSuchSheet {
            given: wanted.unwrap_or_default(),
            names: sheets.into_iter().map(|s| s.name).collect(),
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::spreadsheet_safe;

    #[test]
    fn cells_a_spreadsheet_would_run_become_text_and_numbers_stay() {
        for risky in [
            "=1+2",
            "+cmd",
            "-2+3",
            "@SUM(A1)",
            "=HYPERLINK(\"x\")",
            "\tx",
            "\t1",
            "\r1",
            "-inf",
            "+inf",
            "-Infinity",
            "+NaN",
            "-nan",
            "-1e5",
            "+1E5",
            "- 1",
            "-1 ",
            "-.5",
            "-1.",
            "--1",
        ] {
            assert_eq!(spreadsheet_safe(risky), format!("'{risky}"), "{risky:?}");
        }
        for plain in [
            "-1",
            "+1",
            "-0.25",
            "+12.5",
            "Kyro",
            "",
            "2026-01-10",
            "a=b",
            "inf",
            "1e5",
        ] {
            assert_eq!(spreadsheet_safe(plain), plain, "{plain:?}");
        }
    }
}
