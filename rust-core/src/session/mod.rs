//! One game from start to end: moves by square, SAN or UCI, the clock, draw
//! offers and claims, undo where the mode allows it, and the game's end.

mod error;
mod mode;
mod save;
mod wifi;

use std::fmt;
use std::sync::Arc;

use shakmaty::fen::Fen;
use shakmaty::san::{SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{
    CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Move, Position, Role, Square,
};

pub use error::{GameError, IllegalMoveReason, ModeRestriction};
pub use mode::{Controller, MAX_LEVEL, MIN_LEVEL, Mode};
pub use save::SaveError;

use crate::clock::{Clock, ClockSnapshot, Millis, TimeControl, TimeSource};
use crate::rules::{self, DrawClaim, EndReason, GameEnd, GameResult, PositionKey};

/// How a game is set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameConfig {
    pub mode: Mode,
    /// Start position in FEN; `None` for the standard start.
    pub start_fen: Option<String>,
    pub time_control: Option<TimeControl>,
    pub white_name: Option<String>,
    pub black_name: Option<String>,
}

impl GameConfig {
    pub fn new(mode: Mode) -> GameConfig {
        GameConfig {
            mode,
            start_fen: None,
            time_control: None,
            white_name: None,
            black_name: None,
        }
    }
}

/// Whether the game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    Ongoing,
    Over(GameEnd),
}

/// One half-move of the game as it was played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedMove {
    /// Half-move number in this game, counting from 1.
    pub ply: usize,
    /// The move number as written in notation (`12.` for both `12. e4` and
    /// `12... e5`).
    pub number: u32,
    pub color: Color,
    pub chess_move: Move,
    /// SAN with `+` or `#`.
    pub san: String,
    pub uci: String,
    /// The squares a UI highlights: for castling the king's from and to.
    pub from: Square,
    pub to: Square,
    /// The mover's time left after the move, when the game has a clock.
    pub clock_after: Option<Millis>,
}

/// The answer to a move given by its from- and to-squares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveOutcome {
    Played(PlayedMove),
    /// A pawn reaches the last rank: ask which piece (queen, rook, bishop or
    /// knight) and send the move again with it. Nothing has changed yet, and
    /// the mover's clock keeps running.
    NeedsPromotion {
        from: Square,
        to: Square,
    },
}

/// One game. Every method either does what it says or returns an error and
/// leaves the session as it was.
#[derive(Clone)]
pub struct GameSession {
    config: GameConfig,
    time: Arc<dyn TimeSource>,
    start: Chess,
    position: Chess,
    moves: Vec<PlayedMove>,
    /// Repetition keys: `keys[0]` of the start, `keys[i]` after half-move `i`.
    keys: Vec<PositionKey>,
    /// Taken-back moves, the next one to replay last.
    redo: Vec<PlayedMove>,
    clock: Option<Clock>,
    end: Option<GameEnd>,
    draw_offer: Option<Color>,
    /// The day the game started, `YYYY.MM.DD`.
    date: String,
    /// The clock is stopped while the app is away (not over Wi-Fi).
    paused: bool,
}

impl fmt::Debug for GameSession {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameSession")
            .field("mode", &self.config.mode)
            .field("fen", &self.fen())
            .field("plies", &self.moves.len())
            .field("end", &self.end)
            .finish_non_exhaustive()
    }
}

/// Parses and validates a start position.
pub fn parse_fen(text: &str) -> Result<Chess, GameError> {
    let invalid = |reason: String| GameError::InvalidFen {
        text: text.to_owned(),
        reason,
    };
    let fen: Fen = text.trim().parse().map_err(|e| invalid(format!("{e}")))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|e| invalid(format!("{e}")))
}

impl GameSession {
    pub fn new(config: GameConfig, time: Arc<dyn TimeSource>) -> Result<GameSession, GameError> {
        config.mode.validate()?;
        let start = match &config.start_fen {
            Some(text) => parse_fen(text)?,
            None => Chess::default(),
        };
        let mut session = GameSession {
            clock: config.time_control.map(Clock::new),
            config,
            time,
            position: start.clone(),
            keys: vec![rules::position_key(&start)],
            start,
            moves: Vec::new(),
            redo: Vec::new(),
            end: None,
            draw_offer: None,
            date: today(),
            paused: false,
        };
        session.end = rules::automatic_end(&session.position, 1);
        Ok(session)
    }

    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    pub fn mode(&self) -> Mode {
        self.config.mode
    }

    pub fn position(&self) -> &Chess {
        &self.position
    }

    pub fn start_position(&self) -> &Chess {
        &self.start
    }

    /// Whether the game started from a position other than the standard one.
    pub fn has_custom_start(&self) -> bool {
        self.config.start_fen.is_some()
    }

    pub fn fen(&self) -> String {
        Fen::from_position(&self.position, EnPassantMode::Legal).to_string()
    }

    pub fn start_fen(&self) -> String {
        Fen::from_position(&self.start, EnPassantMode::Legal).to_string()
    }

    /// The day the game started, `YYYY.MM.DD`.
    pub fn date(&self) -> &str {
        &self.date
    }

    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    pub fn moves_san(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.san.clone()).collect()
    }

    /// Repetition keys of every position of the game so far, the start first
    /// and the current position last.
    pub fn position_keys(&self) -> &[PositionKey] {
        &self.keys
    }

    pub fn status(&self) -> Status {
        match self.end {
            Some(end) => Status::Over(end),
            None => Status::Ongoing,
        }
    }

    pub fn end(&self) -> Option<GameEnd> {
        self.end
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// How often the current position has occurred, this time included.
    pub fn occurrences(&self) -> usize {
        let current = self.keys[self.keys.len() - 1];
        // A capture or pawn move cannot be undone, so no earlier position can
        // recur: look back no further than the last one.
        let window = (self.position.halfmoves() as usize + 1).min(self.keys.len());
        self.keys[self.keys.len() - window..]
            .iter()
            .filter(|&&k| k == current)
            .count()
    }

    /// Draws the player to move may claim now.
    pub fn claimable_draws(&self) -> Vec<DrawClaim> {
        if self.is_over() {
            return Vec::new();
        }
        rules::claimable_draws(&self.position, self.occurrences())
    }

    /// The from- and to-squares of the last move, for highlighting.
    pub fn last_move(&self) -> Option<(Square, Square)> {
        self.moves.last().map(|m| (m.from, m.to))
    }

    /// The square of the king in check, for highlighting.
    pub fn checked_king(&self) -> Option<Square> {
        rules::checked_king(&self.position)
    }

    /// The pending draw offer, by the colour that made it.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    pub fn now_ms(&self) -> Millis {
        self.time.now_ms()
    }

    /// The time source the clock reads, for a game that follows this one.
    pub fn time_source(&self) -> Arc<dyn TimeSource> {
        Arc::clone(&self.time)
    }

    pub fn clock(&self) -> Option<ClockSnapshot> {
        self.clock.as_ref().map(|c| c.snapshot(self.time.now_ms()))
    }

    pub fn controller(&self, color: Color) -> Controller {
        self.config.mode.controller(color)
    }

    /// Whether a person at this device may move now.
    pub fn is_local_turn(&self) -> bool {
        !self.is_over() && self.controller(self.turn()) == Controller::Local
    }

    /// Squares the piece on `from` can move to now (empty when it is not the
    /// side to move's piece or the game is over). Castling is shown as the
    /// king's destination.
    pub fn legal_destinations(&self, from: Square) -> Vec<Square> {
        if self.is_over() {
            return Vec::new();
        }
        let mut squares: Vec<Square> = self
            .position
            .legal_moves()
            .iter()
            .filter(|m| m.from() == Some(from))
            .map(|&m| display_squares(m).1)
            .collect();
        squares.sort();
        squares.dedup();
        squares
    }

    /// Ends the game if the running side's time is up. UIs call this from a
    /// timer; every action calls it first, so no move is accepted after the
    /// flag has fallen.
    pub fn poll_clock(&mut self) -> Option<GameEnd> {
        if self.end.is_some() {
            return None;
        }
        let now = self.time.now_ms();
        let flagged = self.clock.as_ref()?.flagged(now)?;
        let end = rules::flag_fall(&self.position, flagged);
        self.finish(end);
        Some(end)
    }

    /// A move by a person at this device, from square to square. Dropping the
    /// king on its own rook castles too.
    pub fn play_squares(
        &mut self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<MoveOutcome, GameError> {
        self.ready_to_move(Controller::Local)?;
        let m = self.move_from_squares(from, to, promotion)?;
        match m {
            None => Ok(MoveOutcome::NeedsPromotion { from, to }),
            Some(m) => Ok(MoveOutcome::Played(self.commit_move(m))),
        }
    }

    /// A move by a person at this device in SAN (`Nf3`, `exd8=N+`, `O-O`) or
    /// UCI (`g1f3`, `e7e8q`) notation.
    pub fn play_text(&mut self, text: &str) -> Result<PlayedMove, GameError> {
        self.play_text_as(Controller::Local, text)
    }

    /// A move in SAN or UCI by whoever controls the side to move: the peer
    /// protocol passes `Controller::Remote`, the computer `Controller::Computer`.
    pub fn play_text_as(&mut self, by: Controller, text: &str) -> Result<PlayedMove, GameError> {
        self.ready_to_move(by)?;
        let m = parse_move(&self.position, text)?;
        Ok(self.commit_move(m))
    }

    /// A legal move by whoever controls the side to move.
    pub fn play_move_as(&mut self, by: Controller, m: Move) -> Result<PlayedMove, GameError> {
        self.ready_to_move(by)?;
        if !self.position.is_legal(m) {
            let (from, to) = display_squares(m);
            return Err(GameError::IllegalMove {
                from,
                to,
                reason: IllegalMoveReason::NotLegal,
            });
        }
        Ok(self.commit_move(m))
    }

    fn ready_to_move(&mut self, by: Controller) -> Result<(), GameError> {
        self.resume();
        self.poll_clock();
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.controller(self.turn()) != by {
            return Err(GameError::NotYourTurn);
        }
        Ok(())
    }

    /// The legal move meant by from/to, or `None` when a promotion piece must
    /// be chosen first.
    fn move_from_squares(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Option<Move>, GameError> {
        let illegal = |reason| GameError::IllegalMove { from, to, reason };
        let piece = self
            .position
            .board()
            .piece_at(from)
            .ok_or(illegal(IllegalMoveReason::EmptySquare))?;
        if piece.color != self.turn() {
            return Err(illegal(IllegalMoveReason::NotYourPiece));
        }
        if matches!(promotion, Some(Role::King | Role::Pawn)) {
            return Err(illegal(IllegalMoveReason::BadPromotion));
        }
        let legal = self.position.legal_moves();
        let mut candidates = legal.iter().filter(|m| {
            m.from() == Some(from)
                && (m.to() == to || (m.is_castle() && display_squares(**m).1 == to))
        });
        let Some(&first) = candidates.clone().next() else {
            return Err(illegal(IllegalMoveReason::NotLegal));
        };
        if !first.is_promotion() {
            return match promotion {
                Some(_) => Err(illegal(IllegalMoveReason::BadPromotion)),
                None => Ok(Some(first)),
            };
        }
        match promotion {
            None => Ok(None),
            Some(role) => Ok(candidates.find(|m| m.promotion() == Some(role)).copied()),
        }
    }

    pub(crate) fn commit_move(&mut self, m: Move) -> PlayedMove {
        let mover = self.turn();
        let number = self.position.fullmoves().get();
        let now = self.time.now_ms();
        let san = SanPlus::from_move_and_play_unchecked(&mut self.position, m).to_string();
        let clock_after = self.clock.as_mut().map(|clock| {
            clock.complete_move(mover, now);
            clock.remaining(mover, now)
        });
        let (from, to) = display_squares(m);
        let played = PlayedMove {
            ply: self.moves.len() + 1,
            number,
            color: mover,
            chess_move: m,
            san,
            uci: UciMove::from_standard(m).to_string(),
            from,
            to,
            clock_after,
        };
        self.keys.push(rules::position_key(&self.position));
        self.moves.push(played.clone());
        // A move declines the opponent's pending offer (the mover's own offer
        // stands until the opponent answers or moves).
        if self.draw_offer == Some(!mover) {
            self.draw_offer = None;
        }
        if self.redo.last().is_some_and(|r| r.chess_move == m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        if let Some(end) = rules::automatic_end(&self.position, self.occurrences()) {
            self.finish(end);
        }
        played
    }

    pub(crate) fn finish(&mut self, end: GameEnd) {
        self.end = Some(end);
        self.draw_offer = None;
        if !end.reason.is_automatic() {
            // A resignation, agreement, claim or flag cannot be taken back, so
            // neither can the moves taken back before it be replayed.
            self.redo.clear();
        }
        let now = self.time.now_ms();
        if let Some(clock) = self.clock.as_mut() {
            clock.stop(now);
        }
    }

    /// The player to move claims a draw (threefold repetition or the 50-move
    /// rule).
    pub fn claim_draw(&mut self, by: Controller, claim: DrawClaim) -> Result<GameEnd, GameError> {
        self.ready_to_move(by)?;
        if !self.claimable_draws().contains(&claim) {
            return Err(GameError::DrawNotClaimable(claim));
        }
        let end = GameEnd::new(GameResult::Draw, claim.end_reason());
        self.finish(end);
        Ok(end)
    }

    /// `color` resigns. On one phone either player may; otherwise only the
    /// colour `by` controls.
    pub fn resign(&mut self, by: Controller, color: Color) -> Result<GameEnd, GameError> {
        self.poll_clock();
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.controller(color) != by {
            return Err(GameError::NotYourTurn);
        }
        let end = GameEnd::new(GameResult::win_for(!color), EndReason::Resignation);
        self.finish(end);
        Ok(end)
    }

    /// Both players at one phone agree to a draw.
    pub fn agree_draw(&mut self) -> Result<GameEnd, GameError> {
        self.poll_clock();
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if !self.mode().has_instant_agreement() {
            return Err(GameError::NotAllowedInMode(self.agreement_restriction()));
        }
        let end = GameEnd::new(GameResult::Draw, EndReason::Agreement);
        self.finish(end);
        Ok(end)
    }

    fn agreement_restriction(&self) -> ModeRestriction {
        match self.mode() {
            Mode::Computer { .. } => ModeRestriction::Agreement,
            Mode::SamePhone | Mode::WifiPeer { .. } => ModeRestriction::DrawOfferProtocol,
        }
    }

    fn offer_parties(&mut self, by: Controller) -> Result<Color, GameError> {
        self.poll_clock();
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if !self.mode().has_draw_offers() {
            return Err(GameError::NotAllowedInMode(self.agreement_restriction()));
        }
        // Over Wi-Fi each phone controls exactly one colour.
        Ok(if self.controller(Color::White) == by {
            Color::White
        } else {
            Color::Black
        })
    }

    /// Offers a draw to the Wi-Fi opponent (or, with `Controller::Remote`,
    /// records the opponent's offer).
    pub fn offer_draw(&mut self, by: Controller) -> Result<(), GameError> {
        let color = self.offer_parties(by)?;
        match self.draw_offer {
            Some(_) => Err(GameError::DrawAlreadyOffered),
            None => {
                self.draw_offer = Some(color);
                Ok(())
            }
        }
    }

    /// Accepts the opponent's pending draw offer.
    pub fn accept_draw(&mut self, by: Controller) -> Result<GameEnd, GameError> {
        let color = self.offer_parties(by)?;
        if self.draw_offer != Some(!color) {
            return Err(GameError::NoDrawOffer);
        }
        let end = GameEnd::new(GameResult::Draw, EndReason::Agreement);
        self.finish(end);
        Ok(end)
    }

    /// Declines the opponent's pending draw offer.
    pub fn decline_draw(&mut self, by: Controller) -> Result<(), GameError> {
        let color = self.offer_parties(by)?;
        if self.draw_offer != Some(!color) {
            return Err(GameError::NoDrawOffer);
        }
        self.draw_offer = None;
        Ok(())
    }

    /// Stops the clock while the app is in the background. Over Wi-Fi the
    /// opponent's clock rules, so nothing stops there.
    pub fn pause(&mut self) {
        if self.paused || self.is_over() || matches!(self.mode(), Mode::WifiPeer { .. }) {
            return;
        }
        self.paused = true;
        let now = self.time.now_ms();
        if let Some(clock) = self.clock.as_mut() {
            clock.set_running(None, now);
        }
    }

    /// Starts the clock again after [`GameSession::pause`]; any move does too.
    pub fn resume(&mut self) {
        if !self.paused {
            return;
        }
        self.paused = false;
        let now = self.time.now_ms();
        let running = self.expected_running();
        if let Some(clock) = self.clock.as_mut() {
            clock.set_running(running, now);
        }
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Whose time should run: nobody's before White's first move and after
    /// the end, otherwise the side to move's.
    pub(crate) fn expected_running(&self) -> Option<Color> {
        (!self.is_over() && !self.moves.is_empty()).then(|| self.turn())
    }

    /// Whether undo would do something now.
    pub fn can_undo(&self) -> bool {
        self.undo_plies().is_ok()
    }

    pub fn can_redo(&self) -> bool {
        self.mode().allows_redo() && !self.redo.is_empty() && self.undoable_end()
    }

    /// Ends by a player's action or the clock are final; an end that follows
    /// from the position can be taken back with the move that made it.
    fn undoable_end(&self) -> bool {
        self.end.is_none_or(|end| end.reason.is_automatic())
    }

    fn undo_plies(&self) -> Result<usize, GameError> {
        let mode = self.mode();
        if !mode.allows_undo() {
            return Err(GameError::NotAllowedInMode(ModeRestriction::Undo));
        }
        if !self.undoable_end() {
            return Err(GameError::GameOver);
        }
        let plies = match mode {
            // Against the computer, undo takes back the player's last move and
            // the computer's reply to it (only the player's move while the
            // computer is still thinking).
            Mode::Computer { human, .. } if self.turn() == human && !self.is_over() => 2,
            Mode::Computer { human, .. } => match self.moves.last() {
                Some(last) if last.color == human => 1,
                _ => 2,
            },
            _ => 1,
        };
        let available = match mode {
            Mode::Computer { human, .. } => {
                // Never take back the computer's opening move when it is White.
                let first_human = self.moves.iter().position(|m| m.color == human);
                first_human.map_or(0, |i| self.moves.len() - i)
            }
            _ => self.moves.len(),
        };
        if plies > available {
            return Err(GameError::NothingToUndo);
        }
        Ok(plies)
    }

    /// Takes back the last move (against the computer: the player's last move
    /// and the reply).
    pub fn undo(&mut self) -> Result<(), GameError> {
        let plies = self.undo_plies()?;
        for _ in 0..plies {
            let undone = self.moves.pop().expect("undo_plies counted the moves");
            self.keys.pop();
            self.redo.push(undone);
        }
        self.rebuild_position();
        self.end = None;
        self.draw_offer = None;
        self.paused = false;
        if !self.mode().allows_redo() {
            self.redo.clear();
        }
        let now = self.time.now_ms();
        let running = self.expected_running();
        if let Some(clock) = self.clock.as_mut() {
            clock.set_running(running, now);
        }
        Ok(())
    }

    /// Keeps the first `plies` half-moves and drops the rest, to play on
    /// from an earlier position (an imported game continued from a chosen
    /// move). Only where moves can be taken back; the dropped moves cannot
    /// be replayed.
    pub fn truncate(&mut self, plies: usize) -> Result<(), GameError> {
        if !self.mode().allows_undo() {
            return Err(GameError::NotAllowedInMode(ModeRestriction::Undo));
        }
        if plies >= self.moves.len() {
            return Ok(());
        }
        self.moves.truncate(plies);
        self.keys.truncate(plies + 1);
        self.redo.clear();
        self.rebuild_position();
        self.end = None;
        self.draw_offer = None;
        self.paused = false;
        let now = self.time.now_ms();
        let running = self.expected_running();
        if let Some(clock) = self.clock.as_mut() {
            clock.set_running(running, now);
        }
        Ok(())
    }

    /// Plays the last taken-back move again (one phone only).
    pub fn redo(&mut self) -> Result<PlayedMove, GameError> {
        if !self.mode().allows_redo() {
            return Err(GameError::NotAllowedInMode(ModeRestriction::Redo));
        }
        if !self.undoable_end() || self.is_over() {
            return Err(GameError::GameOver);
        }
        let next = self.redo.last().ok_or(GameError::NothingToRedo)?.chess_move;
        Ok(self.commit_move(next))
    }

    fn rebuild_position(&mut self) {
        let mut position = self.start.clone();
        for m in &self.moves {
            position.play_unchecked(m.chess_move);
        }
        self.position = position;
    }
}

fn today() -> String {
    let since_epoch = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    crate::pgn::civil_date(since_epoch)
}

/// The squares a player sees a move go from and to: castling is the king's
/// two-square step, not shakmaty's king-takes-rook encoding.
pub fn display_squares(m: Move) -> (Square, Square) {
    match m {
        Move::Castle { king, rook } => {
            let side = if rook.file() > king.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            (king, Square::from_coords(side.king_to_file(), king.rank()))
        }
        _ => (m.from().unwrap_or(m.to()), m.to()),
    }
}

/// Reads a move in SAN or UCI notation for `position`.
pub fn parse_move(position: &Chess, text: &str) -> Result<Move, GameError> {
    let text = text.trim();
    let illegal = || GameError::IllegalNotation {
        text: text.to_owned(),
    };
    if looks_like_uci(text) {
        let uci: UciMove = text.parse().map_err(|_| illegal())?;
        return uci.to_move(position).map_err(|_| illegal());
    }
    // Players (and some PGN files) castle with zeros.
    let normalized = match text.trim_end_matches(['+', '#']) {
        "0-0" => "O-O",
        "0-0-0" => "O-O-O",
        _ => text,
    };
    let san =
        SanPlus::from_ascii(normalized.as_bytes()).map_err(|_| GameError::UnparsableMove {
            text: text.to_owned(),
        })?;
    match san.san.to_move(position) {
        Ok(m) => Ok(m),
        Err(SanError::AmbiguousSan) => Err(GameError::AmbiguousNotation {
            text: text.to_owned(),
        }),
        Err(SanError::IllegalSan) => Err(illegal()),
    }
}

/// `e2e4`, `e7e8q`: coordinates of both squares and an optional promotion.
fn looks_like_uci(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    matches!(b.len(), 4 | 5)
        && square(b[0], b[1])
        && square(b[2], b[3])
        && (b.len() == 4 || matches!(b[4], b'q' | b'r' | b'b' | b'n'))
}

#[cfg(test)]
mod dead_tests;
#[cfg(test)]
mod file_tests;
#[cfg(test)]
mod tests;
