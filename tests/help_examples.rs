//! Every example in every command's help runs: each line under "Examples:" (its `\`
//! continuations joined, its `#` comments left to the shell), run by bash with `chronicle`
//! on the PATH, in a fresh copy of the demo campaign, exits 0. An example that needs more
//! than the demo (a file to import, a campaign before game 1, a shared folder) is given it
//! by `given`, as its command's examples say. The server's examples are started bound to
//! 127.0.0.1 and stopped once they print their address.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common::{Run, TestEnv, skipped};
use crate::conventions::helps;
use crate::photo_files::{jpeg, phone_jpeg, png};

/// The command lines of a help's "Examples:" section, continuations joined; none when it
/// has none. The section ends at its first line that is not indented.
fn examples(help: &str) -> Vec<String> {
    let Some(section) = help.split("Examples:\n").nth(1) else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    let mut line = String::new();
    for text in section.lines() {
        if !text.starts_with("  ") {
            break;
        }
        let text = text.trim();
        if line.is_empty() && text.starts_with('#') {
            continue;
        }
        if let Some(part) = text.strip_suffix('\\') {
            line.push_str(part);
        } else {
            line.push_str(text);
            lines.push(std::mem::take(&mut line));
        }
    }
    lines
}

/// What the examples of `path` need beyond the demo, made in `env`.
fn given(env: &TestEnv, path: &str) {
    match path {
        // A second campaign to use, called Friday group.
        "campaign use" => {
            env.ok(&["init", "Friday group"]);
        }
        // The campaign Earth to rename; powers and coins, chosen before game 1, for a new
        // campaign (`init` uses it from then on).
        "campaign rename" | "power" | "coins" => {
            env.ok(&["init"]);
        }
        // A campaign set up for its first game.
        "game log" => env.init_set_up(&["init"]),
        // Room for one more game before game 7: the demo with its last two games taken
        // back, so that every game after the one inserted is still within the fifteen
        // that take rewards.
        "game insert" => {
            for _ in 0..2 {
                env.ok(&["game", "undo", "--yes", "--reason", "to insert one"]);
            }
        }
        // A campaign whose game 3 Ann won, founding Kyro in Egypt.
        "game edit" => {
            env.init_set_up(&["init"]);
            for (date, players, reward) in [
                (
                    "2026-03-07",
                    ["Ann=bear:won", "Bo=khan:held-on", "Cy=saharan:held-on"],
                    ["--destroy-card", "Peru"],
                ),
                (
                    "2026-03-14",
                    ["Ann=bear:held-on", "Bo=khan:won", "Cy=saharan:held-on"],
                    ["--destroy-card", "Ural"],
                ),
                (
                    "2026-03-21",
                    ["Ann=bear:won", "Bo=khan:held-on", "Cy=saharan:eliminated"],
                    ["--major-city", "Egypt=Kyro"],
                ),
            ] {
                let mut args = vec!["game", "log", "--date", date];
                for player in players {
                    args.extend(["--player", player]);
                }
                args.extend(reward);
                env.ok(&args);
            }
        }
        // Someone typed two ways: a game with Annie at the table.
        "person merge" => {
            env.ok(&[
                "game",
                "log",
                "--player",
                "Annie=bear:won",
                "--player",
                "Bo=khan:held-on",
                "--player",
                "Chidi=saharan:held-on",
                "--new-player",
                "Annie",
            ]);
        }
        // A phone's photo and a PNG to add.
        "game photo add" => {
            std::fs::write(
                env.dir().join("IMG_2041.jpg"),
                phone_jpeg(400, 200, 6, true),
            )
            .expect("a photo");
            std::fs::write(env.dir().join("board.png"), png(300, 200)).expect("a photo");
        }
        // Game 7 with a photo.
        "game photo list" | "game photo show" | "game photo remove" => {
            std::fs::write(env.dir().join("IMG_2041.jpg"), jpeg(400, 200)).expect("a photo");
            env.ok(&["game", "photo", "add", "7", "IMG_2041.jpg"]);
        }
        // The files to import: another database's campaign Earth, and that file again.
        "import" => {
            let other = env.dir().join("other.db");
            let other = other.to_str().expect("a UTF-8 path");
            env.ok(&["--db", other, "init"]);
            env.ok(&[
                "--db",
                other,
                "export",
                "-o",
                "earth.json",
                "--photos",
                "photos",
            ]);
            std::fs::copy(env.dir().join("earth.json"), env.dir().join("friends.json"))
                .expect("a copy");
        }
        // A fork to resolve: the laptop and the phone each logged a game 17 in the folder
        // they sync through.
        "sync resolve" => {
            std::fs::create_dir_all(env.dir().join("home/Sync/risk")).expect("the folder");
            let phone = env.dir().join("phone.db");
            let phone = phone.to_str().expect("a UTF-8 path");
            let steps: [(&str, &[&str]); 6] = [
                ("08:00", &["sync", "~/Sync/risk", "--device", "laptop"]),
                (
                    "08:01",
                    &["--db", phone, "sync", "~/Sync/risk", "--device", "phone"],
                ),
                (
                    "08:02",
                    &[
                        "game",
                        "log",
                        "--date",
                        "2026-05-02",
                        "--player",
                        "Ann=bear:won",
                        "--player",
                        "Bo=khan:held-on",
                        "--player",
                        "Chidi=saharan:held-on",
                    ],
                ),
                (
                    "08:03",
                    &[
                        "--db",
                        phone,
                        "game",
                        "log",
                        "--date",
                        "2026-05-03",
                        "--player",
                        "Bo=khan:won",
                        "--player",
                        "Ann=bear:held-on",
                        "--player",
                        "Chidi=saharan:held-on",
                    ],
                ),
                ("08:04", &["--db", phone, "sync", "~/Sync/risk"]),
                ("08:05", &["sync", "~/Sync/risk"]),
            ];
            for (time, args) in steps {
                let home = env.dir().join("home");
                let home = home.to_str().expect("a UTF-8 path");
                let args: Vec<String> = args.iter().map(|a| a.replace('~', home)).collect();
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let mut command = env.command_with(&args);
                command.env("CHRONICLE_NOW", format!("2026-11-29T{time}:00Z"));
                let run = TestEnv::run_command(command, &args.join(" "));
                assert!(matches!(run.code, 0 | 1), "{args:?}: {}", run.stderr);
            }
        }
        // The folder the group syncs through, and a git clone.
        "sync" | "sync status" => {
            let home = env.dir().join("home");
            std::fs::create_dir_all(home.join("Sync/risk")).expect("the shared folder");
            let clone = home.join("risk-log");
            std::fs::create_dir_all(&clone).expect("the clone's folder");
            let status = Command::new("git")
                .args(["init", "--quiet"])
                .current_dir(&clone)
                .status()
                .expect("git runs");
            assert!(status.success(), "git init");
        }
        // fish's folder of completions.
        "completions" => {
            std::fs::create_dir_all(env.dir().join("home/.config/fish/completions"))
                .expect("fish's folder");
        }
        _ => {}
    }
}

/// `line` run by bash (pipes fail as a whole) in the test's folder, with `chronicle` on the
/// PATH and the test's environment.
fn bash(env: &TestEnv, line: &str) -> Command {
    let binary = Path::new(env!("CARGO_BIN_EXE_chronicle"));
    let template = env.process(&[]);
    let mut shell = Command::new("bash");
    shell.args(["-o", "pipefail", "-c", line]);
    for (key, value) in template.get_envs() {
        match value {
            Some(value) => shell.env(key, value),
            None => shell.env_remove(key),
        };
    }
    shell
        .env(
            "PATH",
            format!(
                "{}:{}",
                binary.parent().expect("the binary's folder").display(),
                std::env::var("PATH").unwrap_or_default()
            ),
        )
        .env("GIT_CONFIG_GLOBAL", env.dir().join("gitconfig"))
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_AUTHOR_NAME", "Ann")
        .env("GIT_AUTHOR_EMAIL", "ann@example.org")
        .env("GIT_COMMITTER_NAME", "Ann")
        .env("GIT_COMMITTER_EMAIL", "ann@example.org")
        .current_dir(env.dir())
        .stdin(Stdio::null());
    shell
}

/// Runs an example; what it did.
fn run(env: &TestEnv, line: &str) -> Run {
    let output = bash(env, line).output().expect("bash runs");
    Run::from_output(line.to_string(), output)
}

/// Starts a server's example bound to this machine only, waits for its address (20 s at
/// most) and stops it: none when it printed one, else what it said.
fn serve(env: &TestEnv, line: &str) -> Option<String> {
    let mut line = line.split(" #").next().unwrap_or(line).trim().to_string();
    if !line.contains("--bind") {
        line.push_str(" --bind 127.0.0.1 --port 0");
    }
    let mut child = bash(env, &format!("exec {line}"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    let (said, heard) = mpsc::channel();
    for stream in [
        Box::new(child.stdout.take().expect("stdout")) as Box<dyn std::io::Read + Send>,
        Box::new(child.stderr.take().expect("stderr")),
    ] {
        let said = said.clone();
        std::thread::spawn(move || {
            for text in BufReader::new(stream).lines().map_while(Result::ok) {
                if said.send(text).is_err() {
                    break;
                }
            }
        });
    }
    drop(said);
    let mut transcript = String::new();
    let mut up = false;
    while let Ok(text) = heard.recv_timeout(Duration::from_secs(20)) {
        transcript.push_str(&text);
        transcript.push('\n');
        if text.contains("http://127.0.0.1:") {
            up = true;
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    (!up).then_some(transcript)
}

/// Whether `program` runs here.
fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

#[test]
fn every_example_in_every_commands_help_runs_on_the_demo() {
    let helps = helps(&TestEnv::new());
    let mut ran = 0;
    let mut failed = Vec::new();
    for (path, help) in &helps {
        let lines = examples(help);
        if lines.is_empty() {
            continue;
        }
        for line in lines {
            let env = TestEnv::demo();
            given(&env, path);
            let needs = [("| man ", "man"), (" --git", "git")];
            if let Some((_, program)) = needs
                .iter()
                .find(|(part, program)| line.contains(part) && !installed(program))
            {
                skipped(&format!("`{line}` needs {program}, which is not installed"));
                continue;
            }
            ran += 1;
            if path == "serve" {
                if let Some(said) = serve(&env, &line) {
                    failed.push(format!("`{line}` printed no address:\n{said}"));
                }
                continue;
            }
            let run = run(&env, &line);
            if run.code != 0 || run.stderr.contains("panicked") {
                failed.push(format!(
                    "`{line}` (the help of `chronicle {path}`) exited {}:\n{}",
                    run.code, run.stderr
                ));
            }
        }
    }
    assert!(ran >= 60, "only {ran} examples were found");
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

#[test]
fn examples_are_read_whole_with_their_continuations() {
    let help = "Usage: chronicle game log\n\nExamples:\n  # a comment\n  chronicle game log --date 2026-03-14 \\\n    --player \"Ann=bear:won\"\n  chronicle board   # the board\nProse after them.\n  not an example\n";
    assert_eq!(
        examples(help),
        [
            "chronicle game log --date 2026-03-14 --player \"Ann=bear:won\"",
            "chronicle board   # the board",
        ]
    );
}
