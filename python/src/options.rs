//! Names from Python (levels, loose switches, forms, modes) read with the library's own name
//! tables, so a name means here what it means on the command line.

use pyo3::prelude::*;
use urlkit::normalize::{Form, Level, LooseRule, Options};

use crate::errors::unknown;

/// `level=` and the loose switches as library options.
pub fn level_options(level: &str, loose_off: &[String], loose_on: &[String]) -> PyResult<Options> {
    let level = Level::from_name(level).ok_or_else(|| {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        unknown("level", level, &names)
    })?;
    let mut options = Options::new(level);
    for name in loose_off {
        options = options.loose_off(loose_rule(name)?);
    }
    for name in loose_on {
        options = options.loose_on(loose_rule(name)?);
    }
    Ok(options)
}

fn loose_rule(name: &str) -> PyResult<LooseRule> {
    LooseRule::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = LooseRule::ALL.iter().map(|r| r.name()).collect();
        unknown("loose switch", name, &names)
    })
}

/// `to="uri"` or `to="iri"`.
pub fn form(name: &str) -> PyResult<Form> {
    match name {
        "uri" => Ok(Form::Uri),
        "iri" => Ok(Form::Iri),
        other => Err(unknown("form", other, &["uri", "iri"])),
    }
}
