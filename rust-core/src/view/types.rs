//! Plain values the screens draw: colours, pieces and squares as the apps
//! name them, and a move as the move list and the board show it.

use shakmaty::{Color, Role};

use crate::session::{Mode, PlayedMove};

/// A player's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Side {
    White,
    Black,
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PieceKind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl From<Role> for PieceKind {
    fn from(role: Role) -> PieceKind {
        match role {
            Role::Pawn => PieceKind::Pawn,
            Role::Knight => PieceKind::Knight,
            Role::Bishop => PieceKind::Bishop,
            Role::Rook => PieceKind::Rook,
            Role::Queen => PieceKind::Queen,
            Role::King => PieceKind::King,
        }
    }
}

impl From<PieceKind> for Role {
    fn from(kind: PieceKind) -> Role {
        match kind {
            PieceKind::Pawn => Role::Pawn,
            PieceKind::Knight => Role::Knight,
            PieceKind::Bishop => Role::Bishop,
            PieceKind::Rook => Role::Rook,
            PieceKind::Queen => Role::Queen,
            PieceKind::King => Role::King,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Piece {
    pub side: Side,
    pub kind: PieceKind,
}

impl From<shakmaty::Piece> for Piece {
    fn from(piece: shakmaty::Piece) -> Piece {
        Piece {
            side: piece.color.into(),
            kind: piece.role.into(),
        }
    }
}

macro_rules! squares {
    ($($name:ident),* $(,)?) => {
        /// A square of the board, `A1` to `H8` in shakmaty's order (a1, b1,
        /// ..., h1, a2, ...), so the apps can never name a square that
        /// does not exist.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
        #[repr(u8)]
        pub enum Square {
            $($name),*
        }

        impl Square {
            pub const ALL: [Square; 64] = [$(Square::$name),*];
        }
    };
}

squares!(
    A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2, A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4, A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8,
);

impl From<Square> for shakmaty::Square {
    fn from(square: Square) -> shakmaty::Square {
        shakmaty::Square::new(u32::from(square as u8))
    }
}

impl From<shakmaty::Square> for Square {
    fn from(square: shakmaty::Square) -> Square {
        Square::ALL[usize::from(square)]
    }
}

/// A from/to pair of squares (last move, pending promotion).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct SquarePair {
    pub from: Square,
    pub to: Square,
}

impl From<(shakmaty::Square, shakmaty::Square)> for SquarePair {
    fn from((from, to): (shakmaty::Square, shakmaty::Square)) -> SquarePair {
        SquarePair {
            from: from.into(),
            to: to.into(),
        }
    }
}

/// The three ways to play, as the apps set them up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum GameMode {
    SamePhone,
    Computer { human: Side, level: u8 },
    WifiPeer { local: Side },
}

impl From<GameMode> for Mode {
    fn from(mode: GameMode) -> Mode {
        match mode {
            GameMode::SamePhone => Mode::SamePhone,
            GameMode::Computer { human, level } => Mode::Computer {
                human: human.into(),
                level,
            },
            GameMode::WifiPeer { local } => Mode::WifiPeer {
                local: local.into(),
            },
        }
    }
}

impl From<Mode> for GameMode {
    fn from(mode: Mode) -> GameMode {
        match mode {
            Mode::SamePhone => GameMode::SamePhone,
            Mode::Computer { human, level } => GameMode::Computer {
                human: human.into(),
                level,
            },
            Mode::WifiPeer { local } => GameMode::WifiPeer {
                local: local.into(),
            },
        }
    }
}

/// Which sound (and haptic tick) a move makes; one per move, the most
/// telling first: check, then promotion, castling, capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum MoveSound {
    Move,
    Capture,
    Castle,
    Promotion,
    Check,
}

/// A move as the move list and the board show it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MoveInfo {
    /// Half-move number, from 1.
    pub ply: u32,
    /// The move number as written (`12.` / `12...`), counted from the
    /// start position's own number.
    pub number: u32,
    pub side: Side,
    /// SAN with `+` or `#`; always left-to-right, even inside RTL text.
    pub san: String,
    pub uci: String,
    /// For castling, the king's squares.
    pub from: Square,
    pub to: Square,
    /// The piece that moved (the pawn, for a promotion).
    pub piece: PieceKind,
    pub captured: Option<PieceKind>,
    pub promotion: Option<PieceKind>,
    pub castle: bool,
    pub en_passant: bool,
    pub check: bool,
    pub mate: bool,
    pub sound: MoveSound,
    /// The mover's time left after the move, in timed games.
    pub clock_after_ms: Option<u64>,
}

impl From<&PlayedMove> for MoveInfo {
    fn from(m: &PlayedMove) -> MoveInfo {
        let check = m.san.ends_with(['+', '#']);
        let castle = m.chess_move.is_castle();
        let captured = m.chess_move.capture().map(PieceKind::from);
        let promotion = m.chess_move.promotion().map(PieceKind::from);
        let sound = if check {
            MoveSound::Check
        } else if promotion.is_some() {
            MoveSound::Promotion
        } else if castle {
            MoveSound::Castle
        } else if captured.is_some() {
            MoveSound::Capture
        } else {
            MoveSound::Move
        };
        MoveInfo {
            ply: u32::try_from(m.ply).unwrap_or(u32::MAX),
            number: m.number,
            side: m.color.into(),
            san: m.san.clone(),
            uci: m.uci.clone(),
            from: m.from.into(),
            to: m.to.into(),
            piece: m.chess_move.role().into(),
            captured,
            promotion,
            castle,
            en_passant: m.chess_move.is_en_passant(),
            check,
            mate: m.san.ends_with('#'),
            sound,
            clock_after_ms: m.clock_after,
        }
    }
}
