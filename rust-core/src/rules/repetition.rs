use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Position};

/// What makes two positions "the same" for repetition: pieces on the same
/// squares, the same side to move, the same castling rights, and the same en
/// passant capture actually possible (an en passant square that no pawn can
/// use does not count). Halfmove clock and move number are not part of it.
pub type PositionKey = u64;

pub fn position_key(position: &Chess) -> PositionKey {
    let Zobrist64(hash) = position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
    hash
}
