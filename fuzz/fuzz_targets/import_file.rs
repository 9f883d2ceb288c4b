//! The campaign file read by `import` comes from outside: `exchange::read` must never
//! panic, whatever the bytes. A file it accepts must also survive the round trip: written
//! back as the export writes its log (`exchange::record_doc`, each game with its number in
//! the log as corrected) and read again, it reads the same: the same records, the same log
//! as corrected, the same campaign.
#![no_main]

use chronicle::domain::{Body, Correction, LogRecord};
use chronicle::exchange::{FORMAT, VERSION, read, record_doc};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok((campaign, checked)) = read(text, chrono::NaiveDate::MAX) else {
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
    let (campaign_again, checked_again) = read(&again, chrono::NaiveDate::MAX)
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
