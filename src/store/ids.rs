//! The identities of new records: UUIDs of version 7 (RFC 9562, made by the `uuid` crate),
//! the time the record was written in their first 48 bits, so that they sort in the order
//! they were made, and random bits after. With a fixed clock (`CHRONICLE_NOW`, for tests and
//! demos) the random bits come from the campaign and the record's place instead, so the same
//! commands give the same identities.

use uuid::{Builder, NoContext, Timestamp, Uuid};

use crate::domain::EntryId;

/// The identity of a record written at `at` (RFC 3339); `fixed`: the campaign's id and the
/// record's place, for a clock that is fixed.
pub fn mint(at: &str, fixed: Option<(i64, u32)>) -> EntryId {
    let moment = chrono::DateTime::parse_from_rfc3339(at).ok();
    let millis = moment.map_or(0, |t| t.timestamp_millis());
    let millis = u64::try_from(millis).unwrap_or(0) & 0xFFFF_FFFF_FFFF;
    let uuid = if let Some((campaign, seq)) = fixed {
        let mut rng = fastrand::Rng::with_seed(
            (u64::from(seq) << 32) ^ u64::from_ne_bytes(campaign.to_ne_bytes()) ^ millis,
        );
        // The 80 bits after the time: version and variant are set over 6 of them.
        let random = rng.u128(..).to_be_bytes();
        let mut bits = [0; 10];
        bits.copy_from_slice(&random[6..]);
        Builder::from_unix_timestamp_millis(millis, &bits).into_uuid()
    } else {
        let seconds = millis / 1000;
        let nanos = u32::try_from(millis % 1000).unwrap_or(0) * 1_000_000;
        Uuid::new_v7(Timestamp::from_unix(NoContext, seconds, nanos))
    };
    EntryId(uuid.hyphenated().to_string().into())
}

/// A number made of a device's name (FNV-1a), to keep apart the identities two devices make
/// with a fixed clock.
pub(super) fn salt(device: &str) -> i64 {
    let hash = device.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    i64::from_ne_bytes(hash.to_ne_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identities_are_version_7_uuids_in_time_order() {
        let a = mint("2026-11-29T20:00:00Z", None);
        let b = mint("2026-11-29T20:00:01Z", None);
        assert!(EntryId::is_well_formed(a.as_str()), "{a}");
        let parsed = Uuid::parse_str(a.as_str()).expect("a UUID");
        assert_eq!(parsed.get_version_num(), 7);
        assert_eq!(parsed.get_variant(), uuid::Variant::RFC4122);
        let (seconds, _) = parsed
            .get_timestamp()
            .expect("a version 7 UUID has a time")
            .to_unix();
        assert_eq!(
            seconds,
            u64::try_from(
                chrono::DateTime::parse_from_rfc3339("2026-11-29T20:00:00Z")
                    .expect("a time")
                    .timestamp()
            )
            .expect("after 1970")
        );
        assert!(a < b);
        assert_ne!(mint("2026-11-29T20:00:00Z", None), a);
    }

    #[test]
    fn a_fixed_clock_gives_the_same_identities_for_the_same_places() {
        let at = "2026-11-29T12:00:00Z";
        assert_eq!(mint(at, Some((1, 5))), mint(at, Some((1, 5))));
        assert_ne!(mint(at, Some((1, 5))), mint(at, Some((1, 6))));
        assert_ne!(mint(at, Some((1, 5))), mint(at, Some((2, 5))));
        // The identities a fixed clock made stay the same from one version to the next:
        // the exported demo and the tests' fixtures hold them.
        assert_eq!(
            mint(at, Some((1, 5))).as_str(),
            "01a2272d-2600-70bd-94c1-5bb309ebde9b"
        );
    }
}
