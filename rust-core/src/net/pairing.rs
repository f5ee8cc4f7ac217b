//! The 6-digit pairing code the host shows and the joiner types, and the
//! host's count of wrong attempts.

use std::fmt;
use std::str::FromStr;

use rand_core::{OsRng, RngCore};

/// Wrong codes the host tolerates before it shows a new one. With a
/// million codes this leaves an online guesser a 3-in-a-million chance per
/// displayed code, and the code screen makes a renewal visible.
pub const MAX_WRONG_ATTEMPTS: u8 = 3;

const CODE_SPACE: u32 = 1_000_000;

/// A six-digit pairing code, `000000` to `999999`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PairingCode(u32);

impl PairingCode {
    /// Draws a uniformly random code from the operating system's generator.
    pub fn generate() -> Self {
        // Rejection sampling keeps the distribution uniform: the accepted
        // range is the largest multiple of the code space below 2^32.
        const LIMIT: u32 = u32::MAX - (u32::MAX % CODE_SPACE) - 1;
        loop {
            let n = OsRng.next_u32();
            if n <= LIMIT {
                return PairingCode(n % CODE_SPACE);
            }
        }
    }

    /// The code as a number below one million.
    pub fn from_number(n: u32) -> Result<Self, CodeError> {
        if n < CODE_SPACE {
            Ok(PairingCode(n))
        } else {
            Err(CodeError::OutOfRange(n))
        }
    }

    /// The six digits, zero-padded.
    pub fn digits(&self) -> String {
        format!("{:06}", self.0)
    }
}

impl fmt::Display for PairingCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:06}", self.0)
    }
}

/// Codes are secrets: keep them out of logs made with `{:?}`.
impl fmt::Debug for PairingCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PairingCode(******)")
    }
}

/// Why a typed code was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeError {
    /// Not exactly six digits once spaces and dashes are removed.
    WrongLength { digits: usize },
    /// A character that is neither a digit nor a separator.
    NotADigit(char),
    /// A number of one million or more.
    OutOfRange(u32),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::WrongLength { digits } => {
                write!(f, "a pairing code has 6 digits, not {digits}")
            }
            CodeError::NotADigit(c) => write!(f, "{c:?} is not a digit"),
            CodeError::OutOfRange(n) => write!(f, "{n} is not a 6-digit code"),
        }
    }
}

impl std::error::Error for CodeError {}

impl FromStr for PairingCode {
    type Err = CodeError;

    /// Accepts the digits as people type them: `123456`, `123 456`, `123-456`.
    fn from_str(s: &str) -> Result<Self, CodeError> {
        let mut n = 0u32;
        let mut digits = 0usize;
        for c in s.trim().chars() {
            match c {
                ' ' | '-' => {}
                '0'..='9' => {
                    digits += 1;
                    if digits <= 6 {
                        n = n * 10 + (c as u32 - '0' as u32);
                    }
                }
                _ => return Err(CodeError::NotADigit(c)),
            }
        }
        if digits != 6 {
            return Err(CodeError::WrongLength { digits });
        }
        Ok(PairingCode(n))
    }
}

/// The host's current code and how many wrong attempts it has seen.
#[derive(Debug, Clone)]
pub struct CodeGuard {
    code: PairingCode,
    wrong_attempts: u8,
}

impl CodeGuard {
    pub fn new(code: PairingCode) -> Self {
        CodeGuard {
            code,
            wrong_attempts: 0,
        }
    }

    pub fn code(&self) -> PairingCode {
        self.code
    }

    pub fn wrong_attempts(&self) -> u8 {
        self.wrong_attempts
    }

    /// Counts a failed attempt; after [`MAX_WRONG_ATTEMPTS`] the code is
    /// replaced and the new one returned so the host can show it.
    pub fn record_wrong_attempt(&mut self) -> Option<PairingCode> {
        self.wrong_attempts += 1;
        if self.wrong_attempts < MAX_WRONG_ATTEMPTS {
            return None;
        }
        let old = self.code;
        self.code = loop {
            let fresh = PairingCode::generate();
            if fresh != old {
                break fresh;
            }
        };
        self.wrong_attempts = 0;
        Some(self.code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_typed_codes() {
        assert_eq!("012345".parse(), Ok(PairingCode(12345)));
        assert_eq!(" 123 456 ".parse(), Ok(PairingCode(123456)));
        assert_eq!("123-456".parse(), Ok(PairingCode(123456)));
        assert_eq!(
            "12345".parse::<PairingCode>(),
            Err(CodeError::WrongLength { digits: 5 })
        );
        assert_eq!(
            "1234567".parse::<PairingCode>(),
            Err(CodeError::WrongLength { digits: 7 })
        );
        assert_eq!(
            "12a456".parse::<PairingCode>(),
            Err(CodeError::NotADigit('a'))
        );
        assert_eq!(PairingCode(7).to_string(), "000007");
        assert_eq!(format!("{:?}", PairingCode(7)), "PairingCode(******)");
        assert_eq!(
            PairingCode::from_number(1_000_000),
            Err(CodeError::OutOfRange(1_000_000))
        );
    }

    #[test]
    fn generated_codes_vary_and_stay_in_range() {
        let codes: std::collections::HashSet<u32> =
            (0..64).map(|_| PairingCode::generate().0).collect();
        assert!(codes.iter().all(|&c| c < CODE_SPACE));
        assert!(
            codes.len() > 60,
            "64 draws from a million should not collide much"
        );
    }

    #[test]
    fn guard_renews_the_code_after_the_allowed_wrong_attempts() {
        let first = PairingCode(111111);
        let mut guard = CodeGuard::new(first);
        for _ in 1..MAX_WRONG_ATTEMPTS {
            assert_eq!(guard.record_wrong_attempt(), None);
            assert_eq!(guard.code(), first);
        }
        let renewed = guard.record_wrong_attempt().expect("code renewed");
        assert_ne!(renewed, first);
        assert_eq!(guard.code(), renewed);
        assert_eq!(guard.wrong_attempts(), 0);
    }
}
