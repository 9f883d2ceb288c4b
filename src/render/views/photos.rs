//! Photos of games as tables: `game photo list`, and the photo lines of `game show`.

use crate::render::tabular::{Sheet, Table, Tabular};
use crate::report::photos::{PhotoList, PhotoView};

/// A size in bytes as a person reads it (`412 KB`, `3.1 MB`).
pub fn size_words(bytes: u64) -> String {
    if bytes >= 1_000_000 {
        format!("{:.1} MB", bytes as f64 / 1_000_000.0)
    } else {
        format!("{} KB", bytes.div_ceil(1000))
    }
}

/// A photo in one line: `Photo 3fa9c2e1 by Ann: the board at the end (412 KB)`.
pub(crate) fn photo_line(photo: &PhotoView) -> String {
    let by = photo
        .by
        .as_deref()
        .map(|b| format!(" by {b}"))
        .unwrap_or_default();
    let caption = photo
        .caption
        .as_deref()
        .map(|c| format!(": {c}"))
        .unwrap_or_default();
    let here = if photo.here {
        size_words(photo.copy.bytes)
    } else {
        "not here yet".to_string()
    };
    format!("Photo {}{by}{caption} ({here})", photo.id)
}

impl Tabular for PhotoList {
    fn lines(&self) -> Vec<String> {
        if !self.photos.is_empty() {
            return Vec::new();
        }
        let of = self
            .game
            .map_or_else(|| self.campaign.clone(), |g| format!("game {g}"));
        vec![format!(
            "No photo of {of} yet: `chronicle game photo add N FILE` adds one."
        )]
    }

    fn sheets(&self) -> Vec<Sheet> {
        let mut table = Table::new(&[
            "photo",
            "game",
            "sha256",
            "media_type",
            "bytes",
            "original_sha256",
            "caption",
            "by",
            "added_at",
            "here",
        ]);
        for p in &self.photos {
            table.row(vec![
                p.id.clone(),
                p.game.to_string(),
                p.copy.sha256.clone(),
                p.copy.media_type.to_string(),
                p.copy.bytes.to_string(),
                p.original
                    .as_ref()
                    .map(|o| o.sha256.clone())
                    .unwrap_or_default(),
                p.caption.clone().unwrap_or_default(),
                p.by.clone().unwrap_or_default(),
                p.added_at.clone(),
                p.here.to_string(),
            ]);
        }
        vec![Sheet {
            name: "photos".to_string(),
            table,
        }]
    }

    fn tables(&self) -> Vec<Table> {
        if self.photos.is_empty() {
            return Vec::new();
        }
        let mut table = Table::new(&["Photo", "Game", "Caption", "By", "Size", "Kept"]);
        for p in &self.photos {
            table.row(vec![
                p.id.clone(),
                p.game.to_string(),
                p.caption.clone().unwrap_or_default(),
                p.by.clone().unwrap_or_default(),
                size_words(p.copy.bytes),
                match (&p.original, p.here) {
                    (_, false) => "not here yet".to_string(),
                    (Some(o), true) => format!("copy and original ({})", size_words(o.bytes)),
                    (None, true) => "copy".to_string(),
                },
            ]);
        }
        vec![table]
    }
}
