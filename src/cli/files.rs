//! Writing a file so that it is either the old one or the whole new one: a temporary file in
//! the same folder, synced, then renamed over.

use std::io::Write;
use std::path::Path;

use super::error::CliError;

pub(super) fn write(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let fail = |what: &str, e: std::io::Error| {
        CliError::file(format!("{} cannot be {what}: {e}.", path.display()))
    };
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    if path.is_dir() {
        return Err(CliError::file(format!(
            "{} is a folder; give a file name.",
            path.display()
        )));
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = folder.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(fail("written", e));
    }
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        fail("written", e)
    })
}
