//! The diagrams of the rules page, as data, and the check that each one
//! shows what its caption claims.
//!
//! The diagrams live in `diagrams.json` so that a second, separately written
//! program (python-chess, in `tests/i18n/`) checks the very same data.

mod blocks;

pub use blocks::{Block, Language, ListMarker, PageError, PageErrorKind, Span, Text, page, parse};

use std::{fmt, sync::LazyLock};

use serde::Deserialize;
use shakmaty::{
    CastlingMode, CastlingSide, Chess, Color, Move, Position, Role, Square, fen::Fen, san::San,
};

use crate::rules::{self, DrawClaim, EndReason, GameEnd, GameResult};

const DIAGRAMS_JSON: &str = include_str!("diagrams.json");

/// One diagram of the rules page.
#[derive(Debug, Clone)]
pub struct Diagram {
    /// Stable id, referenced from the rules text as `{{diagram:<id>}}`.
    pub id: String,
    pub fen: Fen,
    pub position: Chess,
    /// The move that led to the diagram, drawn highlighted.
    pub last_move: Option<MoveSquares>,
    /// The king that is in check, drawn highlighted.
    pub checked_king: Option<Square>,
    pub claim: Claim,
}

/// The position follows from the FEN, so it takes no part in comparing.
impl PartialEq for Diagram {
    fn eq(&self, other: &Diagram) -> bool {
        self.id == other.id
            && self.fen == other.fen
            && self.last_move == other.last_move
            && self.checked_king == other.checked_king
            && self.claim == other.claim
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveSquares {
    pub from: Square,
    pub to: Square,
}

/// What a diagram shows, in a form a program can verify.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The side to move may not castle on `side` because the king would
    /// pass over or land on `attacked`.
    CastlingIllegal {
        side: CastlingSide,
        attacked: Square,
    },
    /// The side to move may castle on `side` although `attacked` (a square
    /// the king does not cross) is attacked.
    CastlingLegal {
        side: CastlingSide,
        attacked: Square,
    },
    /// The pawn on `from` may capture en passant on `to` now.
    EnPassantLegal { from: Square, to: Square },
    /// The pawn on `from` promotes on `to`, to exactly queen, rook, bishop or knight.
    Promotion { from: Square, to: Square },
    /// The piece on `from` can move to exactly these squares.
    Destinations { from: Square, to: Vec<Square> },
    /// `nodes[i]` positions are reached after `i + 1` half-moves.
    Perft { nodes: Vec<u64> },
    /// Only the listed insufficient material is left: the game is drawn.
    InsufficientMaterial,
    /// Mate is still possible: the game goes on.
    PlaysOn,
    /// Neither side can ever checkmate, with more than insufficient material
    /// on the board: the game is drawn.
    DeadPosition,
    /// `flagged` (the side to move) runs out of time: it loses, or the game
    /// is drawn because the opponent can never checkmate.
    FlagFall { flagged: Color, result: GameResult },
    /// Playing `line` repeats the diagram position: its third occurrence comes
    /// after `threefold_after` half-moves, its fifth after `fivefold_after`.
    Repetition {
        line: Vec<San>,
        threefold_after: usize,
        fivefold_after: usize,
    },
}

/// The diagrams of the rules page, in the order the page shows them.
pub fn diagrams() -> &'static [Diagram] {
    static DIAGRAMS: LazyLock<Vec<Diagram>> = LazyLock::new(|| {
        // The data is compiled in and `tests::data_parses` checks it, so a
        // failure here cannot reach a user.
        parse_diagrams(DIAGRAMS_JSON).expect("embedded rules diagrams are valid")
    });
    &DIAGRAMS
}

/// The diagram with this id.
pub fn diagram(id: &str) -> Option<&'static Diagram> {
    diagrams().iter().find(|d| d.id == id)
}

/// Why the diagram data could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiagramDataError {
    Json(String),
    Fen { id: String, fen: String },
    IllegalPosition { id: String },
    Square { id: String, text: String },
    San { id: String, text: String },
    DuplicateId { id: String },
}

impl fmt::Display for DiagramDataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Json(e) => write!(f, "diagram data is not valid JSON: {e}"),
            Self::Fen { id, fen } => write!(f, "diagram {id}: invalid FEN {fen:?}"),
            Self::IllegalPosition { id } => write!(f, "diagram {id}: illegal position"),
            Self::Square { id, text } => write!(f, "diagram {id}: invalid square {text:?}"),
            Self::San { id, text } => write!(f, "diagram {id}: invalid SAN {text:?}"),
            Self::DuplicateId { id } => write!(f, "diagram id {id} is used twice"),
        }
    }
}

impl std::error::Error for DiagramDataError {}

/// Why a diagram does not show what it claims.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimError {
    /// The end the rules give the position is not the stated one.
    AutomaticEnd {
        stated: Option<GameEnd>,
        actual: Option<GameEnd>,
    },
    CheckedKing {
        stated: Option<Square>,
        actual: Option<Square>,
    },
    LastMoveNotPlayed(MoveSquares),
    NoCastlingRight(CastlingSide),
    KingInCheck,
    CastlingPathBlocked(CastlingSide),
    SquareNotAttacked(Square),
    SquareOnKingPath(Square),
    CastlingAllowed(CastlingSide),
    CastlingNotAllowed(CastlingSide),
    EnPassantNotLegal(MoveSquares),
    PromotionChoices {
        found: Vec<Role>,
    },
    Destinations {
        stated: Vec<Square>,
        actual: Vec<Square>,
    },
    Perft {
        depth: u32,
        stated: u64,
        actual: u64,
    },
    /// Only the side to move's flag can fall.
    FlaggedNotToMove(Color),
    FlagFall {
        stated: GameResult,
        actual: GameEnd,
    },
    IllegalLineMove {
        ply: usize,
        san: San,
    },
    RepetitionCount {
        occurrences: usize,
        stated_ply: usize,
        actual_ply: Option<usize>,
    },
}

/// A diagram that does not show what it claims.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramError {
    pub id: String,
    pub error: ClaimError,
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "diagram {}: {:?}", self.id, self.error)
    }
}

impl std::error::Error for DiagramError {}

/// Checks with the core that the diagram shows what it claims.
pub fn verify(diagram: &Diagram) -> Result<(), DiagramError> {
    verify_claim(diagram).map_err(|error| DiagramError {
        id: diagram.id.clone(),
        error,
    })
}

fn verify_claim(d: &Diagram) -> Result<(), ClaimError> {
    let pos = &d.position;
    let actual_checked = pos
        .is_check()
        .then(|| pos.our(Role::King).first())
        .flatten();
    if d.checked_king != actual_checked {
        return Err(ClaimError::CheckedKing {
            stated: d.checked_king,
            actual: actual_checked,
        });
    }
    if let Some(m) = d.last_move {
        // The mover's piece stands on the target square and the origin is empty.
        let moved = pos.board().color_at(m.to) == Some(!pos.turn());
        if !moved || pos.board().piece_at(m.from).is_some() {
            return Err(ClaimError::LastMoveNotPlayed(m));
        }
    }
    let end = |result, reason| Some(GameEnd::new(result, reason));
    match &d.claim {
        Claim::Checkmate => automatic_end_is(
            pos,
            end(GameResult::win_for(!pos.turn()), EndReason::Checkmate),
        ),
        Claim::Stalemate => automatic_end_is(pos, end(GameResult::Draw, EndReason::Stalemate)),
        Claim::InsufficientMaterial => {
            automatic_end_is(pos, end(GameResult::Draw, EndReason::InsufficientMaterial))
        }
        Claim::PlaysOn => automatic_end_is(pos, None),
        Claim::DeadPosition => {
            automatic_end_is(pos, end(GameResult::Draw, EndReason::DeadPosition))
        }
        Claim::FlagFall { flagged, result } => {
            if *flagged != pos.turn() {
                return Err(ClaimError::FlaggedNotToMove(*flagged));
            }
            let actual = rules::flag_fall(pos, *flagged);
            (actual.result == *result)
                .then_some(())
                .ok_or(ClaimError::FlagFall {
                    stated: *result,
                    actual,
                })
        }
        Claim::CastlingIllegal { side, attacked } => {
            check_castling_conditions(pos, *side, *attacked, true)?;
            if can_castle(pos, *side) {
                return Err(ClaimError::CastlingAllowed(*side));
            }
            Ok(())
        }
        Claim::CastlingLegal { side, attacked } => {
            check_castling_conditions(pos, *side, *attacked, false)?;
            if !can_castle(pos, *side) {
                return Err(ClaimError::CastlingNotAllowed(*side));
            }
            Ok(())
        }
        Claim::EnPassantLegal { from, to } => {
            let legal = pos
                .legal_moves()
                .into_iter()
                .any(|m| matches!(m, Move::EnPassant { from: f, to: t } if f == *from && t == *to));
            legal
                .then_some(())
                .ok_or(ClaimError::EnPassantNotLegal(MoveSquares {
                    from: *from,
                    to: *to,
                }))
        }
        Claim::Promotion { from, to } => {
            let mut found: Vec<Role> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.from() == Some(*from) && m.to() == *to)
                .filter_map(|m| m.promotion())
                .collect();
            found.sort();
            let expected = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
            (found == expected)
                .then_some(())
                .ok_or(ClaimError::PromotionChoices { found })
        }
        Claim::Destinations { from, to } => {
            let mut actual: Vec<Square> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.from() == Some(*from))
                .map(|m| m.to())
                .collect();
            actual.sort();
            actual.dedup();
            let mut stated = to.clone();
            stated.sort();
            (stated == actual)
                .then_some(())
                .ok_or(ClaimError::Destinations { stated, actual })
        }
        Claim::Perft { nodes } => {
            for (depth, &stated) in (1..).zip(nodes) {
                let actual = shakmaty::perft(pos, depth);
                if actual != stated {
                    return Err(ClaimError::Perft {
                        depth,
                        stated,
                        actual,
                    });
                }
            }
            Ok(())
        }
        Claim::Repetition {
            line,
            threefold_after,
            fivefold_after,
        } => verify_repetition(pos, line, *threefold_after, *fivefold_after),
    }
}

/// The end the app's rules give the position when it first occurs.
fn automatic_end_is(pos: &Chess, stated: Option<GameEnd>) -> Result<(), ClaimError> {
    let actual = rules::automatic_end(pos, 1);
    (actual == stated)
        .then_some(())
        .ok_or(ClaimError::AutomaticEnd { stated, actual })
}

fn can_castle(pos: &Chess, side: CastlingSide) -> bool {
    pos.legal_moves()
        .into_iter()
        .any(|m| m.castling_side() == Some(side))
}

/// Checks that castling on `side` fails, or does not fail, for the stated
/// reason alone: the right exists, the path is empty, the king is not in
/// check, and `attacked` is attacked and lies (or, for a legal castling, does
/// not lie) on the king's path.
fn check_castling_conditions(
    pos: &Chess,
    side: CastlingSide,
    attacked: Square,
    on_king_path: bool,
) -> Result<(), ClaimError> {
    let us = pos.turn();
    let castles = pos.castles();
    if !castles.has(us, side) {
        return Err(ClaimError::NoCastlingRight(side));
    }
    if (castles.path(us, side) & pos.board().occupied()).any() {
        return Err(ClaimError::CastlingPathBlocked(side));
    }
    if pos.is_check() {
        return Err(ClaimError::KingInCheck);
    }
    let occupied = pos.board().occupied();
    if pos.king_attackers(attacked, !us, occupied).is_empty() {
        return Err(ClaimError::SquareNotAttacked(attacked));
    }
    let king_path = [side.king_to_file(), side.rook_to_file()]
        .map(|file| Square::from_coords(file, us.backrank()));
    if king_path.contains(&attacked) != on_king_path {
        return Err(ClaimError::SquareOnKingPath(attacked));
    }
    Ok(())
}

/// Plays `line` and asks the app's rules, as a game would after each move,
/// when a draw may first be claimed and when the game ends by itself.
fn verify_repetition(
    start: &Chess,
    line: &[San],
    threefold_after: usize,
    fivefold_after: usize,
) -> Result<(), ClaimError> {
    let mut pos = start.clone();
    let mut keys = vec![rules::position_key(&pos)];
    let (mut claimable, mut ended) = (None, None);
    for (index, san) in line.iter().enumerate() {
        let ply = index + 1;
        if ended.is_some() {
            return Err(ClaimError::IllegalLineMove { ply, san: *san });
        }
        let m = san
            .to_move(&pos)
            .map_err(|_| ClaimError::IllegalLineMove { ply, san: *san })?;
        pos.play_unchecked(m);
        let key = rules::position_key(&pos);
        keys.push(key);
        let occurrences = keys.iter().filter(|k| **k == key).count();
        let claims = rules::claimable_draws(&pos, occurrences);
        if claimable.is_none() && claims.contains(&DrawClaim::ThreefoldRepetition) {
            claimable = Some(ply);
        }
        if let Some(end) = rules::automatic_end(&pos, occurrences) {
            if end.reason == EndReason::FivefoldRepetition {
                ended = Some(ply);
            } else {
                return Err(ClaimError::AutomaticEnd {
                    stated: None,
                    actual: Some(end),
                });
            }
        }
    }
    for (actual_ply, (occurrences, stated_ply)) in [claimable, ended].into_iter().zip([
        (rules::THREEFOLD, threefold_after),
        (rules::FIVEFOLD, fivefold_after),
    ]) {
        if actual_ply != Some(stated_ply) {
            return Err(ClaimError::RepetitionCount {
                occurrences,
                stated_ply,
                actual_ply,
            });
        }
    }
    Ok(())
}

#[derive(Deserialize)]
struct RawData {
    diagrams: Vec<RawDiagram>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDiagram {
    id: String,
    fen: String,
    #[serde(default)]
    last_move: Option<RawMove>,
    #[serde(default)]
    checked_king: Option<String>,
    claim: RawClaim,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMove {
    from: String,
    to: String,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RawSide {
    King,
    Queen,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RawColor {
    White,
    Black,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RawResult {
    /// The flagged side loses.
    Loss,
    Draw,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum RawClaim {
    Checkmate,
    Stalemate,
    CastlingIllegal {
        side: RawSide,
        attacked: String,
    },
    CastlingLegal {
        side: RawSide,
        attacked: String,
    },
    EnPassantLegal {
        from: String,
        to: String,
    },
    Promotion {
        from: String,
        to: String,
    },
    Destinations {
        from: String,
        to: Vec<String>,
    },
    Perft {
        nodes: Vec<u64>,
    },
    InsufficientMaterial,
    PlaysOn,
    DeadPosition,
    FlagFall {
        flagged: RawColor,
        result: RawResult,
    },
    Repetition {
        line: Vec<String>,
        threefold_after: usize,
        fivefold_after: usize,
    },
}

/// Reads diagram data in the format of `diagrams.json`.
pub fn parse_diagrams(json: &str) -> Result<Vec<Diagram>, DiagramDataError> {
    let raw: RawData =
        serde_json::from_str(json).map_err(|e| DiagramDataError::Json(e.to_string()))?;
    let mut out: Vec<Diagram> = Vec::with_capacity(raw.diagrams.len());
    for r in raw.diagrams {
        if out.iter().any(|d| d.id == r.id) {
            return Err(DiagramDataError::DuplicateId { id: r.id });
        }
        out.push(convert(r)?);
    }
    Ok(out)
}

fn convert(r: RawDiagram) -> Result<Diagram, DiagramDataError> {
    let id = r.id;
    let square = |text: &str| {
        text.parse::<Square>()
            .map_err(|_| DiagramDataError::Square {
                id: id.clone(),
                text: text.to_owned(),
            })
    };
    let side = |s: RawSide| match s {
        RawSide::King => CastlingSide::KingSide,
        RawSide::Queen => CastlingSide::QueenSide,
    };
    let fen: Fen = r.fen.parse().map_err(|_| DiagramDataError::Fen {
        id: id.clone(),
        fen: r.fen.clone(),
    })?;
    let position: Chess = fen
        .clone()
        .into_position(CastlingMode::Standard)
        .map_err(|_| DiagramDataError::IllegalPosition { id: id.clone() })?;
    let last_move = match r.last_move {
        Some(m) => Some(MoveSquares {
            from: square(&m.from)?,
            to: square(&m.to)?,
        }),
        None => None,
    };
    let checked_king = r.checked_king.as_deref().map(square).transpose()?;
    let claim = match r.claim {
        RawClaim::Checkmate => Claim::Checkmate,
        RawClaim::Stalemate => Claim::Stalemate,
        RawClaim::CastlingIllegal { side: s, attacked } => Claim::CastlingIllegal {
            side: side(s),
            attacked: square(&attacked)?,
        },
        RawClaim::CastlingLegal { side: s, attacked } => Claim::CastlingLegal {
            side: side(s),
            attacked: square(&attacked)?,
        },
        RawClaim::EnPassantLegal { from, to } => Claim::EnPassantLegal {
            from: square(&from)?,
            to: square(&to)?,
        },
        RawClaim::Promotion { from, to } => Claim::Promotion {
            from: square(&from)?,
            to: square(&to)?,
        },
        RawClaim::Destinations { from, to } => Claim::Destinations {
            from: square(&from)?,
            to: to.iter().map(|s| square(s)).collect::<Result<_, _>>()?,
        },
        RawClaim::Perft { nodes } => Claim::Perft { nodes },
        RawClaim::InsufficientMaterial => Claim::InsufficientMaterial,
        RawClaim::PlaysOn => Claim::PlaysOn,
        RawClaim::DeadPosition => Claim::DeadPosition,
        RawClaim::FlagFall { flagged, result } => {
            let flagged = match flagged {
                RawColor::White => Color::White,
                RawColor::Black => Color::Black,
            };
            Claim::FlagFall {
                flagged,
                result: match result {
                    RawResult::Loss => GameResult::win_for(!flagged),
                    RawResult::Draw => GameResult::Draw,
                },
            }
        }
        RawClaim::Repetition {
            line,
            threefold_after,
            fivefold_after,
        } => Claim::Repetition {
            line: line
                .iter()
                .map(|s| {
                    s.parse::<San>().map_err(|_| DiagramDataError::San {
                        id: id.clone(),
                        text: s.clone(),
                    })
                })
                .collect::<Result<_, _>>()?,
            threefold_after,
            fivefold_after,
        },
    };
    Ok(Diagram {
        id,
        fen,
        position,
        last_move,
        checked_king,
        claim,
    })
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod prose_tests;
