//! Every command that takes a path, given what is not a plain file of a fair size: a named
//! pipe, a device, a symbolic link to one, a folder, a file of 65 MiB. A file chronicle
//! reads is opened one way (`files::open`): a regular file only, never waited on, at most
//! its limit; so each reader refuses them at once, naming what the path is, with a non-zero
//! exit and the database as it was. The writers replace only a regular file (a 65 MiB one
//! too), and write into a folder only when it is one, not a link to one, unless asked.
//! The shared folder of `sync` is read the same way: a device's file that is a pipe, a
//! link to a device or too large is skipped and named, the device's own file as a pipe is
//! refused before anything is written, and a campaign's folder that is a link is refused.

use std::path::Path;
use std::time::Duration;

use crate::common::{Run, TestEnv};
use crate::special_files::{fifo, kind, listing, output_within};

/// The longest a refusal may take before the test calls it a hang.
const LIMIT: Duration = Duration::from_secs(30);

fn run_within(env: &TestEnv, args: &[&str]) -> Run {
    Run::from_output(args.join(" "), output_within(env.process(args), LIMIT))
}

/// A file of `mib` MiB (sparse: it takes no room on the disk).
fn large_file(path: &Path, mib: u64) {
    let file = std::fs::File::create(path).expect("a large file");
    file.set_len(mib * 1024 * 1024).expect("its length");
}

/// The paths of the walk, made in `dir`, each with what a refusal says it is.
fn specials(dir: &Path) -> Vec<(String, &'static str)> {
    fifo(&dir.join("pipe"));
    std::fs::create_dir(dir.join("folder")).expect("a folder");
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero-link")).expect("a link");
    std::os::unix::fs::symlink("pipe", dir.join("pipe-link")).expect("a link");
    large_file(&dir.join("large.toml"), 65);
    vec![
        ("pipe".to_string(), "is a named pipe"),
        ("/dev/zero".to_string(), "is a device"),
        ("zero-link".to_string(), "is a device"),
        ("pipe-link".to_string(), "is a named pipe"),
        ("folder".to_string(), "is a folder"),
        ("large.toml".to_string(), "more than"),
    ]
}

#[test]
fn every_reader_refuses_pipes_devices_links_to_them_folders_and_huge_files_at_once() {
    let env = TestEnv::demo();
    let dir = env.dir();
    let dump = env.dump();
    let readers: [&[&str]; 4] = [
        &["import"],
        &["game", "log", "--from"],
        &["game", "edit", "16", "--from"],
        &["game", "insert", "--before", "16", "--from"],
    ];
    let mut wrong = Vec::new();
    for (path, says) in specials(dir) {
        let was = kind(&dir.join(&path));
        for reader in readers {
            let mut args = reader.to_vec();
            args.push(&path);
            let run = run_within(&env, &args);
            if run.code == 0 || !run.stderr.contains(says) || run.stderr.contains("panicked") {
                wrong.push(format!(
                    "`chronicle {}`: exit {}, expected a refusal saying \"{says}\": {}",
                    args.join(" "),
                    run.code,
                    run.stderr.trim()
                ));
            }
            if env.dump() != dump {
                wrong.push(format!(
                    "`chronicle {}` changed the database",
                    args.join(" ")
                ));
            }
        }
        assert_eq!(kind(&dir.join(&path)), was, "{path} is left as it was");
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The paths that name a database (`--db`) or the shared folder (`sync DIR`) are refused
/// the same way: at once, exit 3 for a database and 1 for a folder, nothing made there.
#[test]
fn a_database_or_a_shared_folder_that_is_no_such_thing_is_refused_at_once() {
    let env = TestEnv::demo();
    let dir = env.dir();
    let mut wrong = Vec::new();
    for (path, _) in specials(dir) {
        let was = kind(&dir.join(&path));
        let mut cases: Vec<(Vec<&str>, i32)> = vec![(vec!["--db", &path, "board"], 3)];
        if path != "folder" {
            cases.push((vec!["--db", &path, "game", "undo", "--yes"], 3));
            cases.push((vec!["sync", &path], 1));
        }
        for (args, code) in cases {
            let run = run_within(&env, &args);
            if run.code != code || run.stderr.contains("panicked") {
                wrong.push(format!(
                    "`chronicle {}`: exit {} (expected {code}): {}",
                    args.join(" "),
                    run.code,
                    run.stderr.trim()
                ));
            }
        }
        assert_eq!(kind(&dir.join(&path)), was, "{path} is left as it was");
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_game_sheet_is_read_up_to_its_limit_and_names_it() {
    let env = TestEnv::demo();
    let sheet = env.dir().join("sheet.toml");
    // A sheet of comments past a megabyte: no game is that long.
    let mut text = String::from("date = \"2026-11-20\"\n");
    while text.len() < 2 * 1024 * 1024 {
        text.push_str("# a comment of the sheet, again and again and again and again\n");
    }
    std::fs::write(&sheet, text).expect("a long sheet");
    let run = run_within(&env, &["game", "log", "--from", "sheet.toml", "--dry-run"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("more than the 1 MiB a game sheet is read up to"),
        "{}",
        run.stderr
    );
}

#[test]
fn folders_written_into_are_folders_not_links_to_one_unless_asked() {
    let env = TestEnv::demo();
    let dir = env.dir();
    std::fs::create_dir(dir.join("elsewhere")).expect("a folder");
    std::os::unix::fs::symlink("elsewhere", dir.join("link")).expect("a link");
    fifo(&dir.join("pipe"));
    large_file(&dir.join("large"), 65);
    let writers: [&[&str]; 2] = [&["export", "--format", "csv", "-o"], &["man", "--dir"]];
    let mut wrong = Vec::new();
    for writer in writers {
        for (path, says) in [
            ("link", "is a symbolic link"),
            ("pipe", "is a named pipe, not a folder"),
            ("large", "is a regular file, not a folder"),
        ] {
            let mut args = writer.to_vec();
            args.push(path);
            let run = run_within(&env, &args);
            if run.code != 1 || !run.stderr.contains(says) {
                wrong.push(format!(
                    "`chronicle {}`: exit {}, expected exit 1 saying \"{says}\": {}",
                    args.join(" "),
                    run.code,
                    run.stderr.trim()
                ));
            }
        }
        if !listing(&dir.join("elsewhere")).is_empty() {
            wrong.push(format!(
                "`chronicle {} link` wrote into the link's target",
                writer.join(" ")
            ));
        }
        // Asked to, it writes through the link.
        if writer[0] == "export" {
            let mut args = writer.to_vec();
            args.extend(["link", "--follow-symlink"]);
            let run = run_within(&env, &args);
            if run.code != 0 || listing(&dir.join("elsewhere")).is_empty() {
                wrong.push(format!(
                    "`chronicle {}` did not write through the link: {}",
                    args.join(" "),
                    run.stderr.trim()
                ));
            }
            for name in listing(&dir.join("elsewhere")) {
                std::fs::remove_file(dir.join("elsewhere").join(name)).expect("emptied");
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_file_of_65_mib_is_replaced_whole_by_the_writers_of_one_file() {
    let env = TestEnv::demo();
    let dir = env.dir();
    for args in [
        ["export", "-o", "large.json"].as_slice(),
        ["export", "--format", "md", "-o", "large.md"].as_slice(),
        ["backup", "large.db"].as_slice(),
    ] {
        let target = dir.join(args[args.len() - 1]);
        large_file(&target, 65);
        let run = run_within(&env, args);
        assert_eq!(
            run.code,
            0,
            "`chronicle {}`: {}",
            args.join(" "),
            run.stderr
        );
        let size = std::fs::metadata(&target).expect("the file").len();
        assert!(
            size < 1024 * 1024,
            "{} holds {size} bytes",
            target.display()
        );
    }
}

/// The demo on device `a`, synced once into `shared`; the campaign's folder there.
fn synced_demo() -> (TestEnv, std::path::PathBuf) {
    let env = TestEnv::demo();
    std::fs::create_dir(env.dir().join("shared")).expect("the shared folder");
    env.ok(&["sync", "shared", "--device", "a"]);
    let folder = std::fs::read_dir(env.dir().join("shared"))
        .expect("the shared folder")
        .next()
        .expect("the campaign's folder")
        .expect("an entry")
        .path();
    (env, folder)
}

#[test]
fn sync_skips_and_names_pipes_devices_and_huge_files_in_the_shared_folder() {
    let (env, folder) = synced_demo();
    fifo(&folder.join("pipe.jsonl"));
    std::os::unix::fs::symlink("/dev/zero", folder.join("zero.jsonl")).expect("a link");
    large_file(&folder.join("large.jsonl"), 65);
    let dump = env.dump();
    let run = run_within(&env, &["sync", "shared", "--format", "json"]);
    // Nothing skipped passes unseen: the sync fails, naming each file.
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("pipe.jsonl"), "{}", run.stderr);
    let skipped = run.json()[0]["skipped"].to_string();
    for (file, why) in [
        ("pipe.jsonl", "a named pipe"),
        ("zero.jsonl", "a symbolic link"),
        ("large.jsonl", "more than"),
    ] {
        assert!(
            skipped.contains(file) && skipped.contains(why),
            "{file}: {skipped}"
        );
    }
    assert_eq!(env.dump(), dump, "nothing came in");
}

#[test]
fn a_devices_own_file_that_is_a_pipe_is_refused_before_anything_is_written() {
    let (env, folder) = synced_demo();
    let own = folder.join("a.jsonl");
    std::fs::remove_file(&own).expect("the device's file");
    fifo(&own);
    env.ok(&["game", "undo", "--yes", "--reason", "a pipe test"]);
    let dump = env.dump();
    let run = run_within(&env, &["sync", "shared"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("a.jsonl is a named pipe"),
        "{}",
        run.stderr
    );
    assert_eq!(env.dump(), dump, "the database was written");
    assert_eq!(kind(&own), "a named pipe");
}

#[test]
fn a_campaign_folder_that_is_a_link_is_refused_and_nothing_is_written_through_it() {
    let (env, folder) = synced_demo();
    let elsewhere = env.dir().join("elsewhere");
    std::fs::rename(&folder, &elsewhere).expect("the folder moved");
    std::fs::remove_file(elsewhere.join("a.jsonl")).expect("the device's file");
    std::os::unix::fs::symlink(&elsewhere, &folder).expect("a link");
    let dump = env.dump();
    for args in [["sync", "shared"], ["sync", "status"]] {
        let mut args = args.to_vec();
        if args[1] == "status" {
            args.push("shared");
        }
        let run = run_within(&env, &args);
        assert_eq!(run.code, 1, "`{}`: {}", args.join(" "), run.stderr);
        assert!(
            run.stderr.contains("is a symbolic link"),
            "`{}`: {}",
            args.join(" "),
            run.stderr
        );
    }
    assert!(
        listing(&elsewhere).is_empty(),
        "a file was written through the link: {:?}",
        listing(&elsewhere)
    );
    assert_eq!(env.dump(), dump);
}

#[test]
fn a_join_reads_no_pipe_and_no_link_to_a_device() {
    let (env, folder) = synced_demo();
    // Another campaign's folder holding only hostile files, read before the real one.
    let hostile = env
        .dir()
        .join("shared")
        .join("00000000-0000-7000-8000-000000000000");
    std::fs::create_dir(&hostile).expect("a folder");
    fifo(&hostile.join("pipe.jsonl"));
    std::os::unix::fs::symlink("/dev/zero", hostile.join("zero.jsonl")).expect("a link");
    large_file(&hostile.join("large.jsonl"), 65);
    assert!(folder.exists());
    let run = run_within(&env, &["--db", "b.db", "sync", "shared", "--device", "b"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let games = env.json(&["--db", "b.db", "game", "list", "--format", "json"]);
    assert_eq!(games["games"].as_array().map(Vec::len), Some(16));
}
