//! The layers of `src/` and the arrows between them (docs/ARCHITECTURE.md), checked on the
//! source itself: which crates each layer may use, which layers it may import, that no two
//! modules import each other (directly or round a longer loop), that the domain's rooms use
//! only themselves and the rooms below, and that files stay small.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `src/`, with its module path (`crate::store::log`) and text.
fn sources() -> Vec<(String, PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("src/ is readable") {
            let path = entry.expect("an entry of src/").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(&root).expect("under src/");
                let mut parts: Vec<String> = relative
                    .with_extension("")
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(
                    parts.last().map(String::as_str),
                    Some("mod" | "lib" | "main")
                ) {
                    parts.pop();
                }
                let module = std::iter::once("crate".to_string())
                    .chain(parts)
                    .collect::<Vec<_>>()
                    .join("::");
                let text = std::fs::read_to_string(&path).expect("a source file");
                files.push((module, relative.to_path_buf(), text));
            }
        }
    }
    files.sort();
    files
}

/// The text without its `#[cfg(test)] mod tests { … }` (the unit tests at a file's end).
fn without_unit_tests(text: &str) -> &str {
    text.find("#[cfg(test)]\nmod tests")
        .map_or(text, |at| &text[..at])
}

/// The text without comments, so that a word in a doc comment is not taken for a use.
fn code(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn layer(path: &Path) -> String {
    path.components()
        .next()
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .unwrap_or_default()
}

fn mentions(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

#[test]
fn each_layer_uses_only_the_crates_of_its_job() {
    // (crate, the layers that may use it)
    let allowed: &[(&str, &[&str])] = &[
        ("rusqlite", &["store"]),
        ("refinery", &["store"]),
        ("clap", &["cli", "main"]),
        ("dialoguer", &["cli"]),
        ("ctrlc", &["cli"]),
        ("tabled", &["render"]),
        ("libc", &["files"]),
        ("terminal_size", &["cli"]),
        ("clap_complete", &["cli"]),
        ("anstream", &["cli"]),
        // serve draws its QR code dark on light on the terminal, both colours set.
        ("anstyle", &["cli", "render", "serve"]),
        ("percent_encoding", &["render", "serve"]),
        ("schemars", &["report", "exchange"]),
        ("axum", &["serve"]),
        ("tokio", &["serve"]),
        ("tokio_stream", &["serve"]),
        ("maud", &["render", "serve"]),
        ("base64", &["render"]),
        ("qrcode", &["serve"]),
        ("if_addrs", &["serve"]),
        (
            "serde",
            &["report", "exchange", "render", "ledger", "cli", "serve"],
        ),
    ];
    let mut wrong = Vec::new();
    for (_, path, text) in sources() {
        let code = code(text.as_str());
        for (krate, layers) in allowed {
            if mentions(&code, krate) && !layers.contains(&layer(&path).as_str()) {
                wrong.push(format!("{} uses {krate}", path.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn arrows_point_down_only() {
    // (layer, the layers it must not import)
    let forbidden: &[(&str, &[&str])] = &[
        (
            "files",
            &[
                "domain", "store", "exchange", "report", "render", "cli", "git",
            ],
        ),
        (
            "git",
            &[
                "domain", "store", "exchange", "report", "render", "cli", "files",
            ],
        ),
        (
            "domain",
            &[
                "store", "exchange", "report", "render", "cli", "files", "git",
            ],
        ),
        (
            "store",
            &[
                "exchange", "report", "render", "ledger", "cli", "git", "serve",
            ],
        ),
        (
            "report",
            &[
                "store", "exchange", "render", "ledger", "cli", "files", "git",
            ],
        ),
        ("exchange", &["store", "render", "ledger", "cli", "git"]),
        (
            "render",
            &[
                "store", "exchange", "ledger", "cli", "files", "git", "serve",
            ],
        ),
        ("ledger", &["render", "cli", "serve", "files", "git"]),
        ("serve", &["cli", "git"]),
    ];
    let mut wrong = Vec::new();
    for (_, path, text) in sources() {
        let code = code(text.as_str());
        let Some((_, above)) = forbidden.iter().find(|(l, _)| *l == layer(&path)) else {
            continue;
        };
        for other in *above {
            if code.contains(&format!("crate::{other}")) {
                wrong.push(format!("{} imports crate::{other}", path.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_ledger_is_the_floor_between_the_faces_and_the_rest() {
    // The faces (the command line and serve) reach the log through the ledger's reads and
    // writes, and nothing below the faces knows them.
    let files = sources();
    let ledger: Vec<&str> = files
        .iter()
        .filter(|(_, path, _)| layer(path) == "ledger")
        .map(|(module, _, _)| module.as_str())
        .collect();
    assert!(
        ledger.contains(&"crate::ledger"),
        "src/ledger/ holds the ledger: {ledger:?}"
    );
    for face in ["cli", "serve"] {
        assert!(
            files
                .iter()
                .filter(|(_, path, _)| layer(path) == face)
                .any(|(_, _, text)| code(text).contains("crate::ledger")),
            "{face} calls the ledger"
        );
    }
    let upward: Vec<String> = files
        .iter()
        .filter(|(_, path, _)| !matches!(layer(path).as_str(), "cli" | "main" | "lib"))
        .filter(|(_, _, text)| code(without_unit_tests(text)).contains("crate::cli"))
        .map(|(_, path, _)| path.display().to_string())
        .collect();
    assert!(upward.is_empty(), "below the command line: {upward:?}");
}

#[test]
fn no_face_reads_a_refusal_back_out_of_its_words() {
    // A refusal travels as data (its kind, rule and part); a face words it, and nothing
    // scans a sentence for the rule's `§`, a flag's `--` or a variant's `Debug` name.
    let mut wrong = Vec::new();
    for (_, path, text) in sources() {
        let code = code(without_unit_tests(&text));
        for needle in ["find('§')", "find(\"§\")", "find(\"--\")", "{refusal:?}"] {
            if code.contains(needle) {
                wrong.push(format!("{} holds {needle}", path.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_domain_names_no_flag() {
    let mut wrong = Vec::new();
    for (_, path, text) in sources() {
        if layer(&path) != "domain" {
            continue;
        }
        for (number, line) in code(&text).lines().enumerate() {
            let quoted = line.split('"').skip(1).step_by(2);
            if quoted.clone().any(|s| {
                s.match_indices("--")
                    .any(|(at, _)| s[at + 2..].starts_with(char::is_alphabetic))
            }) {
                wrong.push(format!(
                    "{}:{}: {}",
                    path.display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "flag text in the domain:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_source_file_is_past_600_lines() {
    let long: Vec<String> = sources()
        .into_iter()
        .filter(|(_, _, text)| text.lines().count() > 600)
        .map(|(_, path, text)| format!("{} ({} lines)", path.display(), text.lines().count()))
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// `a::{b, c::{d, e}}` as `a::b`, `a::c::d`, `a::c::e`.
fn expand(path: &str) -> Vec<String> {
    let Some(open) = path.find('{') else {
        return vec![path.trim().to_string()];
    };
    let (head, rest) = (&path[..open], &path[open + 1..]);
    let (mut parts, mut part, mut depth) = (Vec::new(), String::new(), 0);
    for c in rest.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut part));
                continue;
            }
            _ => {}
        }
        part.push(c);
    }
    parts.push(part);
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(&format!("{head}{}", p.trim())))
        .collect()
}

/// The module a path names from `from`, the longest that is a file of `src/`.
fn module_of(from: &str, path: &str, modules: &BTreeSet<String>) -> Option<String> {
    let mut segments = path.split("::").map(str::trim).peekable();
    let mut at: Vec<&str> = match segments.peek() {
        Some(&"crate") => {
            segments.next();
            vec!["crate"]
        }
        Some(&"super") => {
            let mut at: Vec<&str> = from.split("::").collect();
            while segments.next_if(|s| *s == "super").is_some() {
                at.pop();
            }
            at
        }
        _ => return None,
    };
    let mut found = modules.contains(&at.join("::")).then(|| at.join("::"));
    for segment in segments {
        let name = segment.split(" as ").next().unwrap_or(segment).trim();
        if !name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            break;
        }
        at.push(name);
        let joined = at.join("::");
        if !modules.contains(&joined) {
            break;
        }
        found = Some(joined);
    }
    found
}

/// Every path a file's code names, out of its unit tests: each `use` (braces expanded) and
/// each `crate::…` or `super::…` written in place.
fn paths_named(text: &str) -> Vec<String> {
    let code = code(without_unit_tests(text));
    let mut paths: Vec<String> = Vec::new();
    for statement in code.split("use ").skip(1) {
        if let Some(end) = statement.find(';') {
            paths.extend(expand(
                &statement[..end].split_whitespace().collect::<String>(),
            ));
        }
    }
    for word in code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
        if word.starts_with("crate::") || word.starts_with("super::") {
            paths.push(word.to_string());
        }
    }
    paths
}

/// Every module that reaches itself through what it imports, with the way round.
fn cycles(imports: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut loops = Vec::new();
    for start in imports.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<Vec<String>> = vec![vec![start.clone()]];
        while let Some(trail) = stack.pop() {
            let last = trail.last().expect("a trail is never empty");
            for next in imports.get(last).into_iter().flatten() {
                if next == start {
                    loops.push(trail.join(" -> ") + " -> " + start);
                } else if seen.insert(next.clone()) {
                    let mut longer = trail.clone();
                    longer.push(next.clone());
                    stack.push(longer);
                }
            }
        }
    }
    loops.sort();
    loops.dedup();
    loops
}

#[test]
fn no_two_modules_import_each_other() {
    let files = sources();
    let modules: BTreeSet<String> = files.iter().map(|(m, _, _)| m.clone()).collect();
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, _, text) in &files {
        let targets = imports.entry(module.clone()).or_default();
        for path in paths_named(text) {
            if let Some(target) = module_of(module, &path, &modules) {
                let related = target == *module
                    || module.starts_with(&format!("{target}::"))
                    || target.starts_with(&format!("{module}::"));
                if !related {
                    targets.insert(target);
                }
            }
        }
    }
    let loops = cycles(&imports);
    assert!(loops.is_empty(), "import cycles:\n{}", loops.join("\n"));
}

#[test]
fn the_cycle_check_sees_a_cycle() {
    // The check above is only worth something if it finds a loop where there is one.
    let modules: BTreeSet<String> = ["crate", "crate::a", "crate::b", "crate::a::c"]
        .iter()
        .map(|s| (*s).to_string())
        .collect();
    assert_eq!(
        module_of("crate::a", "super::b::Thing", &modules).as_deref(),
        Some("crate::b")
    );
    assert_eq!(
        module_of("crate::a::c", "super::super::b", &modules).as_deref(),
        Some("crate::b")
    );
    assert_eq!(
        expand("super::{b::Thing, a::{c, D}}"),
        vec!["super::b::Thing", "super::a::c", "super::a::D"]
    );
    let graph = |edges: &[(&str, &str)]| {
        let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in edges {
            imports
                .entry((*from).to_string())
                .or_default()
                .insert((*to).to_string());
        }
        imports
    };
    assert!(cycles(&graph(&[("a", "b"), ("b", "c")])).is_empty());
    assert_eq!(
        cycles(&graph(&[("a", "b"), ("b", "c"), ("c", "a")])),
        vec!["a -> b -> c -> a", "b -> c -> a -> b", "c -> a -> b -> c"]
    );
}

/// The domain's rooms, low to high (docs/ARCHITECTURE.md): a file of a room may use its own
/// room and the rooms before it here, never one after.
const DOMAIN_ROOMS: &[&str] = &[
    "vocabulary",
    "board",
    "entry",
    "state",
    "record",
    "rules",
    "log",
];

/// Where a module of the domain stands among the rooms (`crate::domain::rules::apply`: 5).
fn room(module: &str) -> Option<usize> {
    let room = module.strip_prefix("crate::domain::")?.split("::").next()?;
    DOMAIN_ROOMS.iter().position(|r| *r == room)
}

/// Each import of a room's file into a room above it, and each path through the types the
/// domain re-exports at `crate::domain` (which would hide the room they come from).
fn room_breaks(files: &[(String, String)]) -> Vec<String> {
    let modules: BTreeSet<String> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut wrong = Vec::new();
    for (module, text) in files {
        let Some(own) = room(module) else {
            continue;
        };
        for path in paths_named(text) {
            let Some(target) = module_of(module, &path, &modules) else {
                continue;
            };
            // `pub(in crate::domain)` names the domain, not what it re-exports.
            let through_root = target == "crate::domain"
                && !matches!(path.rsplit("::").next(), Some("domain" | "super"));
            if through_root {
                wrong.push(format!("{module} names {path}, not the room it comes from"));
            } else if room(&target).is_some_and(|theirs| theirs > own) {
                wrong.push(format!("{module} imports {target}, a room above its own"));
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    wrong
}

#[test]
fn the_domain_is_in_rooms_with_nothing_loose() {
    let domain = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/domain");
    let mut found: Vec<String> = std::fs::read_dir(&domain)
        .expect("src/domain is readable")
        .map(|entry| {
            let path = entry.expect("an entry of src/domain").path();
            let name = path.file_name().expect("a name").to_string_lossy();
            if path.is_dir() {
                format!("{name}/")
            } else {
                name.into_owned()
            }
        })
        .collect();
    found.sort();
    let mut rooms: Vec<String> = DOMAIN_ROOMS.iter().map(|r| format!("{r}/")).collect();
    rooms.push("mod.rs".to_string());
    rooms.sort();
    assert_eq!(found, rooms, "src/domain holds its rooms and mod.rs only");
}

#[test]
fn the_domain_s_rooms_import_only_downwards() {
    let files: Vec<(String, String)> = sources()
        .into_iter()
        .map(|(module, _, text)| (module, text))
        .collect();
    let wrong = room_breaks(&files);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_room_check_sees_an_import_upwards() {
    // The check above is only worth something if it finds a wrong import where there is one.
    let file = |module: &str, text: &str| (module.to_string(), text.to_string());
    let files = [
        file("crate::domain", "pub use state::Campaign;"),
        file(
            "crate::domain::state",
            "use crate::domain::vocabulary::names::fold;",
        ),
        file(
            "crate::domain::vocabulary::names",
            "use crate::domain::state::Campaign;",
        ),
        file(
            "crate::domain::rules::apply",
            "use super::legal::names;\nuse crate::domain::Refusal;",
        ),
        file(
            "crate::domain::rules::legal",
            "fn f(c: &crate::domain::log::Folded) {}",
        ),
        file(
            "crate::domain::log",
            "use crate::domain::rules::apply::Applied;",
        ),
        file("crate::domain::vocabulary", ""),
        file("crate::domain::rules", ""),
    ];
    assert_eq!(
        room_breaks(&files),
        vec![
            "crate::domain::rules::apply names crate::domain::Refusal, not the room it comes from",
            "crate::domain::rules::legal imports crate::domain::log, a room above its own",
            "crate::domain::vocabulary::names imports crate::domain::state, a room above its own",
        ]
    );
}
