//! One person's page (serve's `/people/NAME`): the person found as a game line finds a
//! name, then their part of the statistics and of the games, both read from one snapshot
//! of the log and built as `stats` and `game list` build them.

use crate::domain::log::fold;
use crate::report::history::cut;
use crate::report::person::PersonReport;
use crate::store::{Store, StoreError};

use super::read::{Report, View, report};
use super::{LedgerError, Query};

/// The answer: the campaign's name, the head read at, the person as the log writes them,
/// and their page.
pub struct PersonAnswer {
    pub campaign: String,
    pub head: crate::domain::Head,
    pub person: String,
    pub report: PersonReport,
}

/// The page of the person `given` names, after game N or now, with or without what packets
/// brought (the `query`'s; its view is not read).
pub fn person(
    store: &Store,
    campaign: Option<&str>,
    given: &str,
    query: &Query,
) -> Result<PersonAnswer, LedgerError> {
    let (name, head, stored) = store.snapshot(|store| {
        let info = store.choose_campaign(campaign)?;
        Ok::<_, StoreError>((
            (info.name, info.created_at),
            store.log_head(info.id)?,
            store.read(info.id)?,
        ))
    })?;
    let (name, created_at) = name;
    let folded = fold(cut(&stored.entries, query.after))?;
    let person = folded.find_person(given)?.to_string();
    let asked = |view| Query {
        view,
        after: query.after,
        spoilers: query.spoilers,
    };
    let (Report::Stats(stats), Report::Games(games)) = (
        report(&name, &created_at, &stored, &asked(View::Stats))?,
        report(&name, &created_at, &stored, &asked(View::Games))?,
    ) else {
        unreachable!("stats and games are asked for");
    };
    let report = PersonReport::new(&person, &stats, &games.games);
    Ok(PersonAnswer {
        campaign: name,
        head,
        person,
        report,
    })
}
