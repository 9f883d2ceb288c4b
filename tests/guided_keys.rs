//! A game night as data (`Night`: who sat where with which faction and HQ, who won, the
//! rewards, scars, packets, fallout), the same night as `game log` flags, and a person at
//! the table answering the guided prompt for it in a pseudo-terminal with as few keys as
//! they would press, every key counted.
//!
//! How a person answers, one rule per kind of question (the whole of the counting):
//! - the answer already highlighted: Enter;
//! - yes or no: Enter when the default is the answer, else the letter and Enter;
//! - one of a short list (a result, a reward, a scar type): its number, one key;
//! - one of a list found by typing (a person, a faction, a territory): the arrows and
//!   Enter when it shows within two rows of the highlight, else the letters of its name
//!   one at a time until it is highlighted, then Enter;
//! - someone new: their name and Enter, the letters of the name not counted;
//! - a name given to a city or a continent: typed whole and Enter, every letter counted;
//! - packets: the arrows to each one to tick or untick, the space bar, then Enter;
//! - the note: Enter (its letters would not be counted);
//! - the confirmation: Enter.

use std::collections::VecDeque;
use std::fmt::Write as _;

use serde::Deserialize;

use crate::common::TestEnv;
use crate::common::pty::{DOWN, ENTER, SPACE, Terminal, UP};

/// One player of a night.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Player {
    pub(crate) person: String,
    pub(crate) faction: String,
    /// `won`, `held-on` or `eliminated`.
    pub(crate) result: String,
    pub(crate) hq: Option<String>,
}

/// The winner's reward.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum Reward {
    NameContinent { continent: String, name: String },
    MajorCity { territory: String, name: String },
    HealScar { territory: String },
    Fortify { territory: String },
    DestroyCard { territory: String },
    Declined,
}

/// A held-on player's reward: a minor city named, or a resource added to a card.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct HeldOn {
    pub(crate) person: String,
    pub(crate) territory: String,
    /// The minor city's name; none: a resource added.
    pub(crate) city: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Scar {
    pub(crate) territory: String,
    pub(crate) scar: String,
}

/// A game night as a write-up tells it.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Night {
    pub(crate) game: u32,
    pub(crate) date: String,
    pub(crate) players: Vec<Player>,
    pub(crate) reward: Option<Reward>,
    #[serde(default)]
    pub(crate) held_on: Vec<HeldOn>,
    #[serde(default)]
    pub(crate) scars: Vec<Scar>,
    #[serde(default)]
    pub(crate) opened: Vec<String>,
    #[serde(default)]
    pub(crate) fallout: Vec<String>,
    /// What the write-up does not say and the fixture chose (kept for the reader).
    #[serde(default)]
    pub(crate) filled_in: Vec<String>,
    /// Commands the group ran before the night (a faction or scar type from a packet).
    #[serde(default)]
    pub(crate) before: Vec<Vec<String>>,
}

impl Night {
    /// The night as `game log` flags.
    pub(crate) fn flags(&self) -> Vec<String> {
        let mut args: Vec<String> = vec!["game".into(), "log".into(), "--date".into()];
        args.push(self.date.clone());
        for p in &self.players {
            args.push("--player".into());
            let hq = p.hq.as_ref().map(|h| format!("@{h}")).unwrap_or_default();
            args.push(format!("{}={}:{}{hq}", p.person, p.faction, p.result));
        }
        let mut flag = |name: &str, value: String| {
            args.push(name.to_string());
            args.push(value);
        };
        match &self.reward {
            Some(Reward::NameContinent { continent, name }) => {
                flag("--name-continent", format!("{continent}={name}"));
            }
            Some(Reward::MajorCity { territory, name }) => {
                flag("--major-city", format!("{territory}={name}"));
            }
            Some(Reward::HealScar { territory }) => flag("--heal-scar", territory.clone()),
            Some(Reward::Fortify { territory }) => flag("--fortify", territory.clone()),
            Some(Reward::DestroyCard { territory }) => flag("--destroy-card", territory.clone()),
            Some(Reward::Declined) | None => {}
        }
        for h in &self.held_on {
            match &h.city {
                Some(city) => flag(
                    "--minor-city",
                    format!("{}:{}={city}", h.person, h.territory),
                ),
                None => flag("--upgrade", format!("{}:{}", h.person, h.territory)),
            }
        }
        for s in &self.scars {
            flag("--scar", format!("{}={}", s.territory, s.scar));
        }
        for p in &self.opened {
            flag("--opened", p.clone());
        }
        for t in &self.fallout {
            flag("--fallout", t.clone());
        }
        if matches!(self.reward, Some(Reward::Declined)) {
            args.push("--no-reward".into());
        }
        args
    }

    /// The commands run before the night, then the night logged by its flags.
    pub(crate) fn log_by_flags(&self, env: &TestEnv) {
        self.run_before(env);
        let flags = self.flags();
        let args: Vec<&str> = flags.iter().map(String::as_str).collect();
        env.ok(&args);
    }

    pub(crate) fn run_before(&self, env: &TestEnv) {
        for command in &self.before {
            let args: Vec<&str> = command.iter().map(String::as_str).collect();
            env.ok(&args);
        }
    }
}

/// What a night took at the prompt: every key, and those of each question.
pub(crate) struct Count {
    pub(crate) keys: usize,
    pub(crate) asked: Vec<(String, usize)>,
}

/// What a "Which territory" question is for, in the order the prompt asks them.
enum Pending {
    Territory(String),
    Name(String),
}

/// A question as drawn: its header, and its rows (whether highlighted, the words).
struct Drawn {
    header: String,
    rows: Vec<(bool, String)>,
}

/// The last question on the screen: the lowest line that is neither a row of a list nor
/// an error, and the rows under it.
fn drawn(screen: &str) -> Drawn {
    let lines: Vec<&str> = screen.lines().collect();
    let is_row = |l: &str| l.starts_with("> ") || l.starts_with("  ");
    let at = lines
        .iter()
        .rposition(|l| !l.trim().is_empty() && !is_row(l) && !l.starts_with("error:"))
        .unwrap_or_else(|| panic!("no question on the screen:\n{screen}"));
    let rows = lines[at + 1..]
        .iter()
        .filter(|l| is_row(l))
        .map(|l| (l.starts_with("> "), l[2..].to_string()))
        .collect();
    Drawn {
        header: lines[at].to_string(),
        rows,
    }
}

/// Whether the screen ends at a question waiting for a key: a line being typed or a yes or
/// no (the cursor after it), or a list under its question (its search line ends at the
/// cursor, `|`); not an answer just given, the next question still to come.
fn waiting(screen: &str) -> bool {
    if !screen.ends_with('\n') {
        return true;
    }
    let question = drawn(screen);
    !question.rows.is_empty() || question.header.ends_with('|')
}

/// Whether a row's words are `wanted` (a territory's row may add its city or other names).
fn names(row: &str, wanted: &str) -> bool {
    let row = row
        .trim_start_matches("[x] ")
        .trim_start_matches("[ ] ")
        .to_lowercase();
    let wanted = wanted.to_lowercase();
    row == wanted
        || row.starts_with(&format!("{wanted} ("))
        || row.starts_with(&format!("{wanted}: "))
}

/// A person at the table answering the prompt for `night`.
pub(crate) struct Table<'n> {
    t: Terminal,
    night: &'n Night,
    /// People known before the night: anyone else is typed as new.
    known: Vec<String>,
    pending: VecDeque<Pending>,
    scars: VecDeque<&'n Scar>,
    fallout: VecDeque<&'n String>,
    /// Keys not counted (the letters of a new person's name).
    free: usize,
    asked: Vec<(String, usize)>,
}

impl<'n> Table<'n> {
    /// `chronicle game log` on a terminal, on the night's date.
    pub(crate) fn open(env: &TestEnv, night: &'n Night, known: &[String]) -> Table<'n> {
        Table {
            t: Terminal::open_on(env, &["game", "log"], &night.date),
            night,
            known: known.to_vec(),
            pending: VecDeque::new(),
            scars: night.scars.iter().collect(),
            fallout: night.fallout.iter().collect(),
            free: 0,
            asked: Vec::new(),
        }
    }

    /// Answers every question until the game is written; the keys it took.
    pub(crate) fn play(mut self) -> Count {
        let done = format!("Game {} logged.", self.night.game);
        loop {
            let mut screen = self.t.settle();
            while !screen.contains(&done) && !waiting(&screen) {
                screen.push_str(&self.t.settle());
            }
            if screen.contains(&done) {
                break;
            }
            let before = self.t.keys - self.free;
            let question = drawn(&screen);
            let written = question.header.starts_with("Write game");
            self.answer(&question);
            let header = question.header.split(" [").next().unwrap_or_default();
            let header = header.split(" (type to search)").next().unwrap_or_default();
            self.asked.push((
                header.trim_end_matches(':').to_string(),
                self.t.keys - self.free - before,
            ));
            if written {
                self.t.wait(&done);
                break;
            }
        }
        let keys = self.t.keys - self.free;
        let (code, shown) = self.t.end();
        assert_eq!(code, 0, "{shown}");
        Count {
            keys,
            asked: self.asked,
        }
    }

    fn player(&self, person: &str) -> &'n Player {
        let night = self.night;
        night
            .players
            .iter()
            .find(|p| p.person == person)
            .unwrap_or_else(|| panic!("{person} is not at the table of game {}", night.game))
    }

    /// Answers the question drawn, as the night says.
    fn answer(&mut self, q: &Drawn) {
        let h = q.header.as_str();
        let night = self.night;
        if h.starts_with("Date played") {
            // Logged the night it was played: today is the default.
            self.t.press(ENTER);
        } else if let Some(rest) = h.strip_prefix("Player ") {
            let n: usize = rest.split(',').next().and_then(|n| n.parse().ok()).unwrap();
            if let Some(table) = q.rows.iter().find(|(_, row)| self.is_this_table(row)) {
                let table = table.1.clone();
                return self.search(q, &table, "");
            }
            match night.players.get(n - 1) {
                Some(p) if !self.known.contains(&p.person) => {
                    // Someone new: the name typed (not counted), then Enter.
                    self.free += p.person.chars().count();
                    self.t.press(&p.person);
                    self.t.settle();
                    self.t.press(ENTER);
                }
                Some(p) => self.search(q, &p.person.clone(), &p.person.clone()),
                None => self.search(q, "(that is everyone)", ""),
            }
        } else if h.contains(" looks like ") {
            self.choose(q, "(someone new)");
        } else if let Some(person) = h
            .split("'s faction")
            .next()
            .filter(|_| h.contains("'s faction"))
        {
            let faction = faction_name(&self.player(person).faction);
            self.search(q, &faction, &faction);
        } else if let Some(person) = h.split("'s HQ").next().filter(|_| h.contains("'s HQ")) {
            match self.player(person).hq.clone() {
                Some(hq) => self.search(q, &hq, &hq),
                None => self.search(q, "(not recorded)", ""),
            }
        } else if h.contains("'s draft:") {
            self.t.press(ENTER);
        } else if h.starts_with("Who won?") {
            let winner = night.players.iter().find(|p| p.result == "won").unwrap();
            self.search(q, &winner.person.clone(), &winner.person.clone());
        } else if let Some(person) = h.strip_suffix("'s result:") {
            let words = match self.player(person).result.as_str() {
                "held-on" => "held on",
                "eliminated" => "was eliminated",
                other => panic!("no result {other}"),
            };
            self.choose(q, words);
        } else if h.starts_with("Was a scar placed") || h.starts_with("Another scar?") {
            self.yes_no(h, !self.scars.is_empty());
        } else if h.starts_with("Scarred territory") {
            let scar = self.scars.front().unwrap().territory.clone();
            self.search(q, &scar, &scar);
        } else if h.starts_with("Which scar") {
            let scar = self.scars.pop_front().unwrap().scar.clone();
            self.choose(q, &scar);
        } else if h.starts_with("Who placed it?") {
            self.choose(q, "(not recorded)");
        } else if h.starts_with("Were boxes ticked") || h.starts_with("More boxes ticked") {
            self.yes_no(h, false);
        } else if h.contains(" held on: their reward") {
            let person = h.split(" held on").next().unwrap();
            let reward = night.held_on.iter().find(|r| r.person == person);
            let words = match reward {
                Some(HeldOn {
                    territory,
                    city: Some(city),
                    ..
                }) => {
                    self.pending
                        .push_back(Pending::Territory(territory.clone()));
                    self.pending.push_back(Pending::Name(city.clone()));
                    "found a minor city"
                }
                Some(HeldOn { territory, .. }) => {
                    self.pending
                        .push_back(Pending::Territory(territory.clone()));
                    "add a resource to a card"
                }
                None => "nothing",
            };
            self.choose(q, words);
        } else if h.ends_with("'s reward:") {
            let words = self.winner_reward();
            self.choose(q, words);
        } else if h.starts_with("Which continent") {
            let Some(Reward::NameContinent { continent, .. }) = &night.reward else {
                panic!("no continent in game {}", night.game)
            };
            self.choose(q, continent);
        } else if h.starts_with("Which territory") {
            let Some(Pending::Territory(territory)) = self.pending.pop_front() else {
                panic!("no territory expected in game {}: {h}", night.game)
            };
            self.search(q, &territory, &territory);
        } else if h.starts_with("Name for ") || h.starts_with("Name of the ") {
            let Some(Pending::Name(name)) = self.pending.pop_front() else {
                panic!("no name expected in game {}: {h}", night.game)
            };
            self.t.press(&name);
            self.t.settle();
            self.t.press(ENTER);
        } else if h.starts_with("Packets opened") {
            self.tick(q);
        } else if h.starts_with("Did sealed content change the board")
            || h.starts_with("Another sealed change?")
        {
            self.yes_no(h, !self.fallout.is_empty());
        } else if h.starts_with("What changed") {
            let territory = self.fallout.pop_front().unwrap().clone();
            self.pending.push_back(Pending::Territory(territory));
            self.choose(q, "fallout hit a territory");
        } else if h.starts_with("Were event cards drawn?") || h.starts_with("Another event card?") {
            self.yes_no(h, false);
        } else if h.starts_with("The game's mission")
            || h.starts_with("A note about the game")
            || h.starts_with("Write game")
        {
            self.t.press(ENTER);
        } else {
            panic!(
                "game {}: a question the night does not answer: {h}",
                night.game
            );
        }
    }

    /// Whether a row offers last game's table, and it is tonight's: the same people in the
    /// same seats with the same factions and HQs.
    fn is_this_table(&self, row: &str) -> bool {
        let Some(seats) = row
            .strip_prefix("(last game's table: ")
            .and_then(|r| r.strip_suffix(')'))
        else {
            return false;
        };
        let seats: Vec<&str> = seats.split("; ").collect();
        seats.len() == self.night.players.len()
            && self.night.players.iter().zip(&seats).all(|(p, seat)| {
                let faction = faction_name(&p.faction);
                match &p.hq {
                    Some(hq) => seat.starts_with(&format!("{}, {faction} in {hq}", p.person)),
                    None => *seat == format!("{}, {faction}", p.person),
                }
            })
    }

    /// The words of the winner's reward, with what it asks next.
    fn winner_reward(&mut self) -> &'static str {
        let (words, territory, name) = match &self.night.reward {
            Some(Reward::NameContinent { name, .. }) => ("name a continent", None, Some(name)),
            Some(Reward::MajorCity { territory, name }) => {
                ("found a major city", Some(territory), Some(name))
            }
            Some(Reward::HealScar { territory }) => ("heal a scar", Some(territory), None),
            Some(Reward::Fortify { territory }) => ("fortify a city", Some(territory), None),
            Some(Reward::DestroyCard { territory }) => {
                ("destroy a territory card", Some(territory), None)
            }
            Some(Reward::Declined) | None => ("none: the winner declines", None, None),
        };
        if let Some(territory) = territory {
            self.pending
                .push_back(Pending::Territory(territory.clone()));
        }
        if let Some(name) = name {
            self.pending.push_back(Pending::Name(name.clone()));
        }
        words
    }

    /// Yes or no: Enter on the default, else the letter and Enter.
    fn yes_no(&mut self, header: &str, yes: bool) {
        let default = header.contains("[Y/n]");
        if yes == default {
            self.t.press(ENTER);
        } else {
            self.t.press(if yes { "y\r" } else { "n\r" });
        }
    }

    /// One of a short list: Enter on the highlighted one, else its number.
    fn choose(&mut self, q: &Drawn, wanted: &str) {
        let at = q
            .rows
            .iter()
            .position(|(_, row)| names(row, wanted))
            .unwrap_or_else(|| panic!("{wanted:?} is not offered at {:?}: {:?}", q.header, q.rows));
        if q.rows[at].0 {
            self.t.press(ENTER);
        } else {
            assert!(at < 9, "{wanted:?} has no single digit at {:?}", q.header);
            self.t.press(&(at + 1).to_string());
        }
    }

    /// One of a list found by typing: Enter on the highlighted one, the arrows when it is
    /// within two rows, else `typed` letter by letter until it is highlighted.
    fn search(&mut self, q: &Drawn, wanted: &str, typed: &str) {
        let highlighted = q.rows.iter().position(|(active, _)| *active);
        let at = q.rows.iter().position(|(_, row)| names(row, wanted));
        match (at, highlighted) {
            (Some(at), Some(h)) if at == h => return self.t.press(ENTER),
            (Some(at), Some(h)) if at.abs_diff(h) <= 2 => {
                let arrow = if at > h { DOWN } else { UP };
                return self
                    .t
                    .press(&format!("{}{ENTER}", arrow.repeat(at.abs_diff(h))));
            }
            _ => {}
        }
        let mut rows = q.rows.clone();
        for (n, letter) in typed.to_lowercase().chars().enumerate() {
            self.t.press(&letter.to_string());
            let mut screen = self.t.settle();
            while !waiting(&screen) {
                screen.push_str(&self.t.settle());
            }
            let now = drawn(&screen);
            rows = now.rows;
            if rows
                .first()
                .is_some_and(|(active, row)| *active && names(row, wanted))
            {
                return self.t.press(ENTER);
            }
            assert!(n < 40, "{wanted:?} never came first at {:?}", q.header);
        }
        panic!(
            "{wanted:?} is not highlighted at {:?} once typed whole: {rows:?}",
            q.header
        );
    }

    /// Packets: each one to tick or untick reached by the arrows and turned by the space
    /// bar, then Enter.
    fn tick(&mut self, q: &Drawn) {
        let mut at = q.rows.iter().position(|(active, _)| *active).unwrap_or(0);
        let mut keys = String::new();
        for (i, (_, row)) in q.rows.iter().enumerate() {
            let ticked = row.starts_with("[x] ");
            let wanted = self
                .night
                .opened
                .iter()
                .any(|p| row[4..].starts_with(&format!("{p} (")));
            if ticked != wanted {
                keys.push_str(&DOWN.repeat(i - at));
                keys.push_str(SPACE);
                at = i;
            }
        }
        keys.push_str(ENTER);
        self.t.press(&keys);
    }
}

/// A faction's name as the prompt lists it, from the word the flags take.
fn faction_name(word: &str) -> String {
    match word.to_lowercase().as_str() {
        "bear" => "Enclave of the Bear".into(),
        "khan" => "Khan Industries".into(),
        "saharan" => "Saharan Republic".into(),
        "balkania" => "Imperial Balkania".into(),
        "mechaniker" => "Die Mechaniker".into(),
        _ => word.to_string(),
    }
}

/// The keys of a night, question by question, as a table for the test's output.
pub(crate) fn table(night: &Night, count: &Count) -> String {
    let mut out = format!(
        "game {} ({} players): {} keys\n",
        night.game,
        night.players.len(),
        count.keys
    );
    for chosen in &night.filled_in {
        let _ = writeln!(out, "  (filled in: {chosen})");
    }
    for (question, keys) in &count.asked {
        let _ = writeln!(out, "  {keys:>3}  {question}");
    }
    out
}
