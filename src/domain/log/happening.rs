//! One change an entry made, with who made it and where: what `describe` says of every
//! entry, and the history, the recap and the game views show.

use crate::domain::board::faction::Faction;
use crate::domain::board::{Continent, Territory};
use crate::domain::vocabulary::change::ChangeKind;

/// One change an entry made, with who made it and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Happening {
    /// The person who made the change, when a person did.
    pub person: Option<String>,
    /// The faction of that person in that game (or the faction a starting power is for).
    pub faction: Option<Faction>,
    /// What kind of change.
    pub kind: ChangeKind,
    pub territory: Option<Territory>,
    pub continent: Option<Continent>,
    /// The change in words, without the person: "founded the major city Kyro in Egypt".
    pub text: String,
    /// The text without the free text it holds (a reason), where it holds some: what a
    /// report that leaves free text out shows.
    pub without_reason: Option<String>,
}

impl Happening {
    pub(crate) fn new(kind: ChangeKind, text: String) -> Happening {
        Happening {
            person: None,
            faction: None,
            kind,
            territory: None,
            continent: None,
            text,
            without_reason: None,
        }
    }

    pub(super) fn by(mut self, person: &str) -> Happening {
        self.person = Some(person.to_string());
        self
    }
}
