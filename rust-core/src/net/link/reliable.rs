//! Exactly-once delivery of game messages across connections.

use std::collections::VecDeque;

use super::SendError;
use crate::net::channel::MAX_PLAINTEXT_LEN;
use crate::net::message::{Message, Packet};

/// Exactly-once, in-order delivery of game messages across connections:
/// every message is numbered and kept until the peer acknowledges it, and
/// a new connection starts by telling the peer what arrived, so it re-sends
/// the rest.
#[derive(Debug, Default)]
pub(super) struct Reliable {
    /// Number of the last message sent.
    pub(super) sent: u64,
    /// Sent but not yet acknowledged, oldest first.
    pub(super) outbox: VecDeque<(u64, Message)>,
    /// Number of the last message delivered.
    pub(super) received: u64,
}

impl Reliable {
    pub(super) fn acknowledged(&mut self, ack: u64) {
        while self.outbox.front().is_some_and(|(seq, _)| *seq <= ack) {
            self.outbox.pop_front();
        }
    }

    /// Numbers `msg`, keeps it, and returns the packet to send.
    pub(super) fn push(&mut self, msg: &Message) -> Result<Vec<u8>, SendError> {
        let seq = self.sent + 1;
        let packet = Packet::Data {
            seq,
            ack: self.received,
            msg: msg.clone(),
        }
        .encode();
        if packet.len() > MAX_PLAINTEXT_LEN {
            return Err(SendError::TooLarge);
        }
        self.sent = seq;
        self.outbox.push_back((seq, msg.clone()));
        Ok(packet)
    }
}
