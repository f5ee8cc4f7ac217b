//! The diagrams of the rules page, as data, and the check that each one
//! shows what its caption claims.
//!
//! The diagrams live in `diagrams.json` so that a second, separately written
//! program (python-chess, in `tests/i18n/`) checks the very same data.

use std::{fmt, sync::LazyLock};

use serde::Deserialize;
use shakmaty::{
    CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Move, Position, Role, Square,
    fen::Fen, san::San, zobrist::Zobrist64,
};

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
    /// Neither side can checkmate: the game is drawn.
    InsufficientMaterial,
    /// Mate is still possible: the game goes on.
    PlaysOn,
    /// Whether `color` can still checkmate by some series of legal moves,
    /// which decides a flag fall of its opponent.
    MatingMaterial { color: Color, can_mate: bool },
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
    NotCheckmate,
    NotStalemate,
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
    MaterialSufficient,
    MaterialInsufficient,
    MatingMaterial {
        color: Color,
        stated: bool,
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
    match &d.claim {
        Claim::Checkmate => pos
            .is_checkmate()
            .then_some(())
            .ok_or(ClaimError::NotCheckmate),
        Claim::Stalemate => pos
            .is_stalemate()
            .then_some(())
            .ok_or(ClaimError::NotStalemate),
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
        Claim::InsufficientMaterial => pos
            .is_insufficient_material()
            .then_some(())
            .ok_or(ClaimError::MaterialSufficient),
        Claim::PlaysOn => (!pos.is_insufficient_material())
            .then_some(())
            .ok_or(ClaimError::MaterialInsufficient),
        Claim::MatingMaterial { color, can_mate } => (pos.has_insufficient_material(*color)
            != *can_mate)
            .then_some(())
            .ok_or(ClaimError::MatingMaterial {
                color: *color,
                stated: *can_mate,
            }),
        Claim::Repetition {
            line,
            threefold_after,
            fivefold_after,
        } => verify_repetition(pos, line, *threefold_after, *fivefold_after),
    }
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

fn verify_repetition(
    start: &Chess,
    line: &[San],
    threefold_after: usize,
    fivefold_after: usize,
) -> Result<(), ClaimError> {
    let key = |p: &Chess| p.zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
    let target = key(start);
    let mut pos = start.clone();
    let mut occurrences = 1;
    let mut reached = [None, None];
    for (index, san) in line.iter().enumerate() {
        let ply = index + 1;
        let m = san
            .to_move(&pos)
            .map_err(|_| ClaimError::IllegalLineMove { ply, san: *san })?;
        pos.play_unchecked(m);
        if key(&pos) == target {
            occurrences += 1;
            for (slot, wanted) in reached.iter_mut().zip([3, 5]) {
                if occurrences == wanted {
                    *slot = Some(ply);
                }
            }
        }
    }
    for (actual_ply, (occurrences, stated_ply)) in reached
        .into_iter()
        .zip([(3, threefold_after), (5, fivefold_after)])
    {
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
    MatingMaterial {
        color: RawColor,
        can_mate: bool,
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
        RawClaim::MatingMaterial { color, can_mate } => Claim::MatingMaterial {
            color: match color {
                RawColor::White => Color::White,
                RawColor::Black => Color::Black,
            },
            can_mate,
        },
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
mod tests {
    use super::*;

    #[test]
    fn data_parses() {
        let diagrams = parse_diagrams(DIAGRAMS_JSON).expect("diagram data parses");
        assert!(!diagrams.is_empty());
    }

    #[test]
    fn every_diagram_shows_what_it_claims() {
        for d in diagrams() {
            verify(d).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    #[test]
    fn the_page_quotes_the_engine_numbers() {
        let start = diagram("start-position").expect("start diagram");
        assert_eq!(
            start.claim,
            Claim::Perft {
                nodes: vec![20, 400, 8_902]
            }
        );
        let knights = diagram("knights-repetition").expect("repetition diagram");
        assert!(matches!(
            knights.claim,
            Claim::Repetition {
                threefold_after: 8,
                fivefold_after: 16,
                ..
            }
        ));
    }

    fn with_claim(id: &str, fen: &str, claim: Claim) -> Diagram {
        let fen: Fen = fen.parse().expect("test FEN");
        let position = fen
            .clone()
            .into_position(CastlingMode::Standard)
            .expect("legal");
        Diagram {
            id: id.to_owned(),
            fen,
            position,
            last_move: None,
            checked_king: None,
            claim,
        }
    }

    #[test]
    fn wrong_claims_are_rejected() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let wrong = [
            with_claim("a", start, Claim::Checkmate),
            with_claim("b", start, Claim::Stalemate),
            with_claim("c", start, Claim::InsufficientMaterial),
            with_claim(
                "d",
                start,
                Claim::Perft {
                    nodes: vec![20, 401],
                },
            ),
            with_claim(
                "e",
                "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
                Claim::CastlingIllegal {
                    side: CastlingSide::KingSide,
                    attacked: Square::F1,
                },
            ),
            with_claim(
                "f",
                "4k3/8/8/8/2b5/8/8/4K2R w K - 0 1",
                Claim::CastlingLegal {
                    side: CastlingSide::KingSide,
                    attacked: Square::F1,
                },
            ),
            with_claim(
                "g",
                "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2",
                Claim::EnPassantLegal {
                    from: Square::E5,
                    to: Square::D6,
                },
            ),
            with_claim(
                "h",
                "8/8/4k3/3n4/8/3KN3/8/8 w - - 0 1",
                Claim::InsufficientMaterial,
            ),
            with_claim(
                "i",
                start,
                Claim::Repetition {
                    line: ["Nf3", "Nf6", "Ng1", "Ng8"]
                        .iter()
                        .map(|s| s.parse().expect("san"))
                        .collect(),
                    threefold_after: 4,
                    fivefold_after: 8,
                },
            ),
        ];
        for d in &wrong {
            assert!(verify(d).is_err(), "diagram {} should fail", d.id);
        }
    }

    #[test]
    fn bad_data_is_a_typed_error() {
        assert!(matches!(
            parse_diagrams("{"),
            Err(DiagramDataError::Json(_))
        ));
        let bad_fen = r#"{"diagrams":[{"id":"x","fen":"nonsense","claim":{"kind":"stalemate"}}]}"#;
        assert!(matches!(
            parse_diagrams(bad_fen),
            Err(DiagramDataError::Fen { .. })
        ));
        let bad_square = r#"{"diagrams":[{"id":"x","fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","checked_king":"z9","claim":{"kind":"stalemate"}}]}"#;
        assert!(matches!(
            parse_diagrams(bad_square),
            Err(DiagramDataError::Square { .. })
        ));
    }
}
