//! Touch on the board, once for every app: tap a piece then a square, or
//! drag it; reselect, deselect, ask for the promotion piece, and send the
//! piece back when the move is illegal.

use shakmaty::{Role, Square};

use crate::session::{GameError, GameSession, MoveOutcome, PlayedMove};

/// What a touch did, for the UI to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputOutcome {
    /// A piece is selected; `hints` are its legal destinations.
    Selected {
        square: Square,
        hints: Vec<Square>,
    },
    Deselected,
    Played(PlayedMove),
    /// Open the promotion dialog; nothing has moved yet.
    PromotionNeeded {
        from: Square,
        to: Square,
    },
    /// The move is illegal: the piece goes back to `from`.
    Rejected {
        from: Square,
        to: Square,
        error: GameError,
    },
    /// The touch means nothing now (an empty square, the opponent's turn, a
    /// finished game, a pending promotion dialog).
    Ignored,
}

/// The selection and pending promotion between touches.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardInput {
    selected: Option<Square>,
    pending_promotion: Option<(Square, Square)>,
}

impl BoardInput {
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    pub fn pending_promotion(&self) -> Option<(Square, Square)> {
        self.pending_promotion
    }

    /// Legal destinations of the selected piece.
    pub fn hints(&self, session: &GameSession) -> Vec<Square> {
        self.selected
            .map(|s| session.legal_destinations(s))
            .unwrap_or_default()
    }

    /// Forgets selection and pending promotion (after an undo, a new game,
    /// a move from elsewhere).
    pub fn reset(&mut self) {
        *self = BoardInput::default();
    }

    pub fn tap(&mut self, session: &mut GameSession, square: Square) -> InputOutcome {
        if self.pending_promotion.is_some() {
            return InputOutcome::Ignored;
        }
        if !session.is_local_turn() {
            self.selected = None;
            return InputOutcome::Ignored;
        }
        match self.selected {
            Some(selected) if selected == square => {
                self.selected = None;
                InputOutcome::Deselected
            }
            _ if owns(session, square) => self.select(session, square),
            Some(from) => self.try_move(session, from, square, None),
            None => InputOutcome::Ignored,
        }
    }

    /// A drag begins on `square`: select the piece if it may move.
    pub fn drag_start(&mut self, session: &mut GameSession, square: Square) -> InputOutcome {
        if self.pending_promotion.is_some() || !session.is_local_turn() || !owns(session, square) {
            return InputOutcome::Ignored;
        }
        self.select(session, square)
    }

    /// A dragged piece is dropped on `to`. Dropping it where it started
    /// keeps it selected, as a tap would.
    pub fn drop(&mut self, session: &mut GameSession, from: Square, to: Square) -> InputOutcome {
        if self.pending_promotion.is_some() || !session.is_local_turn() || !owns(session, from) {
            return InputOutcome::Ignored;
        }
        if from == to {
            return self.select(session, from);
        }
        self.try_move(session, from, to, None)
    }

    /// The player picked the promotion piece in the dialog.
    pub fn choose_promotion(&mut self, session: &mut GameSession, role: Role) -> InputOutcome {
        let Some((from, to)) = self.pending_promotion.take() else {
            return InputOutcome::Ignored;
        };
        self.try_move(session, from, to, Some(role))
    }

    /// The dialog was dismissed: the pawn goes back and stays selected.
    pub fn cancel_promotion(&mut self, session: &GameSession) -> InputOutcome {
        match self.pending_promotion.take() {
            Some((from, _)) => self.select(session, from),
            None => InputOutcome::Ignored,
        }
    }

    fn select(&mut self, session: &GameSession, square: Square) -> InputOutcome {
        self.selected = Some(square);
        InputOutcome::Selected {
            square,
            hints: session.legal_destinations(square),
        }
    }

    fn try_move(
        &mut self,
        session: &mut GameSession,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> InputOutcome {
        self.selected = None;
        match session.play_squares(from, to, promotion) {
            Ok(MoveOutcome::Played(played)) => InputOutcome::Played(played),
            Ok(MoveOutcome::NeedsPromotion { from, to }) => {
                self.selected = Some(from);
                self.pending_promotion = Some((from, to));
                InputOutcome::PromotionNeeded { from, to }
            }
            Err(error) => InputOutcome::Rejected { from, to, error },
        }
    }
}

/// Whether `square` holds a piece of the side to move.
fn owns(session: &GameSession, square: Square) -> bool {
    use shakmaty::Position;
    session.position().board().color_at(square) == Some(session.turn())
}

#[cfg(test)]
mod tests {
    use shakmaty::{Color, Role, Square};

    use super::*;
    use crate::clock::ManualTime;
    use crate::session::{GameConfig, IllegalMoveReason, Mode};

    fn game(mode: Mode, fen: Option<&str>) -> GameSession {
        let mut config = GameConfig::new(mode);
        config.start_fen = fen.map(str::to_owned);
        GameSession::new(config, ManualTime::new()).unwrap()
    }

    #[test]
    fn tap_select_reselect_deselect_and_play() {
        let mut session = game(Mode::SamePhone, None);
        let mut input = BoardInput::default();
        assert_eq!(
            input.tap(&mut session, Square::E4),
            InputOutcome::Ignored,
            "empty square"
        );
        assert_eq!(
            input.tap(&mut session, Square::E7),
            InputOutcome::Ignored,
            "opponent's piece"
        );
        assert_eq!(
            input.tap(&mut session, Square::G1),
            InputOutcome::Selected {
                square: Square::G1,
                hints: vec![Square::F3, Square::H3]
            }
        );
        assert_eq!(
            input.tap(&mut session, Square::E2),
            InputOutcome::Selected {
                square: Square::E2,
                hints: vec![Square::E3, Square::E4]
            },
            "another own piece reselects"
        );
        assert_eq!(
            input.tap(&mut session, Square::E2),
            InputOutcome::Deselected
        );
        assert_eq!(input.selected(), None);
        input.tap(&mut session, Square::E2);
        let InputOutcome::Played(m) = input.tap(&mut session, Square::E4) else {
            panic!()
        };
        assert_eq!(m.san, "e4");
        assert_eq!(input.selected(), None);
    }

    #[test]
    fn illegal_target_rejects_and_the_piece_goes_back() {
        let mut session = game(Mode::SamePhone, None);
        let mut input = BoardInput::default();
        input.tap(&mut session, Square::E2);
        assert_eq!(
            input.tap(&mut session, Square::E5),
            InputOutcome::Rejected {
                from: Square::E2,
                to: Square::E5,
                error: GameError::IllegalMove {
                    from: Square::E2,
                    to: Square::E5,
                    reason: IllegalMoveReason::NotLegal
                }
            }
        );
        assert_eq!(input.selected(), None);
        assert!(session.moves().is_empty());
        assert!(matches!(
            input.drop(&mut session, Square::B1, Square::B3),
            InputOutcome::Rejected { .. }
        ));
        assert_eq!(
            input.drop(&mut session, Square::B1, Square::B1),
            InputOutcome::Selected {
                square: Square::B1,
                hints: vec![Square::A3, Square::C3]
            }
        );
        assert!(matches!(
            input.drop(&mut session, Square::B1, Square::C3),
            InputOutcome::Played(_)
        ));
    }

    #[test]
    fn promotion_waits_for_the_dialog_and_can_be_cancelled() {
        let mut session = game(Mode::SamePhone, Some("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
        let mut input = BoardInput::default();
        input.drag_start(&mut session, Square::B7);
        assert_eq!(
            input.drop(&mut session, Square::B7, Square::B8),
            InputOutcome::PromotionNeeded {
                from: Square::B7,
                to: Square::B8
            }
        );
        assert_eq!(
            input.tap(&mut session, Square::E1),
            InputOutcome::Ignored,
            "the dialog is open"
        );
        assert_eq!(
            input.cancel_promotion(&session),
            InputOutcome::Selected {
                square: Square::B7,
                hints: vec![Square::B8]
            }
        );
        input.tap(&mut session, Square::B8);
        let InputOutcome::Played(m) = input.choose_promotion(&mut session, Role::Rook) else {
            panic!()
        };
        assert_eq!(m.san, "b8=R+");
        assert_eq!(
            input.choose_promotion(&mut session, Role::Queen),
            InputOutcome::Ignored
        );
    }

    #[test]
    fn nothing_moves_on_someone_elses_turn() {
        let mut session = game(
            Mode::WifiPeer {
                local: Color::Black,
            },
            None,
        );
        let mut input = BoardInput::default();
        assert_eq!(input.tap(&mut session, Square::E2), InputOutcome::Ignored);
        assert_eq!(
            input.drag_start(&mut session, Square::E7),
            InputOutcome::Ignored
        );
        assert_eq!(
            input.drop(&mut session, Square::E7, Square::E5),
            InputOutcome::Ignored
        );
    }
}
