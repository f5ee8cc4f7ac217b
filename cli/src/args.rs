//! Command-line parsing shared by the sub-commands.

use std::ffi::OsString;
use std::fmt;
use std::str::FromStr;

/// A command line that does not say what the user meant.
#[derive(Debug)]
pub struct ArgError(String);

impl ArgError {
    pub fn usage(message: impl Into<String>) -> ArgError {
        ArgError(message.into())
    }
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<lexopt::Error> for ArgError {
    fn from(e: lexopt::Error) -> ArgError {
        ArgError(e.to_string())
    }
}

pub struct Args(lexopt::Parser);

impl Args {
    pub fn from_iter(args: impl IntoIterator<Item = OsString>) -> Args {
        Args(lexopt::Parser::from_iter(
            std::iter::once(OsString::from("rokada")).chain(args),
        ))
    }

    pub fn next(&mut self) -> Result<Option<lexopt::Arg<'_>>, ArgError> {
        Ok(self.0.next()?)
    }

    pub fn value_string(&mut self) -> Result<String, ArgError> {
        let value = self.0.value()?;
        value
            .into_string()
            .map_err(|v| ArgError(format!("{v:?} is not valid text")))
    }

    pub fn value_parsed<T: FromStr>(&mut self, what: &str) -> Result<T, ArgError>
    where
        T::Err: fmt::Display,
    {
        let value = self.0.value()?;
        Args::parse_value(value, what)
    }

    pub fn parse_value<T: FromStr>(value: OsString, what: &str) -> Result<T, ArgError>
    where
        T::Err: fmt::Display,
    {
        let text = value
            .into_string()
            .map_err(|v| ArgError(format!("{what}: {v:?} is not valid text")))?;
        text.parse()
            .map_err(|e| ArgError(format!("{what}: {text:?}: {e}")))
    }

    pub fn unexpected(arg: lexopt::Arg<'_>) -> ArgError {
        ArgError(arg.unexpected().to_string())
    }
}
