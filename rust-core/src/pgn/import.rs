use std::sync::Arc;

use super::{PgnError, PgnErrorKind, PgnGame};
use crate::clock::TimeSource;
use crate::rules::{self, EndReason, GameEnd, GameResult};
use crate::session::{GameConfig, GameSession, Mode, parse_move};

/// Whether an imported game takes on the end its PGN records (a resignation,
/// an agreed draw, a loss on time) when the moves alone do not end it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordedResult {
    Apply,
    Ignore,
}

impl GameSession {
    /// A session holding a game read from PGN, in `mode`, without a clock.
    pub fn from_pgn(
        game: &PgnGame,
        mode: Mode,
        recorded: RecordedResult,
        time: Arc<dyn TimeSource>,
    ) -> Result<GameSession, PgnError> {
        let fen = game.tag("FEN").filter(|_| game.tag("SetUp") != Some("0"));
        let mut config = GameConfig::new(mode);
        config.start_fen = fen.map(str::to_owned);
        let is_name = |n: &&str| !n.is_empty() && *n != "?";
        config.white_name = game.tag("White").filter(is_name).map(str::to_owned);
        config.black_name = game.tag("Black").filter(is_name).map(str::to_owned);
        let mut session = GameSession::new(config, time).map_err(|e| PgnError {
            kind: PgnErrorKind::BadFen,
            ply: 0,
            text: match e {
                crate::session::GameError::InvalidFen { text, reason } => {
                    format!("{text} ({reason})")
                }
                other => other.to_string(),
            },
        })?;
        for pgn_move in &game.moves {
            let error = |kind| PgnError {
                kind,
                ply: pgn_move.ply,
                text: pgn_move.text.clone(),
            };
            if session.is_over() {
                return Err(error(PgnErrorKind::MoveAfterEnd));
            }
            let m = parse_move(session.position(), &pgn_move.text)
                .map_err(|_| error(PgnErrorKind::IllegalMove))?;
            session.commit_move(m);
        }
        if recorded == RecordedResult::Apply
            && !session.is_over()
            && let Some(end) = recorded_end(game, &session)
        {
            session.finish(end);
        }
        Ok(session)
    }
}

/// The end a finished PGN game records, for games the moves alone don't end.
/// A loss on time is judged again by the Laws: the flag that fell is the
/// side to move's, and it loses only if the opponent could still mate.
fn recorded_end(game: &PgnGame, session: &GameSession) -> Option<GameEnd> {
    let result = match game.result.as_deref().or(game.tag("Result"))? {
        "1-0" => GameResult::WhiteWins,
        "0-1" => GameResult::BlackWins,
        "1/2-1/2" => GameResult::Draw,
        _ => return None,
    };
    let on_time = game
        .tag("Termination")
        .is_some_and(|t| t.eq_ignore_ascii_case("time forfeit"));
    if on_time {
        return Some(rules::flag_fall(session.position(), session.turn()));
    }
    let reason = match result {
        GameResult::Draw => EndReason::Agreement,
        _ => EndReason::Resignation,
    };
    Some(GameEnd::new(result, reason))
}
