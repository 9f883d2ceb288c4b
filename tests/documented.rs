//! The files kept for readers stay in step with the code: `schema/schema.sql` with the
//! migrations, `exports/demo-board.json` with the demo. Run with CHRONICLE_BLESS=1 to
//! rewrite them after an intended change, then review the diff.

use std::path::Path;
use std::process::Command;

use chronicle::store::Store;

fn check(path: &str, actual: &str) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if std::env::var_os("CHRONICLE_BLESS").is_some() {
        std::fs::write(&file, actual).expect("write the blessed file");
        return;
    }
    let expected = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        expected == actual,
        "{path} is out of date; run `CHRONICLE_BLESS=1 cargo test --test documented` and review the diff.\n--- expected\n{expected}\n--- actual\n{actual}"
    );
}

#[test]
fn schema_sql_matches_the_migrations() {
    let store = Store::in_memory().expect("store");
    let header = "-- chronicle's SQLite schema after every migration (generated; see migrations/ for the\n-- history and tests/documented.rs for how it is kept in step).\n\n";
    check(
        "schema/schema.sql",
        &format!("{header}{}", store.schema_sql().expect("schema")),
    );
}

#[test]
fn the_demo_board_export_is_current() {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = Command::new(env!("CARGO_BIN_EXE_chronicle"))
        .args(["demo", "--format", "json", "--db"])
        .arg(dir.path().join("demo.db"))
        .env("CHRONICLE_NOW", "2026-11-29T20:00:00Z")
        .env("HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path())
        .env_remove("CHRONICLE_DB")
        .env_remove("CHRONICLE_CAMPAIGN")
        .output()
        .expect("run chronicle demo");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    check(
        "exports/demo-board.json",
        &String::from_utf8(output.stdout).expect("utf-8"),
    );
}
