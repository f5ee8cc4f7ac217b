//! A Wi-Fi game as it runs in the terminal: typed lines carried out in
//! order, each once the game allows it, and the game's events told as they
//! come.

use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::path::Path;
use std::process::ExitCode;
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use rokada_core::clock::clock_text;
use rokada_core::live::{EventKind, Listener, LiveError, LiveEvent, LiveGame};
use rokada_core::rules::DrawClaim;
use rokada_core::session::GameSession;
use rokada_core::view::{self, GameAction, PeerRole};
use serde_json::json;
use shakmaty::Color;

use super::commands::{self, Act, Command, Look};
use super::{EXIT_FAILED, Output, report};
use crate::board::{self, Style};
use crate::game::command_word;

enum Input {
    Event(EventKind),
    Line(String),
    Closed,
}

/// Forwards the game's events to the terminal's loop.
struct Forward(Mutex<mpsc::Sender<Input>>);

impl Listener for Forward {
    fn on_event(&self, event: LiveEvent) {
        let _ = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send(Input::Event(event.kind));
    }
}

/// Runs the game; returns the process's exit status. A script's program
/// ends with the game; a person's stays for a rematch until either player
/// leaves. With a save file, the game is kept there; a game `resumed` from
/// one is shown as it stands.
pub(super) fn run(game: LiveGame, out: &Output, save: Option<&Path>, resumed: bool) -> ExitCode {
    let (tx, rx) = mpsc::channel();
    game.set_listener(Some(Arc::new(Forward(Mutex::new(tx.clone())))));
    thread::spawn(move || {
        for line in io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(Input::Line(line)).is_err() {
                return;
            }
        }
        let _ = tx.send(Input::Closed);
    });
    let host = game.view().peer.is_some_and(|p| p.role == PeerRole::Host);
    if resumed {
        show(&game, out);
    }
    let mut pending: VecDeque<Act> = VecDeque::new();
    loop {
        // Lines run in order, each once the game allows it: a move or a
        // claim on this player's turn, an answer once there is an offer.
        while let Some(act) = pending.front() {
            if !ready(act, &game) {
                break;
            }
            if let Some(act) = pending.pop_front() {
                carry_out(act, &game, out);
            }
        }
        let Ok(input) = rx.recv() else {
            game.finish();
            return ExitCode::from(EXIT_FAILED);
        };
        match input {
            Input::Line(line) => match commands::parse(out.text, &line) {
                Some(Command::Look(Look::Help)) => out.say(|text| commands::help(text, host)),
                Some(Command::Look(Look::Board)) => show(&game, out),
                Some(Command::Act(act)) => pending.push_back(act),
                None => {}
            },
            Input::Closed => {
                // A person who closes the input leaves; a script waits for
                // the game to end.
                if !out.json {
                    pending.push_back(Act::Quit);
                }
            }
            Input::Event(e) => {
                if let Some(code) = report::report(&game, &e, out, save) {
                    // What the other device still has to hear leaves first.
                    game.finish();
                    return code;
                }
            }
        }
    }
}

/// Whether a line can run now.
fn ready(act: &Act, game: &LiveGame) -> bool {
    if matches!(act, Act::Quit | Act::Action(GameAction::NewCode)) {
        return true;
    }
    let view = game.view();
    if !view.peer.is_some_and(|p| p.started) {
        return false;
    }
    // Once the game is over, whatever comes is answered at once.
    game.read(GameSession::is_over)
        || match act {
            Act::Move(_) | Act::Claim => game.read(GameSession::is_local_turn),
            Act::Action(GameAction::AcceptDraw | GameAction::DeclineDraw) => {
                view.status.draw_offer.is_some_and(|o| o.from_opponent)
            }
            _ => true,
        }
}

fn carry_out(act: Act, game: &LiveGame, out: &Output) {
    let done = match act {
        Act::Move(text) => game.play_text(&text).map(drop),
        Act::Action(action) => game.perform(action).map(|_| {
            // The other device hears of these; this one is told here.
            match action {
                GameAction::Rematch if rematch_asked(game) => {
                    out.say(|text| text.text("terminal.wifi.rematch_asked").to_owned())
                }
                GameAction::DeclineRematch => {
                    out.say(|text| text.text("wifi.rematch_declined").to_owned())
                }
                _ => {}
            }
        }),
        Act::Claim => {
            let claim = game.read(|s| s.claimable_draws().first().copied());
            // With nothing to claim, the rules say why.
            let claim = claim.unwrap_or(DrawClaim::ThreefoldRepetition);
            game.perform(GameAction::ClaimDraw { claim }).map(drop)
        }
        Act::Quit => game.perform(GameAction::Leave).map(drop),
    };
    if let Err(e) = done {
        refused(&e, out);
    }
}

/// Whether this player's rematch request waits for an answer (rather than
/// having accepted the opponent's).
fn rematch_asked(game: &LiveGame) -> bool {
    let asked = game.view().peer.and_then(|p| p.rematch_offered_by);
    asked.is_some() && asked.map(Color::from) == game.read(GameSession::wifi_local_color)
}

fn refused(e: &LiveError, out: &Output) {
    out.emit(
        json!({"event": "error", "message": e.to_string()}),
        |text| report::describe_error(text, e),
    );
}

/// The game as a person sees it: the board from this player's side, the
/// clocks, the last move, check, a draw to claim, whose move it is.
pub(super) fn show(game: &LiveGame, out: &Output) {
    if out.json {
        return;
    }
    let started = game.view().peer.is_some_and(|p| p.started);
    let text = out.text;
    let shown = game.read(|s| {
        let style = Style {
            flipped: s.wifi_local_color() == Some(Color::Black),
            ..out.style
        };
        let mut lines = vec![board::render(s, style).trim_end().to_owned()];
        if let Some(clock) = s.clock() {
            lines.push(format!(
                "{} {}   {} {}",
                text.text("color.white"),
                clock_text(clock.remaining(Color::White)),
                text.text("color.black"),
                clock_text(clock.remaining(Color::Black))
            ));
        }
        if let Some(last) = s.moves().last() {
            let dots = if last.color == Color::White {
                "."
            } else {
                "..."
            };
            let notation = format!("{}{dots} {}", last.number, last.san);
            lines.push(text.format("game.last_move", &[("move", &notation)]));
        }
        if started && !s.is_over() {
            if s.checked_king().is_some() {
                lines.push(text.text("game.check").to_owned());
            }
            for claim in view::actions::claims(s) {
                let key = match claim {
                    DrawClaim::ThreefoldRepetition => "claim.threefold_repetition",
                    DrawClaim::FiftyMoveRule => "claim.fifty_move_rule",
                };
                let command = command_word(text, "claim_draw");
                lines.push(format!(
                    "{} {}",
                    text.text(key),
                    text.format("terminal.claim_hint", &[("command", &command)])
                ));
            }
            let turn = if s.is_local_turn() {
                "game.your_move"
            } else {
                "game.opponent_move"
            };
            lines.push(text.text(turn).to_owned());
        }
        lines.join("\n")
    });
    out.say(|_| shown);
}
