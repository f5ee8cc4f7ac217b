//! What the transcript tests share: the strings of each language, and the
//! check that a transcript in another language holds no English.

use std::collections::{BTreeSet, HashMap};

use serde_json::Value;

pub const LANGS: [&str; 5] = ["en", "he", "nb", "pl", "bg"];

pub fn strings(lang: &str) -> HashMap<String, Value> {
    let text = match lang {
        "en" => include_str!("../../../rust-core/src/text/strings/en.json"),
        "he" => include_str!("../../../rust-core/src/text/strings/he.json"),
        "nb" => include_str!("../../../rust-core/src/text/strings/nb.json"),
        "pl" => include_str!("../../../rust-core/src/text/strings/pl.json"),
        "bg" => include_str!("../../../rust-core/src/text/strings/bg.json"),
        _ => unreachable!("one of LANGS"),
    };
    serde_json::from_str(text).expect("generated strings")
}

pub fn text(strings: &HashMap<String, Value>, key: &str) -> String {
    strings[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key}"))
        .to_owned()
}

/// The words of a text, lower-cased; notation and FEN fall apart into
/// fragments that are no words of any language.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() > 1)
        .map(str::to_lowercase)
}

/// The words of a string without its placeholders, whose names (`{move}`,
/// `{code}`) are English in every language.
fn string_words(text: &str) -> Vec<String> {
    let mut shown = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        shown.push_str(&rest[..open]);
        shown.push(' ');
        rest = rest[open..]
            .find('}')
            .map_or("", |close| &rest[open + close + 1..]);
    }
    shown.push_str(rest);
    words(&shown).collect()
}

fn all_words(strings: &HashMap<String, Value>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for value in strings.values() {
        match value {
            Value::String(s) => out.extend(string_words(s)),
            Value::Object(forms) => {
                for form in forms.values().filter_map(Value::as_str) {
                    out.extend(string_words(form));
                }
            }
            _ => {}
        }
    }
    out
}

/// English that a message written in code rather than in `locales/` would
/// use, beyond the words of the English strings.
const ENGLISH: &[&str] = &[
    "the",
    "is",
    "not",
    "no",
    "can",
    "cannot",
    "to",
    "of",
    "and",
    "or",
    "for",
    "from",
    "on",
    "in",
    "it",
    "be",
    "this",
    "that",
    "there",
    "which",
    "what",
    "type",
    "write",
    "written",
    "read",
    "load",
    "save",
    "file",
    "square",
    "promote",
    "chosen",
    "stays",
    "legal",
    "illegal",
    "now",
    "claimed",
    "commands",
    "help",
    "quit",
    "error",
    "possible",
    "offered",
    "mode",
    "fits",
    "done",
    "plays",
    "offers",
    "declines",
    "wants",
    "hosting",
    "starts",
    "refused",
    "closed",
    "someone",
    "typed",
    "disconnected",
    "adjourned",
    "saving",
    "failed",
    "reached",
    "found",
    "looking",
];

/// The English words in `out`, a transcript in `lang`: words of English
/// that are no words of `lang`.
pub fn english_in(lang: &str, out: &str) -> BTreeSet<String> {
    let mut english = all_words(&strings("en"));
    english.extend(ENGLISH.iter().map(|w| (*w).to_owned()));
    let own = all_words(&strings(lang));
    words(out)
        .filter(|w| english.contains(w) && !own.contains(w))
        .collect()
}
