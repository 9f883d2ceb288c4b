//! What the targets of the files chronicle takes in from outside (a campaign file for
//! `import`, another device's file for `sync`) ask of the database the file goes into,
//! through the commands themselves (`cli::run`, as the binary runs them): a file refused
//! leaves the database row for row as it was (and a join refused leaves no database), and a
//! database that took a file passes `chronicle check`.

// Each target uses the part it needs.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Once;

use chronicle::cli::{Cli, Terminal, run};
use clap::Parser;
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags};

/// "Today" for every command the targets run (as the tests have it).
pub const TODAY: &str = "2026-11-29";

/// The environment every command runs in: a fixed today, no colour, no database chosen by
/// the environment.
pub fn environment() {
    static SET: Once = Once::new();
    SET.call_once(|| {
        // SAFETY: set once, before anything reads the environment on another thread.
        unsafe {
            std::env::set_var("CHRONICLE_NOW", TODAY);
            std::env::set_var("NO_COLOR", "1");
            std::env::remove_var("CHRONICLE_DB");
            std::env::remove_var("CHRONICLE_CAMPAIGN");
        }
    });
}

/// `chronicle ARGS…` run in this process, as the binary runs it (a plain terminal: no
/// colour, no questions); what it refused with, if it did.
pub fn chronicle(args: &[&str]) -> Result<(), String> {
    environment();
    let parsed = Cli::try_parse_from(std::iter::once("chronicle").chain(args.iter().copied()))
        .map_err(|e| format!("not a command line: {e}"))?;
    run(parsed, Terminal::plain()).map_err(|e| format!("{e:?}"))
}

/// A path as a command-line argument.
pub fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// The database passes `chronicle check`.
pub fn passes_check(db: &Path, after: &str) {
    if let Err(problems) = chronicle(&["--db", arg(db), "check"]) {
        panic!("after {after}, `check` fails: {problems}");
    }
}

/// Every row of every table of the database (and its schema), sorted: two dumps are equal
/// exactly when the content is.
pub fn dump(db: &Path) -> Vec<String> {
    let conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .expect("the database opens");
    let mut lines = Vec::new();
    let tables: Vec<(String, String)> = conn
        .prepare("SELECT name, COALESCE(sql, '') FROM sqlite_master ORDER BY name")
        .and_then(|mut s| {
            s.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect::<Result<_, _>>()
        })
        .expect("the schema");
    for (name, sql) in tables {
        lines.push(format!("schema {name}: {sql}"));
        if !sql.starts_with("CREATE TABLE") {
            continue;
        }
        let mut statement = conn
            .prepare(&format!("SELECT * FROM \"{}\"", name.replace('"', "\"\"")))
            .expect("a table");
        let columns = statement.column_count();
        let rows = statement
            .query_map([], |row| {
                let mut values = Vec::with_capacity(columns);
                for i in 0..columns {
                    values.push(match row.get_ref(i)? {
                        ValueRef::Null => "NULL".to_string(),
                        ValueRef::Integer(n) => n.to_string(),
                        ValueRef::Real(x) => format!("{x:?}"),
                        ValueRef::Text(t) => format!("{:?}", String::from_utf8_lossy(t)),
                        ValueRef::Blob(b) => format!("{b:?}"),
                    });
                }
                Ok(format!("{name}: {}", values.join(" | ")))
            })
            .expect("the rows")
            .collect::<Result<Vec<_>, _>>()
            .expect("a row");
        lines.extend(rows);
    }
    lines.sort();
    lines
}

/// Copies the folder `from` (files and folders, at any depth) to `to`.
pub fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("a folder to copy") {
        let entry = entry.expect("an entry");
        let target: PathBuf = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("a file copied");
        }
    }
}
