//! The images of the log's photos through the shared folder's `photos/`: one file an image,
//! named by the SHA-256 of its bytes (`photos/<sha256>.jpg`), for every campaign of the
//! folder. After the log's exchange, an image here that the folder lacks is written there
//! (whole or not at all, never over a file already there), and an image the folder has that
//! is not here is read and kept, its bytes checked against its name. Which files are needed
//! is told by their names alone: only those are opened. A file whose bytes are not what its
//! name says is refused, named and left where it is for a person to look at; an image that
//! is neither here nor in the folder is not here yet (its device has not synced it).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::cli::error::CliError;
use crate::domain::LoggedEntry;
use crate::domain::entry::photo::{ImageKind, PhotoFile};
use crate::files::{self, Limit, Symlinks};
use crate::report::photos::photos;
use crate::report::sync::{PhotosSynced, RefusedPhoto};
use crate::store::{ImageBytes, Store, StoreError};

/// The folder of the images in the shared folder.
pub(super) const FOLDER: &str = "photos";

/// The largest image file read: a photo is at most 20 MB (`MAX_PHOTO_BYTES`), under this.
const LIMIT: Limit = Limit::mib(20);

/// What an image file is, for a refusal.
const WHAT: &str = "a photo's image";

/// The folder of the images.
pub(super) fn photos_folder(dir: &Path) -> PathBuf {
    dir.join(FOLDER)
}

/// What the folder and this database hold of the log's images.
struct Needs {
    /// Here and not in the folder.
    send: Vec<PhotoFile>,
    /// In the folder (by name) and not here.
    bring: Vec<PhotoFile>,
    /// Neither here nor in the folder.
    nowhere: usize,
    /// Why the folder's `photos` is not read or written (a link, not a folder).
    refused: Option<RefusedPhoto>,
}

/// Exchanges the images of the photos standing in `entries` (the log after the sync)
/// with the folder `dir`: returns what was done and the files written (for git). A file
/// written is no more open than the database at `database`.
pub(super) fn exchange(
    store: &mut Store,
    dir: &Path,
    entries: &[LoggedEntry],
    database: &Path,
) -> Result<(PhotosSynced, Vec<PathBuf>), CliError> {
    let needs = needs(store, dir, entries)?;
    let folder = photos_folder(dir);
    let mut done = PhotosSynced {
        not_here: needs.nowhere,
        refused: needs.refused.into_iter().collect(),
        ..PhotosSynced::default()
    };
    let mut written = Vec::new();
    for file in &needs.send {
        let Some(image) = store.image(&file.sha256)? else {
            continue;
        };
        let path = folder.join(file.file_name());
        // Never over a file there: another device wrote it meanwhile.
        if std::fs::symlink_metadata(&path).is_ok() {
            continue;
        }
        files::folder(&folder, Symlinks::Never)?;
        files::write_as(&path, Symlinks::Never, Some(database), &image.bytes)?;
        written.push(path);
        done.sent += 1;
    }
    for file in needs.bring {
        let name = file.file_name();
        let shown = format!("{FOLDER}/{name}");
        let bytes = match read_image(&folder.join(&name), &file) {
            Ok(bytes) => bytes,
            Err(why) => {
                done.not_here += 1;
                done.refused.push(RefusedPhoto { file: shown, why });
                continue;
            }
        };
        let size = bytes.len();
        match store.keep_images(&[ImageBytes { file, bytes }]) {
            Ok(_) => done.received += 1,
            Err(StoreError::ImageNotItsHash { found, .. }) => {
                done.not_here += 1;
                done.refused.push(RefusedPhoto {
                    file: shown,
                    why: format!(
                        "its bytes are not the image its name says ({size} bytes, SHA-256 {}…)",
                        &found[..16]
                    ),
                });
            }
            Err(other) => return Err(other.into()),
        }
    }
    Ok((done, written))
}

/// The bytes of an image's file, read only when it holds as many as the image (a file of
/// another size is not the image, whatever it holds); or why not.
fn read_image(path: &Path, file: &PhotoFile) -> Result<Vec<u8>, String> {
    let (mut reader, size) =
        files::open(path, Symlinks::Never, LIMIT, WHAT).map_err(|e| e.reason())?;
    if size != file.bytes {
        return Err(format!(
            "its bytes are not the image its name says (it holds {size} bytes, the image {}); not read",
            file.bytes
        ));
    }
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut reader, &mut bytes).map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// What a sync would do with the images, reading no file (`sync status`).
pub(super) fn plan(
    store: &Store,
    dir: &Path,
    entries: &[LoggedEntry],
) -> Result<PhotosSynced, CliError> {
    let needs = needs(store, dir, entries)?;
    Ok(PhotosSynced {
        received: needs.bring.len(),
        sent: needs.send.len(),
        not_here: needs.nowhere,
        refused: needs.refused.into_iter().collect(),
    })
}

/// Which of the log's images go out, which come in and which are nowhere yet: told by the
/// database and by the names in the folder's `photos/`, no file opened.
fn needs(store: &Store, dir: &Path, entries: &[LoggedEntry]) -> Result<Needs, CliError> {
    let images = images_of(entries);
    let here = store.images_here(images.iter().map(|f| f.sha256.as_str()))?;
    let folder = photos_folder(dir);
    let (listed, refused) = match names(&folder) {
        Ok(listed) => (listed, None),
        Err(why) => (HashSet::new(), Some(why)),
    };
    let mut needs = Needs {
        send: Vec::new(),
        bring: Vec::new(),
        nowhere: 0,
        refused,
    };
    for image in images {
        let there = listed.contains(&image.file_name());
        match (here.contains(&image.sha256), there) {
            (true, false) if needs.refused.is_none() => needs.send.push(image),
            (false, true) => needs.bring.push(image),
            (false, false) => needs.nowhere += 1,
            _ => {}
        }
    }
    Ok(needs)
}

/// The images the photos standing in the log name (copies and originals), each once.
fn images_of(entries: &[LoggedEntry]) -> Vec<PhotoFile> {
    let mut seen = HashSet::new();
    photos(entries, None)
        .iter()
        .flat_map(|photo| std::iter::once(&photo.copy).chain(photo.original.as_ref()))
        .filter_map(|view| {
            Some(PhotoFile {
                sha256: view.sha256.clone(),
                kind: ImageKind::of_media_type(view.media_type)?,
                bytes: view.bytes,
            })
        })
        .filter(|file| seen.insert(file.sha256.clone()))
        .collect()
}

/// The names in the folder of the images (none when it is not there yet); refused when
/// it is a link or not a folder, so that nothing is read or written elsewhere.
fn names(folder: &Path) -> Result<HashSet<String>, RefusedPhoto> {
    let Ok(metadata) = std::fs::symlink_metadata(folder) else {
        return Ok(HashSet::new());
    };
    let refused = |why: String| RefusedPhoto {
        file: format!("{FOLDER}/"),
        why: format!("{why}; no image is read from it or written to it"),
    };
    if metadata.file_type().is_symlink() {
        return Err(refused(
            files::FileError::LinkRefused {
                path: folder.to_path_buf(),
            }
            .reason(),
        ));
    }
    if !metadata.is_dir() {
        let what = if metadata.is_file() {
            "a regular file"
        } else {
            files::kind(&metadata)
        };
        return Err(refused(format!("it is {what}, not a folder")));
    }
    let listing = std::fs::read_dir(folder).map_err(|e| refused(e.to_string()))?;
    Ok(listing
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect())
}

/// The names in the folder of the images, sorted, one a line (for the memory of a sync
/// that brings nothing: an image that arrives or goes changes it).
pub(super) fn listed_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = names(&photos_folder(dir))
        .map(|n| n.into_iter().filter(|n| !n.starts_with('.')).collect())
        .unwrap_or_default();
    names.sort();
    names
}

/// Of these files of `photos/`, those that are the image their name says
/// (`<sha256>.<ext>`, the bytes of that hash): only such a file is shared through git.
pub(super) fn images_as_named(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    paths
        .into_iter()
        .filter(|path| {
            let Some((hash, extension)) = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.split_once('.'))
            else {
                return false;
            };
            PhotoFile::is_sha256(hash)
                && ImageKind::ALL.iter().any(|k| k.extension() == extension)
                && files::read(path, Symlinks::Never, LIMIT, WHAT)
                    .is_ok_and(|bytes| crate::store::sha256(&bytes) == hash)
        })
        .collect()
}
