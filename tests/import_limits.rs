//! What `import` reads: a regular file only (a named pipe is refused before it is opened, so
//! it never waits for a writer; a device such as /dev/zero is refused), of at most 64 MiB
//! unless `--max-mb` (1 to 4096) says otherwise, read as it streams in, so that memory stays
//! bounded whatever the size; a byte-order mark at its start is skipped. Each refusal exits 1,
//! says what the file is, and writes nothing.

use std::path::Path;
use std::time::Duration;

use crate::common::{Run, TestEnv};
use crate::special_files::{fifo, kind, output_within};

fn import_within(env: &TestEnv, args: &[&str]) -> Run {
    let mut all = vec!["import"];
    all.extend(args);
    let output = output_within(env.process(&all), Duration::from_secs(20));
    Run::from_output(all.join(" "), output)
}

fn demo_bytes() -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("exports/demo.snap.json"))
        .expect("the demo's file")
}

/// The run refused the file with exit 1 saying `says`, and no database was made.
fn assert_refused(env: &TestEnv, run: &Run, says: &str) {
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains(says), "{}", run.stderr);
    assert!(
        run.stderr.contains("Nothing was written."),
        "{}",
        run.stderr
    );
    assert!(!env.db_path().exists(), "a refused import made a database");
}

#[test]
fn a_named_pipe_is_refused_at_once_never_waited_on() {
    let env = TestEnv::new();
    let pipe = env.dir().join("campaign.json");
    fifo(&pipe);
    let run = import_within(&env, &[pipe.to_str().expect("UTF-8")]);
    assert_refused(
        &env,
        &run,
        "campaign.json is a named pipe, not a regular file; give the path of a file written by `chronicle export --format json`.",
    );
    assert_eq!(kind(&pipe), "a named pipe");
}

/// Devices are only looked at, never opened: reading /dev/zero would never end.
#[test]
fn a_device_or_a_folder_is_refused() {
    let env = TestEnv::new();
    for device in ["/dev/zero", "/dev/null"] {
        let run = import_within(&env, &[device]);
        assert_refused(
            &env,
            &run,
            &format!("{device} is a device, not a regular file"),
        );
    }
    std::fs::create_dir(env.dir().join("folder")).expect("a folder");
    let folder = env.dir().join("folder");
    let run = import_within(&env, &[folder.to_str().expect("UTF-8")]);
    assert_refused(&env, &run, "is a folder, not a regular file");
}

#[test]
fn a_file_over_the_limit_is_refused_naming_the_limit_and_the_flag() {
    let env = TestEnv::new();
    let two = env.dir().join("two.json");
    // The demo's file, padded with white space to 2 MiB: a campaign file, but too long.
    let mut bytes = demo_bytes();
    bytes.resize(2 * 1024 * 1024, b' ');
    std::fs::write(&two, &bytes).expect("a 2 MiB file");
    let two = two.to_str().expect("UTF-8");
    let run = import_within(&env, &[two, "--max-mb", "1"]);
    assert_refused(
        &env,
        &run,
        "two.json holds 2097152 bytes, more than the 1 MiB a campaign file is read up to; raise the limit with --max-mb if it is one.",
    );
    // With the limit raised, it is the demo.
    env.test()
        .args(["import", two, "--max-mb", "2"])
        .stderr_has("Imported campaign \"Demo\" (16 games")
        .run();

    // By default, 64 MiB: a sparse file of 65 MiB is refused from its size alone.
    let other = TestEnv::new();
    let big = other.dir().join("big.json");
    std::fs::File::create(&big)
        .and_then(|f| f.set_len(65 * 1024 * 1024))
        .expect("a sparse file");
    let run = import_within(&other, &[big.to_str().expect("UTF-8")]);
    assert_refused(
        &other,
        &run,
        "holds 68157440 bytes, more than the 64 MiB a campaign file is read up to",
    );
}

#[test]
fn a_limit_outside_1_to_4096_mib_is_a_usage_error() {
    let env = TestEnv::new();
    let file = env.dir().join("demo.json");
    std::fs::write(&file, demo_bytes()).expect("the file");
    let file = file.to_str().expect("UTF-8");
    for limit in ["0", "5000", "4097", "abc", "1.5"] {
        env.test()
            .args(["import", file, "--max-mb", limit])
            .status(2)
            .stderr_has(format!("invalid value '{limit}' for '--max-mb <MB>'"))
            .run();
        assert!(!env.db_path().exists());
    }
    env.test()
        .args(["import", file, "--max-mb", "-1"])
        .status(2)
        .stderr_has("unexpected argument '-1'")
        .run();
    env.test().args(["import", file, "--max-mb", "4096"]).run();
}

#[test]
fn a_file_starting_with_a_byte_order_mark_imports() {
    let env = TestEnv::new();
    let file = env.dir().join("bom.json");
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(demo_bytes());
    std::fs::write(&file, &bytes).expect("the file");
    env.test()
        .args(["import", file.to_str().expect("UTF-8")])
        .stderr_has("Imported campaign \"Demo\" (16 games, 22 entries)")
        .run();
    env.ok(&["check"]);
    // A mark anywhere else is not white space.
    let other = TestEnv::new();
    let file = other.dir().join("late-bom.json");
    let mut bytes = b" \xEF\xBB\xBF".to_vec();
    bytes.extend(demo_bytes());
    std::fs::write(&file, &bytes).expect("the file");
    let run = import_within(&other, &[file.to_str().expect("UTF-8")]);
    assert_refused(&other, &run, "The file is not JSON");
}

/// 24 MiB of white space, read by a process allowed 12 MiB of data (`prlimit --data`): a
/// reader holding the whole file would be stopped; the streaming one refuses it as not JSON.
#[test]
fn a_big_file_is_read_in_bounded_memory() {
    let has_prlimit = std::process::Command::new("prlimit")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_prlimit {
        eprintln!("note: no prlimit here, so the bounded-memory case is skipped");
        return;
    }
    let env = TestEnv::new();
    let file = env.dir().join("spaces.json");
    std::fs::write(&file, vec![b' '; 24 * 1024 * 1024]).expect("24 MiB of spaces");
    let inner = env.process(&["import", file.to_str().expect("UTF-8"), "--max-mb", "30"]);
    let mut command = std::process::Command::new("prlimit");
    command
        .arg(format!("--data={}", 12 * 1024 * 1024))
        .arg("--")
        .arg(inner.get_program())
        .args(inner.get_args())
        .current_dir(env.dir());
    for (key, value) in inner.get_envs() {
        match value {
            Some(value) => command.env(key, value),
            None => command.env_remove(key),
        };
    }
    let output = output_within(command, Duration::from_mins(1));
    let run = Run::from_output("import spaces.json".to_string(), output);
    assert_refused(
        &env,
        &run,
        "The file is not JSON (EOF while parsing a value at line 1 column 25165824)",
    );
}
