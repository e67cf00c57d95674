#!/usr/bin/env bash
# Builds the release binary of `urlkit` for one target exactly as .github/workflows/release.yml
# does, and packs it beside its SHA-256:
#   DIST/urlkit-VERSION-TARGET.tar.gz (.zip for Windows) and DIST/urlkit-VERSION-TARGET.*.sha256
# Usage: scripts/release/build-cli.sh TARGET [DIST]   (DIST: target/dist by default)
#
# Linux targets are musl and fully static: `cargo zigbuild` (cargo-zigbuild, with zig from the
# ziglang package of PyPI) gives ada's C++ (the WHATWG parser of the library) a C++ compiler
# and libc++ for musl, linked statically (CXXSTDLIB=c++). Other targets build with their own
# toolchain (Xcode's clang, MSVC with a static CRT). scripts/checks/release.sh runs this for
# x86_64-unknown-linux-musl in CI.
set -euo pipefail
cd "$(dirname "$0")/../.."

target="${1:?usage: build-cli.sh TARGET [DIST]}"
dist="${2:-target/dist}"
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
name="urlkit-$version-$target"

case "$target" in
  *-linux-musl)
    command -v cargo-zigbuild >/dev/null 2>&1 || {
      echo "build-cli.sh: $target needs cargo-zigbuild and zig (pip install cargo-zigbuild ziglang)" >&2
      exit 2
    }
    CXXSTDLIB=c++ cargo zigbuild --release --locked -p urlkit-cli --target "$target"
    ;;
  *-windows-msvc)
    RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+crt-static" \
      cargo build --release --locked -p urlkit-cli --target "$target"
    ;;
  *)
    cargo build --release --locked -p urlkit-cli --target "$target"
    ;;
esac

out="${CARGO_TARGET_DIR:-target}/$target/release"
mkdir -p "$dist"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
cp README.md docs/install.md "$stage/$name/"
case "$target" in
  *-windows-*)
    cp "$out/urlkit.exe" "$stage/$name/"
    archive="$name.zip"
    rm -f "$dist/$archive"
    # The runners' bash on Windows has 7z; elsewhere zip.
    if command -v 7z >/dev/null 2>&1; then
      (cd "$stage" && 7z a -tzip -bd "$archive" "$name" >/dev/null)
    else
      (cd "$stage" && zip -qr "$archive" "$name")
    fi
    ;;
  *)
    cp "$out/urlkit" "$stage/$name/"
    archive="$name.tar.gz"
    tar -C "$stage" -czf "$stage/$archive" "$name"
    ;;
esac
mv "$stage/$archive" "$dist/"
# The checksum line names the file alone, so that `sha256sum -c` works in the folder it is in.
(cd "$dist" && if command -v sha256sum >/dev/null 2>&1; then sha256sum "$archive"; else shasum -a 256 "$archive"; fi) > "$dist/$archive.sha256"
echo "$dist/$archive"
