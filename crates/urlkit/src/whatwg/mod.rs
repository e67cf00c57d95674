//! The WHATWG URL view: what browsers and Node see.
