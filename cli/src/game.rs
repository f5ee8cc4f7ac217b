//! The interactive game in the terminal: two players at one keyboard, or
//! one against the computer.

use std::io::{self, BufRead, IsTerminal, Write};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex, PoisonError};

use rokada_core::clock::{MonotonicTime, TimeControl, TimeSource, clock_text};
use rokada_core::engine::Level;
use rokada_core::live::{Listener, LiveError, LiveEvent, LiveGame};
use rokada_core::rules::{DrawClaim, EndReason, GameEnd, GameResult};
use rokada_core::session::{Controller, GameConfig, GameError, GameSession, Mode, MoveOutcome};
use rokada_core::text::{Language, Strings, strings};
use rokada_core::view::{GameAction, PieceKind};
use shakmaty::{Color, Square};

use crate::args::{ArgError, Args};
use crate::board::{self, Style};
use crate::i18n;

/// Settings of a terminal game, from the command line.
struct Settings {
    config: GameConfig,
    style: Style,
    text: &'static Strings,
}

pub fn run(mut args: Args) -> Result<(), ArgError> {
    let mut config = GameConfig::new(Mode::SamePhone);
    let mut level = None;
    let mut human = Color::White;
    let mut lang = None;
    let mut style = Style {
        flipped: false,
        color: io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    while let Some(arg) = args.next()? {
        match arg {
            lexopt::Arg::Long("fen") => config.start_fen = Some(args.value_string()?),
            lexopt::Arg::Long("time") => {
                config.time_control = Some(args.value_parsed::<TimeControl>("--time")?)
            }
            lexopt::Arg::Long("flip") => style.flipped = true,
            lexopt::Arg::Long("no-color") => style.color = false,
            lexopt::Arg::Long("computer") => level = Some(args.value_parsed::<u8>("--computer")?),
            lexopt::Arg::Long("color") => {
                human = match args.value_string()?.as_str() {
                    "white" => Color::White,
                    "black" => Color::Black,
                    other => {
                        return Err(ArgError::usage(format!(
                            "--color {other:?}: use white or black"
                        )));
                    }
                }
            }
            lexopt::Arg::Long("lang") => lang = Some(args.value_parsed::<Language>("--lang")?),
            other => return Err(Args::unexpected(other)),
        }
    }
    if let Some(level) = level {
        config.mode = Mode::Computer { human, level };
        style.flipped ^= human == Color::Black;
    }
    let text = strings(lang.unwrap_or_else(i18n::from_env));
    let time: Arc<dyn TimeSource> = Arc::new(MonotonicTime::new());
    let session = GameSession::new(config.clone(), time.clone())
        .map_err(|e| ArgError::usage(e.to_string()))?;
    let (game, events) = live(session);
    let mut game = TerminalGame {
        settings: Settings {
            config,
            style,
            text,
        },
        game,
        events,
        time,
        shown_plies: 0,
    };
    game.play(io::stdin().lock(), io::stdout().lock())
        .map_err(|e| ArgError::usage(format!("terminal error: {e}")))
}

/// Hands the game's events to the terminal's loop.
struct Forward(Mutex<mpsc::Sender<LiveEvent>>);

impl Listener for Forward {
    fn on_event(&self, event: LiveEvent) {
        let _ = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send(event);
    }
}

/// A game played through the core's live layer, which runs the computer.
/// It waits to start until the terminal has shown where it starts.
fn live(session: GameSession) -> (LiveGame, Receiver<LiveEvent>) {
    let game = LiveGame::start_paused(session).expect("the terminal plays on one device");
    let (tx, rx) = mpsc::channel();
    game.set_listener(Some(Arc::new(Forward(Mutex::new(tx)))));
    (game, rx)
}

struct TerminalGame {
    settings: Settings,
    game: LiveGame,
    events: Receiver<LiveEvent>,
    time: Arc<dyn TimeSource>,
    /// Half-moves of the game the screen has shown.
    shown_plies: usize,
}

/// The commands of a game, by their English word; each language has its own
/// word for each too (`terminal.command.*`), and both are understood.
const COMMANDS: [(&str, Option<&str>); 15] = [
    ("claim", None),
    ("draw", None),
    ("resign", None),
    ("undo", None),
    ("redo", None),
    ("hint", Some("terminal.argument_square")),
    ("flip", None),
    ("moves", None),
    ("pgn", Some("terminal.argument_file")),
    ("save", Some("terminal.argument_file")),
    ("load", Some("terminal.argument_file")),
    ("fen", None),
    ("new", None),
    ("help", None),
    ("quit", None),
];

/// The word a player types for `command` in this language.
pub(crate) fn command_word(text: &Strings, command: &str) -> String {
    text.text(&format!("terminal.command.{command}")).to_owned()
}

/// The command a typed word names, by its English name.
fn command_of(text: &Strings, word: &str) -> Option<&'static str> {
    let word = word.to_lowercase();
    if word == "exit" || word == "?" {
        return Some(if word == "exit" { "quit" } else { "help" });
    }
    COMMANDS
        .iter()
        .map(|(name, _)| *name)
        .find(|name| *name == word || command_word(text, name).to_lowercase() == word)
}

fn help_text(text: &Strings) -> String {
    let entries: Vec<(String, String)> = COMMANDS
        .iter()
        .map(|(name, argument)| {
            let mut usage = command_word(text, name);
            if let Some(argument) = argument {
                usage = format!("{usage} {}", text.text(argument));
            }
            (
                usage,
                text.text(&format!("terminal.help.{name}")).to_owned(),
            )
        })
        .collect();
    help_table(text, &entries)
}

/// The help's page: how moves are written, then each command's usage and
/// what it does, in aligned columns.
pub(crate) fn help_table(text: &Strings, entries: &[(String, impl AsRef<str>)]) -> String {
    let width = entries
        .iter()
        .map(|(u, _)| u.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = format!(
        "{}\n{}",
        text.text("terminal.move_syntax"),
        text.text("terminal.commands_title")
    );
    for (usage, what) in entries {
        let pad = " ".repeat(width - usage.chars().count());
        out.push_str(&format!("\n  {usage}{pad}  {}", what.as_ref()));
    }
    out
}

impl TerminalGame {
    fn play(&mut self, input: impl BufRead, mut out: impl Write) -> io::Result<()> {
        let text = self.settings.text;
        let help = command_word(text, "help");
        let intro = match self.game.read(GameSession::mode) {
            Mode::Computer { level, .. } => text.format(
                "terminal.intro_computer",
                &[
                    ("level", &level),
                    ("rating", &Level::new(level).map_or(0, Level::target_rating)),
                    ("command", &help),
                ],
            ),
            _ => text.format("terminal.intro_two_players", &[("command", &help)]),
        };
        writeln!(out, "{intro}")?;
        self.show(&mut out)?;
        self.computer_moves(&mut out)?;
        let mut lines = input.lines();
        loop {
            write!(out, "{}", self.prompt())?;
            out.flush()?;
            let Some(line) = lines.next().transpose()? else {
                writeln!(out)?;
                return Ok(());
            };
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            match self.command(line, &mut lines, &mut out)? {
                Flow::Quit => return Ok(()),
                Flow::Redraw => {
                    self.show(&mut out)?;
                    self.computer_moves(&mut out)?;
                }
                Flow::Stay => {}
            }
        }
    }

    /// Shows each of the computer's moves, saying first that it thinks,
    /// and waits while it does.
    fn computer_moves(&mut self, out: &mut impl Write) -> io::Result<()> {
        loop {
            let shown = self.shown_plies;
            // Its turn, or a move of its made before this screen caught up.
            let (due, unseen) = self.game.read(|s| {
                let due = !s.is_over() && s.controller(s.turn()) == Controller::Computer;
                let unseen = s.moves().len() > shown
                    && s.moves()
                        .last()
                        .is_some_and(|m| s.controller(m.color) == Controller::Computer);
                (due, unseen)
            });
            if !due && !unseen {
                return Ok(());
            }
            writeln!(out, "{}", self.settings.text.text("computer.thinking"))?;
            out.flush()?;
            // Every event may be the one: look at the game again after each.
            while self.game.read(|s| !s.is_over() && s.moves().len() <= shown) {
                if self.events.recv().is_err() {
                    return Ok(());
                }
            }
            self.show(out)?;
        }
    }

    fn prompt(&self) -> String {
        if self.game.read(GameSession::is_over) {
            "> ".to_owned()
        } else {
            format!("{}> ", self.turn_text())
        }
    }

    fn turn_text(&self) -> &str {
        let text = self.settings.text;
        match self.game.read(GameSession::turn) {
            Color::White => text.text("game.white_to_move"),
            Color::Black => text.text("game.black_to_move"),
        }
    }

    fn show(&mut self, out: &mut impl Write) -> io::Result<()> {
        let text = self.settings.text;
        self.game.poll_clock();
        let style = self.settings.style;
        let (plies, shown) = self.game.read(|session| {
            let mut shown = String::from("\n");
            shown.push_str(&board::render(session, style));
            if let Some(clock) = session.clock() {
                shown.push_str(&format!(
                    "{} {}   {} {}\n",
                    text.text("color.white"),
                    clock_text(clock.remaining(Color::White)),
                    text.text("color.black"),
                    clock_text(clock.remaining(Color::Black))
                ));
            }
            if let Some(last) = session.moves().last() {
                let dots = if last.color == Color::White {
                    "."
                } else {
                    "..."
                };
                let notation = format!("{}{dots} {}", last.number, last.san);
                shown.push_str(&text.format("game.last_move", &[("move", &notation)]));
                shown.push('\n');
            }
            match session.end() {
                Some(end) => {
                    shown.push_str(&describe_end(text, end));
                    shown.push('\n');
                }
                None => {
                    if session.checked_king().is_some() {
                        shown.push_str(text.text("game.check"));
                        shown.push('\n');
                    }
                    for claim in session.claimable_draws() {
                        let key = match claim {
                            DrawClaim::ThreefoldRepetition => "claim.threefold_repetition",
                            DrawClaim::FiftyMoveRule => "claim.fifty_move_rule",
                        };
                        let command = command_word(text, "claim");
                        shown.push_str(&format!(
                            "{} {}\n",
                            text.text(key),
                            text.format("terminal.claim_hint", &[("command", &command)])
                        ));
                    }
                }
            }
            (session.moves().len(), shown)
        });
        self.shown_plies = plies;
        write!(out, "{shown}")?;
        // A game starts once its first position is on the screen.
        self.game.resume();
        Ok(())
    }

    /// Starts over with `session`, once the next redraw has shown it.
    fn replace(&mut self, session: GameSession) {
        (self.game, self.events) = live(session);
        self.shown_plies = 0;
    }

    fn command<I: Iterator<Item = io::Result<String>>>(
        &mut self,
        line: &str,
        lines: &mut I,
        out: &mut impl Write,
    ) -> io::Result<Flow> {
        let text = self.settings.text;
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let result = match command_of(text, word).unwrap_or_default() {
            "quit" => return Ok(Flow::Quit),
            "help" => {
                writeln!(out, "{}", help_text(text))?;
                return Ok(Flow::Stay);
            }
            "flip" => {
                self.settings.style.flipped = !self.settings.style.flipped;
                return Ok(Flow::Redraw);
            }
            "moves" => {
                writeln!(out, "{}", self.game.read(|s| s.moves_san().join(" ")))?;
                return Ok(Flow::Stay);
            }
            "fen" => {
                writeln!(out, "{}", self.game.read(GameSession::fen))?;
                return Ok(Flow::Stay);
            }
            "pgn" => return self.write_text(rest, &self.game.pgn(), out),
            "save" if !rest.is_empty() => return self.write_text(rest, &self.game.save(), out),
            "load" if !rest.is_empty() => {
                let loaded = std::fs::read_to_string(rest)
                    .map_err(|_| text.format("terminal.cannot_read", &[("name", &rest)]))
                    .and_then(|saved| {
                        GameSession::restore(&saved, self.time.clone())
                            .map_err(|_| text.text("error.bad_save").to_owned())
                    });
                match loaded {
                    Ok(session) => {
                        self.replace(session);
                        return Ok(Flow::Redraw);
                    }
                    Err(message) => {
                        writeln!(out, "{message}")?;
                        return Ok(Flow::Stay);
                    }
                }
            }
            "new" => {
                let fresh = GameSession::new(self.settings.config.clone(), self.time.clone());
                self.replace(fresh.expect("the settings made a game before"));
                return Ok(Flow::Redraw);
            }
            "undo" => self.game.perform(GameAction::Undo).map(drop),
            "redo" => self.game.perform(GameAction::Redo).map(drop),
            "resign" => self.game.perform(GameAction::Resign).map(drop),
            "draw" => self.game.perform(GameAction::AgreeDraw).map(drop),
            "claim" => match self.game.read(|s| s.claimable_draws().first().copied()) {
                Some(claim) => self.game.perform(GameAction::ClaimDraw { claim }).map(drop),
                None if self.game.read(GameSession::is_over) => {
                    Err(LiveError::Game(GameError::GameOver))
                }
                None => {
                    writeln!(out, "{}", text.text("error.no_draw_to_claim"))?;
                    return Ok(Flow::Stay);
                }
            },
            "hint" => {
                let Ok(square) = rest.parse::<Square>() else {
                    let command = command_word(text, "hint");
                    writeln!(
                        out,
                        "{}",
                        text.format("terminal.which_square", &[("command", &command)])
                    )?;
                    return Ok(Flow::Stay);
                };
                let targets: Vec<String> = self.game.read(|s| {
                    s.legal_destinations(square)
                        .iter()
                        .map(|s| s.to_string())
                        .collect()
                });
                if targets.is_empty() {
                    writeln!(
                        out,
                        "{}",
                        text.format("terminal.no_moves_from", &[("square", &square)])
                    )?;
                } else {
                    writeln!(out, "{square}: {}", targets.join(" "))?;
                }
                return Ok(Flow::Stay);
            }
            _ => {
                return self.play_move(line, lines, out);
            }
        };
        match result {
            Ok(()) => Ok(Flow::Redraw),
            Err(e) => {
                writeln!(out, "{}", describe_error(text, &e))?;
                Ok(Flow::Stay)
            }
        }
    }

    /// A move in SAN or coordinates; a promotion written without its piece
    /// asks for one.
    fn play_move<I: Iterator<Item = io::Result<String>>>(
        &mut self,
        text: &str,
        lines: &mut I,
        out: &mut impl Write,
    ) -> io::Result<Flow> {
        let strings = self.settings.text;
        let squares = (text.len() == 4)
            .then(|| {
                Some((
                    text[..2].parse::<Square>().ok()?,
                    text[2..].parse::<Square>().ok()?,
                ))
            })
            .flatten();
        let outcome = match squares {
            Some((from, to)) => match self.game.play(from.into(), to.into(), None) {
                Ok(changed) if matches!(changed.value, MoveOutcome::NeedsPromotion { .. }) => {
                    let choices = PROMOTIONS.map(|(key, _, _)| strings.text(key));
                    write!(
                        out,
                        "{} {}. {} ",
                        strings.text("promotion.title"),
                        choices.join(", "),
                        strings.text("terminal.promotion_letters")
                    )?;
                    out.flush()?;
                    let answer = lines.next().transpose()?.unwrap_or_default();
                    let Some(kind) = promotion_choice(strings, &answer) else {
                        writeln!(out, "{}", strings.text("terminal.no_promotion"))?;
                        return Ok(Flow::Stay);
                    };
                    self.game.play(from.into(), to.into(), Some(kind)).map(drop)
                }
                other => other.map(drop),
            },
            None => self.game.play_text(text).map(drop),
        };
        let flag_fell = || {
            self.game.read(|s| {
                s.end().is_some_and(|e| {
                    e.reason == EndReason::Timeout || e.reason == EndReason::TimeoutCannotMate
                })
            })
        };
        match outcome {
            Ok(()) => Ok(Flow::Redraw),
            Err(LiveError::Game(GameError::GameOver)) if flag_fell() => Ok(Flow::Redraw),
            Err(e) => {
                writeln!(out, "{}", describe_error(strings, &e))?;
                Ok(Flow::Stay)
            }
        }
    }

    fn write_text(&self, path: &str, text: &str, out: &mut impl Write) -> io::Result<Flow> {
        let strings = self.settings.text;
        if path.is_empty() {
            write!(out, "{text}")?;
        } else {
            let key = match std::fs::write(path, text) {
                Ok(()) => "terminal.written",
                Err(_) => "terminal.cannot_write",
            };
            writeln!(out, "{}", strings.format(key, &[("name", &path)]))?;
        }
        Ok(Flow::Stay)
    }
}

enum Flow {
    Stay,
    Redraw,
    Quit,
}

/// The end of a game: who won, the result, and why.
pub(crate) fn describe_end(text: &Strings, end: GameEnd) -> String {
    let result = match end.result {
        GameResult::WhiteWins => text.text("end.white_wins"),
        GameResult::BlackWins => text.text("end.black_wins"),
        GameResult::Draw => text.text("end.draw"),
    };
    let reason = text
        .text(&format!("end.reason.{}", end.reason.as_str()))
        .to_owned();
    format!("{result} ({}): {reason}", end.result.as_pgn())
}

/// The pieces a pawn may become: their name, their letter, their role.
const PROMOTIONS: [(&str, &str, PieceKind); 4] = [
    ("promotion.queen", "q", PieceKind::Queen),
    ("promotion.rook", "r", PieceKind::Rook),
    ("promotion.bishop", "b", PieceKind::Bishop),
    ("promotion.knight", "n", PieceKind::Knight),
];

/// The piece an answer names: its letter, or its name in this language or
/// in English.
fn promotion_choice(text: &Strings, answer: &str) -> Option<PieceKind> {
    let answer = answer.trim().to_lowercase();
    let english = strings(Language::English);
    PROMOTIONS
        .iter()
        .find(|(key, letter, _)| {
            answer == *letter
                || answer == text.text(key).to_lowercase()
                || answer == english.text(key).to_lowercase()
        })
        .map(|(_, _, role)| *role)
}

/// What a refused action says to the player, in their language.
fn describe_error(text: &Strings, error: &LiveError) -> String {
    let LiveError::Game(error) = error else {
        // The terminal plays on one device: only the rules refuse.
        return text.text("terminal.not_possible").to_owned();
    };
    describe_game_error(text, error)
}

/// What a refusal of the rules says to the player, in their language.
pub(crate) fn describe_game_error(text: &Strings, error: &GameError) -> String {
    let key = match error {
        GameError::IllegalMove { .. } | GameError::IllegalNotation { .. } => "error.illegal_move",
        GameError::UnparsableMove { .. } => {
            let help = command_word(text, "help");
            return text.format("terminal.unknown", &[("command", &help)]);
        }
        GameError::AmbiguousNotation { text: notation } => {
            return text.format("terminal.ambiguous", &[("move", notation)]);
        }
        GameError::GameOver => "error.game_over",
        GameError::NotYourTurn => "error.not_your_turn",
        GameError::NothingToUndo => "error.nothing_to_undo",
        GameError::NothingToRedo => "terminal.nothing_to_redo",
        GameError::DrawNotClaimable(_) => "error.no_draw_to_claim",
        GameError::InvalidFen { .. } => "error.bad_fen",
        GameError::NotAllowedInMode(_)
        | GameError::NoDrawOffer
        | GameError::DrawAlreadyOffered
        | GameError::InvalidLevel(_) => "terminal.not_possible",
    };
    text.text(key).to_owned()
}
