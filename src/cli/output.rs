//! Printing: every command that prints data builds a report, and this writes it to stdout
//! as a table, JSON, CSV or Markdown. Messages for the person go to stderr.

use std::io::Write;

use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::format::Format;
use crate::ledger::Report;
use crate::render::{Tabular, csv, md, table};

pub(super) use super::talk::say;

/// JSON as chronicle prints it: pretty, with a final newline.
pub(super) fn json(value: &impl Serialize) -> Result<String, CliError> {
    let bug = |e: &dyn std::fmt::Display| {
        CliError::bug(format!("The output could not be written as JSON: {e}."))
    };
    let mut text = serde_json::to_string_pretty(value).map_err(|e| bug(&e))?;
    text.push('\n');
    Ok(text)
}

/// A report in the format asked for.
pub(super) fn render(report: &impl Tabular, context: &Context) -> Result<String, CliError> {
    match context.format {
        Format::Json => json(report),
        Format::Table => Ok(table::text(report, context.terminal.table_style())),
        Format::Csv => main_sheet(report),
        Format::Md => Ok(md::tables(report)),
        Format::Svg | Format::Html | Format::Bgstats => Err(not_printed()),
    }
}

/// The report's main sheet as CSV: one table, so that a spreadsheet or pandas reads the
/// stream whole.
fn main_sheet(report: &impl Tabular) -> Result<String, CliError> {
    match csv::sheet(report, None)? {
        Ok(text) => Ok(text),
        Err(_) => Err(CliError::bug("This report has no table to print as CSV.")),
    }
}

fn not_printed() -> CliError {
    CliError::usage(
        "svg, html and bgstats are formats of `chronicle export`; this command prints table, json, csv or md.",
    )
}

/// Writes a report to stdout.
pub(super) fn print(report: &impl Tabular, context: &Context) -> Result<(), CliError> {
    out(&render(report, context)?)
}

/// `--table NAME`: which of a report's tables a CSV stream holds.
#[derive(Debug, Clone, clap::Args)]
pub struct SheetArgs {
    /// With --format csv: the one table to print (the main one when left out; an unknown
    /// name lists them)
    #[arg(long, value_name = "NAME")]
    pub table: Option<String>,
}

/// Writes a report to stdout; as CSV, one of its tables only, so that a spreadsheet or
/// pandas reads the stream whole.
pub(super) fn print_sheet(
    report: &impl Tabular,
    context: &Context,
    sheet: &SheetArgs,
) -> Result<(), CliError> {
    if context.format != Format::Csv {
        if sheet.table.is_some() {
            return Err(CliError::usage(
                "--table picks one table of a CSV stream: it goes with --format csv.",
            ));
        }
        return print(report, context);
    }
    if sheet.table.is_none() {
        return out(&main_sheet(report)?);
    }
    match csv::sheet(report, sheet.table.as_deref())? {
        Ok(text) => out(&text),
        Err(unknown) => Err(CliError::usage(format!(
            "There is no table \"{}\" here; the tables are {}.",
            unknown.given,
            unknown.names.join(", ")
        ))),
    }
}

/// Writes text to stdout; a closed pipe ends the command quietly.
pub(super) fn out(text: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

/// Writes the ledger's report to stdout, as `print_sheet` writes each.
pub(super) fn print_report(
    report: &Report,
    context: &Context,
    sheet: &SheetArgs,
) -> Result<(), CliError> {
    match report {
        Report::Board(r) => print_sheet(r, context, sheet),
        Report::Marked(r) => print_sheet(r, context, sheet),
        Report::History(r) => print_sheet(r, context, sheet),
        Report::Corrections(r) => print_sheet(r, context, sheet),
        Report::Stats(r) => print_sheet(r, context, sheet),
        Report::Setup(r) => print_sheet(r, context, sheet),
        Report::Packets(r) => print_sheet(r, context, sheet),
        Report::Pools(r) => print_sheet(r, context, sheet),
        Report::Games(r) => print_sheet(r, context, sheet),
        Report::Game(r) => print_sheet(r, context, sheet),
        Report::Photos(r) => print_sheet(r, context, sheet),
        Report::World(r) => print_sheet(r, context, sheet),
        Report::Recap(r) => print_sheet(r, context, sheet),
    }
}

impl SheetArgs {
    /// A command's report printed whole (no `--table`: CSV gives its main table).
    pub(super) const MAIN: SheetArgs = SheetArgs { table: None };
}
