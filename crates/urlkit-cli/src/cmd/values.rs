//! Option values through clap's value machinery: the names are clap's possible values, so a
//! typo gets clap's "did you mean", `--help` lists them, and shell completion offers them
//! instead of file names. Flavors also answer to the bare function name a web developer types
//! (`encodeURIComponent`, `QueryEscape`) when only one flavor has it.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
use urlkit::codec::sets::NamedSet;
use urlkit::flavor::{Direction, Flavor};
use urlkit::normalize::{Level, LooseRule};

/// A value with a stable name.
pub trait Named: Copy + Send + Sync + 'static {
    /// Every value, in the order `--help` lists them.
    fn all() -> &'static [Self];
    /// The value's name on the command line.
    fn name(&self) -> &'static str;
}

impl Named for Level {
    fn all() -> &'static [Self] {
        &Level::ALL
    }
    fn name(&self) -> &'static str {
        Level::name(*self)
    }
}

impl Named for LooseRule {
    fn all() -> &'static [Self] {
        &LooseRule::ALL
    }
    fn name(&self) -> &'static str {
        LooseRule::name(*self)
    }
}

impl Named for NamedSet {
    fn all() -> &'static [Self] {
        &NamedSet::ALL
    }
    fn name(&self) -> &'static str {
        NamedSet::name(*self)
    }
}

/// The parser of a [`Named`] value.
#[derive(Clone, Copy, Debug)]
pub struct NamedParser<T>(std::marker::PhantomData<T>);

/// The parser for `T`'s names (`value_parser = named::<Level>()`).
pub fn named<T: Named>() -> NamedParser<T> {
    NamedParser(std::marker::PhantomData)
}

fn possible<T: Named>() -> Vec<PossibleValue> {
    T::all()
        .iter()
        .map(|v| PossibleValue::new(v.name()))
        .collect()
}

impl<T: Named> TypedValueParser for NamedParser<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        if let Some(v) = T::all().iter().find(|v| OsStr::new(v.name()) == value) {
            return Ok(*v);
        }
        // clap's own message: the possible values and the closest one.
        PossibleValuesParser::new(possible::<T>())
            .parse_ref(cmd, arg, value)
            .and_then(|_| Err(clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd)))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(possible::<T>().into_iter()))
    }
}

/// The parser of `--as FLAVOR` for one direction.
#[derive(Clone, Copy, Debug)]
pub struct FlavorParser(pub Direction);

impl FlavorParser {
    fn flavors(&self) -> impl Iterator<Item = Flavor> + '_ {
        Flavor::ALL
            .iter()
            .copied()
            .filter(move |f| f.direction() == self.0)
    }
}

/// The bare names a flavor answers to: every tail after a `.` (`ruby.CGI.escape`: `CGI.escape`,
/// `escape`).
fn tails(name: &str) -> impl Iterator<Item = &str> {
    name.match_indices('.').map(move |(i, _)| &name[i + 1..])
}

fn invalid(cmd: &clap::Command, arg: Option<&clap::Arg>, value: &str, why: &str) -> clap::Error {
    let arg = arg.map_or("--as <FLAVOR>".to_owned(), ToString::to_string);
    let mut cmd = cmd.clone();
    cmd.error(
        ErrorKind::InvalidValue,
        format!("invalid value '{value}' for '{arg}': {why}"),
    )
}

impl TypedValueParser for FlavorParser {
    type Value = Flavor;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Flavor, clap::Error> {
        let text = value.to_string_lossy();
        let names = || {
            self.flavors()
                .map(|f| f.name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if let Some(f) = Flavor::from_name(&text) {
            if f.direction() == self.0 {
                return Ok(f);
            }
            let (is, use_, these) = match f.direction() {
                Direction::Encode => ("an encoder", "urlkit encode --as", "decoders"),
                Direction::Decode => ("a decoder", "urlkit decode --as", "encoders"),
            };
            let why = format!(
                "{} is {is} (use `{use_}`); the {these} are: {}",
                f.name(),
                names()
            );
            return Err(invalid(cmd, arg, &text, &why));
        }
        let by_tail: Vec<Flavor> = self
            .flavors()
            .filter(|f| tails(f.name()).any(|t| t.eq_ignore_ascii_case(&text)))
            .collect();
        match by_tail.as_slice() {
            [one] => {
                // Said, not silently guessed.
                crate::diag::note(
                    &crate::style::detect(crate::style::ColorChoice::Auto, true),
                    format_args!("--as {text} is read as {}", one.name()),
                );
                Ok(*one)
            }
            [] => {
                let possible = self.flavors().map(|f| PossibleValue::new(f.name()));
                PossibleValuesParser::new(possible)
                    .parse_ref(cmd, arg, value)
                    .and_then(|_| Err(invalid(cmd, arg, &text, "unknown flavor")))
            }
            several => {
                let list: Vec<&str> = several.iter().map(|f| f.name()).collect();
                let why = format!("ambiguous: did you mean {}?", list.join(" or "));
                Err(invalid(cmd, arg, &text, &why))
            }
        }
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            self.flavors().map(|f| PossibleValue::new(f.name())),
        ))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn tails_are_every_suffix_after_a_dot() {
        let t: Vec<&str> = super::tails("ruby.CGI.escape").collect();
        assert_eq!(t, ["CGI.escape", "escape"]);
        let t: Vec<&str> = super::tails("js.encodeURIComponent").collect();
        assert_eq!(t, ["encodeURIComponent"]);
    }
}
