//! A log with one more record: an entry at the end is applied to the campaign as it stands;
//! anything else (an entry placed earlier, a correction, a person merged, a fork's
//! resolution) rewrites the log, which is worked out again and folded from its first entry
//! through every rule. A later entry that breaks is named, with the rule, and the record is
//! refused.

use super::Ordered;
use crate::domain::entry::Entry;
use crate::domain::record::resolve::{LoggedEntry, Resolved, resolve};
use crate::domain::record::{Body, Correction, EntryId, LogRecord, Place};
use crate::domain::rules::apply::Applied;
use crate::domain::state::Campaign;
use crate::domain::vocabulary::refusal::Refusal;

/// The log with a new record (`ordered`, as corrected `resolved`, folding to `campaign`):
/// the log as corrected and the campaign after it, and for an entry added at the end what
/// applying it did. The record's entry is kept as the rules record it.
pub(crate) fn with_record(
    ordered: &Ordered,
    resolved: &Resolved,
    campaign: &Campaign,
    record: &mut LogRecord,
) -> Result<(Resolved, Campaign, Option<Applied>), Refusal> {
    if let (Place::End, Body::Add(entry)) = (&record.place, &record.body) {
        let dated_by = record.dated_by();
        let (after, applied) = campaign.after(entry, dated_by.as_ref())?;
        record.body = Body::Add(applied.entry.clone().into());
        let mut resolved = resolved.clone();
        resolved.entries.push(LoggedEntry {
            id: record.id.clone(),
            seq: record.seq,
            game: applied.game,
            recorded_at: record.recorded_at.clone(),
            logged_by: record.logged_by.clone(),
            dated_by,
            entry: applied.entry.clone().into(),
            taken_back: None,
            exempt: false,
        });
        return Ok((resolved, after, Some(applied)));
    }
    let all = with_its_branches(ordered, record)?;
    let was = resolved;
    let resolved = resolve(&all).map_err(|u| u.refusal)?;
    let mut campaign = Campaign::new();
    for entry in resolved.standing() {
        // Every entry meets every rule, as a new one would, but an entry an earlier
        // chronicle logged in breach of a rule it held for new entries only.
        let applied = campaign
            .replay_logged(entry)
            .map_err(|refusal| breaks(entry, record, &campaign, &resolved, was, refusal))?;
        keep_recorded_form(record, &entry.id, applied.entry);
    }
    Ok((resolved, campaign, None))
}

/// The records of the log with the new one; a join takes the records of the branches it
/// joins into the log, in its order.
fn with_its_branches(ordered: &Ordered, record: &LogRecord) -> Result<Vec<LogRecord>, Refusal> {
    if matches!(record.body, Body::Correct(Correction::Join { .. })) {
        let mut every = ordered.log.clone();
        every.extend(ordered.pending.iter().cloned());
        every.push(record.clone());
        return Ok(Ordered::new(every, Some(&record.id))
            .map_err(|broken| broken.refusal)?
            .log);
    }
    let mut all = ordered.log.clone();
    all.push(record.clone());
    Ok(all)
}

/// Whether the entry is the one the record adds or replaces.
fn is_own(entry: &LoggedEntry, record: &LogRecord) -> bool {
    entry.id == record.id
        || matches!(&record.body, Body::Correct(c @ Correction::Replace { .. }) if c.target() == Some(&entry.id))
}

/// A refusal met replaying the log with a new record: the new entry's own (a faction it
/// seats before the faction joined said so), or that of a later entry which the record
/// breaks, named as the group knows it (`was`: the log before the record).
fn breaks(
    entry: &LoggedEntry,
    record: &LogRecord,
    before: &Campaign,
    now: &Resolved,
    was: &Resolved,
    refusal: Refusal,
) -> Refusal {
    if is_own(entry, record) {
        return not_yet_joined(entry, now, refusal);
    }
    let known_as = was.entry(&entry.id).and_then(LoggedEntry::standing_game);
    let what = match (entry.game, known_as) {
        (Some(game), Some(known)) if known != game => {
            format!("game {known} (game {game} after it)")
        }
        (Some(game), _) => format!("game {game}"),
        (None, _) => between_games(entry, before, was),
    };
    Refusal::LaterBreaks {
        what,
        game: known_as,
        refusal: Box::new(refusal),
    }
}

/// An entry between games in words: what it did and where it sat in the log as the group
/// knew it, before the record.
fn between_games(entry: &LoggedEntry, before: &Campaign, was: &Resolved) -> String {
    let did = super::describe::happenings(before, &entry.entry)
        .first()
        .map_or_else(|| "an entry".to_string(), |h| format!("\"{}\"", h.clause()));
    let games = was
        .entries
        .iter()
        .position(|e| e.id == entry.id)
        .map_or_else(
            || before.games_played(),
            |at| {
                let games = was.entries[..at]
                    .iter()
                    .filter(|e| e.taken_back.is_none() && e.game.is_some())
                    .count();
                u32::try_from(games).unwrap_or(u32::MAX)
            },
        );
    match games {
        _ if did.contains("after game") || did.contains("before game") => did,
        0 => format!("{did} (before game 1)"),
        n => format!("{did} (after game {n})"),
    }
}

/// A game that seats a faction the log adds only later: said so, with the game it joined
/// at, rather than as a name nobody knows.
fn not_yet_joined(entry: &LoggedEntry, now: &Resolved, refusal: Refusal) -> Refusal {
    match (&refusal, entry.game) {
        (Refusal::UnknownName { what, given, .. }, Some(game)) if *what == "faction" => {
            now.joined_later(given, &entry.id, game).unwrap_or(refusal)
        }
        _ => refusal,
    }
}

/// Keeps the entry of a record (added, or replacing another) as the rules record it.
fn keep_recorded_form(record: &mut LogRecord, at: &EntryId, recorded: Entry) {
    match &mut record.body {
        Body::Add(entry) if record.id == *at => *entry = recorded.into(),
        Body::Correct(Correction::Replace { target, entry, .. }) if target == at => {
            *entry = recorded.into();
        }
        _ => {}
    }
}
