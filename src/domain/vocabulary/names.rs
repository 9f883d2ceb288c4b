//! Names as people type them: folding for comparison, closest matches for hints, and the
//! rules a name given to a city, a continent or a person must follow.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

use super::refusal::{NameProblem, Refusal};

/// The longest name chronicle accepts for a person, a city or a continent, in characters.
pub(crate) const MAX_NAME_CHARS: usize = 60;

/// A name folded for comparison: accents dropped, case folded, and everything that is not a
/// letter or a digit left out, so "Québec", "quebec" and "QUEBEC" compare equal, and so do
/// "Western U.S." and "western us". Letters of every script are kept.
pub fn fold(name: &str) -> String {
    folded(name).collect()
}

/// Whether `name` folds to `folded` (a name already folded), without making its folded
/// form: a name is looked up by comparing it with many.
pub(crate) fn folds_to(name: &str, folded: &str) -> bool {
    self::folded(name).eq(folded.chars())
}

/// The characters of a name folded (see `fold`): ASCII, most names, the quick way.
fn folded(name: &str) -> impl Iterator<Item = char> + '_ {
    let ascii = name.is_ascii();
    let quick = ascii.then(|| {
        name.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
    });
    let full = (!ascii).then(|| {
        name.nfd()
            .filter(|c| !is_combining_mark(*c))
            .flat_map(char::to_lowercase)
            .filter(|c| c.is_alphanumeric())
    });
    quick
        .into_iter()
        .flatten()
        .chain(full.into_iter().flatten())
}

/// A name as stored: surrounding white space trimmed and put in composed (NFC) form, so the
/// same word typed on two keyboards is stored the same way.
pub(crate) fn tidy(name: &str) -> String {
    let name = name.trim();
    // ASCII is in composed form already, and so is most text typed anywhere.
    if name.is_ascii() || is_nfc_quick(name.chars()) == IsNormalized::Yes {
        return name.to_string();
    }
    name.nfc().collect()
}

/// The candidates closest to `given`, best first, at most three.
pub fn closest<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let wanted = fold(given);
    if wanted.is_empty() {
        return Vec::new();
    }
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .filter_map(|candidate| {
            let folded = fold(candidate);
            let score = similarity(&wanted, &folded, candidate);
            (score >= 0.8).then_some((score, candidate))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    // Only the names nearly as close as the closest: "Brasil" is answered with Brazil alone.
    let best = scored.first().map_or(0.0, |s| s.0);
    let mut names: Vec<String> = Vec::new();
    for (_, name) in scored
        .into_iter()
        .take_while(|(score, _)| *score >= best - 0.08)
    {
        if !names.iter().any(|n| n == name) {
            names.push(name.to_string());
        }
        if names.len() == 3 {
            break;
        }
    }
    names
}

fn similarity(wanted: &str, folded: &str, candidate: &str) -> f64 {
    if folded.is_empty() {
        return 0.0;
    }
    let whole = strsim::jaro_winkler(wanted, folded);
    let edits = strsim::damerau_levenshtein(wanted, folded);
    let length = wanted.chars().count();
    let by_edits = if edits <= (length / 4).max(1) && edits < length {
        0.9 - 0.05 * edits as f64
    } else {
        0.0
    };
    // "africa" is close to "North Africa": a word of the candidate matches the whole input.
    let by_word = candidate
        .split_whitespace()
        .map(fold)
        .filter(|word| word.chars().count() >= 3)
        .map(|word| {
            if word == wanted {
                0.85
            } else {
                strsim::jaro_winkler(wanted, &word) * 0.9
            }
        })
        .fold(0.0, f64::max);
    whole.max(by_edits).max(by_word)
}

/// Checks a name someone gives to a person, a city, a continent or a campaign: not empty,
/// at most [`MAX_NAME_CHARS`] characters, no control characters. Returns it tidied.
pub(crate) fn valid_name(what: &'static str, name: &str) -> Result<String, Refusal> {
    let tidied = tidy(name);
    let count = tidied.chars().count();
    let problem = if tidied.is_empty() {
        Some(NameProblem::Empty)
    } else if count > MAX_NAME_CHARS {
        Some(NameProblem::TooLong {
            count,
            max: MAX_NAME_CHARS,
        })
    } else if tidied.chars().any(char::is_control) {
        Some(NameProblem::ControlCharacter)
    } else {
        None
    };
    match problem {
        Some(problem) => Err(Refusal::BadName {
            what,
            name: name.to_string(),
            problem,
        }),
        None => Ok(tidied),
    }
}

/// Checks a name given anew (typed, imported, from another device): a valid name that
/// also shows something and turns no text around (see [`shows`]). Returns it tidied.
pub(crate) fn valid_new_name(what: &'static str, name: &str) -> Result<String, Refusal> {
    let tidied = valid_name(what, name)?;
    shows(what, &tidied)?;
    Ok(tidied)
}

/// Checks a person's name given anew: see [`valid_person`] and [`shows`].
pub(crate) fn valid_new_person(name: &str) -> Result<String, Refusal> {
    let tidied = valid_person(name)?;
    shows("person's name", &tidied)?;
    Ok(tidied)
}

/// Checks that a name given anew shows something once its invisible characters are left
/// out (a name of zero-width spaces, of the braille blank or of a lone accent is no name),
/// and holds no control of the direction of text (which makes one name look like another,
/// or turns the text after it around). Names an earlier chronicle stored are read as they
/// are: this is asked of what enters the log, not of what a log holds.
pub(crate) fn shows(what: &'static str, name: &str) -> Result<(), Refusal> {
    if name.is_ascii() {
        return Ok(());
    }
    let problem = match name.chars().find(|&c| is_direction_control(c)) {
        Some(c) => NameProblem::DirectionControl(c),
        None if name.chars().all(is_invisible) => NameProblem::Invisible,
        None => return Ok(()),
    };
    Err(Refusal::BadName {
        what,
        name: name.to_string(),
        problem,
    })
}

/// The controls of the direction of text: embeddings, overrides and isolates, the marks
/// of direction, the Arabic letter mark.
pub fn is_direction_control(c: char) -> bool {
    matches!(
        c,
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{61c}'
    )
}

/// Whether a character shows nothing on its own: white space, a format character
/// (Unicode's general category Cf: zero-width spaces and joiners, the byte-order mark, the
/// soft hyphen, …), a combining mark (with nothing to sit on), or a blank letter (the
/// braille blank, the Hangul fillers).
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || is_combining_mark(c)
        || matches!(
            c,
            '\u{2800}' | '\u{3164}' | '\u{115f}' | '\u{1160}' | '\u{ffa0}'
        )
        || matches!(
            u32::from(c),
            0xad | 0x600..=0x605
                | 0x61c
                | 0x6dd
                | 0x70f
                | 0x890..=0x891
                | 0x8e2
                | 0x180e
                | 0x200b..=0x200f
                | 0x202a..=0x202e
                | 0x2060..=0x2064
                | 0x2066..=0x206f
                | 0xfeff
                | 0xfff9..=0xfffb
                | 0x110bd
                | 0x110cd
                | 0x13430..=0x1343f
                | 0x1bca0..=0x1bca3
                | 0x1d173..=0x1d17a
                | 0xe0001
                | 0xe0020..=0xe007f
        )
}

/// Whether `name` may name a device in sync: 1 to 40 letters, digits, `.`, `_` or `-`,
/// not starting with `.` or `-` (it names the device's file, which every sync tool copies).
pub fn is_device_name(name: &str) -> bool {
    (1..=40).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        && !name.starts_with(['.', '-'])
}

/// A campaign's name, checked (1 to 60 characters, no control characters, showing
/// something, no control of the direction of text) and tidied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignName(String);

impl CampaignName {
    pub fn new(name: &str) -> Result<CampaignName, Refusal> {
        valid_new_name("campaign name", name).map(CampaignName)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for CampaignName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Checks a person's name: a valid name that also leaves out `=`, `:` and `@`, the
/// characters that separate the parts of a player where a game is typed on one line.
pub(crate) fn valid_person(name: &str) -> Result<String, Refusal> {
    let tidied = valid_name("person's name", name)?;
    if let Some(c) = tidied.chars().find(|c| matches!(c, '=' | ':' | '@')) {
        return Err(Refusal::BadName {
            what: "person's name",
            name: name.to_string(),
            problem: NameProblem::Separator(c),
        });
    }
    Ok(tidied)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn a_name_folds_to_what_its_folded_form_is(
            a in "[A-Za-z .é-]{0,12}|[Ёё ЙйQu\u{301}é]{0,8}",
            b in "[A-Za-z .é-]{0,12}|[Ёё ЙйQu\u{301}é]{0,8}",
        ) {
            prop_assert!(folds_to(&a, &fold(&a)));
            prop_assert_eq!(folds_to(&a, &fold(&b)), fold(&a) == fold(&b));
        }
    }

    #[test]
    fn fold_drops_accents_case_and_punctuation() {
        assert_eq!(fold("Québec"), "quebec");
        assert_eq!(fold("Western U.S."), "westernus");
        assert_eq!(fold("Офигеназия"), "офигеназия");
        assert_eq!(fold("Čechy"), "cechy");
    }

    #[test]
    fn closest_finds_a_misspelling() {
        let names = ["Brazil", "Peru", "Argentina", "Venezuela"];
        assert_eq!(closest("Brasil", names), vec!["Brazil".to_string()]);
        assert!(closest("zzzzzz", names).is_empty());
    }

    #[test]
    fn a_new_name_shows_something_and_turns_no_text_around_while_a_kept_one_reads() {
        for name in [
            "\u{200b}",
            "\u{2800}",
            "\u{3164}",
            "\u{301}",
            "\u{feff}",
            "Ann\u{202e}",
        ] {
            // Read as it is where a log holds it; refused where it is given anew.
            assert!(valid_person(name).is_ok(), "{name:?}");
            assert!(valid_new_person(name).is_err(), "{name:?}");
        }
        assert_eq!(
            valid_new_name("city name", "Kyro\u{200d}").as_deref(),
            Ok("Kyro\u{200d}")
        );
    }

    #[test]
    fn a_device_name_is_a_safe_file_name() {
        assert!(is_device_name("annes-laptop") && is_device_name("desk.2"));
        for bad in [
            "",
            ".hidden",
            "-x",
            "a/b",
            "desk\u{1b}[2J",
            "ü",
            &"x".repeat(41),
        ] {
            assert!(!is_device_name(bad), "{bad:?}");
        }
    }

    #[test]
    fn names_are_checked_and_tidied() {
        assert_eq!(valid_name("city name", "  Kyro ").unwrap(), "Kyro");
        assert!(valid_name("city name", "   ").is_err());
        assert!(valid_name("city name", "a\u{7}b").is_err());
        assert!(valid_name("city name", &"x".repeat(61)).is_err());
        assert!(valid_person("Ann=Bear").is_err());
        assert_eq!(valid_person("Zoë").unwrap(), "Zoë");
    }
}
