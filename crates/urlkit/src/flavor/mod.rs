//! Other languages' URL encoders and decoders, reproduced byte for byte (`js.encodeURIComponent`, `python.quote`, ...).
