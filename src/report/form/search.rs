//! Finding options by what is typed: a name folded (case and accents ignored) found at the
//! start of an option's words, at the start of one of its words, or inside them (each word
//! typed, when several are); the best first, in the order offered within each. Letters
//! scattered through an option do not find it: a name typed whole that no option holds
//! finds none, so that Enter gives it as typed (a new person, a territory to check). An
//! option in brackets ("(that is everyone)", "(not recorded)") names nobody and nothing: it
//! is offered while nothing is typed, and typing never finds it (so "Eve" is not
//! "everyone").

use super::Offered;
use crate::domain::names::fold;

/// How well `typed` (folded, and each word of it folded) finds `words`: lower is better;
/// none when it does not.
fn rank(words: &str, typed: &str, typed_words: &[String]) -> Option<u8> {
    let folded = fold(words);
    if folded == typed {
        return Some(0);
    }
    if folded.starts_with(typed) {
        return Some(1);
    }
    let starts = words
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| fold(word).starts_with(typed));
    if starts {
        return Some(2);
    }
    if folded.contains(typed) {
        return Some(3);
    }
    (typed_words.len() > 1 && typed_words.iter().all(|w| folded.contains(w.as_str()))).then_some(4)
}

/// The indexes of the options `typed` finds, best first; every option, in order, when
/// nothing is typed.
pub fn matching(options: &[Offered], typed: &str) -> Vec<usize> {
    let typed_words: Vec<String> = typed
        .split_whitespace()
        .map(fold)
        .filter(|w| !w.is_empty())
        .collect();
    let typed = fold(typed);
    if typed.is_empty() {
        return (0..options.len()).collect();
    }
    let mut found: Vec<(u8, usize)> = options
        .iter()
        .enumerate()
        .filter(|(_, o)| !o.label.starts_with('('))
        .filter_map(|(i, o)| rank(&o.label, &typed, &typed_words).map(|r| (r, i)))
        .collect();
    found.sort_unstable();
    found.into_iter().map(|(_, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(words: &[&str]) -> Vec<Offered> {
        words.iter().map(|w| Offered::plain(*w)).collect()
    }

    #[test]
    fn the_start_of_a_name_comes_before_a_name_that_holds_it() {
        let offered = options(&["Dana", "Ann", "Anna", "Joanne"]);
        assert_eq!(matching(&offered, "an"), [1, 2, 0, 3]);
    }

    #[test]
    fn a_city_or_an_alias_in_the_words_finds_its_territory() {
        let offered = options(&["Egypt: Kyro", "Eastern Canada (Quebec)", "Peru"]);
        assert_eq!(matching(&offered, "kyro"), [0]);
        assert_eq!(matching(&offered, "québec"), [1]);
    }

    #[test]
    fn a_name_nothing_holds_finds_nothing_though_its_letters_are_scattered_in_one() {
        assert!(matching(&options(&["Ann", "Bo"]), "Dee").is_empty());
        assert!(matching(&options(&["Congo (Central Africa)"]), "ontario").is_empty());
    }

    #[test]
    fn words_in_brackets_are_never_found_by_typing() {
        let offered = options(&["(that is everyone)", "Evelyn"]);
        assert_eq!(matching(&offered, "eve"), [1]);
        assert_eq!(matching(&offered, ""), [0, 1]);
    }

    #[test]
    fn each_word_typed_is_found() {
        let offered = options(&["Eastern Canada (Quebec)", "Eastern United States"]);
        assert_eq!(matching(&offered, "east can"), [0]);
    }
}
