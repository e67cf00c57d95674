//! What the JSON readers (JSON documents, WordPress responses) share: a value kept only when
//! it is a string, and JSON errors located in the source.

use std::fmt;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::error::{SourceError, SourceErrorKind};
use crate::input::io_error;

/// The message of a JSON error without the "at line L column C" that ends it.
pub(crate) fn without_location(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rsplit_once(" at line ") {
        Some((message, _)) => message.to_owned(),
        None => text,
    }
}

/// A JSON error while streaming a document (`consumed` bytes of it read): the cap, a read
/// error, or the syntax, located.
pub(crate) fn json_error(
    e: &serde_json::Error,
    name: &str,
    cap: u64,
    consumed: u64,
) -> SourceError {
    if let Some(kind) = e.io_error_kind() {
        // serde_json keeps only the kind of a read error: the cap is known by the count.
        let io = if consumed >= cap {
            std::io::Error::other(crate::input::CapExceeded(cap))
        } else {
            std::io::Error::new(kind, e.to_string())
        };
        return io_error(&io, name, cap);
    }
    SourceError::new(SourceErrorKind::JsonSyntax, name, e.to_string())
        .at(e.line() as u64, e.column() as u64)
}

/// A value that is kept when it is a string and skipped otherwise.
pub(crate) struct StringOrNot;

impl<'de> DeserializeSeed<'de> for StringOrNot {
    type Value = Option<String>;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Option<String>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for StringOrNot {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Option<String>, E> {
        Ok(Some(s.to_owned()))
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<Option<String>, E> {
        Ok(Some(s))
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Option<String>, E> {
        Ok(None)
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Option<String>, E> {
        Ok(None)
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Option<String>, E> {
        Ok(None)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Option<String>, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<String>, E> {
        Ok(None)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<String>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<String>, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(None)
    }
}
