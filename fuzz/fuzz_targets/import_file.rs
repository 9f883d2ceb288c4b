//! The campaign file read by `import` comes from outside: `exchange::read` must never
//! panic, whatever the bytes. A file it accepts must also survive the round trip: written
//! back as the export writes its log (`exchange::record_doc`, each game with its number in
//! the log as corrected) and read again, it reads the same: the same records, the same log
//! as corrected, the same campaign.
//!
//! And the file is imported (`chronicle import FILE --as Fuzzed`) into a database holding
//! another campaign: refused, the database is row for row as it was; taken, the database
//! passes `chronicle check`, and `exchange::read` takes the file too.
#![no_main]

mod store_checks;

use std::path::PathBuf;
use std::sync::OnceLock;

use chronicle::domain::{Body, Correction, LogRecord};
use chronicle::exchange::{FORMAT, VERSION, read, record_doc};
use libfuzzer_sys::fuzz_target;
use store_checks::{arg, chronicle, dump, passes_check};

/// A database holding one campaign ("Earth", ready for its first game), made once.
fn base() -> &'static (tempfile::TempDir, PathBuf) {
    static BASE: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    BASE.get_or_init(|| {
        let dir = tempfile::Builder::new()
            .prefix("chronicle-fuzz-")
            .tempdir()
            .expect("a temporary folder");
        let db = dir.path().join("base.db");
        chronicle(&["--db", arg(&db), "init", "Earth"]).expect("a campaign");
        (dir, db)
    })
}

/// The file imported into a copy of the base database.
fn imported(text: &str) {
    let dir = tempfile::Builder::new()
        .prefix("chronicle-fuzz-")
        .tempdir()
        .expect("a temporary folder");
    let db = dir.path().join("chronicle.db");
    std::fs::copy(&base().1, &db).expect("the base database");
    let file = dir.path().join("campaign.json");
    std::fs::write(&file, text).expect("the campaign file");
    let before = dump(&db);
    match chronicle(&["--db", arg(&db), "import", arg(&file), "--as", "Fuzzed"]) {
        Ok(()) => {
            passes_check(&db, "an import");
            assert!(
                read(text).is_ok(),
                "import took a file exchange::read refuses"
            );
        }
        Err(refused) => assert_eq!(
            dump(&db),
            before,
            "a refused import changed the database: {refused}"
        ),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    imported(text);
    let Ok((campaign, checked)) = read(text) else {
        return;
    };
    // The number of the game a record adds or replaces, as `export` gives it.
    let game_of = |record: &LogRecord| {
        let id = match &record.body {
            Body::Correct(Correction::Replace { target, .. }) => target,
            _ => &record.id,
        };
        checked.resolved().entry(id).and_then(|e| e.game)
    };
    let log: Vec<_> = checked
        .records()
        .iter()
        .map(|r| record_doc(r, game_of(r)))
        .collect();
    let again = serde_json::json!({
        "format": FORMAT,
        "version": VERSION,
        "campaign": campaign,
        "log": log,
    })
    .to_string();
    let (campaign_again, checked_again) = read(&again)
        .expect("a file written from what was read reads again");
    assert_eq!(
        campaign_again, campaign,
        "the campaign changed on the round trip"
    );
    assert_eq!(
        checked_again.records(),
        checked.records(),
        "the records changed on the round trip"
    );
    assert_eq!(
        checked_again.resolved().entries,
        checked.resolved().entries,
        "the log as corrected changed on the round trip"
    );
    assert_eq!(
        checked_again.campaign(),
        checked.campaign(),
        "the campaign's state changed on the round trip"
    );
});
