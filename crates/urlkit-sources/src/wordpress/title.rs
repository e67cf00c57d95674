//! An item's title: `title.rendered` of a post (or a plain string `title`), `name` of a term,
//! with the HTML character references WordPress writes into rendered titles resolved.

use std::fmt;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::json_value::StringOrNot;

/// Reads a `title` member: `{"rendered": "..."}`, a string, or anything else (no title).
pub(super) struct TitleSeed;

impl<'de> DeserializeSeed<'de> for TitleSeed {
    type Value = Option<String>;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Option<String>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for TitleSeed {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a title")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Option<String>, E> {
        Ok(Some(v.to_owned()))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<String>, A::Error> {
        let mut rendered = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "rendered" {
                rendered = map.next_value_seed(StringOrNot)?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(rendered)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<String>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
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
}

/// The text of a rendered title: numeric character references (`&#8217;`, `&#x2019;`) and the
/// five XML entities resolved, as WordPress's `wptexturize` writes them; any other `&` is
/// kept as it is (HTML Standard, 13.2.5.72 "Character reference state":
/// <https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state>).
///
/// *Rationale*: a title is shown beside its URL in a report, where `&#8211;` would be noise;
/// the full table of named references is not needed for what WordPress writes.
pub(super) fn plain_text(rendered: &str) -> String {
    let mut out = String::with_capacity(rendered.len());
    let mut rest = rendered;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        match reference(rest) {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The character `text` (starting at `&`) refers to, and the reference's length.
fn reference(text: &str) -> Option<(char, usize)> {
    let end = text.get(1..)?.find(';')? + 1;
    let body = &text[1..end];
    let c = match body {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        _ => {
            let digits = body.strip_prefix('#')?;
            let n = match digits.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => digits.parse().ok()?,
            };
            // A reference to a control character or a surrogate stays as written.
            char::from_u32(n).filter(|c| !c.is_control())?
        }
    };
    Some((c, end + 1))
}

#[cfg(test)]
mod tests {
    use super::plain_text;

    #[test]
    fn references_that_wordpress_writes_are_resolved() {
        assert_eq!(
            plain_text("Tom &amp; Jerry&#8217;s"),
            "Tom & Jerry\u{2019}s"
        );
        assert_eq!(plain_text("a &#x2013; b"), "a \u{2013} b");
        assert_eq!(plain_text("R&D &nbsp; &#0; &"), "R&D &nbsp; &#0; &");
    }
}
