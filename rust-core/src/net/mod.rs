//! Wi-Fi play between two devices on the same network.
//!
//! Layers, bottom up, each testable on its own:
//! - [`frame`]: length-prefixed frames with a hard size limit;
//! - [`pairing`], [`crypto`], [`channel`]: the 6-digit code, SPAKE2 key
//!   agreement with key confirmation, and the encrypted ordered channel;
//! - [`message`]: versioned wire messages;
//! - [`link`]: the sans-IO handshake, heartbeat and reconnection state
//!   machines for host and joiner (bytes and time in, bytes and events out),
//!   with exactly-once delivery of game messages across reconnections, the
//!   host's limits on strangers, and the joiner's resume state for a new
//!   process;
//! - [`game`]: the game protocol that keeps the `GameSession` of each
//!   device in step over the link, the host deciding clocks and ends (the
//!   live layer, [`crate::live`], holds the session and runs it);
//! - [`tcp`]: a small blocking driver that runs a state machine over
//!   `std::net` sockets with one thread per socket; in tests, `sim` runs
//!   the same machines on a simulated network and a fake clock.
//!
//! Finding the host on the network is left to each platform (mDNS service
//! type [`SERVICE_TYPE`]); the core only takes a `host:port` ([`address`]).

pub mod address;
pub mod channel;
pub mod crypto;
pub mod frame;
pub mod game;
pub mod link;
pub mod message;
pub mod pairing;
#[cfg(test)]
pub mod sim;
pub mod tcp;

pub use crypto::PeerRole;

/// The DNS-SD service type hosts advertise.
pub const SERVICE_TYPE: &str = "_rokada._tcp";
