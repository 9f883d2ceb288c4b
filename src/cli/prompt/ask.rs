//! Questions on the terminal, for the guided `game log`: each step of the game form asked
//! as its kind says (a list, a list found by typing, text, yes or no, ticks), until the
//! form's check takes the answer; a refusal is said under the question, which stays. Esc
//! (or `<` alone where one types) goes back one question; Ctrl-C stops at once (`stop`).
//! Drawn on stderr with dialoguer's themes, one key at a time.

use dialoguer::console::{Key, Term, measure_text_width};
use dialoguer::theme::{ColorfulTheme, SimpleTheme, Theme};

use super::stop;
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::ledger::form::{Answer, Kind, Step};

/// Typed alone at a question that takes text, or in a list that searches: go back one
/// question.
pub(super) const BACK: &str = "<";

/// What a question ends with: an answer the check took, or a step back.
pub(super) enum Reply {
    Answer(Answer),
    Back,
}

pub(super) struct Ask {
    pub(super) theme: Box<dyn Theme>,
    pub(super) term: Term,
}

/// The lines a question has drawn, to draw it again in their place.
pub(super) struct Frame<'t> {
    term: &'t Term,
    /// Rows above the cursor's that belong to the question.
    up: usize,
}

impl<'t> Frame<'t> {
    pub(super) fn new(term: &'t Term) -> Frame<'t> {
        Frame { term, up: 0 }
    }

    fn rows(&self, lines: &[String]) -> usize {
        let columns = usize::from(self.term.size().1).max(1);
        lines
            .iter()
            .map(|line| measure_text_width(line).max(1).div_ceil(columns))
            .sum()
    }

    /// Draws `lines` in place of what was drawn, the cursor left at the end of the last
    /// (where text is typed).
    pub(super) fn draw(&mut self, lines: &[String]) -> std::io::Result<()> {
        self.put(lines, false)
    }

    /// Draws `lines` in place of what was drawn, each ending its row (a list).
    pub(super) fn draw_rows(&mut self, lines: &[String]) -> std::io::Result<()> {
        self.put(lines, true)
    }

    fn put(&mut self, lines: &[String], rows_ended: bool) -> std::io::Result<()> {
        self.term.move_cursor_up(self.up)?;
        self.term.clear_line()?;
        self.term.clear_to_end_of_screen()?;
        let mut text = lines.join("\n");
        let rows = self.rows(lines);
        self.up = if rows_ended {
            text.push('\n');
            rows
        } else {
            rows.saturating_sub(1)
        };
        self.term.write_str(&text)?;
        self.term.flush()
    }

    /// Draws the question as answered, and goes to the next line.
    pub(super) fn done(&mut self, line: String) -> std::io::Result<()> {
        self.put(&[line], true)?;
        self.up = 0;
        self.term.show_cursor()?;
        self.term.flush()
    }
}

/// The terminal failed: said as such.
pub(super) fn failed(error: std::io::Error) -> CliError {
    CliError::input(format!("The question could not be asked: {error}."))
}

/// Formats with the theme into a line.
pub(super) fn line(format: impl FnOnce(&mut dyn std::fmt::Write) -> std::fmt::Result) -> String {
    let mut text = String::new();
    let _ = format(&mut text);
    text
}

impl Ask {
    pub(super) fn new(context: &Context) -> Ask {
        let theme: Box<dyn Theme> = if context.terminal.colour.stderr {
            Box::new(ColorfulTheme::default())
        } else {
            Box::new(SimpleTheme)
        };
        Ask {
            theme,
            term: Term::buffered_stderr(),
        }
    }

    /// A key; Ctrl-C stops at once.
    pub(super) fn key(&self) -> Result<Key, CliError> {
        match self.term.read_key_raw() {
            Ok(Key::CtrlC) => {
                stop::now();
                Err(CliError::interrupted())
            }
            Ok(key) => Ok(key),
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {
                stop::now();
                Err(CliError::interrupted())
            }
            Err(error) => Err(failed(error)),
        }
    }

    /// The error line under a question.
    pub(super) fn error(&self, words: &str) -> String {
        line(|f| self.theme.format_error(f, words))
    }

    /// Asks `step` until `check` takes an answer (its refusal said under the question).
    pub(super) fn step(
        &self,
        step: &Step,
        check: impl Fn(&Answer) -> Result<Answer, String>,
    ) -> Result<Reply, CliError> {
        let again = step.again.as_ref().map(|why| format!("asked again: {why}"));
        match step.kind {
            Kind::Text => self.text(step, again, &check),
            Kind::YesNo => {
                let default = step.default.is_yes();
                let reply = self.yes_no(&step.prompt, default, again)?;
                Ok(reply.map_or(Reply::Back, |yes| Reply::Answer(Answer::yes_no(yes))))
            }
            Kind::Choice | Kind::Search => self.list(step, again, &check),
            Kind::Multi => self.tick(step, &check),
        }
    }

    fn text(
        &self,
        step: &Step,
        mut error: Option<String>,
        check: &dyn Fn(&Answer) -> Result<Answer, String>,
    ) -> Result<Reply, CliError> {
        let default = step.default.one().to_string();
        let shown = (!default.is_empty()).then_some(default.as_str());
        let mut typed = String::new();
        let mut frame = Frame::new(&self.term);
        loop {
            let mut lines: Vec<String> = error.iter().map(|e| self.error(e)).collect();
            let prompt = line(|f| self.theme.format_input_prompt(f, &step.prompt, shown));
            lines.push(format!("{prompt}{typed}"));
            frame.draw(&lines).map_err(failed)?;
            match self.key()? {
                Key::Escape => {
                    frame.done(format!("{prompt}{typed}")).map_err(failed)?;
                    return Ok(Reply::Back);
                }
                Key::Enter => {
                    let value = if typed.is_empty() { &default } else { &typed };
                    if value.trim() == BACK {
                        frame.done(format!("{prompt}{typed}")).map_err(failed)?;
                        return Ok(Reply::Back);
                    }
                    match check(&Answer::One(value.clone())) {
                        Ok(kept) => {
                            let said = step.said(&kept);
                            let done = line(|f| {
                                self.theme
                                    .format_input_prompt_selection(f, &step.prompt, &said)
                            });
                            frame.done(done).map_err(failed)?;
                            return Ok(Reply::Answer(kept));
                        }
                        Err(why) => error = Some(why),
                    }
                }
                Key::Backspace => {
                    typed.pop();
                }
                Key::Char(c) if !c.is_control() => typed.push(c),
                _ => {}
            }
        }
    }

    /// A line to type, with no default: asked until `check` takes it (its refusal said
    /// under the question); Esc, or `<` alone and Enter, goes back (`None`).
    pub(super) fn line(
        &self,
        prompt: &str,
        check: &dyn Fn(&str) -> Result<String, String>,
    ) -> Result<Option<String>, CliError> {
        let mut typed = String::new();
        let mut error: Option<String> = None;
        let mut frame = Frame::new(&self.term);
        loop {
            let mut lines: Vec<String> = error.iter().map(|e| self.error(e)).collect();
            let asked = line(|f| self.theme.format_input_prompt(f, prompt, None));
            lines.push(format!("{asked}{typed}"));
            frame.draw(&lines).map_err(failed)?;
            match self.key()? {
                Key::Escape => {
                    frame.done(format!("{asked}{typed}")).map_err(failed)?;
                    return Ok(None);
                }
                Key::Enter if typed.trim() == BACK => {
                    frame.done(format!("{asked}{typed}")).map_err(failed)?;
                    return Ok(None);
                }
                Key::Enter => match check(&typed) {
                    Ok(kept) => {
                        let done =
                            line(|f| self.theme.format_input_prompt_selection(f, prompt, &kept));
                        frame.done(done).map_err(failed)?;
                        return Ok(Some(kept));
                    }
                    Err(why) => error = Some(why),
                },
                Key::Backspace => {
                    typed.pop();
                }
                Key::Char(c) if !c.is_control() => typed.push(c),
                _ => {}
            }
        }
    }

    /// Yes or no: the letter, then Enter (so the Enter never answers the next question);
    /// Enter alone takes the default; Esc goes back at once (`None`).
    pub(super) fn yes_no(
        &self,
        prompt: &str,
        default: bool,
        error: Option<String>,
    ) -> Result<Option<bool>, CliError> {
        let mut chosen: Option<bool> = None;
        let mut frame = Frame::new(&self.term);
        loop {
            let mut lines: Vec<String> = error.iter().map(|e| self.error(e)).collect();
            let asked = line(|f| self.theme.format_confirm_prompt(f, prompt, Some(default)));
            let typed = chosen.map_or("", |yes| if yes { "y" } else { "n" });
            lines.push(format!("{asked}{typed}"));
            frame.draw(&lines).map_err(failed)?;
            match self.key()? {
                Key::Escape => {
                    frame.done(asked).map_err(failed)?;
                    return Ok(None);
                }
                Key::Enter => {
                    let yes = chosen.unwrap_or(default);
                    let done = line(|f| {
                        self.theme
                            .format_confirm_prompt_selection(f, prompt, Some(yes))
                    });
                    frame.done(done).map_err(failed)?;
                    return Ok(Some(yes));
                }
                Key::Char('y' | 'Y') => chosen = Some(true),
                Key::Char('n' | 'N') => chosen = Some(false),
                Key::Backspace => chosen = None,
                _ => {}
            }
        }
    }
}
