//! The identities of new records: UUIDs of version 7 (RFC 9562), the time the record was
//! written in their first 48 bits, so that they sort in the order they were made, and random
//! bits after. With a fixed clock (`CHRONICLE_NOW`, for tests and demos) the random bits come
//! from the campaign and the record's place instead, so the same commands give the same
//! identities.

use std::fmt::Write as _;

use crate::domain::EntryId;

/// The identity of a record written at `at` (RFC 3339); `fixed`: the campaign's id and the
/// record's place, for a clock that is fixed.
pub fn mint(at: &str, fixed: Option<(i64, u32)>) -> EntryId {
    let millis = chrono::DateTime::parse_from_rfc3339(at).map_or(0, |t| t.timestamp_millis());
    let millis = u64::try_from(millis).unwrap_or(0) & 0xFFFF_FFFF_FFFF;
    let random: u128 = match fixed {
        Some((campaign, seq)) => {
            let mut rng = fastrand::Rng::with_seed(
                (u64::from(seq) << 32) ^ u64::from_ne_bytes(campaign.to_ne_bytes()) ^ millis,
            );
            rng.u128(..)
        }
        None => fastrand::u128(..),
    };
    let mut bits = (u128::from(millis) << 80) | (random & ((1u128 << 80) - 1));
    // Version 7 in bits 48 to 51, the variant 10 in bits 64 and 65 (from the left).
    bits = (bits & !(0xF_u128 << 76)) | (0x7_u128 << 76);
    bits = (bits & !(0x3_u128 << 62)) | (0x2_u128 << 62);
    EntryId(format_uuid(bits).into())
}

/// A number made of a device's name (FNV-1a), to keep apart the identities two devices make
/// with a fixed clock.
pub(super) fn salt(device: &str) -> i64 {
    let hash = device.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    i64::from_ne_bytes(hash.to_ne_bytes())
}

/// A UUID in its usual form: 8-4-4-4-12 lowercase hex digits.
pub(super) fn format_uuid(bits: u128) -> String {
    let hex = format!("{bits:032x}");
    let mut out = String::with_capacity(36);
    for (i, range) in [(0, 8), (8, 12), (12, 16), (16, 20), (20, 32)]
        .into_iter()
        .enumerate()
    {
        if i > 0 {
            out.push('-');
        }
        let _ = write!(out, "{}", &hex[range.0..range.1]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identities_are_version_7_uuids_in_time_order() {
        let a = mint("2026-11-29T20:00:00Z", None);
        let b = mint("2026-11-29T20:00:01Z", None);
        assert!(EntryId::is_well_formed(a.as_str()), "{a}");
        assert_eq!(&a.as_str()[14..15], "7");
        assert!(matches!(&a.as_str()[19..20], "8" | "9" | "a" | "b"));
        assert!(a < b);
        assert_ne!(mint("2026-11-29T20:00:00Z", None), a);
    }

    #[test]
    fn a_fixed_clock_gives_the_same_identities_for_the_same_places() {
        let at = "2026-11-29T12:00:00Z";
        assert_eq!(mint(at, Some((1, 5))), mint(at, Some((1, 5))));
        assert_ne!(mint(at, Some((1, 5))), mint(at, Some((1, 6))));
        assert_ne!(mint(at, Some((1, 5))), mint(at, Some((2, 5))));
    }
}
