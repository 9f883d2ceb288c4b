//! The images of a campaign's photos as files beside its campaign file (`export --format
//! json --photos DIR`, `import FILE --photos DIR`): each read from the database by its hash,
//! and kept in it only when its bytes hash to the name the log gives it.

use crate::domain::entry::photo::PhotoFile;
use crate::domain::{Body, Correction, Entry, LogRecord};
use crate::store::{ImageBytes, Store};

use super::LedgerError;

/// Every image the photo entries of these records name (copies and originals), each once,
/// in the order written: photos removed or taken back too, since `undo` brings them back.
pub fn named_images(records: &[LogRecord]) -> Vec<PhotoFile> {
    let mut named: Vec<PhotoFile> = Vec::new();
    for record in records {
        let entry = match &record.body {
            Body::Add(entry) | Body::Correct(Correction::Replace { entry, .. }) => entry,
            Body::Correct(_) => continue,
        };
        if let Entry::Photo(photo) = &**entry {
            for file in photo.files() {
                if !named.iter().any(|n| n.sha256 == file.sha256) {
                    named.push(file.clone());
                }
            }
        }
    }
    named
}

/// An image's bytes, when they are here.
pub fn stored_image(store: &Store, file: &PhotoFile) -> Result<Option<ImageBytes>, LedgerError> {
    Ok(store.image(&file.sha256)?)
}

/// Keeps images whose entries are in the log already (an import's photos), each checked
/// against its name first: all or none. How many were new here.
pub fn keep_images(store: &mut Store, images: &[ImageBytes]) -> Result<usize, LedgerError> {
    Ok(store.keep_images(images)?)
}
