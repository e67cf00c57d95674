//! The items of a REST response (a JSON array), streamed: the `link`, type and title of each.

use std::fmt;
use std::io::BufRead;
use std::sync::Arc;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::title;
use crate::catalog::{Catalog, Kinds};
use crate::error::{SourceError, SourceErrorKind};
use crate::finding::FindingKind;
use crate::input::{byte_reader, io_error, skip_bom, Tracked};

/// The kind of the items of `/wp/v2/users`: an author archive (`/author/NAME/`) each.
pub(super) const USER_KIND: &str = "user";
use crate::json_value::{json_error, StringOrNot};
use crate::lines::BOM_REMOVED;
use crate::reader::Reader;
use crate::record::{Position, Record, SourceId};

pub(super) fn parse_json(body: &[u8], name: &str) -> Result<Value, SourceError> {
    let body = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body);
    serde_json::from_slice(body).map_err(|e| {
        SourceError::new(SourceErrorKind::JsonSyntax, name, e.to_string())
            .at(e.line() as u64, e.column() as u64)
    })
}

/// Emits the `link` of every item of the array `input` holds, streamed: of each item only
/// `link`, `type`, `taxonomy` and the title (`title` or `name`) are kept (`kind`: the type of items that say none). Returns
/// how many items the array had.
///
/// *Rationale*: a page of a live site may be hundreds of megabytes; building it as a value
/// costs about thirty times that, and a number out of range in a field nobody reads would
/// fail the whole page. The other members are skipped unread.
pub(super) fn stream_items(
    reader: &mut Reader<'_>,
    id: SourceId,
    mut input: Tracked<Box<dyn BufRead>>,
    name: &str,
    kind: Option<&Arc<str>>,
    on_record: &mut dyn FnMut(&mut Catalog, Record),
) -> Result<usize, SourceError> {
    let cap = reader.max_bytes;
    if skip_bom(&mut input).map_err(|e| io_error(&e, name, cap))? {
        reader
            .catalog
            .told(id, FindingKind::BomRemoved, None, BOM_REMOVED);
    }
    let mut kinds = Kinds::default();
    let mut on_item = |i: usize, item: Item| {
        let kind = item
            .kind
            .as_deref()
            .map(|k| kinds.intern(k))
            .or_else(|| kind.cloned());
        match item.link {
            Link::Url(link) => {
                let extra = match item.title {
                    Some(t) if !t.trim().is_empty() => vec![(Arc::from("title"), t)],
                    _ => Vec::new(),
                };
                let record = Record {
                    url: link,
                    source: id,
                    position: Position::Pointer(format!("/{i}/link")),
                    kind,
                    extra,
                };
                on_record(&mut reader.catalog, record);
            }
            other => {
                let what = match other {
                    Link::Absent => "no \"link\" member",
                    Link::Null => "\"link\": null",
                    _ => "a \"link\" that is not a non-empty string",
                };
                reader.catalog.note(
                    id,
                    FindingKind::WpItemWithoutLink,
                    Some(Position::Pointer(format!("/{i}"))),
                    format!("item {i} has {what}; skipped"),
                );
            }
        }
    };
    let mut de = serde_json::Deserializer::from_reader(byte_reader(&mut input));
    let top = de::Deserializer::deserialize_any(
        &mut de,
        Top {
            on_item: &mut on_item,
        },
    )
    .and_then(|top| de.end().map(|()| top));
    drop(de);
    match top {
        Ok(Ok(n)) => Ok(n),
        Ok(Err(detail)) => Err(SourceError::new(
            SourceErrorKind::WpNotAnArray,
            name,
            format!("expected a JSON array of items with \"link\"; {detail}"),
        )),
        Err(e) => Err(json_error(&e, name, cap, input.consumed())),
    }
}

/// What an item's `link` is.
enum Link {
    Absent,
    Null,
    Url(String),
    Other,
}

/// The members of an item that are used.
struct Item {
    link: Link,
    kind: Option<String>,
    /// A post's `title.rendered` or a term's `name`, as plain text.
    title: Option<String>,
}

/// The top of a response: an array of items (their count), or why it is not one.
struct Top<'a, 'f> {
    on_item: &'a mut (dyn FnMut(usize, Item) + 'f),
}

impl<'de> Visitor<'de> for Top<'_, '_> {
    type Value = Result<usize, String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON array of items")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut i = 0;
        while let Some(item) = seq.next_element_seed(ItemSeed)? {
            (self.on_item)(i, item);
            i += 1;
        }
        Ok(Ok(i))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let (mut code, mut message) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "code" => code = map.next_value_seed(StringOrNot)?,
                "message" => message = map.next_value_seed(StringOrNot)?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(Err(match (code, message) {
            (Some(c), Some(m)) => format!("it is a WordPress error response: {c}: {m}"),
            _ => "it is an object".to_owned(),
        }))
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
        Ok(Err("it is a string".into()))
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(Err("it is a boolean".into()))
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok(Err("it is a number".into()))
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok(Err("it is a number".into()))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(Err("it is a number".into()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Err("it is null".into()))
    }
}

/// One item of the array: an object whose `link`, `type` and `taxonomy` are read (anything
/// else is an item without a link).
struct ItemSeed;

impl<'de> DeserializeSeed<'de> for ItemSeed {
    type Value = Item;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Item, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ItemSeed {
    type Value = Item;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an item")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Item, A::Error> {
        let mut item = no_item();
        let mut taxonomy = None;
        let mut avatar = false;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "link" => {
                    item.link = match map.next_value_seed(LinkSeed)? {
                        Link::Url(u) if u.is_empty() => Link::Other,
                        link => link,
                    }
                }
                "type" => item.kind = map.next_value_seed(StringOrNot)?,
                "taxonomy" => taxonomy = map.next_value_seed(StringOrNot)?,
                // Only `/wp/v2/users` items have avatars: a saved user list is typed `user`,
                // as the live reader types it.
                "avatar_urls" => {
                    avatar = true;
                    map.next_value::<IgnoredAny>()?;
                }
                "title" | "name" => {
                    let title = map.next_value_seed(title::TitleSeed)?;
                    // A post's `title` wins over a `name`, whatever their order.
                    if key == "title" || item.title.is_none() {
                        item.title = title.map(|t| title::plain_text(&t));
                    }
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        // `type` wins over `taxonomy`, whatever their order.
        item.kind = item
            .kind
            .or(taxonomy)
            .or_else(|| avatar.then(|| USER_KIND.to_owned()));
        Ok(item)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Item, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(no_item())
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Item, E> {
        Ok(no_item())
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Item, E> {
        Ok(no_item())
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Item, E> {
        Ok(no_item())
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Item, E> {
        Ok(no_item())
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Item, E> {
        Ok(no_item())
    }

    fn visit_unit<E: de::Error>(self) -> Result<Item, E> {
        Ok(no_item())
    }
}

fn no_item() -> Item {
    Item {
        link: Link::Absent,
        kind: None,
        title: None,
    }
}

/// An item's `link`.
struct LinkSeed;

impl<'de> DeserializeSeed<'de> for LinkSeed {
    type Value = Link;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Link, D::Error> {
        match d.deserialize_option(OptionalLink)? {
            Some(link) => Ok(link),
            None => Ok(Link::Null),
        }
    }
}

/// `null`, or a value that is a link when it is a string.
struct OptionalLink;

impl<'de> Visitor<'de> for OptionalLink {
    type Value = Option<Link>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a link")
    }

    fn visit_none<E: de::Error>(self) -> Result<Option<Link>, E> {
        Ok(None)
    }

    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Option<Link>, D::Error> {
        Ok(Some(match StringOrNot.deserialize(d)? {
            Some(url) => Link::Url(url),
            None => Link::Other,
        }))
    }
}
