//! Rokada's words in its five languages, for what the core itself says:
//! the terminal client's messages and the moves spoken to screen readers.
//!
//! The strings are generated from `locales/*.toml` by `scripts/gen-strings`
//! into `text/strings/*.json` and compiled in. The apps show their screens'
//! words from their platform's resources, generated from the same files.

pub mod speech;

use std::{collections::HashMap, fmt, str::FromStr, sync::LazyLock};

use serde_json::Value;

/// A language of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Language {
    English,
    Hebrew,
    NorwegianBokmal,
    Polish,
    Bulgarian,
}

impl Language {
    pub const ALL: [Language; 5] = [
        Language::English,
        Language::Hebrew,
        Language::NorwegianBokmal,
        Language::Polish,
        Language::Bulgarian,
    ];

    /// The language's code, as `locales/` names its files.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Hebrew => "he",
            Language::NorwegianBokmal => "nb",
            Language::Polish => "pl",
            Language::Bulgarian => "bg",
        }
    }

    pub fn is_rtl(self) -> bool {
        self == Language::Hebrew
    }

    /// The language of a locale name such as `nb_NO.UTF-8`, `he-IL` or
    /// `pl`, if it is one of ours. Old Hebrew `iw` and macro-language
    /// Norwegian `no` are accepted too.
    pub fn from_locale(locale: &str) -> Option<Language> {
        let language = locale
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match language.as_str() {
            "en" => Some(Language::English),
            "he" | "iw" => Some(Language::Hebrew),
            "nb" | "no" => Some(Language::NorwegianBokmal),
            "pl" => Some(Language::Polish),
            "bg" => Some(Language::Bulgarian),
            _ => None,
        }
    }

    /// The CLDR plural category of a whole number (CLDR 44 rules).
    pub fn plural_category(self, n: u64) -> &'static str {
        match self {
            Language::English | Language::NorwegianBokmal | Language::Bulgarian => {
                if n == 1 {
                    "one"
                } else {
                    "other"
                }
            }
            Language::Hebrew => match n {
                1 => "one",
                2 => "two",
                _ => "other",
            },
            Language::Polish => {
                let (last, last_two) = (n % 10, n % 100);
                if n == 1 {
                    "one"
                } else if (2..=4).contains(&last) && !(12..=14).contains(&last_two) {
                    "few"
                } else {
                    "many"
                }
            }
        }
    }
}

/// A language code that is not one of the app's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown language {:?}; use one of en, he, nb, pl, bg",
            self.0
        )
    }
}

impl std::error::Error for UnknownLanguage {}

impl FromStr for Language {
    type Err = UnknownLanguage;

    /// A language by its code (`he`).
    fn from_str(s: &str) -> Result<Language, UnknownLanguage> {
        Language::ALL
            .into_iter()
            .find(|l| l.code() == s)
            .ok_or_else(|| UnknownLanguage(s.to_owned()))
    }
}

enum Entry {
    Text(String),
    Plural(HashMap<String, String>),
}

/// The strings of one language.
pub struct Strings {
    language: Language,
    entries: HashMap<String, Entry>,
}

fn source(language: Language) -> &'static str {
    match language {
        Language::English => include_str!("strings/en.json"),
        Language::Hebrew => include_str!("strings/he.json"),
        Language::NorwegianBokmal => include_str!("strings/nb.json"),
        Language::Polish => include_str!("strings/pl.json"),
        Language::Bulgarian => include_str!("strings/bg.json"),
    }
}

fn parse(language: Language) -> Strings {
    // The files are compiled in and `tests::every_language_loads` reads them
    // all, so a malformed file cannot reach a user.
    let json: HashMap<String, Value> =
        serde_json::from_str(source(language)).expect("generated strings are valid JSON");
    let entries = json
        .into_iter()
        .filter_map(|(key, value)| {
            let entry = match value {
                Value::String(s) => Entry::Text(s),
                Value::Object(forms) => Entry::Plural(
                    forms
                        .into_iter()
                        .filter_map(|(c, f)| Some((c, f.as_str()?.to_owned())))
                        .collect(),
                ),
                _ => return None,
            };
            Some((key, entry))
        })
        .collect();
    Strings { language, entries }
}

/// The strings of `language`.
pub fn strings(language: Language) -> &'static Strings {
    static ALL: LazyLock<[Strings; 5]> = LazyLock::new(|| Language::ALL.map(parse));
    let index = Language::ALL
        .iter()
        .position(|l| *l == language)
        .unwrap_or(0);
    &ALL[index]
}

impl Strings {
    pub fn language(&self) -> Language {
        self.language
    }

    /// The text of `key`; the key itself if the language lacks it, which the
    /// locale tests rule out.
    pub fn text<'a>(&'a self, key: &'a str) -> &'a str {
        match self.entries.get(key) {
            Some(Entry::Text(s)) => s,
            _ => key,
        }
    }

    /// The text of `key` with its `{name}` placeholders filled in.
    pub fn format(&self, key: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
        fill(self.text(key), args)
    }

    /// The plural form of `key` for `count`, with `{count}` and the other
    /// placeholders filled in.
    pub fn plural(&self, key: &str, count: u64, args: &[(&str, &dyn fmt::Display)]) -> String {
        let Some(Entry::Plural(forms)) = self.entries.get(key) else {
            return key.to_owned();
        };
        let form = forms
            .get(self.language.plural_category(count))
            .or_else(|| forms.get("other"))
            .map_or(key, String::as_str);
        let mut all: Vec<(&str, &dyn fmt::Display)> = vec![("count", &count)];
        all.extend_from_slice(args);
        fill(form, &all)
    }
}

/// `template` with its `{name}` placeholders filled in.
pub fn fill(template: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after
            .find('}')
            .and_then(|close| Some((close, args.iter().find(|(n, _)| *n == &after[..close])?)))
        {
            Some((close, (_, value))) => {
                out.push_str(&value.to_string());
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_loads_with_the_base_keys() {
        let base = strings(Language::English);
        assert!(!base.entries.is_empty());
        for lang in Language::ALL {
            let s = strings(lang);
            assert_eq!(s.language(), lang);
            assert_eq!(s.entries.len(), base.entries.len(), "{lang:?}");
            for key in base.entries.keys() {
                assert!(s.entries.contains_key(key), "{lang:?} lacks {key}");
            }
        }
    }

    #[test]
    fn chess_terms() {
        let knight = Language::ALL.map(|l| strings(l).text("piece.knight"));
        assert_eq!(knight, ["Knight", "פרש", "Springer", "Skoczek", "Кон"]);
    }

    #[test]
    fn placeholders_are_filled() {
        let nb = strings(Language::NorwegianBokmal);
        assert_eq!(
            nb.format(
                "a11y.square_piece",
                &[("square", &"e4"), ("piece", &"hvit springer")]
            ),
            "e4, hvit springer"
        );
        let he = strings(Language::Hebrew);
        assert_eq!(
            he.format("game.last_move", &[("move", &"O-O-O")]),
            "המסע האחרון: \u{2066}O-O-O\u{2069}"
        );
    }

    #[test]
    fn plurals_follow_cldr() {
        let pl = strings(Language::Polish);
        let minutes: Vec<String> = [1, 2, 5, 12, 22, 25, 104, 111]
            .iter()
            .map(|&n| pl.plural("time.minutes", n, &[]))
            .collect();
        assert_eq!(
            minutes,
            [
                "1 minuta",
                "2 minuty",
                "5 minut",
                "12 minut",
                "22 minuty",
                "25 minut",
                "104 minuty",
                "111 minut"
            ]
        );
        let he = strings(Language::Hebrew);
        assert_eq!(he.plural("time.minutes", 2, &[]), "שתי דקות");
        assert_eq!(he.plural("time.minutes", 20, &[]), "20 דקות");
        assert_eq!(
            strings(Language::Bulgarian).plural("time.seconds", 1, &[]),
            "1 секунда"
        );
        assert_eq!(
            strings(Language::English).plural("time.seconds", 0, &[]),
            "0 seconds"
        );
    }

    #[test]
    fn language_from_locale_and_code() {
        assert_eq!(
            Language::from_locale("nb_NO.UTF-8"),
            Some(Language::NorwegianBokmal)
        );
        assert_eq!(Language::from_locale("iw_IL"), Some(Language::Hebrew));
        assert_eq!(Language::from_locale("pl-PL"), Some(Language::Polish));
        assert_eq!(Language::from_locale("C"), None);
        assert_eq!("he".parse::<Language>(), Ok(Language::Hebrew));
        assert!("xx".parse::<Language>().is_err());
    }
}
