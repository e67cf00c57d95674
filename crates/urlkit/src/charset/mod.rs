//! Legacy charsets (Shift_JIS, EUC-JP, ...) for query encoding overrides and lint.
