//! `game log` for `chronicle serve --allow-log`: a game sheet sent to `POST /api/games` read
//! by the parser of `game log --from`, turned into a game by the same flags code, refusals
//! put in the same flag words (a flag being a sheet field of the same name), and the
//! command line a game is logged with.

use chrono::NaiveDate;

use super::args::LogArgs;
use crate::cli::env::Clock;
use crate::cli::error::CliError;
use crate::cli::explain::Asked;
use crate::domain::{Campaign, Game, PoolKind, Refusal};
use crate::serve::{Logbook, Refused};
use crate::store::Stamp;

/// The command line's way of reading a game sheet and saying a refusal.
pub(crate) struct SheetLogbook {
    /// The clock at the start, for when `CHRONICLE_NOW` cannot be read again.
    pub clock: Clock,
}

/// The refusal's name: its variant (`PoolEmpty`).
fn name_of(refusal: &Refusal) -> String {
    format!("{refusal:?}")
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect()
}

/// The rule a message names (`§4.4`, `§3–§4`), if it names one.
fn rule_of(message: &str) -> Option<String> {
    let at = message.find('§')?;
    let rule: String = message[at..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || matches!(c, '§' | '.' | '–'))
        .collect();
    Some(rule.trim_end_matches(['.', '–']).to_string())
}

/// The sheet field a message concerns: the first flag it names (`--wear` is `wear`).
fn field_of(message: &str) -> Option<String> {
    let at = message.find("--")?;
    let field: String = message[at + 2..]
        .chars()
        .take_while(|c| c.is_ascii_lowercase() || *c == '-')
        .collect();
    (!field.is_empty()).then_some(field)
}

/// The sheet field a refusal that names no flag concerns, by the part of the game its
/// rule is about.
fn field_of_refusal(refusal: &Refusal) -> Option<&'static str> {
    Some(match refusal {
        Refusal::PlayerCount { .. }
        | Refusal::SamePersonTwice { .. }
        | Refusal::SameFactionTwice { .. }
        | Refusal::WinnerCount { .. }
        | Refusal::IllegalStart { .. }
        | Refusal::CapitalStart { .. }
        | Refusal::FactionNotYet { .. }
        | Refusal::AdjacentHq { .. }
        | Refusal::SameHq { .. }
        | Refusal::NotAPlayer { .. } => "player",
        Refusal::DateBeforeLastGame { .. } | Refusal::GameAfterToday { .. } => "date",
        Refusal::AlreadyScarred { .. } | Refusal::CardScarred { .. } => "scar",
        Refusal::WearPastBoxes { .. } | Refusal::NoWear { .. } => "wear",
        Refusal::PacketOpened { .. } | Refusal::PacketNotYet { .. } => "opened",
        Refusal::RewardMissing { .. }
        | Refusal::DeclinedAndChose { .. }
        | Refusal::NothingToDecline { .. } => "no-reward",
        Refusal::BadText { .. } => "note",
        Refusal::PoolEmpty { kind, .. } => match kind {
            PoolKind::ContinentName => "name-continent",
            PoolKind::MajorCity => "major-city",
            PoolKind::MinorCity => "minor-city",
            PoolKind::Fortification => "fortify",
            PoolKind::ScarCover => "heal-scar",
            PoolKind::BonusPlus | PoolKind::BonusMinus => "continent-bonus",
            PoolKind::CoinSticker => "upgrade",
            PoolKind::WorldCapital => "world-capital",
            PoolKind::Scar(_) => "scar",
        },
        _ => return None,
    })
}

/// The sheet field whose value holds `given` (a name the campaign does not know).
fn field_holding(args: &LogArgs, given: &str) -> Option<String> {
    super::sheet::fields(args)
        .into_iter()
        .find(|(_, value)| value.contains(given))
        .map(|(field, _)| field.to_string())
}

/// A command-line error in the API's terms; `args`, the sheet it came from, if read.
fn refused(error: &CliError, args: Option<&LogArgs>) -> Refused {
    let message = error.message();
    let named = match (error.refusal(), args) {
        (
            Some(Refusal::UnknownName { given, .. } | Refusal::AmbiguousName { given, .. }),
            Some(args),
        ) => field_holding(args, given),
        _ => None,
    };
    Refused {
        refusal: error.refusal().map_or_else(|| "input".to_string(), name_of),
        rule: rule_of(&message),
        field: named.or_else(|| field_of(&message)).or_else(|| {
            error
                .refusal()
                .and_then(field_of_refusal)
                .map(str::to_string)
        }),
        message,
    }
}

fn args_of(text: &str) -> Result<LogArgs, CliError> {
    super::sheet::of_json(text)
}

impl Logbook for SheetLogbook {
    fn sheet(&self, text: &str) -> Result<(), String> {
        args_of(text).map(|_| ()).map_err(|e| e.message())
    }

    fn game(&self, text: &str, campaign: &Campaign, today: NaiveDate) -> Result<Game, Refused> {
        let args = args_of(text).map_err(|e| refused(&e, None))?;
        if args.players.is_empty() {
            let mut said = refused(&super::sheet::no_player("sent"), None);
            said.field = Some("player".to_string());
            return Err(said);
        }
        super::flags::game(&args, campaign, today)
            .map_err(|e| refused(&e.asked(Asked::Flags), Some(&args)))
    }

    fn refused(&self, refusal: &Refusal) -> Refused {
        refused(&CliError::refused(refusal.clone(), Asked::Flags), None)
    }

    fn command_line(&self, game: &Game) -> String {
        super::as_flags::command_line("game log", game)
    }

    fn stamp(&self, logged_by: Option<String>) -> Stamp {
        let clock = Clock::from_env().unwrap_or(self.clock);
        let mut stamp = clock.write_stamp();
        stamp.logged_by = logged_by;
        stamp
    }
}

#[cfg(test)]
mod tests {
    use super::{field_of, rule_of};

    #[test]
    fn the_rule_and_the_field_a_message_names() {
        assert_eq!(
            rule_of("The pool is empty (rules §3–§4: every mark…)").as_deref(),
            Some("§3–§4")
        );
        assert_eq!(rule_of("won (rules §4.4).").as_deref(), Some("§4.4"));
        assert_eq!(rule_of("no rule here"), None);
        assert_eq!(
            field_of("Give --wear \"Peru=N\" with N").as_deref(),
            Some("wear")
        );
        assert_eq!(field_of("nothing"), None);
    }
}
