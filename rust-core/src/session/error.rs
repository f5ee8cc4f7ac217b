use std::fmt;

use shakmaty::Square;

use crate::rules::DrawClaim;

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum IllegalMoveReason {
    /// There is no piece on the from-square.
    EmptySquare,
    /// The piece on the from-square belongs to the side not to move.
    NotYourPiece,
    /// The piece cannot go there: against its movement, blocked, or it would
    /// leave the own king in check.
    NotLegal,
    /// A promotion piece was given for a move that does not promote, or a
    /// king or pawn was chosen.
    BadPromotion,
}

/// What an action needs and the mode does not offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum ModeRestriction {
    /// Undo and redo exist only on one phone and against the computer.
    Undo,
    Redo,
    /// No draw by agreement against the computer.
    Agreement,
    /// On one phone a draw by agreement is one action, not offer and accept;
    /// over Wi-Fi it takes an offer and an answer.
    DrawOfferProtocol,
}

/// Everything a game session can refuse. A refused action leaves the session
/// exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    IllegalMove {
        from: Square,
        to: Square,
        reason: IllegalMoveReason,
    },
    /// Text that is not a move in SAN or UCI notation at all.
    UnparsableMove {
        text: String,
    },
    /// Well-formed notation for a move that is not legal here.
    IllegalNotation {
        text: String,
    },
    /// SAN that fits more than one legal move.
    AmbiguousNotation {
        text: String,
    },
    GameOver,
    /// The side to move is not controlled by whoever asked (the computer's or
    /// the Wi-Fi opponent's turn).
    NotYourTurn,
    NotAllowedInMode(ModeRestriction),
    NothingToUndo,
    NothingToRedo,
    /// Accepting or declining without a pending offer from the opponent.
    NoDrawOffer,
    /// An offer is already pending.
    DrawAlreadyOffered,
    DrawNotClaimable(DrawClaim),
    InvalidFen {
        text: String,
        reason: String,
    },
    InvalidLevel(u8),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::IllegalMove { from, to, reason } => {
                let why = match reason {
                    IllegalMoveReason::EmptySquare => "there is no piece on the from-square",
                    IllegalMoveReason::NotYourPiece => "that piece belongs to the side not to move",
                    IllegalMoveReason::NotLegal => "the piece cannot move there",
                    IllegalMoveReason::BadPromotion => "that promotion is not possible",
                };
                write!(f, "illegal move {from}{to}: {why}")
            }
            GameError::UnparsableMove { text } => {
                write!(f, "{text:?} is not a move in SAN or UCI notation")
            }
            GameError::IllegalNotation { text } => write!(f, "{text} is not a legal move here"),
            GameError::AmbiguousNotation { text } => {
                write!(f, "{text} fits more than one legal move")
            }
            GameError::GameOver => write!(f, "the game is over"),
            GameError::NotYourTurn => write!(f, "it is not your turn"),
            GameError::NotAllowedInMode(what) => write!(f, "{what:?} is not offered in this mode"),
            GameError::NothingToUndo => write!(f, "there is no move to take back"),
            GameError::NothingToRedo => write!(f, "there is no move to replay"),
            GameError::NoDrawOffer => write!(f, "there is no draw offer to answer"),
            GameError::DrawAlreadyOffered => write!(f, "a draw offer is already pending"),
            GameError::DrawNotClaimable(claim) => {
                write!(f, "a draw by {} cannot be claimed now", claim.as_str())
            }
            GameError::InvalidFen { text, reason } => write!(f, "bad FEN {text:?}: {reason}"),
            GameError::InvalidLevel(level) => {
                write!(f, "computer level {level} is not between 1 and 10")
            }
        }
    }
}

impl std::error::Error for GameError {}
