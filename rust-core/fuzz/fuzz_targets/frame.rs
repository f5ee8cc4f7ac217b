//! Arbitrary bytes from the network: the frame decoder, the message
//! parsers, the encrypted channel and the host's handshake must refuse them
//! without panicking.

#![no_main]

use std::time::Instant;

use libfuzzer_sys::fuzz_target;
use rokada_core::net::channel::SecureChannel;
use rokada_core::net::PeerRole;
use rokada_core::net::crypto::{ConnectionKeys, Transcript};
use rokada_core::net::frame::{FrameDecoder, MAX_FRAME_LEN};
use rokada_core::net::link::{Host, LinkConfig};
use rokada_core::net::message::{Handshake, Packet};
use rokada_core::net::pairing::PairingCode;

fuzz_target!(|data: &[u8]| {
    // The first byte says how the stream is cut into reads.
    let Some((&cut, stream)) = data.split_first() else {
        return;
    };
    let chunk = usize::from(cut).max(1);
    let keys = ConnectionKeys::derive(&[7; 32], &Transcript::new());
    let mut channel = SecureChannel::new(PeerRole::Joiner, &keys);
    let mut decoder = FrameDecoder::new();
    for part in stream.chunks(chunk) {
        decoder.push(part);
        while let Ok(Some(frame)) = decoder.next_frame() {
            assert!(!frame.is_empty() && frame.len() <= MAX_FRAME_LEN);
            let _ = Handshake::decode(&frame);
            let _ = Packet::decode(&frame);
            let _ = channel.open(&frame);
        }
    }
    let _ = decoder.finish();

    let now = Instant::now();
    let mut host = Host::new(LinkConfig::default(), PairingCode::from_number(0).unwrap());
    host.on_accepted(1, now);
    for part in stream.chunks(chunk) {
        host.on_bytes(1, part, now);
    }
    while host.poll_output().is_some() {}
});
