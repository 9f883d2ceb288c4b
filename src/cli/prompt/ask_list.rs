//! Lists on the terminal: one option picked with the arrows, its number, or by typing part
//! of it (every list of the form searches; a short one still takes a digit first), a value
//! none of the options holds being checked as typed (a new person); `<` alone goes back
//! one question, as where one types; and options ticked with the space bar. A name typed is found as
//! the flags find it (`matching`); one they would refuse as ambiguous shows every option it
//! could be with none highlighted, so that Enter takes none of them unchosen.

use dialoguer::console::Key;

use super::ask::{Ask, BACK, Frame, Reply, failed, line};
use crate::cli::error::CliError;
use crate::ledger::form::{Answer, Kind, Offered, Step, matching};

/// The most options shown at once.
const SHOWN: usize = 12;

/// A list to pick one option from.
pub(super) struct List<'a> {
    pub(super) prompt: &'a str,
    pub(super) options: &'a [Offered],
    /// The value highlighted to start with.
    pub(super) default: &'a str,
    /// The step whose options typing searches.
    pub(super) search: Option<&'a Step>,
    /// Whether a digit, pressed before any letter, picks the option of that number.
    pub(super) numbered: bool,
    /// The words for a value typed that no option holds, when one may be new.
    pub(super) new: Option<&'a str>,
}

/// The number a digit picks an option by: the one its words start with ("5. Change …"),
/// else its place in a list that numbers none.
fn number(options: &[Offered], i: usize) -> Option<usize> {
    let numbered = |o: &Offered| {
        let (n, _) = o.label.split_once(". ")?;
        n.parse::<usize>().ok()
    };
    if options.iter().any(|o| numbered(o).is_some()) {
        numbered(&options[i])
    } else {
        Some(i + 1)
    }
}

/// The option the digits typed pick, and whether no other could still be meant.
fn by_number(options: &[Offered], digits: &str) -> Option<(usize, bool)> {
    let numbers: Vec<Option<usize>> = (0..options.len()).map(|i| number(options, i)).collect();
    let wanted: usize = digits.parse().ok()?;
    let at = numbers.iter().position(|n| *n == Some(wanted))?;
    let longer = numbers
        .iter()
        .flatten()
        .any(|n| *n != wanted && n.to_string().starts_with(digits));
    Some((at, !longer))
}

/// The rows a list shows for what is typed: the options found (value, words), and a
/// value typed that none holds, when one may be new; and the row highlighted once it is
/// typed: the first, or none where the name could be several options.
fn rows(list: &List<'_>, typed: &str) -> (Vec<(String, String)>, Option<usize>) {
    let Some(step) = list.search else {
        let rows = list
            .options
            .iter()
            .map(|o| (o.value.clone(), o.label.clone()))
            .collect();
        return (rows, Some(0));
    };
    let found = matching(step, typed);
    let mut rows: Vec<(String, String)> = found
        .order
        .iter()
        .map(|&i| (list.options[i].value.clone(), list.options[i].label.clone()))
        .collect();
    let typed = typed.trim();
    let named =
        |o: &Offered| crate::domain::person_key(&o.label) == crate::domain::person_key(typed);
    if let Some(new) = list.new
        && !typed.is_empty()
        && found.meant.is_none()
        && !list.options.iter().any(named)
    {
        rows.push((typed.to_string(), format!("{typed} ({new})")));
    }
    (rows, (!found.ambiguous).then_some(0))
}

/// What an answer checked gives: the answer as kept and its words, or why not.
type Checked = Result<(Answer, String), String>;

/// Where a list is: what is typed, the digits pressed, the row highlighted (none until
/// one is chosen, where the name typed could be several), and whether the text changed
/// since the rows were found.
struct Picking {
    typed: String,
    digits: String,
    at: Option<usize>,
    retyped: bool,
}

impl Picking {
    /// What a key does: the value it picks, if it picks one.
    fn press(&mut self, list: &List<'_>, rows: &[(String, String)], key: Key) -> Option<String> {
        if !matches!(key, Key::Char(c) if c.is_ascii_digit()) {
            self.digits.clear();
        }
        let count = rows.len().max(1);
        match key {
            Key::ArrowUp | Key::BackTab => {
                self.at = Some(self.at.map_or(count - 1, |at| (at + count - 1) % count));
            }
            Key::ArrowDown | Key::Tab => self.at = Some(self.at.map_or(0, |at| (at + 1) % count)),
            Key::Enter => {
                // Nothing highlighted: the text as typed, which the form checks.
                return self
                    .at
                    .and_then(|at| rows.get(at))
                    .map(|(value, _)| value.clone())
                    .or_else(|| (!self.typed.trim().is_empty()).then(|| self.typed.clone()));
            }
            Key::Char(c) if c.is_ascii_digit() && list.numbered && self.typed.is_empty() => {
                self.digits.push(c);
                let Some((i, only)) = by_number(list.options, &self.digits) else {
                    self.digits.clear();
                    return None;
                };
                self.at = Some(i);
                return only.then(|| list.options[i].value.clone());
            }
            Key::Backspace if list.search.is_some() => {
                self.typed.pop();
                self.retyped = true;
            }
            Key::Char(c) if list.search.is_some() && !c.is_control() => {
                self.typed.push(c);
                self.retyped = true;
            }
            _ => {}
        }
        None
    }
}

impl Ask {
    /// A step that picks one option (a choice, or a search).
    pub(super) fn list(
        &self,
        step: &Step,
        error: Option<String>,
        check: &dyn Fn(&Answer) -> Result<Answer, String>,
    ) -> Result<Reply, CliError> {
        let list = List {
            prompt: &step.prompt,
            options: &step.options,
            default: step.default.one(),
            search: Some(step),
            numbered: step.kind == Kind::Choice,
            new: step.new,
        };
        self.pick(&list, error, &|answer| {
            let kept = check(answer)?;
            let said = step.said(&kept);
            Ok((kept, said))
        })
    }

    /// One option of a menu that is not a step of the form; `None` on Esc.
    pub(super) fn menu(
        &self,
        prompt: &str,
        items: &[String],
        default: usize,
    ) -> Result<Option<usize>, CliError> {
        let options: Vec<Offered> = items
            .iter()
            .enumerate()
            .map(|(i, item)| Offered::new(i.to_string(), item.clone()))
            .collect();
        let list = List {
            prompt,
            options: &options,
            default: &default.to_string(),
            search: None,
            numbered: true,
            new: None,
        };
        let reply = self.pick(&list, None, &|answer| {
            let said = options
                .iter()
                .find(|o| o.value == answer.one())
                .map_or_else(String::new, |o| o.label.clone());
            Ok((answer.clone(), said))
        })?;
        Ok(match reply {
            Reply::Answer(answer) => answer.one().parse().ok(),
            Reply::Back => None,
        })
    }

    /// Picks one option of `list` until `check` takes it (with the words it is said in).
    fn pick(
        &self,
        list: &List<'_>,
        mut error: Option<String>,
        check: &dyn Fn(&Answer) -> Checked,
    ) -> Result<Reply, CliError> {
        let start = list.options.iter().position(|o| o.value == list.default);
        // A default none of the options holds (someone new, named before) starts typed.
        let typed = match (start, list.new) {
            (None, Some(_)) => list.default.to_string(),
            _ => String::new(),
        };
        let mut picking = Picking {
            typed,
            digits: String::new(),
            at: Some(start.unwrap_or(0)),
            retyped: false,
        };
        let mut frame = Frame::new(&self.term);
        self.term.hide_cursor().map_err(failed)?;
        loop {
            let (rows, first) = rows(list, &picking.typed);
            if picking.retyped {
                picking.at = first;
                picking.retyped = false;
            }
            picking.at = picking.at.map(|at| at.min(rows.len().saturating_sub(1)));
            let mut lines = vec![self.header(list, &picking.typed)];
            lines.extend(error.iter().map(|e| self.error(e)));
            let top = picking.at.unwrap_or(0).saturating_sub(SHOWN - 1);
            for (i, (_, label)) in rows.iter().enumerate().skip(top).take(SHOWN) {
                let active = picking.at == Some(i);
                lines.push(line(|f| {
                    self.theme.format_select_prompt_item(f, label, active)
                }));
            }
            frame.draw_rows(&lines).map_err(failed)?;
            let key = self.key()?;
            let back = key == Key::Enter && list.search.is_some() && picking.typed.trim() == BACK;
            if key == Key::Escape || back {
                let asked = line(|f| self.theme.format_select_prompt(f, list.prompt));
                frame.done(asked).map_err(failed)?;
                return Ok(Reply::Back);
            }
            let Some(value) = picking.press(list, &rows, key) else {
                continue;
            };
            match check(&Answer::One(value)) {
                Ok((kept, said)) => {
                    let done = line(|f| {
                        self.theme
                            .format_input_prompt_selection(f, list.prompt, &said)
                    });
                    frame.done(done).map_err(failed)?;
                    return Ok(Reply::Answer(kept));
                }
                Err(why) => error = Some(why),
            }
        }
    }

    /// The question above a list: with what is typed, where typing searches (a numbered
    /// list once a letter is typed).
    fn header(&self, list: &List<'_>, typed: &str) -> String {
        if list.search.is_some() && !(list.numbered && typed.is_empty()) {
            line(|f| {
                self.theme
                    .format_fuzzy_select_prompt(f, list.prompt, typed, typed.len())
            })
        } else {
            line(|f| self.theme.format_select_prompt(f, list.prompt))
        }
    }

    /// A step that ticks any of its options: space ticks, Enter goes on.
    pub(super) fn tick(
        &self,
        step: &Step,
        check: &dyn Fn(&Answer) -> Result<Answer, String>,
    ) -> Result<Reply, CliError> {
        let ticked_at_first = step.default.many();
        let mut ticked: Vec<bool> = step
            .options
            .iter()
            .map(|o| ticked_at_first.contains(&o.value))
            .collect();
        let mut at = 0;
        let mut error: Option<String> = None;
        let mut frame = Frame::new(&self.term);
        self.term.hide_cursor().map_err(failed)?;
        loop {
            let mut lines = vec![line(|f| {
                self.theme.format_multi_select_prompt(f, &step.prompt)
            })];
            lines.extend(error.iter().map(|e| self.error(e)));
            for (i, option) in step.options.iter().enumerate() {
                lines.push(line(|f| {
                    self.theme
                        .format_multi_select_prompt_item(f, &option.label, ticked[i], i == at)
                }));
            }
            frame.draw_rows(&lines).map_err(failed)?;
            match self.key()? {
                Key::Escape => {
                    frame.done(lines[0].clone()).map_err(failed)?;
                    return Ok(Reply::Back);
                }
                Key::ArrowUp | Key::BackTab => at = (at + ticked.len() - 1) % ticked.len(),
                Key::ArrowDown | Key::Tab => at = (at + 1) % ticked.len(),
                Key::Char(' ') => ticked[at] = !ticked[at],
                Key::Enter => {
                    let values = step
                        .options
                        .iter()
                        .zip(&ticked)
                        .filter(|(_, t)| **t)
                        .map(|(o, _)| o.value.clone())
                        .collect();
                    match check(&Answer::Many(values)) {
                        Ok(kept) => {
                            let said: Vec<String> = kept
                                .many()
                                .iter()
                                .map(|v| step.said(&Answer::One(v.clone())))
                                .collect();
                            let said: Vec<&str> = said.iter().map(String::as_str).collect();
                            let done = line(|f| {
                                self.theme.format_multi_select_prompt_selection(
                                    f,
                                    &step.prompt,
                                    &said,
                                )
                            });
                            frame.done(done).map_err(failed)?;
                            return Ok(Reply::Answer(kept));
                        }
                        Err(why) => error = Some(why),
                    }
                }
                _ => {}
            }
        }
    }
}
