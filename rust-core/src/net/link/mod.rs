//! Sans-IO link state machines: the host and the joiner.
//!
//! They own the handshake, the encrypted channel, heartbeats and
//! reconnection, and touch no socket and no clock: a driver feeds them
//! connection events, received bytes and the current time, and carries out
//! the [`Output`]s they queue (send bytes, close or open a connection) and
//! hands their [`LinkEvent`]s up. Tests drive both ends with a fake clock.
//!
//! Handshake (joiner J, host H; frames in plaintext until the last step):
//! 1. J → H `Hello{versions, nonce, Pair{spake2 msg} | Resume{session id, proof}}`
//! 2. H → J `Welcome{versions, nonce, session id, spake2 msg?}` or `Reject`
//! 3. J → H `Confirm{proof}`: an HMAC under a key derived from the master
//!    secret and the transcript of 1 and 2
//! 4. H → J `Confirm{proof}` if J's proof verifies, else `Reject{WrongCode}`
//!
//! A wrong code thus fails at step 4 with nothing the joiner can test
//! offline, and the host checks codes only within the budget of its
//! [`CodeGuard`](super::pairing::CodeGuard). Resuming reuses the master
//! secret with fresh nonces, so no code is needed and no old frame is
//! valid; the resume hello's proof (an HMAC of its nonce under the session
//! key) lets the host tell a returning joiner from a stranger at step 1.
//!
//! Strangers cannot crowd a joiner out: see [`admission`] for the limits
//! on connections that have proven nothing yet.

pub mod admission;
mod connection;
mod host;
mod joiner;
mod reliable;
mod resume;
#[cfg(test)]
mod tests;

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

pub use host::Host;
pub use joiner::Joiner;
pub use resume::{MAX_UNACKNOWLEDGED, ResumeState, ResumeStateError};

use super::channel::ChannelError;
use super::message::{DecodeError, Message, RejectReason};
use super::pairing::PairingCode;

/// Names one TCP connection for as long as the driver keeps it.
pub type ConnId = u64;

/// Timings of the link.
#[derive(Debug, Clone)]
pub struct LinkConfig {
    /// Stated in the handshake so the other side can show it.
    pub app_version: String,
    /// A ping is sent this long after the previous one.
    pub heartbeat_interval: Duration,
    /// With nothing authentic received for this long the link is lost.
    pub link_timeout: Duration,
    /// Host: a connection that has not sent a valid hello this long after
    /// it opened is dropped.
    pub hello_timeout: Duration,
    /// A connection must complete its handshake within this time.
    pub handshake_timeout: Duration,
    /// After the link is lost, the peer has this long to come back before
    /// the game is adjourned.
    pub adjourn_after: Duration,
    /// Shortest and longest pause between the joiner's reconnection
    /// attempts after the first, which is immediate.
    pub reconnect_delay: (Duration, Duration),
    /// Joiner: how long a first pairing keeps trying again while the host
    /// answers `Busy`, before it gives up.
    pub busy_patience: Duration,
}

impl Default for LinkConfig {
    fn default() -> Self {
        LinkConfig {
            app_version: env!("CARGO_PKG_VERSION").to_owned(),
            heartbeat_interval: Duration::from_millis(1000),
            link_timeout: Duration::from_millis(4000),
            hello_timeout: Duration::from_secs(2),
            handshake_timeout: Duration::from_secs(10),
            adjourn_after: Duration::from_secs(120),
            reconnect_delay: (Duration::from_millis(100), Duration::from_secs(2)),
            busy_patience: Duration::from_secs(30),
        }
    }
}

/// A refused frame or message, logged and otherwise ignored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// A sealed frame failed authentication or ordering.
    Channel(ChannelError),
    /// An authentic frame whose message could not be decoded.
    Decode(DecodeError),
    /// An authentic message numbered past the next one.
    Gap { seq: u64, expected: u64 },
    /// A second `Resume` on one connection.
    UnexpectedResume,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Channel(e) => e.fmt(f),
            Violation::Decode(e) => e.fmt(f),
            Violation::Gap { seq, expected } => {
                write!(f, "message {seq} arrived where {expected} was expected")
            }
            Violation::UnexpectedResume => f.write_str("a second resume on one connection"),
        }
    }
}

/// What the link reports to the game above it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkEvent {
    /// Host: someone tried a wrong code (`attempts` wrong codes so far).
    WrongCode { attempts: u8 },
    /// Host: the code was renewed on request; this new one must be shown.
    CodeRenewed(PairingCode),
    /// Host: a connection was turned away (third device, bad resume, …).
    Refused(RejectReason),
    /// Joiner: the host turned us away. Final.
    RefusedByHost(RejectReason),
    /// Joiner: the host could not be reached for first contact. Final.
    Unreachable,
    /// The encrypted link is up; `resumed` when it was up before.
    Connected { resumed: bool },
    /// An authentic, well-formed message from the peer.
    Message(Message),
    /// A frame was refused; the link stays up.
    Violation(Violation),
    /// The link dropped; the joiner reconnects, the host waits.
    LinkLost,
    /// The peer did not come back in time. Final.
    Adjourned,
    /// Host: a connection was closed before its handshake was done (all
    /// but a timed-out resume had proven nothing).
    Dropped { peer: IpAddr, cause: DropCause },
    /// The peer has acknowledged every message sent so far.
    AllAcknowledged,
}

/// Why the host closed a connection before its handshake was done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropCause {
    /// No valid hello in time.
    NoHello,
    /// The handshake was not finished in time.
    HandshakeTimeout,
    /// Too many unproven connections, from its address or in all: the
    /// oldest makes room for the newest.
    Crowded,
    /// A pairing attempt while its address, or every address, must pause
    /// after wrong codes: refused without checking its code.
    Throttled,
    /// A frame header that announced too large a frame.
    BadFrame,
}

impl fmt::Display for DropCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DropCause::NoHello => "it sent no hello in time",
            DropCause::HandshakeTimeout => "it did not finish its handshake in time",
            DropCause::Crowded => "too many connections were waiting",
            DropCause::Throttled => "pairing is paused after wrong codes",
            DropCause::BadFrame => "it sent a malformed frame",
        })
    }
}

/// Something for the driver to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output<E = LinkEvent> {
    Transmit {
        conn: ConnId,
        bytes: Vec<u8>,
    },
    Close {
        conn: ConnId,
    },
    /// Joiner: open a connection to the host and report it under this id.
    Connect {
        conn: ConnId,
    },
    Event(E),
}

impl<E> Output<E> {
    /// The same output with its event (if any) converted.
    pub fn map_event<F>(self, f: impl FnOnce(E) -> F) -> Output<F> {
        match self {
            Output::Transmit { conn, bytes } => Output::Transmit { conn, bytes },
            Output::Close { conn } => Output::Close { conn },
            Output::Connect { conn } => Output::Connect { conn },
            Output::Event(e) => Output::Event(f(e)),
        }
    }
}

/// Why a message could not be sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SendError {
    /// The link was closed or adjourned for good.
    Closed,
    /// The message is larger than a frame can carry.
    TooLarge,
}

impl fmt::Display for SendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SendError::Closed => f.write_str("the link to the other device is closed"),
            SendError::TooLarge => f.write_str("message too large"),
        }
    }
}

impl std::error::Error for SendError {}

/// What the host and the joiner have in common, so the game above and the
/// socket driver below can work with either.
pub trait Endpoint: Send + 'static {
    /// A connection came in (only the host listens).
    fn on_accepted(&mut self, conn: ConnId, now: Instant);
    /// A connection came in from `peer`, which the host's limits on
    /// unproven connections count by address.
    fn on_accepted_from(&mut self, conn: ConnId, peer: SocketAddr, now: Instant) {
        let _ = peer;
        self.on_accepted(conn, now)
    }
    /// A connection asked for with [`Output::Connect`] is open.
    fn on_connected(&mut self, conn: ConnId, now: Instant);
    /// A connection asked for with [`Output::Connect`] could not be opened.
    fn on_connect_failed(&mut self, conn: ConnId, now: Instant);
    fn on_bytes(&mut self, conn: ConnId, bytes: &[u8], now: Instant);
    /// The connection was closed by the peer or failed.
    fn on_closed(&mut self, conn: ConnId, now: Instant);
    fn on_tick(&mut self, now: Instant);
    fn poll_output(&mut self) -> Option<Output>;
    /// When `on_tick` next has something to do.
    fn next_deadline(&self) -> Option<Instant>;
    /// Sends a message over the encrypted link.
    fn send(&mut self, msg: &Message) -> Result<(), SendError>;
    /// Closes everything for good.
    fn close(&mut self);
    fn is_connected(&self) -> bool;
    /// True once adjourned, refused or closed: the driver can stop.
    fn is_finished(&self) -> bool;
    /// Smoothed round-trip time measured by the heartbeats.
    fn rtt(&self) -> Option<Duration>;
    /// Whether the peer has acknowledged every message sent so far (a host
    /// keeps the link until its last message, such as the game's end, is
    /// delivered; [`LinkEvent::AllAcknowledged`] tells when).
    fn all_acknowledged(&self) -> bool;
    /// Joiner: what a new process needs to resume this link, once paired
    /// (see [`ResumeState`]). `None` on the host.
    fn resume_state(&self) -> Option<ResumeState>;
}

macro_rules! endpoint_via_inherent {
    ($t:ty) => {
        fn on_bytes(&mut self, conn: ConnId, bytes: &[u8], now: Instant) {
            <$t>::on_bytes(self, conn, bytes, now)
        }
        fn on_closed(&mut self, conn: ConnId, now: Instant) {
            <$t>::on_closed(self, conn, now)
        }
        fn on_tick(&mut self, now: Instant) {
            <$t>::on_tick(self, now)
        }
        fn poll_output(&mut self) -> Option<Output> {
            <$t>::poll_output(self)
        }
        fn next_deadline(&self) -> Option<Instant> {
            <$t>::next_deadline(self)
        }
        fn send(&mut self, msg: &Message) -> Result<(), SendError> {
            <$t>::send(self, msg)
        }
        fn close(&mut self) {
            <$t>::close(self)
        }
        fn is_connected(&self) -> bool {
            <$t>::is_connected(self)
        }
        fn is_finished(&self) -> bool {
            <$t>::is_finished(self)
        }
        fn rtt(&self) -> Option<Duration> {
            <$t>::rtt(self)
        }
        fn all_acknowledged(&self) -> bool {
            <$t>::all_acknowledged(self)
        }
    };
}

impl Endpoint for Host {
    fn on_accepted(&mut self, conn: ConnId, now: Instant) {
        Host::on_accepted(self, conn, now)
    }
    fn on_accepted_from(&mut self, conn: ConnId, peer: SocketAddr, now: Instant) {
        Host::on_accepted_from(self, conn, peer.ip(), now)
    }
    fn on_connected(&mut self, conn: ConnId, _now: Instant) {
        self.out.push_back(Output::Close { conn });
    }
    fn on_connect_failed(&mut self, _conn: ConnId, _now: Instant) {}
    fn resume_state(&self) -> Option<ResumeState> {
        None
    }
    endpoint_via_inherent!(Host);
}

impl Endpoint for Joiner {
    fn on_accepted(&mut self, conn: ConnId, _now: Instant) {
        self.out.push_back(Output::Close { conn });
    }
    fn on_connected(&mut self, conn: ConnId, now: Instant) {
        Joiner::on_connected(self, conn, now)
    }
    fn on_connect_failed(&mut self, conn: ConnId, now: Instant) {
        Joiner::on_connect_failed(self, conn, now)
    }
    fn resume_state(&self) -> Option<ResumeState> {
        Joiner::resume_state(self)
    }
    endpoint_via_inherent!(Joiner);
}
