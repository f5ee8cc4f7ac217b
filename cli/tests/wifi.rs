//! Two `rokada` processes playing over 127.0.0.1 with `--json`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

const WAIT: Duration = Duration::from_secs(20);
const CODE: &str = "314159";

struct Player {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Value>,
    seen: Vec<Value>,
}

impl Player {
    fn start(args: &[&str]) -> Player {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rokada"))
            .args(args)
            .arg("--json")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("rokada starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                let value: Value = serde_json::from_str(&line)
                    .unwrap_or_else(|e| panic!("not JSON: {line:?}: {e}"));
                if tx.send(value).is_err() {
                    return;
                }
            }
        });
        Player {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn host(extra: &[&str]) -> (Player, u16) {
        let mut args = vec![
            "host",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--no-mdns",
            "--code",
            CODE,
        ];
        args.extend_from_slice(extra);
        let mut host = Player::start(&args);
        let hosting = host.wait_for("hosting");
        assert_eq!(hosting["code"], CODE);
        let port = hosting["port"].as_u64().unwrap() as u16;
        (host, port)
    }

    fn join(port: u16, code: &str) -> Player {
        Player::start(&["join", &format!("127.0.0.1:{port}"), "--code", code])
    }

    fn say(&mut self, lines: &str) {
        self.stdin.write_all(lines.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next event named `event`, after those already seen.
    fn wait_for(&mut self, event: &str) -> Value {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let v = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {event:?} event; saw {:?}", self.seen));
            self.seen.push(v.clone());
            if v["event"] == event {
                return v;
            }
        }
    }

    /// Waits for the process to end; its exit code.
    fn exit_code(mut self) -> i32 {
        // The process's standard output closes when it ends.
        while self.lines.recv_timeout(WAIT).is_ok() {}
        self.child.wait().unwrap().code().unwrap_or(-1)
    }

    /// Ends the process at once, as a phone ends an app: no goodbye.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    fn sans(&self) -> Vec<String> {
        self.seen
            .iter()
            .filter(|v| v["event"] == "move")
            .map(|v| v["san"].as_str().unwrap().to_owned())
            .collect()
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn both_end(mut host: Player, mut joiner: Player, result: &str, reason: &str) -> Vec<String> {
    for p in [&mut host, &mut joiner] {
        let end = p.wait_for("game_over");
        assert_eq!(
            (end["result"].as_str(), end["reason"].as_str()),
            (Some(result), Some(reason))
        );
    }
    let (h, j) = (host.sans(), joiner.sans());
    assert_eq!(h, j, "both saw the same moves");
    assert_eq!(host.exit_code(), 0);
    assert_eq!(joiner.exit_code(), 0);
    h
}

#[test]
fn two_processes_play_to_checkmate() {
    let (mut host, port) = Player::host(&["--color", "white"]);
    let mut joiner = Player::join(port, CODE);
    host.say("f3\ng4\n");
    joiner.say("e5\nQh4#\n");
    let moves = both_end(host, joiner, "0-1", "checkmate");
    assert_eq!(moves, ["f3", "e5", "g4", "Qh4#"]);
}

#[test]
fn two_processes_resignation_and_agreed_draw() {
    let (mut host, port) = Player::host(&["--color", "black"]);
    let mut joiner = Player::join(port, CODE);
    joiner.say("e2e4\nresign\n");
    host.say("c5\n");
    both_end(host, joiner, "0-1", "resignation");

    let (mut host, port) = Player::host(&["--color", "white", "--time", "5+3"]);
    let mut joiner = Player::join(port, CODE);
    host.say("d4\n");
    joiner.say("d5\naccept draw\n");
    // Offered after Black's reply: a move declines a pending offer.
    host.wait_for("move");
    host.wait_for("move");
    host.say("offer draw\n");
    both_end(host, joiner, "1/2-1/2", "agreement");
}

#[test]
fn the_flag_falls_for_a_player_who_does_not_move() {
    // Three seconds for the whole game.
    let (mut host, port) = Player::host(&["--color", "white", "--time", "0.05+0"]);
    let joiner = Player::join(port, CODE);
    host.say("e4\n");
    both_end(host, joiner, "1-0", "timeout");
}

#[test]
fn a_wrong_code_and_a_third_device_are_turned_away() {
    let (mut host, port) = Player::host(&["--color", "white"]);
    let mut wrong = Player::join(port, "000001");
    let refused = wrong.wait_for("refused");
    assert_eq!(refused["reason"], "wrong_code");
    assert_eq!(wrong.exit_code(), 1);
    assert_eq!(host.wait_for("wrong_code")["attempts"], 1);

    let mut joiner = Player::join(port, CODE);
    joiner.wait_for("game_started");
    let mut third = Player::join(port, CODE);
    let refused = third.wait_for("refused");
    assert_eq!(refused["reason"], "already_paired");
    assert_eq!(third.exit_code(), 1);

    host.say("e4\n");
    joiner.say("resign\n");
    both_end(host, joiner, "1-0", "resignation");
}

/// The joiner's process is killed after each half-move of a game (right
/// after it saw the host's move, or right as it sends its own), and comes
/// back with `join --resume`: no move is lost or played twice, and both
/// end with the same game.
#[test]
fn a_joiner_killed_at_every_ply_comes_back_with_nothing_lost_or_doubled() {
    let game = ["f3", "e5", "g4", "Qh4#"];
    let dir = std::env::temp_dir().join(format!("rokada-killed-joiner-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for ply in 1..=game.len() {
        let file = dir.join(format!("joiner-{ply}.json"));
        let file = file.to_str().unwrap();
        let (mut host, port) = Player::host(&["--color", "white"]);
        host.say("f3\ng4\n");
        let mut joiner = Player::start(&[
            "join",
            &format!("127.0.0.1:{port}"),
            "--code",
            CODE,
            "--save",
            file,
        ]);
        joiner.wait_for("game_started");
        // The joiner (Black) plays the even half-moves.
        for seen in 1..ply {
            if seen % 2 == 1 {
                joiner.wait_for("move");
            } else {
                joiner.say(&format!("{}\n", game[seen - 1]));
                joiner.wait_for("move");
            }
        }
        if ply % 2 == 1 {
            joiner.wait_for("move");
        } else {
            joiner.say(&format!("{}\n", game[ply - 1]));
        }
        joiner.kill();
        let mut back = Player::start(&["join", "--resume", file]);
        let rejoined = back.wait_for("rejoining");
        let kept = rejoined["plies"].as_u64().unwrap() as usize;
        assert!(
            kept == ply || (kept == ply - 1 && ply % 2 == 0),
            "{kept} at {ply}"
        );
        // What the kept game lacks of Black's moves is played again.
        let rest: String = game[kept..]
            .iter()
            .enumerate()
            .filter(|(i, _)| (kept + i) % 2 == 1)
            .map(|(_, m)| format!("{m}\n"))
            .collect();
        back.say(&rest);
        let end = host.wait_for("game_over");
        assert_eq!(
            (end["result"].as_str(), end["reason"].as_str()),
            (Some("0-1"), Some("checkmate")),
            "killed after ply {ply}"
        );
        assert_eq!(host.sans(), game, "killed after ply {ply}");
        let end = back.wait_for("game_over");
        assert_eq!(end["result"], "0-1");
        assert_eq!(host.exit_code(), 0);
        assert_eq!(back.exit_code(), 0);
    }
    std::fs::remove_dir_all(dir).unwrap();
}
