//! The WordPress REST API (<https://developer.wordpress.org/rest-api/>): saved responses (a
//! file, or a folder of them) and live sites.

use crate::error::{SourceError, SourceErrorKind};
use crate::input::{open, Opened};
use crate::reader::Reader;
use crate::record::Record;
use crate::spec::{Format, Location};

mod items;
mod live;
mod title;

use items::stream_items;

/// Reads a WordPress source: a live site (by its URL), a folder of saved responses (its
/// `.json` files in name order), or one saved response.
pub(crate) fn read(
    reader: &mut Reader<'_>,
    location: &Location,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    match location {
        Location::Url(base) => live::read_live(reader, base, sink),
        Location::File(dir) if dir.is_dir() => {
            let mut files: Vec<_> = std::fs::read_dir(dir)
                .map_err(|e| {
                    SourceError::new(
                        SourceErrorKind::Io,
                        location.name(),
                        format!("cannot list: {e}"),
                    )
                })?
                .map(|e| e.map(|e| e.path()))
                .filter(|p| {
                    p.as_ref().map_or(true, |p| {
                        p.extension()
                            .is_some_and(|x| x.eq_ignore_ascii_case("json"))
                    })
                })
                .collect::<Result<_, _>>()
                .map_err(|e| {
                    SourceError::new(
                        SourceErrorKind::Io,
                        location.name(),
                        format!("cannot list: {e}"),
                    )
                })?;
            files.sort();
            if files.is_empty() {
                return Err(SourceError::new(
                    SourceErrorKind::WpEmptyFolder,
                    location.name(),
                    "no .json files in this folder",
                ));
            }
            for file in files {
                let location = Location::File(file);
                let opened = open(&location, reader.fetcher, reader.max_bytes)?;
                read_saved(reader, &location, opened, sink)?;
            }
            Ok(())
        }
        _ => {
            let opened = open(location, reader.fetcher, reader.max_bytes)?;
            read_saved(reader, location, opened, sink)
        }
    }
}

/// Reads one saved REST response: a JSON array of objects with `link`.
pub(crate) fn read_saved(
    reader: &mut Reader<'_>,
    location: &Location,
    opened: Opened,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let name = location.name();
    let id = reader.add_source(&name, Format::WordPress);
    stream_items(reader, id, opened.input, &name, None, &mut |catalog, r| {
        catalog.emit(sink, r);
    })?;
    Ok(())
}
