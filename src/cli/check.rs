//! `chronicle check`: SQLite's integrity and foreign-key checks and a replay of every stored
//! log through the rules, reported in plain words.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::output::{Report, Table, print};
use crate::store::{Create, StoreError};

/// Check the database: SQLite's integrity and foreign keys, and every campaign's log
/// replayed through the rules (exit 0 when all is well, 3 when not)
#[derive(Debug, clap::Args)]
pub struct Args {}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CheckView {
    pub database: String,
    pub ok: bool,
    pub problems: Vec<String>,
    pub campaigns: Vec<CheckedCampaign>,
    /// Entries of every log read back.
    pub entries: usize,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CheckedCampaign {
    pub name: String,
    pub games: u32,
}

impl Report for CheckView {
    fn lines(&self) -> Vec<String> {
        let verdict = if self.ok {
            format!(
                "{}: no problem. SQLite's integrity and foreign-key checks pass, and {} entries of {} campaign{} replay through the rules.",
                self.database,
                self.entries,
                self.campaigns.len(),
                if self.campaigns.len() == 1 { "" } else { "s" }
            )
        } else {
            format!(
                "{}: {} problem(s) found.",
                self.database,
                self.problems.len()
            )
        };
        vec![verdict]
    }

    fn tables(&self) -> Vec<Table> {
        let mut tables = Vec::new();
        if !self.problems.is_empty() {
            let mut problems = Table::new(&["Problem"]);
            for p in &self.problems {
                problems.row(vec![p.clone()]);
            }
            tables.push(problems);
        }
        let mut campaigns = Table::new(&["Campaign", "Games"]);
        for c in &self.campaigns {
            campaigns.row(vec![c.name.clone(), c.games.to_string()]);
        }
        tables.push(campaigns);
        tables
    }
}

pub fn run(context: &Context, _args: Args) -> Result<(), CliError> {
    let store = context.open(Create::Never)?;
    let report = store.check()?;
    let view = CheckView {
        database: store.path().display().to_string(),
        ok: report.problems.is_empty(),
        problems: report.problems.clone(),
        campaigns: report
            .campaigns
            .iter()
            .map(|(name, games)| CheckedCampaign {
                name: name.clone(),
                games: *games,
            })
            .collect(),
        entries: report.entries,
    };
    print(&view, context.output())?;
    if view.ok {
        Ok(())
    } else {
        Err(StoreError::Damaged {
            detail: format!("{} problem(s), listed above", report.problems.len()),
        }
        .into())
    }
}
