//! What enters the log, whatever the way in (flags, the prompt, a campaign file, a sync,
//! `check`): free text without control characters and of a bounded length, timestamps in
//! RFC 3339, names that show something and turn no text around. `log::check_record`
//! checks a whole record with these.

use chrono::DateTime;

use super::{AliasOf, Entry, Game, HeldOnChoice, PlayEvent, Reward};
use crate::domain::vocabulary::names::{shows, tidy};
use crate::domain::vocabulary::refusal::{Refusal, TextProblem};

/// The longest note of a game, in characters.
pub const MAX_NOTE_CHARS: usize = 2000;
/// The longest reason (for a pool's capacity, for taking an entry back) or scar effect.
pub const MAX_REASON_CHARS: usize = 500;

/// Free text as kept: trimmed, in composed form, no control character but a line break or a
/// tab where `lines` (a note), at most `max` characters.
pub fn text(what: &'static str, given: &str, max: usize, lines: bool) -> Result<String, Refusal> {
    let tidied = tidy(given);
    let count = tidied.chars().count();
    let control = tidied
        .chars()
        .find(|c| c.is_control() && !(lines && matches!(c, '\n' | '\t')));
    let problem = match control {
        Some(c) => Some(TextProblem::ControlCharacter(c)),
        None if count > max => Some(TextProblem::TooLong { count, max }),
        None => None,
    };
    match problem {
        Some(problem) => Err(Refusal::BadText { what, problem }),
        None => Ok(tidied),
    }
}

/// The longest name of the device that logged a record ("Bo's phone").
pub const MAX_DEVICE_NAME_CHARS: usize = 60;

/// The name of the device that logged a record: one line, at most
/// [`MAX_DEVICE_NAME_CHARS`] characters, no control character. Returns it tidied.
pub fn logged_by(given: &str) -> Result<String, Refusal> {
    let tidied = text(
        "name of the device that logged it",
        given,
        MAX_DEVICE_NAME_CHARS,
        false,
    )?;
    shows("name of the device that logged it", &tidied)?;
    Ok(tidied)
}

/// The longest caption of a photo, in characters.
pub const MAX_CAPTION_CHARS: usize = 300;

/// A photo as an entry names it: each file by a SHA-256 and within the size a photo may
/// have, and a caption of one line.
pub fn photo(photo: &super::photo::Photo) -> Result<(), Refusal> {
    use super::photo::MAX_PHOTO_BYTES;
    for file in photo.files() {
        photo_hash(&file.sha256)?;
        if file.bytes > MAX_PHOTO_BYTES || file.bytes == 0 {
            return Err(Refusal::PhotoTooLarge {
                bytes: file.bytes,
                limit: MAX_PHOTO_BYTES,
            });
        }
    }
    if let Some(caption) = &photo.caption {
        text("caption", caption, MAX_CAPTION_CHARS, false)?;
    }
    Ok(())
}

/// A photo's image named by its SHA-256 (64 lowercase hex digits).
pub fn photo_hash(given: &str) -> Result<(), Refusal> {
    if super::photo::PhotoFile::is_sha256(given) {
        Ok(())
    } else {
        Err(Refusal::BadPhotoHash {
            given: given.to_string(),
        })
    }
}

/// A moment in RFC 3339 (`2026-11-29T20:00:00Z`).
pub fn timestamp(what: &'static str, given: &str) -> Result<(), Refusal> {
    DateTime::parse_from_rfc3339(given)
        .map(|_| ())
        .map_err(|_| Refusal::BadTimestamp {
            what,
            given: given.to_string(),
        })
}

/// Every name an entry gives (people, cities, continents, what sealed content adds, marks,
/// the world, aliases) shows something and holds no control of the direction of text.
pub fn names(entry: &Entry) -> Result<(), Refusal> {
    let mut given: Vec<(&'static str, &str)> = Vec::new();
    match entry {
        Entry::Game(game) => game_names(game, &mut given),
        Entry::AddScarType { name, .. } => given.push(("scar type", name)),
        Entry::AddFaction { faction } => given.push(("faction name", faction.name())),
        Entry::MarkFactionCard { slot, text, .. } => {
            given.extend([("slot colour", slot.as_str()), ("mark", text.as_str())]);
        }
        Entry::ScarFactionCard { text, .. } => given.push(("scar", text)),
        Entry::NameWorld { name, by } => {
            given.extend([
                ("world name", name.as_str()),
                ("person's name", by.as_str()),
            ]);
        }
        Entry::Alias { alias, of } => {
            given.push(("alias", alias));
            if let AliasOf::Person(person) = of {
                given.push(("person's name", person));
            }
        }
        Entry::Retire { person, .. } => given.push(("person's name", person)),
        Entry::AddTerritory { territory, .. } => given.push(("territory", territory.name())),
        Entry::Photo(photo) => {
            given.extend(photo.by.iter().map(|by| ("person's name", by.as_str())));
        }
        Entry::Power { .. }
        | Entry::RemovePhoto { .. }
        | Entry::Coins { .. }
        | Entry::PoolCapacity { .. }
        | Entry::OpenPacket { .. }
        | Entry::Rule { .. } => {}
    }
    given
        .into_iter()
        .try_for_each(|(what, name)| shows(what, name))
}

/// The names a game gives: its people, and the cities, continents and marks it names.
fn game_names<'a>(game: &'a Game, given: &mut Vec<(&'static str, &'a str)>) {
    let person = "person's name";
    given.extend(game.seats.iter().map(|s| (person, s.person.as_str())));
    given.extend(
        game.scars
            .iter()
            .filter_map(|s| Some((person, s.by.as_deref()?))),
    );
    given.extend(game.draft.iter().map(|d| (person, d.person.as_str())));
    match &game.reward {
        Some(Reward::NameContinent { name, .. }) => given.push(("continent name", name)),
        Some(Reward::MajorCity { name, .. }) => given.push(("city name", name)),
        _ => {}
    }
    for held_on in &game.held_on {
        given.push((person, &held_on.person));
        if let HeldOnChoice::MinorCity { name, .. } = &held_on.choice {
            given.push(("city name", name));
        }
    }
    for event in &game.events {
        match event {
            PlayEvent::WorldCapital { name, .. } => given.push(("city name", name)),
            PlayEvent::Mark { text, .. } => given.push(("mark", text)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_keep_lines_and_tabs_and_refuse_other_control_characters() {
        assert_eq!(
            text("note", " two\nlines\tand a tab ", 100, true).as_deref(),
            Ok("two\nlines\tand a tab")
        );
        for bad in ["x\u{1b}]0;TITLE\u{7}", "nul\0", "bell\u{7}", "del\u{7f}"] {
            assert!(text("note", bad, 100, true).is_err(), "{bad:?}");
        }
        assert!(text("reason", "a\nb", 100, false).is_err());
        assert!(text("note", &"x".repeat(101), 100, true).is_err());
        assert!(text("note", &"é".repeat(100), 100, true).is_ok());
    }

    #[test]
    fn timestamps_are_rfc_3339() {
        assert!(timestamp("t", "2026-11-29T20:00:00Z").is_ok());
        assert!(timestamp("t", "2026-11-29T20:00:00+01:00").is_ok());
        for bad in ["2026-11-29", "yesterday", "", "2026-13-01T00:00:00Z"] {
            assert!(timestamp("t", bad).is_err(), "{bad:?}");
        }
    }
}
