//! The time controls a new game offers, the same in both apps.

use crate::clock::TimeControl;

/// How fast a time control is, by the expected length of a 40-move game
/// for one player (base time plus 40 increments), as lichess classes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum TimePresetKind {
    /// Under 3 minutes.
    Bullet,
    /// Under 8 minutes.
    Blitz,
    /// Under 25 minutes.
    Rapid,
    Classical,
}

impl TimePresetKind {
    pub fn of(control: TimeControl) -> TimePresetKind {
        let expected_s = (control.base_ms + 40 * control.increment_ms) / 1000;
        match expected_s {
            0..180 => TimePresetKind::Bullet,
            180..480 => TimePresetKind::Blitz,
            480..1500 => TimePresetKind::Rapid,
            _ => TimePresetKind::Classical,
        }
    }
}

/// One offered time control.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct TimePreset {
    pub control: TimeControl,
    pub kind: TimePresetKind,
    /// `5+3`: minutes and increment seconds, as players write it.
    pub label: String,
}

const PRESETS: [(u64, u64); 6] = [(1, 0), (3, 2), (5, 3), (10, 5), (15, 10), (30, 20)];

/// The offered time controls, fastest first. A game may also have no clock,
/// or any control `TimeControl::new` accepts.
pub fn time_presets() -> Vec<TimePreset> {
    PRESETS
        .iter()
        .map(|&(minutes, seconds)| {
            let control = TimeControl::new(minutes * 60_000, seconds * 1000)
                .expect("every preset is in range");
            TimePreset {
                control,
                kind: TimePresetKind::of(control),
                label: control.to_string(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_their_kinds() {
        let shown: Vec<(String, TimePresetKind)> = time_presets()
            .into_iter()
            .map(|p| (p.label, p.kind))
            .collect();
        use TimePresetKind::*;
        assert_eq!(
            shown,
            [
                ("1+0".to_owned(), Bullet),
                ("3+2".to_owned(), Blitz),
                ("5+3".to_owned(), Blitz),
                ("10+5".to_owned(), Rapid),
                ("15+10".to_owned(), Rapid),
                ("30+20".to_owned(), Classical),
            ]
        );
    }
}
