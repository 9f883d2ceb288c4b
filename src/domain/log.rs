//! The log as kept: each entry with its place, when it was recorded and whether it was taken
//! back. The one log-entry type every layer shares (the store reads and writes it, the
//! campaign file carries it, the reports walk it).

use chrono::NaiveDate;

use super::entry::Entry;
use super::refusal::Refusal;
use super::state::Campaign;
use super::validate;

/// One entry of a campaign's log, as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedEntry {
    /// Its place in the log, from 1 (entries taken back keep theirs).
    pub seq: u32,
    /// The game's number, for a game.
    pub game: Option<u32>,
    /// When it was recorded (RFC 3339, UTC).
    pub recorded_at: String,
    pub entry: Entry,
    /// Set when the entry was taken back (`game undo`).
    pub taken_back: Option<TakenBack>,
}

/// When and why an entry was taken back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakenBack {
    /// RFC 3339, UTC.
    pub at: String,
    pub reason: Option<String>,
}

/// An entry of a log that the rules refuse at its place: the log was changed behind the
/// rules' back (or read from a file someone edited).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokenLog {
    /// The entry's place in the log.
    pub seq: u32,
    pub refusal: Refusal,
}

impl std::fmt::Display for BrokenLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "entry {} of the log breaks a rule ({})",
            self.seq, self.refusal
        )
    }
}

impl std::error::Error for BrokenLog {}

/// Checks an entry of the log as kept, besides the rules `apply` holds: its timestamps, the
/// reason it was taken back, and that a game is not dated after `latest` (today, or a day
/// later for an entry from another machine, whose today may be ahead).
pub fn check_logged(entry: &LoggedEntry, latest: NaiveDate) -> Result<(), Refusal> {
    validate::timestamp("time the entry was recorded", &entry.recorded_at)?;
    if let Some(back) = &entry.taken_back {
        validate::timestamp("time the entry was taken back", &back.at)?;
        if let Some(reason) = &back.reason {
            validate::text("reason", reason, validate::MAX_REASON_CHARS, false)?;
        }
    }
    match &entry.entry {
        Entry::Game(game) => {
            if let Some(note) = &game.note {
                validate::text("note", note, validate::MAX_NOTE_CHARS, true)?;
            }
            if game.date > latest {
                return Err(Refusal::GameAfterToday {
                    date: game.date.to_string(),
                    today: latest.to_string(),
                });
            }
        }
        Entry::PoolCapacity { reason, .. } => {
            validate::text("reason", reason, validate::MAX_REASON_CHARS, false)?;
        }
        Entry::AddScarType {
            effect: Some(effect),
            ..
        } => {
            validate::text("effect", effect, validate::MAX_REASON_CHARS, false)?;
        }
        _ => {}
    }
    Ok(())
}

/// Folds the entries of a log that stand through the rules.
pub fn fold<'a, I>(log: I) -> Result<Campaign, BrokenLog>
where
    I: IntoIterator<Item = &'a LoggedEntry>,
    I::IntoIter: Clone,
{
    let standing = log.into_iter().filter(|e| e.taken_back.is_none());
    Campaign::replay(standing.clone().map(|e| &e.entry)).map_err(|(index, refusal)| BrokenLog {
        seq: standing.clone().nth(index).map_or(0, |e| e.seq),
        refusal,
    })
}

/// A campaign's whole log whose standing entries fold through the rules: what the store
/// writes for a campaign made in one go (an import, the demo). It can only be made by
/// folding.
#[derive(Clone, Debug)]
pub struct CheckedLog {
    entries: Vec<LoggedEntry>,
    campaign: Campaign,
}

impl CheckedLog {
    /// Checks every entry (its timestamps, no game after `latest`) and folds the entries
    /// that stand through the rules.
    pub fn new(entries: Vec<LoggedEntry>, latest: NaiveDate) -> Result<CheckedLog, BrokenLog> {
        for entry in &entries {
            check_logged(entry, latest).map_err(|refusal| BrokenLog {
                seq: entry.seq,
                refusal,
            })?;
        }
        let campaign = fold(&entries)?;
        Ok(CheckedLog { entries, campaign })
    }

    /// A new log from entries applied one after another, all recorded at the same moment:
    /// each is kept as the rules record it (the sample campaign: its games may be dated
    /// after today).
    pub fn from_entries(entries: &[Entry], recorded_at: &str) -> Result<CheckedLog, BrokenLog> {
        let mut campaign = Campaign::new();
        let mut logged = Vec::with_capacity(entries.len());
        for (index, entry) in entries.iter().enumerate() {
            let seq = u32::try_from(index + 1).unwrap_or(u32::MAX);
            let applied = campaign
                .apply(entry)
                .map_err(|refusal| BrokenLog { seq, refusal })?;
            let entry = LoggedEntry {
                seq,
                game: applied.game,
                recorded_at: recorded_at.to_string(),
                entry: applied.entry,
                taken_back: None,
            };
            check_logged(&entry, NaiveDate::MAX).map_err(|refusal| BrokenLog { seq, refusal })?;
            logged.push(entry);
        }
        Ok(CheckedLog {
            entries: logged,
            campaign,
        })
    }

    pub fn entries(&self) -> &[LoggedEntry] {
        &self.entries
    }

    /// The campaign the log folds to.
    pub fn campaign(&self) -> &Campaign {
        &self.campaign
    }
}
