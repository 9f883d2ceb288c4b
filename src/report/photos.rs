//! Photos of games as `game photo list`, `game show` and the pages name them: each by its
//! id (the first digits of its copy's hash), with its images, caption, who took it and
//! whether its bytes are here yet (a device that synced the entry before the bytes). A
//! photo removed (an entry of its own, which `undo` takes back) is not among them.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::entry::photo::{Photo, PhotoFile};
use crate::domain::{Entry, LoggedEntry};

/// `game photo list --format json`: the photos of one game, or of every game.
#[derive(Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhotoList {
    pub campaign: String,
    /// The game asked for, or null for every game.
    pub game: Option<u32>,
    pub photos: Vec<PhotoView>,
}

/// A photo of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhotoView {
    /// What a person calls it (`game photo show ID`): the first 8 hex digits of its copy's
    /// hash.
    pub id: String,
    pub game: u32,
    /// The copy pages show (at most 1,600 pixels on its long side).
    pub copy: PhotoFileView,
    /// The full-size image, where the group kept it.
    pub original: Option<PhotoFileView>,
    pub caption: Option<String>,
    /// The person who took it, when the entry says.
    pub by: Option<String>,
    /// When it was added (RFC 3339).
    pub added_at: String,
    /// The device that added it, when the record says (a phone's name).
    pub logged_by: Option<String>,
    /// Whether the copy's bytes are in this database (false: the entry came by sync and
    /// its bytes are not here yet).
    pub here: bool,
}

/// One image of a photo.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhotoFileView {
    pub sha256: String,
    pub media_type: &'static str,
    pub bytes: u64,
}

impl PhotoFileView {
    fn new(file: &PhotoFile) -> PhotoFileView {
        PhotoFileView {
            sha256: file.sha256.clone(),
            media_type: file.kind.media_type(),
            bytes: file.bytes,
        }
    }
}

impl PhotoView {
    fn new(logged: &LoggedEntry, photo: &Photo) -> PhotoView {
        PhotoView {
            id: photo.id().to_string(),
            game: photo.game,
            copy: PhotoFileView::new(&photo.copy),
            original: photo.original.as_ref().map(PhotoFileView::new),
            caption: photo.caption.clone(),
            by: photo.by.clone(),
            added_at: logged.recorded_at.clone(),
            logged_by: logged.logged_by.clone(),
            here: false,
        }
    }

    /// Every hash it names: the copy's, then the original's.
    pub fn hashes(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.copy.sha256.as_str())
            .chain(self.original.as_ref().map(|o| o.sha256.as_str()))
    }
}

/// The photos of a log (added, not removed, neither taken back), of game `game` or of
/// every game, in the order they were added.
pub fn photos(entries: &[LoggedEntry], game: Option<u32>) -> Vec<PhotoView> {
    let mut photos: Vec<PhotoView> = Vec::new();
    for logged in entries.iter().filter(|e| e.taken_back.is_none()) {
        match &*logged.entry {
            Entry::Photo(photo) if game.is_none_or(|g| g == photo.game) => {
                photos.push(PhotoView::new(logged, photo));
            }
            Entry::RemovePhoto {
                game: of, sha256, ..
            } => photos.retain(|p| !(p.game == *of && p.copy.sha256 == *sha256)),
            _ => {}
        }
    }
    photos
}
