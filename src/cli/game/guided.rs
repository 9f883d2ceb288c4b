//! `chronicle game log` on a terminal without flags: the game asked part by part (see
//! `review::Part`). Every choice offered comes from the domain (what is legal now); Esc goes
//! back one part, the confirmation shows the game whole and changes any part, and nothing is
//! written before it; Ctrl-C writes nothing. Either way the answers are said as flags.

use chrono::NaiveDate;

use super::ask::Ask;
use super::labels::label;
use super::logged::print_logged;
use super::review::{Choice, Part, before_part, review, say_as_flags};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::explain::Asked;
use crate::cli::output::say;
use crate::domain::names::valid_new_person;
use crate::domain::{
    Campaign, Entry, Faction, Game, Outcome, PLAYERS, Packet, Refusal, ScarPlacement, Seat,
    Territory, Wear, person_key,
};

/// A refusal met while asking: said without flags.
fn refused(refusal: Refusal) -> CliError {
    CliError::refused(refusal, Asked::Prompt)
}

pub(super) fn run(context: &Context, dry_run: bool) -> Result<(), CliError> {
    let (info, loaded) = context.load()?;
    let campaign = &loaded.campaign;
    let number = campaign.games_played() + 1;
    say(&format!(
        "Game {number} of {}. Esc on a choice, or < alone where you type, goes back one step; Ctrl-C stops; nothing is written until you confirm.",
        info.name
    ));
    let usual = |person: &str| -> Option<Faction> {
        loaded
            .standing()
            .rev()
            .find_map(|logged| match &*logged.entry {
                Entry::Game(game) => game
                    .seats
                    .iter()
                    .find(|s| s.person == person)
                    .map(|s| s.faction.clone()),
                _ => None,
            })
    };
    let ask = Ask::new(context);
    let asking = Asking {
        ask: &ask,
        today: context.clock.today(),
        campaign,
        usual: &usual,
    };
    let start = Game::new(context.clock.today(), Vec::new());
    let game = asking.walk(context, start, Vec::new(), 0, dry_run)?;
    let entry = Entry::Game(Box::new(game.clone()));
    let (_, recorded) = context.record(Asked::Prompt, dry_run, None, |_| Ok(entry))?;
    print_logged(context, &recorded)?;
    say_as_flags(&game, recorded.written);
    Ok(())
}

/// `game edit N` on a terminal without flags: game N whole, at the confirmation, each
/// part to change by its number; the game as confirmed, for the edit to write.
pub(super) fn edit(
    context: &Context,
    before: &Campaign,
    old: &Game,
    usual: &dyn Fn(&str) -> Option<Faction>,
) -> Result<Game, CliError> {
    let ask = Ask::new(context);
    let asking = Asking {
        ask: &ask,
        today: context.clock.today(),
        campaign: before,
        usual,
    };
    let parts = asking.parts_of(old);
    asking.walk(context, old.clone(), parts, Part::ALL.len(), false)
}

/// What each part of the guided prompt asks from.
struct Asking<'a> {
    ask: &'a Ask,
    today: NaiveDate,
    campaign: &'a Campaign,
    usual: &'a dyn Fn(&str) -> Option<Faction>,
}

impl Asking<'_> {
    /// Asks the parts from `at` on, then shows the game whole, until the person confirms
    /// it. Esc goes back to the part asked before; stopping says the answers as flags.
    /// `asked` are the parts asked already.
    fn walk(
        &self,
        context: &Context,
        mut game: Game,
        mut asked: Vec<usize>,
        mut at: usize,
        dry_run: bool,
    ) -> Result<Game, CliError> {
        stop_on_ctrl_c();
        loop {
            let step = if at == Part::ALL.len() {
                match self.confirm(context, &game, &asked, dry_run) {
                    Ok(None) => return Ok(game),
                    Ok(Some(part)) => {
                        game = before_part(&game, part);
                        asked.retain(|&p| p < part);
                        at = part;
                        Ok(())
                    }
                    Err(error) => Err(error),
                }
            } else {
                self.part(Part::ALL[at], &mut game).map(|said| {
                    if said {
                        asked.push(at);
                    }
                    at += 1;
                })
            };
            match step {
                Ok(()) => {}
                Err(error) if error.is_stopped() && !asked.is_empty() => {
                    let part = asked.pop().unwrap_or_default();
                    game = before_part(&game, part);
                    at = part;
                }
                Err(error) => {
                    say_as_flags(&game, false);
                    return Err(if error.is_stopped() {
                        error.nothing_written()
                    } else {
                        error
                    });
                }
            }
        }
    }

    /// The confirmation: `None` to write, or the part to change.
    fn confirm(
        &self,
        context: &Context,
        game: &Game,
        asked: &[usize],
        dry_run: bool,
    ) -> Result<Option<usize>, CliError> {
        let broken = self
            .campaign
            .clone()
            .apply(&Entry::Game(Box::new(game.clone())))
            .err();
        if let Some(refusal) = &broken {
            say(&format!(
                "This game breaks a rule: {}",
                CliError::refused(refusal.clone(), Asked::Prompt)
            ));
        }
        match review(self.ask, context, self.campaign, game, asked, dry_run)? {
            Choice::Write if broken.is_none() => Ok(None),
            Choice::Write => self.confirm(context, game, asked, dry_run),
            Choice::Change(part) => Ok(Some(part)),
            Choice::Stop => {
                Err(CliError::input("Not written: the game was not confirmed.").nothing_written())
            }
        }
    }

    /// The parts a game logged already would have asked: those that apply to it.
    fn parts_of(&self, game: &Game) -> Vec<usize> {
        let rewarded = self.campaign.next_game_rewarded();
        let open = Packet::ALL
            .into_iter()
            .any(|p| self.campaign.opened(p).is_some() || game.opened.contains(&p));
        (0..Part::ALL.len())
            .filter(|&i| match Part::ALL[i] {
                Part::Reward | Part::HeldOn => rewarded,
                Part::Sealed => open,
                Part::Wear => !game.wear.is_empty(),
                _ => true,
            })
            .collect()
    }

    /// Asks one part of the game; whether anything was asked (a part that does not apply,
    /// such as rewards after game 15, asks nothing).
    fn part(&self, part: Part, game: &mut Game) -> Result<bool, CliError> {
        let (ask, campaign) = (self.ask, self.campaign);
        let rewarded = campaign.next_game_rewarded();
        match part {
            Part::Date => {
                game.date = ask_date(ask, self.today, campaign.last_date())?;
                Ok(true)
            }
            Part::Players => {
                game.seats = ask_seats(ask, campaign, self.usual)?;
                Ok(true)
            }
            Part::Results => ask_results(ask, game).map(|()| true),
            Part::Scars => ask_scars(ask, campaign, game).map(|()| true),
            Part::Wear => ask_wear(ask, campaign, game),
            Part::Reward if rewarded => super::rewards_ask::ask_reward(ask, campaign, game),
            Part::HeldOn if rewarded => super::rewards_ask::ask_held_on(ask, campaign, game),
            Part::Reward | Part::HeldOn => Ok(false),
            Part::Packets => ask_packets(ask, campaign, game),
            Part::Sealed => super::sealed_ask::ask_sealed(ask, campaign, game),
            Part::Note => {
                game.note = Some(ask.text("A note about the game (Enter for none)", "")?)
                    .filter(|n| !n.trim().is_empty());
                Ok(true)
            }
        }
    }
}

/// Ctrl-C at a question comes back from the prompt as an interruption, which stops the
/// flow with exit code 130 and a word that nothing was written. The handler keeps the
/// signal itself from killing chronicle before it can say so (and while it writes).
fn stop_on_ctrl_c() {
    let _ = ctrlc::set_handler(|| {});
}

fn ask_date(ask: &Ask, today: NaiveDate, last: Option<NaiveDate>) -> Result<NaiveDate, CliError> {
    let text = ask.validated_text("Date played (YYYY-MM-DD)", &today.to_string(), |text| {
        let date = NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
            .map_err(|_| "a date like 2026-03-14".to_string())?;
        if date > today {
            return Err(format!("{date} is after today ({today})"));
        }
        match last {
            Some(last) if date < last => Err(format!("the last game was played on {last}")),
            _ => Ok(()),
        }
    })?;
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| CliError::usage(format!("\"{text}\" is not a date")))
}

/// The players in seating order, each with a faction not yet taken (their last one
/// first) and an optional HQ among their legal starts. Results are asked afterwards.
fn ask_seats(
    ask: &Ask,
    campaign: &Campaign,
    usual: impl Fn(&str) -> Option<Faction>,
) -> Result<Vec<Seat>, CliError> {
    let mut seats: Vec<Seat> = Vec::new();
    while seats.len() < *PLAYERS.end() {
        let Some(person) = ask_person(ask, campaign, &seats)? else {
            break;
        };
        let free: Vec<_> = campaign
            .factions()
            .iter()
            .filter(|f| seats.iter().all(|s| &s.faction != *f))
            .collect();
        let names: Vec<String> = free.iter().map(std::string::ToString::to_string).collect();
        let last = usual(&person)
            .and_then(|f| free.iter().position(|g| **g == f))
            .unwrap_or(0);
        let faction = free[ask.choose(&format!("{person}'s faction"), &names, last)?].clone();
        let starts: Vec<Territory> = campaign
            .legal_starts(&person)
            .into_iter()
            .filter(|t| seats.iter().all(|s| s.hq != Some(t.clone())))
            .collect();
        let mut options = vec!["(not recorded)".to_string()];
        options.extend(starts.iter().map(|t| label(campaign, t)));
        let pick = ask.search(&format!("{person}'s HQ (type to search)"), &options)?;
        let hq = pick.checked_sub(1).map(|i| starts[i].clone());
        seats.push(Seat {
            person,
            faction,
            result: Outcome::HeldOn,
            hq,
        });
    }
    Ok(seats)
}

/// The next player clockwise: someone known, someone new, or nobody more (from the third).
fn ask_person(ask: &Ask, campaign: &Campaign, seats: &[Seat]) -> Result<Option<String>, CliError> {
    let seated = |p: &str| seats.iter().any(|s| person_key(&s.person) == person_key(p));
    let known: Vec<String> = campaign
        .people()
        .iter()
        .filter(|p| !seated(p) && !campaign.is_retired(p))
        .map(std::string::ToString::to_string)
        .collect();
    let mut options: Vec<String> = Vec::new();
    let enough = seats.len() >= *PLAYERS.start();
    if enough {
        options.push("(that is everyone)".to_string());
    }
    options.extend(known.iter().cloned());
    options.push("(someone new)".to_string());
    let prompt = format!("Player {}, clockwise (type to search)", seats.len() + 1);
    let pick = ask.search(&prompt, &options)?;
    let offset = usize::from(enough);
    if enough && pick == 0 {
        return Ok(None);
    }
    if let Some(person) = known.get(pick - offset) {
        return Ok(Some(person.clone()));
    }
    let name = ask.validated_text("Their name", "", |text| {
        let name = valid_new_person(text).map_err(|e| e.to_string())?;
        if seated(&name) {
            return Err(format!("{name} is seated already"));
        }
        Ok(())
    })?;
    let name = valid_new_person(&name).map_err(refused)?;
    // A newcomer within two letters of someone known is most likely them mistyped.
    if let Some(like) = campaign.people_resembling(&name).first()
        && !ask.confirm(&format!("{name} looks like {like}: someone new?"), false)?
    {
        return Ok(Some(like.clone()));
    }
    Ok(Some(
        campaign.known_person(&name).map_or(name, str::to_string),
    ))
}

fn ask_results(ask: &Ask, game: &mut Game) -> Result<(), CliError> {
    let people: Vec<String> = game.seats.iter().map(|s| s.person.clone()).collect();
    let winner = ask.search("Who won? (type to search)", &people)?;
    let results = [Outcome::HeldOn, Outcome::Eliminated, Outcome::KnockedOut];
    let outcomes: Vec<String> = results.iter().map(|r| r.words().to_string()).collect();
    for (i, seat) in game.seats.iter_mut().enumerate() {
        seat.result = if i == winner {
            Outcome::Won
        } else {
            results[ask.choose(&format!("{}'s result", seat.person), &outcomes, 0)?]
        };
    }
    Ok(())
}

fn ask_scars(ask: &Ask, campaign: &Campaign, game: &mut Game) -> Result<(), CliError> {
    let mut question = "Was a scar placed during the game?";
    while ask.confirm(question, false)? {
        let state = campaign.after_play(game).map_err(refused)?;
        let types: Vec<String> = state
            .scar_types()
            .filter(|t| state.left(&crate::domain::PoolKind::Scar((*t).clone())) > 0)
            .cloned()
            .collect();
        let open: Vec<Territory> = state
            .territories()
            .filter(|t| state.territory(t).scar.is_none())
            .collect();
        if types.is_empty() || open.is_empty() {
            say("No scar can be placed: every scar sticker is used.");
            break;
        }
        let names: Vec<String> = open.iter().map(|t| label(campaign, t)).collect();
        let territory = open[ask.search("Scarred territory (type to search)", &names)?].clone();
        let scar = types[ask.choose("Which scar", &types, 0)?].clone();
        game.scars.push(ScarPlacement {
            territory,
            scar,
            by: None,
        });
        question = "Another scar?";
    }
    Ok(())
}

fn ask_wear(ask: &Ask, campaign: &Campaign, game: &mut Game) -> Result<bool, CliError> {
    let mut question = "Were boxes ticked on a fortification?";
    let mut asked = false;
    loop {
        let state = campaign.after_play(game).map_err(refused)?;
        let fortified = state.fortified();
        if fortified.is_empty() {
            return Ok(asked);
        }
        asked = true;
        if !ask.confirm(question, false)? {
            return Ok(true);
        }
        let names: Vec<String> = fortified
            .iter()
            .map(|t| {
                let left = state
                    .territory(t)
                    .fortification
                    .as_ref()
                    .map_or(0, |f| f.boxes_left);
                format!("{} ({left} boxes left)", t.name())
            })
            .collect();
        let territory = fortified[ask.choose("Which fortification", &names, 0)?].clone();
        let left = state
            .territory(&territory)
            .fortification
            .as_ref()
            .map_or(0, |f| f.boxes_left);
        let boxes =
            ask.validated_text(
                &format!("Boxes ticked (1 to {left})"),
                "1",
                |text| match text.trim().parse::<u8>() {
                    Ok(n) if (1..=left).contains(&n) => Ok(()),
                    _ => Err(format!("a number from 1 to {left}")),
                },
            )?;
        let boxes = boxes
            .trim()
            .parse()
            .map_err(|_| CliError::usage(format!("\"{boxes}\" is not a number")))?;
        game.wear.push(Wear { territory, boxes });
        question = "More boxes ticked?";
    }
}

/// Packets opened: those not yet opened whose condition allows it; the ones this game made
/// due are ticked already.
fn ask_packets(ask: &Ask, campaign: &Campaign, game: &mut Game) -> Result<bool, CliError> {
    let mut state = campaign.clone();
    let applied = state
        .apply(&Entry::Game(Box::new(game.clone())))
        .map_err(refused)?;
    let open: Vec<Packet> = Packet::ALL
        .into_iter()
        .filter(|&p| {
            state.opened(p).is_none()
                && state.packet_progress(p).is_none_or(|progress| progress.met)
        })
        .collect();
    let items: Vec<(String, bool)> = open
        .iter()
        .map(|p| {
            (
                format!("{} ({})", p.name(), p.condition()),
                applied.packets_met.contains(p),
            )
        })
        .collect();
    if items.is_empty() {
        return Ok(false);
    }
    for &i in &ask.tick("Packets opened (space ticks, Enter goes on)", &items)? {
        game.opened.push(open[i]);
    }
    Ok(true)
}
