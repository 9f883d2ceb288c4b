//! Photos read for a page: the image of a file name (`<sha256>.jpg`) only where a photo
//! standing in the log names it (a hash the database holds but no photo names, one of a
//! photo removed, or another campaign's, is not given), and the size in pixels of the
//! copies a page shows (read from each image's header, so that the page keeps its place
//! while they load).

use std::collections::HashMap;
use std::io::Cursor;

use image::ImageReader;

use super::LedgerError;
use crate::domain::entry::photo::PhotoFile;
use crate::report::photos::{PhotoView, photos};
use crate::store::{ImageBytes, Store};

/// The image a file name names (`<sha256>.<ext>`, the extension its kind's), where a
/// photo standing in the campaign's log names it (as its copy or its original) and its
/// bytes are here; none otherwise.
pub fn photo_image(
    store: &Store,
    campaign: Option<&str>,
    file_name: &str,
) -> Result<Option<ImageBytes>, LedgerError> {
    let Some((sha256, _)) = file_name.split_once('.') else {
        return Ok(None);
    };
    if !PhotoFile::is_sha256(sha256) {
        return Ok(None);
    }
    store.snapshot(|store| {
        let info = store.choose_campaign(campaign)?;
        let stored = store.read(info.id)?;
        let named = photos(&stored.entries, None)
            .iter()
            .any(|photo| photo.hashes().any(|h| h == sha256));
        if !named {
            return Ok(None);
        }
        let image = store.image(sha256)?;
        Ok(image.filter(|image| image.file.file_name() == file_name))
    })
}

/// The width and height of each copy of these photos whose bytes are here, by hash.
pub fn copy_sizes(
    store: &Store,
    shown: &[PhotoView],
) -> Result<HashMap<String, (u32, u32)>, LedgerError> {
    let mut sizes = HashMap::new();
    for photo in shown.iter().filter(|p| p.here) {
        let Some(image) = store.image(&photo.copy.sha256)? else {
            continue;
        };
        let size = ImageReader::new(Cursor::new(&image.bytes))
            .with_guessed_format()
            .ok()
            .and_then(|reader| reader.into_dimensions().ok());
        if let Some(size) = size {
            sizes.insert(photo.copy.sha256.clone(), size);
        }
    }
    Ok(sizes)
}
