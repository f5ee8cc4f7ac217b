//! Save and restore of a whole session, so that an app ended mid-game
//! resumes exactly: moves, clock, repetition history, pending offer.
//!
//! A save file is JSON. Restoring replays every move through the rules, so a
//! damaged or edited file is refused with a reason instead of producing a
//! game that could not have happened.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use shakmaty::Color;
use shakmaty::uci::UciMove;

use super::{GameConfig, GameError, GameSession, Mode};
use crate::clock::{Clock, ClockSnapshot, Millis, TimeControl, TimeSource};
use crate::rules::{self, EndReason, GameEnd};

const FORMAT: &str = "rokada-game";
/// Version 2 ends games in dead positions and judges flag falls by a full
/// helpmate search. Version 1 files still load: see [`Legacy`].
const VERSION: u32 = 2;
/// More moves than any real game; a larger file is refused unread.
const MAX_PLIES: usize = 10_000;
const MAX_NAME_LEN: usize = 200;

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveFile {
    format: String,
    version: u32,
    mode: Mode,
    start_fen: Option<String>,
    white_name: Option<String>,
    black_name: Option<String>,
    date: String,
    time_control: Option<TimeControl>,
    moves: Vec<SavedMove>,
    /// Taken-back moves in UCI, the next one to replay last.
    redo: Vec<String>,
    clock: Option<ClockSnapshot>,
    end: Option<GameEnd>,
    #[serde(with = "crate::serde_color::option")]
    draw_offer: Option<Color>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedMove {
    uci: String,
    clock_after: Option<Millis>,
}

/// Why a save file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveError {
    /// Not JSON, or JSON of another shape.
    Malformed(String),
    NotASaveFile,
    UnsupportedVersion(u32),
    TooLarge,
    BadSetup(GameError),
    /// Half-move `ply` (counting from 1) is not legal where it stands.
    IllegalMove {
        ply: usize,
        text: String,
    },
    /// A move follows an end that the position itself made.
    MoveAfterEnd {
        ply: usize,
    },
    /// The recorded end does not follow from the game.
    InconsistentEnd,
    /// The clock does not fit the game (times, running side, time control).
    InconsistentClock,
    /// A pending draw offer where the mode or state has none.
    InconsistentOffer,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Malformed(why) => write!(f, "the save file is damaged: {why}"),
            SaveError::NotASaveFile => write!(f, "this is not a Rokada save file"),
            SaveError::UnsupportedVersion(v) => write!(f, "save file version {v} is not supported"),
            SaveError::TooLarge => write!(f, "the save file holds more moves than any game"),
            SaveError::BadSetup(e) => write!(f, "the saved game's setup is invalid: {e}"),
            SaveError::IllegalMove { ply, text } => {
                write!(f, "saved half-move {ply} ({text}) is illegal")
            }
            SaveError::MoveAfterEnd { ply } => {
                write!(f, "saved half-move {ply} comes after the game ended")
            }
            SaveError::InconsistentEnd => {
                write!(f, "the saved result does not follow from the game")
            }
            SaveError::InconsistentClock => write!(f, "the saved clock does not fit the game"),
            SaveError::InconsistentOffer => write!(f, "the saved draw offer does not fit the game"),
        }
    }
}

impl std::error::Error for SaveError {}

impl GameSession {
    /// The whole session as a save file.
    pub fn save(&self) -> String {
        let file = SaveFile {
            format: FORMAT.to_owned(),
            version: VERSION,
            mode: self.config.mode,
            start_fen: self.config.start_fen.clone(),
            white_name: self.config.white_name.clone(),
            black_name: self.config.black_name.clone(),
            date: self.date.clone(),
            time_control: self.config.time_control,
            moves: self
                .moves
                .iter()
                .map(|m| SavedMove {
                    uci: m.uci.clone(),
                    clock_after: m.clock_after,
                })
                .collect(),
            redo: self.redo.iter().map(|m| m.uci.clone()).collect(),
            // A paused clock is saved running: a restored game goes on.
            clock: self.clock().map(|c| ClockSnapshot {
                running: self.expected_running(),
                ..c
            }),
            end: self.end,
            draw_offer: self.draw_offer,
        };
        serde_json::to_string(&file).expect("a save file always serializes")
    }

    /// Restores a session saved by [`GameSession::save`]. A running clock runs
    /// again from now; time while the app was away is not charged.
    pub fn restore(text: &str, time: Arc<dyn TimeSource>) -> Result<GameSession, SaveError> {
        let file: SaveFile =
            serde_json::from_str(text).map_err(|e| SaveError::Malformed(e.to_string()))?;
        if file.format != FORMAT {
            return Err(SaveError::NotASaveFile);
        }
        let legacy = match file.version {
            VERSION => Legacy::No,
            1 => Legacy::MaterialRules,
            other => return Err(SaveError::UnsupportedVersion(other)),
        };
        if file.moves.len() + file.redo.len() > MAX_PLIES {
            return Err(SaveError::TooLarge);
        }
        let names_ok = [&file.white_name, &file.black_name]
            .iter()
            .all(|n| n.as_ref().is_none_or(|n| n.len() <= MAX_NAME_LEN));
        if !names_ok {
            return Err(SaveError::Malformed("player name too long".to_owned()));
        }
        let config = GameConfig {
            mode: file.mode,
            start_fen: file.start_fen,
            time_control: file.time_control,
            white_name: file.white_name,
            black_name: file.black_name,
        };
        let mut session = GameSession::new(config, time).map_err(SaveError::BadSetup)?;
        if !is_pgn_date(&file.date) {
            return Err(SaveError::Malformed(format!("bad date {:?}", file.date)));
        }
        session.date = file.date;
        // Moves are replayed without a clock; the saved clock is put in after.
        session.clock = None;
        for (i, saved) in file.moves.iter().enumerate() {
            let ply = i + 1;
            if session.is_over() {
                return Err(SaveError::MoveAfterEnd { ply });
            }
            let m = legal_uci(&session, &saved.uci).ok_or_else(|| SaveError::IllegalMove {
                ply,
                text: saved.uci.clone(),
            })?;
            session.commit_move(m);
            session.moves[i].clock_after = saved.clock_after;
            if legacy == Legacy::MaterialRules
                && session
                    .end
                    .is_some_and(|e| e.reason == EndReason::DeadPosition)
            {
                session.end = None;
            }
        }
        session.restore_end(file.end)?;
        session.restore_clock(file.clock, file.time_control, legacy)?;
        session.restore_redo(&file.redo)?;
        if let Some(offerer) = file.draw_offer {
            if !session.mode().has_draw_offers() || session.is_over() {
                return Err(SaveError::InconsistentOffer);
            }
            session.draw_offer = Some(offerer);
        }
        Ok(session)
    }

    fn restore_end(&mut self, saved: Option<GameEnd>) -> Result<(), SaveError> {
        let automatic = self.end;
        let consistent = match (automatic, saved) {
            (Some(a), Some(s)) => a == s,
            (Some(_), None) => false,
            (None, None) => true,
            (None, Some(s)) => match s.reason {
                r if r.is_automatic() => false,
                EndReason::ThreefoldRepetition | EndReason::FiftyMoveRule => {
                    let claims = rules::claimable_draws(&self.position, self.occurrences());
                    claims.iter().any(|c| c.end_reason() == s.reason)
                        && s.result == rules::GameResult::Draw
                }
                EndReason::Agreement => {
                    s.result == rules::GameResult::Draw
                        && !matches!(self.mode(), Mode::Computer { .. })
                }
                EndReason::Resignation => s.result != rules::GameResult::Draw,
                // Checked against the clock in restore_clock.
                EndReason::Timeout | EndReason::TimeoutCannotMate => true,
                _ => false,
            },
        };
        if !consistent {
            return Err(SaveError::InconsistentEnd);
        }
        self.end = saved;
        Ok(())
    }

    fn restore_clock(
        &mut self,
        saved: Option<ClockSnapshot>,
        control: Option<TimeControl>,
        legacy: Legacy,
    ) -> Result<(), SaveError> {
        let timeout = self
            .end
            .filter(|e| matches!(e.reason, EndReason::Timeout | EndReason::TimeoutCannotMate));
        let Some(snapshot) = saved else {
            return match (control, timeout) {
                (None, None) => Ok(()),
                _ => Err(SaveError::InconsistentClock),
            };
        };
        if control != Some(snapshot.control) {
            return Err(SaveError::InconsistentClock);
        }
        let expected_running = self.expected_running();
        let max = 2 * crate::clock::MAX_BASE_MS;
        if snapshot.running != expected_running
            || snapshot.white_ms > max
            || snapshot.black_ms > max
        {
            return Err(SaveError::InconsistentClock);
        }
        if let Some(end) = timeout {
            // The flag that fell is the side to move's, and its time is up.
            let flagged = self.turn();
            let verdict_fits = rules::flag_fall(&self.position, flagged) == end
                || (legacy == Legacy::MaterialRules
                    && material_flag_fall(&self.position, flagged) == end);
            if snapshot.remaining(flagged) != 0 || !verdict_fits {
                return Err(SaveError::InconsistentEnd);
            }
        }
        self.clock = Some(Clock::from_snapshot(&snapshot, self.time.now_ms()));
        Ok(())
    }

    fn restore_redo(&mut self, redo: &[String]) -> Result<(), SaveError> {
        if redo.is_empty() {
            return Ok(());
        }
        if !self.mode().allows_redo() || !self.undoable_end() {
            return Err(SaveError::Malformed(
                "taken-back moves in a game that has none".to_owned(),
            ));
        }
        // Check the whole line is playable from here, next move first.
        let mut probe = self.position.clone();
        let mut stack = Vec::with_capacity(redo.len());
        for (i, text) in redo.iter().rev().enumerate() {
            let ply = self.moves.len() + i + 1;
            let illegal = || SaveError::IllegalMove {
                ply,
                text: text.clone(),
            };
            let uci: UciMove = text.parse().map_err(|_| illegal())?;
            let m = uci.to_move(&probe).map_err(|_| illegal())?;
            let (from, to) = super::display_squares(m);
            stack.push(super::PlayedMove {
                ply,
                number: shakmaty::Position::fullmoves(&probe).get(),
                color: shakmaty::Position::turn(&probe),
                chess_move: m,
                san: shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut probe, m)
                    .to_string(),
                uci: text.clone(),
                from,
                to,
                clock_after: None,
            });
        }
        stack.reverse();
        self.redo = stack;
        Ok(())
    }
}

/// How a version 1 file is read: under the rules it was saved with, which
/// played on in dead positions and judged a flag fall by the opponent's
/// material alone. Its game keeps the verdicts it had; dead positions end it
/// from its next move on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Legacy {
    No,
    MaterialRules,
}

/// The flag-fall verdict of version 1: a loss unless the opponent lacks
/// mating material.
fn material_flag_fall(position: &shakmaty::Chess, flagged: Color) -> GameEnd {
    use shakmaty::Position as _;
    if position.has_insufficient_material(!flagged) {
        GameEnd::new(rules::GameResult::Draw, EndReason::TimeoutCannotMate)
    } else {
        GameEnd::new(rules::GameResult::win_for(!flagged), EndReason::Timeout)
    }
}

fn legal_uci(session: &GameSession, text: &str) -> Option<shakmaty::Move> {
    let uci: UciMove = text.parse().ok()?;
    uci.to_move(&session.position).ok()
}

/// `YYYY.MM.DD`, digits or `?` as PGN allows.
fn is_pgn_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, &c)| match i {
            4 | 7 => c == b'.',
            _ => c.is_ascii_digit() || c == b'?',
        })
}
