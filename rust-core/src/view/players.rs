//! The player bars above and below the board: who plays, the material
//! each is ahead by, and their clock.

use shakmaty::{Board, Color, Role};

use super::clock::{ClockFace, ClockView};
use super::types::{PieceKind, Side};
use crate::engine::Level;
use crate::session::{GameSession, Mode};

/// Who a player bar names. The apps put it into words.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum PlayerLabel {
    /// The person at this device, against the computer or over Wi-Fi.
    You,
    /// One phone: the colour, when the players gave no names.
    Colour { side: Side },
    /// A name given when the game was set up or read from PGN.
    Named { name: String },
    /// "Computer · level N (≈rating)".
    Computer { level: u8, rating: u32 },
    /// The other device; the name its user gave it, once it has told it.
    Peer { name: Option<String> },
}

/// Pieces one side has more of than the other, lichess-style: the pieces
/// themselves and their worth in pawns (P 1, N 3, B 3, R 5, Q 9).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Material {
    /// The extra pieces, queen first.
    pub surplus: Vec<PieceKind>,
    /// How far ahead this side is (`+N`); 0 when level or behind.
    pub advantage: u32,
}

/// One player's bar.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PlayerBar {
    pub side: Side,
    pub label: PlayerLabel,
    pub material: Material,
    pub clock: Option<ClockFace>,
    /// Lit while it is this player's turn in an unfinished game.
    pub to_move: bool,
    /// Face to face on one phone: the far player's bar is drawn turned
    /// 180°, to be read from the other side of the table.
    pub rotated: bool,
}

const VALUED: [(Role, u32); 5] = [
    (Role::Queen, 9),
    (Role::Rook, 5),
    (Role::Bishop, 3),
    (Role::Knight, 3),
    (Role::Pawn, 1),
];

/// The material of `color` against the other side on `board`.
pub fn material(board: &Board, color: Color) -> Material {
    let count = |c: Color, role: Role| board.by_piece(role.of(c)).count() as u32;
    let mut surplus = Vec::new();
    let (mut ours, mut theirs) = (0, 0);
    for (role, value) in VALUED {
        let (us, them) = (count(color, role), count(!color, role));
        ours += us * value;
        theirs += them * value;
        for _ in them..us {
            surplus.push(role.into());
        }
    }
    Material {
        surplus,
        advantage: ours.saturating_sub(theirs),
    }
}

/// The label of the player of `color` in this game.
pub fn label(session: &GameSession, color: Color) -> PlayerLabel {
    let config = session.config();
    let named = match color {
        Color::White => config.white_name.as_deref(),
        Color::Black => config.black_name.as_deref(),
    };
    match session.mode() {
        Mode::SamePhone => match named {
            Some(name) => PlayerLabel::Named {
                name: name.to_owned(),
            },
            None => PlayerLabel::Colour { side: color.into() },
        },
        Mode::Computer { human, .. } if human == color => PlayerLabel::You,
        Mode::Computer { level, .. } => PlayerLabel::Computer {
            level,
            rating: Level::new(level).map_or(0, Level::target_rating),
        },
        Mode::WifiPeer { local } if local == color => PlayerLabel::You,
        Mode::WifiPeer { .. } => PlayerLabel::Peer {
            name: named.map(str::to_owned),
        },
    }
}

/// The bar of `color`, with `board` the position on show.
pub fn bar(
    session: &GameSession,
    board: &Board,
    color: Color,
    clock: Option<&ClockView>,
    rotated: bool,
) -> PlayerBar {
    PlayerBar {
        side: color.into(),
        label: label(session, color),
        material: material(board, color),
        clock: clock.map(|c| c.face(color).clone()),
        to_move: !session.is_over() && session.turn() == color,
        rotated,
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    use super::*;

    fn board(fen: &str) -> Board {
        let fen: Fen = fen.parse().unwrap();
        let position: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        position.board().clone()
    }

    #[test]
    fn surplus_and_advantage() {
        // White: Q, 2 N, 7 P (22); Black: 2 R, 8 P (18).
        let b = board("1r2k2r/pppppppp/8/8/8/8/PPPPPPP1/1N1QKN2 w - - 0 1");
        assert_eq!(
            material(&b, Color::White),
            Material {
                surplus: vec![PieceKind::Queen, PieceKind::Knight, PieceKind::Knight],
                advantage: 4,
            }
        );
        assert_eq!(
            material(&b, Color::Black),
            Material {
                surplus: vec![PieceKind::Rook, PieceKind::Rook, PieceKind::Pawn],
                advantage: 0,
            }
        );
    }

    #[test]
    fn level_material_is_nothing() {
        let b = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        for color in Color::ALL {
            assert_eq!(
                material(&b, color),
                Material {
                    surplus: vec![],
                    advantage: 0
                }
            );
        }
    }
}
