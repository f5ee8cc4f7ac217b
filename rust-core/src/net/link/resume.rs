//! What a joiner needs to come back to its game from a new process.

use std::collections::VecDeque;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::reliable::Reliable;
use crate::net::crypto::SessionSecret;
use crate::net::message::Message;

/// Longest outbox a resume state may carry: a joiner sends a handful of
/// messages per move, and the host acknowledges them within a heartbeat.
pub const MAX_UNACKNOWLEDGED: usize = 1024;

/// A paired joiner's credentials and exactly-once state, from
/// [`Joiner::resume_state`](super::Joiner::resume_state), for
/// [`Joiner::resume`](super::Joiner::resume) in a new process.
///
/// It holds the session key: keep it in app-private storage only, never in
/// a PGN or anything shared. Save it after every call into the joiner
/// that delivered or sent a message, before the next call: the joiner
/// acknowledges a message only on a later call, so the host never lets go
/// of a message the last saved state has not seen, and a message sent is
/// in the saved state before its bytes leave.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Unchecked")]
pub struct ResumeState {
    pub(super) session: SessionSecret,
    /// Number of the last message sent.
    pub(super) sent: u64,
    /// Number of the last message taken by the layer above.
    pub(super) received: u64,
    /// Sent and not yet acknowledged, oldest first.
    pub(super) unacknowledged: Vec<Numbered>,
}

/// One unacknowledged message with its number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Numbered {
    seq: u64,
    msg: Message,
}

impl fmt::Debug for ResumeState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ResumeState")
            .field("session", &self.session)
            .field("sent", &self.sent)
            .field("received", &self.received)
            .field("unacknowledged", &self.unacknowledged.len())
            .finish()
    }
}

impl ResumeState {
    pub(super) fn new(session: SessionSecret, rel: &Reliable) -> Self {
        ResumeState {
            session,
            sent: rel.sent,
            received: rel.delivered,
            unacknowledged: rel
                .outbox
                .iter()
                .map(|(seq, msg)| Numbered {
                    seq: *seq,
                    msg: msg.clone(),
                })
                .collect(),
        }
    }

    /// Whether the host had acknowledged every message sent.
    pub fn all_acknowledged(&self) -> bool {
        self.unacknowledged.is_empty()
    }

    /// The exactly-once state to go on with.
    pub(super) fn reliable(&self) -> Reliable {
        Reliable {
            sent: self.sent,
            outbox: self
                .unacknowledged
                .iter()
                .map(|n| (n.seq, n.msg.clone()))
                .collect::<VecDeque<_>>(),
            received: self.received,
            delivered: self.received,
        }
    }
}

/// Why a stored resume state was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResumeStateError {
    /// More unacknowledged messages than a joiner ever keeps.
    TooManyMessages(usize),
    /// The unacknowledged messages are not the last ones sent, in order.
    BadNumbering,
}

impl fmt::Display for ResumeStateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResumeStateError::TooManyMessages(n) => write!(
                f,
                "{n} unacknowledged messages, more than the {MAX_UNACKNOWLEDGED} a joiner keeps"
            ),
            ResumeStateError::BadNumbering => {
                f.write_str("the unacknowledged messages are not numbered up to the last one sent")
            }
        }
    }
}

impl std::error::Error for ResumeStateError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Unchecked {
    session: SessionSecret,
    sent: u64,
    received: u64,
    unacknowledged: Vec<Numbered>,
}

impl TryFrom<Unchecked> for ResumeState {
    type Error = ResumeStateError;

    fn try_from(u: Unchecked) -> Result<Self, ResumeStateError> {
        let n = u.unacknowledged.len();
        if n > MAX_UNACKNOWLEDGED {
            return Err(ResumeStateError::TooManyMessages(n));
        }
        // Consecutive numbers ending with the last one sent.
        let first = u.sent.checked_sub(n as u64).map(|before| before + 1);
        let numbered = first.is_some_and(|first| {
            u.unacknowledged
                .iter()
                .zip(first..)
                .all(|(m, seq)| m.seq == seq)
        });
        if !numbered {
            return Err(ResumeStateError::BadNumbering);
        }
        Ok(ResumeState {
            session: u.session,
            sent: u.sent,
            received: u.received,
            unacknowledged: u.unacknowledged,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::crypto::{SESSION_ID_LEN, SessionId};

    fn state(sent: u64, seqs: &[u64]) -> ResumeState {
        ResumeState {
            session: SessionSecret::new(SessionId([5; SESSION_ID_LEN]), [6; 32]),
            sent,
            received: 3,
            unacknowledged: seqs
                .iter()
                .map(|&seq| Numbered {
                    seq,
                    msg: Message::DrawOffer,
                })
                .collect(),
        }
    }

    #[test]
    fn round_trips_through_json() {
        let s = state(4, &[3, 4]);
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<ResumeState>(&json).unwrap(), s);
        assert!(!format!("{s:?}").contains("0606"), "Debug hides the key");
    }

    #[test]
    fn refuses_what_no_joiner_could_have_saved() {
        for (bad, why) in [
            (state(4, &[2, 4]), "a gap"),
            (state(4, &[3]), "not up to the last sent"),
            (state(1, &[1, 2]), "past the last sent"),
            (state(0, &[0]), "numbered from zero"),
        ] {
            let json = serde_json::to_string(&bad).unwrap();
            let err = serde_json::from_str::<ResumeState>(&json).unwrap_err();
            assert!(err.to_string().contains("numbered"), "{why}: {err}");
        }
        let json = serde_json::to_string(&state(4, &[3, 4])).unwrap();
        let extra = json.replacen('{', r#"{"extra":1,"#, 1);
        assert!(serde_json::from_str::<ResumeState>(&extra).is_err());
        let many: Vec<u64> = (1..=MAX_UNACKNOWLEDGED as u64 + 1).collect();
        let json = serde_json::to_string(&state(many.len() as u64, &many)).unwrap();
        let err = serde_json::from_str::<ResumeState>(&json).unwrap_err();
        assert!(err.to_string().contains("unacknowledged messages"), "{err}");
    }
}
