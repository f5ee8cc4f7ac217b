//! What a player types during a Wi-Fi game: a move, or a command in the
//! chosen language or in English (`terminal.command.*`), and the help that
//! lists the commands.

use rokada_core::text::{Language, Strings, strings};
use rokada_core::view::GameAction;

use crate::game::command_word as word;

/// A command that shows something and changes nothing, so it is answered at
/// once rather than in turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    Help,
    Board,
}

/// A line that acts on the game, carried out once the game allows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Act {
    /// A move in SAN or UCI, as typed.
    Move(String),
    Action(GameAction),
    /// Claims the draw the position allows.
    Claim,
    Quit,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Look(Look),
    Act(Act),
}

/// A command: the key of its word in `terminal.command`, the key of its
/// line in the help, and what it does.
struct Entry {
    word: &'static str,
    help: &'static str,
    command: Command,
}

const fn entry(word: &'static str, help: &'static str, command: Command) -> Entry {
    Entry {
        word,
        help,
        command,
    }
}

/// The commands in the order the help lists them.
static COMMANDS: [Entry; 11] = [
    entry(
        "offer_draw",
        "terminal.wifi_help.offer_draw",
        Command::Act(Act::Action(GameAction::OfferDraw)),
    ),
    entry(
        "accept_draw",
        "terminal.wifi_help.accept_draw",
        Command::Act(Act::Action(GameAction::AcceptDraw)),
    ),
    entry(
        "decline_draw",
        "terminal.wifi_help.decline_draw",
        Command::Act(Act::Action(GameAction::DeclineDraw)),
    ),
    entry(
        "claim_draw",
        "terminal.help.claim",
        Command::Act(Act::Claim),
    ),
    entry(
        "resign",
        "terminal.wifi_help.resign",
        Command::Act(Act::Action(GameAction::Resign)),
    ),
    entry(
        "rematch",
        "terminal.wifi_help.rematch",
        Command::Act(Act::Action(GameAction::Rematch)),
    ),
    entry(
        "decline_rematch",
        "terminal.wifi_help.decline_rematch",
        Command::Act(Act::Action(GameAction::DeclineRematch)),
    ),
    entry(
        "board",
        "terminal.wifi_help.board",
        Command::Look(Look::Board),
    ),
    entry(
        "new_code",
        "terminal.wifi_help.new_code",
        Command::Act(Act::Action(GameAction::NewCode)),
    ),
    entry("help", "terminal.help.help", Command::Look(Look::Help)),
    entry("quit", "terminal.wifi_help.quit", Command::Act(Act::Quit)),
];

/// The local game's words that mean a command here too, in the language
/// and in English: `claim` claims, `draw` offers one.
const LOCAL_WORDS: [(&str, &str); 2] = [("claim", "claim_draw"), ("draw", "offer_draw")];

/// Short English words that scripts have always typed.
const SHORT_WORDS: [(&str, &str); 5] = [
    ("accept", "accept_draw"),
    ("decline", "decline_draw"),
    ("leave", "quit"),
    ("exit", "quit"),
    ("?", "help"),
];

/// Lower case, one space between words.
fn normalize(text: &str) -> String {
    text.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a typed line means; `None` for an empty one.
pub fn parse(text: &Strings, line: &str) -> Option<Command> {
    let typed = normalize(line);
    if typed.is_empty() {
        return None;
    }
    let english = strings(Language::English);
    let names = |key: &str| {
        [text, english]
            .iter()
            .any(|t| normalize(&word(t, key)) == typed)
    };
    let command = |key: &str| COMMANDS.iter().find(|e| e.word == key);
    let found = COMMANDS
        .iter()
        .find(|e| names(e.word))
        .or_else(|| {
            let (_, key) = LOCAL_WORDS.iter().find(|(local, _)| names(local))?;
            command(key)
        })
        .or_else(|| {
            let (_, key) = SHORT_WORDS.iter().find(|(short, _)| *short == typed)?;
            command(key)
        });
    Some(match found {
        Some(e) => e.command.clone(),
        None => Command::Act(Act::Move(line.trim().to_owned())),
    })
}

/// The help: how moves are written, then the commands in this language,
/// the host's (a new code) only for the host.
pub fn help(text: &Strings, host: bool) -> String {
    let entries: Vec<(String, &str)> = COMMANDS
        .iter()
        .filter(|e| host || e.word != "new_code")
        .map(|e| (word(text, e.word), text.text(e.help)))
        .collect();
    crate::game::help_table(text, &entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn act(action: GameAction) -> Option<Command> {
        Some(Command::Act(Act::Action(action)))
    }

    #[test]
    fn every_command_in_its_language_and_in_english() {
        let english = strings(Language::English);
        for language in Language::ALL {
            let text = strings(language);
            for e in &COMMANDS {
                let own = word(text, e.word);
                assert_eq!(parse(text, &own), Some(e.command.clone()), "{own}");
                let shouted = format!("  {}  ", own.to_uppercase().replace(' ', "   "));
                assert_eq!(parse(text, &shouted), Some(e.command.clone()), "{shouted}");
                let english = word(english, e.word);
                assert_eq!(parse(text, &english), Some(e.command.clone()), "{english}");
            }
        }
    }

    #[test]
    fn no_two_commands_share_a_word() {
        for language in Language::ALL {
            let text = strings(language);
            let mut words: Vec<String> = COMMANDS.iter().map(|e| word(text, e.word)).collect();
            words.sort();
            words.dedup();
            assert_eq!(words.len(), COMMANDS.len(), "{language:?}");
        }
    }

    #[test]
    fn the_local_games_words_and_short_english_ones() {
        let polish = strings(Language::Polish);
        assert_eq!(parse(polish, "żądaj"), Some(Command::Act(Act::Claim)));
        assert_eq!(parse(polish, "remis"), act(GameAction::OfferDraw));
        assert_eq!(parse(polish, "claim"), Some(Command::Act(Act::Claim)));
        assert_eq!(parse(polish, "draw"), act(GameAction::OfferDraw));
        assert_eq!(parse(polish, "accept"), act(GameAction::AcceptDraw));
        assert_eq!(parse(polish, "decline"), act(GameAction::DeclineDraw));
        assert_eq!(parse(polish, "leave"), Some(Command::Act(Act::Quit)));
        assert_eq!(parse(polish, "exit"), Some(Command::Act(Act::Quit)));
        assert_eq!(parse(polish, "?"), Some(Command::Look(Look::Help)));
    }

    #[test]
    fn anything_else_is_a_move() {
        let text = strings(Language::Bulgarian);
        assert_eq!(parse(text, "   "), None);
        for typed in ["e4", " Nf3 ", "e7e8q", "O-O", "xyz"] {
            assert_eq!(
                parse(text, typed),
                Some(Command::Act(Act::Move(typed.trim().to_owned())))
            );
        }
    }

    #[test]
    fn only_the_host_is_told_of_a_new_code() {
        let text = strings(Language::NorwegianBokmal);
        let new_code = word(text, "new_code");
        assert!(help(text, true).contains(&new_code));
        assert!(!help(text, false).contains(&new_code));
        for e in COMMANDS.iter().filter(|e| e.word != "new_code") {
            let line = format!("  {}", word(text, e.word));
            assert!(help(text, false).contains(&line), "{line}");
        }
    }
}
