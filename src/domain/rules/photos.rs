//! Photos of games: each of a game played so far (as a packet opened between games names
//! one), by someone of the campaign where it says who took it, and once per game; removed
//! only where that game has it.

use crate::domain::entry::Entry;
use crate::domain::entry::photo::{PHOTO_ID_DIGITS, Photo};
use crate::domain::rules::apply::Applied;
use crate::domain::state::Campaign;
use crate::domain::vocabulary::refusal::Refusal;

impl Campaign {
    /// A photo added or removed.
    pub(in crate::domain) fn photo_entry(&mut self, entry: &Entry) -> Result<Applied, Refusal> {
        match entry {
            Entry::RemovePhoto {
                game,
                sha256,
                reason,
            } => self.remove_photo(*game, sha256, reason.as_deref()),
            Entry::Photo(photo) => self.add_photo(photo),
            _ => Ok(Applied::of(entry.clone())),
        }
    }

    fn add_photo(&mut self, photo: &Photo) -> Result<Applied, Refusal> {
        if photo.game == 0 || photo.game > self.games {
            return Err(Refusal::PhotoGame {
                game: photo.game,
                played: self.games,
            });
        }
        let twice = self
            .photos
            .iter()
            .any(|(game, sha)| *game == photo.game && *sha == photo.copy.sha256);
        if twice {
            return Err(Refusal::PhotoTwice {
                id: photo.id().to_string(),
                game: photo.game,
            });
        }
        let mut photo = photo.clone();
        if let Some(by) = &photo.by {
            photo.by = Some(self.find_person(by)?.to_string());
        }
        self.photos.push((photo.game, photo.copy.sha256.clone()));
        Ok(Applied::of(Entry::Photo(Box::new(photo))))
    }

    /// A photo removed: one that game has.
    fn remove_photo(
        &mut self,
        game: u32,
        sha256: &str,
        reason: Option<&str>,
    ) -> Result<Applied, Refusal> {
        let Some(at) = self
            .photos
            .iter()
            .position(|(g, sha)| *g == game && sha == sha256)
        else {
            return Err(Refusal::NoPhoto {
                id: sha256.chars().take(PHOTO_ID_DIGITS).collect(),
                game,
            });
        };
        self.photos.remove(at);
        Ok(Applied::of(Entry::RemovePhoto {
            game,
            sha256: sha256.to_string(),
            reason: reason.map(str::to_string),
        }))
    }
}
