#!/usr/bin/env bash
# Builds the page without a server (issue 32) into target/site/: index.html, its assets, the
# WebAssembly module (urlkit.wasm) and the same module embedded in a script (urlkit-wasm.js),
# so that the site opens from any static host and from file:// (where a browser refuses to
# fetch the .wasm), and asks no other host for anything.
#
# The toolchain is Debian's: rustc-web and cargo-web (Rust 1.96) with rust-web-src, whose
# standard library is built from source for wasm32-unknown-unknown (-Zbuild-std), lld-19's
# wasm-ld, and for ada's C++ clang-19 with wasi-libc and libc++ for WASI, laid out below as
# the WASI SDK that ada-url's build script expects. It installs what is missing.
#
# Environment: SITE_DIR (default target/site), WASM_TARGET_DIR (default target/wasm).
# docs/wasm.md says which allocator the module's C uses, and what the build costs.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

log() { printf '==> %s\n' "$*" >&2; }

# --- 1. the toolchain ----------------------------------------------------------------------
packages=(rustc-web cargo-web rust-web-src lld-19 clang-19 wasi-libc
  libc++-19-dev-wasm32 libc++abi-19-dev-wasm32 libclang-rt-19-dev-wasm32)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v gzip >/dev/null 2>&1 || missing+=(gzip)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >&2
fi

# Debian's web toolchain, by path: rustup's cargo and rustc come first on PATH and have no
# standard library source.
CARGO_WEB=/usr/bin/cargo
export RUSTC=/usr/bin/rustc
"$RUSTC" --version | grep -q '^rustc 1\.9[6-9]' || {
  echo "build-site: $RUSTC is $("$RUSTC" --version), not rustc-web 1.96 or later" >&2
  exit 2
}

target_dir="${WASM_TARGET_DIR:-$root/target/wasm}"
site="${SITE_DIR:-$root/target/site}"

# ada-url's build script compiles ada with "$WASI_SDK/bin/clang++" and links libc and libc++
# from "$WASI_SDK/share/wasi-sysroot/lib/wasm32-wasip1": Debian's files, in that layout.
sdk="$target_dir/wasi-sdk"
mkdir -p "$sdk/bin" "$sdk/share/wasi-sysroot/lib"
ln -sfn /usr/include/wasm32-wasi "$sdk/share/wasi-sysroot/include"
ln -sfn /usr/lib/wasm32-wasi "$sdk/share/wasi-sysroot/lib/wasm32-wasip1"
for tool in clang clang++; do
  printf '#!/bin/sh\nexec %s-19 --sysroot="%s/share/wasi-sysroot" "$@"\n' "$tool" "$sdk" >"$sdk/bin/$tool"
  chmod +x "$sdk/bin/$tool"
done
export WASI_SDK="$sdk"
export AR_wasm32_unknown_unknown=llvm-ar-19
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-19
# tree-sitter's C and the grammars' (the Scan panel) are compiled by the cc crate for this
# target with clang-19, against the C headers that the tree-sitter-language crate ships for
# wasm32-unknown-unknown (its wasm/include), located through cargo's own metadata.
export CC_wasm32_unknown_unknown=clang-19
tsl=$("$CARGO_WEB" metadata --locked --format-version 1 | node -e '
  const m = JSON.parse(require("fs").readFileSync(0, "utf8"));
  const p = m.packages.find((p) => p.name === "tree-sitter-language");
  if (!p) { console.error("build-site: no tree-sitter-language in cargo metadata"); process.exit(1); }
  console.log(require("path").dirname(p.manifest_path));
')
[ -d "$tsl/wasm/include" ] || { echo "build-site: $tsl has no wasm/include" >&2; exit 2; }
export CFLAGS_wasm32_unknown_unknown="-I$tsl/wasm/include"
# The standard library is built from rust-web-src: a nightly feature of this stable cargo.
export RUSTC_BOOTSTRAP=1

# --- 2. the module -------------------------------------------------------------------------
log "building crates/urlkit-wasm for wasm32-unknown-unknown (profile site)"
start=$(date +%s)
"$CARGO_WEB" build --locked --quiet -p urlkit-wasm --profile site \
  --target wasm32-unknown-unknown --target-dir "$target_dir" \
  -Zbuild-std=std,panic_abort -Zbuild-std-features=
log "module built in $(($(date +%s) - start)) s"
wasm="$target_dir/wasm32-unknown-unknown/site/urlkit_wasm.wasm"

# The module stands alone: no import, so no host function can be asked for anything.
node -e '
  const m = new WebAssembly.Module(require("fs").readFileSync(process.argv[1]));
  const imports = WebAssembly.Module.imports(m);
  if (imports.length) { console.error("build-site: the module imports", imports); process.exit(1); }
' "$wasm"

# --- 3. the site ---------------------------------------------------------------------------
rm -rf "$site"
mkdir -p "$site"
assets=crates/urlkit-web/assets
cp "$assets/app.js" "$assets/style.css" "$assets/favicon.svg" "$site/"
cp crates/urlkit-wasm/js/urlkit.js "$site/"
cp "$wasm" "$site/urlkit.wasm"
{
  printf '// urlkit.wasm, embedded: a page opened from file:// may not fetch it.\n'
  printf 'globalThis.URLKIT_WASM_BASE64 = "'
  base64 -w0 "$wasm"
  printf '";\n'
} >"$site/urlkit-wasm.js"
# The same page as `urlkit serve`'s, with the module and its glue loaded before app.js, and
# the icon inline (a data: URL): the browser asks for the icon again whenever the page's
# address changes (each permalink), which fails once the network is cut.
node -e '
  const fs = require("fs");
  const [src, icon, dst] = process.argv.slice(1);
  let page = fs.readFileSync(src, "utf8");
  const at = "<script src=\"app.js\" defer></script>";
  const link = "<link rel=\"icon\" href=\"favicon.svg\"";
  for (const want of [at, link]) {
    if (!page.includes(want)) { console.error("build-site: index.html has no", want); process.exit(1); }
  }
  const glue = "<script src=\"urlkit-wasm.js\" defer></script>\n<script src=\"urlkit.js\" defer></script>\n";
  const data = "data:image/svg+xml;base64," + fs.readFileSync(icon).toString("base64");
  page = page.replace(at, glue + at).replace(link, "<link rel=\"icon\" href=\"" + data + "\"");
  fs.writeFileSync(dst, page);
' "$assets/index.html" "$assets/favicon.svg" "$site/index.html"

# --- 4. the size budget --------------------------------------------------------------------
raw=$(stat -c %s "$wasm")
gz=$(gzip -9c "$wasm" | wc -c)
budget=$((3 * 1024 * 1024))
log "urlkit.wasm: $raw bytes, $gz bytes gzipped (budget $budget)"
if [ "$gz" -gt "$budget" ]; then
  echo "build-site: urlkit.wasm is $gz bytes gzipped, over the 3 MiB budget" >&2
  exit 1
fi
echo "$site"
