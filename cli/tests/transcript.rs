//! A game in the terminal speaks the chosen language only: every message,
//! the help included, comes from `locales/`. Any English left in a game in
//! another language fails here; notation, numbers and FEN may stay.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{LANGS, english_in, strings, text};

/// Runs `rokada` with these arguments, typing `input`, and returns what it
/// printed.
fn run(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rokada"))
        .args(args)
        .arg("--no-color")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rokada starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    let output = child.wait_with_output().expect("rokada ends");
    assert!(output.status.success(), "{args:?}: {output:?}");
    assert!(output.stderr.is_empty(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// A session that reaches every message a game prints, typed with the
/// language's own command words.
fn transcript(lang: &str) -> String {
    let s = strings(lang);
    let c = |name: &str| text(&s, &format!("terminal.command.{name}"));
    // Paths are the player's own words: these hold none of any language.
    let missing = std::env::temp_dir().join("rokada-qzx/x");
    let missing = missing.display();
    // One file per call: the tests of this file run at once and each plays every language.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let saved =
        std::env::temp_dir().join(format!("rokada-{lang}-{}-{call}.json", std::process::id()));
    let saved_name = saved.display().to_string();
    let lines = [
        c("help"),
        "e5".into(),
        "xyz".into(),
        c("hint"),
        format!("{} e3", c("hint")),
        format!("{} e2", c("hint")),
        c("claim"),
        c("redo"),
        c("undo"),
        "e4".into(),
        "e5".into(),
        c("undo"),
        c("redo"),
        c("moves"),
        c("fen"),
        c("flip"),
        "Nf3 Nf6".into(),
        "Nf3".into(),
        "Nf6".into(),
        "Ng1".into(),
        "Ng8".into(),
        "Nf3".into(),
        "Nf6".into(),
        "Ng1".into(),
        "Ng8".into(),
        "Nc3".into(),
        "Nc6".into(),
        "Nb1".into(),
        "Nb8".into(),
        c("claim"),
        "e4".into(),
        format!("{} {missing}", c("save")),
        format!("{} {missing}", c("load")),
        format!("{} {saved_name}", c("save")),
        c("new"),
        format!("{} {saved_name}", c("load")),
        c("new"),
        c("draw"),
        c("new"),
        c("resign"),
        c("quit"),
    ];
    let mut out = run(&["--lang", lang], &(lines.join("\n") + "\n"));
    std::fs::remove_file(&saved).expect("the game was saved");
    // A promotion refused, then chosen by the piece's name.
    let queen = text(&s, "promotion.queen");
    out += &run(
        &["--lang", lang, "--fen", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"],
        &format!("e7e8\nx\ne7e8\n{queen}\n{}\n", c("quit")),
    );
    // Against the computer, which moves first; two knights that cannot both
    // go to d2 make an ambiguous move.
    out += &run(
        &["--lang", lang, "--computer", "1", "--color", "black"],
        &format!("{}\n", c("quit")),
    );
    out += &run(
        &["--lang", lang, "--fen", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"],
        &format!("Nd2\n{}\n", c("quit")),
    );
    out
}

#[test]
fn a_game_speaks_only_its_language() {
    for lang in LANGS.into_iter().filter(|l| *l != "en") {
        let out = transcript(lang);
        let leftovers = english_in(lang, &out);
        assert!(
            leftovers.is_empty(),
            "{lang}: English words {leftovers:?} in\n{out}"
        );
    }
}

#[test]
fn the_transcript_reaches_every_terminal_message() {
    for lang in LANGS {
        let s = strings(lang);
        let out = transcript(lang);
        for (key, value) in &s {
            let Some(template) = value.as_str() else {
                continue;
            };
            // The Wi-Fi games' words are theirs (`wifi_transcript.rs`): a
            // command without a line in the local game's help is one.
            let wifi = key.starts_with("terminal.wifi")
                || key
                    .strip_prefix("terminal.command.")
                    .is_some_and(|c| !s.contains_key(&format!("terminal.help.{c}")));
            let shown = (key.starts_with("terminal.") && !wifi)
                || [
                    "error.illegal_move",
                    "error.game_over",
                    "error.nothing_to_undo",
                    "error.no_draw_to_claim",
                    "claim.threefold_repetition",
                    "computer.thinking",
                    "promotion.title",
                    "end.reason.agreement",
                    "end.reason.resignation",
                    "end.reason.threefold_repetition",
                ]
                .contains(&key.as_str());
            if !shown || matches!(key.as_str(), "terminal.not_possible") {
                continue;
            }
            // The text up to its first placeholder must appear.
            let fixed = template.split('{').next().unwrap_or_default().trim_end();
            assert!(
                out.contains(fixed),
                "{lang}: {key} ({fixed:?}) not shown in\n{out}"
            );
        }
    }
}
