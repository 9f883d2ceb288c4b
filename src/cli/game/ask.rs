//! Questions on the terminal (dialoguer), for the guided `game log`. Esc on a choice, or
//! `<` alone at a question that takes text, goes back (the error of kind `Stopped`, which
//! the guided flow turns into a step back); Ctrl-C anywhere stops.

use dialoguer::theme::{ColorfulTheme, SimpleTheme, Theme};
use dialoguer::{Confirm, FuzzySelect, Input, MultiSelect, Select};

use crate::cli::context::Context;
use crate::cli::error::CliError;

/// Typed alone at a question that takes text: go back one step.
const BACK: &str = "<";

pub(super) struct Ask {
    theme: Box<dyn Theme>,
}

fn failed(error: dialoguer::Error) -> CliError {
    let dialoguer::Error::IO(io) = &error;
    if io.kind() == std::io::ErrorKind::Interrupted {
        return CliError::interrupted();
    }
    CliError::input(format!("The question could not be asked: {error}"))
}

impl Ask {
    pub(super) fn new(context: &Context) -> Ask {
        let theme: Box<dyn Theme> = if context.terminal.colour.stderr {
            Box::new(ColorfulTheme::default())
        } else {
            Box::new(SimpleTheme)
        };
        Ask { theme }
    }

    /// One of `items` (Esc stops).
    pub(super) fn choose(
        &self,
        prompt: &str,
        items: &[String],
        default: usize,
    ) -> Result<usize, CliError> {
        Select::with_theme(self.theme.as_ref())
            .with_prompt(prompt)
            .items(items)
            .default(default)
            .interact_opt()
            .map_err(failed)?
            .ok_or_else(CliError::stopped)
    }

    /// One of `items`, found by typing part of it (Esc stops).
    pub(super) fn search(&self, prompt: &str, items: &[String]) -> Result<usize, CliError> {
        FuzzySelect::with_theme(self.theme.as_ref())
            .with_prompt(prompt)
            .items(items)
            .default(0)
            .max_length(12)
            .interact_opt()
            .map_err(failed)?
            .ok_or_else(CliError::stopped)
    }

    /// Yes or no, confirmed with Enter, so the Enter after "y" never answers the next
    /// question (Esc goes back).
    pub(super) fn confirm(&self, prompt: &str, default: bool) -> Result<bool, CliError> {
        Confirm::with_theme(self.theme.as_ref())
            .with_prompt(prompt)
            .default(default)
            .wait_for_newline(true)
            .interact_opt()
            .map_err(failed)?
            .ok_or_else(CliError::stopped)
    }

    /// Free text; `default` when Enter is pressed on nothing.
    pub(super) fn text(&self, prompt: &str, default: &str) -> Result<String, CliError> {
        self.validated_text(prompt, default, |_| Ok(()))
    }

    /// Text checked by `check`, asked again until it passes; `<` alone goes back.
    pub(super) fn validated_text(
        &self,
        prompt: &str,
        default: &str,
        mut check: impl FnMut(&String) -> Result<(), String>,
    ) -> Result<String, CliError> {
        let mut input = Input::<String>::with_theme(self.theme.as_ref())
            .with_prompt(prompt)
            .allow_empty(true)
            .validate_with(move |text: &String| {
                if text.trim() == BACK {
                    return Ok(());
                }
                check(text)
            });
        if !default.is_empty() {
            input = input.default(default.to_string());
        }
        let text = input.interact_text().map_err(failed)?;
        if text.trim() == BACK {
            return Err(CliError::stopped());
        }
        Ok(text)
    }

    /// Several of `items`, each given with whether it starts ticked (Esc stops).
    pub(super) fn tick(
        &self,
        prompt: &str,
        items: &[(String, bool)],
    ) -> Result<Vec<usize>, CliError> {
        if items.is_empty() {
            return Ok(Vec::new());
        }
        MultiSelect::with_theme(self.theme.as_ref())
            .with_prompt(prompt)
            .items_checked(items.iter().map(|(item, ticked)| (item.as_str(), *ticked)))
            .interact_opt()
            .map_err(failed)?
            .ok_or_else(CliError::stopped)
    }
}
