//! A name typed at a list (the guided prompt's, the phone form's), found among its options
//! the way a game typed on one line finds it: what `find_territory`, `find_person`,
//! `find_faction`, `find_continent`, `Packet::find` or `find_scar_type` make of the text
//! decides what comes first, so that "e. aus" puts Eastern Australia on top, the territory
//! `find_territory` takes, and a name it refuses as ambiguous ("us") offers every territory
//! it could be with none of them chosen. The looser matches follow: the text at the start
//! of an option's words, at the start of one of its words, or inside them (each word typed,
//! when several are). Letters scattered through an option do not find it: a name typed
//! whole that no option holds finds none, so that Enter gives it as typed (a new person, a
//! territory to check). An option in brackets ("(that is everyone)", "(not recorded)")
//! names nobody and nothing: typing never finds it (so "Eve" is not "everyone").

use super::Campaign;
use crate::domain::vocabulary::names::fold;
use crate::domain::vocabulary::packet::Packet;
use crate::domain::vocabulary::refusal::Refusal;

/// What a list's options name, and so which look-up a name typed goes through. Each
/// option's value is the thing's name as that look-up gives it (a territory's printed or
/// given name, a person in the campaign's spelling, a faction's full name).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Names {
    Territories,
    People,
    Factions,
    Continents,
    Packets,
    ScarTypes,
    /// Words no look-up knows (an event card's name): found by their words alone.
    #[default]
    Words,
}

/// The options a name typed finds, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The indexes of the options found, best first.
    pub order: Vec<usize>,
    /// The option the name stands for (first in `order`): the one its look-up takes,
    /// or the one whose words it is. None when it stands for none of the options, or for
    /// several.
    pub meant: Option<usize>,
    /// Whether its look-up refuses the name as ambiguous: the options it could be come
    /// first, and none of them is taken without a choice.
    pub ambiguous: bool,
}

/// What a look-up makes of a name.
enum Resolved {
    One(String),
    Several(Vec<String>),
    Unknown,
}

impl Campaign {
    /// The options (value, words) a name typed finds, best first (see the module): every
    /// option, in order, when nothing is typed.
    pub fn find_among(&self, names: Names, typed: &str, options: &[(&str, &str)]) -> Found {
        let typed_words: Vec<String> = typed
            .split_whitespace()
            .map(fold)
            .filter(|w| !w.is_empty())
            .collect();
        let folded = fold(typed);
        if folded.is_empty() {
            return Found {
                order: (0..options.len()).collect(),
                ..Found::default()
            };
        }
        let mut loose: Vec<(u8, usize)> = options
            .iter()
            .enumerate()
            .filter(|(_, (_, words))| !words.starts_with('('))
            .filter_map(|(i, (_, words))| rank(words, &folded, &typed_words).map(|r| (r, i)))
            .collect();
        loose.sort_unstable();
        let position = |name: &str| options.iter().position(|(value, _)| *value == name);
        match self.resolved(names, typed) {
            Resolved::One(name) => {
                // What the look-up takes is first; when this list does not offer it, nothing
                // else stands in for it (Enter gives the text, which the rules then answer).
                let Some(at) = position(&name) else {
                    return Found::default();
                };
                let order = std::iter::once(at)
                    .chain(loose.into_iter().map(|(_, i)| i).filter(|&i| i != at))
                    .collect();
                Found {
                    order,
                    meant: Some(at),
                    ambiguous: false,
                }
            }
            Resolved::Several(candidates) => {
                let mut order: Vec<usize> = candidates.iter().filter_map(|c| position(c)).collect();
                for (_, i) in loose {
                    if !order.contains(&i) {
                        order.push(i);
                    }
                }
                Found {
                    order,
                    meant: None,
                    ambiguous: true,
                }
            }
            Resolved::Unknown => Found {
                meant: loose.first().filter(|(r, _)| *r == 0).map(|(_, i)| *i),
                order: loose.into_iter().map(|(_, i)| i).collect(),
                ambiguous: false,
            },
        }
    }

    /// What the look-up of `names` makes of the text.
    fn resolved(&self, names: Names, typed: &str) -> Resolved {
        let typed = typed.trim();
        let found: Result<String, Refusal> = match names {
            Names::Territories => self.find_territory(typed).map(|t| t.name().to_string()),
            Names::People => self.find_person(typed).map(str::to_string),
            Names::Factions => self.find_faction(typed).map(|f| f.name().to_string()),
            Names::Continents => self.find_continent(typed).map(|c| c.name().to_string()),
            Names::Packets => Packet::find(typed).map(|p| p.name().to_string()),
            Names::ScarTypes => self.find_scar_type(typed),
            Names::Words => return Resolved::Unknown,
        };
        match found {
            Ok(name) => Resolved::One(name),
            Err(Refusal::AmbiguousName { candidates, .. }) => Resolved::Several(candidates),
            Err(_) => Resolved::Unknown,
        }
    }
}

/// How well `typed` (folded, and each word of it folded) finds an option's words: lower
/// is better (0: the words themselves); none when it does not.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn found(names: Names, words: &[&str], typed: &str) -> Found {
        let options: Vec<(&str, &str)> = words.iter().map(|w| (*w, *w)).collect();
        Campaign::new().find_among(names, typed, &options)
    }

    fn order(words: &[&str], typed: &str) -> Vec<usize> {
        found(Names::Words, words, typed).order
    }

    #[test]
    fn the_start_of_a_name_comes_before_a_name_that_holds_it() {
        assert_eq!(
            order(&["Dana", "Ann", "Anna", "Joanne"], "an"),
            [1, 2, 0, 3]
        );
    }

    #[test]
    fn a_city_or_an_alias_in_the_words_finds_its_option() {
        let words = ["Egypt: Kyro", "Eastern Canada (Quebec)", "Peru"];
        assert_eq!(order(&words, "kyro"), [0]);
        assert_eq!(order(&words, "québec"), [1]);
    }

    #[test]
    fn a_name_nothing_holds_finds_nothing_though_its_letters_are_scattered_in_one() {
        assert!(order(&["Ann", "Bo"], "Dee").is_empty());
        assert!(order(&["Congo (Central Africa)"], "ontario").is_empty());
    }

    #[test]
    fn words_in_brackets_are_never_found_by_typing() {
        let words = ["(that is everyone)", "Evelyn"];
        assert_eq!(order(&words, "eve"), [1]);
        assert_eq!(order(&words, ""), [0, 1]);
    }

    #[test]
    fn each_word_typed_is_found() {
        let words = ["Eastern Canada (Quebec)", "Eastern United States"];
        assert_eq!(order(&words, "east can"), [0]);
    }

    #[test]
    fn the_words_of_an_option_typed_whole_stand_for_it() {
        let words = ["Anna", "Ann"];
        let found = found(Names::Words, &words, "ann");
        assert_eq!((found.order, found.meant), (vec![1, 0], Some(1)));
    }

    #[test]
    fn a_faction_by_its_word_is_first_and_meant() {
        let words = ["Die Mechaniker", "Enclave of the Bear", "Imperial Balkania"];
        let found = found(Names::Factions, &words, "bear");
        assert_eq!((found.order[0], found.meant), (1, Some(1)));
    }

    #[test]
    fn a_packet_by_its_word_is_first_and_meant() {
        let words: Vec<&str> = Packet::ALL.iter().map(|p| p.name()).collect();
        let missiles = Packet::find("missiles").expect("a packet");
        let found = found(Names::Packets, &words, "missiles");
        assert_eq!(found.meant.map(|i| words[i]), Some(missiles.name()));
    }
}
