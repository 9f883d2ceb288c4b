//! A photo of a game as a campaign file and a device log write it: the images it names by
//! their SHA-256 (the bytes travel beside the file, `photos/<sha256>.<ext>`), its caption
//! and who took it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::entry::photo::{ImageKind, Photo, PhotoFile};

/// A photo of game `game`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhotoDoc {
    pub game: u32,
    /// The copy pages show (at most 1,600 pixels on its long side).
    pub copy: PhotoFileDoc,
    /// The full-size image, where the group kept it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original: Option<PhotoFileDoc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

/// One image: the SHA-256 of its bytes, its media type and size in bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhotoFileDoc {
    #[schemars(regex(pattern = r"^[0-9a-f]{64}$"))]
    pub sha256: String,
    #[schemars(extend("enum" = ["image/jpeg", "image/png", "image/webp"]))]
    pub media_type: String,
    pub bytes: u64,
}

impl PhotoDoc {
    pub fn new(photo: &Photo) -> PhotoDoc {
        PhotoDoc {
            game: photo.game,
            copy: PhotoFileDoc::new(&photo.copy),
            original: photo.original.as_ref().map(PhotoFileDoc::new),
            caption: photo.caption.clone(),
            by: photo.by.clone(),
        }
    }

    /// The photo it records; an error names what cannot be read.
    pub fn photo(&self) -> Result<Photo, String> {
        Ok(Photo {
            game: self.game,
            copy: self.copy.file()?,
            original: self.original.as_ref().map(PhotoFileDoc::file).transpose()?,
            caption: self.caption.clone(),
            by: self.by.clone(),
        })
    }
}

impl PhotoFileDoc {
    fn new(file: &PhotoFile) -> PhotoFileDoc {
        PhotoFileDoc {
            sha256: file.sha256.clone(),
            media_type: file.kind.media_type().to_string(),
            bytes: file.bytes,
        }
    }

    fn file(&self) -> Result<PhotoFile, String> {
        Ok(PhotoFile {
            sha256: self.sha256.clone(),
            kind: ImageKind::of_media_type(&self.media_type).ok_or_else(|| {
                format!(
                    "a photo is image/jpeg, image/png or image/webp, not {:?}",
                    self.media_type
                )
            })?,
            bytes: self.bytes,
        })
    }
}
