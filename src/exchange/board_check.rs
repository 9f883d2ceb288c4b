//! The `board` section of a campaign file, compared with the board its log gives. The log
//! is what `import` replays; the board is worked out from it, so an edit to the board
//! section alone would be lost without a word: `import` refuses it instead, naming the
//! first differences (`territories[Peru].city.name: the file says "X", the log gives
//! "Lima Nova"`).
//!
//! A field the file leaves out is not compared (a file written by an earlier chronicle
//! knows fewer fields, and a reader may trim it); one the file has and the log does not
//! give is a difference.

use serde_json::Value;

use crate::domain::CheckedLog;
use crate::report::board::BoardView;

/// The differences between the file's board section and the board the log gives (the
/// campaign called `name`), in the order of the board: empty when they agree.
pub(super) fn board_differences(file: &Value, name: &str, log: &CheckedLog) -> Vec<String> {
    let board = BoardView::new(name, log.campaign(), None);
    // A board is plain data: it always turns into JSON.
    let logged = serde_json::to_value(&board).unwrap_or(Value::Null);
    let mut found = Vec::new();
    compare("", file, &logged, &mut found);
    found
}

/// `path.key`, or `key` at the top.
fn field(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// A value as a message shows it: JSON, a long one cut short.
fn shown(value: &Value) -> String {
    const LONGEST: usize = 60;
    let text = value.to_string();
    if text.chars().count() <= LONGEST {
        text
    } else {
        let head: String = text.chars().take(LONGEST).collect();
        format!("{head}…")
    }
}

fn compare(path: &str, file: &Value, log: &Value, found: &mut Vec<String>) {
    match (file, log) {
        (Value::Object(file), Value::Object(log)) => {
            for (key, in_file) in file {
                match log.get(key) {
                    Some(in_log) => compare(&field(path, key), in_file, in_log, found),
                    None => found.push(format!(
                        "{}: the file says {}, the log gives no such field",
                        field(path, key),
                        shown(in_file)
                    )),
                }
            }
        }
        (Value::Array(file), Value::Array(log)) => compare_lists(path, file, log, found),
        _ if file != log => found.push(format!(
            "{}: the file says {}, the log gives {}",
            if path.is_empty() { "board" } else { path },
            shown(file),
            shown(log)
        )),
        _ => {}
    }
}

/// What names an item of a list: a territory or continent by its name, a pool by its kind.
fn key_of(item: &Value) -> Option<&str> {
    item.get("name")
        .or_else(|| item.get("kind"))
        .and_then(Value::as_str)
}

/// Two lists: by name where every item has one (`territories[Peru]`), else by place
/// (`signatures[3]`).
fn compare_lists(path: &str, file: &[Value], log: &[Value], found: &mut Vec<String>) {
    let named = !log.is_empty() && log.iter().chain(file).all(|item| key_of(item).is_some());
    if !named {
        for (place, (in_file, in_log)) in file.iter().zip(log).enumerate() {
            compare(&format!("{path}[{place}]"), in_file, in_log, found);
        }
        if file.len() != log.len() {
            found.push(format!(
                "{path}: the file lists {}, the log gives {}",
                file.len(),
                log.len()
            ));
        }
        return;
    }
    for in_log in log {
        let key = key_of(in_log);
        let at = format!("{path}[{}]", key.unwrap_or_default());
        let mut same = file.iter().filter(|item| key_of(item) == key);
        match (same.next(), same.next()) {
            (Some(in_file), None) => compare(&at, in_file, in_log, found),
            (Some(_), Some(_)) => found.push(format!("{at}: the file lists it more than once")),
            (None, _) => found.push(format!("{at}: the file leaves it out, the log gives it")),
        }
    }
    for in_file in file {
        let key = key_of(in_file);
        if !log.iter().any(|item| key_of(item) == key) {
            found.push(format!(
                "{path}[{}]: the file lists it, the log gives no such one",
                key.unwrap_or_default()
            ));
        }
    }
}
