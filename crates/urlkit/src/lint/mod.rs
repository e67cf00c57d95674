//! Lint rules for URL encoding mistakes, one file per rule.
