//! The one way chronicle opens a file for reading (`reading`) and the one way it writes
//! one.
//!
//! Writing: a file is either the old one or the whole new one, and never written over what
//! is not a regular file: the new content goes into a temporary file created exclusively
//! beside the target under a name nobody can guess, is synced, and is renamed over it. A
//! file replaced keeps its permissions; a new one follows the umask; a file that holds what
//! the database holds (a backup, a device's file for sync) is no more open than the
//! database. Temporaries a killed run left behind are removed by the next. Used by the
//! exports, the backup, the manual pages and the sync files.

mod reading;

use std::fs::{File, Permissions};
use std::io::Write;
use std::path::{Path, PathBuf};

pub use reading::{Limit, open, read, read_text, wide_encoding};

/// The suffix of chronicle's temporary files.
const SUFFIX: &str = ".chronicle-tmp";

/// Why a file cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{} is {what}, not a regular file; chronicle replaces only regular files.", path.display())]
    NotRegular { path: PathBuf, what: &'static str },

    #[error("{} is {what}, not a regular file; chronicle reads only regular files.", path.display())]
    NotReadable { path: PathBuf, what: &'static str },

    #[error("{} is {what}, not a folder; give a folder (it is made if it does not exist).", path.display())]
    NotAFolder { path: PathBuf, what: &'static str },

    #[error("{} is a symbolic link; chronicle does not write through one unless asked (--follow-symlink).", path.display())]
    Symlink { path: PathBuf },

    #[error("{} is a symbolic link; chronicle does not follow one there.", path.display())]
    LinkRefused { path: PathBuf },

    #[error(
        "{} holds {size} bytes, more than the {} MiB {what} is read up to.",
        path.display(),
        limit.mib
    )]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: Limit,
        what: &'static str,
    },

    #[error("{} is not UTF-8 text.", path.display())]
    NotText { path: PathBuf },

    #[error("{} is {encoding} text; chronicle reads UTF-8: save it as UTF-8.", path.display())]
    NotUtf8 {
        path: PathBuf,
        encoding: &'static str,
    },

    #[error("{} cannot be written: the folder {} does not exist.", path.display(), folder.display())]
    NoFolder { path: PathBuf, folder: PathBuf },

    #[error("{} cannot be {action}: {source}.", path.display())]
    Io {
        path: PathBuf,
        action: &'static str,
        source: std::io::Error,
    },
}

impl FileError {
    /// What is wrong with the file, without its path ("it is a named pipe, not a regular
    /// file"), for a list of files skipped.
    pub fn reason(&self) -> String {
        match self {
            FileError::NotRegular { what, .. } | FileError::NotReadable { what, .. } => {
                format!("it is {what}, not a regular file")
            }
            FileError::NotAFolder { what, .. } => format!("it is {what}, not a folder"),
            FileError::Symlink { .. } | FileError::LinkRefused { .. } => {
                "it is a symbolic link, which chronicle does not follow there".to_string()
            }
            FileError::TooLarge { size, limit, .. } => {
                format!(
                    "it holds {size} bytes, more than the {} MiB read",
                    limit.mib
                )
            }
            FileError::NotText { .. } => "it is not UTF-8 text".to_string(),
            FileError::NotUtf8 { encoding, .. } => format!("it is {encoding} text, not UTF-8"),
            FileError::NoFolder { .. } => "its folder does not exist".to_string(),
            FileError::Io { source, .. } => source.to_string(),
        }
    }
}

/// Whether a symbolic link at a path is followed, refused with the flag that would follow
/// it named (`--follow-symlink`), or refused where nothing follows one (the shared folder
/// of sync, the folder of the manual pages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symlinks {
    Refuse,
    Follow,
    Never,
}

pub(crate) fn link_refused(path: &Path, symlinks: Symlinks) -> FileError {
    let path = path.to_path_buf();
    match symlinks {
        Symlinks::Refuse => FileError::Symlink { path },
        Symlinks::Follow | Symlinks::Never => FileError::LinkRefused { path },
    }
}

/// Makes sure `path` is a folder files may be written into, made (with the folders above
/// it) when it does not exist; a symbolic link to one is written through only when
/// followed.
pub fn folder(path: &Path, symlinks: Symlinks) -> Result<(), FileError> {
    match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() && symlinks != Symlinks::Follow => {
            Err(link_refused(path, symlinks))
        }
        Ok(_) => match std::fs::metadata(path) {
            Ok(metadata) if metadata.is_dir() => Ok(()),
            Ok(metadata) => Err(FileError::NotAFolder {
                path: path.to_path_buf(),
                what: what_is(&metadata),
            }),
            Err(source) => Err(FileError::Io {
                path: path.to_path_buf(),
                action: "followed",
                source,
            }),
        },
        Err(_) => std::fs::create_dir_all(path).map_err(|source| FileError::Io {
            path: path.to_path_buf(),
            action: "made",
            source,
        }),
    }
}

/// What a path is, in words, a regular file included.
fn what_is(metadata: &std::fs::Metadata) -> &'static str {
    if metadata.is_file() {
        "a regular file"
    } else {
        kind(metadata)
    }
}

/// Writes `bytes` to `path`, whole or not at all.
pub fn write(path: &Path, symlinks: Symlinks, bytes: &[u8]) -> Result<(), FileError> {
    write_as(path, symlinks, None, bytes)
}

/// Writes `bytes` to `path` as [`write`] does, the file no more open than the file
/// `private_as` (the database whose content it holds), when given.
pub fn write_as(
    path: &Path,
    symlinks: Symlinks,
    private_as: Option<&Path>,
    bytes: &[u8],
) -> Result<(), FileError> {
    replace_as(path, symlinks, private_as, |temporary| {
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
/// path it is given (created empty, exclusively): whole or not at all, the file no more
/// open than the file `private_as`, when given.
pub fn replace_as<E: From<FileError>>(
    path: &Path,
    symlinks: Symlinks,
    private_as: Option<&Path>,
    produce: impl FnOnce(&Path) -> Result<(), E>,
) -> Result<(), E> {
    let (target, old) = target(path, symlinks)?;
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
    let modes = Modes::new(old.as_ref(), private_as);
    let prefix = format!(".{name}.{}.", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(SUFFIX);
    if let Some(created) = modes.created() {
        builder.permissions(created);
    }
    let temporary = builder
        .tempfile_in(folder)
        .map_err(io("written (no temporary file could be made beside it)"))?;
    produce(temporary.path())?;
    let file = temporary.as_file();
    file.sync_all().map_err(io("written"))?;
    if let Some(kept) = modes.kept() {
        file.set_permissions(kept)
            .map_err(io("given its permissions"))?;
    }
    temporary
        .persist(&target)
        .map_err(|e| io("written")(e.error))?;
    // The rename itself is made durable by syncing the folder that holds it.
    if let Ok(folder) = File::open(folder) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// The file that will be replaced (the target of a link followed) and the permissions of
/// the file there, if there is one.
fn target(path: &Path, symlinks: Symlinks) -> Result<(PathBuf, Option<Permissions>), FileError> {
    let mut target = path.to_path_buf();
    let metadata = match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            if symlinks != Symlinks::Follow {
                return Err(link_refused(path, symlinks));
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
        return Ok((target, Some(metadata.permissions())));
    }
    let folder = folder_of(&target);
    if !folder.is_dir() {
        return Err(FileError::NoFolder {
            path: path.to_path_buf(),
            folder: folder.to_path_buf(),
        });
    }
    Ok((target, None))
}

/// What a file is, in words, when it is not a regular file.
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

/// The permissions of a file written: those of the file it replaces, or for a new file
/// what the umask leaves of read and write for all; either no more open than the file it
/// is private as (the database), when there is one. The temporary file is made with them
/// (so it is never more open than the file it becomes), the umask applying.
struct Modes {
    /// The old file's mode, if there is one.
    old: Option<u32>,
    /// The permission bits the file may have at most.
    most: u32,
}

#[cfg(unix)]
impl Modes {
    fn new(old: Option<&Permissions>, private_as: Option<&Path>) -> Modes {
        use std::os::unix::fs::PermissionsExt;
        // A database whose mode cannot be read is taken as private as can be.
        let most = private_as.map_or(0o7777, |database| {
            std::fs::metadata(database).map_or(0o600, |m| m.permissions().mode() & 0o777)
        });
        Modes {
            old: old.map(|p| p.mode() & 0o7777),
            most,
        }
    }

    /// The temporary file's permissions (none where files have no modes: not Unix).
    #[allow(clippy::unnecessary_wraps)]
    fn created(&self) -> Option<Permissions> {
        use std::os::unix::fs::PermissionsExt;
        Some(Permissions::from_mode(
            self.old.unwrap_or(0o666) & self.most & 0o777,
        ))
    }

    /// The permissions set once written: the old file's (no more open than allowed), which
    /// the umask may have narrowed at creation; none for a new file (the umask's stand).
    fn kept(&self) -> Option<Permissions> {
        use std::os::unix::fs::PermissionsExt;
        self.old.map(|old| Permissions::from_mode(old & self.most))
    }
}

#[cfg(not(unix))]
impl Modes {
    fn new(_old: Option<&Permissions>, _private_as: Option<&Path>) -> Modes {
        Modes { old: None, most: 0 }
    }

    fn created(&self) -> Option<Permissions> {
        None
    }

    fn kept(&self) -> Option<Permissions> {
        None
    }
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
        let failed = replace_as(&path, Symlinks::Refuse, None, |_| {
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
