//! Completion gives a line that runs, in each shell there is (bash; zsh and fish where they
//! are installed, else a notice): in a real interactive shell in a pseudo-terminal, the
//! completion script sourced as the guide says, a line is typed up to Tab, completed by the
//! shell, and run; it exits 0. The names completed hold spaces (factions, territories,
//! continents, packets, a person renamed "Bo Peep"), are typed bare, escaped or inside an
//! open quote, and stand after `=` and `:` (`--player Eun-ji=mechaniker:w`). The static zsh
//! script (`chronicle completions zsh`) completes after `--player` without an error.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use expectrl::session::OsSession;
use expectrl::{Expect, Session};

use crate::common::{TestEnv, skipped};

/// Lines typed up to Tab: each completes to one that runs.
const TYPED: [&str; 8] = [
    "chronicle history --faction Enc",
    "chronicle history --faction 'Enclave of t",
    "chronicle history --territory \"Western Aus",
    "chronicle history --territory Western\\ Aus",
    "chronicle board --continent North\\ A",
    "chronicle history --player Bo\\ P",
    "chronicle packets open --after-game 9 Do\\ not\\ o",
    "chronicle game log --dry-run --player Ann=bear:held-on --player Chidi=saharan:held-on --player Eun-ji=mechaniker:w",
];

/// How long a shell may take to start, complete or run a line before the test gives up.
const PATIENCE: Duration = Duration::from_secs(30);

/// A shell: how it starts without the user's configuration, how it loads chronicle's
/// completion, and how it says the last exit code.
struct Shell {
    name: &'static str,
    start: &'static [&'static str],
    setup: &'static [&'static str],
    status: &'static str,
}

const SHELLS: [Shell; 3] = [
    Shell {
        name: "bash",
        start: &["bash", "--norc", "--noprofile", "-i"],
        setup: &["source <(COMPLETE=bash chronicle)"],
        status: "$?",
    },
    Shell {
        name: "zsh",
        start: &["zsh", "-f", "-i"],
        setup: &[
            "autoload -U compinit && compinit -u",
            "source <(COMPLETE=zsh chronicle)",
        ],
        status: "$?",
    },
    Shell {
        name: "fish",
        start: &["fish", "--no-config", "-i"],
        setup: &["COMPLETE=fish chronicle | source"],
        status: "$status",
    },
];

/// Whether the shell runs here, started as the test starts it (an older fish has no
/// `--no-config`).
fn installed(shell: &Shell) -> bool {
    let (program, flags) = shell.start.split_first().expect("a program");
    let flags = &flags[..flags.len() - 1];
    Command::new(program)
        .args(flags)
        .args(["-c", "true"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// An interactive shell in a pseudo-terminal with the test's environment, `chronicle` on
/// its PATH, in `dir`.
fn open(env: &TestEnv, shell: &Shell, dir: &Path) -> OsSession {
    let template = env.process(&[]);
    let mut command = Command::new(shell.start[0]);
    command.args(&shell.start[1..]).current_dir(dir);
    for (key, value) in template.get_envs() {
        match value {
            Some(value) => command.env(key, value),
            None => command.env_remove(key),
        };
    }
    let binary = Path::new(env!("CARGO_BIN_EXE_chronicle"));
    command
        .env(
            "PATH",
            format!(
                "{}:{}",
                binary.parent().expect("the binary's folder").display(),
                std::env::var("PATH").unwrap_or_default()
            ),
        )
        .env("TERM", "dumb");
    Session::spawn(command).expect("the shell starts in a pseudo-terminal")
}

/// Whether a line has been written whole to `file`.
fn written(file: &Path) -> bool {
    std::fs::read_to_string(file).is_ok_and(|text| text.ends_with('\n'))
}

/// Reads what the shell shows until a line is written to `file` (or patience runs out);
/// what it showed.
fn until(session: &mut OsSession, file: &Path) -> String {
    let start = Instant::now();
    let mut shown = Vec::new();
    let mut buf = [0_u8; 4096];
    while !written(file) && start.elapsed() < PATIENCE {
        match session.try_read(&mut buf) {
            Ok(n) if n > 0 => shown.extend_from_slice(&buf[..n]),
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    // The file is written; what is shown after it is not waited for.
    crate::common::pty::plain(&shown)
}

/// Reads what the shell shows until it has been quiet for a moment after showing something
/// (the line typed and what completion added), or patience runs out; what it showed.
fn settled(session: &mut OsSession) -> String {
    let start = Instant::now();
    let mut last = None;
    let mut shown = Vec::new();
    let mut buf = [0_u8; 4096];
    while start.elapsed() < PATIENCE {
        match session.try_read(&mut buf) {
            Ok(n) if n > 0 => {
                shown.extend_from_slice(&buf[..n]);
                last = Some(Instant::now());
            }
            _ if last.is_some_and(|at| at.elapsed() > Duration::from_millis(500)) => break,
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    crate::common::pty::plain(&shown)
}

/// Types `typed`, Tab, `after`, and a tail that runs the line and writes its exit code to
/// a file; the exit code (none when it never ran), what it printed on stderr, and what the
/// shell showed.
fn complete_and_run(
    env: &TestEnv,
    shell: &Shell,
    dir: &Path,
    setup: &[String],
    (typed, after): (&str, &str),
) -> (Option<i32>, String, String) {
    // Written beside the shell's folder, which stays empty.
    let marks = dir.parent().expect("a folder above the shell's");
    let ready = marks.join("ready");
    let code = marks.join("code");
    let stderr = marks.join("stderr");
    for file in [&ready, &code, &stderr] {
        let _ = std::fs::remove_file(file);
    }
    let mut session = open(env, shell, dir);
    for line in shell
        .setup
        .iter()
        .map(|s| (*s).to_string())
        .chain(setup.iter().cloned())
    {
        session.send_line(&line).expect("a line typed");
    }
    session
        .send_line(format!("echo > '{}'", ready.display()))
        .expect("a line typed");
    let mut shown = until(&mut session, &ready);
    session.send(format!("{typed}\t")).expect("the line typed");
    shown.push_str(&settled(&mut session));
    session
        .send_line(format!(
            "{after} 2> '{}' > /dev/null; echo {} > '{}'",
            stderr.display(),
            shell.status,
            code.display()
        ))
        .expect("the line run");
    shown.push_str(&until(&mut session, &code));
    // The shell is ended when the session is dropped.
    let _ = session.send_line("exit");
    let exit = std::fs::read_to_string(&code)
        .ok()
        .and_then(|text| text.trim().parse().ok());
    let said = std::fs::read_to_string(&stderr).unwrap_or_default();
    (exit, said, shown)
}

/// The demo with Bo renamed "Bo Peep", and an empty folder the shells run in (no file there
/// for a shell to offer).
fn demo() -> (TestEnv, PathBuf) {
    let env = TestEnv::demo();
    env.ok(&["person", "rename", "Bo", "Bo Peep"]);
    let dir = env.dir().join("shell");
    std::fs::create_dir(&dir).expect("the shell's folder");
    (env, dir)
}

#[test]
fn each_shell_completes_names_with_spaces_to_a_line_that_runs() {
    let mut failed = Vec::new();
    for shell in &SHELLS {
        if !installed(shell) {
            skipped(&format!(
                "{} is not installed: its completion is not tested",
                shell.name
            ));
            continue;
        }
        for typed in TYPED {
            let (env, dir) = demo();
            let (code, stderr, shown) = complete_and_run(&env, shell, &dir, &[], (typed, ""));
            if code != Some(0) {
                failed.push(format!(
                    "{}: `{typed}⇥` exited {code:?}: {stderr}\nthe shell showed:\n{shown}",
                    shell.name
                ));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

#[test]
fn the_static_zsh_script_completes_after_player_without_an_error() {
    let shell = Shell {
        name: "zsh",
        start: &["zsh", "-f", "-i"],
        setup: &[],
        status: "$?",
    };
    if !installed(&shell) {
        skipped("zsh is not installed: its static completion script is not tested");
        return;
    }
    let (env, dir) = demo();
    let functions = env.dir().join("zsh-functions");
    std::fs::create_dir(&functions).expect("a folder for the script");
    let script = env.ok(&["completions", "zsh"]).stdout;
    std::fs::write(functions.join("_chronicle"), script).expect("the script written");
    let setup = [
        format!("fpath=({} $fpath)", functions.display()),
        "autoload -U compinit && compinit -u".to_string(),
    ];
    let typed = "chronicle game log --dry-run --player Ann=bear:held-on --player Chidi=saharan:held-on --player ";
    let (code, stderr, shown) =
        complete_and_run(&env, &shell, &dir, &setup, (typed, "Eun-ji=mechaniker:won"));
    assert!(!shown.contains("permission denied"), "{shown}");
    assert_eq!(code, Some(0), "{stderr}\n{shown}");
}
