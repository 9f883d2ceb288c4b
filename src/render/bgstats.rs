//! `export --format bgstats`: one BG Stats `createPlay` link per game, the link BG Stats
//! documents for other apps ("Push plays to BG Stats from other apps or websites"). Tapped
//! on a phone with BG Stats, a link opens the app's import dialog for that play.
//!
//! What BG Stats holds of a game: the date, the players with their faction as role, the
//! winner (rank 1), those who held on (rank 2) and were eliminated (rank 3), the first seat
//! as start player, and a comment. What it cannot hold (rewards, scars, cities, packets: the
//! board itself) stays in chronicle; the comment names the reward and the game's note.

use std::collections::HashMap;
use std::fmt::Write as _;

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::{Value, json};

use crate::report::export::CampaignExport;
use crate::report::game::GameView;

/// Risk Legacy on BoardGameGeek.
pub(crate) const BGG_ID: u32 = 105_134;
const LINK: &str = "https://app.bgstatsapp.com/createPlay.html?data=";

/// Every game as a link, one a line, in the order played.
pub fn links(campaign_uid: &str, export: &CampaignExport) -> String {
    let ids = Ids::new(campaign_uid, export);
    let mut out = String::new();
    for game in &export.games {
        let data = play(&ids, &export.name, game).to_string();
        let _ = writeln!(out, "{LINK}{}", percent_encode(&data));
    }
    out
}

/// The ids BG Stats tells plays and players apart by, made of what no correction moves:
/// the campaign's identity (the one sync shares and a campaign file carries) and the
/// identity of the record that added each game (kept by `game insert`, `game edit`, an
/// export and an import). A person is known by the first game written with them in it (in
/// the order written, which an inserted game does not change) and their seat there, so a
/// renamed person keeps their id.
pub struct Ids {
    campaign_uid: String,
    games: HashMap<u32, String>,
    people: HashMap<String, String>,
}

impl Ids {
    /// The ids of the games and people of an export.
    pub fn new(campaign_uid: &str, export: &CampaignExport) -> Ids {
        let mut written: Vec<(u32, u32, &str)> = export
            .entries
            .iter()
            .filter(|e| e.taken_back.is_none())
            .filter_map(|e| Some((e.seq, e.game?, e.id.as_str())))
            .collect();
        written.sort_unstable();
        let games: HashMap<u32, String> = written
            .iter()
            .map(|(_, game, id)| (*game, (*id).to_string()))
            .collect();
        let by_number: HashMap<u32, &GameView> = export.games.iter().map(|g| (g.game, g)).collect();
        let mut people = HashMap::new();
        for (_, number, id) in &written {
            let Some(game) = by_number.get(number) else {
                continue;
            };
            for player in &game.players {
                people
                    .entry(crate::domain::person_key(&player.person))
                    .or_insert_with(|| {
                        format!("chronicle:{campaign_uid}:{id}:seat-{}", player.seat)
                    });
            }
        }
        Ids {
            campaign_uid: campaign_uid.to_string(),
            games,
            people,
        }
    }

    fn play(&self, game: &GameView) -> String {
        match self.games.get(&game.game) {
            Some(id) => format!("chronicle:{}:{id}", self.campaign_uid),
            None => format!("chronicle:{}:game-{}", self.campaign_uid, game.game),
        }
    }

    fn player(&self, person: &str) -> String {
        let key = crate::domain::person_key(person);
        self.people
            .get(&key)
            .cloned()
            .unwrap_or_else(|| format!("chronicle:{}:{key}", self.campaign_uid))
    }
}

/// The play BG Stats imports for one game. The ids are stable (see [`Ids`]), so BG Stats
/// can tell a play it already has.
pub fn play(ids: &Ids, campaign: &str, game: &GameView) -> Value {
    let players: Vec<Value> = game
        .players
        .iter()
        .map(|p| {
            json!({
                "name": p.person,
                "role": p.faction,
                "winner": p.result == "won",
                "rank": rank(p.result),
                "startPlayer": p.seat == 1,
                "sourcePlayerId": ids.player(&p.person),
            })
        })
        .collect();
    let mut comments = vec![format!("{campaign}, game {}", game.game)];
    if let Some(reward) = &game.reward {
        comments.push(format!("{} won: {reward}", game.winner));
    }
    if let Some(note) = &game.note {
        comments.push(note.clone());
    }
    json!({
        "sourcePlayId": ids.play(game),
        // Noon, so that no time zone moves the play to another day.
        "playDate": format!("{} 12:00:00", game.date),
        "board": campaign,
        "comments": comments.join(". "),
        "game": {
            "name": "Risk Legacy",
            "bggId": BGG_ID,
            "noPoints": true,
            "highestWins": true,
            "sourceGameId": "chronicle:risk-legacy",
        },
        "players": players,
    })
}

/// Won first, held on second, eliminated third.
fn rank(result: &str) -> u8 {
    match result {
        "won" => 1,
        "held-on" => 2,
        _ => 3,
    }
}

/// Every byte but the unreserved ones of RFC 3986 (letters, digits, `-`, `_`, `.`, `~`).
const NOT_UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// Text for a URL's query: every byte but the unreserved ones (RFC 3986) as `%XX`.
fn percent_encode(text: &str) -> String {
    utf8_percent_encode(text, NOT_UNRESERVED).to_string()
}

#[cfg(test)]
mod tests {
    use super::percent_encode;

    #[test]
    fn a_query_keeps_only_unreserved_bytes() {
        assert_eq!(percent_encode("a b&c=\"é\""), "a%20b%26c%3D%22%C3%A9%22");
        assert_eq!(percent_encode("Az09-_.~"), "Az09-_.~");
    }
}
