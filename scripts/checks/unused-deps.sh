#!/usr/bin/env bash
# No crate of the workspace (nor fuzz/) declares a dependency it does not use: cargo-machete
# reads each crate's sources for every dependency's name, and exits 1 naming the ones it does
# not find. A dependency used in a way it cannot see goes in that crate's
# [package.metadata.cargo-machete] ignored, with the reason in a comment. cargo-machete is
# installed from crates.io when it is missing, once per machine: a debug build (32 s here,
# against 145 s of CPU for a release build), which reads this workspace in 6 s.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v cargo-machete >/dev/null 2>&1 || cargo install --locked --quiet --debug cargo-machete
# --with-metadata: names as cargo resolves them (renamed and hyphenated packages).
cargo machete --with-metadata
