//! Length-prefixed framing over a byte stream.
//!
//! Every frame is a 4-byte big-endian payload length followed by the payload.
//! The length is checked against [`MAX_FRAME_LEN`] as soon as the header has
//! arrived, so a peer can never make us buffer more than one maximal frame.

use std::fmt;

/// Length of the frame header (big-endian `u32` payload length).
pub const HEADER_LEN: usize = 4;

/// Largest payload a frame may carry. The largest message is a whole game
/// as a save file (about 40 bytes a half-move), so this allows games of
/// several thousand half-moves; anything larger is hostile or broken.
pub const MAX_FRAME_LEN: usize = 256 * 1024;

/// Why a frame could not be written or read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameError {
    /// A frame announced (or a caller offered) an empty payload.
    Empty,
    /// A frame announced (or a caller offered) more than [`MAX_FRAME_LEN`] bytes.
    TooLarge { len: usize, max: usize },
    /// The stream ended in the middle of a frame.
    Truncated { buffered: usize },
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrameError::Empty => f.write_str("empty frame"),
            FrameError::TooLarge { len, max } => {
                write!(f, "frame of {len} bytes exceeds the maximum of {max}")
            }
            FrameError::Truncated { buffered } => {
                write!(f, "stream ended inside a frame ({buffered} bytes buffered)")
            }
        }
    }
}

impl std::error::Error for FrameError {}

fn check_len(len: usize) -> Result<(), FrameError> {
    match len {
        0 => Err(FrameError::Empty),
        len if len > MAX_FRAME_LEN => Err(FrameError::TooLarge {
            len,
            max: MAX_FRAME_LEN,
        }),
        _ => Ok(()),
    }
}

/// Wraps `payload` in a frame.
pub fn encode_frame(payload: &[u8]) -> Result<Vec<u8>, FrameError> {
    check_len(payload.len())?;
    let len = u32::try_from(payload.len()).map_err(|_| FrameError::TooLarge {
        len: payload.len(),
        max: MAX_FRAME_LEN,
    })?;
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(payload);
    Ok(out)
}

/// Incremental frame decoder: feed it whatever the socket returned, take out
/// whole frames. It never panics; after an error it stays failed, because a
/// stream whose framing is broken cannot be trusted to realign.
#[derive(Debug, Default)]
pub struct FrameDecoder {
    buf: Vec<u8>,
    failed: Option<FrameError>,
}

impl FrameDecoder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends received bytes. Call [`FrameDecoder::next_frame`] until it
    /// returns `Ok(None)` after each push.
    pub fn push(&mut self, bytes: &[u8]) {
        if self.failed.is_none() {
            self.buf.extend_from_slice(bytes);
        }
    }

    /// Returns the next complete frame's payload, `Ok(None)` if more bytes are
    /// needed, or the error that broke the stream.
    pub fn next_frame(&mut self) -> Result<Option<Vec<u8>>, FrameError> {
        if let Some(err) = self.failed {
            return Err(err);
        }
        let Some(header) = self.buf.first_chunk::<HEADER_LEN>() else {
            return Ok(None);
        };
        let len = u32::from_be_bytes(*header) as usize;
        if let Err(err) = check_len(len) {
            self.fail(err);
            return Err(err);
        }
        if self.buf.len() < HEADER_LEN + len {
            return Ok(None);
        }
        let payload = self.buf[HEADER_LEN..HEADER_LEN + len].to_vec();
        self.buf.drain(..HEADER_LEN + len);
        Ok(Some(payload))
    }

    /// Declares the end of the stream: an error if a frame was cut short.
    pub fn finish(&self) -> Result<(), FrameError> {
        if let Some(err) = self.failed {
            return Err(err);
        }
        match self.buf.len() {
            0 => Ok(()),
            buffered => Err(FrameError::Truncated { buffered }),
        }
    }

    fn fail(&mut self, err: FrameError) {
        self.failed = Some(err);
        self.buf = Vec::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn round_trip_split_anywhere() {
        let a = encode_frame(b"hello").unwrap();
        let b = encode_frame(&[7; 300]).unwrap();
        let stream: Vec<u8> = a.iter().chain(&b).copied().collect();
        for split in 0..=stream.len() {
            let mut dec = FrameDecoder::new();
            let mut frames = Vec::new();
            for part in [&stream[..split], &stream[split..]] {
                dec.push(part);
                while let Some(f) = dec.next_frame().unwrap() {
                    frames.push(f);
                }
            }
            assert_eq!(frames, vec![b"hello".to_vec(), vec![7; 300]]);
            assert_eq!(dec.finish(), Ok(()));
        }
    }

    #[test]
    fn oversized_header_fails_before_payload_arrives() {
        let mut dec = FrameDecoder::new();
        dec.push(&((MAX_FRAME_LEN as u32 + 1).to_be_bytes()));
        let err = FrameError::TooLarge {
            len: MAX_FRAME_LEN + 1,
            max: MAX_FRAME_LEN,
        };
        assert_eq!(dec.next_frame(), Err(err));
        dec.push(&encode_frame(b"later").unwrap());
        assert_eq!(dec.next_frame(), Err(err), "a broken stream stays broken");
    }

    #[test]
    fn empty_and_truncated_frames_are_errors() {
        assert_eq!(encode_frame(b""), Err(FrameError::Empty));
        assert!(matches!(
            encode_frame(&vec![0; MAX_FRAME_LEN + 1]),
            Err(FrameError::TooLarge { .. })
        ));
        let mut dec = FrameDecoder::new();
        dec.push(&[0, 0, 0, 0]);
        assert_eq!(dec.next_frame(), Err(FrameError::Empty));

        let mut dec = FrameDecoder::new();
        let frame = encode_frame(b"cut").unwrap();
        dec.push(&frame[..5]);
        assert_eq!(dec.next_frame(), Ok(None));
        assert_eq!(dec.finish(), Err(FrameError::Truncated { buffered: 5 }));
    }

    proptest! {
        #[test]
        fn decoder_never_panics_and_frames_are_bounded(
            chunks in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..64), 0..16)
        ) {
            let mut dec = FrameDecoder::new();
            for chunk in &chunks {
                dec.push(chunk);
                while let Ok(Some(frame)) = dec.next_frame() {
                    prop_assert!(!frame.is_empty() && frame.len() <= MAX_FRAME_LEN);
                }
            }
        }

        #[test]
        fn any_payload_round_trips(
            payloads in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 1..200), 1..8),
            cut in 1usize..50,
        ) {
            let stream: Vec<u8> = payloads.iter().flat_map(|p| encode_frame(p).unwrap()).collect();
            let mut dec = FrameDecoder::new();
            let mut out = Vec::new();
            for chunk in stream.chunks(cut) {
                dec.push(chunk);
                while let Some(f) = dec.next_frame().unwrap() {
                    out.push(f);
                }
            }
            prop_assert_eq!(out, payloads);
        }
    }
}
