//! The terminal client's strings, in the five languages of the app.
//!
//! The strings are generated from `locales/*.toml` by `scripts/gen-strings`
//! into `cli/strings/*.json` and compiled in, so the binary needs no files.

use std::{collections::HashMap, fmt, str::FromStr, sync::LazyLock};

use serde_json::Value;

/// A language of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    He,
    Nb,
    Pl,
    Bg,
}

impl Lang {
    pub const ALL: [Lang; 5] = [Lang::En, Lang::He, Lang::Nb, Lang::Pl, Lang::Bg];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::He => "he",
            Lang::Nb => "nb",
            Lang::Pl => "pl",
            Lang::Bg => "bg",
        }
    }

    pub fn is_rtl(self) -> bool {
        self == Lang::He
    }

    /// The language of a POSIX locale name such as `nb_NO.UTF-8` or
    /// `he_IL`, if it is one of ours. Old Hebrew `iw` and macro-language
    /// Norwegian `no` are accepted too.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let language = locale
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match language.as_str() {
            "en" => Some(Lang::En),
            "he" | "iw" => Some(Lang::He),
            "nb" | "no" => Some(Lang::Nb),
            "pl" => Some(Lang::Pl),
            "bg" => Some(Lang::Bg),
            _ => None,
        }
    }

    /// The language of the system locale: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set decides, as POSIX orders them;
    /// English when it names no language of the app.
    pub fn from_env() -> Lang {
        Self::from_env_values(["LC_ALL", "LC_MESSAGES", "LANG"].map(|k| std::env::var(k).ok()))
    }

    fn from_env_values(values: [Option<String>; 3]) -> Lang {
        values
            .into_iter()
            .flatten()
            .find(|v| !v.is_empty())
            .and_then(|v| Lang::from_locale(&v))
            .unwrap_or(Lang::En)
    }

    /// The CLDR plural category of a whole number (CLDR 44 rules).
    pub fn plural_category(self, n: u64) -> &'static str {
        match self {
            Lang::En | Lang::Nb | Lang::Bg => {
                if n == 1 {
                    "one"
                } else {
                    "other"
                }
            }
            Lang::He => match n {
                1 => "one",
                2 => "two",
                _ => "other",
            },
            Lang::Pl => {
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
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown language {:?}; use one of en, he, nb, pl, bg",
            self.0
        )
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code() == s)
            .ok_or_else(|| UnknownLang(s.to_owned()))
    }
}

enum Entry {
    Text(String),
    Plural(HashMap<String, String>),
}

/// The strings of one language.
pub struct Strings {
    lang: Lang,
    entries: HashMap<String, Entry>,
}

fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../strings/en.json"),
        Lang::He => include_str!("../strings/he.json"),
        Lang::Nb => include_str!("../strings/nb.json"),
        Lang::Pl => include_str!("../strings/pl.json"),
        Lang::Bg => include_str!("../strings/bg.json"),
    }
}

fn parse(lang: Lang) -> Strings {
    // The files are compiled in and `tests::every_language_loads` reads them
    // all, so a malformed file cannot reach a user.
    let json: HashMap<String, Value> =
        serde_json::from_str(source(lang)).expect("generated strings are valid JSON");
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
    Strings { lang, entries }
}

/// The strings of `lang`.
pub fn strings(lang: Lang) -> &'static Strings {
    static ALL: LazyLock<[Strings; 5]> = LazyLock::new(|| Lang::ALL.map(parse));
    let index = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    &ALL[index]
}

impl Strings {
    pub fn lang(&self) -> Lang {
        self.lang
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
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "the game screens of the terminal client use it")
    )]
    pub fn plural(&self, key: &str, count: u64, args: &[(&str, &dyn fmt::Display)]) -> String {
        let Some(Entry::Plural(forms)) = self.entries.get(key) else {
            return key.to_owned();
        };
        let form = forms
            .get(self.lang.plural_category(count))
            .or_else(|| forms.get("other"))
            .map_or(key, String::as_str);
        let mut all: Vec<(&str, &dyn fmt::Display)> = vec![("count", &count)];
        all.extend_from_slice(args);
        fill(form, &all)
    }
}

fn fill(template: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
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
        let base = strings(Lang::En);
        assert!(!base.entries.is_empty());
        for lang in Lang::ALL {
            let s = strings(lang);
            assert_eq!(s.lang(), lang);
            assert_eq!(s.entries.len(), base.entries.len(), "{lang:?}");
            for key in base.entries.keys() {
                assert!(s.entries.contains_key(key), "{lang:?} lacks {key}");
            }
        }
    }

    #[test]
    fn chess_terms() {
        let knight = Lang::ALL.map(|l| strings(l).text("piece.knight"));
        assert_eq!(knight, ["Knight", "פרש", "Springer", "Skoczek", "Кон"]);
    }

    #[test]
    fn placeholders_are_filled() {
        let nb = strings(Lang::Nb);
        assert_eq!(
            nb.format(
                "a11y.square_piece",
                &[("square", &"e4"), ("piece", &"hvit springer")]
            ),
            "e4, hvit springer"
        );
        let he = strings(Lang::He);
        assert_eq!(
            he.format("game.last_move", &[("move", &"O-O-O")]),
            "המסע האחרון: \u{2066}O-O-O\u{2069}"
        );
    }

    #[test]
    fn plurals_follow_cldr() {
        let pl = strings(Lang::Pl);
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
        let he = strings(Lang::He);
        assert_eq!(he.plural("time.minutes", 2, &[]), "שתי דקות");
        assert_eq!(he.plural("time.minutes", 20, &[]), "20 דקות");
        assert_eq!(
            strings(Lang::Bg).plural("time.seconds", 1, &[]),
            "1 секунда"
        );
        assert_eq!(
            strings(Lang::En).plural("time.seconds", 0, &[]),
            "0 seconds"
        );
    }

    #[test]
    fn language_from_locale_and_environment() {
        assert_eq!(Lang::from_locale("nb_NO.UTF-8"), Some(Lang::Nb));
        assert_eq!(Lang::from_locale("iw_IL"), Some(Lang::He));
        assert_eq!(Lang::from_locale("pl-PL"), Some(Lang::Pl));
        assert_eq!(Lang::from_locale("C"), None);
        let env = |a: Option<&str>, b: Option<&str>, c: Option<&str>| {
            Lang::from_env_values([a, b, c].map(|v| v.map(str::to_owned)))
        };
        assert_eq!(env(None, None, Some("bg_BG.UTF-8")), Lang::Bg);
        assert_eq!(env(Some("he_IL.UTF-8"), None, Some("pl_PL")), Lang::He);
        assert_eq!(env(Some(""), Some("pl_PL"), Some("bg_BG")), Lang::Pl);
        assert_eq!(env(None, None, Some("fr_FR.UTF-8")), Lang::En);
        assert_eq!(env(None, None, None), Lang::En);
        assert_eq!("he".parse::<Lang>(), Ok(Lang::He));
        assert!("xx".parse::<Lang>().is_err());
    }
}
