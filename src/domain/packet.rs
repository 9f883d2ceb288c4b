//! Sealed packets, by their trigger condition only: chronicle never names what is inside.

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Packet {
    MinorCities,
    FirstElimination,
    SecondSignature,
    WorldCapital,
    ThreeMissiles,
    ThirtyTroops,
    DoNotOpen,
}

impl Packet {
    pub const ALL: [Packet; 7] = [
        Packet::MinorCities,
        Packet::FirstElimination,
        Packet::SecondSignature,
        Packet::WorldCapital,
        Packet::ThreeMissiles,
        Packet::ThirtyTroops,
        Packet::DoNotOpen,
    ];

    /// The name chronicle stores and prints.
    pub fn name(self) -> &'static str {
        match self {
            Packet::MinorCities => "Minor cities",
            Packet::FirstElimination => "First elimination",
            Packet::SecondSignature => "Second signature",
            Packet::WorldCapital => "World capital",
            Packet::ThreeMissiles => "Three missiles",
            Packet::ThirtyTroops => "Thirty troops",
            Packet::DoNotOpen => "Do not open",
        }
    }

    /// When the packet opens.
    pub fn condition(self) -> &'static str {
        match self {
            Packet::MinorCities => "the 9th minor city is founded",
            Packet::FirstElimination => "a player is eliminated for the first time",
            Packet::SecondSignature => "someone signs the board for the second time",
            Packet::WorldCapital => "the world capital is about to be placed",
            Packet::ThreeMissiles => "three missiles are used on one roll",
            Packet::ThirtyTroops => {
                "a player holding a missile is about to place 30+ troops at once"
            }
            Packet::DoNotOpen => "never",
        }
    }
}

/// Where a packet stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PacketStatus {
    /// Opened, in this game.
    Opened {
        game: u32,
    },
    /// Its condition was met in this game, and nobody has recorded opening it.
    Met {
        game: u32,
    },
    NotYet,
}

/// Each packet's status, with progress for those the ledger sees coming.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PacketState {
    pub packet: Packet,
    pub status: PacketStatus,
    pub progress: Option<String>,
}

/// Where every packet stands: opened (and when), met but not opened (and in which game its
/// condition was met), or not yet, with progress for the packets the ledger sees coming.
pub fn packets(campaign: &super::Campaign) -> Vec<PacketState> {
    Packet::ALL
        .into_iter()
        .map(|packet| {
            let status = match (campaign.opened(packet), campaign.condition_met_in(packet)) {
                (Some(opening), _) => PacketStatus::Opened { game: opening.game },
                (None, Some(game)) => PacketStatus::Met { game },
                (None, None) => PacketStatus::NotYet,
            };
            PacketState {
                packet,
                status,
                progress: campaign.packet_progress(packet).map(|p| p.text),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packets_are_found_by_name_or_word() {
        assert_eq!(
            Packet::find("second signature"),
            Ok(Packet::SecondSignature)
        );
        assert_eq!(Packet::find("elimination"), Ok(Packet::FirstElimination));
        assert_eq!(Packet::find("MISSILES"), Ok(Packet::ThreeMissiles));
        assert!(Packet::find("first").is_ok());
        assert!(Packet::find("cities").is_ok());
        assert!(Packet::find("surprise").is_err());
    }
}
