//! Messages for the person, not data: to stderr.

/// Says something on stderr; what it repeats of stored text never sends a control
/// character raw.
pub(super) fn say(text: &str) {
    eprintln!("{}", crate::render::terminal::clean(text));
}
