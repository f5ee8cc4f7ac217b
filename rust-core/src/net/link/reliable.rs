//! Exactly-once delivery of game messages across connections.

use std::collections::VecDeque;

use super::SendError;
use crate::net::channel::MAX_PLAINTEXT_LEN;
use crate::net::message::{Message, Packet};

/// Exactly-once, in-order delivery of game messages across connections:
/// every message is numbered and kept until the peer acknowledges it, and
/// a new connection starts by telling the peer what arrived, so it re-sends
/// the rest.
///
/// Only messages the layer above has taken (polled) are acknowledged, so
/// that layer can save its state with [`Reliable::delivered`] after each
/// message and never lose one the peer has already let go of.
#[derive(Debug, Default, Clone)]
pub(super) struct Reliable {
    /// Number of the last message sent.
    pub(super) sent: u64,
    /// Sent but not yet acknowledged, oldest first.
    pub(super) outbox: VecDeque<(u64, Message)>,
    /// Number of the last message accepted from the peer.
    pub(super) received: u64,
    /// Number of the last message the layer above has taken.
    pub(super) delivered: u64,
}

impl Reliable {
    /// Drops what the peer acknowledged; true when that emptied the outbox.
    pub(super) fn acknowledged(&mut self, ack: u64) -> bool {
        let had = !self.outbox.is_empty();
        while self.outbox.front().is_some_and(|(seq, _)| *seq <= ack) {
            self.outbox.pop_front();
        }
        had && self.outbox.is_empty()
    }

    /// The layer above took the next received message.
    pub(super) fn taken(&mut self) {
        self.delivered = (self.delivered + 1).min(self.received);
    }

    /// Numbers `msg`, keeps it, and returns the packet to send.
    pub(super) fn push(&mut self, msg: &Message) -> Result<Vec<u8>, SendError> {
        let seq = self.sent + 1;
        let packet = self.packet(seq, msg);
        if packet.len() > MAX_PLAINTEXT_LEN {
            return Err(SendError::TooLarge);
        }
        self.sent = seq;
        self.outbox.push_back((seq, msg.clone()));
        Ok(packet)
    }

    /// A data packet carrying the current acknowledgement.
    pub(super) fn packet(&self, seq: u64, msg: &Message) -> Vec<u8> {
        Packet::Data {
            seq,
            ack: self.delivered,
            msg: msg.clone(),
        }
        .encode()
    }

    /// Everything not yet acknowledged, to send again on a new connection.
    pub(super) fn pending(&self) -> Vec<Vec<u8>> {
        self.outbox
            .iter()
            .map(|(seq, msg)| self.packet(*seq, msg))
            .collect()
    }
}
