//! The name a database syncs as: given once with --device, else the host's name, then kept
//! in the database. It names the device's file in the shared folder.

use crate::cli::error::CliError;
use crate::domain::vocabulary::names::is_device_name;
use crate::store::Store;

/// The device's name: the one kept, else the one given (or the host's), which is kept when
/// `keep` (a sync that writes).
pub(super) fn device_name(
    store: &mut Store,
    given: Option<&str>,
    keep: bool,
) -> Result<String, CliError> {
    let kept = store.device()?;
    match (kept, given) {
        (Some(kept), Some(given)) if kept != given => Err(CliError::usage(format!(
            "This database syncs as device \"{kept}\"; its entries are in {kept}.jsonl of the shared folder, so it keeps that name (--device \"{kept}\", or leave --device out)."
        ))),
        (Some(kept), _) => Ok(kept),
        (None, given) => {
            let name = match given {
                Some(given) => valid(given)?,
                None => host_name(),
            };
            if keep {
                store.set_device(&name)?;
            }
            Ok(name)
        }
    }
}

/// A device's name: 1 to 40 letters, digits, `.`, `_` or `-`, not starting with `.` or `-`
/// (it names a file every sync tool copies).
pub(super) fn valid(name: &str) -> Result<String, CliError> {
    if is_device_name(name) {
        Ok(name.to_string())
    } else {
        Err(CliError::usage(format!(
            "--device \"{name}\" is not a device's name: 1 to 40 letters, digits, `.`, `_` or `-` (it names this device's file in the shared folder), e.g. --device annes-laptop."
        )))
    }
}

/// The host's name, made a device's name ("device" when there is none).
pub(super) fn host_name() -> String {
    let raw = gethostname::gethostname().to_string_lossy().into_owned();
    let name: String = raw
        .trim()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .take(40)
        .collect();
    let name = name.trim_start_matches(['.', '-']).to_string();
    if name.is_empty() {
        "device".to_string()
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::valid;

    #[test]
    fn a_device_name_is_a_safe_file_name() {
        assert!(valid("annes-laptop").is_ok());
        assert!(valid("desk.2").is_ok());
        for bad in ["", ".hidden", "-x", "a/b", "Anne's", "ü", &"x".repeat(41)] {
            assert!(valid(bad).is_err(), "{bad:?}");
        }
    }
}
