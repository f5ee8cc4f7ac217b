//! `rokada replay [FILE|-]`: plays one PGN game through a session and prints
//! where it ended as one JSON object, for scripts and the rules tests.

use std::io::Read;
use std::process::ExitCode;

use rokada_core::clock::MonotonicTime;
use rokada_core::pgn::{PgnError, PgnErrorKind, RecordedResult, parse_first_game};
use rokada_core::session::{GameConfig, GameSession, Mode};
use serde_json::{Value, json};
use shakmaty::Position;
use shakmaty::san::SanPlus;

use crate::args::{ArgError, Args};

pub fn run(mut args: Args) -> Result<ExitCode, ArgError> {
    let mut path = None;
    let mut every_ply = false;
    let mut pgn = false;
    while let Some(arg) = args.next()? {
        match arg {
            lexopt::Arg::Long("every-ply") => every_ply = true,
            lexopt::Arg::Long("pgn") => pgn = true,
            lexopt::Arg::Value(v) if path.is_none() => {
                path = Some(Args::parse_value::<String>(v, "FILE")?)
            }
            other => return Err(Args::unexpected(other)),
        }
    }
    let text = match path.as_deref() {
        None | Some("-") => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| ArgError::usage(format!("cannot read standard input: {e}")))?;
            text
        }
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| ArgError::usage(format!("cannot read {path}: {e}")))?,
    };
    let output = if pgn {
        export(&text)
    } else {
        replay(&text, every_ply).map(|lines| lines.iter().map(|l| format!("{l}\n")).collect())
    };
    match output {
        Ok(text) => {
            print!("{text}");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("{e}");
            Ok(ExitCode::from(2))
        }
    }
}

/// The game as Rokada writes PGN, with the result its PGN recorded.
fn export(text: &str) -> Result<String, PgnError> {
    let game = parse_first_game(text)?;
    let time = std::sync::Arc::new(MonotonicTime::new());
    let session = GameSession::from_pgn(&game, Mode::SamePhone, RecordedResult::Apply, time)?;
    Ok(session.to_pgn())
}

/// The JSON lines for a PGN text: the final position, or every position
/// from the start with `every_ply`.
fn replay(text: &str, every_ply: bool) -> Result<Vec<Value>, PgnError> {
    let game = parse_first_game(text)?;
    let time = std::sync::Arc::new(MonotonicTime::new());
    let session =
        GameSession::from_pgn(&game, Mode::SamePhone, RecordedResult::Ignore, time.clone())?;
    if !every_ply {
        return Ok(vec![describe(&session)]);
    }
    let mut config = GameConfig::new(Mode::SamePhone);
    config.start_fen = session.config().start_fen.clone();
    let mut walk = GameSession::new(config, time).map_err(|e| PgnError {
        kind: PgnErrorKind::BadFen,
        ply: 0,
        text: e.to_string(),
    })?;
    let mut lines = vec![describe(&walk)];
    for played in session.moves() {
        walk.play_text(&played.uci).map_err(|e| PgnError {
            kind: PgnErrorKind::IllegalMove,
            ply: played.ply,
            text: e.to_string(),
        })?;
        lines.push(describe(&walk));
    }
    Ok(lines)
}

fn describe(session: &GameSession) -> Value {
    let position = session.position();
    let end = session.end();
    let status = end.map_or("ongoing", |e| e.reason.as_str());
    let result = end.map_or("*", |e| e.result.as_pgn());
    let mut legal_moves: Vec<String> = if end.is_some() {
        Vec::new()
    } else {
        position
            .legal_moves()
            .iter()
            .map(|&m| SanPlus::from_move(position.clone(), m).to_string())
            .collect()
    };
    legal_moves.sort();
    let claims: Vec<&str> = session
        .claimable_draws()
        .iter()
        .map(|c| c.as_str())
        .collect();
    json!({
        "fen": session.fen(),
        "turn": session.turn().to_string(),
        "status": status,
        "result": result,
        "claimable_draws": claims,
        "legal_moves": legal_moves,
        "plies": session.moves().len(),
        "check": position.is_check(),
    })
}
