//! What the screen shows of a Wi-Fi game's link to the other device.

use super::types::Side;
use crate::net::message::{ErrorCode, RejectReason};

/// This device's part in a Wi-Fi game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PeerRole {
    /// Shows the code and advertises `_rokada._tcp` on `port`.
    Host,
    Joiner,
}

/// The state of the link to the other device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum LinkState {
    /// Host: waiting for the other device to type the code. Joiner:
    /// connecting and pairing.
    Pairing,
    Connected,
    /// The link dropped; reconnecting by itself (show a banner).
    Reconnecting,
    /// The link is gone for good (left, refused, unreachable, adjourned).
    Closed,
}

/// Why a pairing was turned away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Refusal {
    WrongCode,
    /// The two apps speak different protocol versions.
    IncompatibleVersion,
    /// The host already plays with another device.
    AlreadyPaired,
    Busy,
    /// The host does not know the game being resumed.
    UnknownGame,
    /// Anything else the handshake refused.
    Failed,
}

impl From<&RejectReason> for Refusal {
    fn from(reason: &RejectReason) -> Refusal {
        match reason {
            RejectReason::WrongCode => Refusal::WrongCode,
            RejectReason::IncompatibleProtocol { .. } => Refusal::IncompatibleVersion,
            RejectReason::AlreadyPaired => Refusal::AlreadyPaired,
            RejectReason::Busy => Refusal::Busy,
            RejectReason::UnknownSession => Refusal::UnknownGame,
            RejectReason::AuthenticationFailed | RejectReason::Malformed => Refusal::Failed,
        }
    }
}

/// Why the other device refused one of this device's messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum PeerComplaint {
    Malformed,
    IllegalMove,
    OutOfTurn,
    Unexpected,
    /// The two games differed; the host's game is taken.
    GamesDiffered,
}

impl From<ErrorCode> for PeerComplaint {
    fn from(code: ErrorCode) -> PeerComplaint {
        match code {
            ErrorCode::Malformed => PeerComplaint::Malformed,
            ErrorCode::IllegalMove => PeerComplaint::IllegalMove,
            ErrorCode::OutOfTurn => PeerComplaint::OutOfTurn,
            ErrorCode::Unexpected => PeerComplaint::Unexpected,
            ErrorCode::HashMismatch => PeerComplaint::GamesDiffered,
        }
    }
}

/// What the Wi-Fi part of the game screen shows.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PeerStatus {
    pub role: PeerRole,
    pub link: LinkState,
    /// Host: the six digits to show while pairing.
    pub code: Option<String>,
    /// Host: the TCP port to advertise as `_rokada._tcp` and to show with
    /// the device's addresses.
    pub port: Option<u16>,
    /// Whether the game has begun: the two devices are paired and the
    /// joiner has the host's game. Until then the board takes no moves.
    pub started: bool,
    /// Who asked for a rematch, until it is answered.
    pub rematch_offered_by: Option<Side>,
}

impl PeerStatus {
    pub fn new(role: PeerRole, code: Option<String>, port: Option<u16>) -> PeerStatus {
        PeerStatus {
            role,
            link: LinkState::Pairing,
            code,
            port,
            started: false,
            rematch_offered_by: None,
        }
    }
}

/// Link and pairing news, besides the game events every mode has.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum PeerEvent {
    /// Host: too many wrong codes; show this new one.
    CodeChanged {
        code: String,
    },
    /// Host: someone typed a wrong code.
    WrongCode {
        attempts: u8,
    },
    /// Host: a device was turned away.
    Refused {
        refusal: Refusal,
    },
    /// Joiner: the host turned this device away (final).
    RefusedByHost {
        refusal: Refusal,
    },
    /// Joiner: the host could not be reached (final).
    Unreachable,
    Connected {
        resumed: bool,
    },
    LinkLost,
    GameStarted {
        local: Side,
    },
    /// The game was replaced by the host's after the two drifted apart.
    Resynced,
    RematchOffered {
        by: Side,
    },
    RematchDeclined {
        by: Side,
    },
    /// The other device refused one of our messages; nothing changed.
    PeerError {
        complaint: PeerComplaint,
    },
    PeerLeft,
    /// The game stopped unfinished; this save resumes it.
    Adjourned {
        save: String,
    },
    Closed,
}
