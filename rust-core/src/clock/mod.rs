//! The chess clock: base time plus a Fischer increment, read from an
//! injectable monotonic time source so that tests are exact and a restored
//! game resumes with the times it was saved with.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use serde::{Deserialize, Serialize};
use shakmaty::{ByColor, Color};

/// Milliseconds, the clock's unit everywhere (and in save files).
pub type Millis = u64;

/// A monotonic source of time. Only differences between readings matter.
pub trait TimeSource: Send + Sync + fmt::Debug {
    fn now_ms(&self) -> Millis;
}

/// The real monotonic clock of the machine.
#[derive(Debug)]
pub struct MonotonicTime {
    origin: Instant,
}

impl MonotonicTime {
    pub fn new() -> MonotonicTime {
        MonotonicTime {
            origin: Instant::now(),
        }
    }
}

impl Default for MonotonicTime {
    fn default() -> Self {
        MonotonicTime::new()
    }
}

impl TimeSource for MonotonicTime {
    fn now_ms(&self) -> Millis {
        Millis::try_from(self.origin.elapsed().as_millis()).unwrap_or(Millis::MAX)
    }
}

/// A time source moved by hand, for tests and replays.
#[derive(Debug, Default)]
pub struct ManualTime {
    now: AtomicU64,
}

impl ManualTime {
    pub fn new() -> Arc<ManualTime> {
        Arc::new(ManualTime::default())
    }

    pub fn advance(&self, ms: Millis) {
        self.now.fetch_add(ms, Ordering::SeqCst);
    }
}

impl TimeSource for ManualTime {
    fn now_ms(&self) -> Millis {
        self.now.load(Ordering::SeqCst)
    }
}

/// Base time and Fischer increment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, uniffi::Record)]
pub struct TimeControl {
    pub base_ms: Millis,
    pub increment_ms: Millis,
}

/// Longest base time accepted: 10 hours keeps every sum far from overflow.
pub(crate) const MAX_BASE_MS: Millis = 10 * 3_600_000;
/// Longest increment accepted.
const MAX_INCREMENT_MS: Millis = 3_600_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TimeControlError {
    /// Not of the form `MINUTES+SECONDS`, e.g. `5+3`.
    Syntax(String),
    /// Zero base time, or more than 10 hours base or 1 hour increment.
    OutOfRange,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::Syntax(text) => {
                write!(f, "time control {text:?} is not MINUTES+SECONDS, e.g. 5+3")
            }
            TimeControlError::OutOfRange => write!(
                f,
                "time control must have a base above zero and at most 10 hours, increment at most 1 hour"
            ),
        }
    }
}

impl std::error::Error for TimeControlError {}

impl TimeControl {
    pub fn new(base_ms: Millis, increment_ms: Millis) -> Result<TimeControl, TimeControlError> {
        if base_ms == 0 || base_ms > MAX_BASE_MS || increment_ms > MAX_INCREMENT_MS {
            return Err(TimeControlError::OutOfRange);
        }
        Ok(TimeControl {
            base_ms,
            increment_ms,
        })
    }

    /// The PGN `TimeControl` tag value: seconds, `+` increment in seconds.
    pub fn to_pgn(self) -> String {
        if self.increment_ms == 0 {
            format!("{}", self.base_ms / 1000)
        } else {
            format!("{}+{}", self.base_ms / 1000, self.increment_ms / 1000)
        }
    }
}

impl fmt::Display for TimeControl {
    /// Minutes and seconds the way players say it: `5+3`, `0.5+0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.base_ms as f64 / 60_000.0;
        write!(f, "{}+{}", minutes, self.increment_ms / 1000)
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `MINUTES+SECONDS` as players write it (`5+3`, `10+0`, `0.5+1`);
    /// a bare number is minutes without increment.
    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let syntax = || TimeControlError::Syntax(s.to_owned());
        let (minutes, seconds) = s.trim().split_once('+').unwrap_or((s.trim(), "0"));
        let minutes: f64 = minutes.trim().parse().map_err(|_| syntax())?;
        let seconds: u64 = seconds.trim().parse().map_err(|_| syntax())?;
        if !minutes.is_finite() || minutes <= 0.0 || minutes > (MAX_BASE_MS / 60_000) as f64 {
            return Err(TimeControlError::OutOfRange);
        }
        let base_ms = (minutes * 60_000.0).round() as Millis;
        TimeControl::new(
            base_ms,
            seconds
                .checked_mul(1000)
                .ok_or(TimeControlError::OutOfRange)?,
        )
    }
}

/// A clock's state at one moment, as the UI shows it and a save file keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSnapshot {
    pub control: TimeControl,
    pub white_ms: Millis,
    pub black_ms: Millis,
    /// The side whose time is running, if the clock has started.
    #[serde(with = "crate::serde_color::option")]
    pub running: Option<Color>,
}

impl ClockSnapshot {
    pub fn remaining(&self, color: Color) -> Millis {
        match color {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        }
    }
}

/// A two-sided chess clock. It starts when White completes the first move
/// (Black's time starts running), switches only when a move is complete, and
/// credits the increment for each move made while the mover's time ran.
#[derive(Debug, Clone)]
pub struct Clock {
    control: TimeControl,
    remaining: ByColor<Millis>,
    /// Whose time runs and the time-source reading when it started running.
    running: Option<(Color, Millis)>,
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            remaining: ByColor {
                white: control.base_ms,
                black: control.base_ms,
            },
            running: None,
        }
    }

    /// Restores a clock from a snapshot; if a side was running, its time runs
    /// again from `now`.
    pub fn from_snapshot(snapshot: &ClockSnapshot, now: Millis) -> Clock {
        Clock {
            control: snapshot.control,
            remaining: ByColor {
                white: snapshot.white_ms,
                black: snapshot.black_ms,
            },
            running: snapshot.running.map(|color| (color, now)),
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    pub fn running(&self) -> Option<Color> {
        self.running.map(|(color, _)| color)
    }

    /// Time left for `color` at time `now`, never below zero.
    pub fn remaining(&self, color: Color, now: Millis) -> Millis {
        let left = self.remaining[color];
        match self.running {
            Some((running, since)) if running == color => {
                left.saturating_sub(now.saturating_sub(since))
            }
            _ => left,
        }
    }

    /// The side whose time has run out at `now`, if any.
    pub fn flagged(&self, now: Millis) -> Option<Color> {
        self.running()
            .filter(|&color| self.remaining(color, now) == 0)
    }

    /// `mover` has completed a move at `now`: charge its time, credit the
    /// increment, and start the opponent's time.
    pub fn complete_move(&mut self, mover: Color, now: Millis) {
        if let Some((running, _)) = self.running
            && running == mover
        {
            let left = self.remaining(mover, now);
            self.remaining[mover] = left.saturating_add(self.control.increment_ms);
        }
        self.running = Some((!mover, now));
    }

    /// Lets `color`'s time run from `now` without charging or crediting anyone
    /// (after an undo the side to move changes without a move).
    pub fn set_running(&mut self, color: Option<Color>, now: Millis) {
        if let Some((running, _)) = self.running {
            self.remaining[running] = self.remaining(running, now);
        }
        self.running = color.map(|c| (c, now));
    }

    /// Stops the clock for good (the game is over), keeping the times shown.
    pub fn stop(&mut self, now: Millis) {
        self.set_running(None, now);
    }

    pub fn snapshot(&self, now: Millis) -> ClockSnapshot {
        ClockSnapshot {
            control: self.control,
            white_ms: self.remaining(Color::White, now),
            black_ms: self.remaining(Color::Black, now),
            running: self.running(),
        }
    }
}

/// A clock face as players read it: `M:SS`, `H:MM:SS` from an hour up, and
/// `0:SS.t` with tenths under ten seconds as the flag nears.
pub fn clock_text(ms: Millis) -> String {
    let seconds = ms / 1000;
    if ms < 10_000 {
        format!("0:{:02}.{}", seconds, ms % 1000 / 100)
    } else if seconds >= 3600 {
        format!(
            "{}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        )
    } else {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

#[cfg(test)]
mod tests;
