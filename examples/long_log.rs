//! One campaign with a long log: the demo's first 15 games, then between-games entries and
//! later games (no rewards after game 15) repeated until the log holds N entries. Times each
//! phase of working with it in-process (apply, check, replay, resolve, import, load, check)
//! and can write it as a campaign file and as a database, for timing the commands on it.
//!
//! cargo run --release --example long_log -- --entries 10000 [--file long.json] [--db long.db]

use std::path::PathBuf;
use std::time::Instant;

use chronicle::cli::long_log::long_log;
use chronicle::domain::names::CampaignName;
use chronicle::domain::{Campaign, Entry};
use chronicle::exchange::CampaignFile;
use chronicle::report::export::{CampaignExport, ExportedLog};
use chronicle::store::{Access, Store};
use chrono::NaiveDate;

fn usage() -> ! {
    eprintln!("usage: long_log --entries N [--file FILE] [--db FILE] [--quiet]");
    std::process::exit(2);
}

fn timed<T>(what: &str, entries: usize, quiet: bool, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let value = f();
    let took = started.elapsed();
    if !quiet {
        println!(
            "{what:32} {:10.1} ms {:8.2} µs/entry",
            took.as_secs_f64() * 1e3,
            took.as_secs_f64() * 1e6 / entries as f64
        );
    }
    value
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut n, mut file, mut db, mut quiet) = (None, None, None, false);
    let mut mix = "mixed".to_string();
    while let Some(arg) = args.next() {
        if arg == "--quiet" {
            quiet = true;
            continue;
        }
        let value = args.next().unwrap_or_else(|| usage());
        match arg.as_str() {
            "--entries" => n = Some(value.parse::<usize>().unwrap_or_else(|_| usage())),
            "--file" => file = Some(PathBuf::from(value)),
            "--db" => db = Some(PathBuf::from(value)),
            "--mix" => mix = value,
            _ => usage(),
        }
    }
    let n = n.unwrap_or_else(|| usage());
    let log = timed("make (apply, check, fold)", n, quiet, || long_log(&mix, n));
    let entries: Vec<Entry> = log
        .resolved()
        .standing()
        .map(|e| (*e.entry).clone())
        .collect();
    timed("replay", n, quiet, || {
        Campaign::replay(&entries).expect("replays")
    });
    timed("resolve", n, quiet, || {
        chronicle::domain::resolve::resolve(log.records()).expect("resolves")
    });
    let dir = tempfile::tempdir().expect("temp dir");
    let path = db.unwrap_or_else(|| dir.path().join("long.db"));
    let _ = std::fs::remove_file(&path);
    let mut store =
        Store::open(&path, Access::Create, std::time::Duration::from_secs(5)).expect("open");
    let name = CampaignName::new("Long").expect("a name");
    let info = timed("import (write)", n, quiet, || {
        store
            .import_campaign(&name, "2026-01-01T00:00:00Z", &log, true)
            .expect("import")
    });
    timed("load (read, resolve, fold)", n, quiet, || {
        store.load(info.id).expect("load")
    });
    timed("check", n, quiet, || {
        store.check(NaiveDate::MAX).expect("check")
    });
    let text = timed("export to JSON", n, quiet, || {
        let stored = store.read(info.id).expect("read");
        let (records, head) = stored.written();
        let export = CampaignExport::new(
            "Long",
            "2026-01-01T00:00:00Z",
            ExportedLog {
                entries: stored.entries,
                corrections: stored.corrections,
                records,
                head,
            },
            false,
            None,
        )
        .expect("export");
        CampaignFile::new(&export, "2026-01-01T00:00:00Z")
            .to_json()
            .expect("json")
    });
    timed("read campaign file", n, quiet, || {
        chronicle::exchange::read(&text, NaiveDate::MAX).expect("reads")
    });
    if let Some(file) = file {
        std::fs::write(file, &text).expect("write the file");
    }
}
