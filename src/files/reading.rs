//! Opening a file for reading: a regular file only, looked at before it is opened (a
//! device is never opened, a named pipe never waited on), opened without blocking and
//! looked at again once open (the file read is the one looked at), read up to a limit.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use super::{FileError, Symlinks, kind, link_refused};

/// The most of a file that is read, in MiB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    pub mib: u64,
}

impl Limit {
    pub const fn mib(mib: u64) -> Limit {
        Limit { mib }
    }

    pub(crate) fn bytes(self) -> u64 {
        self.mib.saturating_mul(1024 * 1024)
    }
}

/// Opens the regular file at `path` for reading, at most `limit` of it (`what` it is, for
/// a refusal: "a game sheet"): anything else is refused before a byte is read. Returns the
/// reader, which stops at the limit, and the file's size.
pub fn open(
    path: &Path,
    symlinks: Symlinks,
    limit: Limit,
    what: &'static str,
) -> Result<(std::io::Take<File>, u64), FileError> {
    let io = |source| FileError::Io {
        path: path.to_path_buf(),
        action: "read",
        source,
    };
    // Looked at before it is opened: opening a device may do something, a pipe waits.
    let seen = match symlinks {
        Symlinks::Follow => std::fs::metadata(path),
        Symlinks::Refuse | Symlinks::Never => std::fs::symlink_metadata(path),
    }
    .map_err(io)?;
    if seen.file_type().is_symlink() {
        return Err(link_refused(path, symlinks));
    }
    refuse_unreadable(path, &seen)?;
    let file = options(symlinks).open(path).map_err(|source| {
        if is_link_error(&source) {
            link_refused(path, symlinks)
        } else {
            io(source)
        }
    })?;
    // The file opened may not be the one looked at: looked at again, open.
    let metadata = file.metadata().map_err(io)?;
    refuse_unreadable(path, &metadata)?;
    if metadata.len() > limit.bytes() {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            size: metadata.len(),
            limit,
            what,
        });
    }
    Ok((file.take(limit.bytes()), metadata.len()))
}

/// The bytes of the regular file at `path` (see [`open`]): at most `limit`, even of a file
/// that grows while it is read or says it is empty (as files of /proc do).
pub fn read(
    path: &Path,
    symlinks: Symlinks,
    limit: Limit,
    what: &'static str,
) -> Result<Vec<u8>, FileError> {
    let (reader, size) = open(path, symlinks, limit, what)?;
    let mut bytes = Vec::new();
    reader
        .into_inner()
        .take(limit.bytes().saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|source| FileError::Io {
            path: path.to_path_buf(),
            action: "read",
            source,
        })?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > limit.bytes() {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            size: size.max(read),
            limit,
            what,
        });
    }
    Ok(bytes)
}

/// The text of the regular file at `path` (see [`read`]), which must be UTF-8: a file saved
/// as UTF-16 or UTF-32 is refused with its encoding named.
pub fn read_text(
    path: &Path,
    symlinks: Symlinks,
    limit: Limit,
    what: &'static str,
) -> Result<String, FileError> {
    let bytes = read(path, symlinks, limit, what)?;
    if let Some(encoding) = wide_encoding(&bytes) {
        return Err(FileError::NotUtf8 {
            path: path.to_path_buf(),
            encoding,
        });
    }
    String::from_utf8(bytes).map_err(|_| FileError::NotText {
        path: path.to_path_buf(),
    })
}

/// The encoding of text that starts as UTF-32 or UTF-16 does: a byte-order mark, or a first
/// character of plain ASCII with the zero bytes those encodings put beside it (text in
/// UTF-8 holds no zero byte). None for anything else.
pub fn wide_encoding(head: &[u8]) -> Option<&'static str> {
    match head {
        [0xFF, 0xFE, 0, 0, ..] | [0, 0, 0xFE, 0xFF, ..] => Some("UTF-32"),
        [a, 0, 0, 0, ..] | [0, 0, 0, a, ..] if a.is_ascii() && *a != 0 => Some("UTF-32"),
        [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..] => Some("UTF-16"),
        [a, 0, ..] | [0, a, ..] if a.is_ascii() && *a != 0 => Some("UTF-16"),
        _ => None,
    }
}

fn refuse_unreadable(path: &Path, metadata: &std::fs::Metadata) -> Result<(), FileError> {
    if metadata.is_file() {
        Ok(())
    } else {
        Err(FileError::NotReadable {
            path: path.to_path_buf(),
            what: kind(metadata),
        })
    }
}

/// How a file is opened for reading: without waiting (a pipe swapped in after it was
/// looked at is not waited on) and, where links are refused, not through one.
#[cfg(unix)]
fn options(symlinks: Symlinks) -> std::fs::OpenOptions {
    use std::os::unix::fs::OpenOptionsExt;
    let mut flags = libc::O_NONBLOCK;
    if symlinks != Symlinks::Follow {
        flags |= libc::O_NOFOLLOW;
    }
    let mut options = File::options();
    options.read(true).custom_flags(flags);
    options
}

#[cfg(not(unix))]
fn options(_symlinks: Symlinks) -> std::fs::OpenOptions {
    let mut options = File::options();
    options.read(true);
    options
}

/// Whether opening failed because the path is a link that is not followed (ELOOP).
fn is_link_error(error: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        error.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = error;
        false
    }
}
