//! Where a database is: its host and its file. A database takes an identity at its first
//! sync and keeps where it was then; a copy of it (another machine, another file) carries
//! the identity and the device's name but is somewhere else, and is told to pick a name of
//! its own before it writes. A backup restored over the database, where it was, is the
//! database again.

use std::path::Path;

use crate::cli::error::CliError;
use crate::store::Store;

/// Where the database file at `path` is: `host:/its/path`, the folder's path resolved
/// (the file itself may not be there yet: a device joining).
pub(super) fn here(path: &Path) -> String {
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let folder = std::fs::canonicalize(folder).unwrap_or_else(|_| folder.to_path_buf());
    let file = path.file_name().unwrap_or_default();
    format!(
        "{}:{}",
        super::device::host_name(),
        folder.join(file).display()
    )
}

/// Whether this database is a copy of one that syncs (its identity taken at another
/// place): refused, unless it was given a name of its own (`given`, not the name it
/// carries), which it then syncs as. Returns that name.
pub(super) fn copied(
    store: &Store,
    given: Option<&str>,
    here: &str,
) -> Result<Option<String>, CliError> {
    let (Some(_), Some(there)) = (store.database()?, store.database_place()?) else {
        return Ok(None);
    };
    let carried = store.device()?.unwrap_or_default();
    match given {
        _ if there == here => Ok(None),
        Some(name) if name != carried => Ok(Some(name.to_string())),
        _ => Err(CliError::input(format!(
            "This database is a copy: it took its identity as device \"{carried}\" at {there}, and it is now at {here}. Two databases syncing as one device would each write {carried}'s file. Give this one a name of its own: `chronicle sync DIR --device NAME` (e.g. --device {carried}-2); the entries it holds stay shared. (A database moved here, the old one gone, picks a name so too.)"
        ))
        .nothing_written()),
    }
}
