//! Path segments: each one encoded once with RFC 3986 `pchar` (so `/` is data), dot segments
//! refused.

use super::error::{BuildError, BuildErrorKind};
use crate::codec::{sets, Encoder};
use crate::uri::Component;

/// The path segment encoder: everything but `pchar` is encoded, so `/`, `?`, `#` and `%` in
/// a value are data (`2026/10/report.pdf` -> `2026%2F10%2Freport.pdf`).
pub(crate) const SEGMENT: Encoder = Encoder::new(sets::PCHAR);

/// Refuses `.` and `..`.
pub(crate) fn check_segment(value: &str) -> Result<(), BuildError> {
    if value == "." || value == ".." {
        return Err(BuildError::at(
            BuildErrorKind::DotSegment,
            Component::Path,
            0,
        ));
    }
    Ok(())
}

/// Encodes one segment, refusing `.` and `..`.
pub(crate) fn encode_segment(value: &str, out: &mut String) -> Result<(), BuildError> {
    check_segment(value)?;
    SEGMENT.encode_str_into(value, out);
    Ok(())
}

/// Appends a segment to an encoded path: after its last `/` when it ends with one (that
/// empty last segment is the slot), else after a new `/`.
pub(crate) fn append_segment(path: &mut String, value: &str) -> Result<(), BuildError> {
    let mut seg = String::new();
    encode_segment(value, &mut seg)?;
    if !path.ends_with('/') {
        path.push('/');
    }
    path.push_str(&seg);
    Ok(())
}

/// The path of the segments, each encoded: `/a/b`, or empty for no segment.
pub(crate) fn path_of<'a, I>(segments: I) -> Result<String, BuildError>
where
    I: IntoIterator<Item = &'a str>,
{
    let mut path = String::new();
    for s in segments {
        path.push('/');
        encode_segment(s, &mut path)?;
    }
    Ok(path)
}
