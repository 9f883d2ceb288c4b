//! The campaign file read by `import` comes from outside: `exchange::read` must never
//! panic, whatever the bytes. A file it accepts must also survive the round trip: written
//! back as the export writes its log and read again, it reads the same.
#![no_main]

use chronicle::exchange::{FORMAT, VERSION, log_entry, read};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok((campaign, entries)) = read(text, chrono::NaiveDate::MAX) else {
        return;
    };
    let log: Vec<_> = entries
        .iter()
        .map(|e| {
            log_entry(
                e.seq,
                &e.recorded_at,
                e.taken_back.clone(),
                e.game,
                &e.entry,
            )
        })
        .collect();
    let again = serde_json::json!({
        "format": FORMAT,
        "version": VERSION,
        "campaign": campaign,
        "log": log,
    })
    .to_string();
    let (campaign_again, entries_again) =
        read(&again, chrono::NaiveDate::MAX).expect("a file written from what was read reads again");
    assert_eq!(
        campaign_again, campaign,
        "the campaign changed on the round trip"
    );
    assert_eq!(entries_again, entries, "the log changed on the round trip");
});
