//! Wi-Fi play in the app API: a `Game` whose opponent is another device.
//!
//! The game itself runs in the peer protocol (`net`), which owns the
//! authoritative session and the link. The app's `Game` keeps a copy of that
//! session for drawing and touch; every local action is checked on the copy
//! first (so refusals are immediate and typed) and then sent to the protocol,
//! and every protocol event brings the copy up to date.

use std::net::{SocketAddr, TcpListener, ToSocketAddrs};
use std::sync::Arc;
use std::sync::mpsc::Receiver;

use super::game::{GameEvent, Shared, Snapshot};
use super::types::{RokadaError, Side};
use crate::net::game::{ColorChoice, WifiCommand, WifiEvent, WifiGame};
use crate::net::message::RejectReason;
use crate::net::pairing::PairingCode;

/// This device's part in a Wi-Fi game, under the name the apps know.
pub use crate::net::PeerRole;

/// The host's choice of colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum SideChoice {
    White,
    Black,
    Random,
}

impl From<SideChoice> for ColorChoice {
    fn from(choice: SideChoice) -> ColorChoice {
        match choice {
            SideChoice::White => ColorChoice::White,
            SideChoice::Black => ColorChoice::Black,
            SideChoice::Random => ColorChoice::Random,
        }
    }
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

/// What the Wi-Fi part of the game screen shows.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PeerStatus {
    pub role: PeerRole,
    pub link: LinkState,
    /// Host: the six digits to show while pairing.
    pub code: Option<String>,
    /// Host: the TCP port to advertise as `_rokada._tcp`.
    pub port: Option<u16>,
    /// Whether the game has begun: the two devices are paired and the
    /// joiner has the host's game. Until then the board takes no moves.
    pub started: bool,
    /// Who asked for a rematch, until it is answered.
    pub rematch_offered_by: Option<Side>,
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
    /// A local action was refused by the game after all (a message crossed).
    ActionRefused {
        detail: String,
    },
    /// The other device refused one of our messages.
    PeerError {
        detail: String,
    },
    PeerLeft,
    /// The game stopped unfinished; this save resumes it (`Game::resume_wifi`).
    Adjourned {
        save: String,
    },
    Closed,
}

/// The protocol side of a Wi-Fi `Game`.
pub(crate) struct WifiLink {
    pub(crate) game: WifiGame,
}

impl WifiLink {
    pub(crate) fn send(&self, command: WifiCommand) -> Result<(), RokadaError> {
        self.game
            .command(command)
            .map_err(|_| RokadaError::NotConnected)
    }
}

pub(crate) fn parse_code(code: &str) -> Result<PairingCode, RokadaError> {
    code.trim()
        .parse::<PairingCode>()
        .map_err(|_| RokadaError::InvalidPairingCode {
            code: code.to_owned(),
        })
}

/// Listens on every interface (the other phone is on the Wi-Fi), `port` 0
/// for any free port.
pub(crate) fn listen(port: u16) -> Result<TcpListener, RokadaError> {
    TcpListener::bind(("0.0.0.0", port)).map_err(|e| RokadaError::Network {
        detail: e.to_string(),
    })
}

pub(crate) fn address(host: &str, port: u16) -> Result<SocketAddr, RokadaError> {
    let invalid = || RokadaError::InvalidAddress {
        host: host.to_owned(),
        port,
    };
    (host.trim(), port)
        .to_socket_addrs()
        .map_err(|_| invalid())?
        .next()
        .ok_or_else(invalid)
}

impl PeerStatus {
    pub(crate) fn new(role: PeerRole, code: Option<PairingCode>, port: Option<u16>) -> PeerStatus {
        PeerStatus {
            role,
            link: LinkState::Pairing,
            code: code.map(|c| c.digits()),
            port,
            started: false,
            rematch_offered_by: None,
        }
    }
}

/// Forwards the protocol's events to the app until the link ends.
pub(crate) fn forward_events(shared: Arc<Shared>, events: Receiver<WifiEvent>) {
    while let Ok(event) = events.recv() {
        let mut out = Vec::new();
        {
            let mut core = shared.lock();
            if core.closed {
                return;
            }
            let before = Snapshot::of(&core.session);
            if let Some(link) = shared.wifi.as_ref()
                && let Some(session) = link.game.with_session(|s| s.cloned())
            {
                if session.moves().len() != core.session.moves().len() {
                    core.input.reset();
                }
                core.session = session;
            }
            out.extend(before.events_since(&core.session));
            if let Some(peer) = core.peer.as_mut()
                && let Some(news) = peer_news(peer, event)
            {
                out.push(GameEvent::Peer { event: news });
            }
        }
        shared.emit(out);
    }
}

/// Updates the status for a protocol event and says what to tell the app;
/// game events (moves, offers, the end) come from the session copy instead.
fn peer_news(peer: &mut PeerStatus, event: WifiEvent) -> Option<PeerEvent> {
    Some(match event {
        WifiEvent::CodeChanged(code) => {
            peer.code = Some(code.digits());
            PeerEvent::CodeChanged {
                code: code.digits(),
            }
        }
        WifiEvent::WrongCode { attempts } => PeerEvent::WrongCode { attempts },
        WifiEvent::Refused(reason) => PeerEvent::Refused {
            refusal: (&reason).into(),
        },
        WifiEvent::RefusedByHost(reason) => {
            peer.link = LinkState::Closed;
            PeerEvent::RefusedByHost {
                refusal: (&reason).into(),
            }
        }
        WifiEvent::Unreachable => {
            peer.link = LinkState::Closed;
            PeerEvent::Unreachable
        }
        WifiEvent::Connected { resumed } => {
            peer.link = LinkState::Connected;
            PeerEvent::Connected { resumed }
        }
        WifiEvent::LinkLost => {
            peer.link = LinkState::Reconnecting;
            PeerEvent::LinkLost
        }
        WifiEvent::GameStarted { local } => {
            peer.started = true;
            peer.rematch_offered_by = None;
            PeerEvent::GameStarted {
                local: local.into(),
            }
        }
        WifiEvent::Resynced => PeerEvent::Resynced,
        WifiEvent::RematchOffered { by } => {
            peer.rematch_offered_by = Some(by.into());
            PeerEvent::RematchOffered { by: by.into() }
        }
        WifiEvent::RematchDeclined { by } => {
            peer.rematch_offered_by = None;
            PeerEvent::RematchDeclined { by: by.into() }
        }
        WifiEvent::ActionRefused(e) => PeerEvent::ActionRefused {
            detail: e.to_string(),
        },
        WifiEvent::PeerError { detail, .. } => PeerEvent::PeerError { detail },
        WifiEvent::ProtocolViolation(detail) => {
            log::warn!("refused a message from the other device: {detail}");
            return None;
        }
        WifiEvent::PeerLeft => {
            peer.link = LinkState::Closed;
            PeerEvent::PeerLeft
        }
        WifiEvent::Adjourned { save } => {
            peer.link = LinkState::Closed;
            PeerEvent::Adjourned { save }
        }
        WifiEvent::Closed => {
            peer.link = LinkState::Closed;
            PeerEvent::Closed
        }
        // Told by the session copy.
        WifiEvent::MovePlayed { .. }
        | WifiEvent::Clock { .. }
        | WifiEvent::DrawOffered { .. }
        | WifiEvent::DrawDeclined { .. }
        | WifiEvent::GameOver(_) => return None,
    })
}
