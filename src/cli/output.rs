//! Printing: every command that prints data builds a report, and this writes it to stdout
//! as a table, JSON, CSV or Markdown. Messages for the person go to stderr.

use std::io::Write;

use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::format::Format;
use crate::render::{Tabular, csv, md, table};

pub(super) use super::talk::say;

/// JSON as chronicle prints it: pretty, with a final newline.
pub(super) fn json(value: &impl Serialize) -> Result<String, CliError> {
    let mut text = serde_json::to_string_pretty(value)
        .map_err(|e| CliError::bug(format!("The output could not be written as JSON: {e}.")))?;
    text.push('\n');
    Ok(text)
}

/// A report in the format asked for.
pub(super) fn render(report: &impl Tabular, context: &Context) -> Result<String, CliError> {
    match context.format {
        Format::Json => json(report),
        Format::Table => Ok(table::text(report, context.terminal.table_style())),
        Format::Csv => Ok(csv::tables(report)?),
        Format::Md => Ok(md::tables(report)),
        Format::Svg | Format::Html => Err(CliError::usage(
            "svg and html are formats of `chronicle export`; this command prints table, json, csv or md.",
        )),
    }
}

/// Writes a report to stdout.
pub(super) fn print(report: &impl Tabular, context: &Context) -> Result<(), CliError> {
    out(&render(report, context)?)
}

/// Writes text to stdout; a closed pipe ends the command quietly.
pub(super) fn out(text: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}
