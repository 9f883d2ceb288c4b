//! CSV: the one place cells are written for a spreadsheet.

use super::tabular::{Tabular, join_blocks};
use super::terminal::clean;

/// Headers and rows as CSV text.
pub fn table<S: AsRef<str>>(headers: &[S], rows: &[Vec<String>]) -> Result<String, std::io::Error> {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    writer
        .write_record(headers.iter().map(AsRef::as_ref))
        .map_err(std::io::Error::other)?;
    for row in rows {
        writer
            .write_record(row.iter().map(|c| clean(c).into_owned()))
            .map_err(std::io::Error::other)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    String::from_utf8(bytes).map_err(std::io::Error::other)
}

/// The report's tables as CSV, one block after another.
pub fn tables(report: &impl Tabular) -> Result<String, std::io::Error> {
    let blocks: Vec<String> = report
        .tables()
        .iter()
        .map(|t| table(&t.headers, &t.rows))
        .collect::<Result<_, _>>()?;
    Ok(join_blocks(&blocks))
}
