//! Messages for the person, not data: to stderr.

/// Says something on stderr; what it repeats of stored text never sends a control
/// character raw.
pub(super) fn say(text: &str) {
    eprintln!("{}", crate::render::terminal::clean(text));
}

/// Warns on stderr ("warning: …", in yellow where colour is on): something was set aside
/// and the command goes on.
pub(super) fn warn(colour: bool, text: &str) {
    let style = super::colour::WARNING;
    super::colour::to_stderr(
        colour,
        &format!(
            "{style}warning:{style:#} {}\n",
            crate::render::terminal::printable(text)
        ),
    );
}
