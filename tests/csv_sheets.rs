//! One table per CSV stream (`board`, `stats` and `setup --format csv [--table NAME]`), so
//! that a spreadsheet or pandas reads the stream whole: the main table by default, any
//! other by the name an unknown one lists.

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
    assert!(pools.starts_with("Pool,Capacity,Used,Left\n"), "{pools}");
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
