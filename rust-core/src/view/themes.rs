//! The board's colour themes, the same in both apps. Colours are ARGB
//! (`0xAARRGGBB`), ready for Android's `Color` and SwiftUI's `Color`.

/// A board colour theme the player picks in the settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, uniffi::Enum)]
pub enum BoardTheme {
    /// Brown wood, as on most club boards.
    #[default]
    Wood,
    /// Grey-blue.
    Slate,
    /// Cream and green, as on tournament vinyl boards.
    Tournament,
}

/// Everything the board paints in one theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct BoardColors {
    pub light: u32,
    pub dark: u32,
    /// Laid over both squares of the last move.
    pub last_move: u32,
    /// Laid over the selected piece's square.
    pub selected: u32,
    /// The dots (and capture rings) of the move hints.
    pub hint: u32,
    /// The centre of the soft glow under a king in check; it fades to
    /// transparent at the square's edge.
    pub check: u32,
    /// Coordinates drawn on a light square, and on a dark one: each in the
    /// other square colour, so they read on both.
    pub coordinate_on_light: u32,
    pub coordinate_on_dark: u32,
}

/// The themes, in the order the settings list them.
pub const BOARD_THEMES: [BoardTheme; 3] =
    [BoardTheme::Wood, BoardTheme::Slate, BoardTheme::Tournament];

pub fn board_colors(theme: BoardTheme) -> BoardColors {
    let (light, dark) = match theme {
        BoardTheme::Wood => (0xFFF0_D9B5, 0xFFB5_8863),
        BoardTheme::Slate => (0xFFDE_E3E6, 0xFF8C_A2AD),
        BoardTheme::Tournament => (0xFFEE_EED2, 0xFF76_9656),
    };
    BoardColors {
        light,
        dark,
        last_move: 0x66CD_D26A,
        selected: 0x8014_551E,
        hint: 0x6614_551E,
        check: 0xCCE0_2828,
        coordinate_on_light: dark,
        coordinate_on_dark: light,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_read_on_both_square_colours() {
        for theme in BOARD_THEMES {
            let c = board_colors(theme);
            assert_ne!(c.light, c.dark);
            assert_eq!(c.coordinate_on_light, c.dark);
            assert_eq!(c.coordinate_on_dark, c.light);
            assert_eq!(c.light >> 24, 0xFF, "squares are opaque");
            assert!(
                c.last_move >> 24 < 0xFF,
                "highlights let the square through"
            );
        }
    }
}
