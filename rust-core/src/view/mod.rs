//! The presentation state: everything a game screen draws, computed once in
//! the core from the game and the screen's own state (selection, browsing,
//! seating), so both apps draw the same thing and decide nothing.
//!
//! - [`types`]: squares, pieces, colours, moves as the apps name them;
//! - [`moves`]: the numbered move list;
//! - [`players`]: the player bars (labels, material, clocks);
//! - [`clock`]: clock faces and the low-time rule;
//! - [`actions`]: the bottom bar and menu;
//! - [`peer`]: the Wi-Fi link's status and news;
//! - [`presets`]: the time controls a new game offers;
//! - [`themes`]: the board's colour themes.

pub mod actions;
pub mod clock;
pub mod moves;
pub mod peer;
pub mod players;
pub mod presets;
pub mod themes;
pub mod types;

use shakmaty::{Board, Chess, Color, Position};

pub use actions::{ActionContext, ActionItem, Actions, GameAction};
pub use clock::{ClockFace, ClockView, low_time_threshold};
pub use moves::{MoveCell, MoveRow, move_rows};
pub use peer::{DropReason, LinkState, PeerComplaint, PeerEvent, PeerRole, PeerStatus, Refusal};
pub use players::{Material, PlayerBar, PlayerLabel};
pub use presets::{TimePreset, TimePresetKind, time_presets};
pub use themes::{BOARD_THEMES, BoardColors, BoardTheme, board_colors};
pub use types::{GameMode, MoveInfo, MoveSound, Piece, PieceKind, Side, Square, SquarePair};

use crate::board_input::BoardInput;
use crate::rules::{self, DrawClaim, GameEnd};
use crate::session::{Controller, GameSession, Mode};

/// How the players sit at one phone. Against the computer and over Wi-Fi
/// the player at this device always has their colour at the bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, uniffi::Enum)]
pub enum Seating {
    /// White at the bottom.
    #[default]
    SideBySide,
    /// The board turns after every move toward the player to move.
    FollowTurn,
    /// Across a table: White at the bottom; Black's clock, label and pieces
    /// turned 180° for the player on the far side.
    FaceToFace,
}

/// The screen's settings that change what is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct ViewOptions {
    pub seating: Seating,
    /// Dots on the squares the selected piece can go to.
    pub move_hints: bool,
}

impl Default for ViewOptions {
    fn default() -> Self {
        ViewOptions {
            seating: Seating::SideBySide,
            move_hints: true,
        }
    }
}

/// A square the selected piece can go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct Hint {
    pub square: Square,
    /// It takes a piece there (drawn as a ring rather than a dot).
    pub capture: bool,
}

/// The board as drawn.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BoardView {
    /// 64 squares in `Square` order (a1, b1, ..., h8), of the position on
    /// show (the browsed one while browsing).
    pub pieces: Vec<Option<Piece>>,
    /// Black at the bottom.
    pub flipped: bool,
    /// Face to face: the pieces of this colour are drawn turned 180°.
    pub rotated_side: Option<Side>,
    pub last_move: Option<SquarePair>,
    pub checked_king: Option<Square>,
    pub selected: Option<Square>,
    pub hints: Vec<Hint>,
    /// Whether a touch on the board can do something now.
    pub interactive: bool,
}

/// Whose turn the status line names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Mover {
    /// One phone: the colour to move.
    Colour {
        side: Side,
    },
    You,
    Computer,
    Opponent,
}

/// A pending draw offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct DrawOfferView {
    pub by: Side,
    /// Made by the other device's player (answer it), or by this one
    /// (waiting for the answer).
    pub from_opponent: bool,
}

/// The parts of the status line, for the app to put into words.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct StatusLine {
    pub mover: Mover,
    pub turn: Side,
    pub check: bool,
    /// `None` while the game goes on.
    pub end: Option<GameEnd>,
    /// Draws the player at this device may claim now, each its own button.
    pub claimable: Vec<DrawClaim>,
    pub draw_offer: Option<DrawOfferView>,
    pub computer_thinking: bool,
    /// The clock is stopped by the players (one phone).
    pub clock_paused: bool,
    /// Once the game is over: which game-end sound it makes here.
    pub end_sound: Option<EndSound>,
}

/// The sound of a game's end at this device: the player here won or lost,
/// or it was drawn. On one phone, where both players sit, any decisive
/// result sounds as a win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum EndSound {
    Win,
    Loss,
    Draw,
}

fn end_sound(session: &GameSession) -> Option<EndSound> {
    let end = session.end()?;
    Some(match end.result.winner() {
        None => EndSound::Draw,
        Some(winner) if session.controller(winner) == Controller::Local => EndSound::Win,
        Some(_) => EndSound::Loss,
    })
}

/// A question the screen must ask now (and ask again after it was rebuilt).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum Prompt {
    /// Which piece the pawn becomes; the move waits for the answer.
    Promotion { from: Square, to: Square },
    /// The opponent offers a draw: accept or decline.
    DrawOffered { by: Side },
    /// The opponent asks for a rematch: accept (`Rematch`) or decline.
    RematchOffered { by: Side },
}

/// Where in the game the screen is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct BrowseState {
    /// The half-moves played; the position after the last is live.
    pub plies: u32,
    /// The position on show, after this many half-moves (0: the start).
    pub shown: u32,
    pub live: bool,
}

/// Everything a game screen draws, read in one call.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameView {
    /// Grows with every change; an event carries the revision it brought,
    /// so a screen that drew this revision or a later one skips it.
    pub revision: u64,
    pub mode: GameMode,
    pub board: BoardView,
    pub status: StatusLine,
    /// The player at the top and at the bottom of the board.
    pub top: PlayerBar,
    pub bottom: PlayerBar,
    pub moves: Vec<MoveRow>,
    pub browse: BrowseState,
    pub actions: Actions,
    pub prompt: Option<Prompt>,
    /// The Wi-Fi link, in Wi-Fi games.
    pub peer: Option<PeerStatus>,
    /// Keep the screen on: a game is under way (its clock not stopped by
    /// the players), or a Wi-Fi link is open, which the device's sleep
    /// would cut.
    pub keep_awake: bool,
}

/// What a view is computed from besides the session.
#[derive(Debug, Clone, Copy)]
pub struct ViewContext<'a> {
    pub revision: u64,
    pub input: &'a BoardInput,
    pub options: ViewOptions,
    /// "Flip board" was chosen an odd number of times.
    pub flipped_by_hand: bool,
    /// The position shown while browsing, in half-moves from the start.
    pub browsing: Option<usize>,
    pub computer_thinking: bool,
    pub clock_paused: bool,
    pub peer: Option<&'a PeerStatus>,
}

/// The colour drawn at the bottom.
pub fn bottom_color(session: &GameSession, options: ViewOptions, flipped_by_hand: bool) -> Color {
    let bottom = match session.mode() {
        Mode::Computer { human, .. } => human,
        Mode::WifiPeer { local } => local,
        Mode::SamePhone => match options.seating {
            Seating::FollowTurn => session.turn(),
            Seating::SideBySide | Seating::FaceToFace => Color::White,
        },
    };
    if flipped_by_hand { !bottom } else { bottom }
}

/// The position after `ply` half-moves of the game (0: the start).
pub fn position_at(session: &GameSession, ply: usize) -> Chess {
    if ply >= session.moves().len() {
        return session.position().clone();
    }
    let mut position = session.start_position().clone();
    for m in &session.moves()[..ply] {
        position.play_unchecked(m.chess_move);
    }
    position
}

fn pieces(board: &Board) -> Vec<Option<Piece>> {
    Square::ALL
        .iter()
        .map(|&sq| board.piece_at(sq.into()).map(Piece::from))
        .collect()
}

/// Builds the whole view.
pub fn game_view(session: &GameSession, context: ViewContext<'_>) -> GameView {
    let plies = session.moves().len();
    let shown = context.browsing.filter(|&p| p < plies);
    let browsed = shown.map(|ply| position_at(session, ply));
    let position = browsed.as_ref().unwrap_or(session.position());
    let bottom = bottom_color(session, context.options, context.flipped_by_hand);
    let face_to_face =
        session.mode() == Mode::SamePhone && context.options.seating == Seating::FaceToFace;
    let rotated_side = face_to_face.then_some(!bottom);
    let clock = session
        .clock()
        .map(|c| ClockView::new(&c, context.clock_paused));
    let started = context.peer.is_none_or(|p| p.started);
    let interactive = shown.is_none()
        && started
        && !context.clock_paused
        && session.is_local_turn()
        && context.input.pending_promotion().is_none();
    let last_move = match shown {
        Some(0) => None,
        Some(ply) => {
            let m = &session.moves()[ply - 1];
            Some((m.from, m.to))
        }
        None => session.last_move(),
    };
    let (selected, hints) = if shown.is_none() && started {
        let hints = if context.options.move_hints {
            hints(session, context.input)
        } else {
            Vec::new()
        };
        (context.input.selected().map(Square::from), hints)
    } else {
        (None, Vec::new())
    };
    let board = BoardView {
        pieces: pieces(position.board()),
        flipped: bottom == Color::Black,
        rotated_side: rotated_side.map(Side::from),
        last_move: last_move.map(SquarePair::from),
        checked_king: rules::checked_king(position).map(Square::from),
        selected,
        hints,
        interactive,
    };
    let bar = |color: Color| {
        players::bar(
            session,
            position.board(),
            color,
            clock.as_ref(),
            rotated_side == Some(color),
        )
    };
    GameView {
        revision: context.revision,
        mode: session.mode().into(),
        board,
        status: status(session, &context),
        top: bar(!bottom),
        bottom: bar(bottom),
        moves: move_rows(session.moves()),
        browse: BrowseState {
            plies: plies as u32,
            shown: shown.unwrap_or(plies) as u32,
            live: shown.is_none(),
        },
        actions: actions::actions(
            session,
            ActionContext {
                peer: context.peer,
                clock_paused: context.clock_paused,
                browsing: shown.is_some(),
            },
        ),
        prompt: prompt(session, &context),
        peer: context.peer.cloned(),
        keep_awake: keep_awake(session, &context),
    }
}

fn keep_awake(session: &GameSession, context: &ViewContext<'_>) -> bool {
    match context.peer {
        Some(peer) => peer.link != LinkState::Closed,
        None => !session.is_over() && !context.clock_paused,
    }
}

fn hints(session: &GameSession, input: &BoardInput) -> Vec<Hint> {
    let Some(from) = input.selected() else {
        return Vec::new();
    };
    let position = session.position();
    let board = position.board();
    let en_passant = position.ep_square(shakmaty::EnPassantMode::Legal);
    let is_pawn = board.role_at(from) == Some(shakmaty::Role::Pawn);
    input
        .hints(session)
        .into_iter()
        .map(|to| Hint {
            square: to.into(),
            capture: board.color_at(to) == Some(!session.turn())
                || (is_pawn && en_passant == Some(to)),
        })
        .collect()
}

fn status(session: &GameSession, context: &ViewContext<'_>) -> StatusLine {
    let turn = session.turn();
    let mover = match (session.mode(), session.controller(turn)) {
        (Mode::SamePhone, _) => Mover::Colour { side: turn.into() },
        (_, Controller::Local) => Mover::You,
        (_, Controller::Computer) => Mover::Computer,
        (_, Controller::Remote) => Mover::Opponent,
    };
    let local = session.wifi_local_color();
    StatusLine {
        mover,
        turn: turn.into(),
        check: session.checked_king().is_some(),
        end: session.end(),
        claimable: actions::claims(session),
        draw_offer: session.draw_offer().map(|by| DrawOfferView {
            by: by.into(),
            from_opponent: local.is_some_and(|l| l != by),
        }),
        computer_thinking: context.computer_thinking,
        clock_paused: context.clock_paused,
        end_sound: end_sound(session),
    }
}

fn prompt(session: &GameSession, context: &ViewContext<'_>) -> Option<Prompt> {
    if let Some((from, to)) = context.input.pending_promotion() {
        return Some(Prompt::Promotion {
            from: from.into(),
            to: to.into(),
        });
    }
    let local = session.wifi_local_color()?;
    if let Some(by) = session.draw_offer().filter(|&by| by != local)
        && !session.is_over()
    {
        return Some(Prompt::DrawOffered { by: by.into() });
    }
    let peer = context.peer?;
    match peer.rematch_offered_by {
        Some(by) if by != Side::from(local) && session.is_over() => {
            Some(Prompt::RematchOffered { by })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests;
