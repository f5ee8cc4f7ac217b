//! Wire messages.
//!
//! Messages are JSON (serde_json, already a dependency of the core): chess
//! messages are a few dozen bytes, so a binary format would save nothing
//! that matters on Wi-Fi, while JSON keeps captured traffic and logs
//! readable and needs no extra crate. Versioning is explicit: the first
//! message each way states [`PROTOCOL_VERSION`] and the app version, and a
//! peer outside [`MIN_PROTOCOL_VERSION`]`..=`[`PROTOCOL_VERSION`] is refused
//! with a reason that names both versions. Unknown message types and fields
//! of the wrong type are decode errors, never guesses.
//!
//! Handshake messages travel in plaintext frames (they contain nothing
//! secret); game messages only inside the encrypted channel.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::crypto::{NONCE_LEN, SESSION_ID_LEN, SessionId};
use crate::rules::{DrawClaim, GameEnd};

/// The protocol this build speaks (2: a resume hello carries a proof of
/// the session key).
pub const PROTOCOL_VERSION: u16 = 2;
/// The oldest protocol this build still accepts.
pub const MIN_PROTOCOL_VERSION: u16 = 2;
/// Longest app version string accepted in a hello.
pub const MAX_APP_VERSION_LEN: usize = 64;

/// Lowercase hexadecimal for the byte fields of handshake messages.
pub mod hex {
    pub fn encode(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    pub fn decode(s: &str) -> Option<Vec<u8>> {
        if !s.len().is_multiple_of(2) {
            return None;
        }
        (0..s.len())
            .step_by(2)
            .map(|i| s.get(i..i + 2).and_then(|d| u8::from_str_radix(d, 16).ok()))
            .collect()
    }
}

/// Bytes written as a hex string, of exactly `N` bytes when `N > 0`, or of
/// any length up to a few hundred bytes when `N == 0`.
#[derive(Clone, PartialEq, Eq)]
pub struct HexBytes<const N: usize>(pub Vec<u8>);

impl<const N: usize> fmt::Debug for HexBytes<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(&self.0))
    }
}

impl<const N: usize> Serialize for HexBytes<N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&hex::encode(&self.0))
    }
}

impl<'de, const N: usize> Deserialize<'de> for HexBytes<N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        const MAX_VARIABLE: usize = 256;
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        let bytes = hex::decode(&s).ok_or_else(|| serde::de::Error::custom("not hexadecimal"))?;
        let ok = if N == 0 {
            bytes.len() <= MAX_VARIABLE
        } else {
            bytes.len() == N
        };
        if !ok {
            return Err(serde::de::Error::custom(format!(
                "{} bytes where {} expected",
                bytes.len(),
                if N == 0 { MAX_VARIABLE } else { N }
            )));
        }
        Ok(HexBytes(bytes))
    }
}

impl From<SessionId> for HexBytes<SESSION_ID_LEN> {
    fn from(id: SessionId) -> Self {
        HexBytes(id.0.to_vec())
    }
}

impl From<&HexBytes<SESSION_ID_LEN>> for SessionId {
    fn from(h: &HexBytes<SESSION_ID_LEN>) -> Self {
        let mut id = [0; SESSION_ID_LEN];
        id.copy_from_slice(&h.0);
        SessionId(id)
    }
}

/// What the joiner wants from this connection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Intent {
    /// First contact: pair with the code (carries the joiner's SPAKE2 message).
    Pair { pake: HexBytes<0> },
    /// Come back to a paired session after the link dropped, with an HMAC
    /// of the hello's nonce under the session key, so the host can tell a
    /// returning joiner from a stranger at once.
    Resume {
        session_id: HexBytes<SESSION_ID_LEN>,
        proof: HexBytes<32>,
    },
}

/// Why the host refused a connection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum RejectReason {
    /// The versions cannot talk to each other.
    IncompatibleProtocol {
        min_supported: u16,
        max_supported: u16,
        offered: u16,
    },
    /// The code typed on the joiner is not the host's code.
    WrongCode,
    /// Someone has already paired with this host.
    AlreadyPaired,
    /// Not now: too many connections, or pairing paused after wrong
    /// codes. The joiner tries again for a while.
    Busy,
    /// Resuming a session this host does not have.
    UnknownSession,
    /// Resuming without proof of the session key.
    AuthenticationFailed,
    /// The handshake did not follow the protocol.
    Malformed,
}

impl fmt::Display for RejectReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RejectReason::IncompatibleProtocol {
                min_supported,
                max_supported,
                offered,
            } => write!(
                f,
                "incompatible versions: protocol {offered} offered, {min_supported} to {max_supported} supported; update Rokada on both devices"
            ),
            RejectReason::WrongCode => f.write_str("wrong pairing code"),
            RejectReason::AlreadyPaired => f.write_str("the host is already playing with someone"),
            RejectReason::Busy => f.write_str("the host is busy; try again in a moment"),
            RejectReason::UnknownSession => f.write_str("the host does not know this game"),
            RejectReason::AuthenticationFailed => f.write_str("the session key did not match"),
            RejectReason::Malformed => f.write_str("the handshake did not follow the protocol"),
        }
    }
}

/// Plaintext messages exchanged before the channel is encrypted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Handshake {
    /// Joiner → host, first message.
    Hello {
        protocol_version: u16,
        app_version: String,
        nonce: HexBytes<NONCE_LEN>,
        intent: Intent,
    },
    /// Host → joiner, answer to a compatible hello.
    Welcome {
        protocol_version: u16,
        app_version: String,
        nonce: HexBytes<NONCE_LEN>,
        session_id: HexBytes<SESSION_ID_LEN>,
        /// The host's SPAKE2 message when pairing, absent when resuming.
        pake: Option<HexBytes<0>>,
    },
    /// Key confirmation, joiner first; the host answers only a valid one.
    Confirm { proof: HexBytes<32> },
    /// Host → joiner: the connection is refused, then closed.
    Reject { reason: RejectReason },
}

/// A move as sent by the side that played it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveMsg {
    /// Half-moves played before this one (0 for White's first move).
    pub ply: u32,
    pub uci: String,
    /// Repetition key (Zobrist hash) of the position after the move.
    pub position_hash: u64,
    /// The mover's own measure of its thinking time for this move.
    pub think_time_ms: u64,
}

/// The host's authoritative clock after `plies` half-moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockState {
    pub plies: u32,
    pub white_ms: u64,
    pub black_ms: u64,
}

/// Error codes sent back for a refused message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The message could not be decoded.
    Malformed,
    /// A move that is not legal in the position.
    IllegalMove,
    /// A move or action by the side not to move, or at the wrong ply.
    OutOfTurn,
    /// The message does not fit the game's state (no offer to answer, game over…).
    Unexpected,
    /// The sender's position hash differs from ours.
    HashMismatch,
}

/// Game messages. They travel inside the encrypted channel, numbered so
/// that each arrives exactly once and in order, across reconnections too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Message {
    /// Host → joiner: the whole game as a Rokada save file, seen from the
    /// host's side. Starts a game, a rematch or an adjourned game, and
    /// answers a resync request. The joiner restores it through the rules,
    /// so a bad one is refused like a damaged save file.
    Game {
        save: String,
    },
    Move(MoveMsg),
    /// Host → joiner: authoritative remaining times after a move.
    Clock(ClockState),
    DrawOffer,
    DrawAccept,
    DrawDecline,
    ClaimDraw {
        claim: DrawClaim,
    },
    Resign,
    /// Host → joiner: a verdict only the host makes (a flag fell), after
    /// `plies` half-moves.
    GameOver {
        plies: u32,
        end: GameEnd,
    },
    Rematch,
    RematchAccept,
    RematchDecline,
    /// The sender leaves; an unfinished game is adjourned on both sides.
    Leave,
    /// The name the sender's player goes by (the device's name, which its
    /// user may set), sent once when the two devices first pair.
    Player {
        name: String,
    },
    /// Joiner → host: our games differ; please send yours.
    ResyncRequest {
        plies: u32,
        position_hash: u64,
    },
    /// The previous message was refused; the game did not change.
    Error {
        code: ErrorCode,
        detail: String,
    },
}

/// What one encrypted frame carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Packet {
    /// A game message with its number (from 1, never reused in a
    /// session) and the highest number the sender has received.
    Data {
        seq: u64,
        ack: u64,
        msg: Message,
    },
    /// First packet on every connection: the highest number received, so
    /// the peer re-sends what was lost with the previous connection.
    Resume {
        received: u64,
    },
    /// Heartbeat; also acknowledges.
    Ping {
        id: u32,
        ack: u64,
    },
    Pong {
        id: u32,
    },
}

/// A message that could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError(pub String);

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "malformed message: {}", self.0)
    }
}

impl std::error::Error for DecodeError {}

fn decode<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, DecodeError> {
    serde_json::from_slice(bytes).map_err(|e| DecodeError(e.to_string()))
}

fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).expect("wire types serialise to JSON without fail")
}

impl Handshake {
    pub fn encode(&self) -> Vec<u8> {
        encode(self)
    }

    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let msg: Handshake = decode(bytes)?;
        match &msg {
            Handshake::Hello { app_version, .. } | Handshake::Welcome { app_version, .. }
                if app_version.len() > MAX_APP_VERSION_LEN =>
            {
                Err(DecodeError(format!(
                    "app version longer than {MAX_APP_VERSION_LEN} bytes"
                )))
            }
            _ => Ok(msg),
        }
    }
}

impl Packet {
    pub fn encode(&self) -> Vec<u8> {
        encode(self)
    }

    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        decode(bytes)
    }
}

/// Whether a peer speaking `offered` can play with this build.
pub fn check_protocol(offered: u16) -> Result<(), RejectReason> {
    if (MIN_PROTOCOL_VERSION..=PROTOCOL_VERSION).contains(&offered) {
        Ok(())
    } else {
        Err(RejectReason::IncompatibleProtocol {
            min_supported: MIN_PROTOCOL_VERSION,
            max_supported: PROTOCOL_VERSION,
            offered,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{EndReason, GameResult};

    #[test]
    fn messages_round_trip_and_read_well() {
        let mv = Packet::Data {
            seq: 3,
            ack: 2,
            msg: Message::Move(MoveMsg {
                ply: 0,
                uci: "e2e4".into(),
                position_hash: u64::MAX,
                think_time_ms: 1500,
            }),
        };
        let bytes = mv.encode();
        assert_eq!(
            std::str::from_utf8(&bytes).unwrap(),
            r#"{"type":"data","seq":3,"ack":2,"msg":{"type":"move","ply":0,"uci":"e2e4","position_hash":18446744073709551615,"think_time_ms":1500}}"#
        );
        assert_eq!(Packet::decode(&bytes).unwrap(), mv);
        for msg in [
            Message::DrawOffer,
            Message::ClaimDraw {
                claim: DrawClaim::FiftyMoveRule,
            },
            Message::GameOver {
                plies: 40,
                end: GameEnd::new(GameResult::Draw, EndReason::TimeoutCannotMate),
            },
            Message::Game { save: "{}".into() },
        ] {
            let p = Packet::Data {
                seq: 1,
                ack: 0,
                msg,
            };
            assert_eq!(Packet::decode(&p.encode()).unwrap(), p);
        }
        let p = Packet::Ping { id: 9, ack: 4 };
        assert_eq!(Packet::decode(&p.encode()).unwrap(), p);
    }

    #[test]
    fn handshake_round_trips_with_hex_bytes() {
        let h = Handshake::Hello {
            protocol_version: PROTOCOL_VERSION,
            app_version: "0.1.0".into(),
            nonce: HexBytes(vec![0xab; NONCE_LEN]),
            intent: Intent::Resume {
                session_id: HexBytes(vec![1; SESSION_ID_LEN]),
                proof: HexBytes(vec![2; 32]),
            },
        };
        assert_eq!(Handshake::decode(&h.encode()).unwrap(), h);
    }

    #[test]
    fn malformed_input_is_a_typed_error() {
        for bad in [
            &b"1"[..],
            b"{",
            b"\xff\xfe",
            br#"{"type":"teleport"}"#,
            br#"{"type":"move","ply":-1,"uci":"e2e4","position_hash":0,"think_time_ms":0}"#,
            br#"{"type":"move","ply":0,"uci":"e2e4","position_hash":0,"think_time_ms":0,"extra":1}"#,
        ] {
            let wrapped = [br#"{"type":"data","seq":1,"ack":0,"msg":"#.as_slice(), bad, b"}"].concat();
            assert!(Packet::decode(&wrapped).is_err(), "{:?}", String::from_utf8_lossy(bad));
        }
        let short_nonce = br#"{"type":"confirm","proof":"abcd"}"#;
        assert!(Handshake::decode(short_nonce).is_err());
        let odd = br#"{"type":"confirm","proof":"abc"}"#;
        assert!(Handshake::decode(odd).is_err());
        let huge = Handshake::Hello {
            protocol_version: 1,
            app_version: "x".repeat(MAX_APP_VERSION_LEN + 1),
            nonce: HexBytes(vec![0; NONCE_LEN]),
            intent: Intent::Pair {
                pake: HexBytes(vec![1; 33]),
            },
        };
        assert!(Handshake::decode(&huge.encode()).is_err());
    }

    #[test]
    fn version_check_names_both_sides() {
        assert_eq!(check_protocol(PROTOCOL_VERSION), Ok(()));
        let err = check_protocol(PROTOCOL_VERSION + 1).unwrap_err();
        assert!(
            err.to_string()
                .contains(&(PROTOCOL_VERSION + 1).to_string())
        );
    }
}
