//! The answers of a game being logged on a terminal, kept after each one as a game sheet
//! beside the database (`<database>-unfinished-game-<campaign>.toml`): the fields
//! `game log --from` reads, then a `[prompt]` table with the answers by question and where
//! the prompt was, from which the next `game log` on a terminal finishes it. Written whole
//! or not at all, and no more open than the database (the answers are the ledger's to be);
//! removed once the game is written, or when the person discards it.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::exchange::sheet::fields_of as values;
use crate::files::{self, Symlinks};
use crate::ledger::form::{Answer, GameForm};
use crate::store::Access;

/// The fields of a sheet that hold a list.
const LISTS: [&str; 16] = [
    "player",
    "minor-city",
    "upgrade",
    "scar",
    "wear",
    "opened",
    "event-fortify",
    "event-destroy-card",
    "mark",
    "fallout",
    "destroy-city",
    "event",
    "mission",
    "mission-done",
    "draft",
    "new-player",
];

/// Where the prompt was: the campaign, the question it was at (when stepping through
/// answers given), and every answer by question.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Prompt {
    campaign: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at: Option<String>,
    answers: BTreeMap<String, Kept>,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Kept {
    One(String),
    Many(Vec<String>),
}

#[derive(Serialize, Deserialize)]
struct Saved {
    prompt: Prompt,
}

/// The answers kept of a game not finished.
pub(super) struct Unfinished {
    pub(super) campaign: String,
    pub(super) answers: BTreeMap<String, Answer>,
    pub(super) at: Option<String>,
}

/// The file the answers of a game of `campaign` are kept in, beside the database.
pub(super) fn path(context: &Context, campaign: &str) -> Result<PathBuf, CliError> {
    let database = context.db_path(Access::Read)?;
    let stem = database.file_stem().map_or_else(
        || "chronicle".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let campaign: String = campaign
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    Ok(database.with_file_name(format!("{stem}-unfinished-game-{campaign}.toml")))
}

/// Keeps the answers so far (a form with none leaves no file), the file no more open than
/// the `database` they are for.
pub(super) fn save(
    path: &Path,
    database: &Path,
    campaign: &str,
    form: &GameForm,
) -> Result<(), CliError> {
    if form.answers().is_empty() {
        return remove(path);
    }
    let text = sheet(campaign, form)?;
    files::write_as(path, Symlinks::Refuse, Some(database), text.as_bytes())?;
    Ok(())
}

/// The sheet: the game as the answers give it so far, then where the prompt was.
fn sheet(campaign: &str, form: &GameForm) -> Result<String, CliError> {
    let mut text = format!(
        "# The answers so far of a game of {campaign}, not yet written: `chronicle game log`\n\
         # keeps them after each answer and, on a terminal, offers to finish them.\n\
         # `chronicle game log --from FILE` logs the game as it stands (--dry-run checks it);\n\
         # a result not answered yet reads held-on.\n\n"
    );
    let mut fields = values(&form.game());
    fields.extend(
        form.new_people()
            .into_iter()
            .map(|p| ("new-player", Some(p))),
    );
    let mut names: Vec<&str> = Vec::new();
    for (name, _) in &fields {
        if !names.contains(name) {
            names.push(name);
        }
    }
    for name in names {
        let given: Vec<&Option<String>> = fields
            .iter()
            .filter(|(n, _)| *n == name)
            .map(|(_, v)| v)
            .collect();
        let quoted =
            |v: &Option<String>| toml::Value::String(v.clone().unwrap_or_default()).to_string();
        if LISTS.contains(&name) {
            let _ = writeln!(text, "{name} = [");
            for value in given {
                let _ = writeln!(text, "  {},", quoted(value));
            }
            text.push_str("]\n");
        } else if given.first().is_some_and(|v| v.is_none()) {
            let _ = writeln!(text, "{name} = true");
        } else if let Some(value) = given.first() {
            let _ = writeln!(text, "{name} = {}", quoted(value));
        }
    }
    let saved = Saved {
        prompt: Prompt {
            campaign: campaign.to_string(),
            at: form.at().map(str::to_string),
            answers: form
                .answers()
                .iter()
                .map(|(id, answer)| {
                    let kept = match answer {
                        Answer::One(value) => Kept::One(value.clone()),
                        Answer::Many(values) => Kept::Many(values.clone()),
                    };
                    (id.clone(), kept)
                })
                .collect(),
        },
    };
    let prompt = toml::to_string(&saved)
        .map_err(|e| CliError::bug(format!("The answers cannot be put as TOML: {e}.")))?;
    text.push_str(
        "\n# Where the guided prompt was: its answers by question (`game log --from` reads only\n# the fields above).\n",
    );
    text.push_str(&prompt);
    Ok(text)
}

/// The answers kept at `path`, if any.
pub(super) fn load(path: &Path) -> Result<Option<Unfinished>, CliError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(unreadable(path, &e.to_string())),
    };
    let saved: Saved = toml::from_str(&text).map_err(|e| unreadable(path, e.message()))?;
    let answers = saved
        .prompt
        .answers
        .into_iter()
        .map(|(id, kept)| {
            let answer = match kept {
                Kept::One(value) => Answer::One(value),
                Kept::Many(values) => Answer::Many(values),
            };
            (id, answer)
        })
        .collect();
    Ok(Some(Unfinished {
        campaign: saved.prompt.campaign,
        answers,
        at: saved.prompt.at,
    }))
}

fn unreadable(path: &Path, why: &str) -> CliError {
    let shown = path.display();
    CliError::input(format!(
        "The answers of an unfinished game kept in {shown} cannot be read ({}). Log that game with `chronicle game log --from {shown}`, or move the file away to start afresh.",
        why.trim_end()
    ))
}

/// Removes the answers kept at `path` (there may be none).
pub(super) fn remove(path: &Path) -> Result<(), CliError> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(CliError::file(format!(
            "The answers kept in {} cannot be removed: {e}.",
            path.display()
        ))),
        _ => Ok(()),
    }
}
