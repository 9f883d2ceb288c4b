//! `export --format md` escapes everything Markdown would read as markup: a campaign whose
//! names are full of it (`&amp;`, `<x>`, `*bold*`, `_u_`, `[link](y)`, code, pipes,
//! backslashes, `#`, `~strike~`, `$math$`, `^sup^`, `![image](j)`, an HTML comment) is
//! exported, read back by pandoc, and each name must come back exactly as typed, as often
//! as the report shows it. Read as GitHub Markdown and as pandoc's own Markdown (its
//! typographic quotes and dashes left off: they are typesetting, not markup). Skipped, with
//! a notice, where pandoc is not installed.

use std::process::Command;

use crate::common::{SET_UP, TestEnv};

const CAMPAIGN: &str = r"Camp &amp; <x> *b* _u_ [l](y) `c` | \ # ~s~ {#id}";
const CITY: &str = "&amp; <x> *bold* _u_ [link](y) `code` | pipe @c";
const WINNER: &str = r"| pipe \ back # hash ~strike~ <b>x</b>";
const FOUNDER: &str = "Q $x$ ^s^ {#id} 1. + <!-- --> ![i](j)";
const CONTINENT: &str = r"C &amp; <x> *b* _u_ [l](y) `c` | \ # ~s~ $m$ ^s^";
const NOTE: &str = r"*not bold* and _not_ \ `either` <i>x</i> &lt;";

/// The report of a campaign of one game whose names are all markup.
fn messy_report() -> String {
    let env = TestEnv::new();
    env.ok(&["init", CAMPAIGN]);
    for args in SET_UP {
        env.ok(args);
    }
    let winner = format!("{WINNER}=bear:won");
    let founder = format!("{FOUNDER}=saharan:held-on");
    let city = format!("{FOUNDER}:Alaska={CITY}");
    let continent = format!("South America={CONTINENT}");
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-10",
        "--player",
        &winner,
        "--player",
        "Bo=khan:held-on",
        "--player",
        &founder,
        "--minor-city",
        &city,
        "--name-continent",
        &continent,
        "--note",
        NOTE,
    ]);
    env.ok(&["export", "--format", "md"]).stdout
}

/// The text with every backslash escape taken as the character it escapes: the names as
/// a reader of the report should see them.
fn unescaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// The report as pandoc reads it from `from`, written as plain text on long lines.
fn pandoc(report: &str, from: &str) -> String {
    use std::io::Write;
    let mut child = Command::new("pandoc")
        .args(["-f", from, "-t", "plain", "--wrap=none", "--columns=100000"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("pandoc runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(report.as_bytes())
        .expect("the report is written to pandoc");
    let output = child.wait_with_output().expect("pandoc ends");
    assert!(output.status.success(), "pandoc -f {from} failed");
    String::from_utf8(output.stdout).expect("pandoc writes UTF-8")
}

#[test]
fn messy_names_come_back_from_pandoc_exactly_as_typed() {
    if !Command::new("pandoc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        crate::common::skipped("pandoc is not installed: the Markdown round trip of messy names");
        return;
    }
    let report = messy_report();
    let names = [CAMPAIGN, CITY, WINNER, FOUNDER, CONTINENT, NOTE];
    let shown = unescaped(&report);
    for from in ["gfm", "markdown-smart"] {
        let read = pandoc(&report, from);
        for name in names {
            let expected = shown.matches(name).count();
            assert!(expected > 0, "{name:?} is not in the report:\n{report}");
            assert_eq!(
                read.matches(name).count(),
                expected,
                "pandoc -f {from} does not read {name:?} back each time the report shows it:\n{read}\n\nfrom:\n{report}"
            );
        }
    }
}
