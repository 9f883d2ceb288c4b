//! Reward pools: every sticker and mark comes from a pool of fixed size. A pool counts marks
//! placed, not marks standing; its capacity is what the group's box holds and may be
//! corrected with `pool set`.

/// A scar type ("Bunker", "Ammo Shortage"), by name.
pub(crate) type ScarType = String;

/// The scar types printed in the box, with the stickers of each.
pub(crate) const STANDARD_SCARS: &[(&str, u32)] = &[("Bunker", 3), ("Ammo Shortage", 3)];

/// What a pool holds.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PoolKind {
    ContinentName,
    MajorCity,
    MinorCity,
    Fortification,
    ScarCover,
    BonusPlus,
    BonusMinus,
    CoinSticker,
    WorldCapital,
    Scar(ScarType),
}

/// The pools every campaign starts with and their capacities, in the order they are listed.
pub(crate) fn standard_pools() -> Vec<Pool> {
    let fixed = [
        (PoolKind::ContinentName, 6),
        (PoolKind::MajorCity, 5),
        (PoolKind::MinorCity, 9),
        (PoolKind::Fortification, 5),
        (PoolKind::ScarCover, 4),
        (PoolKind::BonusPlus, 1),
        (PoolKind::BonusMinus, 1),
        (PoolKind::CoinSticker, 35),
        (PoolKind::WorldCapital, 1),
    ];
    let scars = STANDARD_SCARS
        .iter()
        .map(|(name, count)| (PoolKind::Scar(name.to_string()), *count));
    fixed
        .into_iter()
        .chain(scars)
        .map(|(kind, capacity)| Pool {
            kind,
            capacity,
            used: 0,
        })
        .collect()
}

impl PoolKind {
    /// The stored and printed form: `minor_city`, `scar:Bunker`.
    pub fn key(&self) -> String {
        let fixed = match self {
            PoolKind::ContinentName => "continent_name",
            PoolKind::MajorCity => "major_city",
            PoolKind::MinorCity => "minor_city",
            PoolKind::Fortification => "fortification",
            PoolKind::ScarCover => "scar_cover",
            PoolKind::BonusPlus => "bonus_plus",
            PoolKind::BonusMinus => "bonus_minus",
            PoolKind::CoinSticker => "coin_sticker",
            PoolKind::WorldCapital => "world_capital",
            PoolKind::Scar(name) => return format!("scar:{name}"),
        };
        fixed.to_string()
    }

    /// The kind whose [`key`](PoolKind::key) this is, exactly.
    pub fn from_key(key: &str) -> Option<PoolKind> {
        let kind = match key {
            "continent_name" => PoolKind::ContinentName,
            "major_city" => PoolKind::MajorCity,
            "minor_city" => PoolKind::MinorCity,
            "fortification" => PoolKind::Fortification,
            "scar_cover" => PoolKind::ScarCover,
            "bonus_plus" => PoolKind::BonusPlus,
            "bonus_minus" => PoolKind::BonusMinus,
            "coin_sticker" => PoolKind::CoinSticker,
            "world_capital" => PoolKind::WorldCapital,
            other => PoolKind::Scar(other.strip_prefix("scar:")?.to_string()),
        };
        Some(kind)
    }

    /// What the pool holds, in words: "minor cities", "Bunker scars".
    pub fn describe(&self) -> String {
        let fixed = match self {
            PoolKind::ContinentName => "continent names",
            PoolKind::MajorCity => "major cities",
            PoolKind::MinorCity => "minor cities",
            PoolKind::Fortification => "fortification marks",
            PoolKind::ScarCover => "scar covers",
            PoolKind::BonusPlus => "+1 continent bonus marks",
            PoolKind::BonusMinus => "-1 continent bonus marks",
            PoolKind::CoinSticker => "coin stickers",
            PoolKind::WorldCapital => "world capitals",
            PoolKind::Scar(name) => return format!("{name} scars"),
        };
        fixed.to_string()
    }
}

/// One pool: how many marks the box holds and how many have been placed. Kept in a
/// checkpoint as (kind, capacity, used): see `checkpoint.rs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pool {
    pub kind: PoolKind,
    pub capacity: u32,
    pub used: u32,
}

impl Pool {
    pub fn left(&self) -> u32 {
        self.capacity.saturating_sub(self.used)
    }
}
