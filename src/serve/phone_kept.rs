//! A phone's unfinished game, kept on the server after each answer as the terminal keeps
//! one: a file beside the database per campaign and phone
//! (`<database>-unfinished-phone-<campaign>-<phone>.json`) with the form's identity, the head
//! it was drawn at, every answer and the screen it was on. A reload, Back then forward, a
//! phone that slept or a server started again opens the form where it was. Written whole
//! or not at all, no more open than the database; removed once the game is written or the
//! person starts again.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use sha2::Digest as _;

use super::carried::Carried;
use crate::files::{self, Symlinks};
use crate::ledger::form::Answer;

/// What is kept of a phone's form.
#[derive(Serialize, Deserialize)]
struct Kept {
    form: String,
    head: String,
    answers: std::collections::BTreeMap<String, Answer>,
    screen: usize,
    /// When the page sent the answers (its clock, in milliseconds), when it says.
    #[serde(default)]
    sent: Option<u64>,
}

/// One phone's answers written at a time, so that of two posts of the same form the one
/// sent later is the one kept, whichever is answered first.
static WRITING: Mutex<()> = Mutex::new(());

/// The file a phone's unfinished game of `campaign` is kept in, beside `database`.
pub(super) fn path(database: &Path, campaign: &str, device: &str) -> PathBuf {
    let stem = database.file_stem().map_or_else(
        || "chronicle".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let campaign: String = campaign
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    database.with_file_name(format!(
        "{stem}-unfinished-phone-{campaign}-{}.json",
        phone(device)
    ))
}

/// A phone's name as part of a file name: its first letters and digits, to be read, then
/// a digest of the whole name, so that each name has its own file however it is spelled
/// and however long (a name of 60 characters in another script would not fit whole).
fn phone(device: &str) -> String {
    let letters: String = device
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(20)
        .collect();
    // The first 8 bytes of the name's SHA-256: the same for the same name everywhere.
    let hash = sha2::Sha256::digest(device.as_bytes());
    let digest = u64::from_be_bytes(hash[..8].try_into().unwrap_or_default());
    format!("{letters}-{digest:016x}")
}

/// The form kept at `path`, if there is one (a file that is not one is left as it is).
pub(super) fn read(path: &Path) -> Option<Carried> {
    let text = std::fs::read_to_string(path).ok()?;
    let kept: Kept = serde_json::from_str(&text).ok()?;
    Some(Carried {
        form: kept.form,
        head: kept.head,
        answers: kept.answers,
        screen: kept.screen,
    })
}

/// Keeps the form's answers and screen (a form without an answer keeps nothing), unless
/// the same form's answers kept were sent later (`sent`, the page's clock); why not, when
/// they cannot be kept.
pub(super) fn keep(
    path: &Path,
    database: &Path,
    carried: &Carried,
    sent: Option<u64>,
) -> Result<(), String> {
    let _one_at_a_time = WRITING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(sent) = sent
        && let Some(before) = std::fs::read_to_string(path)
            .ok()
            .and_then(|text| serde_json::from_str::<Kept>(&text).ok())
        && before.form == carried.form
        && before.sent.is_some_and(|before| before > sent)
    {
        return Ok(());
    }
    if carried.answers.is_empty() {
        return discard(path);
    }
    let kept = Kept {
        form: carried.form.clone(),
        head: carried.head.clone(),
        answers: carried.answers.clone(),
        screen: carried.screen,
        sent,
    };
    let text = serde_json::to_string_pretty(&kept).map_err(|e| e.to_string())?;
    files::write_as(path, Symlinks::Refuse, Some(database), text.as_bytes())
        .map_err(|e| e.to_string())
}

/// The kept answers removed (none kept is no error).
pub(super) fn discard(path: &Path) -> Result<(), String> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn of_two_posts_of_a_form_the_one_sent_later_is_kept() {
        let folder = tempfile::tempdir().expect("a folder");
        let database = folder.path().join("chronicle.db");
        std::fs::write(&database, b"").expect("a database file");
        let kept = path(&database, "Earth", "Bo's phone");
        let answered = |answers: &[(&str, &str)]| Carried {
            form: "f1".to_string(),
            head: "1:h".to_string(),
            answers: answers
                .iter()
                .map(|(q, a)| ((*q).to_string(), Answer::One((*a).to_string())))
                .collect(),
            screen: 1,
        };
        let later = answered(&[("winner", "Cy"), ("result:Bo", "held-on")]);
        let earlier = answered(&[("winner", "Cy")]);
        keep(&kept, &database, &later, Some(2_000)).expect("kept");
        keep(&kept, &database, &earlier, Some(1_000)).expect("passed over");
        let read_back = read(&kept).expect("the answers");
        assert_eq!(read_back.answers, later.answers);
        keep(&kept, &database, &earlier, None).expect("kept");
        assert_eq!(read(&kept).expect("the answers").answers, earlier.answers);
        discard(&kept).expect("discarded");
        assert!(read(&kept).is_none());
    }

    #[test]
    fn each_phone_has_its_own_file_whatever_its_name() {
        let database = Path::new("/data/chronicle.db");
        let bo = path(database, "Earth", "Bo's phone");
        assert_eq!(bo.parent(), Some(Path::new("/data")));
        let name = bo.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let digest = name
            .strip_prefix("chronicle-unfinished-phone-Earth-Bosphone-")
            .and_then(|rest| rest.strip_suffix(".json"))
            .unwrap_or_default();
        assert!(
            digest.len() == 16 && digest.chars().all(|c| c.is_ascii_hexdigit()),
            "{name}"
        );
        assert_eq!(
            bo,
            path(database, "Earth", "Bo's phone"),
            "the same each time"
        );
        assert_ne!(bo, path(database, "Earth", "Bos phone"));
        assert_ne!(bo, path(database, "Mars", "Bo's phone"));
        let long = "電話".repeat(30);
        let name = path(database, "Earth", &long);
        let name = name
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        assert!(name.len() < 100, "{name}");
        assert_ne!(
            path(database, "Earth", &long),
            path(database, "Earth", &"電話".repeat(29))
        );
    }
}
