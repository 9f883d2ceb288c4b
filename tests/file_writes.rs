//! Writing files (`export -o`, `backup`): only a regular file is replaced: a named pipe, a
//! folder, a socket, a device or a symbolic link is refused with exit 1 and what it is, and
//! left as it was (a link is written through only with `--follow-symlink`); a file replaced
//! keeps its permissions, a new one follows the umask (a backup and a device's file no more open
//! than the database); `-o -` is stdout, `backup -` a usage error. The
//! new content goes into `.<name>.<pid>.<random>.chronicle-tmp` beside the target, so a file
//! or link planted at a guessable name is never followed or overwritten, and the temporaries
//! a killed run leaves are removed by the next run. `CHRONICLE_BACKUP_KILLS` sets how many
//! backups are killed (default 20).

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::TestEnv;
use crate::special_files::{device, fifo, kind, listing, output_within, socket};

/// The longest a refusal may take before the test calls it a hang.
const LIMIT: Duration = Duration::from_secs(20);

/// Each command writing `target` (a path in the test's folder); the page, slow to make in
/// a debug build, for the named pipe only.
fn writers(target: &str) -> Vec<Vec<String>> {
    let mut commands = vec![
        vec!["export", "-o", target],
        vec!["export", "--format", "md", "-o", target],
        vec!["backup", target],
    ];
    if target == "pipe" {
        commands.push(vec!["export", "--format", "html", "--output", target]);
    }
    commands
        .into_iter()
        .map(|args| args.into_iter().map(String::from).collect())
        .collect()
}

fn run_within(env: &TestEnv, args: &[String]) -> crate::common::Run {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = output_within(env.process(&args), LIMIT);
    crate::common::Run::from_output(args.join(" "), output)
}

/// What a path holds, to compare before and after: its kind, where a link points, a
/// regular file's bytes, a folder's names.
fn state(path: &Path) -> String {
    let what = kind(path);
    match what {
        "a symbolic link" => format!(
            "{what} to {}",
            std::fs::read_link(path).expect("a link").display()
        ),
        "a regular file" => format!("{what}: {:?}", std::fs::read(path).expect("a file")),
        "a folder" => format!("{what} holding {:?}", listing(path)),
        _ => what.to_string(),
    }
}

#[test]
fn exports_and_backups_refuse_to_replace_what_is_not_a_regular_file() {
    let env = TestEnv::demo();
    let dir = env.dir();
    std::fs::write(dir.join("victim.txt"), "the file a link points at\n").expect("victim");
    fifo(&dir.join("pipe"));
    std::fs::create_dir(dir.join("folder")).expect("a folder");
    socket(&dir.join("socket"));
    std::os::unix::fs::symlink("victim.txt", dir.join("link")).expect("a link");
    std::os::unix::fs::symlink("nowhere.txt", dir.join("dangling")).expect("a link");
    std::os::unix::fs::symlink("folder", dir.join("folder-link")).expect("a link");
    let mut targets = vec![
        ("pipe", "is a named pipe, not a regular file"),
        ("folder", "is a folder, not a regular file"),
        ("socket", "is a socket, not a regular file"),
        (
            "link",
            "is a symbolic link; chronicle does not write through one unless asked (--follow-symlink)",
        ),
        ("dangling", "is a symbolic link"),
        ("folder-link", "is a symbolic link"),
    ];
    if device(&dir.join("device")) {
        targets.push(("device", "is a device, not a regular file"));
    }
    let db = env.db_bytes();
    // The folder's names but the database's own (a read leaves SQLite's shared-memory
    // files beside it).
    let names = || -> Vec<String> {
        listing(dir)
            .into_iter()
            .filter(|n| !n.starts_with("chronicle.db"))
            .collect()
    };
    for (target, says) in targets {
        let path = dir.join(target);
        let before = (state(&path), state(&dir.join("victim.txt")), names());
        for args in writers(target) {
            let run = run_within(&env, &args);
            assert_eq!(run.code, 1, "{args:?}: {}", run.stderr);
            assert!(
                run.stderr.contains(&format!("{target} {says}")),
                "{args:?}: {}",
                run.stderr
            );
            let after = (state(&path), state(&dir.join("victim.txt")), names());
            assert_eq!(after, before, "{args:?} changed what was there");
        }
    }
    assert_eq!(env.db_bytes(), db);
    // A link to a folder, followed, is still no regular file.
    let run = run_within(
        &env,
        &["export", "-o", "folder-link", "--follow-symlink"].map(String::from),
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("is a folder"), "{}", run.stderr);
}

#[test]
fn a_symbolic_link_is_written_through_only_with_follow_symlink() {
    let env = TestEnv::demo();
    let dir = env.dir();
    let export = env.ok(&["export"]).stdout;
    std::fs::write(dir.join("real.json"), "old\n").expect("the file");
    std::os::unix::fs::symlink("real.json", dir.join("link.json")).expect("a link");
    env.test()
        .args(["export", "-o", "link.json", "--follow-symlink"])
        .stderr_has("Wrote link.json.")
        .run();
    assert_eq!(
        state(&dir.join("link.json")),
        "a symbolic link to real.json"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("real.json")).expect("read"),
        export
    );

    std::fs::write(dir.join("real.db"), "old\n").expect("the file");
    std::os::unix::fs::symlink("real.db", dir.join("link.db")).expect("a link");
    env.test()
        .args(["backup", "link.db", "--follow-symlink"])
        .stderr_has("the copy passes `chronicle check`")
        .run();
    assert_eq!(state(&dir.join("link.db")), "a symbolic link to real.db");
    let copy = TestEnv::at(dir, &dir.join("real.db"));
    copy.ok(&["check"]);
    assert_eq!(
        copy.json(&["board", "--format", "json"])["games_played"],
        16
    );

    // A link to nothing cannot be followed, and nothing is made where it points.
    std::os::unix::fs::symlink("nowhere.json", dir.join("dangling.json")).expect("a link");
    env.test()
        .args(["export", "-o", "dangling.json", "--follow-symlink"])
        .status(1)
        .stderr_has("dangling.json cannot be followed")
        .run();
    assert!(!dir.join("nowhere.json").exists());
}

fn mode_of(path: &Path) -> u32 {
    std::fs::metadata(path)
        .expect("metadata")
        .permissions()
        .mode()
        & 0o777
}

#[test]
fn a_replaced_file_keeps_its_permissions_and_a_new_one_gets_644() {
    let env = TestEnv::demo();
    let dir = env.dir();
    for (name, args) in [
        ("private.json", &["export", "-o", "private.json"][..]),
        (
            "private.md",
            &["export", "--format", "md", "-o", "private.md"],
        ),
        ("private.db", &["backup", "private.db"]),
    ] {
        for mode in [0o600, 0o640, 0o604] {
            std::fs::write(dir.join(name), "old\n").expect("the old file");
            std::fs::set_permissions(dir.join(name), std::fs::Permissions::from_mode(mode))
                .expect("chmod");
            env.ok(args);
            assert_eq!(mode_of(&dir.join(name)), mode, "{args:?}");
            assert_ne!(std::fs::read(dir.join(name)).expect("read"), b"old\n");
        }
    }
    for args in [
        &["export", "-o", "new.json"][..],
        &["export", "--format", "html", "-o", "new.html"],
        &["backup", "new.db"],
    ] {
        env.ok(args);
        assert_eq!(mode_of(&dir.join(args[args.len() - 1])), 0o644, "{args:?}");
    }
}

#[test]
fn dash_is_stdout_for_an_export_and_refused_for_a_backup() {
    let env = TestEnv::demo();
    let to_stdout = env.ok(&["export"]).stdout;
    let run = env.ok(&["export", "-o", "-"]);
    assert_eq!(run.stdout, to_stdout);
    let md = env.ok(&["export", "--format", "md", "-o", "-"]);
    assert!(md.stdout.starts_with("# Demo"), "{}", md.stdout);
    env.test()
        .args(["backup", "-"])
        .status(2)
        .stderr_has("A backup is a database file: give its path, not - (stdout).")
        .run();
    assert!(!env.dir().join("-").exists(), "a file named - was made");
}

/// The pid the next process is likely to get, to plant files at the names it might use.
fn next_pid() -> u32 {
    let child = Command::new("true").spawn().expect("true runs");
    let pid = child.id();
    let _ = child.wait_with_output();
    pid + 1
}

/// Old-style temporary names a process `pid` writing `name` might have used, each planted as
/// a link to `victim` (or, for the last, a regular file).
fn plant(dir: &Path, name: &str, pids: std::ops::Range<u32>) -> Vec<String> {
    let mut planted = vec![
        format!(".{name}.tmp"),
        format!("{name}.tmp"),
        format!("{name}~"),
    ];
    planted.extend(pids.map(|pid| format!(".{name}.{pid}.tmp")));
    for link in &planted {
        std::os::unix::fs::symlink("victim.txt", dir.join(link)).expect("a planted link");
    }
    planted
}

#[test]
fn links_planted_at_guessable_temporary_names_are_never_followed_or_overwritten() {
    let env = TestEnv::demo();
    let dir = env.dir();
    let victim = "the file an attacker wants overwritten\n";
    std::fs::write(dir.join("victim.txt"), victim).expect("victim");
    for (name, args) in [
        ("out.json", &["export", "-o", "out.json"][..]),
        ("copy.db", &["backup", "copy.db"]),
    ] {
        let mut hit = false;
        for _attempt in 0..5 {
            let first = next_pid();
            let planted = plant(dir, name, first..first + 400);
            let child = env
                .process(args)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn");
            let pid = child.id();
            let output = child.wait_with_output().expect("wait");
            assert!(
                output.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            assert_eq!(
                std::fs::read_to_string(dir.join("victim.txt")).expect("victim"),
                victim,
                "{args:?} wrote through a planted link"
            );
            for link in &planted {
                assert_eq!(
                    state(&dir.join(link)),
                    "a symbolic link to victim.txt",
                    "{args:?} replaced {link}"
                );
                std::fs::remove_file(dir.join(link)).expect("unplant");
            }
            assert_eq!(kind(&dir.join(name)), "a regular file");
            if (first..first + 400).contains(&pid) {
                hit = true;
                break;
            }
        }
        if !hit {
            eprintln!("note: {name}: the writer's pid was never among the planted names");
        }
    }
    let copy = TestEnv::at(dir, &dir.join("copy.db"));
    copy.ok(&["check"]);
}

#[test]
fn stale_temporaries_are_removed_by_the_next_write_and_no_others() {
    let env = TestEnv::demo();
    let dir = env.dir();
    std::fs::write(dir.join("victim.txt"), "keep me\n").expect("victim");
    // A process that no longer runs (no pid is that large) left these.
    let stale = [
        ".out.json.4294967295.abc.chronicle-tmp",
        ".out.json.4294967295.abc.chronicle-tmp-journal",
        ".out.json.4294967295.abc.chronicle-tmp-wal",
        ".out.json.4294967295.abc.chronicle-tmp-shm",
    ];
    for name in stale {
        std::fs::write(dir.join(name), "half written").expect("a stale temporary");
    }
    // …and a link, at such a name: the link goes, not the file it points at.
    let stale_link = ".out.json.4294967294.xyz.chronicle-tmp";
    std::os::unix::fs::symlink("victim.txt", dir.join(stale_link)).expect("a link");
    // Those of a process still running (this one), of another file, of no process.
    let kept = [
        format!(".out.json.{}.abc.chronicle-tmp", std::process::id()),
        ".other.json.4294967295.abc.chronicle-tmp".to_string(),
        ".out.json.notapid.abc.chronicle-tmp".to_string(),
        "out.json.4294967295.abc.chronicle-tmp".to_string(),
    ];
    for name in &kept {
        std::fs::write(dir.join(name), "not ours to remove").expect("a file");
    }
    env.ok(&["export", "-o", "out.json"]);
    for name in stale.iter().chain([&stale_link]) {
        assert_eq!(kind(&dir.join(name)), "nothing", "{name} was left");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("victim.txt")).expect("victim"),
        "keep me\n"
    );
    for name in &kept {
        assert_eq!(
            std::fs::read_to_string(dir.join(name)).expect("kept"),
            "not ours to remove",
            "{name}"
        );
    }
    // The same for a backup's copy.
    std::fs::write(dir.join(".copy.db.4294967295.q.chronicle-tmp"), "half").expect("stale");
    std::fs::write(dir.join(".copy.db.4294967295.q.chronicle-tmp-journal"), "x").expect("stale");
    env.ok(&["backup", "copy.db"]);
    assert!(!listing(dir).iter().any(|n| n.starts_with(".copy.db.")));
}

/// A tiny deterministic generator, so that a failing run can be repeated.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }
}

/// Whether `name` is a temporary one of the backup processes `pids` made for `copy.db`:
/// `.copy.db.<pid>.<random>.chronicle-tmp`, or SQLite's file beside it (its journal, or the
/// WAL files of the copy before it is set to a rollback journal).
fn temporary_of(name: &str, pids: &[u32]) -> bool {
    let base = ["-journal", "-wal", "-shm"]
        .iter()
        .find_map(|suffix| name.strip_suffix(suffix))
        .unwrap_or(name);
    pids.iter().any(|pid| {
        base.strip_prefix(&format!(".copy.db.{pid}."))
            .and_then(|rest| rest.strip_suffix(".chronicle-tmp"))
            .is_some_and(|random| !random.is_empty() && !random.contains('.'))
    })
}

#[test]
fn temporaries_left_by_killed_backups_are_removed_by_the_next_run() {
    let kills: u64 = std::env::var("CHRONICLE_BACKUP_KILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    let env = TestEnv::demo();
    let dir = env.dir();
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("exports/demo.snap.json");
    let demo = demo.to_str().expect("UTF-8");
    // A database of 13 campaigns, so that a backup takes a while.
    for n in 1..=12 {
        env.ok(&["import", demo, "--as", &format!("Demo {n}")]);
    }
    let started = Instant::now();
    env.ok(&["backup", "copy.db"]);
    let typical = started.elapsed().as_micros() as u64;
    let mut random = Lcg(0xbac0);
    let mut left = std::collections::BTreeSet::new();
    let mut finished = 0;
    let mut killed = Vec::new();
    for kill in 0..kills {
        let mut child = env
            .process(&["backup", "copy.db"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        killed.push(child.id());
        std::thread::sleep(Duration::from_micros(random.below(typical * 3 / 2)));
        let _ = child.kill();
        if child.wait().expect("wait").success() {
            finished += 1;
        }
        for name in listing(dir) {
            if name.contains(".chronicle-tmp") {
                assert!(
                    temporary_of(&name, &killed),
                    "kill {kill}: {name} is no temporary of a killed backup ({killed:?})"
                );
                left.insert(name);
            }
        }
        // The copy is the old one or the new one, whole.
        TestEnv::at(dir, &dir.join("copy.db")).ok(&["check"]);
    }
    env.ok(&["backup", "copy.db"]);
    let names = listing(dir);
    assert!(
        !names.iter().any(|n| n.contains(".chronicle-tmp")),
        "temporaries left after a run that finished: {names:?}"
    );
    let copy = TestEnv::at(dir, &dir.join("copy.db"));
    copy.ok(&["check"]);
    assert_eq!(
        copy.json(&["campaign", "list", "--format", "json"])["campaigns"]
            .as_array()
            .map(Vec::len),
        Some(13)
    );
    eprintln!(
        "{kills} backups killed (spread over {typical} µs): {finished} finished first, {} temporaries left behind, all removed by the next backup",
        left.len()
    );
}

/// `chronicle ARGS…` run under the umask `mask` (set by the shell that starts it).
fn run_with_umask(env: &TestEnv, mask: &str, args: &[&str]) -> crate::common::Run {
    let template = env.process(args);
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("umask {mask} && exec \"$0\" \"$@\""))
        .arg(template.get_program())
        .args(template.get_args());
    if let Some(dir) = template.get_current_dir() {
        command.current_dir(dir);
    }
    for (key, value) in template.get_envs() {
        match value {
            Some(value) => command.env(key, value),
            None => command.env_remove(key),
        };
    }
    let output = output_within(command, LIMIT);
    crate::common::Run::from_output(args.join(" "), output)
}

#[test]
fn new_files_follow_the_umask() {
    let env = TestEnv::demo();
    let dir = env.dir();
    std::fs::create_dir(dir.join("shared")).expect("the shared folder");
    for (mask, mode) in [("077", 0o600), ("027", 0o640), ("022", 0o644)] {
        let writes: [(&[&str], &str); 5] = [
            (&["export", "-o", "new.json"], "new.json"),
            (&["export", "--format", "md", "-o", "new.md"], "new.md"),
            (&["export", "--format", "csv", "-o", "csv"], "csv/games.csv"),
            (&["man", "--dir", "man"], "man/chronicle.1"),
            (&["backup", "new.db"], "new.db"),
        ];
        for (args, written) in writes {
            let run = run_with_umask(&env, mask, args);
            assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
            assert_eq!(
                mode_of(&dir.join(written)),
                mode,
                "{args:?} under umask {mask}"
            );
            // Written again under the next umask, as new.
            let top = dir.join(written.split('/').next().unwrap_or(written));
            let _ = std::fs::remove_dir_all(&top);
            let _ = std::fs::remove_file(&top);
        }
    }
    let run = run_with_umask(&env, "077", &["sync", "shared", "--device", "desk"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let campaign = std::fs::read_dir(dir.join("shared"))
        .expect("the shared folder")
        .next()
        .expect("the campaign's folder")
        .expect("an entry")
        .path();
    assert_eq!(mode_of(&campaign.join("desk.jsonl")), 0o600);
}

#[test]
fn a_backup_and_a_device_file_are_no_more_open_than_the_database() {
    let env = TestEnv::demo();
    let dir = env.dir();
    std::fs::set_permissions(env.db_path(), std::fs::Permissions::from_mode(0o600))
        .expect("chmod 600");
    // Under the usual umask a new file would be 644: the database's 600 wins.
    let run = run_with_umask(&env, "022", &["backup", "copy.db"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(mode_of(&dir.join("copy.db")), 0o600);
    // A backup replacing an open file takes the database's mode too.
    std::fs::write(dir.join("old.db"), "old\n").expect("an old backup");
    std::fs::set_permissions(dir.join("old.db"), std::fs::Permissions::from_mode(0o644))
        .expect("chmod 644");
    let run = run_with_umask(&env, "022", &["backup", "old.db"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(mode_of(&dir.join("old.db")), 0o600);
    // An export is not the database: it follows the umask.
    let run = run_with_umask(&env, "022", &["export", "-o", "shared.json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(mode_of(&dir.join("shared.json")), 0o644);
    std::fs::create_dir(dir.join("shared")).expect("the shared folder");
    let run = run_with_umask(&env, "022", &["sync", "shared", "--device", "desk"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let campaign = std::fs::read_dir(dir.join("shared"))
        .expect("the shared folder")
        .next()
        .expect("the campaign's folder")
        .expect("an entry")
        .path();
    assert_eq!(mode_of(&campaign.join("desk.jsonl")), 0o600);
}
