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
    let sheet = parse(text, json, &shown.to_string())?;
    fill(sheet, &mut args);
    if args.players.is_empty() {
        return Err(no_player(&shown.to_string()));
    }
    Ok(args)
}

/// The `game log` arguments of a sheet given as JSON text (`POST /api/games` of `serve`):
/// an error when the text is not a game sheet; a sheet that names no player gives none.
#[cfg(feature = "serve")]
pub(crate) fn of_json(text: &str) -> Result<LogArgs, CliError> {
    let sheet = parse(text, true, "sent")?;
    let mut args = LogArgs::default();
    fill(sheet, &mut args);
    Ok(args)
}

/// The error of a sheet that names no player.
pub(crate) fn no_player(shown: &str) -> CliError {
    CliError::input(format!(
        "The game sheet {shown} names no player: give one `player = \"NAME=FACTION:RESULT[@HQ]\"` entry each, in seating order."
    ))
}

/// A sheet's text, as JSON or TOML.
fn parse(text: &str, json: bool, shown: &str) -> Result<Sheet, CliError> {
    if json {
        return serde_json::from_str(text).map_err(|e| {
            CliError::input(format!(
                "The game sheet {shown} is not a game as JSON: {e}. See exports/game-sheet.json for the form."
            ))
        });
    }
    toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|span| format!(" at line {}", text[..span.start].matches('\n').count() + 1))
            .unwrap_or_default();
        CliError::input(format!(
            "The game sheet {shown} is not a game as TOML{line}: {}. See exports/game-sheet.toml for the form.",
            e.message().trim_end()
        ))
    })
}

/// The `game log` arguments with the game of the sheet (`--dry-run` and `--new-player`
/// given on the command line stay).
fn fill(sheet: Sheet, args: &mut LogArgs) {
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
}

/// Each value of the game the arguments give, with the sheet field (the flag) it is under.
#[cfg(feature = "serve")]
pub(crate) fn fields(args: &LogArgs) -> Vec<(&'static str, &str)> {
    let one = [
        ("date", &args.date),
        ("name-continent", &args.name_continent),
        ("major-city", &args.major_city),
        ("heal-scar", &args.heal_scar),
        ("continent-bonus", &args.continent_bonus),
        ("fortify", &args.fortify),
        ("destroy-card", &args.destroy_card),
        ("world-capital", &args.world_capital),
        ("note", &args.note),
    ];
    let many = [
        ("player", &args.players),
        ("minor-city", &args.minor_cities),
        ("upgrade", &args.upgrades),
        ("scar", &args.scars),
        ("wear", &args.wear),
        ("opened", &args.opened),
        ("event-fortify", &args.event_fortify),
        ("event-destroy-card", &args.event_destroy_card),
        ("mark", &args.marks),
        ("fallout", &args.fallout),
        ("destroy-city", &args.destroy_city),
        ("event", &args.event_cards),
        ("mission", &args.missions),
        ("mission-done", &args.mission_done),
        ("draft", &args.draft),
    ];
    let ones = one
        .into_iter()
        .filter_map(|(field, value)| value.as_deref().map(|v| (field, v)));
    let manys = many
        .into_iter()
        .flat_map(|(field, values)| values.iter().map(move |v| (field, v.as_str())));
    manys.chain(ones).collect()
}
