//! `export --format csv -o DIR`: the campaign as five tables for a spreadsheet, or one of
//! them on stdout with `--table NAME`.

use std::path::Path;

use super::{Campaign, atomic};
use crate::cli::error::CliError;
use crate::cli::output::{out, say};

/// The tables, by file name (without `.csv`).
pub const TABLES: [&str; 5] = ["territories", "continents", "games", "players", "history"];

fn opt<T: ToString>(value: Option<T>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

fn rows(campaign: &Campaign, table: &str) -> (Vec<&'static str>, Vec<Vec<String>>) {
    match table {
        "territories" => (
            vec![
                "territory",
                "continent",
                "city",
                "city_kind",
                "population",
                "founder",
                "founded_in",
                "scar",
                "scarred_in",
                "fortification_boxes_left",
                "fortified_in",
                "card_resources",
                "card_destroyed",
                "destroyed_in",
            ],
            campaign
                .board
                .territories
                .iter()
                .map(|t| {
                    let city = t.city.as_ref();
                    vec![
                        t.name.to_string(),
                        t.continent.to_string(),
                        opt(city.map(|c| c.name.clone())),
                        opt(city.map(|c| c.kind)),
                        opt(city.map(|c| c.population)),
                        opt(city.and_then(|c| c.founder.clone())),
                        opt(city.map(|c| c.game)),
                        opt(t.scar.as_ref().map(|s| s.kind.clone())),
                        opt(t.scar.as_ref().map(|s| s.game)),
                        opt(t.fortification.as_ref().map(|f| f.boxes_left)),
                        opt(t.fortification.as_ref().map(|f| f.game)),
                        t.card.resources.to_string(),
                        t.card.destroyed.to_string(),
                        opt(t.card.destroyed_in),
                    ]
                })
                .collect(),
        ),
        "continents" => (
            vec![
                "continent",
                "given_name",
                "named_by",
                "named_in",
                "printed_bonus",
                "bonus_change",
                "bonus",
            ],
            campaign
                .board
                .continents
                .iter()
                .map(|c| {
                    vec![
                        c.name.to_string(),
                        opt(c.given_name.clone()),
                        opt(c.named_by.clone()),
                        opt(c.named_in),
                        c.printed_bonus.to_string(),
                        opt(c.bonus_change.map(|b| format!("{b:+}"))),
                        c.bonus.to_string(),
                    ]
                })
                .collect(),
        ),
        "games" => (
            vec![
                "game",
                "date",
                "winner",
                "winner_faction",
                "reward",
                "players",
                "eliminated",
                "note",
            ],
            campaign
                .games
                .iter()
                .map(|g| {
                    let winner = g.players.iter().find(|p| p.result == "won");
                    let out: Vec<&str> = g
                        .players
                        .iter()
                        .filter(|p| p.result == "eliminated")
                        .map(|p| p.person.as_str())
                        .collect();
                    vec![
                        g.game.to_string(),
                        g.date.clone(),
                        opt(winner.map(|w| w.person.clone())),
                        opt(winner.map(|w| w.faction.clone())),
                        opt(g.reward.clone()),
                        g.players.len().to_string(),
                        out.join("; "),
                        opt(g.note.clone()),
                    ]
                })
                .collect(),
        ),
        "players" => (
            vec!["game", "date", "seat", "person", "faction", "result", "hq"],
            campaign
                .games
                .iter()
                .flat_map(|g| {
                    g.players.iter().map(|p| {
                        vec![
                            g.game.to_string(),
                            g.date.clone(),
                            p.seat.to_string(),
                            p.person.clone(),
                            p.faction.clone(),
                            p.result.to_string(),
                            opt(p.hq),
                        ]
                    })
                })
                .collect(),
        ),
        _ => (
            vec![
                "game",
                "date",
                "person",
                "faction",
                "kind",
                "territory",
                "continent",
                "text",
            ],
            campaign
                .history
                .0
                .iter()
                .map(|e| {
                    vec![
                        opt(e.game),
                        e.date.clone(),
                        opt(e.person.clone()),
                        opt(e.faction.clone()),
                        e.kind.clone(),
                        opt(e.territory.clone()),
                        opt(e.continent.clone()),
                        e.text.clone(),
                    ]
                })
                .collect(),
        ),
    }
}

/// One table as CSV text.
pub fn table(campaign: &Campaign, name: &str) -> Result<String, CliError> {
    let (headers, rows) = rows(campaign, name);
    let mut writer = csv::Writer::from_writer(Vec::new());
    let fail = |e: csv::Error| CliError::File(e.to_string());
    writer.write_record(&headers).map_err(fail)?;
    for row in rows {
        writer.write_record(&row).map_err(fail)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| CliError::File(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| CliError::File(e.to_string()))
}

pub fn export(
    campaign: &Campaign,
    folder: Option<&Path>,
    only: Option<&str>,
) -> Result<(), CliError> {
    if let Some(name) = only {
        let name = name.trim().trim_end_matches(".csv").to_lowercase();
        if !TABLES.contains(&name.as_str()) {
            return Err(CliError::Usage(format!(
                "There is no table \"{name}\"; the tables are {}.",
                TABLES.join(", ")
            )));
        }
        return out(&table(campaign, &name)?);
    }
    let Some(folder) = folder else {
        return Err(CliError::Usage(
            "A CSV export is a folder of tables: give -o DIR, or --table NAME for one table on stdout.".to_string(),
        ));
    };
    std::fs::create_dir_all(folder).map_err(|e| {
        CliError::File(format!(
            "The folder {} cannot be made: {e}.",
            folder.display()
        ))
    })?;
    for name in TABLES {
        atomic::write(
            &folder.join(format!("{name}.csv")),
            table(campaign, name)?.as_bytes(),
        )?;
    }
    say(&format!(
        "Wrote {} tables in {}.",
        TABLES.len(),
        folder.display()
    ));
    Ok(())
}
