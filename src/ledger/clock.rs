//! Today and now, as a write is stamped with them: the real clock, or a fixed one (the
//! command line fixes it from `CHRONICLE_NOW`, for tests and demos).

use chrono::{DateTime, NaiveDate, Utc};

use crate::store::Stamp;

/// Today and now: the real clock, or a fixed one.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub now: DateTime<Utc>,
    /// Whether the clock is fixed.
    fixed: bool,
    /// Today where the group is: the local date of the real clock, or the date the fixed
    /// clock names.
    today: NaiveDate,
}

impl Clock {
    /// The real clock, read now.
    pub fn real() -> Clock {
        let now = Utc::now();
        Clock {
            now,
            today: now.with_timezone(&chrono::Local).date_naive(),
            fixed: false,
        }
    }

    /// A clock fixed at `text`: a date (`2026-11-29`, at noon) or a moment in RFC 3339;
    /// none when it is neither.
    pub fn fixed_at(text: &str) -> Option<Clock> {
        if let Ok(now) = DateTime::parse_from_rfc3339(text) {
            return Some(Clock {
                now: now.with_timezone(&Utc),
                today: now.date_naive(),
                fixed: true,
            });
        }
        let now = NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .ok()?
            .and_hms_opt(12, 0, 0)?;
        Some(Clock {
            now: now.and_utc(),
            today: now.date(),
            fixed: true,
        })
    }

    /// The clock as it reads now: a fixed clock stays, the real one moves on (for a server
    /// that stamps writes long after it started).
    #[must_use]
    pub fn again(&self) -> Clock {
        if self.fixed { *self } else { Clock::real() }
    }

    pub fn today(&self) -> NaiveDate {
        self.today
    }

    /// Whether the clock is fixed: new records' identities are then reproducible.
    pub fn fixed(&self) -> bool {
        self.fixed
    }

    /// What a write is stamped with.
    pub fn write_stamp(&self) -> Stamp {
        Stamp {
            at: self.stamp(),
            today: self.today,
            fixed_clock: self.fixed,
            logged_by: None,
        }
    }

    /// The latest date a game from another machine may carry: a day after today, since
    /// that machine's today may be ahead of this one's.
    pub fn latest_elsewhere(&self) -> NaiveDate {
        self.today.succ_opt().unwrap_or(self.today)
    }

    /// The stored form of a moment: RFC 3339 in UTC, to the second.
    pub fn stamp(&self) -> String {
        self.now.format("%Y-%m-%dT%H:%M:%SZ").to_string()
    }
}
