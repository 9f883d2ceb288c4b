//! A game as a file (`game log --from FILE`): the night's sheet, kept, fixed and run again.
//! The fields are the `game log` flags by the same names, with the same values, in TOML or
//! JSON; a player may also be a table of `name`, `faction`, `result` and `hq`. See
//! `exports/game-sheet.toml` and `exports/game-sheet.json`.

use std::path::Path;

use serde::Deserialize;

use super::args::LogArgs;
use crate::cli::error::CliError;
use crate::files::{self, FileError, Limit, Symlinks};

/// The largest game sheet read: a game takes a few hundred bytes.
const SHEET_LIMIT: Limit = Limit::mib(1);

/// The fields of a sheet: the flags of `game log`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
struct Sheet {
    date: Option<String>,
    player: Vec<Player>,
    name_continent: Option<String>,
    major_city: Option<String>,
    heal_scar: Option<String>,
    continent_bonus: Option<String>,
    fortify: Option<String>,
    destroy_card: Option<String>,
    no_reward: bool,
    minor_city: Vec<String>,
    upgrade: Vec<String>,
    scar: Vec<String>,
    wear: Vec<String>,
    opened: Vec<String>,
    world_capital: Option<String>,
    event_fortify: Vec<String>,
    event_destroy_card: Vec<String>,
    mark: Vec<String>,
    fallout: Vec<String>,
    destroy_city: Vec<String>,
    event: Vec<String>,
    mission: Vec<String>,
    mission_done: Vec<String>,
    draft: Vec<String>,
    new_player: Vec<String>,
    note: Option<String>,
    /// Where the guided prompt was, in a sheet it kept (`game log` resumes from it): not
    /// a part of the game.
    #[allow(dead_code)]
    prompt: Option<serde::de::IgnoredAny>,
}

/// A player: `"Ann=bear:won@Alaska"` as the flag takes it, or its parts.
#[derive(Debug, Deserialize)]
#[serde(
    untagged,
    expecting = "each player is \"NAME=FACTION:RESULT[@HQ]\" or a table of name, faction, result and hq"
)]
enum Player {
    Flag(String),
    Parts {
        name: String,
        faction: String,
        result: String,
        #[serde(default)]
        hq: Option<String>,
    },
}

impl Player {
    fn flag(self) -> String {
        match self {
            Player::Flag(flag) => flag,
            Player::Parts {
                name,
                faction,
                result,
                hq,
            } => match hq {
                Some(hq) => format!("{name}={faction}:{result}@{hq}"),
                None => format!("{name}={faction}:{result}"),
            },
        }
    }
}

/// Whether the command line gives any of the game itself (beyond `--dry-run`).
fn gives_a_game(args: &LogArgs) -> bool {
    let one = [
        &args.date,
        &args.name_continent,
        &args.major_city,
        &args.heal_scar,
        &args.continent_bonus,
        &args.fortify,
        &args.destroy_card,
        &args.world_capital,
        &args.note,
    ];
    let many = [
        &args.players,
        &args.minor_cities,
        &args.upgrades,
        &args.scars,
        &args.wear,
        &args.opened,
        &args.event_fortify,
        &args.event_destroy_card,
        &args.marks,
        &args.fallout,
        &args.destroy_city,
        &args.event_cards,
        &args.missions,
        &args.mission_done,
        &args.draft,
    ];
    args.no_reward || one.iter().any(|v| v.is_some()) || many.iter().any(|v| !v.is_empty())
}

/// The `game log` arguments with the game read from the sheet at `path`.
pub(super) fn read(path: &Path, mut args: LogArgs) -> Result<LogArgs, CliError> {
    if gives_a_game(&args) {
        return Err(CliError::usage(
            "--from gives the whole game: leave the other game flags out (--dry-run and --new-player may stay), or change the file.",
        ));
    }
    let shown = path.display();
    let text =
        files::read_text(path, Symlinks::Follow, SHEET_LIMIT, "a game sheet").map_err(|error| {
            match error {
                FileError::Io { source, .. } => {
                    CliError::input(format!("Cannot read the game sheet {shown}: {source}."))
                }
                other => CliError::input(other.to_string()),
            }
        })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let json = path
        .extension()
        .map_or(text.trim_start().starts_with('{'), |e| {
            e.eq_ignore_ascii_case("json")
        });
    let sheet: Sheet = if json {
        serde_json::from_str(text).map_err(|e| {
            CliError::input(format!(
                "The game sheet {shown} is not a game as JSON: {e}. See exports/game-sheet.json for the form."
            ))
        })?
    } else {
        toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|span| format!(" at line {}", text[..span.start].matches('\n').count() + 1))
                .unwrap_or_default();
            CliError::input(format!(
                "The game sheet {shown} is not a game as TOML{line}: {}. See exports/game-sheet.toml for the form.",
                e.message().trim_end()
            ))
        })?
    };
    args.date = sheet.date;
    args.players = sheet.player.into_iter().map(Player::flag).collect();
    args.name_continent = sheet.name_continent;
    args.major_city = sheet.major_city;
    args.heal_scar = sheet.heal_scar;
    args.continent_bonus = sheet.continent_bonus;
    args.fortify = sheet.fortify;
    args.destroy_card = sheet.destroy_card;
    args.no_reward = sheet.no_reward;
    args.minor_cities = sheet.minor_city;
    args.upgrades = sheet.upgrade;
    args.scars = sheet.scar;
    args.wear = sheet.wear;
    args.opened = sheet.opened;
    args.world_capital = sheet.world_capital;
    args.event_fortify = sheet.event_fortify;
    args.event_destroy_card = sheet.event_destroy_card;
    args.marks = sheet.mark;
    args.fallout = sheet.fallout;
    args.destroy_city = sheet.destroy_city;
    args.event_cards = sheet.event;
    args.missions = sheet.mission;
    args.mission_done = sheet.mission_done;
    args.draft = sheet.draft;
    args.new_players.extend(sheet.new_player);
    args.note = sheet.note;
    if args.players.is_empty() {
        return Err(CliError::input(format!(
            "The game sheet {shown} names no player: give one `player = \"NAME=FACTION:RESULT[@HQ]\"` entry each, in seating order."
        )));
    }
    Ok(args)
}
