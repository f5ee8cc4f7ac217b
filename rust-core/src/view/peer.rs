//! What the screen shows of a Wi-Fi game's link to the other device.

use super::types::Side;
pub use crate::net::PeerRole;
use crate::net::link::DropCause;
use crate::net::message::{ErrorCode, RejectReason};

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

/// Why the host closed a connection before its handshake was done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum DropReason {
    /// It sent no hello in time.
    Silent,
    /// It did not finish its handshake in time.
    TooSlow,
    /// Too many connections were waiting: the oldest made room.
    Crowded,
    /// Pairing is paused after wrong codes.
    Paused,
    /// It sent a malformed frame.
    Malformed,
}

impl From<DropCause> for DropReason {
    fn from(cause: DropCause) -> DropReason {
        match cause {
            DropCause::NoHello => DropReason::Silent,
            DropCause::HandshakeTimeout => DropReason::TooSlow,
            DropCause::Crowded => DropReason::Crowded,
            DropCause::Throttled => DropReason::Paused,
            DropCause::BadFrame => DropReason::Malformed,
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
    /// Host: wrong codes tried so far (show that someone is guessing).
    pub wrong_codes: u32,
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
            wrong_codes: 0,
        }
    }
}

/// Link and pairing news, besides the game events every mode has.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum PeerEvent {
    /// Host: show this new code (asked for with `NewCode`).
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
    /// Host: a connection from `from` (an IP address) was closed before it
    /// had proven anything.
    Dropped {
        from: String,
        reason: DropReason,
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
    /// The other device's player told their name: the player bar shows it.
    PlayerNamed {
        side: Side,
    },
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
