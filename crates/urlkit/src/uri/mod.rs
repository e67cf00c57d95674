//! RFC 3986 / RFC 3987 URI and IRI references: parsing into components, reference resolution, `remove_dot_segments`, recomposition.
