//! Completion that gives a line that runs, in each shell. Bash hands over the line typed so
//! far; chronicle reads its words as bash will (quotes and backslashes taken out, so that
//! `--campaign "Friday group"` is one word), completes the last one, and gives back only
//! what bash replaces (the text after a `=` or `:`, which bash treats as word breaks),
//! escaped for where the cursor is: `Enclave\ of\ the\ Bear` after `Enc`, `Enclave of the
//! Bear` inside an open `"`. Zsh and fish hand over words as typed (`"Western Aus`,
//! `North\ A`): their quotes and backslashes are taken out before the names are matched,
//! and the shell quotes what it inserts itself.

use std::ffi::OsString;
use std::io::Write;

use clap_complete::env::EnvCompleter;

/// The bash adapter of `COMPLETE=bash chronicle`.
pub(super) struct Bash;

/// A shell's own adapter (zsh's, fish's), given the words as they read, without the quotes
/// and backslashes they were typed with: every word for zsh, the word being typed for fish
/// (whose earlier words come unquoted already).
pub(super) struct Unquoted<S> {
    pub shell: S,
    pub every_word: bool,
}

impl<S: EnvCompleter> EnvCompleter for Unquoted<S> {
    fn name(&self) -> &'static str {
        self.shell.name()
    }

    fn is(&self, name: &str) -> bool {
        self.shell.is(name)
    }

    fn write_registration(
        &self,
        var: &str,
        name: &str,
        bin: &str,
        completer: &str,
        buf: &mut dyn Write,
    ) -> Result<(), std::io::Error> {
        self.shell
            .write_registration(var, name, bin, completer, buf)
    }

    fn write_complete(
        &self,
        cmd: &mut clap::Command,
        args: Vec<OsString>,
        current_dir: Option<&std::path::Path>,
        buf: &mut dyn Write,
    ) -> Result<(), std::io::Error> {
        let last = args.len().saturating_sub(1);
        let args: Vec<OsString> = args
            .into_iter()
            .enumerate()
            .map(|(i, arg)| {
                if self.every_word || i == last {
                    OsString::from(unquoted(&arg.to_string_lossy()))
                } else {
                    arg
                }
            })
            .collect();
        super::complete::set_words(args.clone());
        self.shell.write_complete(cmd, args, current_dir, buf)
    }
}

/// A word as typed, its quotes and backslashes taken out.
fn unquoted(word: &str) -> String {
    Line::split(word)
        .words
        .into_iter()
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The registration bash sources: NAME, BIN, COMPLETER and VAR are filled in.
const SCRIPT: &str = r#"
_chronicle_complete_NAME() {
    local IFS=$'\013'
    local _CLAP_COMPLETE_SPACE=true
    if compopt +o nospace 2> /dev/null; then
        _CLAP_COMPLETE_SPACE=false
    fi
    COMPREPLY=( $( \
        _CLAP_IFS="$IFS" \
        _CHRONICLE_LINE="${COMP_LINE:0:COMP_POINT}" \
        _CHRONICLE_WORD="$2" \
        VAR="bash" \
        COMPLETER -- BIN \
    ) )
    if [[ $? != 0 ]]; then
        unset COMPREPLY
    elif [[ $_CLAP_COMPLETE_SPACE == false ]] && [[ "${COMPREPLY-}" =~ [=/:@]$ ]]; then
        compopt -o nospace
    fi
}
if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -o nospace -o bashdefault -o nosort -F _chronicle_complete_NAME BIN
else
    complete -o nospace -o bashdefault -F _chronicle_complete_NAME BIN
fi
"#;

impl EnvCompleter for Bash {
    fn name(&self) -> &'static str {
        "bash"
    }

    fn is(&self, name: &str) -> bool {
        name == "bash"
    }

    fn write_registration(
        &self,
        var: &str,
        name: &str,
        bin: &str,
        completer: &str,
        buf: &mut dyn Write,
    ) -> Result<(), std::io::Error> {
        let script = SCRIPT
            .replace("NAME", &name.replace('-', "_"))
            .replace("BIN", bin)
            .replace("COMPLETER", &single_quoted(completer))
            .replace("VAR", var);
        writeln!(buf, "{script}")
    }

    fn write_complete(
        &self,
        cmd: &mut clap::Command,
        _args: Vec<OsString>,
        current_dir: Option<&std::path::Path>,
        buf: &mut dyn Write,
    ) -> Result<(), std::io::Error> {
        let line = std::env::var("_CHRONICLE_LINE").unwrap_or_default();
        let replaced = std::env::var("_CHRONICLE_WORD").unwrap_or_default();
        let ifs = std::env::var("_CLAP_IFS").unwrap_or_else(|_| "\n".to_string());
        let typed = Line::split(&line);
        let current = typed.words.last().cloned().unwrap_or_default();
        let kept = current.len() - typed.unquoted(&replaced, &current).len();
        super::complete::set_words(typed.words.iter().map(OsString::from).collect());
        let index = typed.words.len() - 1;
        let args = typed.words.iter().map(OsString::from).collect();
        let candidates = clap_complete::engine::complete(cmd, args, index, current_dir)?;
        let replies: Vec<String> = candidates
            .iter()
            .map(|c| c.get_value().to_string_lossy().into_owned())
            .filter(|value| value.get(..kept) == Some(&current[..kept]))
            .map(|value| typed.escaped(&value[kept..]))
            .collect();
        write!(buf, "{}", replies.join(&ifs))
    }
}

/// A command line as bash reads it: its words, quotes and backslashes taken out (the last
/// one the word being typed, empty after a space), and the quote left open at its end.
#[derive(Debug, PartialEq, Eq)]
struct Line {
    words: Vec<String>,
    open: Option<char>,
}

impl Line {
    fn split(line: &str) -> Line {
        let mut words = Vec::new();
        let mut word = String::new();
        let mut open = None;
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            match (open, c) {
                (Some('\''), '\'') | (Some(_), '"') => open = None,
                (Some('"'), '\\') => match chars.next() {
                    Some(next @ ('$' | '`' | '"' | '\\')) => word.push(next),
                    Some(next) => {
                        word.push('\\');
                        word.push(next);
                    }
                    None => word.push('\\'),
                },
                (None, ' ' | '\t' | '\n') => {
                    if !word.is_empty() {
                        words.push(std::mem::take(&mut word));
                    }
                }
                (None, '\'' | '"') => open = Some(c),
                (None, '\\') => word.extend(chars.next()),
                (_, c) => word.push(c),
            }
        }
        words.push(word);
        Line { words, open }
    }

    /// The text of `replaced` (the end of the word being typed, as bash gives it: escaped,
    /// without the opening quote) with its quotes and escapes taken out; all of `current`
    /// when it is not the end of it.
    fn unquoted<'a>(&self, replaced: &str, current: &'a str) -> &'a str {
        let reopened = match self.open {
            Some(quote) => format!("{quote}{replaced}"),
            None => replaced.to_string(),
        };
        let text = Line::split(&reopened).words.pop().unwrap_or_default();
        current
            .strip_suffix(text.as_str())
            .map_or(current, |kept| &current[kept.len()..])
    }

    /// `text` as typed where the line ends: inside the quote left open, or escaped with
    /// backslashes.
    fn escaped(&self, text: &str) -> String {
        match self.open {
            Some('\'') => text.replace('\'', r"'\''"),
            Some(_) => text.chars().fold(String::new(), |mut out, c| {
                if matches!(c, '"' | '\\' | '$' | '`') {
                    out.push('\\');
                }
                out.push(c);
                out
            }),
            None => text.chars().fold(String::new(), |mut out, c| {
                if c.is_whitespace() || "\"'\\$`!&;|()<>*?[]{}#~".contains(c) {
                    out.push('\\');
                }
                out.push(c);
                out
            }),
        }
    }
}

/// A path in single quotes, for the script.
fn single_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::Line;

    fn words(line: &str) -> Vec<String> {
        Line::split(line).words
    }

    #[test]
    fn a_line_is_read_as_bash_reads_it() {
        assert_eq!(
            words("chronicle --campaign \"Friday group\" history --faction Enc"),
            [
                "chronicle",
                "--campaign",
                "Friday group",
                "history",
                "--faction",
                "Enc"
            ]
        );
        assert_eq!(words("chronicle board "), ["chronicle", "board", ""]);
        assert_eq!(words(r"a Enclave\ o"), ["a", "Enclave o"]);
        assert_eq!(words(r#"a "x \"y\" \z"#), ["a", r#"x "y" \z"#]);
        assert_eq!(Line::split("a 'Friends").open, Some('\''));
        assert_eq!(Line::split("a Friends").open, None);
        assert_eq!(super::unquoted("\"Western Aus"), "Western Aus");
        assert_eq!(super::unquoted(r"North\ A"), "North A");
        assert_eq!(super::unquoted("'Friends'\\''"), "Friends'");
        assert_eq!(super::unquoted(""), "");
    }

    #[test]
    fn only_what_bash_replaces_is_given_back_escaped_for_where_the_cursor_is() {
        let plain = Line::split("chronicle history --faction Enc");
        assert_eq!(plain.unquoted("Enc", "Enc"), "Enc");
        assert_eq!(
            plain.escaped("Enclave of the Bear"),
            r"Enclave\ of\ the\ Bear"
        );
        let player = Line::split("chronicle game log --player Ann=kh");
        assert_eq!(player.unquoted("kh", "Ann=kh"), "kh");
        let escaped = Line::split(r"chronicle history --faction Enclave\ o");
        assert_eq!(escaped.unquoted(r"Enclave\ o", "Enclave o"), "Enclave o");
        let double = Line::split("chronicle history --faction \"Enc");
        assert_eq!(double.escaped("Say \"$1\""), r#"Say \"\$1\""#);
        let single = Line::split("chronicle import x --as 'Fr");
        assert_eq!(single.escaped("Friends' Earth"), r"Friends'\'' Earth");
        assert_eq!(plain.escaped("Friends' Earth"), r"Friends\'\ Earth");
    }
}
