//! Writing a file so that it is either the old one or the whole new one, and never over
//! what is not a regular file: the new content goes into a temporary file created
//! exclusively beside the target under a name nobody can guess, is synced, takes the old
//! file's permissions, and is renamed over it. Temporaries a killed run left behind are
//! removed by the next. Used by the exports, the backup and the sync files.

use std::fs::{File, Permissions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The suffix of chronicle's temporary files.
const SUFFIX: &str = ".chronicle-tmp";

/// Why a file cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{} is {what}, not a regular file; chronicle replaces only regular files.", path.display())]
    NotRegular { path: PathBuf, what: &'static str },

    #[error("{} is a symbolic link; chronicle does not write through one unless asked (--follow-symlink).", path.display())]
    Symlink { path: PathBuf },

    #[error("{} cannot be written: the folder {} does not exist.", path.display(), folder.display())]
    NoFolder { path: PathBuf, folder: PathBuf },

    #[error("{} cannot be {action}: {source}.", path.display())]
    Io {
        path: PathBuf,
        action: &'static str,
        source: std::io::Error,
    },
}

/// Whether a symbolic link at the target is written through (its target replaced) or
/// refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symlinks {
    Refuse,
    Follow,
}

/// Writes `bytes` to `path`, whole or not at all.
pub fn write(path: &Path, symlinks: Symlinks, bytes: &[u8]) -> Result<(), FileError> {
    replace(path, symlinks, |temporary| {
        let written = File::options()
            .write(true)
            .open(temporary)
            .and_then(|mut file| file.write_all(bytes).and_then(|()| file.flush()));
        written.map_err(|source| FileError::Io {
            path: path.to_path_buf(),
            action: "written",
            source,
        })
    })
}

/// Replaces the file at `path` with what `produce` writes into the temporary file whose
/// path it is given (created empty, exclusively): whole or not at all.
pub fn replace<E: From<FileError>>(
    path: &Path,
    symlinks: Symlinks,
    produce: impl FnOnce(&Path) -> Result<(), E>,
) -> Result<(), E> {
    let (target, permissions) = target(path, symlinks)?;
    let folder = folder_of(&target);
    let name = file_name(&target);
    remove_stale(folder, &name);
    let io = |action: &'static str| {
        let path = target.clone();
        move |source: std::io::Error| FileError::Io {
            path,
            action,
            source,
        }
    };
    let temporary = tempfile::Builder::new()
        .prefix(&format!(".{name}.{}.", std::process::id()))
        .suffix(SUFFIX)
        .tempfile_in(folder)
        .map_err(io("written (no temporary file could be made beside it)"))?;
    produce(temporary.path())?;
    let file = temporary.as_file();
    file.sync_all().map_err(io("written"))?;
    file.set_permissions(permissions)
        .map_err(io("given its permissions"))?;
    temporary
        .persist(&target)
        .map_err(|e| io("written")(e.error))?;
    // The rename itself is made durable by syncing the folder that holds it.
    if let Ok(folder) = File::open(folder) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// The file that will be replaced (the target of a link followed) and the permissions the
/// new one takes: the old file's, or those of a new file.
fn target(path: &Path, symlinks: Symlinks) -> Result<(PathBuf, Permissions), FileError> {
    let mut target = path.to_path_buf();
    let metadata = match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            if symlinks == Symlinks::Refuse {
                return Err(FileError::Symlink {
                    path: path.to_path_buf(),
                });
            }
            target = std::fs::canonicalize(path).map_err(|source| FileError::Io {
                path: path.to_path_buf(),
                action: "followed",
                source,
            })?;
            std::fs::metadata(&target).ok()
        }
        Ok(metadata) => Some(metadata),
        Err(_) => None,
    };
    if let Some(metadata) = metadata {
        if !metadata.is_file() {
            return Err(FileError::NotRegular {
                path: path.to_path_buf(),
                what: kind(&metadata),
            });
        }
        return Ok((target, metadata.permissions()));
    }
    let folder = folder_of(&target);
    if !folder.is_dir() {
        return Err(FileError::NoFolder {
            path: path.to_path_buf(),
            folder: folder.to_path_buf(),
        });
    }
    Ok((target, new_file_permissions()))
}

/// What a file that is not regular is, in words.
pub fn kind(metadata: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let file_type = metadata.file_type();
        if file_type.is_fifo() {
            return "a named pipe";
        }
        if file_type.is_socket() {
            return "a socket";
        }
        if file_type.is_block_device() || file_type.is_char_device() {
            return "a device";
        }
    }
    if metadata.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}

#[cfg(unix)]
fn new_file_permissions() -> Permissions {
    use std::os::unix::fs::PermissionsExt;
    Permissions::from_mode(0o644)
}

#[cfg(not(unix))]
fn new_file_permissions() -> Permissions {
    tempfile::tempfile()
        .and_then(|f| f.metadata())
        .map(|m| m.permissions())
        .unwrap_or_else(|_| {
            std::fs::metadata(".")
                .map(|m| m.permissions())
                .expect("a folder")
        })
}

fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Removes the temporaries for `name` that a killed run left in `folder`: those of a
/// process that no longer runs (or, where that cannot be known, older than a day).
fn remove_stale(folder: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        // SQLite's own files beside a temporary it wrote into go with it.
        let base = ["-journal", "-wal", "-shm"]
            .iter()
            .find_map(|s| file.strip_suffix(s))
            .unwrap_or(&file);
        let Some(rest) = base
            .strip_prefix(&prefix)
            .and_then(|r| r.strip_suffix(SUFFIX))
        else {
            continue;
        };
        let pid = rest.split('.').next().and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(|pid| pid != std::process::id() && gone(pid, &entry.path())) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether the process that made a temporary file has ended.
fn gone(pid: u32, file: &Path) -> bool {
    let proc = Path::new("/proc");
    if proc.is_dir() {
        return !proc.join(pid.to_string()).exists();
    }
    let day = std::time::Duration::from_hours(24);
    std::fs::metadata(file)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age > day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_keeps_its_permissions() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("out.txt");
        write(&path, Symlinks::Refuse, b"first").expect("written");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, Permissions::from_mode(0o600)).expect("chmod");
            write(&path, Symlinks::Refuse, b"second").expect("written again");
            let mode = std::fs::metadata(&path)
                .expect("metadata")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert_eq!(std::fs::read(&path).expect("read"), b"second");
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .expect("listing")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left.len(), 1, "{left:?}");
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("out.txt");
        write(&path, Symlinks::Refuse, b"old").expect("written");
        let failed = replace(&path, Symlinks::Refuse, |_| {
            Err(FileError::Io {
                path: path.clone(),
                action: "written",
                source: std::io::Error::other("the disk is full"),
            })
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).expect("read"), b"old");
        assert_eq!(std::fs::read_dir(dir.path()).expect("listing").count(), 1);
    }

    #[test]
    fn stale_temporaries_of_ended_processes_are_removed() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("out.txt");
        // No process has this number (above the largest pid Linux gives).
        let stale = dir.path().join(format!(".out.txt.4294967295.abc{SUFFIX}"));
        std::fs::write(&stale, b"half").expect("a stale temporary");
        write(&path, Symlinks::Refuse, b"new").expect("written");
        assert!(!stale.exists() || !Path::new("/proc").is_dir());
    }
}
