//! The smaller things groups met on the same nights: `setup` for the latest table with its
//! legal starts named when the list is short, packets by any run of their words, narrow
//! tables that never cut a date in two, an import whose name is taken pointing to `--as`.

use crate::common::TestEnv;

/// Ann, Bo and Cy after one game: Kyro (Ann's major city) in Egypt, Lima (Bo's minor) in
/// Peru; Dee played nothing yet.
fn campaign() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-10",
        "--player",
        "Ann=bear:won@Alaska",
        "--player",
        "Bo=khan:held-on@Yakutsk",
        "--player",
        "Cy=saharan:eliminated",
        "--major-city",
        "Egypt=Kyro",
        "--minor-city",
        "Bo:Peru=Lima",
    ]);
    env
}

#[test]
fn setup_is_for_the_latest_table_and_names_the_few_starts_left_out() {
    let env = campaign();
    let setup = env.ok(&["setup", "--format", "csv"]).stdout;
    let people: Vec<&str> = setup
        .lines()
        .skip(1)
        .take_while(|l| !l.is_empty())
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(people, ["Ann", "Bo", "Cy"], "{setup}");
    // Ann may start on Kyro, her own major city; the others may not.
    assert!(setup.contains("Ann,0,1,,41,Kyro (Egypt)\n"), "{setup}");
    assert!(setup.contains("Bo,1,0,,40,\n"), "{setup}");
    let starts = env
        .ok(&["setup", "--format", "csv", "--table", "legal-starts"])
        .stdout;
    assert!(starts.starts_with("person,territory\n"), "{starts}");
    for (person, out) in [("Ann", &["Peru"][..]), ("Bo", &["Peru", "Egypt"][..])] {
        let theirs: Vec<&str> = starts
            .lines()
            .filter_map(|l| l.strip_prefix(&format!("{person},")))
            .collect();
        assert_eq!(theirs.len(), 42 - out.len(), "{person}: {starts}");
        assert!(
            out.iter().all(|t| !theirs.contains(t)),
            "{person}: {starts}"
        );
    }
    let table = env.ok(&["setup"]).stdout;
    assert!(table.contains("all but Peru, Egypt"), "{table}");
    let other = env.ok(&["setup", "--players", "Ann,Bo,Dee", "--format", "json"]);
    assert!(other.stdout.contains("\"Dee\""), "{}", other.stdout);
}

#[test]
fn a_packet_is_found_by_any_run_of_its_words() {
    let env = campaign();
    env.ok(&["packets", "open", "do not"]);
    env.ok(&["packets", "open", "thirty"]);
    let packets = env.json(&["packets", "--format", "json"]).to_string();
    assert!(packets.contains("Do not open"), "{packets}");
    let unknown = env.run_expect(1, &["packets", "open", "no such"]);
    assert!(
        unknown.stderr.contains("No packet is called"),
        "{}",
        unknown.stderr
    );
}

#[test]
fn a_narrow_table_wraps_at_spaces_and_never_cuts_a_date() {
    let env = campaign();
    for columns in ["56", "64", "72"] {
        let list = env
            .test()
            .args(["game", "list"])
            .env_var("COLUMNS", columns)
            .run()
            .stdout;
        assert!(list.contains("2026-01-10"), "{columns} columns:\n{list}");
    }
}

#[test]
fn an_import_under_a_name_taken_points_to_as() {
    let env = campaign();
    let file = env.dir().join("earth.json");
    env.ok(&["export", "--format", "json", "-o", file.to_str().unwrap()]);
    let before = env.dump();
    let taken = env.run_expect(1, &["import", file.to_str().unwrap()]);
    assert!(
        taken.stderr.contains("exists already") && taken.stderr.contains("--as \"Earth (2)\""),
        "{}",
        taken.stderr
    );
    assert_eq!(env.dump(), before);
    let imported = env.ok(&["import", file.to_str().unwrap(), "--as", "Earth (2)"]);
    assert!(imported.stderr.contains("(1 game, "), "{}", imported.stderr);
}

#[test]
fn a_retired_person_is_left_out_of_setup_until_they_play_again() {
    let env = campaign();
    let people = |env: &TestEnv| -> Vec<String> {
        env.json(&["setup", "--format", "json"])["people"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect()
    };
    env.ok(&["person", "retire", "cy"]);
    assert_eq!(people(&env), ["Ann", "Bo"]);
    let again = env.run_expect(1, &["person", "retire", "Cy"]);
    assert!(
        again.stderr.contains("Cy is retired already"),
        "{}",
        again.stderr
    );
    let history = env.json(&["history", "--format", "json"]).to_string();
    assert!(
        history.contains("retired from the lists of who plays next"),
        "{history}"
    );
    // Playing again brings them back.
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-17",
        "--player",
        "Cy=saharan:won",
        "--player",
        "Ann=bear:held-on",
        "--player",
        "Bo=khan:held-on",
        "--destroy-card",
        "Brazil",
    ]);
    assert_eq!(people(&env), ["Cy", "Ann", "Bo"]);
    // And so does --back; undo takes a retirement back like any entry.
    env.ok(&["person", "retire", "Bo"]);
    env.ok(&["undo", "--yes"]);
    assert_eq!(people(&env), ["Cy", "Ann", "Bo"]);
}
