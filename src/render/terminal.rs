//! Text for a terminal: what chronicle prints on stderr (and stored text it repeats)
//! never sends a control character raw, nor a control of the direction of text (which
//! would turn what follows it around: another device's name could make a line read
//! otherwise than it is).

use std::fmt::Write as _;

use crate::domain::vocabulary::names::is_direction_control;

/// Whether a character is shown escaped on a terminal (line breaks and tabs aside).
fn unsafe_char(c: char) -> bool {
    c.is_control() || is_direction_control(c)
}

/// The longest piece of quoted input a message repeats whole.
const QUOTED_MAX: usize = 80;

/// A message as it can safely go to a terminal: control characters someone typed are shown
/// escaped (`\u{1b}`), never sent raw, and a long piece of quoted input is shortened.
pub(crate) fn printable(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    for (index, piece) in message.split('"').enumerate() {
        if index > 0 {
            out.push('"');
        }
        let quoted = index % 2 == 1;
        let count = piece.chars().count();
        if quoted && count > QUOTED_MAX {
            let head: String = piece.chars().take(QUOTED_MAX / 2).collect();
            let tail: String = piece.chars().skip(count - QUOTED_MAX / 4).collect();
            out.push_str(&escaped(&head));
            let _ = write!(
                out,
                "…({} characters)…",
                count - QUOTED_MAX / 2 - QUOTED_MAX / 4
            );
            out.push_str(&escaped(&tail));
        } else {
            out.push_str(&escaped(piece));
        }
    }
    out
}

fn escaped(text: &str) -> String {
    text.chars()
        .map(|c| {
            if unsafe_char(c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Text as it may go to a terminal, keeping its line breaks and tabs: every other control
/// character (ESC, BEL, NUL, …) and every control of the direction of text is shown
/// escaped (`\u{1b}`, `\u{202e}`). Stored text goes through this
/// wherever it is printed, so a bad byte an older chronicle or another program stored never
/// reaches a terminal raw.
pub fn clean(text: &str) -> std::borrow::Cow<'_, str> {
    let shown_escaped = |c: char| unsafe_char(c) && c != '\n' && c != '\t';
    let fast = text
        .bytes()
        .all(|b| (b >= 0x20 && b != 0x7f && b < 0x80) || b == b'\n' || b == b'\t');
    if fast || !text.chars().any(shown_escaped) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| {
                if shown_escaped(c) {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_lines_kept() {
        assert_eq!(clean("plain, Офигеназия"), "plain, Офигеназия");
        assert_eq!(clean("two\nlines\tand a tab"), "two\nlines\tand a tab");
        assert_eq!(
            clean("x\u{1b}]0;TITLE\u{7}\u{1b}[2J\0"),
            "x\\u{1b}]0;TITLE\\u{7}\\u{1b}[2J\\u{0}"
        );
        assert_eq!(clean("c1 \u{9b}31m"), "c1 \\u{9b}31m");
        assert!(!printable("a \u{1b}[31m red").contains('\u{1b}'));
        assert_eq!(clean("Ann\u{202e}txt"), "Ann\\u{202e}txt");
        assert_eq!(printable("\"b\u{2066}\""), "\"b\\u{2066}\"");
    }
}
