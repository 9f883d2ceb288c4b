//! What a person sees: each read command's table on the demo campaign, the JSON of `board`,
//! `stats` and `setup`, and refusals as they show on stderr, with their exit codes. Each is
//! an insta snapshot under `tests/snapshots/` (`main__transcripts__NAME.snap`): the command
//! line, then stdout, stderr and the exit code, temporary paths shown as `[TMP]`. After an
//! intended change, review the new output with `cargo insta review` (or accept it all with
//! `INSTA_UPDATE=always cargo test --test main transcripts::`) and commit the snapshots.

use crate::common::{Test, TestEnv};

/// One test per read command on the demo, its transcript snapshotted under the test's name.
macro_rules! on_the_demo {
    ($($name:ident: [$($arg:expr),* $(,)?];)*) => {
        $(
            #[test]
            fn $name() {
                let env = TestEnv::demo();
                let transcript = env.test().args([$($arg),*]).transcript();
                insta::with_settings!({omit_expression => true}, {
                    insta::assert_snapshot!(transcript);
                });
            }
        )*
    };
}

on_the_demo! {
    board: ["board"];
    board_continent_africa: ["board", "--continent", "Africa"];
    game_list: ["game", "list"];
    game_show_1: ["game", "show", "1"];
    game_show_6: ["game", "show", "6"];
    game_show_16: ["game", "show", "16"];
    pool: ["pool"];
    history: ["history"];
    history_territory_brazil: ["history", "--territory", "Brazil"];
    history_player_ann_game_4: ["history", "--player", "ann", "--game", "4"];
    stats: ["stats"];
    setup: ["setup"];
    setup_players_ann_bo_zed: ["setup", "--players", "Ann,Bo,Zed"];
    packets: ["packets"];
    campaign_list: ["campaign", "list"];
    power: ["power"];
    coins: ["coins"];
    scar_type_list: ["scar-type", "list"];
    faction_list: ["faction", "list"];
    world: ["world"];
    check: ["check"];
}

/// The demo itself: its board on stdout, and on stderr where it is and how to explore it.
#[test]
fn demo() {
    let env = TestEnv::new();
    let db = env.dir().join("demo.db");
    let transcript = env
        .test()
        .args(["--db", db.to_str().unwrap(), "demo"])
        .transcript();
    insta::with_settings!({omit_expression => true}, {
        insta::assert_snapshot!(transcript);
    });
}

/// One test per command whose JSON is snapshotted (as insta's JSON snapshot).
macro_rules! json_on_the_demo {
    ($($name:ident: [$($arg:expr),* $(,)?];)*) => {
        $(
            #[test]
            fn $name() {
                let env = TestEnv::demo();
                let json = env.test().args([$($arg),*]).args(["--format", "json"]).json();
                insta::with_settings!({omit_expression => true}, {
                    insta::assert_json_snapshot!(json);
                });
            }
        )*
    };
}

json_on_the_demo! {
    board_json: ["board"];
    stats_json: ["stats"];
    setup_json: ["setup"];
}

/// A campaign with nothing on the board yet, where a group logs its first game wrongly.
fn before_game_one() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    env
}

/// A refusal as a person sees it: the command, what stderr says, the exit code.
macro_rules! refused {
    ($($name:ident: $code:expr, [$($arg:expr),* $(,)?];)*) => {
        $(
            #[test]
            fn $name() {
                let env = before_game_one();
                let transcript = env
                    .test()
                    .args([$($arg),*])
                    .stdout("")
                    .status($code)
                    .writes_nothing()
                    .transcript();
                insta::with_settings!({omit_expression => true}, {
                    insta::assert_snapshot!(transcript);
                });
            }
        )*
    };
}

refused! {
    refused_misspelt_territory: 1, [
        "game", "log",
        "--player", "Ann=bear:won", "--player", "Bo=khan:held-on",
        "--player", "Cy=saharan:eliminated",
        "--heal-scar", "Brasil",
    ];
    refused_two_players: 1, [
        "game", "log",
        "--player", "Ann=bear:won", "--player", "Bo=khan:held-on",
        "--major-city", "Egypt=Kyro",
    ];
    refused_fortify_without_a_city: 1, [
        "game", "log",
        "--player", "Ann=bear:won", "--player", "Bo=khan:held-on",
        "--player", "Cy=saharan:eliminated",
        "--fortify", "Egypt",
    ];
    refused_heal_without_a_scar: 1, [
        "game", "log",
        "--player", "Ann=bear:won", "--player", "Bo=khan:held-on",
        "--player", "Cy=saharan:eliminated",
        "--heal-scar", "Brazil",
    ];
    refused_player_not_of_its_form: 2, [
        "game", "log", "--player", "Ann", "--fortify", "Egypt",
    ];
    refused_unknown_continent: 1, ["board", "--continent", "Atlantis"];
}

/// A database that is not there: exit 3, and the way out.
#[test]
fn refused_missing_database() {
    let transcript = Test::new()
        .args(["--db", "nowhere.db", "board"])
        .stdout("")
        .status(3)
        .transcript();
    insta::with_settings!({omit_expression => true}, {
        insta::assert_snapshot!(transcript);
    });
}

/// The demo with no database named: into the data folder, never the real campaign's file.
#[test]
fn demo_in_the_data_folder() {
    let env = TestEnv::new();
    let transcript = env
        .test()
        .arg("demo")
        .env_remove("CHRONICLE_DB")
        .transcript();
    // Its board is the one `demo` above shows; here, where it went.
    let stderr = transcript
        .split_once("[stderr]\n")
        .map(|(_, rest)| format!("[stderr]\n{rest}"))
        .expect("demo says where it wrote");
    let command = transcript.lines().next().expect("the command line");
    insta::with_settings!({omit_expression => true}, {
        insta::assert_snapshot!(format!("{command}\n[stdout: the demo's board]\n{stderr}"));
    });
}
