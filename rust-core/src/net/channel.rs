//! The encrypted, authenticated, ordered channel used after the handshake.
//!
//! Each direction has its own ChaCha20-Poly1305 key. A sealed frame is the
//! sender's 64-bit sequence number followed by the ciphertext; the nonce is
//! that sequence number, and the receiver accepts exactly the next number.
//! So a replayed, reordered, dropped-then-later, or altered frame fails, and
//! because the keys are fresh per connection nothing carries across
//! connections either.

use std::fmt;

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};

use super::crypto::{ConnectionKeys, PeerRole};
use super::frame::MAX_FRAME_LEN;

const SEQ_LEN: usize = 8;
const TAG_LEN: usize = 16;

/// Largest plaintext that still fits in one frame once sealed.
pub const MAX_PLAINTEXT_LEN: usize = MAX_FRAME_LEN - SEQ_LEN - TAG_LEN;

/// Why a sealed frame was refused. None of these change the channel's state:
/// the next genuine frame is still accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChannelError {
    /// Too short to hold a sequence number and a tag.
    Truncated { len: usize },
    /// The tag did not verify: altered, forged, or sealed with another key.
    Tampered { seq: u64 },
    /// Authentic, but a number already received.
    Replayed { seq: u64, expected: u64 },
    /// Authentic, but ahead of the next number: something was dropped or reordered.
    OutOfOrder { seq: u64, expected: u64 },
    /// The plaintext is larger than [`MAX_PLAINTEXT_LEN`].
    TooLarge { len: usize },
    /// 2^64 frames were sent on this connection.
    Exhausted,
}

impl fmt::Display for ChannelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChannelError::Truncated { len } => {
                write!(f, "sealed frame of {len} bytes is too short")
            }
            ChannelError::Tampered { seq } => write!(f, "frame {seq} failed authentication"),
            ChannelError::Replayed { seq, expected } => {
                write!(f, "frame {seq} replayed (expected {expected})")
            }
            ChannelError::OutOfOrder { seq, expected } => {
                write!(f, "frame {seq} out of order (expected {expected})")
            }
            ChannelError::TooLarge { len } => {
                write!(f, "message of {len} bytes exceeds {MAX_PLAINTEXT_LEN}")
            }
            ChannelError::Exhausted => f.write_str("sequence numbers exhausted"),
        }
    }
}

impl std::error::Error for ChannelError {}

pub struct SecureChannel {
    sealer: ChaCha20Poly1305,
    opener: ChaCha20Poly1305,
    send_seq: u64,
    recv_seq: u64,
}

impl fmt::Debug for SecureChannel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SecureChannel")
            .field("send_seq", &self.send_seq)
            .field("recv_seq", &self.recv_seq)
            .finish_non_exhaustive()
    }
}

fn nonce(seq: u64) -> Nonce {
    let mut n = [0u8; 12];
    n[4..].copy_from_slice(&seq.to_be_bytes());
    n.into()
}

impl SecureChannel {
    pub fn new(role: PeerRole, keys: &ConnectionKeys) -> Self {
        let (send, recv) = match role {
            PeerRole::Host => (&keys.host_to_joiner, &keys.joiner_to_host),
            PeerRole::Joiner => (&keys.joiner_to_host, &keys.host_to_joiner),
        };
        SecureChannel {
            sealer: ChaCha20Poly1305::new(Key::from_slice(send)),
            opener: ChaCha20Poly1305::new(Key::from_slice(recv)),
            send_seq: 0,
            recv_seq: 0,
        }
    }

    /// Encrypts the next outgoing message; the result is one frame's payload.
    pub fn seal(&mut self, plaintext: &[u8]) -> Result<Vec<u8>, ChannelError> {
        if plaintext.len() > MAX_PLAINTEXT_LEN {
            return Err(ChannelError::TooLarge {
                len: plaintext.len(),
            });
        }
        let seq = self.send_seq;
        let next = seq.checked_add(1).ok_or(ChannelError::Exhausted)?;
        let header = seq.to_be_bytes();
        let ciphertext = self
            .sealer
            .encrypt(
                &nonce(seq),
                Payload {
                    msg: plaintext,
                    aad: &header,
                },
            )
            .map_err(|_| ChannelError::TooLarge {
                len: plaintext.len(),
            })?;
        self.send_seq = next;
        let mut out = Vec::with_capacity(SEQ_LEN + ciphertext.len());
        out.extend_from_slice(&header);
        out.extend_from_slice(&ciphertext);
        Ok(out)
    }

    /// Authenticates and decrypts the next incoming frame's payload.
    pub fn open(&mut self, sealed: &[u8]) -> Result<Vec<u8>, ChannelError> {
        let Some((header, ciphertext)) = sealed.split_first_chunk::<SEQ_LEN>() else {
            return Err(ChannelError::Truncated { len: sealed.len() });
        };
        if ciphertext.len() < TAG_LEN {
            return Err(ChannelError::Truncated { len: sealed.len() });
        }
        let seq = u64::from_be_bytes(*header);
        // Authenticate before judging the number, so the error says what
        // really happened rather than what a forger claimed.
        let plaintext = self
            .opener
            .decrypt(
                &nonce(seq),
                Payload {
                    msg: ciphertext,
                    aad: header,
                },
            )
            .map_err(|_| ChannelError::Tampered { seq })?;
        let expected = self.recv_seq;
        if seq < expected {
            return Err(ChannelError::Replayed { seq, expected });
        }
        if seq > expected {
            return Err(ChannelError::OutOfOrder { seq, expected });
        }
        self.recv_seq = expected.checked_add(1).ok_or(ChannelError::Exhausted)?;
        Ok(plaintext)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::crypto::Transcript;

    fn pair() -> (SecureChannel, SecureChannel) {
        let keys = ConnectionKeys::derive(&[9; 32], &Transcript::new());
        (
            SecureChannel::new(PeerRole::Host, &keys),
            SecureChannel::new(PeerRole::Joiner, &keys),
        )
    }

    #[test]
    fn messages_flow_both_ways() {
        let (mut h, mut j) = pair();
        for i in 0..3u8 {
            let f = h.seal(&[i; 10]).unwrap();
            assert_eq!(j.open(&f).unwrap(), vec![i; 10]);
            let f = j.seal(b"back").unwrap();
            assert_eq!(h.open(&f).unwrap(), b"back");
        }
    }

    #[test]
    fn replay_reorder_tamper_and_reflection_are_refused_without_harm() {
        let (mut h, mut j) = pair();
        let f0 = h.seal(b"e2e4").unwrap();
        let f1 = h.seal(b"d2d4").unwrap();
        assert_eq!(
            j.open(&f1),
            Err(ChannelError::OutOfOrder {
                seq: 1,
                expected: 0
            })
        );
        let mut bad = f0.clone();
        *bad.last_mut().unwrap() ^= 1;
        assert_eq!(j.open(&bad), Err(ChannelError::Tampered { seq: 0 }));
        let mut renumbered = f1.clone();
        renumbered[..8].copy_from_slice(&0u64.to_be_bytes());
        assert_eq!(j.open(&renumbered), Err(ChannelError::Tampered { seq: 0 }));
        assert_eq!(j.open(&f0[..10]), Err(ChannelError::Truncated { len: 10 }));
        assert_eq!(j.open(&f0).unwrap(), b"e2e4");
        assert_eq!(
            j.open(&f0),
            Err(ChannelError::Replayed {
                seq: 0,
                expected: 1
            })
        );
        let own = j.seal(b"mine").unwrap();
        assert!(matches!(j.open(&own), Err(ChannelError::Tampered { .. })));
        assert_eq!(j.open(&f1).unwrap(), b"d2d4");
    }

    #[test]
    fn other_connection_keys_cannot_open() {
        let (mut h, _) = pair();
        let mut t = Transcript::new();
        t.add(b"another connection");
        let keys = ConnectionKeys::derive(&[9; 32], &t);
        let mut j2 = SecureChannel::new(PeerRole::Joiner, &keys);
        let f = h.seal(b"x").unwrap();
        assert_eq!(j2.open(&f), Err(ChannelError::Tampered { seq: 0 }));
    }
}
