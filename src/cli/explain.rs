//! The domain's refusals and the store's errors in the words of the command line: the way
//! out, naming the flag or the command that takes it. The domain says which rule is broken;
//! this says what to type instead, and only where something was typed.

use crate::domain::vocabulary::words::one_of;
use crate::domain::{Added, HeldOnKind, Refusal, RewardGiven, RewardKind, WayOut};
use crate::store::StoreError;

/// Where the refused entry came from, which decides how the way out is put.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// A command's flags and arguments (`game log --player …`, `pool set … --reason`).
    Flags,
    /// The people named with `setup --players`.
    Players,
    /// A question of the guided prompt (asked again; no flag to name).
    Prompt,
}

/// The flag of a winner's reward.
pub(super) fn reward_flag(kind: RewardKind) -> &'static str {
    match kind {
        RewardKind::NameContinent => "--name-continent",
        RewardKind::MajorCity => "--major-city",
        RewardKind::HealScar => "--heal-scar",
        RewardKind::ContinentBonus => "--continent-bonus",
        RewardKind::Fortify => "--fortify",
        RewardKind::DestroyCard => "--destroy-card",
    }
}

/// The flag of a held-on reward.
pub(super) fn held_on_flag(kind: HeldOnKind) -> &'static str {
    match kind {
        HeldOnKind::MinorCity => "--minor-city",
        HeldOnKind::AddResource => "--upgrade",
    }
}

/// A refusal as a message and its hints.
pub(super) fn refusal(refusal: &Refusal, asked: Asked) -> (String, Vec<String>) {
    let said = refusal.to_string();
    match asked {
        Asked::Prompt => (said, Vec::new()),
        Asked::Players => match refusal {
            Refusal::PlayerCount { count } => (
                format!("A game has 3 to 5 players (rules §4); --players names {count}."),
                vec!["Name the people who will play, separated by commas.".to_string()],
            ),
            _ => (said, Vec::new()),
        },
        Asked::Flags => flags(refusal).unwrap_or((said, Vec::new())),
    }
}

/// The refusals whose way out is a flag, in flag words.
fn flags(refusal: &Refusal) -> Option<(String, Vec<String>)> {
    let hint = |text: String| Some((refusal.to_string(), vec![text]));
    match refusal {
        Refusal::PlayerCount { .. } => hint(
            "Give one --player \"NAME=FACTION:RESULT\" per player, in seating order.".to_string(),
        ),
        Refusal::WinnerCount { .. } => {
            hint("Mark one player :won and the others :held-on, :eliminated or :knocked-out.".to_string())
        }
        Refusal::DateBeforeLastGame { .. } | Refusal::GameAfterToday { .. } => {
            hint("Check --date.".to_string())
        }
        Refusal::NoWear { territory } => hint(format!(
            "Give --wear \"{territory}=N\" with N from 1 to 10."
        )),
        Refusal::RewardsOver { given, .. } => {
            let flag = match given {
                RewardGiven::Winner(kind) => reward_flag(*kind),
                RewardGiven::HeldOn(kind) => held_on_flag(*kind),
            };
            hint(format!("Log the game without {flag}."))
        }
        Refusal::RewardMissing {
            winner,
            game,
            possible,
        } => {
            let possible: Vec<String> = possible
                .iter()
                .map(|k| format!("{} ({})", k.words(), reward_flag(*k)))
                .collect();
            Some((
                format!(
                    "{winner} won game {game} and chooses exactly one reward (rules §4.4); none was given. Possible now: {}.",
                    one_of(&possible)
                ),
                Vec::new(),
            ))
        }
        Refusal::PoolEmpty {
            kind,
            capacity,
            way_out,
        } => Some((
            format!(
                "The pool of {} is empty: {capacity} of {capacity} used (rules §3–§4: every mark comes from a fixed pool).",
                kind.describe()
            ),
            vec![way_out_in_flags(*way_out, &kind.key())],
        )),
        Refusal::MissingReason { what } => Some((
            format!(
                "Say why {what} changes: --reason \"...\" (it is kept in the campaign's history)."
            ),
            Vec::new(),
        )),
        Refusal::AlreadyAdded { what, .. } => hint(format!(
            "See `chronicle {} list`.",
            match what {
                Added::ScarType => "scar-type",
                Added::Faction => "faction",
            }
        )),
        Refusal::ScarCount { .. } => hint("Give --count N as in your packet.".to_string()),
        Refusal::HeldOnPoolsEmpty { .. } => Some((
            "Held-on players get nothing now (rules §4.5: every minor city and every coin sticker is used); leave out --minor-city and --upgrade.".to_string(),
            Vec::new(),
        )),
        Refusal::DeclinedAndChose { .. } => {
            hint("Give either --no-reward or the reward's flag.".to_string())
        }
        Refusal::NothingToDecline { .. } => hint("Leave out --no-reward.".to_string()),
        _ => setup_and_corrections(refusal),
    }
}

/// The refusals of the setup, the house rules and corrections, whose way out is a command.
fn setup_and_corrections(refusal: &Refusal) -> Option<(String, Vec<String>)> {
    let hint = |text: String| Some((refusal.to_string(), vec![text]));
    match refusal {
        Refusal::SetupIncomplete {
            powers_missing,
            coins_missing,
        } => {
            let mut steps = Vec::new();
            if !powers_missing.is_empty() {
                steps.push("`chronicle power FACTION a|b` for each (`chronicle power` lists them)".to_string());
            }
            if *coins_missing > 0 {
                steps.push(format!(
                    "`chronicle coins TERRITORY…` for the {coins_missing} coin{} left (at most 2 on a card)",
                    if *coins_missing == 1 { "" } else { "s" }
                ));
            }
            hint(format!("Set them first: {}.", steps.join("; ")))
        }
        Refusal::AdjacentHq { .. } => hint(
            "Check the HQs; if your group allows HQs side by side: `chronicle rule set adjacent-hq off --reason \"...\"`.".to_string(),
        ),
        Refusal::CapitalStart { .. } => hint(
            "If your group's World capital packet lets a player start there: `chronicle rule set world-capital-hq off --reason \"...\"`.".to_string(),
        ),
        Refusal::DraftSealed { .. } => hint(
            "Leave out --draft; the Minor cities packet is opened with `chronicle packets open \"Minor cities\"` (or --opened in the game that founded the 9th minor city).".to_string(),
        ),
        Refusal::TooManyCoinsOnCard { .. } => hint(
            "If your group allows more on a card: `chronicle rule set two-coins-a-card off --reason \"...\"`.".to_string(),
        ),
        Refusal::PersonExists { from, to } => hint(format!(
            "If they are one person, merge them: `chronicle person merge \"{from}\" \"{to}\"`."
        )),
        Refusal::SatTogether { .. } => {
            hint("To tell them apart, rename one: `chronicle person rename OLD NEW`.".to_string())
        }
        Refusal::NoGame { .. } => hint("See `chronicle game list`.".to_string()),
        Refusal::LaterBreaks { game, .. } => hint(match game {
            Some(game) => format!(
                "Correct game {game} first (`chronicle game edit {game}` shows it as flags), then this."
            ),
            _ => "Take that entry back or correct it first, then this.".to_string(),
        }),
        Refusal::WorldCapitalSealed => {
            hint("Record it with --opened \"World capital\" in the same game.".to_string())
        }
        _ => None,
    }
}

fn way_out_in_flags(way_out: WayOut, pool: &str) -> String {
    match way_out {
        WayOut::OtherHeldOnReward(kind) => format!(
            "{} ({}).",
            way_out.to_string().trim_end_matches('.'),
            held_on_flag(kind)
        ),
        WayOut::CorrectPool => format!("Correct the pool with `chronicle pool set {pool} N`."),
        WayOut::AnotherReward | WayOut::AnotherScarType | WayOut::OneWorldCapital => {
            way_out.to_string()
        }
    }
}

/// What to do about a store error, in command-line words.
pub(super) fn store_hints(error: &StoreError) -> Vec<String> {
    let hint = match error {
        StoreError::Missing { .. } => {
            "Start a campaign with `chronicle init`, or point --db (or CHRONICLE_DB) at your database."
        }
        StoreError::NoFolder { .. } => "Create it, or give another --db path.",
        StoreError::IsDirectory { .. } | StoreError::NotAFile { .. } => {
            "Give the path of a file with --db."
        }
        StoreError::Uri { .. } => {
            "Give the path itself (a file whose name starts with `file:` as ./file:NAME)."
        }
        StoreError::Empty { .. } => {
            "Start a campaign in it with `chronicle init`, or give the right --db path."
        }
        StoreError::NotChronicle { .. } => "Give the path of your chronicle database with --db.",
        StoreError::Older { .. } => {
            "Run `chronicle upgrade` to bring it up to date (or any command that writes); reading never changes a file."
        }
        StoreError::NotADatabase { .. } => "Give the right --db path, or restore a backup.",
        StoreError::NeedsRecovery { .. } => {
            "Run `chronicle upgrade` (or any command that writes) to finish the recovery; `chronicle check` does it too."
        }
        StoreError::CannotOpen { .. } => "Check the path and its permissions.",
        StoreError::Newer { .. } => "Use the newer chronicle, or a backup made before it.",
        StoreError::Busy => "Try again in a moment.",
        StoreError::Damaged { .. } | StoreError::BrokenLog(_) => "Restore a backup.",
        StoreError::UnknownCampaign { known, .. } if known.is_empty() => {
            "Start one with `chronicle init NAME`."
        }
        StoreError::Migration { .. }
        | StoreError::UnknownCampaign { .. }
        | StoreError::NotLatestGame { latest: None, .. } => return Vec::new(),
        StoreError::Sqlite(_) => {
            "If it persists, run `chronicle check` and keep a `chronicle backup`."
        }
        StoreError::NoCampaign => "Start one with `chronicle init [NAME]`.",
        StoreError::AmbiguousCampaign { .. } => "See `chronicle campaign list`.",
        StoreError::WhichCampaign { .. } => {
            "Choose one with --campaign NAME or `chronicle campaign use NAME`."
        }
        StoreError::CampaignExists { name } => {
            return vec![format!(
                "Choose another name, or use it with `chronicle campaign use \"{name}\"`."
            )];
        }
        StoreError::NotADemo { .. } => {
            "`chronicle demo` never replaces a real campaign: give the demo another database with --db."
        }
        StoreError::NotLatestGame { .. } => "Look again with `chronicle game list`.",
        StoreError::ImageNotItsHash { .. } => {
            "Whoever wrote that file did not write the photo it names: add the photo again from its device."
        }
        StoreError::UndoBlocked { .. } => {
            "Take that entry back first (`chronicle undo` takes back the latest entry of any kind), then the game."
        }
    };
    vec![hint.to_string()]
}
