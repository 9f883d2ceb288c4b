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
