//! A Wi-Fi game in the terminal speaks the chosen language only. In each
//! language but English, a host plays a script (`--json`) and a joiner
//! plays a host, both sides people in that language, through as many of
//! the Wi-Fi messages as a short game reaches; they are driven by what they
//! print, and any English word left fails. Notation, numbers, addresses,
//! the code and the command line that resumes a game may stay.

mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use serde_json::Value;

use common::{LANGS, english_in, strings, text};

/// The longest any one awaited line may take.
const WAIT: Duration = Duration::from_secs(30);
const CODE: &str = "314159";
/// The command line that continues an adjourned game: program syntax.
const RESUME: &str = "rokada host --resume";

/// A `rokada` process and what it printed.
struct Proc {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Every line printed so far.
    seen: Vec<String>,
    /// Lines before this one have been matched or passed over.
    from: usize,
    stderr: Option<JoinHandle<String>>,
}

impl Proc {
    fn start(args: &[&str]) -> Proc {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rokada"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("rokada starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let mut stderr = child.stderr.take().expect("stderr");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let stderr = thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Proc {
            child,
            stdin,
            lines,
            seen: Vec::new(),
            from: 0,
            stderr: Some(stderr),
        }
    }

    /// Types these lines.
    fn say<S: AsRef<str>>(&mut self, lines: &[S]) {
        for line in lines {
            writeln!(self.stdin, "{}", line.as_ref()).expect("typed");
        }
        self.stdin.flush().expect("typed");
    }

    /// Waits until each text is on a line not yet passed over, in any
    /// order; the lines up to the last of them are passed over.
    fn wait_all<S: AsRef<str>>(&mut self, texts: &[S]) {
        let deadline = Instant::now() + WAIT;
        loop {
            let found: Option<Vec<usize>> = texts
                .iter()
                .map(|t| {
                    self.seen[self.from..]
                        .iter()
                        .position(|l| l.contains(t.as_ref()))
                        .map(|i| self.from + i)
                })
                .collect();
            if let Some(found) = found {
                self.from = found.into_iter().max().map_or(self.from, |i| i + 1);
                return;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => self.seen.push(line),
                Err(_) => panic!(
                    "not all of {:?} in\n{}",
                    texts.iter().map(AsRef::as_ref).collect::<Vec<_>>(),
                    self.seen.join("\n")
                ),
            }
        }
    }

    fn wait(&mut self, text: &str) {
        self.wait_all(&[text]);
    }

    /// The digits printed right after `before`.
    fn number_after(&mut self, before: &str) -> String {
        self.wait(before);
        let line = &self.seen[self.from - 1];
        let at = line.find(before).expect("waited for") + before.len();
        line[at..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect()
    }

    /// The next JSON event named `event`.
    fn event(&mut self, event: &str) -> Value {
        let deadline = Instant::now() + WAIT;
        loop {
            while let Some(line) = self.seen.get(self.from) {
                self.from += 1;
                let value: Value = serde_json::from_str(line).expect("JSON");
                if value["event"] == event {
                    return value;
                }
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {event:?} in {:?}", self.seen));
            self.seen.push(line);
        }
    }

    /// Waits for the process to end by itself: its exit code, and all it
    /// printed on standard output and standard error.
    fn end(mut self) -> (i32, String) {
        // Standard output closes when the process ends.
        while let Ok(line) = self.lines.recv_timeout(WAIT) {
            self.seen.push(line);
        }
        let code = self.child.wait().expect("ended").code().unwrap_or(-1);
        (code, self.printed())
    }

    /// Ends the process at once, as a crash would; all it printed.
    fn kill(mut self) -> String {
        self.child.kill().expect("killed");
        self.child.wait().expect("ended");
        while let Ok(line) = self.lines.recv_timeout(WAIT) {
            self.seen.push(line);
        }
        self.printed()
    }

    fn printed(&mut self) -> String {
        let stderr = self.stderr.take().map(|t| t.join().expect("read"));
        format!("{}\n{}", self.seen.join("\n"), stderr.unwrap_or_default())
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One language's words, with their placeholders filled in.
struct Words(HashMap<String, Value>);

impl Words {
    fn new(lang: &str) -> Words {
        Words(strings(lang))
    }

    fn get(&self, key: &str) -> String {
        text(&self.0, key)
    }

    fn fill(&self, key: &str, args: &[(&str, &str)]) -> String {
        args.iter().fold(self.get(key), |t, (name, value)| {
            t.replace(&format!("{{{name}}}"), value)
        })
    }

    /// The word for the command `key`.
    fn command(&self, key: &str) -> String {
        self.get(&format!("terminal.command.{key}"))
    }

    /// The text of `key` before its placeholder `name`.
    fn before(&self, key: &str, name: &str) -> String {
        let template = self.get(key);
        let end = template.find(&format!("{{{name}}}")).expect(key);
        template[..end].to_owned()
    }

    /// The singular form of a plural string.
    fn one(&self, key: &str) -> String {
        self.0[key]["one"].as_str().expect(key).to_owned()
    }

    fn answer_hint(&self, accept: &str, decline: &str) -> String {
        self.fill(
            "terminal.wifi.answer_hint",
            &[
                ("accept", &self.command(accept)),
                ("decline", &self.command(decline)),
            ],
        )
    }

    fn rematch_hint(&self) -> String {
        self.fill(
            "terminal.wifi.rematch_hint",
            &[("command", &self.command("rematch"))],
        )
    }

    /// How the end of a game is told.
    fn end(&self, result: &str, pgn: &str, reason: &str) -> String {
        format!(
            "{} ({pgn}): {}",
            self.get(&format!("end.{result}")),
            self.get(&format!("end.reason.{reason}"))
        )
    }
}

fn host_args<'a>(lang: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "host",
        "--lang",
        lang,
        "--bind",
        "127.0.0.1",
        "--port",
        "0",
        "--no-mdns",
        "--code",
        CODE,
    ];
    args.extend_from_slice(extra);
    args
}

/// Starts a host and reads its port and code.
fn start_host(w: &Words, args: &[&str]) -> (Proc, String) {
    let mut host = Proc::start(args);
    let port = host.number_after(&w.before("terminal.wifi.hosting", "port"));
    assert_eq!(
        host.number_after(&w.before("wifi.pairing_code", "code")),
        CODE
    );
    (host, format!("127.0.0.1:{port}"))
}

/// A host in `lang` against a script: its help and board while it waits, a
/// wrong code and a new one, commands refused, a third device turned away,
/// draws offered and declined both ways, a threefold repetition claimed,
/// and the script leaving after the end. Returns what people were shown.
fn host_transcript(lang: &str) -> String {
    let w = Words::new(lang);
    let c = |key: &str| w.command(key);
    let (mut host, addr) = start_host(&w, &host_args(lang, &["--color", "white", "--time", "5+3"]));
    host.say(&[c("help"), c("board")]);
    host.wait_all(&[
        w.get("terminal.commands_title"),
        w.get("terminal.wifi_help.new_code"),
        format!("   {} 5:00", w.get("color.black")),
    ]);

    let mut wrong = Proc::start(&["join", &addr, "--code", "000001", "--lang", lang]);
    wrong.wait(&w.get("wifi.wrong_code"));
    let (code, mut people) = wrong.end();
    assert_eq!(code, 1);
    host.wait_all(&[
        w.one("terminal.wifi.wrong_codes"),
        w.fill(
            "terminal.wifi.new_code_hint",
            &[("command", &c("new_code"))],
        ),
    ]);
    host.say(&[c("new_code")]);
    let new_code = host.number_after(&w.before("wifi.pairing_code", "code"));

    let mut joiner = Proc::start(&["join", &addr, "--code", &new_code, "--json"]);
    joiner.event("game_started");
    host.wait_all(&[
        w.get("terminal.wifi.game_starts"),
        w.get("game.you_play_white"),
    ]);
    let mut third = Proc::start(&["join", &addr, "--code", &new_code, "--lang", lang]);
    third.wait(&w.get("terminal.wifi.already_paired"));
    let (code, shown) = third.end();
    assert_eq!(code, 1);
    people += &shown;
    host.wait(&w.get("terminal.wifi.refused.already_paired"));

    host.say(&["e4"]);
    joiner.event("move");
    joiner.say(&["e5"]);
    // Each waits for the host's turn; a second offer while one is pending.
    host.say(&[
        "xyz".into(),
        "Ke3".into(),
        c("rematch"),
        c("decline_rematch"),
        c("new_code"),
        c("claim_draw"),
        "Nf3".into(),
        c("offer_draw"),
        c("offer_draw"),
    ]);
    host.wait_all(&[
        w.fill("terminal.unknown", &[("command", &c("help"))]),
        w.get("error.illegal_move"),
        w.get("terminal.wifi.game_not_over"),
        w.get("terminal.wifi.no_rematch_request"),
        w.get("terminal.wifi.not_pairing"),
        w.get("error.no_draw_to_claim"),
        w.get("draw.offer_sent"),
        w.get("terminal.wifi.draw_already_offered"),
    ]);
    joiner.event("draw_offered");
    joiner.say(&["decline draw", "Nc6", "offer draw"]);
    host.wait_all(&[
        w.get("draw.offer_declined"),
        w.get("draw.offer_received"),
        w.answer_hint("accept_draw", "decline_draw"),
    ]);
    host.say(&[c("decline_draw")]);
    host.wait(&w.get("terminal.wifi.draw_declined_by_you"));

    // The position after 1...e5 comes back twice more.
    host.say(&["Ng1", "Nf3", "Ng1"]);
    joiner.say(&["Nb8", "Nc6", "Nb8"]);
    host.wait_all(&[
        format!(
            "{} {}",
            w.get("claim.threefold_repetition"),
            w.fill("terminal.claim_hint", &[("command", &c("claim_draw"))])
        ),
        w.get("game.your_move"),
    ]);
    host.say(&[c("claim_draw")]);
    host.wait_all(&[
        w.end("draw", "1/2-1/2", "threefold_repetition"),
        w.rematch_hint(),
    ]);
    let end = joiner.event("game_over");
    assert_eq!(end["reason"], "threefold_repetition");
    assert_eq!(joiner.end().0, 0);
    host.wait_all(&[w.get("wifi.peer_left"), w.get("terminal.wifi.disconnected")]);
    let (code, shown) = host.end();
    assert_eq!(code, 0);
    people + &shown
}

/// A joiner in `lang` against a host in `lang`: the code typed wrong and
/// then right, checkmate, a rematch declined and one accepted, a check, the
/// joiner's crash and return, and its leaving, which adjourns the game.
/// Returns what both were shown.
fn join_transcript(lang: &str) -> String {
    let w = Words::new(lang);
    let c = |key: &str| w.command(key);
    let dir = std::env::temp_dir().join(format!("rokada-{}-{lang}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let (host_file, joiner_file) = (dir.join("1.json"), dir.join("2.json"));
    let path = |p: &Path| p.to_str().expect("UTF-8").to_owned();
    let (host_file, joiner_file) = (path(&host_file), path(&joiner_file));
    let (mut host, addr) = start_host(
        &w,
        &host_args(
            lang,
            &["--color", "black", "--name", "Judit", "--save", &host_file],
        ),
    );
    let mut joiner = Proc::start(&["join", &addr, "--lang", lang, "--save", &joiner_file]);
    joiner.say(&["12".into(), CODE.into(), c("help"), c("new_code")]);
    joiner.wait_all(&[
        w.fill("terminal.wifi.connecting", &[("address", &addr)]),
        w.fill("terminal.wifi.commands_hint", &[("command", &c("help"))]),
        w.get("terminal.commands_title"),
        w.get("terminal.wifi_help.quit"),
        w.get("terminal.wifi.not_host"),
    ]);
    // The host's game comes with the host's name; the joiner's name
    // reaches the host only after the start.
    joiner.wait_all(&[
        w.get("wifi.connected"),
        w.get("terminal.wifi.game_starts"),
        w.get("game.you_play_white"),
        w.fill("terminal.wifi.opponent", &[("name", "Judit")]),
    ]);
    host.wait_all(&[
        w.get("wifi.connected"),
        w.get("terminal.wifi.game_starts"),
        w.get("game.you_play_black"),
    ]);

    joiner.say(&["f3", "g4"]);
    host.say(&["e5", "Qh4#"]);
    let mate = w.end("black_wins", "0-1", "checkmate");
    joiner.wait_all(&[mate.clone(), w.rematch_hint()]);
    host.wait_all(&[mate, w.rematch_hint()]);
    let offered = [
        w.get("wifi.rematch_offered"),
        w.answer_hint("rematch", "decline_rematch"),
    ];
    joiner.say(&[c("rematch")]);
    joiner.wait(&w.get("terminal.wifi.rematch_asked"));
    host.wait_all(&offered);
    host.say(&[c("decline_rematch")]);
    host.wait(&w.get("wifi.rematch_declined"));
    joiner.wait(&w.get("wifi.rematch_declined"));
    host.say(&[c("rematch")]);
    joiner.wait_all(&offered);
    joiner.say(&[c("rematch")]);
    joiner.wait_all(&[
        w.get("terminal.wifi.game_starts"),
        w.get("game.you_play_black"),
    ]);
    host.wait_all(&[
        w.get("terminal.wifi.game_starts"),
        w.get("game.you_play_white"),
    ]);

    host.say(&["e4", "Qh5"]);
    joiner.say(&["f6"]);
    joiner.wait_all(&[w.get("game.check"), w.get("game.your_move")]);
    let mut people = joiner.kill();
    let mut back = Proc::start(&["join", "--resume", &joiner_file, "--lang", lang]);
    back.wait_all(&[
        w.fill("terminal.wifi.rejoining", &[("address", &addr)]),
        w.get("terminal.wifi.connection_back"),
    ]);
    host.wait(&w.get("terminal.wifi.connection_back"));
    back.say(&[c("quit")]);
    back.wait(&w.fill("terminal.wifi.adjourned_saved", &[("name", &joiner_file)]));
    host.wait_all(&[
        w.get("wifi.peer_left"),
        w.fill("terminal.wifi.adjourned_saved", &[("name", &host_file)]),
    ]);
    for player in [back, host] {
        let (code, shown) = player.end();
        assert_eq!(code, 3, "adjourned");
        people += &shown;
    }
    // The code was asked for twice: a wrong one was typed first.
    assert!(people.contains(&w.get("terminal.wifi.bad_code")));
    std::fs::remove_dir_all(&dir).expect("the games were saved");
    people
}

fn assert_only(lang: &str, shown: &str) {
    let leftovers = english_in(lang, &shown.replace(RESUME, ""));
    assert!(
        leftovers.is_empty(),
        "{lang}: English words {leftovers:?} in\n{shown}"
    );
}

#[test]
fn a_host_speaks_only_its_language() {
    for lang in LANGS.into_iter().filter(|l| *l != "en") {
        assert_only(lang, &host_transcript(lang));
    }
}

#[test]
fn a_joiner_speaks_only_its_language() {
    for lang in LANGS.into_iter().filter(|l| *l != "en") {
        assert_only(lang, &join_transcript(lang));
    }
}

#[test]
fn english_games_run_the_same_script() {
    // The scripts wait for the English words too.
    host_transcript("en");
    join_transcript("en");
}
