//! `story`: the whole campaign as a chronicle, read on one snapshot like every other
//! report. Its own function rather than a [`super::View`]: it is a book drawn to a file,
//! not a page or a table the served pages and the API show.

use std::io::Cursor;

use image::ImageReader;

use crate::report::photos::photos;
use crate::report::spoilers::Spoilers;
use crate::report::story::{Image, Images, Story};
use crate::store::{Store, StoreError};

use super::LedgerError;

/// A story and the bytes of the photos it shows.
pub struct Told {
    pub story: Story,
    /// The copies of its photos that are here, by SHA-256.
    pub images: Images,
}

/// The chosen campaign told game by game, with the board and the photos after each; with
/// `Spoilers::None`, nothing that came from a packet, no photo (and no free text unless
/// `notes`).
pub fn story(
    store: &Store,
    campaign: Option<&str>,
    spoilers: Spoilers,
    notes: bool,
) -> Result<Told, LedgerError> {
    let (name, stored, images) = store.snapshot(|store| {
        let info = store.choose_campaign(campaign)?;
        let stored = store.read(info.id)?;
        let mut images = Images::new();
        if spoilers != Spoilers::None {
            for photo in photos(&stored.entries, None) {
                if images.contains_key(&photo.copy.sha256) {
                    continue;
                }
                if let Some(image) = store.image(&photo.copy.sha256)? {
                    let (width, height) = ImageReader::new(Cursor::new(&image.bytes))
                        .with_guessed_format()
                        .ok()
                        .and_then(|reader| reader.into_dimensions().ok())
                        .unwrap_or_default();
                    let bytes = image.bytes;
                    images.insert(
                        image.file.sha256,
                        Image {
                            bytes,
                            width,
                            height,
                        },
                    );
                }
            }
        }
        Ok::<_, StoreError>((info.name, stored, images))
    })?;
    let mut story = Story::new(
        &name,
        &stored.entries,
        &stored.corrections,
        &stored.inserted,
        spoilers,
        notes,
    )?;
    for photo in story.chapters.iter_mut().flat_map(|c| &mut c.game.photos) {
        photo.here = images.contains_key(&photo.copy.sha256);
    }
    Ok(Told { story, images })
}
