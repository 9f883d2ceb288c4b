//! Reading a game's change rows back: scars, wear, the winner's reward, held-on rewards,
//! sealed content, the draft, packets; and the columns each kind needs.

use crate::domain::{
    BonusMark, ChangeKind, Continent, Draft, EventCard, Faction, Game, HeldOnChoice, HeldOnReward,
    Mission, Packet, PlayEvent, Reward, ScarPlacement, Territory, Wear,
};

/// A change row as read back.
pub(super) struct StoredRow {
    pub(super) entry_id: i64,
    pub(super) kind: ChangeKind,
    pub(super) person: Option<String>,
    pub(super) faction: Option<Faction>,
    pub(super) territory: Option<Territory>,
    pub(super) continent: Option<Continent>,
    pub(super) name: Option<String>,
    pub(super) amount: Option<i64>,
    pub(super) text: Option<String>,
}

pub(super) fn need_territory(row: &StoredRow) -> Result<Territory, String> {
    row.territory
        .clone()
        .ok_or_else(|| format!("a {} without its territory", row.kind))
}

pub(super) fn need_continent(row: &StoredRow) -> Result<Continent, String> {
    row.continent
        .ok_or_else(|| format!("a {} without its continent", row.kind))
}

/// A packet, stored by its printed name in the `name` column.
pub(super) fn packet(row: &StoredRow) -> Result<Packet, String> {
    let name = need_name(row)?;
    Packet::ALL
        .into_iter()
        .find(|p| p.name() == name)
        .ok_or_else(|| format!("unknown packet {name:?}"))
}

pub(super) fn need_name(row: &StoredRow) -> Result<String, String> {
    row.name
        .clone()
        .ok_or_else(|| format!("a {} without its name", row.kind))
}

/// The winner's reward a change row records.
fn reward(row: &StoredRow) -> Result<Reward, String> {
    Ok(match row.kind {
        ChangeKind::ContinentName => Reward::NameContinent {
            continent: need_continent(row)?,
            name: need_name(row)?,
        },
        ChangeKind::MajorCity => Reward::MajorCity {
            territory: need_territory(row)?,
            name: need_name(row)?,
        },
        ChangeKind::Heal => Reward::HealScar {
            territory: need_territory(row)?,
        },
        ChangeKind::ContinentBonus => {
            let mark = row
                .amount
                .and_then(BonusMark::from_delta)
                .ok_or("a bonus change that is not +1 or -1")?;
            Reward::ContinentBonus {
                continent: need_continent(row)?,
                mark,
            }
        }
        ChangeKind::Fortify => Reward::Fortify {
            territory: need_territory(row)?,
        },
        ChangeKind::DestroyCard => Reward::DestroyCard {
            territory: need_territory(row)?,
        },
        other => return Err(format!("a {other} change read as a winner's reward")),
    })
}

/// The change sealed content made during play that a change row records.
fn event(row: &StoredRow) -> Result<PlayEvent, String> {
    Ok(match row.kind {
        ChangeKind::WorldCapital => PlayEvent::WorldCapital {
            territory: need_territory(row)?,
            name: need_name(row)?,
        },
        ChangeKind::EventFortify => PlayEvent::Fortify {
            territory: need_territory(row)?,
        },
        ChangeKind::EventDestroyCard => PlayEvent::DestroyCard {
            territory: need_territory(row)?,
        },
        ChangeKind::Mark => PlayEvent::Mark {
            territory: need_territory(row)?,
            text: row.text.clone().ok_or("a mark without its text")?,
        },
        ChangeKind::Fallout => PlayEvent::Fallout {
            territory: need_territory(row)?,
        },
        ChangeKind::DestroyCity => PlayEvent::DestroyCity {
            territory: need_territory(row)?,
        },
        other => return Err(format!("a {other} change read as an event")),
    })
}

fn add_scar_or_draft(game: &mut Game, row: &StoredRow) -> Result<(), String> {
    if row.kind == ChangeKind::Scar {
        game.scars.push(ScarPlacement {
            territory: need_territory(row)?,
            scar: need_name(row)?,
            by: row.person.clone(),
        });
        return Ok(());
    }
    let person = row.person.as_deref().ok_or("a draft without its person")?;
    let parts = row.text.as_deref().ok_or("a draft without its results")?;
    let draft = Draft::from_parts(person, parts)
        .ok_or_else(|| format!("a draft of the form \"{parts}\""))?;
    game.draft.push(draft);
    Ok(())
}

/// An event card (`name`, `person`, `text`) or a mission (`text`, `person`: who completed it).
fn add_card(game: &mut Game, row: &StoredRow) -> Result<(), String> {
    if row.kind == ChangeKind::Event {
        game.event_cards.push(EventCard {
            name: need_name(row)?,
            person: row.person.clone(),
            text: row.text.clone(),
        });
    } else {
        game.missions.push(Mission {
            text: row.text.clone().ok_or("a mission without its text")?,
            done_by: row.person.clone(),
        });
    }
    Ok(())
}

pub(super) fn add_change(game: &mut Game, row: &StoredRow) -> Result<(), String> {
    let person = || {
        row.person
            .clone()
            .ok_or_else(|| format!("a {} without its person", row.kind))
    };
    let reward = match row.kind {
        ChangeKind::Scar | ChangeKind::Draft => {
            add_scar_or_draft(game, row)?;
            None
        }
        ChangeKind::NoReward => {
            game.declined = true;
            None
        }
        ChangeKind::Wear => {
            let boxes = row
                .amount
                .and_then(|a| u8::try_from(a).ok())
                .ok_or("wear without its boxes")?;
            game.wear.push(Wear {
                territory: need_territory(row)?,
                boxes,
            });
            None
        }
        ChangeKind::ContinentName
        | ChangeKind::MajorCity
        | ChangeKind::Heal
        | ChangeKind::ContinentBonus
        | ChangeKind::Fortify
        | ChangeKind::DestroyCard => Some(reward(row)?),
        ChangeKind::MinorCity => {
            let choice = HeldOnChoice::MinorCity {
                territory: need_territory(row)?,
                name: need_name(row)?,
            };
            game.held_on.push(HeldOnReward {
                person: person()?,
                choice,
            });
            None
        }
        ChangeKind::Resource => {
            let choice = HeldOnChoice::AddResource {
                territory: need_territory(row)?,
            };
            game.held_on.push(HeldOnReward {
                person: person()?,
                choice,
            });
            None
        }
        ChangeKind::Packet => {
            game.opened.push(packet(row)?);
            None
        }
        ChangeKind::Event | ChangeKind::Mission => {
            add_card(game, row)?;
            None
        }
        ChangeKind::WorldCapital
        | ChangeKind::EventFortify
        | ChangeKind::EventDestroyCard
        | ChangeKind::Mark
        | ChangeKind::Fallout
        | ChangeKind::DestroyCity => {
            game.events.push(event(row)?);
            None
        }
        other => return Err(format!("a {other} change in a game")),
    };
    if let Some(reward) = reward {
        if game.reward.is_some() {
            return Err("a game with two winner's rewards".to_string());
        }
        game.reward = Some(reward);
    }
    Ok(())
}

/// A photo from its rows: its own (the game; who took it), then its images, the copy first.
pub(super) fn photo(
    caption: Option<String>,
    changes: &[StoredRow],
) -> Result<crate::domain::Entry, String> {
    use crate::domain::entry::photo::{ImageKind, Photo, PhotoFile};
    let (first, files) = changes.split_first().ok_or("a photo without its change")?;
    let mut files = files.iter().map(|row| {
        Ok::<_, String>(PhotoFile {
            sha256: row.name.clone().ok_or("a photo's image without its hash")?,
            kind: row
                .text
                .as_deref()
                .and_then(ImageKind::of_media_type)
                .ok_or("a photo's image of an unknown type")?,
            bytes: row
                .amount
                .and_then(|a| u64::try_from(a).ok())
                .ok_or("a photo's image without its size")?,
        })
    });
    let copy = files.next().ok_or("a photo without its image")??;
    let original = files.next().transpose()?;
    Ok(crate::domain::Entry::Photo(Box::new(Photo {
        game: first
            .amount
            .and_then(|a| u32::try_from(a).ok())
            .ok_or("a photo without its game")?,
        copy,
        original,
        caption,
        by: first.person.clone(),
    })))
}

/// A photo removed, from its row (the game, the image's hash).
pub(super) fn photo_removed(
    reason: Option<String>,
    changes: &[StoredRow],
) -> Result<crate::domain::Entry, String> {
    let row = changes
        .first()
        .ok_or("a photo removed without its change")?;
    Ok(crate::domain::Entry::RemovePhoto {
        game: row
            .amount
            .and_then(|a| u32::try_from(a).ok())
            .ok_or("a photo removed without its game")?,
        sha256: row.name.clone().ok_or("a photo removed without its hash")?,
        reason,
    })
}
