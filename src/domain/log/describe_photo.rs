//! What a photo entry did, in words: "added a photo of game 7 (3fa9c2e1): the board at
//! the end", "removed the photo 3fa9c2e1 of game 7: blurred" (the caption and the reason
//! are free text, which a report without notes leaves out).

use super::happening::Happening;
use crate::domain::entry::Entry;
use crate::domain::entry::photo::PHOTO_ID_DIGITS;
use crate::domain::vocabulary::change::ChangeKind;

/// A photo added or removed (nothing for another entry).
pub(super) fn photo(entry: &Entry) -> Vec<Happening> {
    let happening = match entry {
        Entry::RemovePhoto {
            game,
            sha256,
            reason,
        } => {
            let id: String = sha256.chars().take(PHOTO_ID_DIGITS).collect();
            let plain = format!("removed the photo {id} of game {game}");
            with_free_text(ChangeKind::PhotoRemoved, plain, reason.as_deref())
        }
        Entry::Photo(photo) => {
            let plain = format!("added a photo of game {} ({})", photo.game, photo.id());
            let happening = with_free_text(ChangeKind::Photo, plain, photo.caption.as_deref());
            match &photo.by {
                Some(by) => happening.by(by),
                None => happening,
            }
        }
        _ => return Vec::new(),
    };
    vec![happening]
}

/// The words, with `: free text` after them where there is some.
fn with_free_text(kind: ChangeKind, plain: String, free: Option<&str>) -> Happening {
    match free {
        Some(free) => Happening {
            without_reason: Some(plain.clone()),
            ..Happening::new(kind, format!("{plain}: {free}"))
        },
        None => Happening::new(kind, plain),
    }
}
