//! One table per CSV stream, so that a spreadsheet or pandas reads the stream whole: the
//! main table by default, any other by the name an unknown `--table` lists (`board`,
//! `stats`, `setup`, `game show`, `check`). Every read command's CSV is read here as pandas
//! would: a header of snake_case names (also when there is no row), every row as wide,
//! numbers that parse as numbers, empty for none.

use crate::common::TestEnv;

/// The records of a CSV stream; panics unless it is one rectangular table.
fn one_table(text: &str, what: &str) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(false)
        .from_reader(text.as_bytes());
    let records: Vec<Vec<String>> = reader
        .records()
        .map(|r| {
            r.unwrap_or_else(|e| panic!("{what}: not one table: {e}\n{text}"))
                .iter()
                .map(str::to_string)
                .collect()
        })
        .collect();
    assert!(records.len() >= 2, "{what}: a header and rows:\n{text}");
    assert!(
        !text.contains("\n\n"),
        "{what}: a blank line parts two tables:\n{text}"
    );
    records
}

/// The table names a command lists for an unknown `--table`.
fn sheet_names(env: &TestEnv, command: &str) -> Vec<String> {
    let run = env.run_expect(2, &[command, "--format", "csv", "--table", "nothing"]);
    let list = run
        .stderr
        .split("the tables are ")
        .nth(1)
        .unwrap_or_else(|| panic!("{command}: no list of tables: {}", run.stderr));
    list.trim()
        .trim_end_matches('.')
        .split(", ")
        .map(str::to_string)
        .collect()
}

#[test]
fn board_stats_and_setup_print_one_table_per_csv_stream() {
    let env = TestEnv::demo();
    for command in ["board", "stats", "setup"] {
        let main = env.ok(&[command, "--format", "csv"]).stdout;
        let records = one_table(&main, command);
        let names = sheet_names(&env, command);
        assert!(names.len() >= 2, "{command}: {names:?}");
        let first = env
            .ok(&[command, "--format", "csv", "--table", &names[0]])
            .stdout;
        assert_eq!(first, main, "{command}: the main table is the first one");
        for name in &names {
            let text = env
                .ok(&[command, "--format", "csv", "--table", name])
                .stdout;
            one_table(&text, &format!("{command} --table {name}"));
        }
        assert!(!records[0].is_empty());
    }
}

#[test]
fn the_board_csv_is_every_territory_in_one_table() {
    let env = TestEnv::demo();
    let records = one_table(&env.ok(&["board", "--format", "csv"]).stdout, "board");
    assert_eq!(
        records[0][..2],
        ["territory".to_string(), "continent".to_string()]
    );
    assert_eq!(records.len(), 1 + 42);
    let egypt = records.iter().find(|r| r[0] == "Egypt").expect("Egypt");
    assert_eq!((egypt[1].as_str(), egypt[2].as_str()), ("Africa", "Kyro"));
    assert_eq!(
        sheet_names(&env, "board"),
        ["territories", "continents", "signatures", "pools"]
    );
    let pools = env
        .ok(&["board", "--format", "csv", "--table", "Pools.csv"])
        .stdout;
    assert!(pools.starts_with("kind,capacity,used,left\n"), "{pools}");
}

#[test]
fn table_goes_with_csv_only_and_an_unknown_name_lists_the_tables() {
    let env = TestEnv::demo();
    let run = env.run_expect(2, &["board", "--table", "pools"]);
    assert!(
        run.stderr.contains("it goes with --format csv"),
        "{}",
        run.stderr
    );
    let run = env.run_expect(2, &["stats", "--format", "csv", "--table", "wins"]);
    assert!(
        run.stderr
            .contains("There is no table \"wins\" here; the tables are players, factions"),
        "{}",
        run.stderr
    );
}

/// Columns that hold whole numbers (or nothing).
const WHOLE: &[&str] = &[
    "game",
    "games",
    "won",
    "held_on",
    "eliminated",
    "signatures",
    "longest_win_streak",
    "current_streak",
    "started_most_times",
    "a_won",
    "b_won",
    "seat",
    "capacity",
    "used",
    "left",
    "red_star_tokens",
    "missiles",
    "legal_starts",
    "printed_bonus",
    "bonus_change",
    "bonus",
    "namer_bonus",
    "starts",
    "after_game",
    "games_played",
    "coins",
    "resources",
    "stickers",
    "roll_off_bonus",
    "received",
    "shared",
    "waiting",
    "population",
    "founded_in",
];

/// Columns that hold true or false.
const TRUE_OR_FALSE: &[&str] = &["current", "demo", "added", "on", "taken_back", "written"];

/// Reads a CSV stream as pandas does, strictly: one table, a header of snake_case names,
/// every row as wide as the header, typed columns that parse. Returns the header and rows.
fn strictly(text: &str, what: &str) -> (Vec<String>, Vec<Vec<String>>) {
    assert!(!text.is_empty(), "{what}: nothing printed (no header)");
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .unwrap_or_else(|e| panic!("{what}: {e}"))
        .iter()
        .map(str::to_string)
        .collect();
    for (i, header) in headers.iter().enumerate() {
        let snake = !header.is_empty()
            && header.starts_with(|c: char| c.is_ascii_lowercase())
            && header
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        assert!(
            snake,
            "{what}: header {header:?} is not snake_case: {headers:?}"
        );
        assert!(
            !headers[..i].contains(header),
            "{what}: {header} twice: {headers:?}"
        );
    }
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| {
            r.unwrap_or_else(|e| panic!("{what}: not one table: {e}\n{text}"))
                .iter()
                .map(str::to_string)
                .collect()
        })
        .collect();
    for row in &rows {
        for (header, cell) in headers.iter().zip(row) {
            let ok = if cell.is_empty() {
                true
            } else if WHOLE.contains(&header.as_str()) {
                cell.parse::<i64>().is_ok()
            } else if header.ends_with("_rate") {
                cell.parse::<f64>().is_ok_and(|x| (0.0..=1.0).contains(&x))
            } else if header == "date" {
                chrono::NaiveDate::parse_from_str(cell, "%Y-%m-%d").is_ok()
            } else if TRUE_OR_FALSE.contains(&header.as_str()) {
                cell == "true" || cell == "false"
            } else {
                // The spreadsheet guard (a `'` before text a spreadsheet would run) is for
                // text, never for a placeholder of chronicle's.
                cell != "-" && cell != "'-"
            };
            assert!(ok, "{what}: {header} = {cell:?} is not data\n{text}");
        }
    }
    (headers, rows)
}

/// Every command that prints data, as CSV.
const READ_COMMANDS: &[&[&str]] = &[
    &["board"],
    &["board", "--continent", "Africa"],
    &["stats"],
    &["setup"],
    &["game", "list"],
    &["game", "show", "3"],
    &["history"],
    &["history", "--player", "Ann"],
    &["history", "--corrections"],
    &["pool"],
    &["packets"],
    &["campaign", "list"],
    &["power"],
    &["coins"],
    &["faction", "list"],
    &["scar-type", "list"],
    &["rule", "list"],
    &["alias", "list"],
    &["world"],
    &["check"],
    &["board", "--with", "scar"],
];

#[test]
fn every_read_command_prints_one_strict_table_as_csv() {
    let env = TestEnv::demo();
    for args in READ_COMMANDS {
        let mut with = args.to_vec();
        with.extend(["--format", "csv"]);
        let text = env.ok(&with).stdout;
        strictly(&text, &args.join(" "));
    }
}

#[test]
fn an_empty_result_is_a_header_without_rows() {
    let env = TestEnv::new();
    env.ok(&["init", "Earth"]);
    for (args, header) in [
        (
            &["game", "list"][..],
            "game,date,winner,winner_faction,reward,held_on_players,eliminated_players",
        ),
        (
            &["history"][..],
            "game,date,after_game,person,faction,kind,territory,continent,text",
        ),
        (
            &["history", "--corrections"][..],
            "at,kind,game,what,reason,taken_back",
        ),
        (&["alias", "list"][..], "alias,of,name"),
        (
            &["board", "--with", "fallout"][..],
            "territory,continent,what,since_game",
        ),
        (&["coins"][..], "territory,coins,resources"),
        (
            &["stats"][..],
            "player,games,won,held_on,eliminated,signatures,win_rate,longest_win_streak,current_streak",
        ),
    ] {
        let mut with = args.to_vec();
        with.extend(["--format", "csv"]);
        let text = env.ok(&with).stdout;
        assert_eq!(text, format!("{header}\n"), "{args:?}");
        let (_, rows) = strictly(&text, &args.join(" "));
        assert!(rows.is_empty());
    }
}

#[test]
fn game_show_prints_the_players_and_the_changes_with_table() {
    let env = TestEnv::demo();
    let players = env.ok(&["game", "show", "3", "--format", "csv"]).stdout;
    let (headers, rows) = strictly(&players, "game show 3");
    assert_eq!(headers, ["seat", "player", "faction", "result", "hq"]);
    assert!(rows.len() >= 3, "{players}");
    assert_eq!(
        sheet_names_of(&env, &["game", "show", "3"]),
        ["players", "changes"]
    );
    assert_eq!(sheet_names_of(&env, &["check"]), ["problems", "campaigns"]);
    let problems = env.ok(&["check", "--format", "csv"]).stdout;
    assert_eq!(problems, "severity,message\n");
    let changes = env
        .ok(&["game", "show", "3", "--format", "csv", "--table", "changes"])
        .stdout;
    let (headers, rows) = strictly(&changes, "game show 3 --table changes");
    assert_eq!(
        headers,
        ["person", "kind", "territory", "continent", "change"]
    );
    assert!(!rows.is_empty(), "{changes}");
}

/// The table names `ARGS… --format csv --table nothing` lists.
fn sheet_names_of(env: &TestEnv, args: &[&str]) -> Vec<String> {
    let mut with = args.to_vec();
    with.extend(["--format", "csv", "--table", "nothing"]);
    let run = env.run_expect(2, &with);
    let list = run.stderr.split("the tables are ").nth(1).expect("a list");
    list.trim()
        .trim_end_matches('.')
        .split(", ")
        .map(str::to_string)
        .collect()
}

#[test]
fn numbers_are_numbers_and_none_is_empty() {
    let env = TestEnv::demo();
    let stats = env.ok(&["stats", "--format", "csv"]).stdout;
    let (headers, rows) = strictly(&stats, "stats");
    let rate = headers
        .iter()
        .position(|h| h == "win_rate")
        .expect("win_rate");
    assert!(rows.iter().all(|r| !r[rate].contains('%')), "{stats}");
    // Entries before game 1 have no game: the cell is empty, not chronicle's "-" (nor "'-",
    // the spreadsheet guard set on it).
    let history = env.ok(&["history", "--format", "csv"]).stdout;
    let (_, rows) = strictly(&history, "history");
    assert!(rows[0][0].is_empty(), "{history}");
    assert!(!history.contains("'-"), "{history}");
    let setup = env.ok(&["setup", "--format", "csv"]).stdout;
    let (headers, rows) = strictly(&setup, "setup");
    let starts = headers
        .iter()
        .position(|h| h == "legal_starts")
        .expect("legal_starts");
    assert!(
        rows.iter().all(|r| r[starts].parse::<u32>().is_ok()),
        "{setup}"
    );
    let campaigns = env.ok(&["campaign", "list", "--format", "csv"]).stdout;
    assert!(
        campaigns.starts_with("campaign,current,demo,games_played,created_at\n"),
        "{campaigns}"
    );
}
