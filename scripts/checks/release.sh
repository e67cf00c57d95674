#!/usr/bin/env bash
# What of .github/workflows/release.yml can run here does (scripts/checks/workflows.sh lints
# the workflow itself): the Linux x86_64 release binary is built by
# scripts/release/build-cli.sh exactly as the workflow builds it (x86_64-unknown-linux-musl
# with cargo-zigbuild, and zig from PyPI's ziglang as ada's C++ compiler: static, libc++
# included), checked static, its archive and checksum checked, and the examples of the README
# and docs/ run against it (crates/urlkit-cli/tests/readme.rs with URLKIT_BIN).
# rustup installs the musl target's standard library when it is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."

log() { printf 'release.sh: %s\n' "$*"; }

# zig and cargo-zigbuild in the checks venv, the versions the workflow pins.
. scripts/checks/lib/checks-venv.sh
zig_version="$(sed -n 's/^  ZIGLANG_VERSION: "\(.*\)"$/\1/p' .github/workflows/release.yml)"
zigbuild_version="$(sed -n 's/^  CARGO_ZIGBUILD_VERSION: "\(.*\)"$/\1/p' .github/workflows/release.yml)"
"$CHECKS_VENV/bin/pip" install -q --disable-pip-version-check \
  "ziglang==$zig_version" "cargo-zigbuild==$zigbuild_version"
export PATH="$PWD/$CHECKS_VENV/bin:$PATH"

target=x86_64-unknown-linux-musl
rustup target list --installed | grep -qx "$target" || rustup target add "$target"
archive="$(bash scripts/release/build-cli.sh "$target" target/dist | tail -n 1)"
bin="${CARGO_TARGET_DIR:-$PWD/target}/$target/release/urlkit"
log "built $archive; the binary is $(stat -c %s "$bin") bytes (as built, not stripped)"

# Static: no program interpreter, no shared library asked for.
headers="$(readelf -lW "$bin")"
needed="$(readelf -dW "$bin" | grep '(NEEDED)' || true)"
if grep -q 'INTERP' <<<"$headers" || [ -n "$needed" ]; then
  log "$bin is not static: ${needed:-it asks for a program interpreter}" >&2
  exit 1
fi
(cd "$(dirname "$archive")" && sha256sum -c --quiet "$(basename "$archive").sha256")
listing="$(tar -tzf "$archive")"
grep -qx "urlkit-[^/]*-$target/urlkit" <<<"$listing" \
  || { log "$archive holds no urlkit: $listing" >&2; exit 1; }
"$bin" --version
# The examples of the README and docs/ against the release binary.
URLKIT_BIN="$bin" cargo test -q --locked -p urlkit-cli --test readme
log "static $target binary: archive, checksum and every documented example checked"
