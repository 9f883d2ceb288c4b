//! The images of photos, by the SHA-256 of their bytes (`photo_file`): written in the
//! transaction of the entry that names them, or later for a photo whose entry came first
//! (a sync); the bytes are hashed again here, the one way in, and refused when they are
//! not what their name says.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use rusqlite::{OptionalExtension, Transaction, params};
use sha2::{Digest, Sha256};

use super::{Store, StoreError};
use crate::domain::entry::photo::{ImageKind, PhotoFile};

/// An image and its bytes, as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageBytes {
    pub file: PhotoFile,
    pub bytes: Vec<u8>,
}

impl ImageBytes {
    /// The image of these bytes, named by their hash.
    pub fn of(kind: ImageKind, bytes: Vec<u8>) -> ImageBytes {
        ImageBytes {
            file: PhotoFile {
                sha256: sha256(&bytes),
                kind,
                bytes: bytes.len() as u64,
            },
            bytes,
        }
    }
}

/// The SHA-256 of bytes, as written (64 lowercase hex digits).
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .fold(String::with_capacity(64), |mut hex, b| {
            let _ = write!(hex, "{b:02x}");
            hex
        })
}

/// Writes images not kept yet, each checked against its name first.
pub(super) fn put(tx: &Transaction<'_>, images: &[ImageBytes]) -> Result<usize, StoreError> {
    let mut insert = tx.prepare_cached(
        "INSERT OR IGNORE INTO photo_file (sha256, media_type, bytes) VALUES (?1, ?2, ?3)",
    )?;
    let mut written = 0;
    for image in images {
        let found = sha256(&image.bytes);
        if found != image.file.sha256 || image.bytes.len() as u64 != image.file.bytes {
            return Err(StoreError::ImageNotItsHash {
                name: image.file.file_name(),
                found,
            });
        }
        written += insert.execute(params![
            image.file.sha256,
            image.file.kind.media_type(),
            image.bytes
        ])?;
    }
    Ok(written)
}

impl Store {
    /// Keeps images whose entries are in the log already (a sync, an import), in one
    /// transaction: all or none. Returns how many were new here.
    pub fn keep_images(&mut self, images: &[ImageBytes]) -> Result<usize, StoreError> {
        self.write(true, |tx| put(tx, images))
    }

    /// An image's bytes, when they are here.
    pub fn image(&self, sha256: &str) -> Result<Option<ImageBytes>, StoreError> {
        let row: Option<(String, Vec<u8>)> = self
            .conn
            .query_row(
                "SELECT media_type, bytes FROM photo_file WHERE sha256 = ?1",
                [sha256],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?;
        let Some((media_type, bytes)) = row else {
            return Ok(None);
        };
        let kind = ImageKind::of_media_type(&media_type).ok_or_else(|| StoreError::Damaged {
            detail: format!("an image of the unknown type {media_type:?}"),
        })?;
        Ok(Some(ImageBytes {
            file: PhotoFile {
                sha256: sha256.to_string(),
                kind,
                bytes: bytes.len() as u64,
            },
            bytes,
        }))
    }

    /// Which of these images are here (their bytes kept), without reading the bytes.
    pub fn images_here<'a>(
        &self,
        hashes: impl IntoIterator<Item = &'a str>,
    ) -> Result<BTreeSet<String>, StoreError> {
        let mut here = BTreeSet::new();
        let mut query = self
            .conn
            .prepare_cached("SELECT 1 FROM photo_file WHERE sha256 = ?1")?;
        for hash in hashes {
            if query.exists([hash])? {
                here.insert(hash.to_string());
            }
        }
        Ok(here)
    }
}
