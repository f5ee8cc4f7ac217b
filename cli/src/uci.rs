//! `rokada uci`: the engine behind the Universal Chess Interface, for chess
//! GUIs and match runners.

use std::io::{BufRead, Write};
use std::str::SplitWhitespace;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use rokada_core::engine::nnue::Network;
use rokada_core::engine::{ClockBudget, Engine, Level, Limits, Score, SearchInfo, static_eval};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

const MAX_HASH_MB: usize = 1024;
const MAX_THREADS: usize = 64;

/// The game as the GUI last described it.
#[derive(Debug)]
struct Game {
    position: Chess,
    /// Hashes of the positions before the current one, oldest first.
    history: Vec<u64>,
}

/// The engine is moved into the search thread and handed back when it ends.
type Search = JoinHandle<Engine>;

struct Session {
    engine: Option<Engine>,
    search: Option<Search>,
    stop: Arc<AtomicBool>,
    game: Game,
    level: Level,
    seed: u64,
    /// Counts searches, so that repeated positions still get fresh choices.
    searches: u64,
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    // A closed stdout means the GUI is gone; the next read of stdin ends the loop.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

pub fn run() -> std::process::ExitCode {
    let mut session = Session {
        engine: Some(Engine::default()),
        search: None,
        stop: Arc::new(AtomicBool::new(false)),
        game: Game {
            position: Chess::default(),
            history: Vec::new(),
        },
        level: Level::MAX,
        seed: 0,
        searches: 0,
    };
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let mut words = line.split_whitespace();
        match words.next() {
            Some("uci") => {
                say(concat!("id name Rokada ", env!("CARGO_PKG_VERSION")));
                say("id author Rokada developers");
                say(&format!(
                    "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                    Engine::DEFAULT_HASH_MB
                ));
                say(&format!(
                    "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
                ));
                say("option name Level type spin default 10 min 1 max 10");
                say("option name OwnBook type check default true");
                say("option name Seed type spin default 0 min 0 max 2147483647");
                say("option name EvalFile type string default <built-in>");
                say("uciok");
            }
            Some("isready") => say("readyok"),
            Some("ucinewgame") => {
                let engine = session.engine_mut();
                engine.new_game();
                session.game = Game {
                    position: Chess::default(),
                    history: Vec::new(),
                };
            }
            Some("setoption") => session.set_option(words),
            Some("position") => match parse_position(words) {
                Ok(game) => {
                    session.finish_search();
                    session.game = game;
                }
                Err(message) => say(&format!("info string error: {message}")),
            },
            Some("go") => session.go(words),
            // As in Stockfish: the static evaluation, for tools that tune it.
            Some("eval") => {
                say(&format!(
                    "Evaluation: {} (centipawns for the side to move)",
                    static_eval(&session.game.position)
                ));
                let position = session.game.position.clone();
                let network = session.engine_mut().network_eval(&position);
                say(&format!(
                    "Network evaluation: {network} (level 10, centipawns for the side to move)"
                ));
            }
            Some("stop") => session.finish_search(),
            Some("quit") => {
                session.finish_search();
                break;
            }
            _ => {}
        }
    }
    session.finish_search();
    std::process::ExitCode::SUCCESS
}

impl Session {
    /// Stops a running search (its best move is reported) and takes the engine back.
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            self.stop.store(true, Ordering::SeqCst);
            match search.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => say("info string error: the search failed"),
            }
        }
    }

    fn engine_mut(&mut self) -> &mut Engine {
        self.finish_search();
        self.engine.get_or_insert_with(Engine::default)
    }

    fn set_option(&mut self, mut words: SplitWhitespace<'_>) {
        if words.next() != Some("name") {
            return;
        }
        let name: Vec<&str> = words.by_ref().take_while(|w| *w != "value").collect();
        let value: Vec<&str> = words.collect();
        let name = name.join(" ").to_ascii_lowercase();
        let value = value.join(" ");
        match name.as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => self.engine_mut().set_hash_mb(mb),
                _ => say(&format!(
                    "info string error: Hash must be 1 to {MAX_HASH_MB}, not {value}"
                )),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => self.engine_mut().set_threads(n),
                _ => say(&format!(
                    "info string error: Threads must be 1 to {MAX_THREADS}, not {value}"
                )),
            },
            "level" => match value.parse::<u8>().ok().map(Level::new) {
                Some(Ok(level)) => self.level = level,
                _ => say(&format!(
                    "info string error: Level must be 1 to 10, not {value}"
                )),
            },
            "ownbook" => match value.as_str() {
                "true" => self.engine_mut().set_use_book(true),
                "false" => self.engine_mut().set_use_book(false),
                _ => say(&format!(
                    "info string error: OwnBook must be true or false, not {value}"
                )),
            },
            "seed" => match value.parse::<u64>() {
                Ok(seed) => self.seed = seed,
                Err(_) => say(&format!(
                    "info string error: Seed must be a number, not {value}"
                )),
            },
            "evalfile" => self.load_network(&value),
            _ => say(&format!("info string error: no option named {name}")),
        }
    }

    /// Level 10's network from a file the trainer wrote (`<built-in>` for
    /// the shipped one), so that a new network can be played without a
    /// rebuild.
    fn load_network(&mut self, path: &str) {
        if path == "<built-in>" {
            self.engine_mut().set_network(None);
            return;
        }
        match std::fs::read(path) {
            Ok(bytes) => match Network::from_bytes(&bytes) {
                Ok(network) => self.engine_mut().set_network(Some(network)),
                Err(e) => say(&format!("info string error: {path}: {e}")),
            },
            Err(e) => say(&format!("info string error: {path}: {e}")),
        }
    }

    fn go(&mut self, words: SplitWhitespace<'_>) {
        let limits = match parse_go(words, self.game.position.turn()) {
            Ok(limits) => limits,
            Err(message) => {
                say(&format!("info string error: {message}"));
                return;
            }
        };
        let mut engine = {
            self.finish_search();
            self.engine.take().unwrap_or_default()
        };
        self.stop = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&self.stop);
        let position = self.game.position.clone();
        let history = self.game.history.clone();
        let level = self.level;
        self.searches += 1;
        let seed = self.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ self.searches;
        self.search = Some(std::thread::spawn(move || {
            let result =
                engine.search(&position, &history, &limits, level, seed, &stop, print_info);
            // In infinite mode the move may only be announced after `stop`.
            while limits.infinite && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(2));
            }
            match result {
                Ok(result) => say(&format!(
                    "bestmove {}",
                    result.best_move.to_uci(CastlingMode::Standard)
                )),
                Err(_) => say("bestmove 0000"),
            }
            engine
        }));
    }
}

fn print_info(info: &SearchInfo) {
    let score = match info.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(moves) => format!("mate {moves}"),
    };
    let millis = info.elapsed.as_millis().max(1);
    let nps = u128::from(info.nodes) * 1000 / millis;
    let pv: Vec<String> = info
        .pv
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    say(&format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} hashfull {} time {millis} pv {}",
        info.depth,
        info.seldepth,
        info.nodes,
        info.hashfull,
        pv.join(" ")
    ));
}

fn parse_position(mut words: SplitWhitespace<'_>) -> Result<Game, String> {
    let mut position = match words.next() {
        Some("startpos") => {
            if let Some(word) = words.next()
                && word != "moves"
            {
                return Err(format!("expected 'moves' after startpos, found '{word}'"));
            }
            Chess::default()
        }
        Some("fen") => {
            let fields: Vec<&str> = words.by_ref().take_while(|w| *w != "moves").collect();
            let fen: Fen = fields
                .join(" ")
                .parse()
                .map_err(|e| format!("bad FEN: {e}"))?;
            fen.into_position(CastlingMode::Standard)
                .map_err(|e| format!("impossible position: {e}"))?
        }
        other => return Err(format!("expected startpos or fen, found {other:?}")),
    };
    let mut history = Vec::new();
    for word in words {
        let uci: UciMove = word
            .parse()
            .map_err(|_| format!("'{word}' is not a UCI move"))?;
        let m = uci
            .to_move(&position)
            .map_err(|_| format!("{word} is illegal here"))?;
        history.push(position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0);
        position.play_unchecked(m);
    }
    Ok(Game { position, history })
}

fn parse_go(mut words: SplitWhitespace<'_>, turn: Color) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let (mut wtime, mut btime, mut winc, mut binc, mut movestogo) = (None, None, 0, 0, None);
    while let Some(word) = words.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            let value = words
                .next()
                .ok_or_else(|| format!("{name} needs a value"))?;
            // Some GUIs send negative clock times when a flag is about to fall.
            value
                .parse::<i64>()
                .map(|n| n.max(0) as u64)
                .map_err(|_| format!("{name} needs a number, not '{value}'"))
        };
        match word {
            "wtime" => wtime = Some(number(word)?),
            "btime" => btime = Some(number(word)?),
            "winc" => winc = number(word)?,
            "binc" => binc = number(word)?,
            "movestogo" => movestogo = Some(u32::try_from(number(word)?).unwrap_or(u32::MAX)),
            "movetime" => limits.move_time = Some(Duration::from_millis(number(word)?)),
            "depth" => limits.depth = Some(u32::try_from(number(word)?).unwrap_or(u32::MAX)),
            "nodes" => limits.nodes = Some(number(word)?),
            "infinite" => limits.infinite = true,
            _ => {}
        }
    }
    let (ours, theirs, our_inc, their_inc) = match turn {
        Color::White => (wtime, btime, winc, binc),
        Color::Black => (btime, wtime, binc, winc),
    };
    if let Some(ours) = ours {
        limits.clock = Some(ClockBudget {
            our_time: Duration::from_millis(ours),
            our_increment: Duration::from_millis(our_inc),
            their_time: Duration::from_millis(theirs.unwrap_or(ours)),
            their_increment: Duration::from_millis(their_inc),
            moves_to_go: movestogo.filter(|&n| n > 0),
        });
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str) -> Result<Game, String> {
        parse_position(text.split_whitespace())
    }

    #[test]
    fn positions_from_startpos_and_fen_with_moves() {
        let game = position("startpos moves e2e4 e7e5 g1f3").expect("legal");
        assert_eq!(game.history.len(), 3);
        assert_eq!(
            game.history[0],
            Chess::default()
                .zobrist_hash::<Zobrist64>(EnPassantMode::Legal)
                .0
        );
        let game = position("fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4").expect("legal");
        assert_eq!(game.position.turn(), Color::Black);
        assert_eq!(game.history.len(), 1);
    }

    #[test]
    fn bad_positions_are_rejected_with_a_reason() {
        assert!(
            position("startpos moves e2e5")
                .unwrap_err()
                .contains("illegal")
        );
        assert!(
            position("startpos moves zz")
                .unwrap_err()
                .contains("not a UCI move")
        );
        assert!(
            position("fen 8/8/8 w - - 0 1")
                .unwrap_err()
                .contains("bad FEN")
        );
        assert!(
            position("fen 8/8/8/8/8/8/8/8 w - - 0 1")
                .unwrap_err()
                .contains("impossible")
        );
        assert!(position("startpos e2e4").is_err());
        assert!(position("").is_err());
    }

    #[test]
    fn go_reads_the_clock_of_the_side_to_move() {
        let words = "wtime 60000 btime 30000 winc 1000 binc 500 movestogo 20";
        let limits = parse_go(words.split_whitespace(), Color::Black).expect("valid");
        let clock = limits.clock.expect("clock given");
        assert_eq!(clock.our_time, Duration::from_secs(30));
        assert_eq!(clock.our_increment, Duration::from_millis(500));
        assert_eq!(clock.their_time, Duration::from_secs(60));
        assert_eq!(clock.moves_to_go, Some(20));
    }

    #[test]
    fn go_reads_fixed_limits() {
        let limits = parse_go(
            "depth 7 nodes 1000 movetime 250".split_whitespace(),
            Color::White,
        )
        .expect("valid");
        assert_eq!(limits.depth, Some(7));
        assert_eq!(limits.nodes, Some(1000));
        assert_eq!(limits.move_time, Some(Duration::from_millis(250)));
        assert!(limits.clock.is_none() && !limits.infinite);
        assert!(
            parse_go("infinite".split_whitespace(), Color::White)
                .expect("valid")
                .infinite
        );
        assert!(parse_go("depth x".split_whitespace(), Color::White).is_err());
        assert!(parse_go("nodes".split_whitespace(), Color::White).is_err());
    }
}
