//! Key agreement and key schedule.
//!
//! Pairing runs SPAKE2 (Ed25519 group) on the 6-digit code: each handshake
//! lets an attacker test one code online and nothing offline. Its output is
//! the session's master secret, which both sides keep for the whole game so
//! the joiner can reconnect without a new code. Each TCP connection then
//! derives its own keys from the master secret and a hash of that
//! connection's handshake (which includes fresh nonces from both sides), so
//! no frame of one connection is valid on another.

use std::fmt;

use hkdf::Hkdf;
use hmac::{Hmac, Mac};
use rand_core::{OsRng, RngCore};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer, de};
use sha2::{Digest, Sha256};
use spake2::{Ed25519Group, Identity, Password, Spake2};
use zeroize::Zeroize;

use super::message::hex;
use super::pairing::PairingCode;

pub const KEY_LEN: usize = 32;
pub const NONCE_LEN: usize = 32;
pub const SESSION_ID_LEN: usize = 16;

type HmacSha256 = Hmac<Sha256>;

const HOST_IDENTITY: &[u8] = b"rokada wifi host";
const JOINER_IDENTITY: &[u8] = b"rokada wifi joiner";
const MASTER_SALT: &[u8] = b"rokada pairing v1";
const RESUME_SALT: &[u8] = b"rokada resume v1";

/// This device's part in a Wi-Fi game: which end of every connection it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum PeerRole {
    /// Shows the code, sets the game, listens and advertises
    /// `_rokada._tcp` on its port.
    Host,
    /// Types the code and connects.
    Joiner,
}

/// Fills an array from the operating system's generator.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut out = [0; N];
    OsRng.fill_bytes(&mut out);
    out
}

/// Names a paired session so the joiner can come back to it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SessionId(pub [u8; SESSION_ID_LEN]);

impl fmt::Debug for SessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SessionId({})", hex::encode(&self.0))
    }
}

/// What both sides keep after pairing: enough to reconnect, never sent.
/// The joiner keeps it for the whole game (in its app-private save too),
/// so the key is wiped from memory when the value is dropped.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionSecret {
    pub id: SessionId,
    master: [u8; KEY_LEN],
}

impl SessionSecret {
    pub fn new(id: SessionId, master: [u8; KEY_LEN]) -> Self {
        SessionSecret { id, master }
    }

    pub fn master(&self) -> &[u8; KEY_LEN] {
        &self.master
    }

    fn resume_mac(&self, nonce: &[u8]) -> HmacSha256 {
        let hk = Hkdf::<Sha256>::new(Some(RESUME_SALT), &self.master);
        let mut key = [0; KEY_LEN];
        hk.expand(b"resume hello", &mut key)
            .expect("32 bytes is a valid HKDF-SHA256 output length");
        let mut mac = HmacSha256::new_from_slice(&key).expect("HMAC accepts any key length");
        key.zeroize();
        mac.update(&self.id.0);
        mac.update(nonce);
        mac
    }

    /// Proof of the session key for a resume hello with this nonce, so the
    /// host can tell a returning joiner from a stranger before it spends
    /// anything on the connection.
    pub fn resume_proof(&self, nonce: &[u8]) -> [u8; 32] {
        self.resume_mac(nonce).finalize().into_bytes().into()
    }

    /// Checks a resume hello's proof in constant time.
    pub fn verify_resume_proof(&self, nonce: &[u8], proof: &[u8]) -> bool {
        self.resume_mac(nonce).verify_slice(proof).is_ok()
    }
}

impl Drop for SessionSecret {
    fn drop(&mut self) {
        self.master.zeroize();
    }
}

impl fmt::Debug for SessionSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SessionSecret")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

/// Written as `{"id": hex, "key": hex}` for the joiner's app-private save.
impl Serialize for SessionSecret {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut key = hex::encode(&self.master);
        let mut map = s.serialize_struct("SessionSecret", 2)?;
        map.serialize_field("id", &hex::encode(&self.id.0))?;
        let done = map.serialize_field("key", &key).and_then(|()| map.end());
        key.zeroize();
        done
    }
}

impl<'de> Deserialize<'de> for SessionSecret {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Fields {
            id: String,
            key: String,
        }
        let mut fields = Fields::deserialize(d)?;
        let id = decode_array::<SESSION_ID_LEN>(&fields.id);
        let master = decode_array::<KEY_LEN>(&fields.key);
        fields.key.zeroize();
        match (id, master) {
            (Some(id), Some(master)) => Ok(SessionSecret::new(SessionId(id), master)),
            _ => Err(de::Error::custom(format!(
                "a session needs a {SESSION_ID_LEN}-byte id and a {KEY_LEN}-byte key in hexadecimal"
            ))),
        }
    }
}

/// Exactly `N` bytes from hexadecimal, with no copy left behind.
fn decode_array<const N: usize>(s: &str) -> Option<[u8; N]> {
    let mut bytes = hex::decode(s)?;
    let array = <[u8; N]>::try_from(bytes.as_slice()).ok();
    bytes.zeroize();
    array
}

/// The SPAKE2 message did not have the expected form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadPakeMessage;

/// One side of a SPAKE2 exchange in progress.
pub struct Pake(Spake2<Ed25519Group>);

impl fmt::Debug for Pake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Pake(..)")
    }
}

impl Pake {
    /// Starts the exchange; the returned bytes go to the peer.
    pub fn start(role: PeerRole, code: PairingCode) -> (Pake, Vec<u8>) {
        let password = Password::new(code.digits().as_bytes());
        let (host, joiner) = (Identity::new(HOST_IDENTITY), Identity::new(JOINER_IDENTITY));
        let (state, msg) = match role {
            PeerRole::Host => Spake2::<Ed25519Group>::start_a(&password, &host, &joiner),
            PeerRole::Joiner => Spake2::<Ed25519Group>::start_b(&password, &host, &joiner),
        };
        (Pake(state), msg)
    }

    /// Completes the exchange with the peer's message. A wrong code is not
    /// detected here (both sides just get different keys); the key
    /// confirmation step catches it.
    pub fn finish(self, peer_msg: &[u8]) -> Result<[u8; KEY_LEN], BadPakeMessage> {
        let shared = self.0.finish(peer_msg).map_err(|_| BadPakeMessage)?;
        let (master, _) = Hkdf::<Sha256>::extract(Some(MASTER_SALT), &shared);
        Ok(master.into())
    }
}

/// Running hash of the handshake messages exactly as they were sent.
#[derive(Debug, Clone, Default)]
pub struct Transcript(Sha256);

impl Transcript {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, message: &[u8]) {
        self.0.update((message.len() as u64).to_be_bytes());
        self.0.update(message);
    }

    pub fn hash(&self) -> [u8; 32] {
        self.0.clone().finalize().into()
    }
}

/// Keys for one connection.
#[derive(Clone)]
pub struct ConnectionKeys {
    confirm_host: [u8; KEY_LEN],
    confirm_joiner: [u8; KEY_LEN],
    pub host_to_joiner: [u8; KEY_LEN],
    pub joiner_to_host: [u8; KEY_LEN],
    transcript: [u8; 32],
}

impl Drop for ConnectionKeys {
    fn drop(&mut self) {
        for key in [
            &mut self.confirm_host,
            &mut self.confirm_joiner,
            &mut self.host_to_joiner,
            &mut self.joiner_to_host,
        ] {
            key.zeroize();
        }
    }
}

impl fmt::Debug for ConnectionKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ConnectionKeys(..)")
    }
}

impl ConnectionKeys {
    /// Derives this connection's keys from the master secret and the
    /// handshake transcript.
    pub fn derive(master: &[u8; KEY_LEN], transcript: &Transcript) -> Self {
        let transcript = transcript.hash();
        let hk = Hkdf::<Sha256>::new(Some(&transcript), master);
        let expand = |label: &[u8]| {
            let mut key = [0; KEY_LEN];
            hk.expand(label, &mut key)
                .expect("32 bytes is a valid HKDF-SHA256 output length");
            key
        };
        ConnectionKeys {
            confirm_host: expand(b"confirm host"),
            confirm_joiner: expand(b"confirm joiner"),
            host_to_joiner: expand(b"traffic host to joiner"),
            joiner_to_host: expand(b"traffic joiner to host"),
            transcript,
        }
    }

    fn confirm_key(&self, role: PeerRole) -> &[u8; KEY_LEN] {
        match role {
            PeerRole::Host => &self.confirm_host,
            PeerRole::Joiner => &self.confirm_joiner,
        }
    }

    /// Proof that `role` derived the same keys, i.e. knew the code (or the
    /// master secret when resuming).
    pub fn confirmation(&self, role: PeerRole) -> [u8; 32] {
        let mut mac = HmacSha256::new_from_slice(self.confirm_key(role))
            .expect("HMAC accepts any key length");
        mac.update(&self.transcript);
        mac.finalize().into_bytes().into()
    }

    /// Checks the peer's proof in constant time.
    pub fn verify_confirmation(&self, role: PeerRole, proof: &[u8]) -> bool {
        let mut mac = HmacSha256::new_from_slice(self.confirm_key(role))
            .expect("HMAC accepts any key length");
        mac.update(&self.transcript);
        mac.verify_slice(proof).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(host_code: u32, joiner_code: u32) -> ([u8; 32], [u8; 32]) {
        let (h, h_msg) = Pake::start(PeerRole::Host, PairingCode::from_number(host_code).unwrap());
        let (j, j_msg) = Pake::start(
            PeerRole::Joiner,
            PairingCode::from_number(joiner_code).unwrap(),
        );
        (h.finish(&j_msg).unwrap(), j.finish(&h_msg).unwrap())
    }

    #[test]
    fn same_code_gives_same_keys_and_confirmations() {
        let (h, j) = pair(123456, 123456);
        assert_eq!(h, j);
        let mut t = Transcript::new();
        t.add(b"hello");
        let (hk, jk) = (
            ConnectionKeys::derive(&h, &t),
            ConnectionKeys::derive(&j, &t),
        );
        assert!(jk.verify_confirmation(PeerRole::Host, &hk.confirmation(PeerRole::Host)));
        assert!(hk.verify_confirmation(PeerRole::Joiner, &jk.confirmation(PeerRole::Joiner)));
        assert!(!hk.verify_confirmation(PeerRole::Host, &jk.confirmation(PeerRole::Joiner)));
        assert_ne!(hk.host_to_joiner, hk.joiner_to_host);
    }

    #[test]
    fn wrong_code_fails_confirmation() {
        let (h, j) = pair(123456, 123457);
        assert_ne!(h, j);
        let t = Transcript::new();
        let (hk, jk) = (
            ConnectionKeys::derive(&h, &t),
            ConnectionKeys::derive(&j, &t),
        );
        assert!(!hk.verify_confirmation(PeerRole::Joiner, &jk.confirmation(PeerRole::Joiner)));
    }

    #[test]
    fn each_transcript_gives_fresh_keys() {
        let (h, _) = pair(1, 1);
        let mut a = Transcript::new();
        a.add(b"nonce a");
        let mut b = Transcript::new();
        b.add(b"nonce b");
        assert_ne!(
            ConnectionKeys::derive(&h, &a).host_to_joiner,
            ConnectionKeys::derive(&h, &b).host_to_joiner
        );
    }

    #[test]
    fn resume_proofs_bind_the_key_the_session_and_the_nonce() {
        let secret = SessionSecret::new(SessionId([1; SESSION_ID_LEN]), [2; KEY_LEN]);
        let proof = secret.resume_proof(b"nonce");
        assert!(secret.verify_resume_proof(b"nonce", &proof));
        assert!(!secret.verify_resume_proof(b"other", &proof));
        let other_key = SessionSecret::new(SessionId([1; SESSION_ID_LEN]), [3; KEY_LEN]);
        assert!(!other_key.verify_resume_proof(b"nonce", &proof));
        let other_id = SessionSecret::new(SessionId([4; SESSION_ID_LEN]), [2; KEY_LEN]);
        assert!(!other_id.verify_resume_proof(b"nonce", &proof));
    }

    #[test]
    fn a_session_secret_round_trips_and_refuses_bad_keys() {
        let secret = SessionSecret::new(SessionId([0xab; SESSION_ID_LEN]), [0xcd; KEY_LEN]);
        let json = serde_json::to_string(&secret).unwrap();
        assert_eq!(
            json,
            format!(
                r#"{{"id":"{}","key":"{}"}}"#,
                "ab".repeat(16),
                "cd".repeat(32)
            )
        );
        assert_eq!(
            serde_json::from_str::<SessionSecret>(&json).unwrap(),
            secret
        );
        assert!(
            !format!("{secret:?}").contains("cdcd"),
            "Debug hides the key"
        );
        for bad in [
            format!(
                r#"{{"id":"{}","key":"{}"}}"#,
                "ab".repeat(16),
                "cd".repeat(31)
            ),
            format!(
                r#"{{"id":"{}","key":"{}"}}"#,
                "ab".repeat(15),
                "cd".repeat(32)
            ),
            format!(
                r#"{{"id":"{}","key":"{}zz"}}"#,
                "ab".repeat(16),
                "cd".repeat(31)
            ),
            format!(r#"{{"id":"{}"}}"#, "ab".repeat(16)),
        ] {
            assert!(
                serde_json::from_str::<SessionSecret>(&bad).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn malformed_pake_messages_are_refused() {
        let (h, _) = Pake::start(PeerRole::Host, PairingCode::from_number(1).unwrap());
        assert_eq!(h.finish(b"short").unwrap_err(), BadPakeMessage);
        let (h, h_msg) = Pake::start(PeerRole::Host, PairingCode::from_number(1).unwrap());
        assert_eq!(
            h.finish(&h_msg).unwrap_err(),
            BadPakeMessage,
            "reflected message"
        );
    }
}
