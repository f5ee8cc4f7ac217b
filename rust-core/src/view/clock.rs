//! Clock faces: the time each side has left, formatted the same way in
//! every app, and one low-time rule for both.

use shakmaty::Color;

use crate::clock::{ClockSnapshot, Millis, TimeControl, clock_text};

/// The time left below which a face turns to the low-time colour and the
/// low-time sound plays: an eighth of the base time, at least 10 seconds and
/// at most a minute (a bullet game warns at 10 s, a classical one at 60 s).
pub fn low_time_threshold(control: TimeControl) -> Millis {
    (control.base_ms / 8).clamp(10_000, 60_000)
}

/// One player's clock face.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ClockFace {
    pub ms: u64,
    /// `4:59`, `1:02:03`, `0:09.7`.
    pub text: String,
    pub running: bool,
    /// Under [`low_time_threshold`]: draw it in the low-time colour.
    pub low: bool,
}

/// Both faces at one moment.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ClockView {
    pub control: TimeControl,
    pub white: ClockFace,
    pub black: ClockFace,
    /// Stopped while the game is paused (the faces keep their times).
    pub paused: bool,
}

impl ClockView {
    pub fn new(snapshot: &ClockSnapshot, paused: bool) -> ClockView {
        let threshold = low_time_threshold(snapshot.control);
        let face = |color: Color| {
            let ms = snapshot.remaining(color);
            ClockFace {
                ms,
                text: clock_text(ms),
                running: snapshot.running == Some(color),
                low: ms < threshold,
            }
        };
        ClockView {
            control: snapshot.control,
            white: face(Color::White),
            black: face(Color::Black),
            paused,
        }
    }

    pub fn face(&self, color: Color) -> &ClockFace {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_scale_with_the_base_time() {
        let at = |minutes: u64| low_time_threshold(TimeControl::new(minutes * 60_000, 0).unwrap());
        assert_eq!(at(1), 10_000);
        assert_eq!(at(3), 22_500);
        assert_eq!(at(5), 37_500);
        assert_eq!(at(30), 60_000);
    }

    #[test]
    fn faces_show_time_running_and_low() {
        let snapshot = ClockSnapshot {
            control: TimeControl::new(60_000, 0).unwrap(),
            white_ms: 9_999,
            black_ms: 10_000,
            running: Some(Color::White),
        };
        let view = ClockView::new(&snapshot, false);
        assert_eq!(
            view.white,
            ClockFace {
                ms: 9_999,
                text: "0:09.9".into(),
                running: true,
                low: true
            }
        );
        assert_eq!(
            view.black,
            ClockFace {
                ms: 10_000,
                text: "0:10".into(),
                running: false,
                low: false
            }
        );
    }
}
