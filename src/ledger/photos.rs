//! Photos of games: added (the entry and its bytes in one transaction), removed (an entry
//! of its own, so `undo` brings the photo back and the history keeps both), and their
//! bytes read back; every read model that names a photo says whether its bytes
//! are here.

use super::photo::Prepared;
use super::write::{Guard, guarded};
use super::{LedgerError, Missing};
use crate::domain::entry::photo::Photo;
use crate::domain::entry::validate::{MAX_CAPTION_CHARS, text};
use crate::domain::{Body, Entry, LoggedEntry, Place};
use crate::report::photos::{PhotoView, photos};
use crate::store::{Appended, CampaignInfo, ImageBytes, NewRecord, Stamp, Store};

/// What a person says of a photo they add.
#[derive(Clone, Debug, Default)]
pub struct PhotoOf {
    pub game: u32,
    pub caption: Option<String>,
    /// The person who took it.
    pub by: Option<String>,
}

/// Adds a photo of a game at the end of the log, its images kept in the same transaction;
/// refused when the rules refuse it (a game not played, the same photo twice) or the
/// guard's head moved; nothing written for a dry run.
pub fn add_photo(
    store: &mut Store,
    campaign: Option<&str>,
    stamp: &Stamp,
    guard: &Guard,
    dry_run: bool,
    of: PhotoOf,
    prepared: &Prepared,
) -> Result<(CampaignInfo, Appended), LedgerError> {
    let info = store.choose_campaign(campaign)?;
    let mut stamp = stamp.clone();
    stamp.logged_by.clone_from(&guard.by);
    let caption = of
        .caption
        .as_deref()
        .map(|c| text("caption", c, MAX_CAPTION_CHARS, false))
        .transpose()?
        .filter(|c| !c.is_empty());
    let photo = Photo {
        game: of.game,
        copy: prepared.copy.file.clone(),
        original: prepared.original.as_ref().map(|o| o.file.clone()),
        caption,
        by: of.by,
    };
    let images: Vec<ImageBytes> = std::iter::once(prepared.copy.clone())
        .chain(prepared.original.clone())
        .collect();
    let appended = store.append_with(info.id, &stamp, dry_run, &images, |current| {
        guarded(current, guard)?;
        Ok::<_, LedgerError>(NewRecord {
            place: Place::End,
            body: Body::Add(Entry::Photo(Box::new(photo)).into()),
        })
    })?;
    Ok((info, appended))
}

/// Removes a photo: an entry of its own, with the group's reason (`undo` takes it back and
/// the photo is there again). `id` is the photo's id or any longer start of its hash (at
/// least 4 digits), or `N.M` (game N's Mth photo); `game` chooses where the same image is a
/// photo of two games.
pub fn remove_photo(
    store: &mut Store,
    campaign: Option<&str>,
    stamp: &Stamp,
    guard: &Guard,
    (id, game): (&str, Option<u32>),
    reason: Option<String>,
) -> Result<(CampaignInfo, Appended, PhotoView), LedgerError> {
    let info = store.choose_campaign(campaign)?;
    let mut stamp = stamp.clone();
    stamp.logged_by.clone_from(&guard.by);
    let mut removed = None;
    let appended = store.append(info.id, &stamp, false, |current| {
        guarded(current, guard)?;
        let photo = find_photo(&current.resolved.entries, id, game)?;
        let entry = Entry::RemovePhoto {
            game: photo.game,
            sha256: photo.copy.sha256.clone(),
            reason,
        };
        removed = Some(photo);
        Ok::<_, LedgerError>(NewRecord {
            place: Place::End,
            body: Body::Add(entry.into()),
        })
    })?;
    let photo = removed.ok_or_else(|| {
        LedgerError::Missing(Missing::Photo {
            id: id.to_string(),
            photos: Vec::new(),
        })
    })?;
    Ok((info, appended, photo))
}

/// The photo of the log whose hash starts with `id` (of game `game` where given), or, for
/// `N.M`, game N's Mth photo.
fn find_photo(
    entries: &[LoggedEntry],
    id: &str,
    game: Option<u32>,
) -> Result<PhotoView, LedgerError> {
    let given = id.trim().to_ascii_lowercase();
    if let Some((n, m)) = given.split_once('.')
        && let (Ok(n), Ok(m)) = (n.parse::<u32>(), m.parse::<usize>())
    {
        let mut of_game = photos(entries, Some(n));
        return match m.checked_sub(1).filter(|i| *i < of_game.len()) {
            Some(i) => Ok(of_game.swap_remove(i)),
            None => Err(LedgerError::Missing(Missing::Photo {
                id: id.to_string(),
                photos: of_game
                    .iter()
                    .enumerate()
                    .map(|(i, p)| format!("{n}.{} ({})", i + 1, p.id))
                    .collect(),
            })),
        };
    }
    let mut standing = photos(entries, game);
    let matching: Vec<usize> = (0..standing.len())
        .filter(|i| given.len() >= 4 && standing[*i].copy.sha256.starts_with(&given))
        .collect();
    match matching.as_slice() {
        [one] => Ok(standing.swap_remove(*one)),
        [] => Err(LedgerError::Missing(Missing::Photo {
            id: id.to_string(),
            photos: standing
                .iter()
                .map(|p| format!("{} (game {})", p.id, p.game))
                .collect(),
        })),
        many => Err(LedgerError::Missing(Missing::PhotoOfGames {
            id: id.to_string(),
            games: many.iter().map(|i| standing[*i].game).collect(),
        })),
    }
}

/// The bytes of a photo of the log (its copy, or its original where kept and asked for):
/// none when they are not here yet.
pub fn photo_bytes(
    store: &Store,
    campaign: Option<&str>,
    (id, game): (&str, Option<u32>),
    original: bool,
) -> Result<(PhotoView, Option<ImageBytes>), LedgerError> {
    let (photo, hash) = store.snapshot(|store| {
        let info = store.choose_campaign(campaign)?;
        let stored = store.read(info.id)?;
        let photo = find_photo(&stored.entries, id, game)?;
        let hash = match (original, &photo.original) {
            (true, Some(original)) => original.sha256.clone(),
            (true, None) => {
                return Err(LedgerError::Missing(Missing::Original {
                    id: photo.id.clone(),
                }));
            }
            (false, _) => photo.copy.sha256.clone(),
        };
        Ok::<_, LedgerError>((photo, hash))
    })?;
    let image = store.image(&hash)?;
    Ok((photo, image))
}
