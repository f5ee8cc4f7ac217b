use shakmaty::{Bitboard, Board};

/// The app's rule for an immediate draw by insufficient material: the game
/// ends at once when neither side can ever checkmate because only these are
/// left: K v K; K and one minor piece v K; only bishops besides the kings,
/// all on squares of one colour. K+N v K+N, K+2N v K and bishops on both
/// colours play on (a mate is possible there, if only with help).
pub fn is_dead_by_insufficient_material(board: &Board) -> bool {
    let kings = board.kings();
    let others = board.occupied() & !kings;
    if (board.pawns() | board.rooks() | board.queens()).any() {
        return false;
    }
    // Only minor pieces remain besides the kings.
    if others.count() <= 1 {
        return true;
    }
    let bishops = board.bishops();
    if others != bishops {
        return false;
    }
    (bishops & Bitboard::LIGHT_SQUARES).is_empty() || (bishops & Bitboard::DARK_SQUARES).is_empty()
}
