//! One count behind every report: the signatures a person has are the signatures on the
//! board (games after 15 sign nothing, rules §5), whichever command asks; and a fortification
//! whose ten boxes are ticked is worn, never "fortified", whichever report shows it (rules §3).

use std::collections::BTreeMap;

use serde_json::Value;

use crate::common::TestEnv;

/// Signatures per person from a list of objects carrying a name and a count.
fn counts(list: &Value, name: &str, count: &str) -> BTreeMap<String, u64> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|p| {
            let n = p[count].as_u64().expect("a count");
            (p[name].as_str().expect("a name").to_string(), n)
        })
        .filter(|(_, n)| *n > 0)
        .collect()
}

/// The signatures on the board, counted per person.
fn signed(board: &Value) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for s in board["signatures"].as_array().expect("the signatures") {
        let person = s["player"].as_str().expect("who signed").to_string();
        *counts.entry(person).or_insert(0) += 1;
    }
    counts
}

/// The demo has 16 games: Chidi wins games 3, 8, 13 and 16, and game 16 signs nothing.
#[test]
fn every_report_counts_the_signatures_on_the_board_past_game_15() {
    let env = TestEnv::demo();
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["games_played"], 16);
    let on_board = signed(&board);
    assert_eq!(on_board.get("Chidi"), Some(&3), "{on_board:?}");
    assert_eq!(
        on_board.values().sum::<u64>(),
        15,
        "one signature a game, 1 to 15"
    );

    let stats = env.json(&["stats", "--format", "json"]);
    let chidi = crate::common::find(&stats["players"], "name", "Chidi");
    assert_eq!(chidi["won"], 4, "game 16 still counts as a win");
    assert_eq!(
        counts(&stats["players"], "name", "signatures"),
        on_board,
        "stats"
    );

    let recap = env.json(&["recap", "--format", "json"]);
    let recapped = counts(&recap["standing"]["signatures"], "person", "count");
    assert_eq!(recapped, on_board, "recap");

    let export = env.json(&["export", "--format", "json"]);
    assert_eq!(signed(&export["board"]), on_board, "the export's board");
    let exported = counts(&export["stats"]["players"], "name", "signatures");
    assert_eq!(exported, on_board, "the export's statistics");

    let sheet = env.ok(&["stats", "--format", "csv"]).stdout;
    let mut lines = sheet.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (who, count) = (column("player"), column("signatures"));
    let from_csv: BTreeMap<String, u64> = lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .map(|row| (row[who].to_string(), row[count].parse().expect("a number")))
        .filter(|(_, n)| *n > 0)
        .collect();
    assert_eq!(from_csv, on_board, "the statistics sheet");

    let most = on_board.values().copied().max().expect("signatures");
    let world = env.json(&["world", "--format", "json"]);
    for candidate in world["candidates"].as_array().expect("candidates") {
        let person = candidate["person"].as_str().expect("a person");
        assert_eq!(candidate["signatures"], most, "{person}");
        assert_eq!(on_board.get(person), Some(&most), "{person}");
    }
}

/// A major city on Egypt, fortified in game 2, worn out in game 3.
fn worn_out() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    let game = |date: &str, reward: &[&str]| {
        let mut args = vec![
            "game",
            "log",
            "--date",
            date,
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:eliminated",
        ];
        args.extend_from_slice(reward);
        env.ok(&args);
    };
    game("2026-01-03", &["--major-city", "Egypt=Kyro"]);
    game("2026-01-10", &["--fortify", "Egypt"]);
    game("2026-01-17", &["--no-reward", "--wear", "Egypt=10"]);
    env
}

#[test]
fn a_worn_out_fortification_is_worn_in_every_report_not_fortified() {
    let env = worn_out();
    let board = env.json(&["board", "--format", "json"]);
    let egypt = crate::common::find(&board["territories"], "name", "Egypt");
    assert_eq!(egypt["fortification"]["boxes_left"], 0, "{egypt}");

    let marked = env.json(&["board", "--with", "fortification", "--format", "json"]);
    let rows = marked["territories"].as_array().expect("the territories");
    assert_eq!(rows.len(), 1, "{marked}");
    let what = rows[0]["what"].as_str().expect("what stands there");
    assert!(!what.contains("fortified"), "{what}");
    assert!(what.contains("worn"), "{what}");
    let table = env.ok(&["board", "--with", "fortification"]).stdout;
    assert!(!table.contains("fortified"), "{table}");

    let page = env.ok(&["export", "--format", "html"]).stdout;
    assert!(
        !page.contains("fortified: 0/"),
        "the page calls it fortified"
    );
    assert!(
        page.contains("fortification worn"),
        "the page does not say it is worn"
    );

    // Fortified anew, it is fortified again, with all its boxes.
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-24",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Cy=saharan:eliminated",
        "--fortify",
        "Egypt",
    ]);
    let marked = env.json(&["board", "--with", "fortification", "--format", "json"]);
    assert_eq!(
        marked["territories"][0]["what"], "fortified, 10 boxes left",
        "{marked}"
    );
}
