//! Names in a sentence.

/// "A", "A or B", "A, B or C": names to choose from, in a sentence.
pub(crate) fn one_of(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// "A", "A and B", "A, B and C": every one of the names, in a sentence.
pub(crate) fn all_of(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A day as YYYY-MM-DD, as chrono writes it, without chrono's general formatter (which
/// cost a history row more than the rest of its cells). A year outside 0 to 9999 goes to
/// chrono.
pub(crate) fn day_text(day: chrono::NaiveDate) -> String {
    use chrono::Datelike;
    let Ok(year) = u32::try_from(day.year()) else {
        return day.to_string();
    };
    if year > 9999 {
        return day.to_string();
    }
    let mut text = String::with_capacity(10);
    for (n, places) in [(year, 4), (day.month(), 2), (day.day(), 2)] {
        if !text.is_empty() {
            text.push('-');
        }
        for place in (0..places).rev() {
            text.push(char::from_digit(n / 10u32.pow(place) % 10, 10).unwrap_or('0'));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use proptest::prelude::*;

    use super::day_text;

    proptest! {
        /// Every day is written as chrono writes it, years beyond four digits included.
        #[test]
        fn a_day_is_written_as_chrono_writes_it(days in -5_000_000i32..5_000_000) {
            let day = NaiveDate::from_num_days_from_ce_opt(days).expect("a day in chrono's range");
            prop_assert_eq!(day_text(day), day.to_string());
        }
    }

    #[test]
    fn the_first_and_last_four_digit_years_are_written_in_full() {
        for (y, m, d, text) in [
            (0, 1, 1, "0000-01-01"),
            (9999, 12, 31, "9999-12-31"),
            (2026, 2, 7, "2026-02-07"),
        ] {
            assert_eq!(
                day_text(NaiveDate::from_ymd_opt(y, m, d).expect("a day")),
                text
            );
        }
    }
}
