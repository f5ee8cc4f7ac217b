//! Command-line parsing shared by the sub-commands.

use std::ffi::OsString;
use std::fmt;
use std::str::FromStr;

/// A command line that does not say what the user meant, or that could not
/// be carried out.
#[derive(Debug)]
pub struct ArgError {
    message: String,
    usage: bool,
}

impl ArgError {
    pub fn usage(message: impl Into<String>) -> ArgError {
        ArgError {
            message: message.into(),
            usage: true,
        }
    }

    /// A command line that was understood but could not be carried out (a
    /// file that cannot be read, a port in use): the usage would not help.
    pub fn failed(message: impl Into<String>) -> ArgError {
        ArgError {
            message: message.into(),
            usage: false,
        }
    }

    /// Whether the usage may help: the command line was not understood.
    pub fn is_usage(&self) -> bool {
        self.usage
    }
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<lexopt::Error> for ArgError {
    fn from(e: lexopt::Error) -> ArgError {
        ArgError::usage(e.to_string())
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
            .map_err(|v| ArgError::usage(format!("{v:?} is not valid text")))
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
            .map_err(|v| ArgError::usage(format!("{what}: {v:?} is not valid text")))?;
        text.parse()
            .map_err(|e| ArgError::usage(format!("{what}: {text:?}: {e}")))
    }

    pub fn unexpected(arg: lexopt::Arg<'_>) -> ArgError {
        ArgError::usage(arg.unexpected().to_string())
    }
}
