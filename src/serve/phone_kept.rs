//! A phone's unfinished game, kept on the server after each answer as the terminal keeps
//! one: a file beside the database per campaign and phone
//! (`<database>-unfinished-phone-<campaign>-<phone>.json`) with the form's identity, the head
//! it was drawn at, every answer and the screen it was on. A reload, Back then forward, a
//! phone that slept or a server started again opens the form where it was. Written whole
//! or not at all, no more open than the database; removed once the game is written or the
//! person starts again.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::access::to_cookie;
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
}

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
    // The phone's name as hexadecimal digits: any name is a file name so, and only its own.
    let phone = to_cookie(device);
    database.with_file_name(format!("{stem}-unfinished-phone-{campaign}-{phone}.json"))
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

/// Keeps the form's answers and screen (a form without an answer keeps nothing); why not,
/// when they cannot be kept.
pub(super) fn keep(path: &Path, database: &Path, carried: &Carried) -> Result<(), String> {
    if carried.answers.is_empty() {
        return discard(path);
    }
    let kept = Kept {
        form: carried.form.clone(),
        head: carried.head.clone(),
        answers: carried.answers.clone(),
        screen: carried.screen,
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
