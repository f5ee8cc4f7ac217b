//! Colours in save files and JSON are the words "white" and "black".

use serde::{Deserialize, Deserializer, Serializer};
use shakmaty::Color;

pub fn serialize<S: Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&color.to_string())
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
    let name = String::deserialize(d)?;
    name.parse()
        .map_err(|_| serde::de::Error::custom(format!("unknown colour {name:?}")))
}

pub mod option {
    use super::*;

    pub fn serialize<S: Serializer>(color: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        match color {
            Some(c) => s.serialize_some(&c.to_string()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
        let name: Option<String> = Option::deserialize(d)?;
        name.map(|n| {
            n.parse()
                .map_err(|_| serde::de::Error::custom(format!("unknown colour {n:?}")))
        })
        .transpose()
    }
}
