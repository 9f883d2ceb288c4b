//! `export --format bgstats`: one BG Stats `createPlay` link per game, with the play as BG
//! Stats documents it (the game by its BGG id, factions as roles, won / held on /
//! eliminated as ranks 1, 2, 3, the first seat as start player, stable ids).

use serde_json::Value;

use crate::common::TestEnv;

const LINK: &str = "https://app.bgstatsapp.com/createPlay.html?data=";

/// The links with the campaign's identity (new with each campaign) as `CAMPAIGN`.
pub(crate) fn without_uid(links: &str) -> String {
    let mut out = String::new();
    let mut rest = links;
    while let Some(at) = rest.find("chronicle%3A") {
        let start = at + "chronicle%3A".len();
        out.push_str(&rest[..start]);
        let uid_len = rest[start..]
            .find("%3A")
            .expect("the uid ends with a colon");
        out.push_str("CAMPAIGN");
        rest = &rest[start + uid_len..];
    }
    out.push_str(rest);
    out
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).expect("two hex digits"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("UTF-8")
}

/// Every play of the links, decoded.
fn plays(links: &str) -> Vec<Value> {
    links
        .lines()
        .map(|line| {
            let data = line
                .strip_prefix(LINK)
                .unwrap_or_else(|| panic!("not a link: {line}"));
            assert!(
                data.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"%-_.~".contains(&b)),
                "a link must be URL-safe: {data}"
            );
            serde_json::from_str(&percent_decode(data)).expect("the data is JSON")
        })
        .collect()
}

#[test]
fn each_game_is_one_link_bg_stats_can_import() {
    let env = TestEnv::demo();
    let plays = plays(&env.ok(&["export", "--format", "bgstats"]).stdout);
    assert_eq!(plays.len(), 16, "one link per game");
    let first = &plays[0];
    assert_eq!(first["game"]["bggId"], 105_134);
    assert_eq!(first["game"]["name"], "Risk Legacy");
    assert_eq!(first["game"]["noPoints"], true);
    assert_eq!(first["playDate"], "2026-01-10 12:00:00");
    let players = first["players"].as_array().expect("players");
    let ann = &players[0];
    assert_eq!(
        (
            &ann["name"],
            &ann["role"],
            &ann["winner"],
            &ann["rank"],
            &ann["startPlayer"]
        ),
        (
            &Value::from("Ann"),
            &Value::from("Enclave of the Bear"),
            &Value::from(true),
            &Value::from(1),
            &Value::from(true)
        )
    );
    assert!(
        players[1..]
            .iter()
            .all(|p| p["startPlayer"] == false && p["winner"] == false)
    );
    assert!(
        first["comments"]
            .as_str()
            .unwrap()
            .contains("Ann won: founded the major city Kyro")
    );
    // Game 16: Chidi eliminated, rank 3.
    let last = plays.last().unwrap();
    let ranks: Vec<(String, i64)> = last["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["rank"].as_i64().unwrap(),
            )
        })
        .collect();
    assert!(ranks.iter().any(|(_, r)| *r == 3), "{ranks:?}");
    assert_eq!(
        ranks.iter().filter(|(_, r)| *r == 1).count(),
        1,
        "{ranks:?}"
    );
}

#[test]
fn ids_are_stable_for_a_campaign_and_differ_between_games_and_campaigns() {
    let env = TestEnv::demo();
    let ids = |env: &TestEnv| -> Vec<String> {
        plays(&env.ok(&["export", "--format", "bgstats"]).stdout)
            .iter()
            .map(|p| p["sourcePlayId"].as_str().unwrap().to_string())
            .collect()
    };
    let once = ids(&env);
    assert_eq!(ids(&env), once, "the same campaign gives the same ids");
    let mut unique = once.clone();
    unique.dedup();
    assert_eq!(unique.len(), once.len(), "one id per game");
    let other = TestEnv::demo();
    assert!(
        ids(&other).iter().all(|id| !once.contains(id)),
        "another campaign, other ids"
    );
    let file = env.dir().join("plays.txt");
    env.ok(&[
        "export",
        "--format",
        "bgstats",
        "-o",
        file.to_str().unwrap(),
    ]);
    let written = std::fs::read_to_string(&file).expect("the file of links");
    assert_eq!(plays(&written).len(), 16);
}

#[test]
fn bgstats_is_a_format_of_export_only() {
    let env = TestEnv::demo();
    let run = env.run_expect(2, &["board", "--format", "bgstats"]);
    assert!(
        run.stderr.contains("formats of `chronicle export`"),
        "{}",
        run.stderr
    );
}

/// Pairs of a name or date and an id, sorted.
type Named = Vec<(String, String)>;

/// Each play's id by the game's date and each player's id by name.
fn ids_by_date_and_name(env: &TestEnv) -> (Named, Named) {
    let plays = plays(&env.ok(&["export", "--format", "bgstats"]).stdout);
    let mut games: Named = plays
        .iter()
        .map(|p| {
            (
                p["playDate"].as_str().unwrap().to_string(),
                p["sourcePlayId"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut people: Named = plays
        .iter()
        .flat_map(|p| p["players"].as_array().unwrap().clone())
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["sourcePlayerId"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    games.sort();
    people.sort();
    people.dedup();
    (games, people)
}

#[test]
fn a_game_inserted_before_others_leaves_every_id_where_it_was() {
    use crate::corrections::{campaign, first, run, second, third};
    let env = campaign(&[first(), third()]);
    let (games, people) = ids_by_date_and_name(&env);
    let mut insert = vec!["--before".to_string(), "2".to_string()];
    insert.extend(second("Ubuntu"));
    run(&env, &["game", "insert"], &insert);
    let (after_games, after_people) = ids_by_date_and_name(&env);
    assert_eq!(after_games.len(), 3);
    for kept in &games {
        assert!(after_games.contains(kept), "{kept:?} in {after_games:?}");
    }
    let inserted = after_games
        .iter()
        .find(|(date, _)| date.starts_with("2026-10-08"));
    let inserted = &inserted.expect("the game inserted").1;
    assert!(
        games.iter().all(|(_, id)| id != inserted),
        "the inserted game has an id of its own: {inserted}"
    );
    for person in &people {
        assert!(
            after_people.contains(person),
            "{person:?} in {after_people:?}"
        );
    }
    // A person renamed keeps their id.
    env.ok(&["person", "rename", "Ann", "Anna"]);
    let (_, renamed) = ids_by_date_and_name(&env);
    let id_of = |people: &[(String, String)], name: &str| {
        people
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, id)| id.clone())
    };
    assert_eq!(id_of(&renamed, "Anna"), id_of(&people, "Ann"));
    let mut distinct: Vec<&String> = renamed.iter().map(|(_, id)| id).collect();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        renamed.len(),
        "one id per person: {renamed:?}"
    );
}

#[test]
fn an_exported_campaign_imported_elsewhere_keeps_its_ids() {
    let env = TestEnv::demo();
    let ids = ids_by_date_and_name(&env);
    let file = env.dir().join("demo.json");
    env.ok(&["export", "-o", file.to_str().unwrap()]);
    let elsewhere = TestEnv::new();
    let imported = elsewhere.ok(&["import", file.to_str().unwrap()]);
    assert!(!imported.stderr.contains("new one"), "{}", imported.stderr);
    assert_eq!(ids_by_date_and_name(&elsewhere), ids);
    // A second copy in the same database is another campaign: a new identity, said.
    let again = elsewhere.ok(&["import", file.to_str().unwrap(), "--as", "Demo again"]);
    assert!(
        again.stderr.contains("already has the file's identity"),
        "{}",
        again.stderr
    );
    elsewhere.ok(&["campaign", "use", "Demo again"]);
    let (games, _) = ids_by_date_and_name(&elsewhere);
    assert!(games.iter().all(|g| !ids.0.contains(g)), "{games:?}");
}
