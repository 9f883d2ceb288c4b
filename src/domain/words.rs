//! Names in a sentence.

/// "A", "A or B", "A, B or C": names to choose from, in a sentence.
pub fn one_of(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// "A", "A and B", "A, B and C": every one of the names, in a sentence.
pub fn all_of(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
