//! A folder of photo files beside a campaign file: `export --format json --photos DIR`
//! writes each image the file's photos name as `DIR/<sha256>.<ext>`; `import FILE --photos
//! DIR` reads those (and only those) back, refusing the import when one is not the image
//! its name says, and keeping the rest after the import's own transaction. A file missing
//! is a photo whose bytes are not here yet, said and not an error.

use std::path::{Path, PathBuf};

use super::error::CliError;
use super::output::say;
use crate::domain::entry::photo::{MAX_PHOTO_BYTES, PhotoFile};
use crate::files::{self, Limit, Symlinks};
use crate::ledger;
use crate::store::{ImageBytes, Store, sha256};

/// The most MiB a photo file is read up to (a photo is at most `MAX_PHOTO_BYTES`).
const PHOTO_MIB: u64 = MAX_PHOTO_BYTES.div_ceil(1 << 20);

/// Writes each image named that is here into `folder`; says how many, and names those
/// whose bytes are not here.
pub(super) fn write(store: &Store, folder: &Path, named: &[PhotoFile]) -> Result<(), CliError> {
    files::folder(folder, Symlinks::Refuse)?;
    let mut missing = Vec::new();
    for file in named {
        match ledger::stored_image(store, file)? {
            Some(image) => {
                files::write(
                    &folder.join(file.file_name()),
                    Symlinks::Refuse,
                    &image.bytes,
                )?;
            }
            None => missing.push(file),
        }
    }
    say(&format!(
        "Wrote {} in {}.",
        photo_files(named.len() - missing.len()),
        folder.display()
    ));
    not_here(&missing);
    Ok(())
}

/// The photo files found in a folder for an import, each checked against its name.
pub(super) struct Found {
    folder: PathBuf,
    here: Vec<PhotoFile>,
    missing: Vec<PhotoFile>,
}

/// Looks for each image named in `folder` and checks its bytes against its name, before
/// anything is imported: a file that is not the image named refuses the import, naming it.
pub(super) fn check(folder: &Path, named: &[PhotoFile]) -> Result<Found, CliError> {
    if !folder.is_dir() {
        return Err(CliError::input(format!(
            "{} is not a folder: --photos names the folder `export --photos` wrote the photo files in.",
            folder.display()
        ))
        .nothing_written());
    }
    let mut found = Found {
        folder: folder.to_path_buf(),
        here: Vec::new(),
        missing: Vec::new(),
    };
    let mut wrong = Vec::new();
    for file in named {
        let path = folder.join(file.file_name());
        if !path.exists() {
            found.missing.push(file.clone());
            continue;
        }
        let bytes = read(&path)?;
        let hash = sha256(&bytes);
        if hash == file.sha256 && bytes.len() as u64 == file.bytes {
            found.here.push(file.clone());
        } else {
            wrong.push(format!(
                "{} ({} bytes with the SHA-256 {hash}; the campaign file names {} bytes)",
                path.display(),
                bytes.len(),
                file.bytes
            ));
        }
    }
    if wrong.is_empty() {
        return Ok(found);
    }
    Err(CliError::input(format!(
        "{} not the image{} the campaign file names, so nothing was imported: {}.",
        if wrong.len() == 1 { "A photo file is" } else { "Photo files are" },
        if wrong.len() == 1 { "" } else { "s" },
        wrong.join("; ")
    ))
    .hinted("Export the campaign with --photos again, or import without --photos (the photos are then not here yet).")
    .nothing_written())
}

/// Keeps the photo files found, one image at a time (each checked by the store against its
/// name again), after the import; says how many, and names those not here.
pub(super) fn keep(store: &mut Store, found: &Found) -> Result<(), CliError> {
    for file in &found.here {
        let bytes = read(&found.folder.join(file.file_name()))?;
        let image = ImageBytes {
            file: file.clone(),
            bytes,
        };
        ledger::keep_images(store, std::slice::from_ref(&image))?;
    }
    say(&format!(
        "Kept {} from {}.",
        photo_files(found.here.len()),
        found.folder.display()
    ));
    not_here(&found.missing.iter().collect::<Vec<_>>());
    Ok(())
}

/// Says, after an import without --photos, that the photos' bytes are not here.
pub(super) fn left_behind(named: &[PhotoFile]) {
    if !named.is_empty() {
        say(&format!(
            "The campaign file names {}, not here yet: `chronicle import FILE --photos DIR` reads them from the folder `export --format json --photos DIR` wrote.",
            photo_files(named.len())
        ));
    }
}

/// Names the images whose bytes are not here.
fn not_here(missing: &[&PhotoFile]) {
    if missing.is_empty() {
        return;
    }
    let names: Vec<String> = missing.iter().map(|f| f.file_name()).collect();
    say(&format!(
        "{} not here yet (the photos are listed, without their images): {}.",
        match missing.len() {
            1 => "1 photo file is".to_string(),
            n => format!("{n} photo files are"),
        },
        names.join(", ")
    ));
}

/// A photo file's bytes.
fn read(path: &Path) -> Result<Vec<u8>, CliError> {
    Ok(files::read(
        path,
        Symlinks::Follow,
        Limit::mib(PHOTO_MIB),
        "a photo",
    )?)
}

/// "1 photo file", "3 photo files".
fn photo_files(count: usize) -> String {
    match count {
        1 => "1 photo file".to_string(),
        n => format!("{n} photo files"),
    }
}
