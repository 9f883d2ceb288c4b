//! The ways groups write a territory's name beyond its printed name and the names players
//! use: abbreviated words ("S. Africa", "E. Australia", "N. Europe"), compass points ("SE
//! Asia", "NW Territory"), a leading "the", a plural ("Northwest Territories"), and the
//! short forms of a few ("GB", "UK"). A form that fits several territories ("the US") is
//! ambiguous, never a guess.

use crate::domain::vocabulary::names::{fold, folds_to};

/// Short forms that stand for one territory.
const SHORT_FORMS: &[(&str, &str)] = &[
    ("GB", "Great Britain"),
    ("UK", "Great Britain"),
    ("Britain", "Great Britain"),
    ("England", "Great Britain"),
    ("United Kingdom", "Great Britain"),
    ("NWT", "Northwest Territory"),
];

/// Short forms that stand for several territories: refused as ambiguous, with these.
pub(in crate::domain) const AMBIGUOUS: &[(&str, &[&str])] = &[
    ("US", &["Western United States", "Eastern United States"]),
    ("USA", &["Western United States", "Eastern United States"]),
    (
        "United States",
        &["Western United States", "Eastern United States"],
    ),
    (
        "America",
        &["Western United States", "Eastern United States"],
    ),
    ("Australia", &["Western Australia", "Eastern Australia"]),
    ("Canada", &["Eastern Canada", "Alberta", "Ontario"]),
];

/// Compass points as groups abbreviate them, with the words they stand for.
const COMPASS: &[(&str, &[&str])] = &[
    ("n", &["north", "northern"]),
    ("s", &["south", "southern"]),
    ("e", &["east", "eastern"]),
    ("w", &["west", "western"]),
    ("c", &["central"]),
    ("ne", &["northeast"]),
    ("nw", &["northwest"]),
    ("se", &["southeast"]),
    ("sw", &["southwest"]),
];

/// The words of a name, folded, a leading "the" left out.
fn words(name: &str) -> Vec<String> {
    let words: Vec<String> = name
        .split(|c: char| c.is_whitespace() || matches!(c, '.' | '-' | ','))
        .map(fold)
        .filter(|w| !w.is_empty())
        .collect();
    match words.split_first() {
        Some((first, rest)) if first == "the" && !rest.is_empty() => rest.to_vec(),
        _ => words,
    }
}

/// Two compass letters written apart are one point: "S.E. Asia" is "SE Asia".
fn compass_joined(words: Vec<String>) -> Vec<String> {
    let mut joined: Vec<String> = Vec::with_capacity(words.len());
    for word in words {
        if let Some(last) = joined.last_mut()
            && matches!(last.as_str(), "n" | "s")
            && matches!(word.as_str(), "e" | "w")
        {
            last.push_str(&word);
            continue;
        }
        joined.push(word);
    }
    joined
}

/// Whether a word typed stands for a word of the name: the word itself, its plural, a
/// compass abbreviation of it, or (for a word cut short, two letters or more) its start.
fn stands_for(typed: &str, word: &str) -> bool {
    typed == word
        || typed.strip_suffix('s') == Some(word)
        || (typed
            .strip_suffix("ies")
            .is_some_and(|stem| word.strip_suffix('y') == Some(stem)))
        || COMPASS
            .iter()
            .any(|(short, long)| *short == typed && long.contains(&word))
        || (typed.len() >= 2 && typed.len() < word.len() && word.starts_with(typed))
}

/// Whether the words typed stand for the name's words, one for one.
fn fits(typed: &[String], name: &str) -> bool {
    let name = words(name);
    typed.len() == name.len() && typed.iter().zip(&name).all(|(t, w)| stands_for(t, w))
}

/// The printed names a written form stands for, among `names` (each printed name with the
/// names players use for it): one, several (ambiguous) or none.
pub(in crate::domain) fn written<'a>(
    given: &str,
    names: impl Iterator<Item = (&'a str, &'a [&'a str])>,
) -> Vec<&'a str> {
    let wanted = fold(given);
    let without_the = words(given).concat();
    let short = SHORT_FORMS
        .iter()
        .find(|(short, _)| folds_to(short, &wanted) || fold(short) == without_the)
        .map(|(_, means)| *means);
    let typed = compass_joined(words(given));
    names
        .filter(|(printed, aliases)| match short {
            Some(means) => *printed == means,
            None => {
                !typed.is_empty()
                    && std::iter::once(*printed)
                        .chain(aliases.iter().copied())
                        .any(|name| fits(&typed, name))
            }
        })
        .map(|(printed, _)| printed)
        .collect()
}

/// The territories an ambiguous short form could mean, if it is one.
pub(in crate::domain) fn ambiguous(given: &str) -> Option<&'static [&'static str]> {
    let wanted = words(given).concat();
    AMBIGUOUS
        .iter()
        .find(|(short, _)| folds_to(short, &wanted))
        .map(|(_, means)| *means)
}
