//! Corrections made from what a group knows: a game by its number, a place "after game N",
//! the campaign as it stood at a place, the latest record to take back, and the people
//! renamed or merged (checked against every game of the log).

use super::{BrokenLog, LoggedEntry, fold};
use crate::domain::entry::Entry;
use crate::domain::record::resolve::Resolved;
use crate::domain::record::{Body, Correction, EntryId, LogRecord, Place};
use crate::domain::state::Campaign;
use crate::domain::state::lookup::person_key;
use crate::domain::vocabulary::names::fold as folded;
use crate::domain::vocabulary::names::valid_new_person;
use crate::domain::vocabulary::refusal::Refusal;

impl Resolved {
    /// The games that stand.
    pub fn games(&self) -> impl Iterator<Item = &LoggedEntry> {
        self.standing().filter(|e| e.game.is_some())
    }

    /// How many games stand.
    pub fn games_played(&self) -> u32 {
        u32::try_from(self.games().count()).unwrap_or(u32::MAX)
    }

    /// The game that stands with this number; refused when there is none.
    pub fn game(&self, number: u32) -> Result<&LoggedEntry, Refusal> {
        self.games()
            .find(|e| e.game == Some(number))
            .ok_or(Refusal::NoGame {
                game: number,
                played: self.games_played(),
            })
    }

    /// Where an entry between games goes to sit right after game `n` (0: before game 1):
    /// at the end after the latest game, else just before game `n + 1`.
    pub fn after_game(&self, n: u32) -> Result<Place, Refusal> {
        let played = self.games_played();
        if n > played {
            return Err(Refusal::NoGame { game: n, played });
        }
        if n == played {
            return Ok(Place::End);
        }
        Ok(Place::Before(self.game(n + 1)?.id.clone()))
    }

    /// The campaign as it stood at a place of the log: before an entry, or at the end.
    pub(crate) fn campaign_at(&self, place: &Place) -> Result<Campaign, BrokenLog> {
        match place {
            Place::End => fold(&self.entries),
            Place::Before(id) => {
                let end = self
                    .entries
                    .iter()
                    .position(|e| &e.id == id)
                    .unwrap_or(self.entries.len());
                fold(&self.entries[..end])
            }
        }
    }

    /// A faction seated in game `game`, which stands (or would stand) at the entry `at`,
    /// that the log adds only at a later entry: the refusal that says when it joined.
    pub fn joined_later(&self, faction: &str, at: &EntryId, game: u32) -> Option<Refusal> {
        let from = self.standing().position(|e| &e.id == at)?;
        let (name, added) = self.standing().skip(from).find_map(|e| match &*e.entry {
            Entry::AddFaction { faction: f } if folded(f.name()) == folded(faction) => {
                Some((f.to_string(), e.id.clone()))
            }
            _ => None,
        })?;
        let games_before = self
            .standing()
            .take_while(|e| e.id != added)
            .filter(|e| e.game.is_some())
            .count();
        Some(Refusal::FactionNotYet {
            faction: name,
            joined: u32::try_from(games_before)
                .unwrap_or(u32::MAX)
                .saturating_add(1),
            game,
        })
    }

    /// Whether a record stands: an entry or a correction not taken back.
    pub fn stands(&self, id: &EntryId) -> bool {
        self.entry(id).map_or_else(
            || {
                self.corrections
                    .iter()
                    .any(|c| &c.id == id && c.taken_back.is_none())
            },
            |e| e.taken_back.is_none(),
        )
    }
}

/// The latest record that `undo` takes back: the last written that stands, of any kind but
/// a take-back (a take-back is not taken back: the entry is logged again).
pub(crate) fn latest_to_take_back<'a>(
    records: &'a [LogRecord],
    resolved: &Resolved,
) -> Option<&'a LogRecord> {
    records.iter().rev().find(|r| {
        !matches!(r.body, Body::Correct(Correction::TakeBack { .. })) && resolved.stands(&r.id)
    })
}

/// A person renamed: `from` as the campaign spells them, `to` a name nobody has yet (a
/// person already there is merged, not renamed). Changing only the case or accents of a
/// name is a renaming too.
pub(crate) fn rename_person(
    campaign: &Campaign,
    from: &str,
    to: &str,
) -> Result<Correction, Refusal> {
    let from = campaign.find_person(from)?.to_string();
    let to = valid_new_person(to)?;
    if from == to {
        return Err(Refusal::SameName { name: from });
    }
    if let Some(existing) = campaign.known_person(&to)
        && person_key(existing) != person_key(&from)
    {
        return Err(Refusal::PersonExists {
            from,
            to: existing.to_string(),
        });
    }
    Ok(Correction::RenamePerson { from, to })
}

/// One person typed two ways made one: every entry of `from` becomes `into`'s. Refused when
/// both sat at one game (they are two people).
pub(crate) fn merge_person(
    campaign: &Campaign,
    resolved: &Resolved,
    from: &str,
    into: &str,
) -> Result<Correction, Refusal> {
    let from = campaign.find_person(from)?.to_string();
    let into = campaign.find_person(into)?.to_string();
    if person_key(&from) == person_key(&into) {
        return Err(Refusal::SameName { name: from });
    }
    let sat = |game: &crate::domain::entry::Game, name: &str| {
        game.seats
            .iter()
            .any(|s| person_key(&s.person) == person_key(name))
    };
    for logged in resolved.games() {
        if let Entry::Game(game) = &*logged.entry
            && sat(game, &from)
            && sat(game, &into)
        {
            return Err(Refusal::SatTogether {
                from,
                into,
                game: logged.game.unwrap_or(0),
            });
        }
    }
    Ok(Correction::MergePerson { from, into })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{CheckedLog, Faction, Game, Outcome, Seat};
    use chrono::NaiveDate;

    fn game(day: u32, people: [&str; 3]) -> Entry {
        let seats = people
            .iter()
            .zip(crate::domain::board::faction::STANDARD_FACTIONS)
            .enumerate()
            .map(|(i, (person, faction))| Seat {
                person: (*person).to_string(),
                faction: Faction::new(faction.name),
                result: if i == 0 {
                    Outcome::Won
                } else {
                    Outcome::Eliminated
                },
                hq: None,
            })
            .collect();
        let mut game = Game::new(NaiveDate::from_ymd_opt(2026, 1, day).unwrap(), seats);
        game.reward = Some(crate::domain::Reward::DestroyCard {
            territory: crate::domain::Territory::all()
                .nth(day as usize)
                .expect("a territory"),
        });
        Entry::Game(Box::new(game))
    }

    /// A log of `games`, after the setup before game 1.
    fn log(games: &[Entry]) -> CheckedLog {
        let mut entries: Vec<Entry> = crate::domain::board::faction::STANDARD_FACTIONS
            .iter()
            .map(|f| Entry::Power {
                faction: Faction::new(f.name),
                power: crate::domain::Power::A,
            })
            .collect();
        entries.push(Entry::Coins {
            territories: crate::domain::Territory::all()
                .skip(30)
                .flat_map(|t| [t.clone(), t])
                .take(12)
                .collect(),
        });
        entries.extend_from_slice(games);
        CheckedLog::from_entries(&entries, "2026-01-01T00:00:00Z", |n| {
            EntryId(format!("00000000-0000-7000-8000-{n:012}").into())
        })
        .expect("a legal log")
    }

    #[test]
    fn a_person_at_the_same_table_is_not_merged() {
        let log = log(&[game(1, ["Ann", "Bo", "Cy"]), game(2, ["Ann", "Bob", "Cy"])]);
        let (resolved, campaign) = (log.resolved(), log.campaign());
        assert_eq!(
            merge_person(campaign, resolved, "Bo", "Cy"),
            Err(Refusal::SatTogether {
                from: "Bo".into(),
                into: "Cy".into(),
                game: 1
            })
        );
        assert!(merge_person(campaign, resolved, "bob", "Bo").is_ok());
    }

    #[test]
    fn a_renaming_to_a_person_already_there_is_a_merge() {
        let log = log(&[game(1, ["Ann", "Bo", "Cy"])]);
        assert!(matches!(
            rename_person(log.campaign(), "Bo", "cy"),
            Err(Refusal::PersonExists { .. })
        ));
        assert_eq!(
            rename_person(log.campaign(), "bo", "BO"),
            Ok(Correction::RenamePerson {
                from: "Bo".into(),
                to: "BO".into()
            })
        );
    }

    #[test]
    fn after_game_n_is_before_the_next_game() {
        let log = log(&[game(1, ["Ann", "Bo", "Cy"]), game(2, ["Ann", "Bo", "Cy"])]);
        let resolved = log.resolved();
        assert_eq!(
            resolved.after_game(1),
            Ok(Place::Before(resolved.game(2).unwrap().id.clone()))
        );
        assert_eq!(resolved.after_game(2), Ok(Place::End));
        assert_eq!(
            resolved.after_game(3),
            Err(Refusal::NoGame { game: 3, played: 2 })
        );
    }
}
