//! The clock a game was dated by: the device that wrote it and the day that device's clock
//! said when it did. The games of a campaign follow one another in the order of the log;
//! their dates come from each device's own clock, which may be days off another's (rules
//! §6i, "Dates from several clocks").

use chrono::NaiveDate;

/// The device that wrote an entry, when its record names one (a database that never synced
/// names none), and the day that device's clock said when it wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatedBy {
    pub device: Option<String>,
    pub day: NaiveDate,
}

impl DatedBy {
    /// The clock of a record written by `device` at `recorded_at` (RFC 3339); none when the
    /// moment does not read as one.
    pub fn new(device: Option<&str>, recorded_at: &str) -> Option<DatedBy> {
        let day = chrono::DateTime::parse_from_rfc3339(recorded_at)
            .ok()?
            .date_naive();
        Some(DatedBy {
            device: device.map(str::to_string),
            day,
        })
    }

    /// Whether a game dated `date` on this clock may follow one dated `previous` on
    /// `before`'s: only when another device wrote the game before, and the date is
    /// earlier by no more days than that device's clock was ahead of this one's when each
    /// wrote, and one day more (a game may be dated the day after its recording day where
    /// the group's time zone is ahead of UTC). Two games of one device, or of a database
    /// that never synced, keep their dates in order.
    pub fn skew_explains(&self, before: &DatedBy, previous: NaiveDate, date: NaiveDate) -> bool {
        let other_device = matches!(
            (&self.device, &before.device),
            (Some(this), Some(that)) if this != that
        );
        let ahead = (before.day - self.day).num_days().max(0);
        other_device && (previous - date).num_days() <= ahead + 1
    }
}

#[cfg(test)]
mod tests {
    use super::DatedBy;
    use chrono::NaiveDate;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("a date")
    }

    fn by(device: Option<&str>, at: &str) -> DatedBy {
        DatedBy::new(device, at).expect("a moment")
    }

    #[test]
    fn a_clock_behind_another_devices_may_date_a_game_before_its_last() {
        let ahead = by(Some("phone"), "2026-11-30T20:00:00Z");
        let behind = by(Some("laptop"), "2026-11-26T21:00:00Z");
        let previous = day("2026-11-30");
        assert!(behind.skew_explains(&ahead, previous, day("2026-11-26")));
        // Further back than the clocks are apart, and a day: refused.
        assert!(!behind.skew_explains(&ahead, previous, day("2026-11-24")));
    }

    #[test]
    fn a_game_dated_tomorrow_where_the_group_is_leaves_tonight_open() {
        let east = by(Some("phone"), "2026-11-29T23:30:00Z");
        let here = by(Some("laptop"), "2026-11-29T23:45:00Z");
        assert!(here.skew_explains(&east, day("2026-11-30"), day("2026-11-29")));
        assert!(!here.skew_explains(&east, day("2026-11-30"), day("2026-11-28")));
    }

    #[test]
    fn one_clock_keeps_its_dates_in_order() {
        let first = by(Some("laptop"), "2026-11-30T20:00:00Z");
        let second = by(Some("laptop"), "2026-11-26T21:00:00Z");
        assert!(!second.skew_explains(&first, day("2026-11-30"), day("2026-11-29")));
        let unsynced = by(None, "2026-11-26T21:00:00Z");
        assert!(!unsynced.skew_explains(&first, day("2026-11-30"), day("2026-11-29")));
        let before_unsynced = by(None, "2026-11-30T20:00:00Z");
        assert!(!first.skew_explains(&before_unsynced, day("2026-11-30"), day("2026-11-29")));
    }
}
