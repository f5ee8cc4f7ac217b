//! The rules page's diagrams, ready to draw: every one was checked by the
//! core (and by python-chess in the tests) before it reaches a screen.

use shakmaty::Position;

use crate::rules_page::{self, Claim};
use crate::view::{Piece, Side, Square, SquarePair};

/// One diagram of the rules page; the page's text refers to it by `id`.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct RulesDiagram {
    pub id: String,
    pub fen: String,
    pub turn: Side,
    /// 64 squares in `Square` order (a1, b1, ..., h8).
    pub board: Vec<Option<Piece>>,
    pub last_move: Option<SquarePair>,
    pub checked_king: Option<Square>,
    /// Squares the diagram's point is about (the en passant capture, the
    /// attacked square that forbids castling, a piece's destinations).
    pub marked: Vec<Square>,
}

/// The diagrams of the rules page, in page order.
#[uniffi::export]
pub fn rules_diagrams() -> Vec<RulesDiagram> {
    rules_page::diagrams().iter().map(to_record).collect()
}

pub(super) fn to_record(d: &rules_page::Diagram) -> RulesDiagram {
    let board = d.position.board();
    let marked: Vec<Square> = match &d.claim {
        Claim::CastlingIllegal { attacked, .. } | Claim::CastlingLegal { attacked, .. } => {
            vec![(*attacked).into()]
        }
        Claim::EnPassantLegal { from, to } | Claim::Promotion { from, to } => {
            vec![(*from).into(), (*to).into()]
        }
        Claim::Destinations { from, to } => {
            std::iter::once(from).chain(to).map(|&s| s.into()).collect()
        }
        _ => Vec::new(),
    };
    RulesDiagram {
        id: d.id.clone(),
        fen: d.fen.to_string(),
        turn: d.position.turn().into(),
        board: Square::ALL
            .iter()
            .map(|&sq| board.piece_at(sq.into()).map(Piece::from))
            .collect(),
        last_move: d.last_move.as_ref().map(|m| SquarePair {
            from: m.from.into(),
            to: m.to.into(),
        }),
        checked_king: d.checked_king.map(Square::from),
        marked,
    }
}
