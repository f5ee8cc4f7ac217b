//! The 6-digit pairing code the host shows and the joiner types, and the
//! host's bound on how many codes it checks.

use std::collections::HashMap;
use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand_core::{OsRng, RngCore};

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

/// Wrong codes the host checks in a burst before the budget below applies.
pub const GUESS_BURST: u32 = 10;
/// One more wrong code may be checked per this much time once the burst is
/// spent: at most 60 an hour after the first 10, so an attacker pairs with
/// a probability under 7 × 10⁻⁵ in any hour however fast it guesses.
pub const GUESS_REFILL: Duration = Duration::from_secs(60);
/// Longest pause an address must make after its wrong codes: it waits
/// 1 s after the first, then twice as long after each further one.
pub const MAX_ADDRESS_BACKOFF: Duration = Duration::from_secs(300);
/// Addresses whose wrong codes are remembered; the oldest pause is
/// forgotten first (the global budget still holds).
const TRACKED_ADDRESSES: usize = 1024;

/// One address's wrong codes and the pause they earned it.
#[derive(Debug, Clone, Copy)]
struct Backoff {
    wrong: u32,
    until: Instant,
}

/// The host's current code and how many codes it may still check.
///
/// Every wrong code costs one of a budget of [`GUESS_BURST`] that comes
/// back at one per [`GUESS_REFILL`], which bounds the guessing of the
/// whole network; and the address it came from must pause, exponentially
/// longer after each, so that one guessing device spends its own turns and
/// not the budget a legitimate joiner on another address needs. A code
/// that cannot be checked now is not checked at all: the attempt is
/// turned away as `Busy` and the joiner tries again shortly.
#[derive(Debug, Clone)]
pub struct CodeGuard {
    code: PairingCode,
    wrong_attempts: u32,
    budget: u32,
    /// When the next unit of budget comes back, while it is not full.
    refill_at: Option<Instant>,
    addresses: HashMap<IpAddr, Backoff>,
}

impl CodeGuard {
    pub fn new(code: PairingCode) -> Self {
        CodeGuard {
            code,
            wrong_attempts: 0,
            budget: GUESS_BURST,
            refill_at: None,
            addresses: HashMap::new(),
        }
    }

    pub fn code(&self) -> PairingCode {
        self.code
    }

    /// Wrong codes seen since the host started.
    pub fn wrong_attempts(&self) -> u32 {
        self.wrong_attempts
    }

    /// Replaces the code (the host's user asked for a new one). Pauses and
    /// the budget stay: they are about the guesser, not the code.
    pub fn renew(&mut self) -> PairingCode {
        let old = self.code;
        self.code = loop {
            let fresh = PairingCode::generate();
            if fresh != old {
                break fresh;
            }
        };
        self.code
    }

    fn refill(&mut self, now: Instant) {
        while let Some(at) = self.refill_at.filter(|&at| now >= at) {
            self.budget += 1;
            self.refill_at = (self.budget < GUESS_BURST).then_some(at + GUESS_REFILL);
        }
    }

    /// Whether a code from `from` may be checked now; if not, how long
    /// until it may.
    pub fn may_check(&mut self, from: IpAddr, now: Instant) -> Result<(), Duration> {
        self.refill(now);
        let address_wait = self
            .addresses
            .get(&from)
            .map_or(Duration::ZERO, |b| b.until.saturating_duration_since(now));
        let budget_wait = match self.refill_at {
            Some(at) if self.budget == 0 => at.saturating_duration_since(now),
            _ => Duration::ZERO,
        };
        let wait = address_wait.max(budget_wait);
        if wait.is_zero() { Ok(()) } else { Err(wait) }
    }

    /// Counts a wrong code from `from`, which must pause before its next.
    pub fn record_wrong_attempt(&mut self, from: IpAddr, now: Instant) {
        self.refill(now);
        self.wrong_attempts = self.wrong_attempts.saturating_add(1);
        self.budget = self.budget.saturating_sub(1);
        if self.refill_at.is_none() {
            self.refill_at = Some(now + GUESS_REFILL);
        }
        if !self.addresses.contains_key(&from) && self.addresses.len() >= TRACKED_ADDRESSES {
            let ends_first = self
                .addresses
                .iter()
                .min_by_key(|(_, b)| b.until)
                .map(|(a, _)| *a);
            if let Some(a) = ends_first {
                self.addresses.remove(&a);
            }
        }
        let entry = self.addresses.entry(from).or_insert(Backoff {
            wrong: 0,
            until: now,
        });
        entry.wrong = entry.wrong.saturating_add(1);
        let pause = Duration::from_secs(1u64 << (entry.wrong - 1).min(16));
        entry.until = now + pause.min(MAX_ADDRESS_BACKOFF);
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

    const A: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 1));
    const B: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 2));

    #[test]
    fn an_address_pauses_longer_after_each_wrong_code() {
        let now = Instant::now();
        let mut guard = CodeGuard::new(PairingCode(111111));
        assert_eq!(guard.may_check(A, now), Ok(()));
        let mut t = now;
        for pause in [1, 2, 4, 8] {
            guard.record_wrong_attempt(A, t);
            let pause = Duration::from_secs(pause);
            assert_eq!(guard.may_check(A, t), Err(pause));
            assert_eq!(guard.may_check(B, t), Ok(()), "another address goes on");
            t += pause;
            assert_eq!(guard.may_check(A, t), Ok(()));
        }
        for _ in 0..20 {
            guard.record_wrong_attempt(A, t);
            t += MAX_ADDRESS_BACKOFF;
        }
        assert_eq!(guard.wrong_attempts(), 24);
        assert_eq!(guard.code(), PairingCode(111111), "the code stays");
    }

    #[test]
    fn the_budget_bounds_wrong_codes_from_every_address_together() {
        let now = Instant::now();
        let mut guard = CodeGuard::new(PairingCode(111111));
        let addr = |i: u32| IpAddr::V4(std::net::Ipv4Addr::from(0x0a00_0000 + i));
        for i in 0..GUESS_BURST {
            assert_eq!(guard.may_check(addr(i), now), Ok(()));
            guard.record_wrong_attempt(addr(i), now);
        }
        assert_eq!(guard.may_check(addr(100), now), Err(GUESS_REFILL));
        let later = now + GUESS_REFILL;
        assert_eq!(guard.may_check(addr(100), later), Ok(()));
        guard.record_wrong_attempt(addr(100), later);
        assert_eq!(guard.may_check(addr(101), later), Err(GUESS_REFILL));
        // Left alone, the budget fills up again, and no further.
        let rested = later + GUESS_REFILL * 50;
        for i in 0..GUESS_BURST {
            assert_eq!(guard.may_check(addr(200 + i), rested), Ok(()));
            guard.record_wrong_attempt(addr(200 + i), rested);
        }
        assert!(guard.may_check(addr(300), rested).is_err());
    }

    #[test]
    fn renewing_draws_a_different_code() {
        let mut guard = CodeGuard::new(PairingCode(111111));
        let renewed = guard.renew();
        assert_ne!(renewed, PairingCode(111111));
        assert_eq!(guard.code(), renewed);
    }
}
