//! The one vocabulary of what an entry changes: each kind of change has one name in the
//! code (a variant) and one printed key (`major_city`, `scar`, …), the `kind` of the
//! history's JSON. The store keeps its own spelling of each (see `store/stored.rs`).

/// A kind of change an entry makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChangeKind {
    /// A faction keeps a starting power.
    Power,
    /// A first coin on a card.
    Coin,
    /// A pool's capacity corrected.
    Pool,
    /// A scar placed during a game.
    Scar,
    /// Boxes ticked on a fortification.
    Wear,
    /// The winner signs the board.
    Signature,
    /// The winner of a game after the fifteenth, which signs nothing.
    Won,
    /// Winner's rewards.
    ContinentName,
    MajorCity,
    Heal,
    ContinentBonus,
    Fortify,
    DestroyCard,
    /// Held-on rewards.
    MinorCity,
    Resource,
    /// A player eliminated.
    Eliminated,
    /// Sealed content during play.
    WorldCapital,
    EventFortify,
    EventDestroyCard,
    Mark,
    /// Fallout: the card destroyed, any city gone, a fallout mark left.
    Fallout,
    /// An event destroys a city.
    DestroyCity,
    /// The winner declined the reward.
    NoReward,
    /// What the draft gave a seat.
    Draft,
    /// An event card drawn in a game.
    Event,
    /// A game's mission, and who completed it.
    Mission,
    /// A packet opened.
    Packet,
    /// Sealed content between games.
    ScarType,
    Faction,
    FactionMark,
    FactionScar,
    WorldName,
    /// An entry taken back.
    Undo,
    /// Corrections: a game edited, a game inserted, a person renamed or merged into
    /// another, the campaign renamed.
    Edit,
    Insert,
    Rename,
    Merge,
    CampaignRename,
    /// A fork resolved (`sync resolve`); stored as one row per branch tip.
    Join,
    /// A house rule switched on or off.
    Rule,
    /// A group's own word for a name.
    Alias,
    /// A person retired from the lists of who plays next, or back.
    Retire,
    /// A territory sealed content added to the map.
    AddTerritory,
    /// One of an added territory's sea lines, to the territory named.
    SeaLine,
    /// A photo of a game (stored with one `PhotoFile` row per image it names).
    Photo,
    /// One image of a photo: its hash, media type and size.
    PhotoFile,
    /// A photo removed.
    PhotoRemoved,
}

impl ChangeKind {
    /// Every kind, in the order above.
    pub const ALL: [ChangeKind; 47] = [
        ChangeKind::Power,
        ChangeKind::Coin,
        ChangeKind::Pool,
        ChangeKind::Scar,
        ChangeKind::Wear,
        ChangeKind::Signature,
        ChangeKind::Won,
        ChangeKind::ContinentName,
        ChangeKind::MajorCity,
        ChangeKind::Heal,
        ChangeKind::ContinentBonus,
        ChangeKind::Fortify,
        ChangeKind::DestroyCard,
        ChangeKind::MinorCity,
        ChangeKind::Resource,
        ChangeKind::Eliminated,
        ChangeKind::WorldCapital,
        ChangeKind::EventFortify,
        ChangeKind::EventDestroyCard,
        ChangeKind::Mark,
        ChangeKind::Fallout,
        ChangeKind::DestroyCity,
        ChangeKind::NoReward,
        ChangeKind::Draft,
        ChangeKind::Event,
        ChangeKind::Mission,
        ChangeKind::Packet,
        ChangeKind::ScarType,
        ChangeKind::Faction,
        ChangeKind::FactionMark,
        ChangeKind::FactionScar,
        ChangeKind::WorldName,
        ChangeKind::Undo,
        ChangeKind::Edit,
        ChangeKind::Insert,
        ChangeKind::Rename,
        ChangeKind::Merge,
        ChangeKind::CampaignRename,
        ChangeKind::Join,
        ChangeKind::Rule,
        ChangeKind::Alias,
        ChangeKind::Retire,
        ChangeKind::AddTerritory,
        ChangeKind::SeaLine,
        ChangeKind::Photo,
        ChangeKind::PhotoFile,
        ChangeKind::PhotoRemoved,
    ];

    /// The printed key: `major_city`, `scar`, `heal`, …
    pub const fn key(self) -> &'static str {
        match self {
            ChangeKind::Power => "power",
            ChangeKind::Coin => "coin",
            ChangeKind::Pool => "pool",
            ChangeKind::Scar => "scar",
            ChangeKind::Wear => "wear",
            ChangeKind::Signature => "signature",
            ChangeKind::Won => "won",
            ChangeKind::ContinentName => "continent_name",
            ChangeKind::MajorCity => "major_city",
            ChangeKind::Heal => "heal",
            ChangeKind::ContinentBonus => "continent_bonus",
            ChangeKind::Fortify => "fortify",
            ChangeKind::DestroyCard => "destroy_card",
            ChangeKind::MinorCity => "minor_city",
            ChangeKind::Resource => "resource",
            ChangeKind::Eliminated => "eliminated",
            ChangeKind::WorldCapital => "world_capital",
            ChangeKind::EventFortify => "event_fortify",
            ChangeKind::EventDestroyCard => "event_destroy_card",
            ChangeKind::Mark => "mark",
            ChangeKind::Fallout => "fallout",
            ChangeKind::DestroyCity => "destroy_city",
            ChangeKind::NoReward => "no_reward",
            ChangeKind::Draft => "draft",
            ChangeKind::Event => "event",
            ChangeKind::Mission => "mission",
            ChangeKind::Packet => "packet",
            ChangeKind::ScarType => "scar_type",
            ChangeKind::Faction => "faction",
            ChangeKind::FactionMark => "faction_mark",
            ChangeKind::FactionScar => "faction_scar",
            ChangeKind::WorldName => "world_name",
            ChangeKind::Undo => "undo",
            ChangeKind::Edit => "edit",
            ChangeKind::Insert => "insert",
            ChangeKind::Rename => "rename",
            ChangeKind::Merge => "merge",
            ChangeKind::CampaignRename => "campaign_rename",
            ChangeKind::Join => "join",
            ChangeKind::Rule => "rule",
            ChangeKind::Alias => "alias",
            ChangeKind::Retire => "retire",
            ChangeKind::AddTerritory => "add_territory",
            ChangeKind::SeaLine => "sea_line",
            ChangeKind::Photo => "photo",
            ChangeKind::PhotoFile => "photo_file",
            ChangeKind::PhotoRemoved => "photo_removed",
        }
    }

    /// Whether the change is a winner's reward.
    pub const fn is_winners_reward(self) -> bool {
        matches!(
            self,
            ChangeKind::ContinentName
                | ChangeKind::MajorCity
                | ChangeKind::Heal
                | ChangeKind::ContinentBonus
                | ChangeKind::Fortify
                | ChangeKind::DestroyCard
        )
    }
}

impl std::fmt::Display for ChangeKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}
