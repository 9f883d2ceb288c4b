//! The conventions people and their tools rely on: every command that takes arguments shows
//! examples in its help and manual page; the manual pages have ENVIRONMENT and EXIT STATUS
//! and point only at pages that are written; the shells complete the campaign's own names;
//! free text may start with `-`; a UTF-16 file imports and a UTF-32 one is refused by name;
//! export's own formats are in its help only; messages go to stderr; what came before game 1
//! is dated from the campaign's start in every output; every dev-dependency is used; the
//! README says what a fresh machine needs before its first commands.

use std::path::Path;

use crate::common::TestEnv;

/// Every command path and its `--help`, walked from `chronicle --help`.
pub(crate) fn helps(env: &TestEnv) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut paths: Vec<Vec<String>> = vec![Vec::new()];
    while let Some(path) = paths.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = env.ok(&args).stdout;
        let mut lines = help.lines().skip_while(|l| *l != "Commands:").skip(1);
        for line in lines.by_ref() {
            if line.is_empty() {
                break;
            }
            let Some(name) = line
                .strip_prefix("  ")
                .and_then(|l| l.split_whitespace().next())
            else {
                continue;
            };
            if !line.starts_with("   ") && name != "help" {
                let mut sub = path.clone();
                sub.push(name.to_string());
                paths.push(sub);
            }
        }
        found.push((path.join(" "), help));
    }
    found.sort();
    found
}

/// Whether a help lists arguments or options of the command's own (beyond the global
/// ones every command takes).
fn takes_arguments(help: &str) -> bool {
    const GLOBAL: [&str; 8] = [
        "--db",
        "--campaign",
        "--format",
        "--color",
        "--no-input",
        "--verbose",
        "-h, --help",
        "-V, --version",
    ];
    let usage = help.lines().find(|l| l.starts_with("Usage:")).unwrap_or("");
    let positional = usage.contains(" <") && !usage.contains("<COMMAND>")
        || usage.contains(" [")
            && usage
                .split_whitespace()
                .any(|w| w.starts_with('[') && w != "[OPTIONS]" && w != "[COMMAND]");
    let options = help
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('-'))
        .any(|l| !GLOBAL.iter().any(|g| l.starts_with(g)));
    positional || options
}

#[test]
fn every_command_that_takes_arguments_shows_one_to_three_examples() {
    let env = TestEnv::new();
    let mut missing = Vec::new();
    for (path, help) in helps(&env) {
        if path.is_empty() || !takes_arguments(&help) {
            continue;
        }
        let Some(examples) = help.split("\nExamples:\n").nth(1) else {
            missing.push(format!("{path}: no Examples section"));
            continue;
        };
        let count = examples
            .lines()
            .take_while(|l| l.starts_with("  "))
            .filter(|l| l.trim_start().starts_with("chronicle ") || l.contains("COMPLETE="))
            .count();
        if !(1..=3).contains(&count) {
            missing.push(format!("{path}: {count} examples"));
        }
        let own = format!("chronicle {path}");
        if !examples.contains(&own) && path != "completions" {
            missing.push(format!("{path}: no example runs `{own}`"));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn the_manual_pages_carry_examples_environment_and_exit_status() {
    let env = TestEnv::new();
    let dir = env.dir().join("man");
    env.ok(&["man", "--dir", dir.to_str().unwrap()]);
    let mut pages: Vec<String> = std::fs::read_dir(&dir)
        .expect("the pages")
        .map(|e| {
            e.expect("a page")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    pages.sort();
    assert!(!pages.contains(&"chronicle-help.1".to_string()));
    for page in &pages {
        let text = std::fs::read_to_string(dir.join(page)).expect("a page");
        for section in [".SH NAME", ".SH ENVIRONMENT", ".SH \"EXIT STATUS\""] {
            assert!(text.contains(section), "{page}: no {section}");
        }
        assert!(text.contains("\\fB130\\fR"), "{page}: exit 130");
        assert!(text.contains("CLICOLOR_FORCE"), "{page}");
        // Every page it points at is written.
        for pointed in text.split("chronicle\\-").skip(1) {
            let Some(end) = pointed.find("(1)") else {
                continue;
            };
            let name = format!("chronicle-{}.1", pointed[..end].replace("\\-", "-"));
            assert!(
                pages.contains(&name),
                "{page} points at {name}, which is not written"
            );
        }
    }
    let main = std::fs::read_to_string(dir.join("chronicle.1")).expect("chronicle.1");
    let name = main
        .split(".SH NAME\n")
        .nth(1)
        .expect("NAME")
        .lines()
        .next()
        .unwrap_or("");
    assert_eq!(name.matches("chronicle").count(), 1, "{name}");
    let export = std::fs::read_to_string(dir.join("chronicle-export.1")).expect("export");
    assert!(export.contains(".SH EXAMPLES"), "{export}");
    assert!(
        export.contains("chronicle export \\-o earth.json"),
        "{export}"
    );
    // The page printed on stdout is the main one.
    assert_eq!(env.ok(&["man"]).stdout, main);
}

/// What the shell would offer for the last word of `line` (fish's protocol: one candidate a
/// line, a tab before its help).
fn offered(env: &TestEnv, line: &[&str]) -> Vec<String> {
    let mut args = vec!["--", "chronicle"];
    args.extend(line);
    let run = env.test().args(args).env_var("COMPLETE", "fish").run();
    run.stdout
        .lines()
        .map(|l| l.split('\t').next().unwrap_or("").to_string())
        .collect()
}

#[test]
fn completions_offer_the_campaigns_own_names() {
    let env = TestEnv::demo();
    let people = offered(&env, &["history", "--player", ""]);
    for person in ["Ann", "Bo", "Chidi", "Дмитрий", "Eun-ji"] {
        assert!(people.contains(&person.to_string()), "{people:?}");
    }
    let factions = offered(&env, &["game", "log", "--player", "Ann=kh"]);
    assert!(factions.contains(&"Ann=khan".to_string()), "{factions:?}");
    assert!(
        factions.contains(&"Ann=Khan Industries".to_string()),
        "{factions:?}"
    );
    assert_eq!(
        offered(&env, &["game", "log", "--player", "Ann=khan:won@Egy"]),
        ["Ann=khan:won@Egypt"]
    );
    assert_eq!(
        offered(&env, &["game", "log", "--scar", "Egypt=Am"]),
        ["Egypt=Ammo Shortage"]
    );
    assert_eq!(offered(&env, &["campaign", "use", "D"]), ["Demo"]);
    assert_eq!(offered(&env, &["rule", "set", "adj"]), ["adjacent-hq"]);
    assert!(offered(&env, &["game", "log", "--opened", "Do"]).contains(&"Do not open".to_string()));
    // The continents by the names the group gave them, too.
    let continents = offered(&env, &["board", "--continent", ""]);
    assert!(continents.contains(&"Africa".to_string()), "{continents:?}");
    // Without a database, the names printed on the board.
    let empty = TestEnv::new();
    assert_eq!(
        offered(&empty, &["history", "--territory", "Bra"]),
        ["Brazil"]
    );
    assert!(offered(&empty, &["history", "--player", ""]).is_empty());
    // The registration scripts of bash, zsh and fish call chronicle back.
    for shell in ["bash", "zsh", "fish"] {
        let script = empty.test().env_var("COMPLETE", shell).run().stdout;
        assert!(script.contains("COMPLETE"), "{shell}: {script}");
    }
}

#[test]
fn free_text_may_start_with_a_hyphen() {
    let env = TestEnv::demo();
    env.ok(&[
        "game",
        "log",
        "--player",
        "-Cy=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:held-on",
        "--note",
        "-- a quiet night",
    ]);
    let game = env.json(&["game", "show", "17", "--format", "json"]);
    assert_eq!(game["players"][0]["person"], "-Cy");
    assert_eq!(game["note"], "-- a quiet night");
    env.ok(&["game", "undo", "--yes", "--reason", "-Cy was not there"]);
    let corrections = env.ok(&["history", "--corrections"]).stdout;
    assert!(corrections.contains("-Cy was not there"), "{corrections}");
}

/// The text as UTF-16, little-endian or big-endian, with a byte-order mark.
fn utf16(text: &str, little: bool) -> Vec<u8> {
    std::iter::once(0xFEFF_u16)
        .chain(text.encode_utf16())
        .flat_map(|u| {
            if little {
                u.to_le_bytes()
            } else {
                u.to_be_bytes()
            }
        })
        .collect()
}

#[test]
fn a_campaign_file_saved_as_utf16_imports() {
    let env = TestEnv::demo();
    let text = env.ok(&["export"]).stdout;
    for (little, name) in [(true, "Little"), (false, "Big")] {
        let file = env.dir().join(format!("{name}.json"));
        std::fs::write(&file, utf16(&text, little)).expect("write");
        env.ok(&["import", file.to_str().unwrap(), "--as", name]);
    }
    let list = env.ok(&["campaign", "list", "--format", "csv"]).stdout;
    assert!(
        list.contains("\nLittle,") && list.contains("\nBig,"),
        "{list}"
    );
    // A broken one is refused, saying what to do.
    let broken = env.dir().join("broken.json");
    let mut bytes = utf16(&text, true);
    bytes.push(b'}');
    std::fs::write(&broken, bytes).expect("write");
    let run = env.run_expect(1, &["import", broken.to_str().unwrap(), "--as", "Broken"]);
    assert!(run.stderr.contains("UTF-16"), "{}", run.stderr);
    assert!(run.stderr.contains("save it as UTF-8"), "{}", run.stderr);
}

/// The text as UTF-32, little-endian or big-endian, with a byte-order mark or without.
fn utf32(text: &str, little: bool, mark: bool) -> Vec<u8> {
    let mark = mark.then_some('\u{feff}');
    mark.into_iter()
        .chain(text.chars())
        .flat_map(|c| {
            let u = u32::from(c);
            if little {
                u.to_le_bytes()
            } else {
                u.to_be_bytes()
            }
        })
        .collect()
}

/// UTF-32 is read neither as a campaign file nor as a game sheet: each is refused naming
/// UTF-32 and what to save it as, and nothing is written.
#[test]
fn a_file_saved_as_utf32_is_refused_naming_utf32() {
    let env = TestEnv::demo();
    let campaign = env.ok(&["export"]).stdout;
    let sheet = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("exports/game-sheet.toml"),
    )
    .expect("the example sheet");
    let before = env.dump();
    for (little, mark) in [(true, true), (false, true), (true, false), (false, false)] {
        let what = format!("little-endian {little}, byte-order mark {mark}");
        let file = env.dir().join("campaign.json");
        std::fs::write(&file, utf32(&campaign, little, mark)).expect("write");
        let run = env.run_expect(1, &["import", file.to_str().unwrap(), "--as", "Wide"]);
        assert!(run.stderr.contains("UTF-32"), "{what}: {}", run.stderr);
        assert!(
            run.stderr.contains("save it as UTF-8"),
            "{what}: {}",
            run.stderr
        );
        let file = env.dir().join("night.toml");
        std::fs::write(&file, utf32(&sheet, little, mark)).expect("write");
        let run = env.run_expect(1, &["game", "log", "--from", file.to_str().unwrap()]);
        assert!(
            run.stderr.contains("is UTF-32 text"),
            "{what}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("save it as UTF-8"),
            "{what}: {}",
            run.stderr
        );
    }
    assert_eq!(env.dump(), before, "a refused file wrote");
}

#[test]
fn export_formats_are_in_exports_help_only_and_a_table_is_refused() {
    let env = TestEnv::demo();
    let board = env.ok(&["board", "--help"]).stdout;
    for format in ["svg", "html", "bgstats"] {
        assert!(
            !board.contains(format),
            "board --help names {format}:\n{board}"
        );
    }
    let export = env.ok(&["export", "--help"]).stdout;
    for format in ["svg", "html", "bgstats"] {
        assert!(export.contains(format), "export --help leaves out {format}");
    }
    let run = env.run_expect(2, &["export", "--format", "table"]);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(run.stderr.contains("json (the default)"), "{}", run.stderr);
    // Without --format, export still writes the campaign file.
    assert_eq!(env.json(&["export"])["format"], "chronicle-campaign");
}

#[test]
fn init_prints_its_guide_on_stderr() {
    let env = TestEnv::new();
    let run = env.ok(&["init"]);
    assert!(run.stdout.is_empty(), "stdout: {}", run.stdout);
    assert!(run.stderr.contains("Before game 1:"), "{}", run.stderr);
}

/// What was recorded before game 1 is dated by the campaign's start in every output that
/// dates it (the history's JSON and CSV, filtered or cut, the recap, the export): the demo
/// was typed on the day the tests fix (2026-11-29), its first game played on 2026-01-10, and
/// the setup before it belongs to the campaign's start. The tables say "before game 1".
#[test]
fn what_came_before_game_1_is_dated_from_the_campaigns_start_in_every_output() {
    let env = TestEnv::demo();
    let file = env.json(&["export"]);
    let history = file["history"].as_array().expect("history");
    let first_game = history.iter().find(|e| e["game"] == 1).expect("game 1")["date"].clone();
    assert_eq!(first_game, "2026-01-10");
    let before = |changes: &serde_json::Value| -> Vec<serde_json::Value> {
        changes
            .as_array()
            .expect("a list of changes")
            .iter()
            .filter(|e| e["game"].is_null() && e["after_game"] == 0 && e["kind"] != "undo")
            .map(|e| e["date"].clone())
            .collect()
    };
    let outputs = [
        ("export", file["history"].clone()),
        ("history", env.json(&["history", "--format", "json"])),
        (
            "history --kind power",
            env.json(&["history", "--kind", "power", "--format", "json"]),
        ),
        (
            "history --after 0",
            env.json(&["history", "--after", "0", "--format", "json"]),
        ),
        (
            "recap --after 0",
            env.json(&["recap", "--after", "0", "--format", "json"])["changes"].clone(),
        ),
    ];
    for (what, changes) in outputs {
        let dates = before(&changes);
        assert!(!dates.is_empty(), "{what}: {changes:#}");
        for date in dates {
            assert_eq!(date, first_game, "{what}");
        }
    }
    for args in [
        &["export", "--format", "csv", "--table", "history"][..],
        &["history", "--format", "csv"][..],
    ] {
        let csv = env.ok(args).stdout;
        assert!(!csv.contains("2026-11-29"), "{args:?}: {csv}");
        assert!(csv.contains(",2026-01-10,"), "{args:?}: {csv}");
    }
    let table = env.ok(&["history", "--kind", "power"]).stdout;
    assert!(table.contains("before game 1"), "{table}");
}

#[test]
fn every_dev_dependency_is_used_by_a_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let dev: Vec<String> = manifest
        .split("[dev-dependencies]")
        .nth(1)
        .expect("dev-dependencies")
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with('['))
        .filter_map(|l| l.split('=').next())
        .map(|name| name.trim().replace('-', "_"))
        .filter(|name| !name.is_empty() && !name.starts_with('#'))
        .collect();
    let mut code = String::new();
    for folder in ["tests", "benches", "src"] {
        let mut stack = vec![root.join(folder)];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    code.push_str(&std::fs::read_to_string(&path).unwrap_or_default());
                }
            }
        }
    }
    let unused: Vec<&String> = dev
        .iter()
        .filter(|name| {
            !code.contains(&format!("{name}::")) && !code.contains(&format!("use {name}"))
        })
        .collect();
    assert!(
        unused.is_empty(),
        "dev-dependencies no test uses: {unused:?}"
    );
}

/// The README's quick start names what a fresh machine needs before its commands: a C
/// compiler for the SQLite built in, and the Rust `Cargo.toml` asks for.
#[test]
fn the_readme_names_the_c_compiler_and_the_rust_cargo_toml_asks_for() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let version = manifest
        .lines()
        .find_map(|line| line.strip_prefix("rust-version = "))
        .expect("a rust-version")
        .trim_matches('"');
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let start = &readme[..readme
        .find("cargo run --release -- demo")
        .expect("the demo command")];
    let start = start.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        start.contains(&format!("Rust {version} or later")),
        "the README's first commands do not say Rust {version}:\n{start}"
    );
    assert!(start.contains("C compiler"), "{start}");
}
