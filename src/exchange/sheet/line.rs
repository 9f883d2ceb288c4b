//! A game as the sheet's fields that give it, and as the `game log` command line that logs
//! it: what `game edit N` shows to start from (a group changes one field rather than
//! retyping the game), what an unfinished game keeps, and what the phone's preview shows.

use crate::domain::{Game, HeldOnChoice, PlayEvent, Reward};

/// Text as one shell word, in double quotes when it needs them.
pub fn quoted(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ',' | '+' | '/'));
    if plain {
        return text.to_string();
    }
    let mut out = String::from("\"");
    for c in text.chars() {
        if matches!(c, '"' | '\\' | '$' | '`') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The flags that give `game`, each as `--field value`, in the order of the sheet's fields.
fn flags(game: &Game) -> Vec<String> {
    fields_of(game)
        .into_iter()
        .map(|(name, value)| match value {
            Some(value) => flag(name, value),
            None => format!("--{name}"),
        })
        .collect()
}

/// The fields that give `game`, each as its name and value (none for a switch), in the
/// order of the sheet (which `game log --help` follows).
pub fn fields_of(game: &Game) -> Vec<(&'static str, Option<String>)> {
    let mut flags = vec![("date", Some(game.date.to_string()))];
    for seat in &game.seats {
        let hq = seat
            .hq
            .as_ref()
            .map(|t| format!("@{}", t.name()))
            .unwrap_or_default();
        flags.push((
            "player",
            Some(format!(
                "{}={}:{}{hq}",
                seat.person,
                seat.faction.name(),
                seat.result.key()
            )),
        ));
    }
    if let Some(reward) = &game.reward {
        flags.push(reward_flag(reward));
    }
    if game.declined {
        flags.push(("no-reward", None));
    }
    for reward in &game.held_on {
        flags.push(match &reward.choice {
            HeldOnChoice::MinorCity { territory, name } => (
                "minor-city",
                Some(format!("{}:{}={name}", reward.person, territory.name())),
            ),
            HeldOnChoice::AddResource { territory } => (
                "upgrade",
                Some(format!("{}:{}", reward.person, territory.name())),
            ),
        });
    }
    for scar in &game.scars {
        let by = scar
            .by
            .as_ref()
            .map(|p| format!("@{p}"))
            .unwrap_or_default();
        flags.push((
            "scar",
            Some(format!("{}={}{by}", scar.territory.name(), scar.scar)),
        ));
    }
    for wear in &game.wear {
        flags.push((
            "wear",
            Some(format!("{}={}", wear.territory.name(), wear.boxes)),
        ));
    }
    for packet in &game.opened {
        flags.push(("opened", Some(packet.name().to_string())));
    }
    flags.extend(game.events.iter().map(event_flag));
    for draft in &game.draft {
        flags.push(("draft", Some(format!("{}={}", draft.person, draft.parts()))));
    }
    flags.extend(card_flags(game));
    if let Some(note) = &game.note {
        flags.push(("note", Some(note.clone())));
    }
    flags
}

/// The flags of the game's event cards and missions.
fn card_flags(game: &Game) -> Vec<(&'static str, Option<String>)> {
    let mut flags = Vec::new();
    for card in &game.event_cards {
        let person = card
            .person
            .as_ref()
            .map(|p| format!("@{p}"))
            .unwrap_or_default();
        let what = card
            .text
            .as_ref()
            .map(|t| format!(": {t}"))
            .unwrap_or_default();
        flags.push(("event", Some(format!("{}{person}{what}", card.name))));
    }
    for mission in &game.missions {
        let by = mission
            .done_by
            .as_ref()
            .map(|p| format!("@{p}"))
            .unwrap_or_default();
        flags.push(("mission", Some(format!("{}{by}", mission.text))));
    }
    flags
}

fn flag(name: &str, value: String) -> String {
    format!("--{name} {}", quoted(&value))
}

/// The flag of the winner's reward.
fn reward_flag(reward: &Reward) -> (&'static str, Option<String>) {
    let (name, value) = match reward {
        Reward::NameContinent { continent, name } => {
            ("name-continent", format!("{}={name}", continent.name()))
        }
        Reward::MajorCity { territory, name } => {
            ("major-city", format!("{}={name}", territory.name()))
        }
        Reward::HealScar { territory } => ("heal-scar", territory.name().to_string()),
        Reward::ContinentBonus { continent, mark } => (
            "continent-bonus",
            format!("{}={}", continent.name(), mark.sign()),
        ),
        Reward::Fortify { territory } => ("fortify", territory.name().to_string()),
        Reward::DestroyCard { territory } => ("destroy-card", territory.name().to_string()),
    };
    (name, Some(value))
}

/// The flag of a change sealed content made during play.
fn event_flag(event: &PlayEvent) -> (&'static str, Option<String>) {
    let (name, value) = match event {
        PlayEvent::WorldCapital { territory, name } => {
            ("world-capital", format!("{}={name}", territory.name()))
        }
        PlayEvent::Fortify { territory } => ("event-fortify", territory.name().to_string()),
        PlayEvent::DestroyCard { territory } => {
            ("event-destroy-card", territory.name().to_string())
        }
        PlayEvent::Mark { territory, text } => ("mark", format!("{}={text}", territory.name())),
        PlayEvent::Fallout { territory } => ("fallout", territory.name().to_string()),
        PlayEvent::DestroyCity { territory } => ("destroy-city", territory.name().to_string()),
    };
    (name, Some(value))
}

/// The command line that gives `game` (`chronicle game log …`), one field a line.
pub fn command_line(command: &str, game: &Game) -> String {
    let mut text = format!("chronicle {command}");
    for flag in flags(game) {
        text.push_str(" \\\n    ");
        text.push_str(&flag);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn words_a_shell_would_split_are_quoted() {
        assert_eq!(quoted("Peru"), "Peru");
        assert_eq!(quoted("Ann=bear:won@Alaska"), "\"Ann=bear:won@Alaska\"");
        assert_eq!(quoted("say \"hi\" $HOME"), "\"say \\\"hi\\\" \\$HOME\"");
        assert_eq!(quoted(""), "\"\"");
    }
}
