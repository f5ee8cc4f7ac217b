//! The terminal client's language: the one asked for, or the system's.

use rokada_core::text::Language;

/// The language of the system locale: the first of `LC_ALL`, `LC_MESSAGES`
/// and `LANG` that is set decides, as POSIX orders them; English when it
/// names no language of the app.
pub fn from_env() -> Language {
    from_env_values(["LC_ALL", "LC_MESSAGES", "LANG"].map(|k| std::env::var(k).ok()))
}

fn from_env_values(values: [Option<String>; 3]) -> Language {
    values
        .into_iter()
        .flatten()
        .find(|v| !v.is_empty())
        .and_then(|v| Language::from_locale(&v))
        .unwrap_or(Language::English)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_from_the_environment() {
        let env = |a: Option<&str>, b: Option<&str>, c: Option<&str>| {
            from_env_values([a, b, c].map(|v| v.map(str::to_owned)))
        };
        assert_eq!(env(None, None, Some("bg_BG.UTF-8")), Language::Bulgarian);
        assert_eq!(
            env(Some("he_IL.UTF-8"), None, Some("pl_PL")),
            Language::Hebrew
        );
        assert_eq!(
            env(Some(""), Some("pl_PL"), Some("bg_BG")),
            Language::Polish
        );
        assert_eq!(env(None, None, Some("fr_FR.UTF-8")), Language::English);
        assert_eq!(env(None, None, None), Language::English);
    }
}
