//! Completions that know the campaign: when the shell asks (clap_complete's `CompleteEnv`,
//! `source <(COMPLETE=bash chronicle)`), the names of factions, territories (and the group's
//! aliases), continents, people, campaigns, packets, scar types and house rules come from
//! the database the command line names (`--db`, `--campaign`, else `CHRONICLE_DB`,
//! `CHRONICLE_CAMPAIGN`, else the default). Without a database, the names printed on the
//! board and in the rules are offered.

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

use clap_complete::engine::{ArgValueCompleter, CompletionCandidate};

use crate::domain::board::faction::STANDARD_FACTIONS;
use crate::domain::vocabulary::house::HouseRule;
use crate::domain::{Campaign, Continent, Packet};
use crate::store::{Access, Store};

/// What a value names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Territory,
    Continent,
    Faction,
    Person,
    Campaign,
    Packet,
    ScarType,
    HouseRule,
    Result,
    /// A territory, continent, person or faction (what an alias may stand for).
    AnyName,
}

/// A value made of names and separators: `NAME=FACTION:RESULT@HQ` is
/// `[Person, '=', Faction, ':', Result, '@', Territory]`. Each part is completed in turn.
#[derive(Clone, Copy, Debug)]
pub(super) struct Form(pub &'static [(Kind, Option<char>)]);

impl Form {
    pub(super) const fn one(kind: Kind) -> Form {
        Form(match kind {
            Kind::Territory => &[(Kind::Territory, None)],
            Kind::Continent => &[(Kind::Continent, None)],
            Kind::Faction => &[(Kind::Faction, None)],
            Kind::Person => &[(Kind::Person, None)],
            Kind::Campaign => &[(Kind::Campaign, None)],
            Kind::Packet => &[(Kind::Packet, None)],
            Kind::ScarType => &[(Kind::ScarType, None)],
            Kind::HouseRule => &[(Kind::HouseRule, None)],
            Kind::Result => &[(Kind::Result, None)],
            Kind::AnyName => &[(Kind::AnyName, None)],
        })
    }

    /// The completer of values of this form.
    pub(super) fn completer(self) -> ArgValueCompleter {
        ArgValueCompleter::new(move |current: &OsStr| self.complete(current))
    }

    fn complete(self, current: &OsStr) -> Vec<CompletionCandidate> {
        self.complete_from(current, &names)
    }

    /// The candidates for `current`, each part's names given by `names`.
    fn complete_from(
        self,
        current: &OsStr,
        names: &dyn Fn(Kind) -> Vec<String>,
    ) -> Vec<CompletionCandidate> {
        let current = current.to_string_lossy();
        // The part being typed: after the last separator of the form already typed.
        let mut done = 0;
        let mut kind = self.0[0].0;
        for (i, (_, separator)) in self.0.iter().enumerate() {
            let Some(separator) = separator else { break };
            match current[done..].find(*separator) {
                Some(at) => {
                    done += at + separator.len_utf8();
                    kind = self.0[i + 1].0;
                }
                None => break,
            }
        }
        let (typed, part) = current.split_at(done);
        let folded = part.to_lowercase();
        names(kind)
            .into_iter()
            .filter(|name| name.to_lowercase().starts_with(&folded))
            .map(|name| CompletionCandidate::new(format!("{typed}{name}")))
            .collect()
    }
}

/// The names of a kind, from the campaign the command line names, or the fixed ones.
fn names(kind: Kind) -> Vec<String> {
    let fixed = || fixed_names(kind);
    if kind == Kind::Campaign {
        return open()
            .and_then(|s| s.campaigns().ok())
            .map_or_else(Vec::new, |c| c.into_iter().map(|c| c.name).collect());
    }
    if matches!(kind, Kind::Packet | Kind::HouseRule | Kind::Result) {
        return fixed();
    }
    match campaign() {
        Some(campaign) => campaign_names(&campaign, kind),
        None => fixed(),
    }
}

/// The names printed on the board and in the rules.
fn fixed_names(kind: Kind) -> Vec<String> {
    campaign_names(&Campaign::new(), kind)
}

fn campaign_names(campaign: &Campaign, kind: Kind) -> Vec<String> {
    let aliases = |kind: &str| -> Vec<String> {
        campaign
            .aliases()
            .filter(|(_, of)| of.kind() == kind)
            .map(|(alias, _)| alias.to_string())
            .collect()
    };
    let mut names: Vec<String> = match kind {
        Kind::Territory => {
            let mut all: Vec<String> = campaign
                .territories()
                .map(|t| t.name().to_string())
                .collect();
            all.extend(aliases("territory"));
            all
        }
        Kind::Continent => {
            let mut all: Vec<String> = Continent::all().map(|c| c.name().to_string()).collect();
            all.extend(aliases("continent"));
            all
        }
        Kind::Faction => {
            let mut all: Vec<String> = campaign
                .factions()
                .iter()
                .map(|f| f.name().to_string())
                .collect();
            all.extend(STANDARD_FACTIONS.iter().map(|f| f.short.to_lowercase()));
            all.extend(aliases("faction"));
            all
        }
        Kind::Person => {
            let mut all: Vec<String> = campaign.people().iter().map(ToString::to_string).collect();
            all.extend(aliases("person"));
            all
        }
        Kind::ScarType => campaign.scar_types().cloned().collect(),
        Kind::Packet => Packet::ALL.iter().map(|p| p.name().to_string()).collect(),
        Kind::HouseRule => HouseRule::ALL.iter().map(|r| r.key().to_string()).collect(),
        Kind::Result => ["won", "held-on", "eliminated"].map(String::from).to_vec(),
        Kind::AnyName => [
            Kind::Territory,
            Kind::Continent,
            Kind::Person,
            Kind::Faction,
        ]
        .into_iter()
        .flat_map(|kind| campaign_names(campaign, kind))
        .collect(),
        Kind::Campaign => Vec::new(),
    };
    names.dedup();
    names
}

/// The words of the command line being completed, when the shell gave them otherwise than
/// as this process's arguments (bash gives the line: `complete_bash.rs`).
static WORDS: std::sync::OnceLock<Vec<OsString>> = std::sync::OnceLock::new();

/// Sets the words of the command line being completed.
pub(super) fn set_words(words: Vec<OsString>) {
    let _ = WORDS.set(words);
}

/// The value of `--NAME VALUE` or `--NAME=VALUE` on the command line being completed.
fn flag(name: &str) -> Option<String> {
    let args: Vec<OsString> = WORDS
        .get()
        .cloned()
        .unwrap_or_else(|| std::env::args_os().collect());
    let mut value = None;
    let long = format!("--{name}");
    let mut args = args.iter().map(|a| a.to_string_lossy());
    while let Some(arg) = args.next() {
        if arg == long {
            value = args.next().map(|v| v.to_string());
        } else if let Some(given) = arg.strip_prefix(&format!("{long}=")) {
            value = Some(given.to_string());
        }
    }
    value
}

/// The database the command line names, opened to read, if there is one.
fn open() -> Option<Store> {
    let path = flag("db")
        .map(PathBuf::from)
        .or_else(super::env::db)
        .or_else(|| super::env::default_db().ok())?;
    if !path.is_file() {
        return None;
    }
    Store::open(&path, Access::Read, std::time::Duration::from_millis(200)).ok()
}

/// The campaign the command line names, as it stands now.
fn campaign() -> Option<Campaign> {
    let store = open()?;
    let named = flag("campaign").or_else(|| super::env::campaign().ok().flatten());
    let (_, loaded) = store.load_campaign(named.as_deref()).ok()?;
    Some(loaded.campaign)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offered(form: Form, typed: &str) -> Vec<String> {
        form.complete_from(OsStr::new(typed), &fixed_names)
            .into_iter()
            .map(|c| c.get_value().to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn each_part_of_a_value_is_completed_in_turn() {
        const PLAYER: Form = Form(&[
            (Kind::Person, Some('=')),
            (Kind::Faction, Some(':')),
            (Kind::Result, Some('@')),
            (Kind::Territory, None),
        ]);
        assert_eq!(
            offered(PLAYER, "Ann=kh"),
            ["Ann=Khan Industries", "Ann=khan"]
        );
        assert_eq!(offered(PLAYER, "Ann=khan:h"), ["Ann=khan:held-on"]);
        assert_eq!(offered(PLAYER, "Ann=khan:won@Eg"), ["Ann=khan:won@Egypt"]);
        assert_eq!(offered(Form::one(Kind::Continent), "s"), ["South America"]);
        assert!(offered(Form::one(Kind::Packet), "").contains(&"Do not open".to_string()));
    }
}
