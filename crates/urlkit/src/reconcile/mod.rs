//! Matching two lists of URLs by their comparison keys.
