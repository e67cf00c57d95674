//! Normalization steps, the levels of the comparison ladder, and the comparison key.
